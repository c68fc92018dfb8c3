-- Card controls: rules a card's purchases must pass, per
-- company (the default) and per card (a card's rule overrides the default,
-- an absent one inherits it), and overrides that lift a card's rules until
-- a time.
--
-- rules is the controls as JSON (store/controls.go): they are always read
-- whole, by one card or company, and never searched by field.
--
-- Every purchase now records its product (reefer diesel and DEF apart from
-- tractor diesel, for fuel tax reports) and its decline as a stable code;
-- the sentence people read is derived from the code, so decline_reason
-- goes. The codes include those of the trip lock (NOT_PLANNED_STOP,
-- OVER_PLANNED_GALLONS).

-- +goose Up
CREATE TABLE company_controls (
    company_id INTEGER PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    rules      TEXT NOT NULL DEFAULT '{}',
    time_zone  TEXT NOT NULL DEFAULT 'America/Chicago',
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE card_controls (
    card_id    INTEGER PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    rules      TEXT NOT NULL DEFAULT '{}',
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX card_controls_company_id ON card_controls (company_id);

-- One override per card at most: granting again moves until, ending it
-- deletes the row. An override whose until has passed is simply inactive.
CREATE TABLE card_overrides (
    card_id    INTEGER PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    until      TIMESTAMP NOT NULL,
    granted_at TIMESTAMP NOT NULL
);
CREATE INDEX card_overrides_company_id ON card_overrides (company_id);

ALTER TABLE card_transactions ADD COLUMN product_code TEXT NOT NULL DEFAULT 'DSL'
    CHECK (product_code IN ('DSL', 'RFR', 'DEF', 'GAS', 'OTH'));
ALTER TABLE card_transactions ADD COLUMN decline_code TEXT NOT NULL DEFAULT '' CHECK (decline_code IN (
    '', 'CARD_INACTIVE', 'UNKNOWN_CARD', 'INSUFFICIENT_FUNDS', 'CREDIT_LIMIT', 'PER_PURCHASE_LIMIT',
    'DAILY_LIMIT', 'DAILY_GALLONS_LIMIT', 'WEEKLY_LIMIT', 'DAILY_PURCHASES_LIMIT', 'PRODUCT_NOT_ALLOWED',
    'DAY_NOT_ALLOWED', 'HOUR_NOT_ALLOWED', 'STATE_NOT_ALLOWED', 'CHAIN_NOT_ALLOWED', 'OVER_TANK_CAPACITY',
    'SUSPICIOUS_DISTANCE', 'MONTHLY_BUDGET', 'NOT_PLANNED_STOP', 'OVER_PLANNED_GALLONS'));
UPDATE card_transactions SET decline_code = decline_reason;
ALTER TABLE card_transactions DROP COLUMN decline_reason;

-- The card's approved purchases by date, holding what the day, week and
-- month sums and the last purchase's place read, so the rules read index
-- entries only.
CREATE INDEX card_transactions_card_spend ON card_transactions (card_id, transaction_date, funded_total_cents, gallons_milli, location_id)
    WHERE status = 'APPROVED';

-- +goose Down
DROP INDEX card_transactions_card_spend;
ALTER TABLE card_transactions ADD COLUMN decline_reason TEXT NOT NULL DEFAULT ''
    CHECK (decline_reason IN ('', 'CARD_INACTIVE', 'UNKNOWN_CARD', 'INSUFFICIENT_FUNDS', 'CREDIT_LIMIT'));
UPDATE card_transactions SET decline_reason = decline_code
    WHERE decline_code IN ('CARD_INACTIVE', 'UNKNOWN_CARD', 'INSUFFICIENT_FUNDS', 'CREDIT_LIMIT');
ALTER TABLE card_transactions DROP COLUMN decline_code;
ALTER TABLE card_transactions DROP COLUMN product_code;
DROP TABLE card_overrides;
DROP TABLE card_controls;
DROP TABLE company_controls;
