-- QuickBooks Online connection (docs/product.md, "QuickBooks Online"): per
-- company the QuickBooks company (realm) it is connected to, the OAuth
-- tokens sealed with AES-GCM (never stored in the clear) and when they
-- expire, the mapping of products and the card program to QuickBooks
-- accounts (JSON), and the last push; the states of connections under way
-- (single use, short-lived, kept as a hash, with the hash of the browser's
-- binding cookie); and one row per purchase sent
-- to QuickBooks: the QuickBooks id once created, else who claimed it and
-- until when (so two processes never send the same one) and its last
-- error.

-- +goose Up
CREATE TABLE qbo_connections (
    company_id          INTEGER PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    realm_id            TEXT NOT NULL,
    access_sealed       TEXT NOT NULL,
    refresh_sealed      TEXT NOT NULL,
    access_expires_at   TIMESTAMP NOT NULL,
    refresh_expires_at  TIMESTAMP NOT NULL,
    mapping             TEXT NOT NULL DEFAULT '{}',
    last_push_at        TIMESTAMP,
    last_push_from      TEXT NOT NULL DEFAULT '',
    last_push_to        TEXT NOT NULL DEFAULT '',
    last_push_created   INTEGER NOT NULL DEFAULT 0,
    last_push_found     INTEGER NOT NULL DEFAULT 0,
    last_push_failed    INTEGER NOT NULL DEFAULT 0,
    last_error          TEXT NOT NULL DEFAULT '',
    created_by          INTEGER NOT NULL REFERENCES users (id),
    created_at          TIMESTAMP NOT NULL
);

CREATE TABLE qbo_oauth_states (
    state_hash  TEXT PRIMARY KEY,
    company_id  INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_id  TEXT NOT NULL,
    member_role TEXT NOT NULL,
    browser_hash TEXT NOT NULL,
    expires_at  TIMESTAMP NOT NULL
);

CREATE TABLE qbo_pushes (
    company_id      INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    transaction_id  INTEGER NOT NULL,
    realm_id        TEXT NOT NULL,
    qbo_id          TEXT NOT NULL DEFAULT '',
    claim           TEXT NOT NULL DEFAULT '',
    claimed_until   TIMESTAMP NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    error           TEXT NOT NULL DEFAULT '',
    updated_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (company_id, transaction_id)
);

CREATE INDEX qbo_pushes_failed ON qbo_pushes (company_id, updated_at) WHERE error <> '';

-- +goose Down
DROP TABLE qbo_pushes;
DROP TABLE qbo_oauth_states;
DROP TABLE qbo_connections;
