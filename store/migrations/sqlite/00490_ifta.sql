-- The IFTA quarterly return (docs/ifta.md): the quarter's published rates,
-- miles and off-card fuel entered by hand, and closed returns frozen as
-- computed. Rates and surcharges are ten-thousandths of a dollar a gallon,
-- miles tenths, gallons thousandths; dates of entries are the company's
-- calendar days (YYYY-MM-DD).

-- +goose Up
CREATE TABLE ifta_rates (
    year          INTEGER NOT NULL CHECK (year BETWEEN 2000 AND 2100),
    quarter       INTEGER NOT NULL CHECK (quarter BETWEEN 1 AND 4),
    jurisdiction  TEXT NOT NULL,
    fuel_type     TEXT NOT NULL CHECK (fuel_type IN ('diesel', 'gasoline')),
    rate          INTEGER NOT NULL CHECK (rate >= 0),
    surcharge     INTEGER NOT NULL DEFAULT 0 CHECK (surcharge >= 0),
    sample        INTEGER NOT NULL DEFAULT 0 CHECK (sample IN (0, 1)),
    PRIMARY KEY (year, quarter, jurisdiction, fuel_type)
);

CREATE TABLE ifta_miles (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id    INTEGER NOT NULL REFERENCES companies (id),
    unit_number   TEXT NOT NULL,
    date          TEXT NOT NULL,
    jurisdiction  TEXT NOT NULL,
    miles_tenths  INTEGER NOT NULL CHECK (miles_tenths > 0),
    note          TEXT NOT NULL DEFAULT '',
    created_by    INTEGER NOT NULL REFERENCES users (id),
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX ifta_miles_company_date ON ifta_miles (company_id, date, id);

CREATE TABLE ifta_fuel (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id    INTEGER NOT NULL REFERENCES companies (id),
    unit_number   TEXT NOT NULL,
    date          TEXT NOT NULL,
    jurisdiction  TEXT NOT NULL,
    gallons_milli INTEGER NOT NULL CHECK (gallons_milli > 0),
    fuel_type     TEXT NOT NULL CHECK (fuel_type IN ('diesel', 'gasoline')),
    tax_paid      INTEGER NOT NULL CHECK (tax_paid IN (0, 1)),
    vendor        TEXT NOT NULL DEFAULT '',
    created_by    INTEGER NOT NULL REFERENCES users (id),
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX ifta_fuel_company_date ON ifta_fuel (company_id, date, id);

CREATE TABLE ifta_returns (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id    INTEGER NOT NULL REFERENCES companies (id),
    year          INTEGER NOT NULL,
    quarter       INTEGER NOT NULL,
    fuel_type     TEXT NOT NULL CHECK (fuel_type IN ('diesel', 'gasoline')),
    closed_at     TIMESTAMP NOT NULL,
    closed_by     INTEGER NOT NULL REFERENCES users (id),
    return_json   TEXT NOT NULL,
    UNIQUE (company_id, year, quarter, fuel_type)
);

-- +goose Down
DROP TABLE ifta_returns;
DROP TABLE ifta_fuel;
DROP TABLE ifta_miles;
DROP TABLE ifta_rates;
