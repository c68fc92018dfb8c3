-- Positions kept only as long as needed (docs/decisions.md, "Telematics
-- positions: thinned after 90 days"): thinned_before marks a kept
-- position whose track neighbour before it was thinned out (the segment
-- from the kept position before it to it was never counted as one: a
-- late fix falling into it changes no miles), and telematics_thinning is
-- how far each vehicle's track is thinned (positions fixed before
-- thinned_through are).

-- +goose Up
ALTER TABLE telematics_positions ADD COLUMN thinned_before INTEGER NOT NULL DEFAULT 0 CHECK (thinned_before IN (0, 1));

CREATE TABLE telematics_thinning (
    vehicle_id      INTEGER PRIMARY KEY REFERENCES vehicles (id) ON DELETE CASCADE,
    company_id      INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    thinned_through TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE telematics_thinning;
ALTER TABLE telematics_positions DROP COLUMN thinned_before;
