-- A card's history belongs to its company, not to whoever holds the card
-- next. Each purchase keeps the driver user who held its card when it was
-- recorded (NULL: no signed-up driver held it); a driver sees only the
-- purchases made while they held the card. No foreign key: user ids are
-- never reused (00400), so the id of a deleted driver names nobody else,
-- and purchases are not slowed by a lookup index for deletions.
--
-- cards.holder_since is when the card's driver got it: their trips are
-- those planned since (NULL: held from the start, as seeded data is).
--
-- A driver's sign-up no longer holds the card: the request names the card
-- (users.requested_card_id) and the card is linked only on approval, so
-- several requests for one card can wait side by side.

-- +goose Up
ALTER TABLE card_transactions ADD COLUMN driver_user_id BIGINT;
-- What was recorded on a card since its approved driver signed up is theirs.
UPDATE card_transactions SET driver_user_id = (
    SELECT k.driver_user_id FROM cards k JOIN users u ON u.id = k.driver_user_id
    WHERE k.id = card_transactions.card_id AND u.driver_status = 'APPROVED' AND u.created_at <= card_transactions.created_at)
WHERE card_id IS NOT NULL;

ALTER TABLE users ADD COLUMN requested_card_id BIGINT REFERENCES cards (id) ON DELETE SET NULL;
CREATE INDEX users_requested_card_id ON users (requested_card_id);
UPDATE users SET requested_card_id = (SELECT k.id FROM cards k WHERE k.driver_user_id = users.id)
WHERE driver_status = 'PENDING';
UPDATE cards SET driver_user_id = NULL
WHERE driver_user_id IN (SELECT id FROM users WHERE driver_status <> 'APPROVED');
ALTER TABLE cards ADD COLUMN holder_since TIMESTAMPTZ;
UPDATE cards SET holder_since = (SELECT u.created_at FROM users u WHERE u.id = cards.driver_user_id)
WHERE driver_user_id IS NOT NULL;

-- +goose Down
UPDATE cards SET driver_user_id = (
    SELECT MIN(u.id) FROM users u WHERE u.requested_card_id = cards.id AND u.driver_status = 'PENDING')
WHERE driver_user_id IS NULL;
ALTER TABLE cards DROP COLUMN holder_since;
DROP INDEX users_requested_card_id;
ALTER TABLE users DROP COLUMN requested_card_id;
ALTER TABLE card_transactions DROP COLUMN driver_user_id;
