-- What words an alert again in each owner's language: its notice's text
-- key and values (fuelportal.Notice: key, params, days, times, decline
-- reason) as JSON, NULL for an alert raised without one (and for every
-- alert before this migration, which keeps showing its English message).
-- message stays the English text, for the API's clients that read it.

-- +goose Up
ALTER TABLE alerts ADD COLUMN notice TEXT;

-- +goose Down
ALTER TABLE alerts DROP COLUMN notice;
