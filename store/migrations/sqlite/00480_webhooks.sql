-- Outgoing webhooks: a company's endpoints (the URL, the events it
-- subscribes to as a comma-separated list, the signing secret, active and
-- failing flags) and one delivery row per event and endpoint, written in
-- the transaction of the change the event reports. A delivery is PENDING
-- until its endpoint answers 2xx (DELIVERED) or 24 hours of retries pass
-- (FAILED); next_attempt_at is when it is due, and a worker's claim moves
-- it past its lease and sets claim_token, so no two workers send it at
-- once and a worker that dies only delays it.
--
-- Alerts gain the kind WEBHOOK_FAILING; SQLite rebuilds the table to change
-- the kind's CHECK.

-- +goose Up
CREATE TABLE webhook_endpoints (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    url        TEXT NOT NULL CHECK (length(url) <= 2000),
    events     TEXT NOT NULL,
    secret     TEXT NOT NULL,
    active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    failing    INTEGER NOT NULL DEFAULT 0 CHECK (failing IN (0, 1)),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX webhook_endpoints_company_id ON webhook_endpoints (company_id, id);

CREATE TABLE webhook_deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    endpoint_id     INTEGER NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    company_id      INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL,
    event_type      TEXT NOT NULL,
    payload         TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    claim_token     TEXT,
    last_error      TEXT NOT NULL DEFAULT '',
    response_code   INTEGER NOT NULL DEFAULT 0,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    delivered_at    TIMESTAMP
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_endpoint_id ON webhook_deliveries (endpoint_id, id);
CREATE INDEX webhook_deliveries_created_at ON webhook_deliveries (created_at);

CREATE TABLE alerts_new (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING')),
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
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED')),
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
    trip_id, trip_request_id, read_at, created_at FROM alerts WHERE kind <> 'WEBHOOK_FAILING';
DROP TABLE alerts;
ALTER TABLE alerts_old RENAME TO alerts;
CREATE INDEX alerts_company_id ON alerts (company_id, id);
CREATE INDEX alerts_company_id_unread ON alerts (company_id, id) WHERE read_at IS NULL;
CREATE INDEX alerts_override_request_id ON alerts (override_request_id);
CREATE INDEX alerts_trip_request_id ON alerts (trip_request_id);
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
