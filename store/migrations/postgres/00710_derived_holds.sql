-- Holds are their own rows (store/hold.go; docs/decisions.md, "Holds are
-- their own rows"): an authorization's hold is its card_authorizations
-- row while HELD. The wallet row no longer keeps their running sum
-- (ledger_accounts.held_cents), which every hold and capture of a company
-- updated and kept locked to its commit: the sum is kept in wallet_holds,
-- one row per company and shard (a card's shard is its id modulo 32), so
-- concurrent decisions on different cards of one company change
-- different rows. A wallet's held cents are the sum of its company's
-- shards; its available balance is balance_cents less that.

-- +goose Up
CREATE TABLE wallet_holds (
    company_id BIGINT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    shard      INTEGER NOT NULL,
    held_cents BIGINT NOT NULL DEFAULT 0 CHECK (held_cents >= 0),
    PRIMARY KEY (company_id, shard)
);
INSERT INTO wallet_holds (company_id, shard, held_cents)
    SELECT company_id, card_id % 32, SUM(held_cents) FROM card_authorizations
    WHERE status = 'HELD' AND company_id IS NOT NULL AND card_id IS NOT NULL AND held_cents > 0
    GROUP BY company_id, card_id % 32;
ALTER TABLE ledger_accounts DROP COLUMN held_cents;

-- +goose Down
ALTER TABLE ledger_accounts ADD COLUMN held_cents BIGINT NOT NULL DEFAULT 0 CHECK (held_cents >= 0);
UPDATE ledger_accounts SET held_cents = (SELECT COALESCE(SUM(h.held_cents), 0) FROM wallet_holds h
    WHERE h.company_id = ledger_accounts.company_id) WHERE company_id IS NOT NULL;
DROP TABLE wallet_holds;
