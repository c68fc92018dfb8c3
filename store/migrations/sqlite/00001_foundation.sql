-- Foundation schema: settings, companies, users, fuel cards, sessions,
-- password resets, mail outbox and rate-limit counters.
-- Times are UTC text 'YYYY-MM-DD HH:MM:SS.ffffff' (see store.bindArgs).

-- +goose Up
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE companies (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    carrier_id   INTEGER NOT NULL CHECK (carrier_id BETWEEN 1000000 AND 9999999),
    phone_number TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
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
CREATE INDEX users_company_id ON users (company_id);

CREATE TABLE cards (
    id             INTEGER PRIMARY KEY,
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
CREATE INDEX cards_company_id ON cards (company_id);

-- One row per refresh token ever issued. Tokens of one sign-in share a
-- family; presenting a rotated (used) token revokes the family.
CREATE TABLE refresh_tokens (
    id         INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    family_id  TEXT NOT NULL,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP,
    revoked_at TIMESTAMP
);
CREATE INDEX refresh_tokens_family_id ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_id ON refresh_tokens (user_id);

CREATE TABLE password_resets (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  TEXT NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    expires_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE INDEX password_resets_user_id ON password_resets (user_id);

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    claimed_at TIMESTAMP,
    sent_at    TIMESTAMP,
    last_error TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_to_address ON outbox (to_address, id);
CREATE INDEX outbox_unsent ON outbox (sent_at, id);

-- Fixed-window counters shared by every server process.
CREATE TABLE rate_limits (
    bucket       TEXT NOT NULL,
    key          TEXT NOT NULL,
    window_start TIMESTAMP NOT NULL,
    hits         INTEGER NOT NULL,
    PRIMARY KEY (bucket, key)
);

-- +goose Down
DROP TABLE rate_limits;
DROP TABLE outbox;
DROP TABLE password_resets;
DROP TABLE refresh_tokens;
DROP TABLE cards;
DROP TABLE users;
DROP TABLE companies;
DROP TABLE settings;
