-- A company's vehicles (power units): the base of its fuel tax (IFTA)
-- return. The unit number is unique in the company; cards are assigned to
-- a vehicle by carrying its unit number (cards.unit_number), so no foreign
-- key joins them. tank_capacity_milli is thousandths of a gallon, like
-- every gallon figure. vin is '' when unknown (allowed only when the
-- vehicle is not IFTA-qualified; the application checks its check digit).

-- +goose Up
CREATE TABLE vehicles (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    unit_number         TEXT NOT NULL CHECK (length(unit_number) BETWEEN 1 AND 50),
    vin                 TEXT NOT NULL DEFAULT '' CHECK (length(vin) IN (0, 17)),
    plate               TEXT NOT NULL DEFAULT '' CHECK (length(plate) <= 10),
    plate_state         TEXT NOT NULL DEFAULT '' CHECK (length(plate_state) IN (0, 2)),
    fuel_type           TEXT NOT NULL CHECK (fuel_type IN ('diesel', 'gasoline')),
    tank_capacity_milli INTEGER NOT NULL CHECK (tank_capacity_milli BETWEEN 1000 AND 500000),
    ifta_qualified      INTEGER NOT NULL DEFAULT 0 CHECK (ifta_qualified IN (0, 1)),
    active              INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL,
    UNIQUE (company_id, unit_number)
);

-- +goose Down
DROP TABLE vehicles;
