-- Refunds of card purchases (purchases.Service.Capture; docs/decisions.md
-- "Refunds and reversals"): a Stripe Issuing transaction of type refund
-- (a merchant's refund, or a capture the merchant reversed) moves money
-- back from the fuel-purchases account to the company's wallet as one
-- ledger transfer of kind REFUND, and one card_refunds row names the
-- purchase it refunds (none when the issuer named no authorization of
-- ours) and that transfer. A statement lists it under "Refunds and
-- reversals" in the period it posts in.
--
-- SQLite cannot change a CHECK in place: ledger_transfers is rebuilt with
-- its rows, ids, statement links and indexes (foreign keys off, as in
-- 00400_ids_never_reused.sql; INSERT … SELECT * fails rather than drops a
-- column this file does not know).

-- +goose NO TRANSACTION
-- +goose Up
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE ledger_transfers_new (
    id           INTEGER PRIMARY KEY,
    kind         TEXT NOT NULL CHECK (kind IN ('TOP_UP', 'INVOICE_PAYMENT', 'FUEL_PURCHASE', 'TRANSACTION_FEE', 'REFUND')),
    reference    TEXT NOT NULL UNIQUE,
    company_id   INTEGER NOT NULL REFERENCES companies (id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    created_at   TIMESTAMP NOT NULL,
    statement_id INTEGER REFERENCES statements (id)
);
INSERT INTO ledger_transfers_new SELECT * FROM ledger_transfers;
DROP TABLE ledger_transfers;
ALTER TABLE ledger_transfers_new RENAME TO ledger_transfers;
CREATE INDEX ledger_transfers_company_id ON ledger_transfers (company_id, id);
CREATE INDEX ledger_transfers_statement ON ledger_transfers (company_id, statement_id, created_at, id);

CREATE TABLE card_refunds (
    id                    INTEGER PRIMARY KEY,
    company_id            INTEGER NOT NULL REFERENCES companies (id),
    transaction_id        INTEGER REFERENCES card_transactions (id),
    invoice_ref           TEXT NOT NULL DEFAULT '',
    issuer_transaction_id TEXT NOT NULL UNIQUE,
    amount_cents          INTEGER NOT NULL CHECK (amount_cents > 0),
    transfer_id           INTEGER NOT NULL UNIQUE REFERENCES ledger_transfers (id),
    created_at            TIMESTAMP NOT NULL
);
CREATE INDEX card_refunds_company ON card_refunds (company_id, created_at);
CREATE INDEX card_refunds_transaction ON card_refunds (transaction_id);

COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
-- The wider CHECK is kept (a rebuild back would drop the REFUND transfers).
DELETE FROM ledger_entries WHERE transfer_id IN (SELECT transfer_id FROM card_refunds);
DELETE FROM ledger_transfers WHERE kind = 'REFUND';
DROP TABLE card_refunds;
