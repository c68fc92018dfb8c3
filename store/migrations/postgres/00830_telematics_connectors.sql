-- Telematics pull connectors (docs/feeds.md, "Telematics connectors"):
-- per company and vendor (samsara, geotab, motive) the vendor's token,
-- sealed with AES-GCM (never stored in the clear), Geotab's database and
-- server, where the next pull starts (the vendor's cursor or feed
-- versions, opaque text), and how the last pull went: when, its error
-- ('' for none) and the vendor's vehicles no vehicle of the company
-- matched (a JSON array of names).

-- +goose Up
CREATE TABLE telematics_connectors (
    company_id     BIGINT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    vendor         TEXT NOT NULL CHECK (vendor IN ('samsara', 'geotab', 'motive')),
    token_sealed   TEXT NOT NULL,
    database_name  TEXT NOT NULL DEFAULT '',
    server         TEXT NOT NULL DEFAULT '',
    feed_cursor    TEXT NOT NULL DEFAULT '',
    last_pull_at   TIMESTAMPTZ,
    last_error     TEXT NOT NULL DEFAULT '',
    last_error_at  TIMESTAMPTZ,
    unmatched      TEXT NOT NULL DEFAULT '[]',
    positions      BIGINT NOT NULL DEFAULT 0,
    created_by     BIGINT NOT NULL REFERENCES users (id),
    created_at     TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (company_id, vendor)
);

-- +goose Down
DROP TABLE telematics_connectors;
