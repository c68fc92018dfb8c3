-- Pump prompts, odometer readings and the vehicle of a purchase.
--
-- cards.prompt is what the pump asks the driver for on the card ('' takes
-- the company default, company_controls.prompt, 'none' until the owner
-- sets one). A purchase whose keyed values break the prompt is declined
-- DRIVER_ID_INVALID, UNIT_NUMBER_INVALID or ODOMETER_INVALID (new codes of
-- card_transactions.decline_code). card_transactions.vehicle_id is the
-- company's vehicle whose unit number the card carried at purchase time
-- (NULL: none), unit_number that unit number, odometer_miles the reading
-- keyed at the pump (NULL: none).
--
-- odometer_readings are a vehicle's odometer over time: from approved
-- purchases' prompts (source 'pump', with the purchase), entered by the
-- card's driver ('driver') or the owner ('manual'), or from telematics.
-- vehicles.mpg_alerted is set while the vehicle's MPG is down more than
-- 15 % on the prior window and an MPG_DROP alert was raised for it (once
-- per drop: cleared when the MPG recovers).
--
-- SQLite cannot change a column's CHECK in place: decline_code is copied
-- to a column with the new list, dropped and added again (as 00450), and
-- alerts is rebuilt with the new kind (as 00480).

-- +goose Up
ALTER TABLE cards ADD COLUMN prompt TEXT NOT NULL DEFAULT '' CHECK (prompt IN ('', 'none', 'driverId', 'unitNumber', 'odometer', 'driverIdAndOdometer'));
ALTER TABLE company_controls ADD COLUMN prompt TEXT NOT NULL DEFAULT 'none' CHECK (prompt IN ('none', 'driverId', 'unitNumber', 'odometer', 'driverIdAndOdometer'));

ALTER TABLE card_transactions ADD COLUMN decline_code_next TEXT NOT NULL DEFAULT '';
UPDATE card_transactions SET decline_code_next = decline_code;
ALTER TABLE card_transactions DROP COLUMN decline_code;
ALTER TABLE card_transactions ADD COLUMN decline_code TEXT NOT NULL DEFAULT '' CHECK (decline_code IN (
    '', 'CARD_INACTIVE', 'UNKNOWN_CARD', 'INSUFFICIENT_FUNDS', 'CREDIT_LIMIT', 'PER_PURCHASE_LIMIT',
    'DAILY_LIMIT', 'DAILY_GALLONS_LIMIT', 'WEEKLY_LIMIT', 'DAILY_PURCHASES_LIMIT', 'PRODUCT_NOT_ALLOWED',
    'DAY_NOT_ALLOWED', 'HOUR_NOT_ALLOWED', 'STATE_NOT_ALLOWED', 'CHAIN_NOT_ALLOWED', 'OVER_TANK_CAPACITY',
    'SUSPICIOUS_DISTANCE', 'MONTHLY_BUDGET', 'NOT_PLANNED_STOP', 'OVER_PLANNED_GALLONS', 'OVER_GALLONS_LEFT',
    'DRIVER_ID_INVALID', 'UNIT_NUMBER_INVALID', 'ODOMETER_INVALID'));
UPDATE card_transactions SET decline_code = decline_code_next;
ALTER TABLE card_transactions DROP COLUMN decline_code_next;

ALTER TABLE card_transactions ADD COLUMN vehicle_id INTEGER REFERENCES vehicles (id) ON DELETE SET NULL;
ALTER TABLE card_transactions ADD COLUMN unit_number TEXT NOT NULL DEFAULT '';
ALTER TABLE card_transactions ADD COLUMN odometer_miles INTEGER CHECK (odometer_miles BETWEEN 0 AND 9999999);
UPDATE card_transactions SET unit_number = COALESCE((SELECT c.unit_number FROM cards c WHERE c.id = card_transactions.card_id), '');
-- The MPG's gallons: a vehicle's approved purchases by date.
CREATE INDEX card_transactions_vehicle_id ON card_transactions (vehicle_id, transaction_date) WHERE vehicle_id IS NOT NULL;

ALTER TABLE vehicles ADD COLUMN mpg_alerted INTEGER NOT NULL DEFAULT 0 CHECK (mpg_alerted IN (0, 1));

CREATE TABLE odometer_readings (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id     INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    vehicle_id     INTEGER NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
    miles          INTEGER NOT NULL CHECK (miles BETWEEN 0 AND 9999999),
    read_at        TIMESTAMP NOT NULL,
    source         TEXT NOT NULL CHECK (source IN ('pump', 'telematics', 'driver', 'manual')),
    transaction_id INTEGER REFERENCES card_transactions (id) ON DELETE SET NULL,
    user_id        INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at     TIMESTAMP NOT NULL
);
CREATE INDEX odometer_readings_vehicle_id ON odometer_readings (vehicle_id, read_at);
CREATE INDEX odometer_readings_company_id ON odometer_readings (company_id, read_at);

CREATE TABLE alerts_new (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP')),
    message             TEXT NOT NULL,
    card_id             INTEGER REFERENCES cards (id) ON DELETE SET NULL,
    card_number         TEXT NOT NULL DEFAULT '',
    driver_name         TEXT NOT NULL DEFAULT '',
    transaction_id      INTEGER REFERENCES card_transactions (id),
    override_request_id INTEGER REFERENCES override_requests (id) ON DELETE SET NULL,
    trip_id             INTEGER REFERENCES trips (id),
    trip_request_id     INTEGER REFERENCES trip_requests (id) ON DELETE SET NULL,
    read_at             TIMESTAMP,
    created_at          TIMESTAMP NOT NULL
);
INSERT INTO alerts_new SELECT id, company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id,
    trip_id, trip_request_id, read_at, created_at FROM alerts;
DROP TABLE alerts;
ALTER TABLE alerts_new RENAME TO alerts;
CREATE INDEX alerts_company_id ON alerts (company_id, id);
CREATE INDEX alerts_company_id_unread ON alerts (company_id, id) WHERE read_at IS NULL;
CREATE INDEX alerts_override_request_id ON alerts (override_request_id);
CREATE INDEX alerts_trip_request_id ON alerts (trip_request_id);

-- +goose Down
CREATE TABLE alerts_old (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id          INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION')),
    message             TEXT NOT NULL,
    card_id             INTEGER REFERENCES cards (id) ON DELETE SET NULL,
    card_number         TEXT NOT NULL DEFAULT '',
    driver_name         TEXT NOT NULL DEFAULT '',
    transaction_id      INTEGER REFERENCES card_transactions (id),
    override_request_id INTEGER REFERENCES override_requests (id) ON DELETE SET NULL,
    trip_id             INTEGER REFERENCES trips (id),
    trip_request_id     INTEGER REFERENCES trip_requests (id) ON DELETE SET NULL,
    read_at             TIMESTAMP,
    created_at          TIMESTAMP NOT NULL
);
INSERT INTO alerts_old SELECT id, company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id,
    trip_id, trip_request_id, read_at, created_at FROM alerts WHERE kind <> 'MPG_DROP';
DROP TABLE alerts;
ALTER TABLE alerts_old RENAME TO alerts;
CREATE INDEX alerts_company_id ON alerts (company_id, id);
CREATE INDEX alerts_company_id_unread ON alerts (company_id, id) WHERE read_at IS NULL;
CREATE INDEX alerts_override_request_id ON alerts (override_request_id);
CREATE INDEX alerts_trip_request_id ON alerts (trip_request_id);

DROP TABLE odometer_readings;
ALTER TABLE vehicles DROP COLUMN mpg_alerted;
DROP INDEX card_transactions_vehicle_id;
ALTER TABLE card_transactions DROP COLUMN odometer_miles;
ALTER TABLE card_transactions DROP COLUMN unit_number;
ALTER TABLE card_transactions DROP COLUMN vehicle_id;

UPDATE card_transactions SET decline_code = 'CARD_INACTIVE' WHERE decline_code IN ('DRIVER_ID_INVALID', 'UNIT_NUMBER_INVALID', 'ODOMETER_INVALID');
ALTER TABLE card_transactions ADD COLUMN decline_code_next TEXT NOT NULL DEFAULT '';
UPDATE card_transactions SET decline_code_next = decline_code;
ALTER TABLE card_transactions DROP COLUMN decline_code;
ALTER TABLE card_transactions ADD COLUMN decline_code TEXT NOT NULL DEFAULT '' CHECK (decline_code IN (
    '', 'CARD_INACTIVE', 'UNKNOWN_CARD', 'INSUFFICIENT_FUNDS', 'CREDIT_LIMIT', 'PER_PURCHASE_LIMIT',
    'DAILY_LIMIT', 'DAILY_GALLONS_LIMIT', 'WEEKLY_LIMIT', 'DAILY_PURCHASES_LIMIT', 'PRODUCT_NOT_ALLOWED',
    'DAY_NOT_ALLOWED', 'HOUR_NOT_ALLOWED', 'STATE_NOT_ALLOWED', 'CHAIN_NOT_ALLOWED', 'OVER_TANK_CAPACITY',
    'SUSPICIOUS_DISTANCE', 'MONTHLY_BUDGET', 'NOT_PLANNED_STOP', 'OVER_PLANNED_GALLONS', 'OVER_GALLONS_LEFT'));
UPDATE card_transactions SET decline_code = decline_code_next;
ALTER TABLE card_transactions DROP COLUMN decline_code_next;

ALTER TABLE company_controls DROP COLUMN prompt;
ALTER TABLE cards DROP COLUMN prompt;
