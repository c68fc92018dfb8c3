-- Alerts for company owners (declined purchases, drivers' override
-- requests, cards near a limit) and drivers' requests for an override
-- after a declined purchase. An alert keeps the card's number and driver
-- name as they were when it was raised. At most one request per card is
-- PENDING (the partial unique index settles concurrent requests).
--
-- An approved request grants an override in card_overrides (00430).

-- +goose Up
CREATE TABLE override_requests (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id     INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    card_id        INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    driver_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    transaction_id INTEGER NOT NULL REFERENCES card_transactions (id),
    message        TEXT NOT NULL DEFAULT '' CHECK (length(message) <= 500),
    status         TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'DENIED')),
    created_at     TIMESTAMP NOT NULL,
    decided_at     TIMESTAMP,
    decided_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    override_until TIMESTAMP
);
CREATE INDEX override_requests_company_id ON override_requests (company_id, status, id);
CREATE INDEX override_requests_driver_user_id ON override_requests (driver_user_id, id);
CREATE UNIQUE INDEX override_requests_one_pending ON override_requests (card_id) WHERE status = 'PENDING';

CREATE TABLE alerts (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT')),
    message             TEXT NOT NULL,
    card_id             INTEGER REFERENCES cards (id) ON DELETE SET NULL,
    card_number         TEXT NOT NULL DEFAULT '',
    driver_name         TEXT NOT NULL DEFAULT '',
    transaction_id      INTEGER REFERENCES card_transactions (id),
    override_request_id INTEGER REFERENCES override_requests (id) ON DELETE SET NULL,
    read_at             TIMESTAMP,
    created_at          TIMESTAMP NOT NULL
);
-- The alerts page (newest first), its unread filter and the unread count.
CREATE INDEX alerts_company_id ON alerts (company_id, id);
CREATE INDEX alerts_company_id_unread ON alerts (company_id, id) WHERE read_at IS NULL;
CREATE INDEX alerts_override_request_id ON alerts (override_request_id);

-- +goose Down
DROP TABLE alerts;
DROP TABLE override_requests;
