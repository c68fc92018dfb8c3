-- Substring search over card_transactions.search_text without scanning a
-- company's whole index: a pg_trgm GIN index, which serves the store's
-- `search_text LIKE '%…%'` as it is (search_text is lower-cased already).
--
-- Extensions are database-wide: pg_trgm goes into schema public whatever
-- the search_path (test databases run each test in a schema of its own,
-- dropped afterwards, which must not take the extension with it), and the
-- opclass is named schema-qualified. Concurrent migrations of different
-- schemas may race to create it: the loser finds it made.

-- +goose Up
-- +goose StatementBegin
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN
    NULL;
END
$$;
-- +goose StatementEnd
CREATE INDEX card_transactions_search_trgm ON card_transactions USING gin (search_text public.gin_trgm_ops);

-- +goose Down
DROP INDEX card_transactions_search_trgm;
