-- The alert kinds REFUND (money came back to the wallet: a merchant's
-- refund or the card network's reversal of a captured purchase;
-- refund.created, purchases.Service.Refund) and CARD_SHIPPING (a physical
-- card shipped, was delivered or will not arrive; card.shipping,
-- issuing.Service.RecordShipping).

-- +goose Up
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
    CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP', 'WALLET_LOW', 'DRIVER_WAITING', 'IFTA_DUE', 'STATEMENT_READY', 'CARD_SHIPPING', 'REFUND'));

-- +goose Down
DELETE FROM alerts WHERE kind IN ('REFUND', 'CARD_SHIPPING');
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
    CHECK (kind IN ('DECLINE', 'OVERRIDE_REQUEST', 'NEAR_LIMIT', 'TRIP_REQUEST', 'TRIP_ENDED', 'TRIP_REPLANNED', 'WEBHOOK_FAILING', 'AUTHORIZATION', 'MPG_DROP', 'WALLET_LOW', 'DRIVER_WAITING', 'IFTA_DUE', 'STATEMENT_READY'));
