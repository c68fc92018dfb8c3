-- Fuel stations with their current prices, the price history kept by every
-- import, and the version counter server processes poll to refresh their
-- in-memory station index.
-- Per-gallon prices are integer tenths of a cent (3.859 $/gal = 3859).

-- +goose Up
CREATE TABLE stations (
    id                     INTEGER PRIMARY KEY, -- the feed's locationId
    name                   TEXT NOT NULL,
    station_location       TEXT NOT NULL DEFAULT '',
    address                TEXT NOT NULL DEFAULT '',
    city                   TEXT NOT NULL DEFAULT '',
    state                  TEXT NOT NULL DEFAULT '',
    zip_code               TEXT NOT NULL DEFAULT '',
    country                TEXT NOT NULL DEFAULT 'US',
    latitude               REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude              REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    chain                  TEXT NOT NULL DEFAULT '',
    affiliate              TEXT NOT NULL DEFAULT '',
    retail_price_tenth_cents INTEGER NOT NULL CHECK (retail_price_tenth_cents >= 0),
    net_price_tenth_cents    INTEGER NOT NULL CHECK (net_price_tenth_cents >= 0),
    ifta_refund_tenth_cents  INTEGER NOT NULL DEFAULT 0 CHECK (ifta_refund_tenth_cents >= 0),
    price_date             TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL
);
CREATE INDEX stations_chain ON stations (chain);

-- One row per station and price date: an import writes the current prices
-- here too, so re-importing the same file changes nothing.
CREATE TABLE station_prices (
    station_id               INTEGER NOT NULL REFERENCES stations (id) ON DELETE CASCADE,
    price_date               TIMESTAMP NOT NULL,
    retail_price_tenth_cents INTEGER NOT NULL,
    net_price_tenth_cents    INTEGER NOT NULL,
    ifta_refund_tenth_cents  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (station_id, price_date)
);

-- A single row whose version is bumped by every import that changes
-- stations; processes poll it to know when to rebuild their index.
CREATE TABLE stations_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO stations_version (id, version) VALUES (1, 0);

-- +goose Down
DROP TABLE stations_version;
DROP TABLE station_prices;
DROP TABLE stations;
