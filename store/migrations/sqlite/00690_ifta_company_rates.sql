-- IFTA rates one company uploaded for a quarter (docs/ifta.md, "Rates"):
-- they win over the shared rates (ifta_rates) in that company's returns.
-- Rates and surcharges are ten-thousandths of a dollar a gallon; 0 is a
-- rate (a jurisdiction that collects no tax on the fuel through IFTA).

-- +goose Up
CREATE TABLE ifta_company_rates (
    company_id    INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    year          INTEGER NOT NULL CHECK (year BETWEEN 2000 AND 2100),
    quarter       INTEGER NOT NULL CHECK (quarter BETWEEN 1 AND 4),
    jurisdiction  TEXT NOT NULL,
    fuel_type     TEXT NOT NULL CHECK (fuel_type IN ('diesel', 'gasoline')),
    rate          INTEGER NOT NULL CHECK (rate >= 0),
    surcharge     INTEGER NOT NULL DEFAULT 0 CHECK (surcharge >= 0),
    uploaded_by   INTEGER NOT NULL REFERENCES users (id),
    uploaded_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (company_id, year, quarter, jurisdiction, fuel_type)
);

-- +goose Down
DROP TABLE ifta_company_rates;
