-- A company its owner closed: closed_at is when. Its rows stay (the audit
-- trail is kept four years); its cards are inactive and its members
-- suspended.

-- +goose Up
ALTER TABLE companies ADD COLUMN closed_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE companies DROP COLUMN closed_at;
