-- Company contracts and the wallet ledger (double entry).
--
-- Every movement of money is one ledger_transfers row with exactly two
-- ledger_entries rows (-amount on the account money leaves, +amount on the
-- account it enters), written in one database transaction, so the entries of
-- the whole ledger always sum to zero.
--
-- Accounts: one wallet per company (company_id set, code 'wallet:<id>') and
-- the system accounts seeded below. A wallet's balance_cents is the running
-- sum of its entries, changed only by the statement that writes them, in the
-- same transaction, with the overdraft guard in its WHERE clause
-- (store/ledger.go). System accounts keep balance_cents at 0: their balance
-- is SUM(amount_cents) of their entries (they are reporting accounts, and
-- not updating them keeps every purchase to one locked row).

-- +goose Up
CREATE TABLE contracts (
    company_id               INTEGER PRIMARY KEY REFERENCES companies (id),
    pricing                  TEXT NOT NULL CHECK (pricing IN ('RETAIL_MINUS', 'NET_PRICE')),
    retail_minus_tenth_cents INTEGER NOT NULL DEFAULT 0 CHECK (retail_minus_tenth_cents >= 0),
    billing                  TEXT NOT NULL CHECK (billing IN ('PREPAID', 'INVOICE')),
    credit_limit_cents       INTEGER NOT NULL DEFAULT 0 CHECK (credit_limit_cents >= 0),
    fee_cents                INTEGER NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
    created_at               TIMESTAMP NOT NULL,
    updated_at               TIMESTAMP NOT NULL
);

CREATE TABLE ledger_accounts (
    id            INTEGER PRIMARY KEY,
    code          TEXT NOT NULL UNIQUE,
    company_id    INTEGER UNIQUE REFERENCES companies (id),
    balance_cents INTEGER NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL
);

INSERT INTO ledger_accounts (code, created_at) VALUES
    ('system:funding', '2024-01-01 00:00:00.000000'),
    ('system:fuel_purchases', '2024-01-01 00:00:00.000000'),
    ('system:fees', '2024-01-01 00:00:00.000000');

CREATE TABLE ledger_transfers (
    id           INTEGER PRIMARY KEY,
    kind         TEXT NOT NULL CHECK (kind IN ('TOP_UP', 'INVOICE_PAYMENT', 'FUEL_PURCHASE', 'TRANSACTION_FEE')),
    reference    TEXT NOT NULL UNIQUE,
    company_id   INTEGER NOT NULL REFERENCES companies (id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX ledger_transfers_company_id ON ledger_transfers (company_id, id);

CREATE TABLE ledger_entries (
    id           INTEGER PRIMARY KEY,
    transfer_id  INTEGER NOT NULL REFERENCES ledger_transfers (id),
    account_id   INTEGER NOT NULL REFERENCES ledger_accounts (id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
    created_at   TIMESTAMP NOT NULL
);
CREATE INDEX ledger_entries_account_id ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transfer_id ON ledger_entries (transfer_id);

-- +goose Down
DROP TABLE ledger_entries;
DROP TABLE ledger_transfers;
DROP TABLE ledger_accounts;
DROP TABLE contracts;
