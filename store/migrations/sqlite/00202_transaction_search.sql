-- Substring search over card_transactions.search_text without scanning a
-- company's whole index: an FTS5 trigram index of search_text (external
-- content: it stores no copy of the text), kept in step by triggers.
-- case_sensitive 1 because search_text and the search are both lower-cased
-- by the store already, so a trigram match is an exact substring match; the
-- store still checks search_text LIKE on the rows it returns, so results are
-- those of the LIKE alone. Searches under 3 characters have no trigram and
-- use the LIKE only.

-- +goose Up
CREATE VIRTUAL TABLE card_transactions_search USING fts5(
    search_text, content = 'card_transactions', content_rowid = 'id', tokenize = 'trigram case_sensitive 1'
);
INSERT INTO card_transactions_search (card_transactions_search) VALUES ('rebuild');

-- +goose StatementBegin
CREATE TRIGGER card_transactions_search_insert AFTER INSERT ON card_transactions BEGIN
    INSERT INTO card_transactions_search (rowid, search_text) VALUES (new.id, new.search_text);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER card_transactions_search_delete AFTER DELETE ON card_transactions BEGIN
    INSERT INTO card_transactions_search (card_transactions_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER card_transactions_search_update AFTER UPDATE OF id, search_text ON card_transactions BEGIN
    INSERT INTO card_transactions_search (card_transactions_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO card_transactions_search (rowid, search_text) VALUES (new.id, new.search_text);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER card_transactions_search_update;
DROP TRIGGER card_transactions_search_delete;
DROP TRIGGER card_transactions_search_insert;
DROP TABLE card_transactions_search;
