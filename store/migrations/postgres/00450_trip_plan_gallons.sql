-- The trip lock counts what was bought under a trip's plan: a stop's
-- gallons and the plan's total bound every purchase there together, and a
-- purchase passing them is declined OVER_GALLONS_LEFT (a new code of
-- card_transactions.decline_code). trip_transactions.off_plan_gallons_milli
-- is how many of a purchase's gallons were off the plan (all of them away
-- from its stops, else those above the stop's or the trip's bound), so
-- compliance counts gallons above the plan as off plan; on_plan stays 1
-- only for an approved purchase with none. Earlier approved purchases off
-- the plan were off plan whole.

-- +goose Up
ALTER TABLE card_transactions DROP CONSTRAINT card_transactions_decline_code_check;
ALTER TABLE card_transactions ADD CONSTRAINT card_transactions_decline_code_check CHECK (decline_code IN (
    '', 'CARD_INACTIVE', 'UNKNOWN_CARD', 'INSUFFICIENT_FUNDS', 'CREDIT_LIMIT', 'PER_PURCHASE_LIMIT',
    'DAILY_LIMIT', 'DAILY_GALLONS_LIMIT', 'WEEKLY_LIMIT', 'DAILY_PURCHASES_LIMIT', 'PRODUCT_NOT_ALLOWED',
    'DAY_NOT_ALLOWED', 'HOUR_NOT_ALLOWED', 'STATE_NOT_ALLOWED', 'CHAIN_NOT_ALLOWED', 'OVER_TANK_CAPACITY',
    'SUSPICIOUS_DISTANCE', 'MONTHLY_BUDGET', 'NOT_PLANNED_STOP', 'OVER_PLANNED_GALLONS', 'OVER_GALLONS_LEFT'));

ALTER TABLE trip_transactions ADD COLUMN off_plan_gallons_milli BIGINT NOT NULL DEFAULT 0 CHECK (off_plan_gallons_milli >= 0);
UPDATE trip_transactions SET off_plan_gallons_milli = ct.gallons_milli
    FROM card_transactions ct
    WHERE ct.id = trip_transactions.transaction_id AND trip_transactions.on_plan = 0 AND ct.status = 'APPROVED';

-- +goose Down
ALTER TABLE trip_transactions DROP COLUMN off_plan_gallons_milli;
UPDATE card_transactions SET decline_code = 'OVER_PLANNED_GALLONS' WHERE decline_code = 'OVER_GALLONS_LEFT';
ALTER TABLE card_transactions DROP CONSTRAINT card_transactions_decline_code_check;
ALTER TABLE card_transactions ADD CONSTRAINT card_transactions_decline_code_check CHECK (decline_code IN (
    '', 'CARD_INACTIVE', 'UNKNOWN_CARD', 'INSUFFICIENT_FUNDS', 'CREDIT_LIMIT', 'PER_PURCHASE_LIMIT',
    'DAILY_LIMIT', 'DAILY_GALLONS_LIMIT', 'WEEKLY_LIMIT', 'DAILY_PURCHASES_LIMIT', 'PRODUCT_NOT_ALLOWED',
    'DAY_NOT_ALLOWED', 'HOUR_NOT_ALLOWED', 'STATE_NOT_ALLOWED', 'CHAIN_NOT_ALLOWED', 'OVER_TANK_CAPACITY',
    'SUSPICIOUS_DISTANCE', 'MONTHLY_BUDGET', 'NOT_PLANNED_STOP', 'OVER_PLANNED_GALLONS'));
