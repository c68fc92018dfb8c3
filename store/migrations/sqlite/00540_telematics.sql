-- Telematics (docs/ifta.md, "Telematics"): each company's forwarding
-- token (only its SHA-256 hash), the positions its devices forward, kept
-- four years, and their rollup into miles per vehicle, day and
-- jurisdiction. kept is 0 for a position dropped as a jump; the rollup's
-- segments join consecutive kept positions. Dates are the company's
-- calendar days (YYYY-MM-DD) of a segment's later end.

-- +goose Up
CREATE TABLE telematics_tokens (
    company_id   INTEGER PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    token_hash   TEXT NOT NULL UNIQUE,
    created_by   INTEGER NOT NULL REFERENCES users (id),
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE telematics_positions (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id     INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    vehicle_id     INTEGER NOT NULL REFERENCES vehicles (id),
    fix_time       TIMESTAMP NOT NULL,
    latitude       REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude      REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    speed_knots    REAL,
    odometer_miles REAL,
    kept           INTEGER NOT NULL DEFAULT 0 CHECK (kept IN (0, 1)),
    received_at    TIMESTAMP NOT NULL,
    UNIQUE (vehicle_id, fix_time)
);
CREATE INDEX telematics_positions_kept ON telematics_positions (vehicle_id, kept, fix_time);

CREATE TABLE telematics_miles (
    company_id     INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    vehicle_id     INTEGER NOT NULL REFERENCES vehicles (id),
    date           TEXT NOT NULL,
    jurisdiction   TEXT NOT NULL,
    miles          REAL NOT NULL,
    bridged_miles  REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (vehicle_id, date, jurisdiction)
);
CREATE INDEX telematics_miles_company_date ON telematics_miles (company_id, date);

CREATE TABLE telematics_days (
    company_id     INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    vehicle_id     INTEGER NOT NULL REFERENCES vehicles (id),
    date           TEXT NOT NULL,
    positions      INTEGER NOT NULL DEFAULT 0,
    dropped_jumps  INTEGER NOT NULL DEFAULT 0,
    bridged_gaps   INTEGER NOT NULL DEFAULT 0,
    start_odometer REAL,
    start_at       TIMESTAMP,
    end_odometer   REAL,
    end_at         TIMESTAMP,
    PRIMARY KEY (vehicle_id, date)
);
CREATE INDEX telematics_days_company_date ON telematics_days (company_id, date);

-- +goose Down
DROP TABLE telematics_days;
DROP TABLE telematics_miles;
DROP TABLE telematics_positions;
DROP TABLE telematics_tokens;
