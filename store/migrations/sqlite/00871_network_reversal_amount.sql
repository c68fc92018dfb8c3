-- The amount a card network's reversal of a captured purchase asked
-- (purchases.Service.ReverseNetwork; docs/feeds.md): in cents, 0 when it
-- asked for all that was left. A repeat of the reversal's id (its
-- idempotency key) is the same reversal only when it asks the same: then it
-- answers the first credit; another amount is refused. NULL for an issuer's
-- refund, and for a reversal recorded before it was kept (any repeat of
-- those answers the first credit, as before).

-- +goose Up
ALTER TABLE card_refunds ADD COLUMN requested_cents INTEGER CHECK (requested_cents >= 0);

-- +goose Down
ALTER TABLE card_refunds DROP COLUMN requested_cents;
