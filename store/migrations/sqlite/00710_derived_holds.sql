-- Holds are their own rows (store/hold.go; docs/decisions.md, "Holds are
-- their own rows"): a wallet's open holds are its company's
-- card_authorizations rows with status HELD, and its available balance is
-- balance_cents less their held_cents, summed through this index. The
-- wallet row no longer keeps their running sum (held_cents), so a hold or
-- a release writes no row of the company but its own, and concurrent
-- decisions of one company do not queue on the wallet row.

-- +goose Up
CREATE INDEX card_authorizations_company_held ON card_authorizations (company_id, held_cents) WHERE status = 'HELD';
ALTER TABLE ledger_accounts DROP COLUMN held_cents;

-- +goose Down
ALTER TABLE ledger_accounts ADD COLUMN held_cents INTEGER NOT NULL DEFAULT 0 CHECK (held_cents >= 0);
UPDATE ledger_accounts SET held_cents = (SELECT COALESCE(SUM(a.held_cents), 0) FROM card_authorizations a
    WHERE a.company_id = ledger_accounts.company_id AND a.status = 'HELD') WHERE company_id IS NOT NULL;
DROP INDEX card_authorizations_company_held;
