-- Each telematics day carries its miles (all jurisdictions added) and when
-- its figures last changed (docs/ifta.md, "Telematics"): the return counts
-- vehicle days with miles from the days alone, and lists the days of a
-- closed quarter that changed after the close. received_at is NULL for
-- days last changed before this migration.

-- +goose Up
ALTER TABLE telematics_days ADD COLUMN miles DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE telematics_days ADD COLUMN received_at TIMESTAMPTZ;
UPDATE telematics_days SET miles = COALESCE((SELECT SUM(m.miles) FROM telematics_miles m
    WHERE m.vehicle_id = telematics_days.vehicle_id AND m.date = telematics_days.date), 0);
-- The return's warnings read the few flagged days without scanning a
-- quarter of days.
CREATE INDEX telematics_days_flagged ON telematics_days (company_id, date) WHERE dropped_jumps > 0 OR bridged_gaps > 0;

-- +goose Down
DROP INDEX telematics_days_flagged;
ALTER TABLE telematics_days DROP COLUMN received_at;
ALTER TABLE telematics_days DROP COLUMN miles;
