-- Payments through Stripe: each company's Stripe customer, every payment
-- attempt into a wallet, the webhook events already processed (one row per
-- Stripe event id, so an event is applied once across all processes) and
-- the failures Stripe reported.

-- +goose Up
CREATE TABLE stripe_customers (
    company_id  INTEGER PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    customer_id TEXT NOT NULL UNIQUE,
    created_at  TIMESTAMP NOT NULL
);

-- One row per click of the pay button (idempotency_key), created before
-- Stripe is called so a webhook arriving first still finds it.
CREATE TABLE payments (
    id                  INTEGER PRIMARY KEY,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    idempotency_key     TEXT NOT NULL,
    payment_method_id   TEXT NOT NULL,
    payment_method_type TEXT NOT NULL CHECK (payment_method_type IN ('card', 'us_bank_account')),
    amount_cents        INTEGER NOT NULL CHECK (amount_cents > 0),
    fee_cents           INTEGER NOT NULL CHECK (fee_cents >= 0),
    total_cents         INTEGER NOT NULL CHECK (total_cents = amount_cents + fee_cents),
    currency            TEXT NOT NULL CHECK (currency IN ('USD', 'CAD')),
    payment_intent_id   TEXT UNIQUE,
    client_secret       TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL,
    failure_message     TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL,
    credited_at         TIMESTAMP,
    UNIQUE (company_id, idempotency_key)
);
CREATE INDEX payments_company_id ON payments (company_id, id);

CREATE TABLE stripe_webhook_events (
    event_id          TEXT PRIMARY KEY,
    type              TEXT NOT NULL,
    payment_intent_id TEXT NOT NULL DEFAULT '',
    outcome           TEXT NOT NULL,
    received_at       TIMESTAMP NOT NULL
);

CREATE TABLE payment_failures (
    id                INTEGER PRIMARY KEY,
    payment_id        INTEGER REFERENCES payments (id) ON DELETE CASCADE,
    company_id        INTEGER REFERENCES companies (id) ON DELETE CASCADE,
    payment_intent_id TEXT NOT NULL,
    event_id          TEXT NOT NULL,
    code              TEXT NOT NULL DEFAULT '',
    message           TEXT NOT NULL DEFAULT '',
    created_at        TIMESTAMP NOT NULL
);
CREATE INDEX payment_failures_company_id ON payment_failures (company_id, id);

-- +goose Down
DROP TABLE payment_failures;
DROP TABLE stripe_webhook_events;
DROP TABLE payments;
DROP TABLE stripe_customers;
