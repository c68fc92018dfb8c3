-- Ids are never reused: a plain INTEGER PRIMARY KEY takes max(id)+1, so the
-- id of the newest deleted row came back for the next one (a deleted
-- driver's token then named the next sign-up). AUTOINCREMENT keeps the
-- highest id ever used in sqlite_sequence. SQLite cannot add it in place,
-- so companies, users and cards are rebuilt with their constraints and
-- indexes, the rows keeping their ids.
--
-- Foreign keys are off during the rebuild (a DROP TABLE with them on
-- deletes the rows first and cascades to cards, sessions and resets), which
-- a transaction cannot change: the migration runs outside goose's
-- transaction, on the store's single writing connection, and opens its own.
-- INSERT … SELECT * fails, rather than drops data, if a table gained a
-- column this file does not know (store tests check foreign_key_check).

-- +goose NO TRANSACTION
-- +goose Up
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE companies_new (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    name         TEXT NOT NULL,
    carrier_id   INTEGER NOT NULL CHECK (carrier_id BETWEEN 1000000 AND 9999999),
    phone_number TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL
);
INSERT INTO companies_new SELECT * FROM companies;
DROP TABLE companies;
ALTER TABLE companies_new RENAME TO companies;

CREATE TABLE users_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    first_name    TEXT NOT NULL DEFAULT '',
    last_name     TEXT NOT NULL DEFAULT '',
    phone_number  TEXT NOT NULL DEFAULT '',
    role          TEXT NOT NULL CHECK (role IN ('ROLE_USER', 'ROLE_COMPANY')),
    company_id    INTEGER REFERENCES companies (id) ON DELETE SET NULL,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
INSERT INTO users_new SELECT * FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
CREATE INDEX users_company_id ON users (company_id);

CREATE TABLE cards_new (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id     INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    card_number    TEXT NOT NULL UNIQUE CHECK (length(card_number) = 19),
    driver_name    TEXT NOT NULL DEFAULT '',
    driver_id      TEXT NOT NULL DEFAULT '',
    unit_number    TEXT NOT NULL DEFAULT '',
    status         TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
    driver_user_id INTEGER UNIQUE REFERENCES users (id) ON DELETE SET NULL,
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL
);
INSERT INTO cards_new SELECT * FROM cards;
DROP TABLE cards;
ALTER TABLE cards_new RENAME TO cards;
CREATE INDEX cards_company_id ON cards (company_id);

COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
-- AUTOINCREMENT is kept: going back to reusable ids would reopen the hole.
SELECT 1;
