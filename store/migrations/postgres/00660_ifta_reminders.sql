-- IFTA return reminders: one row per company, quarter and reminder
-- (30, 7 or 1 days before the due date), so each is sent once however many
-- processes run the job; and the alert kind IFTA_DUE.

-- +goose Up
CREATE TABLE ifta_reminders (
    company_id  BIGINT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    year        INTEGER NOT NULL,
    quarter     INTEGER NOT NULL CHECK (quarter BETWEEN 1 AND 4),
    days_before INTEGER NOT NULL CHECK (days_before IN (30, 7, 1)),
    sent_at     TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (company_id, year, quarter, days_before)
);

ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
    CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP', 'WALLET_LOW', 'DRIVER_WAITING', 'IFTA_DUE'));

-- +goose Down
DELETE FROM alerts WHERE kind = 'IFTA_DUE';
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
    CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP', 'WALLET_LOW', 'DRIVER_WAITING'));
DROP TABLE ifta_reminders;
