-- The language a user reads the app in ('en' or 'es'), kept on the server
-- so that every device, and later pushes and e-mails, use it.

-- +goose Up
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es'));

-- +goose Down
ALTER TABLE users DROP COLUMN language;
