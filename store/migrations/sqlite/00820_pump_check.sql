-- The pump check: each vehicle's last fix (kept by the telematics ingest
-- in the transaction that stores the positions), the company's and each
-- card group's settings (JSON, NULL: the default, off; a group's NULL:
-- its company's), what the check used on each authorization and
-- purchase (JSON), and the questions put to drivers when no fresh fix
-- places their truck.

-- +goose Up
-- The pump check's decline codes join card_transactions.decline_code's CHECK (SQLite cannot change a
-- CHECK in place: the column is copied, as 00520 does).
ALTER TABLE card_transactions ADD COLUMN decline_code_next TEXT NOT NULL DEFAULT '';
UPDATE card_transactions SET decline_code_next = decline_code;
ALTER TABLE card_transactions DROP COLUMN decline_code;
ALTER TABLE card_transactions ADD COLUMN decline_code TEXT NOT NULL DEFAULT '' CHECK (decline_code IN (
    '', 'CARD_INACTIVE', 'UNKNOWN_CARD', 'INSUFFICIENT_FUNDS', 'CREDIT_LIMIT', 'PER_PURCHASE_LIMIT',
    'DAILY_LIMIT', 'DAILY_GALLONS_LIMIT', 'WEEKLY_LIMIT', 'DAILY_PURCHASES_LIMIT', 'PRODUCT_NOT_ALLOWED',
    'DAY_NOT_ALLOWED', 'HOUR_NOT_ALLOWED', 'STATE_NOT_ALLOWED', 'CHAIN_NOT_ALLOWED', 'OVER_TANK_CAPACITY',
    'SUSPICIOUS_DISTANCE', 'MONTHLY_BUDGET', 'NOT_PLANNED_STOP', 'OVER_PLANNED_GALLONS', 'OVER_GALLONS_LEFT',
    'DRIVER_ID_INVALID', 'UNIT_NUMBER_INVALID', 'ODOMETER_INVALID',
    'VEHICLE_NOT_AT_STATION', 'PUMP_CHECK_CHALLENGE', 'OVER_TANK_SPACE'));
UPDATE card_transactions SET decline_code = decline_code_next;
ALTER TABLE card_transactions DROP COLUMN decline_code_next;

CREATE TABLE vehicle_last_fixes (
    vehicle_id     INTEGER PRIMARY KEY REFERENCES vehicles (id) ON DELETE CASCADE,
    company_id     INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    fix_time       TIMESTAMP NOT NULL,
    latitude       REAL NOT NULL,
    longitude      REAL NOT NULL,
    speed_mph      REAL,
    fuel_percent   REAL CHECK (fuel_percent BETWEEN 0 AND 100),
    odometer_miles REAL,
    source         TEXT NOT NULL CHECK (length(source) BETWEEN 1 AND 40),
    received_at    TIMESTAMP NOT NULL
);

ALTER TABLE companies ADD COLUMN pump_check TEXT;
ALTER TABLE member_groups ADD COLUMN pump_check TEXT;
ALTER TABLE card_authorizations ADD COLUMN pump_check TEXT;
ALTER TABLE card_transactions ADD COLUMN pump_check TEXT;

CREATE TABLE pump_check_challenges (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id       INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    card_id          INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    driver_user_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    unit_number      TEXT NOT NULL,
    station_id       INTEGER NOT NULL,
    station_name     TEXT NOT NULL,
    authorization_id TEXT NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    expires_at       TIMESTAMP NOT NULL,
    answer           TEXT CHECK (answer IN ('yes', 'no')),
    answered_at      TIMESTAMP,
    used_at          TIMESTAMP
);
CREATE INDEX pump_check_challenges_card ON pump_check_challenges (card_id, station_id);
CREATE INDEX pump_check_challenges_driver ON pump_check_challenges (driver_user_id);

-- +goose Down
UPDATE card_transactions SET decline_code = 'CARD_INACTIVE' WHERE decline_code IN ('VEHICLE_NOT_AT_STATION', 'PUMP_CHECK_CHALLENGE', 'OVER_TANK_SPACE');
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

DROP TABLE pump_check_challenges;
ALTER TABLE card_transactions DROP COLUMN pump_check;
ALTER TABLE card_authorizations DROP COLUMN pump_check;
ALTER TABLE member_groups DROP COLUMN pump_check;
ALTER TABLE companies DROP COLUMN pump_check;
DROP TABLE vehicle_last_fixes;
