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
CREATE TABLE alerts_new (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL REFERENCES alert_kinds (kind),
    message             TEXT NOT NULL,
    card_id             INTEGER REFERENCES cards (id) ON DELETE SET NULL,
    card_number         TEXT NOT NULL DEFAULT '',
    driver_name         TEXT NOT NULL DEFAULT '',
    transaction_id      INTEGER REFERENCES card_transactions (id),
    override_request_id INTEGER REFERENCES override_requests (id) ON DELETE SET NULL,
    trip_id             INTEGER REFERENCES trips (id),
    trip_request_id     INTEGER REFERENCES trip_requests (id) ON DELETE SET NULL,
    read_at             TIMESTAMP,
    created_at          TIMESTAMP NOT NULL
);
INSERT INTO alerts_new SELECT id, company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id,
    trip_id, trip_request_id, read_at, created_at FROM alerts;
DROP TABLE alerts;
ALTER TABLE alerts_new RENAME TO alerts;
CREATE INDEX alerts_company_id ON alerts (company_id, id);
CREATE INDEX alerts_company_id_unread ON alerts (company_id, id) WHERE read_at IS NULL;
CREATE INDEX alerts_override_request_id ON alerts (override_request_id);
CREATE INDEX alerts_trip_request_id ON alerts (trip_request_id);

-- +goose Down
CREATE TABLE alerts_old (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP', 'WALLET_LOW', 'DRIVER_WAITING', 'IFTA_DUE', 'STATEMENT_READY', 'CARD_SHIPPING', 'REFUND')),
    message             TEXT NOT NULL,
    card_id             INTEGER REFERENCES cards (id) ON DELETE SET NULL,
    card_number         TEXT NOT NULL DEFAULT '',
    driver_name         TEXT NOT NULL DEFAULT '',
    transaction_id      INTEGER REFERENCES card_transactions (id),
    override_request_id INTEGER REFERENCES override_requests (id) ON DELETE SET NULL,
    trip_id             INTEGER REFERENCES trips (id),
    trip_request_id     INTEGER REFERENCES trip_requests (id) ON DELETE SET NULL,
    read_at             TIMESTAMP,
    created_at          TIMESTAMP NOT NULL
);
INSERT INTO alerts_old SELECT id, company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id,
    trip_id, trip_request_id, read_at, created_at FROM alerts
    WHERE kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP', 'WALLET_LOW', 'DRIVER_WAITING', 'IFTA_DUE', 'STATEMENT_READY', 'CARD_SHIPPING', 'REFUND');
DROP TABLE alerts;
ALTER TABLE alerts_old RENAME TO alerts;
CREATE INDEX alerts_company_id ON alerts (company_id, id);
CREATE INDEX alerts_company_id_unread ON alerts (company_id, id) WHERE read_at IS NULL;
CREATE INDEX alerts_override_request_id ON alerts (override_request_id);
CREATE INDEX alerts_trip_request_id ON alerts (trip_request_id);
DROP TABLE alert_kinds;
