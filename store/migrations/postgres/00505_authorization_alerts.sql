-- Alerts gain the kind AUTHORIZATION: a card authorization answered by
-- the company's timeout setting, or a capture above its authorization's
-- approved amount (docs/issuing.md).

-- +goose Up
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
    CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION'));

-- +goose Down
DELETE FROM alerts WHERE kind = 'AUTHORIZATION';
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
    CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING'));
