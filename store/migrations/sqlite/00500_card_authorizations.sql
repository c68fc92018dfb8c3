-- Real-time card authorizations (docs/issuing.md): an issuer (Stripe
-- Issuing) asks before a purchase whether to approve it, and an approved
-- authorization holds its amount on the company's wallet until the
-- purchase is captured, reversed or expires.
--
-- card_authorizations is the decision log and the hold: one row per
-- authorization id (each decided once), with the request's facts, the
-- answer (approved, amount, decline code, the rules that fired, whether the
-- deadline passed), when it was received and answered, and while HELD the
-- cents it holds. A capture links the purchase it became (transaction_id)
-- and releases the hold; a reversal or expiry releases it (RELEASED).
--
-- ledger_accounts.held_cents is the running sum of a wallet's HELD rows'
-- held_cents, changed only in the transaction that changes those rows and
-- under the wallet row's lock, like balance_cents: a wallet's available
-- balance is balance_cents - held_cents, and every purchase and
-- authorization decision checks that.
--
-- companies.authorization_on_timeout is the answer when a decision cannot
-- finish in time: 'decline' (default) or 'approve'.

-- +goose Up
ALTER TABLE ledger_accounts ADD COLUMN held_cents INTEGER NOT NULL DEFAULT 0 CHECK (held_cents >= 0);
ALTER TABLE companies ADD COLUMN authorization_on_timeout TEXT NOT NULL DEFAULT 'decline'
    CHECK (authorization_on_timeout IN ('approve', 'decline'));

CREATE TABLE card_authorizations (
    id                   INTEGER PRIMARY KEY,
    authorization_id     TEXT NOT NULL UNIQUE CHECK (length(authorization_id) <= 100),
    issuer               TEXT NOT NULL CHECK (issuer IN ('network', 'stripe')),
    company_id           INTEGER REFERENCES companies (id) ON DELETE CASCADE,
    card_id              INTEGER REFERENCES cards (id) ON DELETE CASCADE,
    issuer_card_id       TEXT NOT NULL DEFAULT '',
    merchant_name        TEXT NOT NULL DEFAULT '',
    merchant_city        TEXT NOT NULL DEFAULT '',
    merchant_state       TEXT NOT NULL DEFAULT '',
    merchant_postal_code TEXT NOT NULL DEFAULT '',
    merchant_category    TEXT NOT NULL DEFAULT '',
    station_id           INTEGER,
    product              TEXT NOT NULL DEFAULT '',
    gallons_milli        INTEGER NOT NULL DEFAULT 0,
    price_tenth_cents    INTEGER NOT NULL DEFAULT 0,
    prompt_driver_id     TEXT NOT NULL DEFAULT '',
    prompt_unit_number   TEXT NOT NULL DEFAULT '',
    prompt_odometer      INTEGER,
    requested_cents      INTEGER NOT NULL,
    amount_controllable  INTEGER NOT NULL DEFAULT 0,
    approved             INTEGER NOT NULL DEFAULT 0,
    amount_cents         INTEGER NOT NULL DEFAULT 0,
    decline_code         TEXT NOT NULL DEFAULT '',
    rules_fired          TEXT NOT NULL DEFAULT '',
    timed_out            INTEGER NOT NULL DEFAULT 0,
    status               TEXT NOT NULL CHECK (status IN ('HELD', 'DECLINED', 'CAPTURED', 'RELEASED')),
    held_cents           INTEGER NOT NULL DEFAULT 0 CHECK (held_cents >= 0),
    captured_cents       INTEGER NOT NULL DEFAULT 0,
    transaction_id       INTEGER REFERENCES card_transactions (id),
    authorized_at        TIMESTAMP NOT NULL,
    received_at          TIMESTAMP NOT NULL,
    answered_at          TIMESTAMP NOT NULL,
    latency_micros       INTEGER NOT NULL DEFAULT 0,
    updated_at           TIMESTAMP NOT NULL
);
CREATE INDEX card_authorizations_card_held ON card_authorizations (card_id, authorized_at) WHERE status = 'HELD';
CREATE INDEX card_authorizations_transaction_id ON card_authorizations (transaction_id);

-- +goose Down
DROP TABLE card_authorizations;
ALTER TABLE companies DROP COLUMN authorization_on_timeout;
ALTER TABLE ledger_accounts DROP COLUMN held_cents;
