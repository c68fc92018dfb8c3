-- A trip lock binds the driver it restrains: trips.owner_lock says an
-- owner set the lock (only an owner then ends the trip or re-plans it at
-- the driver's word); trips locked before this migration count as owner
-- locks. trip_requests are a driver's requests to end (END) or re-plan
-- (REPLAN, from latitude/longitude with current_fuel_milli) such a trip,
-- which an owner approves or denies; CLOSED when the trip ended first. At
-- most one request of each kind per trip is PENDING.
--
-- Alerts gain the trip kinds (TRIP_REQUEST, TRIP_ENDED, TRIP_REPLANNED) and
-- the trip and request they are about; SQLite rebuilds the table to change
-- the kind's CHECK.

-- +goose Up
ALTER TABLE trips ADD COLUMN owner_lock INTEGER NOT NULL DEFAULT 0 CHECK (owner_lock IN (0, 1));
UPDATE trips SET owner_lock = lock_card;

CREATE TABLE trip_requests (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id         INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    trip_id            INTEGER NOT NULL REFERENCES trips (id),
    driver_user_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    kind               TEXT NOT NULL CHECK (kind IN ('END', 'REPLAN')),
    status             TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'DENIED', 'CLOSED')),
    message            TEXT NOT NULL DEFAULT '' CHECK (length(message) <= 500),
    latitude           REAL,
    longitude          REAL,
    current_fuel_milli INTEGER,
    plan_version       INTEGER,
    created_at         TIMESTAMP NOT NULL,
    decided_at         TIMESTAMP,
    decided_by         INTEGER REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX trip_requests_company_id ON trip_requests (company_id, status, id);
CREATE INDEX trip_requests_trip_id ON trip_requests (trip_id, id);
CREATE UNIQUE INDEX trip_requests_one_pending ON trip_requests (trip_id, kind) WHERE status = 'PENDING';

CREATE TABLE alerts_new (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED')),
    message             TEXT NOT NULL,
    card_id             INTEGER REFERENCES cards (id) ON DELETE SET NULL,
    card_number         TEXT NOT NULL DEFAULT '',
    driver_name         TEXT NOT NULL DEFAULT '',
    transaction_id      INTEGER REFERENCES card_transactions (id),
    override_request_id INTEGER REFERENCES override_requests (id) ON DELETE SET NULL,
    trip_id             INTEGER REFERENCES trips (id),
    trip_request_id     INTEGER REFERENCES trip_requests (id) ON DELETE SET NULL,
    read_at             TIMESTAMP,
    created_at          TIMESTAMP NOT NULL
);
INSERT INTO alerts_new (id, company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id, read_at, created_at)
    SELECT id, company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id, read_at, created_at FROM alerts;
DROP TABLE alerts;
ALTER TABLE alerts_new RENAME TO alerts;
CREATE INDEX alerts_company_id ON alerts (company_id, id);
CREATE INDEX alerts_company_id_unread ON alerts (company_id, id) WHERE read_at IS NULL;
CREATE INDEX alerts_override_request_id ON alerts (override_request_id);
CREATE INDEX alerts_trip_request_id ON alerts (trip_request_id);

-- +goose Down
CREATE TABLE alerts_old (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT')),
    message             TEXT NOT NULL,
    card_id             INTEGER REFERENCES cards (id) ON DELETE SET NULL,
    card_number         TEXT NOT NULL DEFAULT '',
    driver_name         TEXT NOT NULL DEFAULT '',
    transaction_id      INTEGER REFERENCES card_transactions (id),
    override_request_id INTEGER REFERENCES override_requests (id) ON DELETE SET NULL,
    read_at             TIMESTAMP,
    created_at          TIMESTAMP NOT NULL
);
INSERT INTO alerts_old (id, company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id, read_at, created_at)
    SELECT id, company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id, read_at, created_at
    FROM alerts WHERE kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT');
DROP TABLE alerts;
ALTER TABLE alerts_old RENAME TO alerts;
CREATE INDEX alerts_company_id ON alerts (company_id, id);
CREATE INDEX alerts_company_id_unread ON alerts (company_id, id) WHERE read_at IS NULL;
CREATE INDEX alerts_override_request_id ON alerts (override_request_id);
DROP TABLE trip_requests;
ALTER TABLE trips DROP COLUMN owner_lock;
