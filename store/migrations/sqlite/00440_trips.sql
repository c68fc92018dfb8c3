-- Trips: a saved fuel plan tied to a card, its plan versions
-- and the purchases made on it.
--
-- A trip's route is its points as JSON ([[lat, lon], …]); quantities are
-- thousandths (gallons, miles), prices per gallon tenths of a cent, money
-- cents, as in card_transactions. At most one trip per card is ACTIVE.
-- Each plan version is kept: version 1 is the plan the trip was created
-- with; start_index is the route point the version plans from.
-- trip_transactions links each purchase on a card with an active trip to
-- that trip: on_plan, the plan's price for its gallons when it was made,
-- and the missed savings (cents its fuel cost above that price), written
-- once so that compliance sums are sums of stored cents.
--
-- The trip lock's decline codes (NOT_PLANNED_STOP, OVER_PLANNED_GALLONS)
-- are in card_transactions.decline_code's list since 00430.

-- +goose Up
CREATE TABLE trips (
    id                   INTEGER PRIMARY KEY,
    company_id           INTEGER NOT NULL REFERENCES companies (id),
    card_id              INTEGER NOT NULL REFERENCES cards (id),
    status               TEXT NOT NULL CHECK (status IN ('ACTIVE', 'COMPLETED', 'CANCELLED')),
    lock_card            INTEGER NOT NULL CHECK (lock_card IN (0, 1)),
    origin_name          TEXT NOT NULL DEFAULT '',
    destination_name     TEXT NOT NULL DEFAULT '',
    tank_gallons_milli   INTEGER NOT NULL CHECK (tank_gallons_milli > 0),
    current_fuel_milli   INTEGER NOT NULL CHECK (current_fuel_milli >= 0),
    search_radius_milli  INTEGER NOT NULL CHECK (search_radius_milli > 0),
    min_gallons_milli    INTEGER NOT NULL CHECK (min_gallons_milli > 0),
    route                TEXT NOT NULL,
    plan_version         INTEGER NOT NULL DEFAULT 0,
    created_at           TIMESTAMP NOT NULL,
    updated_at           TIMESTAMP NOT NULL
);
-- Lists by company or card, newest first, optionally by status; compliance by creation date.
CREATE INDEX trips_company_status ON trips (company_id, status, id);
CREATE INDEX trips_card_status ON trips (card_id, status, id);
CREATE INDEX trips_company_created ON trips (company_id, created_at);
CREATE UNIQUE INDEX trips_card_active ON trips (card_id) WHERE status = 'ACTIVE';

CREATE TABLE trip_plans (
    trip_id              INTEGER NOT NULL REFERENCES trips (id),
    version              INTEGER NOT NULL,
    reason               TEXT NOT NULL CHECK (reason IN ('CREATED', 'REPLANNED', 'OFF_PLAN_PURCHASE', 'PRICE_CHANGE')),
    start_index          INTEGER NOT NULL,
    start_fuel_milli     INTEGER NOT NULL,
    total_cents          INTEGER NOT NULL,
    total_gallons_milli  INTEGER NOT NULL,
    naive_cents          INTEGER,
    naive_gallons_milli  INTEGER,
    created_at           TIMESTAMP NOT NULL,
    PRIMARY KEY (trip_id, version)
);

CREATE TABLE trip_plan_stops (
    trip_id              INTEGER NOT NULL,
    version              INTEGER NOT NULL,
    seq                  INTEGER NOT NULL,
    station_id           INTEGER NOT NULL,
    station_name         TEXT NOT NULL DEFAULT '',
    gallons_milli        INTEGER NOT NULL,
    price_tenth_cents    INTEGER NOT NULL,
    cost_cents           INTEGER NOT NULL,
    along_milli          INTEGER NOT NULL,
    arrival_fuel_milli   INTEGER NOT NULL,
    PRIMARY KEY (trip_id, version, seq),
    FOREIGN KEY (trip_id, version) REFERENCES trip_plans (trip_id, version)
);

CREATE TABLE trip_transactions (
    transaction_id              INTEGER PRIMARY KEY REFERENCES card_transactions (id),
    trip_id                     INTEGER NOT NULL REFERENCES trips (id),
    plan_version                INTEGER NOT NULL,
    on_plan                     INTEGER NOT NULL CHECK (on_plan IN (0, 1)),
    planned_price_tenth_cents   INTEGER NOT NULL,
    missed_savings_cents        INTEGER NOT NULL CHECK (missed_savings_cents >= 0)
);
CREATE INDEX trip_transactions_trip ON trip_transactions (trip_id, transaction_id);

-- +goose Down
DROP TABLE trip_transactions;
DROP TABLE trip_plan_stops;
DROP TABLE trip_plans;
DROP TABLE trips;
