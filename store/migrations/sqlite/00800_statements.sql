-- Period statements of a company's wallet (statements/, docs/decisions.md
-- "Statements").
--
-- statement_settings: each company's period (monthly unless set).
-- statements: one row per period, the open one included (status OPEN, at
-- most one per company). Closing a period assigns every ledger transfer
-- of the company not yet in a statement and posted before the period's
-- end to it (ledger_transfers.statement_id) and stores its closing
-- balance, in one transaction; from then on nothing changes it. A
-- transfer that commits after that (its time inside the closed period)
-- has no statement and lands in the open period, marked late.

-- +goose Up
CREATE TABLE statement_settings (
    company_id INTEGER PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    period     TEXT NOT NULL CHECK (period IN ('monthly', 'weekly')),
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE statements (
    id            INTEGER PRIMARY KEY,
    company_id    INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    period        TEXT NOT NULL CHECK (period IN ('monthly', 'weekly')),
    period_start  TIMESTAMP NOT NULL,
    period_end    TIMESTAMP NOT NULL,
    opening_cents INTEGER NOT NULL,
    closing_cents INTEGER NOT NULL DEFAULT 0,
    status        TEXT NOT NULL CHECK (status IN ('OPEN', 'CLOSED')),
    closed_at     TIMESTAMP,
    created_at    TIMESTAMP NOT NULL,
    CHECK (period_end > period_start)
);
CREATE UNIQUE INDEX statements_company_start ON statements (company_id, period_start);
CREATE UNIQUE INDEX statements_company_open ON statements (company_id) WHERE status = 'OPEN';

ALTER TABLE ledger_transfers ADD COLUMN statement_id INTEGER REFERENCES statements (id);
CREATE INDEX ledger_transfers_statement ON ledger_transfers (company_id, statement_id, created_at, id);
-- A statement's purchases by the reference of their transfers.
CREATE INDEX card_transactions_invoice_ref ON card_transactions (invoice_ref);

-- +goose Down
DROP INDEX card_transactions_invoice_ref;
DROP INDEX ledger_transfers_statement;
ALTER TABLE ledger_transfers DROP COLUMN statement_id;
DROP TABLE statements;
DROP TABLE statement_settings;
