-- The alert kinds are rows of alert_kinds, which alerts.kind references,
-- no longer a CHECK list: on SQLite a new kind in a CHECK list rebuilt the
-- alerts table (eight times so far), a new row needs one INSERT, the same
-- on both engines. fuelportal.AlertKinds lists the kinds the app writes;
-- TestAlerts_EveryKindIsStored keeps every one of them storable.

-- +goose Up
CREATE TABLE alert_kinds (
    kind TEXT PRIMARY KEY
);
INSERT INTO alert_kinds (kind) VALUES ('DECLINE'), ('OVERRIDE_REQUEST'), ('NEAR_LIMIT'), ('TRIP_REQUEST'), ('TRIP_ENDED'),
    ('TRIP_REPLANNED'), ('WEBHOOK_FAILING'), ('AUTHORIZATION'), ('MPG_DROP'), ('WALLET_LOW'), ('DRIVER_WAITING'), ('IFTA_DUE'),
    ('STATEMENT_READY'), ('CARD_SHIPPING'), ('REFUND');
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_fkey FOREIGN KEY (kind) REFERENCES alert_kinds (kind);

-- +goose Down
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_fkey;
DELETE FROM alerts WHERE kind NOT IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP', 'WALLET_LOW', 'DRIVER_WAITING', 'IFTA_DUE', 'STATEMENT_READY', 'CARD_SHIPPING', 'REFUND');
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
    CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP', 'WALLET_LOW', 'DRIVER_WAITING', 'IFTA_DUE', 'STATEMENT_READY', 'CARD_SHIPPING', 'REFUND'));
DROP TABLE alert_kinds;
