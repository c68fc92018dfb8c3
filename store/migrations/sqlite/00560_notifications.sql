-- Notification preferences (per user, event and channel), quiet hours,
-- the in-app list of notices (drivers read theirs on the notifications
-- screen), the company's low-wallet threshold
-- and the alert kinds WALLET_LOW and DRIVER_WAITING.

-- +goose Up
CREATE TABLE notification_preferences (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    event   TEXT NOT NULL,
    push    INTEGER NOT NULL CHECK (push IN (0, 1)),
    email   INTEGER NOT NULL CHECK (email IN (0, 1)),
    in_app  INTEGER NOT NULL CHECK (in_app IN (0, 1)),
    PRIMARY KEY (user_id, event)
);

ALTER TABLE users ADD COLUMN quiet_start TEXT;
ALTER TABLE users ADD COLUMN quiet_end TEXT;

CREATE TABLE notifications (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id             INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    company_id          INTEGER NOT NULL,
    event               TEXT NOT NULL,
    title               TEXT NOT NULL,
    body                TEXT NOT NULL,
    url                 TEXT NOT NULL,
    transaction_id      INTEGER,
    trip_id             INTEGER,
    override_request_id INTEGER,
    read_at             TIMESTAMP,
    created_at          TIMESTAMP NOT NULL
);
CREATE INDEX notifications_user_id ON notifications (user_id, id);
CREATE INDEX notifications_user_id_unread ON notifications (user_id, id) WHERE read_at IS NULL;

ALTER TABLE companies ADD COLUMN wallet_low_threshold_cents INTEGER;

CREATE TABLE alerts_new (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP', 'WALLET_LOW', 'DRIVER_WAITING')),
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
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP')),
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
    trip_id, trip_request_id, read_at, created_at FROM alerts WHERE kind NOT IN ('WALLET_LOW', 'DRIVER_WAITING');
DROP TABLE alerts;
ALTER TABLE alerts_old RENAME TO alerts;
CREATE INDEX alerts_company_id ON alerts (company_id, id);
CREATE INDEX alerts_company_id_unread ON alerts (company_id, id) WHERE read_at IS NULL;
CREATE INDEX alerts_override_request_id ON alerts (override_request_id);
CREATE INDEX alerts_trip_request_id ON alerts (trip_request_id);
ALTER TABLE companies DROP COLUMN wallet_low_threshold_cents;
DROP TABLE notifications;
ALTER TABLE users DROP COLUMN quiet_end;
ALTER TABLE users DROP COLUMN quiet_start;
DROP TABLE notification_preferences;
