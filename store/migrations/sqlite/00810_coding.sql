-- Coding: how each purchase (its fuel and fee) is booked (an expense
-- account, a class, a job, a memo), the company's coding rules that code
-- purchases as they post (ordered by position, first match wins), and
-- cards that require a job: their purchases carry job_required, and those
-- without a job are the office's task (card_transactions_missing_job).

-- +goose Up
ALTER TABLE card_transactions ADD COLUMN coding_account TEXT NOT NULL DEFAULT '';
ALTER TABLE card_transactions ADD COLUMN coding_class TEXT NOT NULL DEFAULT '';
ALTER TABLE card_transactions ADD COLUMN coding_job TEXT NOT NULL DEFAULT '';
ALTER TABLE card_transactions ADD COLUMN coding_memo TEXT NOT NULL DEFAULT '';
ALTER TABLE card_transactions ADD COLUMN job_required INTEGER NOT NULL DEFAULT 0 CHECK (job_required IN (0, 1));
CREATE INDEX card_transactions_missing_job ON card_transactions (company_id, transaction_date DESC, id DESC)
    WHERE job_required = 1 AND coding_job = '';

ALTER TABLE cards ADD COLUMN require_job INTEGER NOT NULL DEFAULT 0 CHECK (require_job IN (0, 1));

CREATE TABLE coding_rules (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id     INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    product_code   TEXT NOT NULL DEFAULT '',
    card_number    TEXT NOT NULL DEFAULT '',
    vehicle_id     INTEGER NOT NULL DEFAULT 0,
    group_id       INTEGER NOT NULL DEFAULT 0,
    driver_user_id INTEGER NOT NULL DEFAULT 0,
    account        TEXT NOT NULL DEFAULT '',
    class          TEXT NOT NULL DEFAULT '',
    job            TEXT NOT NULL DEFAULT '',
    memo           TEXT NOT NULL DEFAULT '',
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL
);
CREATE INDEX coding_rules_company_position ON coding_rules (company_id, position);

-- +goose Down
DROP TABLE coding_rules;
ALTER TABLE cards DROP COLUMN require_job;
DROP INDEX card_transactions_missing_job;
ALTER TABLE card_transactions DROP COLUMN job_required;
ALTER TABLE card_transactions DROP COLUMN coding_memo;
ALTER TABLE card_transactions DROP COLUMN coding_job;
ALTER TABLE card_transactions DROP COLUMN coding_class;
ALTER TABLE card_transactions DROP COLUMN coding_account;
