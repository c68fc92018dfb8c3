-- The audit trail: one append-only row per change a person or an API
-- caller makes, written by store.Tx.Audit in the transaction of the
-- change. Rows are chained per company: seq counts a company's rows from
-- 1, prev_hash is the hash of row seq-1 and hash covers the row's content
-- and prev_hash (fuelportal.AuditHash), so `fuelportal audit verify`
-- finds an edited or a deleted row. audit_chain_heads holds each
-- company's last seq and hash; a writer locks its company's head row, so
-- concurrent writers queue instead of forking the chain. Rows are kept
-- at least four years: nothing deletes them, and a trigger refuses
-- UPDATE and DELETE. No foreign keys: the trail outlives the users and
-- companies it names.

-- +goose Up
CREATE TABLE audit_events (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id     INTEGER NOT NULL,
    seq            INTEGER NOT NULL,
    at             TIMESTAMP NOT NULL,
    actor_id       INTEGER NOT NULL,
    actor_email    TEXT NOT NULL,
    actor_role     TEXT NOT NULL,
    actor_token    TEXT NOT NULL,
    kind           TEXT NOT NULL,
    object_type    TEXT NOT NULL,
    object_id      TEXT NOT NULL,
    before_fields  TEXT NOT NULL,
    after_fields   TEXT NOT NULL,
    client_address TEXT NOT NULL,
    request_id     TEXT NOT NULL,
    prev_hash      TEXT NOT NULL,
    hash           TEXT NOT NULL,
    UNIQUE (company_id, seq)
);
CREATE INDEX audit_events_company_at ON audit_events (company_id, at DESC, id DESC);
CREATE INDEX audit_events_company_actor_at ON audit_events (company_id, actor_id, at DESC, id DESC);
CREATE INDEX audit_events_company_object ON audit_events (company_id, object_type, object_id, at DESC, id DESC);

CREATE TABLE audit_chain_heads (
    company_id INTEGER PRIMARY KEY,
    seq        INTEGER NOT NULL,
    hash       TEXT NOT NULL
);

-- +goose StatementBegin
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only');
END;
-- +goose StatementEnd

-- +goose Down
DROP TABLE audit_chain_heads;
DROP TABLE audit_events;
