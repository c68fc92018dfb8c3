-- Messages carrying a one-time code (password reset) expire with the code:
-- past expires_at their body is wiped and they are no longer delivered.

-- +goose Up
ALTER TABLE outbox ADD COLUMN expires_at TIMESTAMPTZ;
CREATE INDEX outbox_expires_at ON outbox (expires_at);

-- +goose Down
DROP INDEX outbox_expires_at;
ALTER TABLE outbox DROP COLUMN expires_at;
