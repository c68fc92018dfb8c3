-- The stream of events: one row per event, written by store.Tx.Publish in
-- the transaction that causes it (an outbox). The dispatcher derives the
-- alerts, notices, pushes, mails and webhook deliveries of each event and
-- sets dispatched_at in the same transaction, so an event is fanned out
-- exactly once; one still undispatched after a stop is found by the next
-- sweep.

-- +goose Up
CREATE TABLE events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    type          TEXT NOT NULL,
    company_id    INTEGER NOT NULL,
    payload       TEXT NOT NULL,
    muted         INTEGER NOT NULL DEFAULT 0 CHECK (muted IN (0, 1)),
    created_at    TIMESTAMP NOT NULL,
    dispatched_at TIMESTAMP,
    attempts      INTEGER NOT NULL DEFAULT 0,
    last_error    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX events_undispatched ON events (id) WHERE dispatched_at IS NULL;
CREATE INDEX events_dispatched_at ON events (dispatched_at) WHERE dispatched_at IS NOT NULL;

-- +goose Down
DROP TABLE events;
