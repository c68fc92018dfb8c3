-- Repeats of one decline (same card, same reason) within an hour of its
-- mail are coalesced into one digest message: coalesce_key names what a
-- message is about, send_after holds a digest back until its hour ends,
-- repeats counts the declines it stands for.

-- +goose Up
ALTER TABLE outbox ADD COLUMN coalesce_key TEXT;
ALTER TABLE outbox ADD COLUMN send_after TIMESTAMP;
ALTER TABLE outbox ADD COLUMN repeats INTEGER NOT NULL DEFAULT 0;
CREATE INDEX outbox_coalesce_key ON outbox (coalesce_key, to_address, id) WHERE coalesce_key IS NOT NULL;

-- +goose Down
DROP INDEX outbox_coalesce_key;
ALTER TABLE outbox DROP COLUMN repeats;
ALTER TABLE outbox DROP COLUMN send_after;
ALTER TABLE outbox DROP COLUMN coalesce_key;
