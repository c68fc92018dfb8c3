-- A statement's lines are read section by section (store.StatementLines:
-- top-ups, purchases, fees, refunds and reversals, invoice payments), each
-- in the order its movements posted: with the kind after the statement,
-- each section streams from this index in that order and the whole
-- period is never sorted. It serves what the index it replaces did (a
-- statement's or the open period's transfers).

-- +goose Up
CREATE INDEX ledger_transfers_statement_kind ON ledger_transfers (company_id, statement_id, kind, created_at, id);
DROP INDEX ledger_transfers_statement;

-- +goose Down
CREATE INDEX ledger_transfers_statement ON ledger_transfers (company_id, statement_id, created_at, id);
DROP INDEX ledger_transfers_statement_kind;
