-- A transfer's entry on one account (its wallet's, for a statement line or
-- a period's sum) is read from the index alone: the account and amount
-- ride with the transfer id. It serves what the index it replaces did (a
-- transfer's entries).

-- +goose Up
CREATE INDEX ledger_entries_transfer_account ON ledger_entries (transfer_id, account_id, amount_cents);
DROP INDEX ledger_entries_transfer_id;

-- +goose Down
CREATE INDEX ledger_entries_transfer_id ON ledger_entries (transfer_id);
DROP INDEX ledger_entries_transfer_account;
