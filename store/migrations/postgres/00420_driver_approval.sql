-- Drivers join a company only with its consent: a driver who signs up with
-- a company card is PENDING until an owner approves (APPROVED) or declines
-- (REJECTED) the request. Existing accounts are approved.

-- +goose Up
ALTER TABLE users ADD COLUMN driver_status TEXT NOT NULL DEFAULT 'APPROVED'
    CHECK (driver_status IN ('APPROVED', 'PENDING', 'REJECTED'));
CREATE INDEX users_company_id_pending ON users (company_id) WHERE driver_status = 'PENDING';

-- +goose Down
DROP INDEX users_company_id_pending;
ALTER TABLE users DROP COLUMN driver_status;
