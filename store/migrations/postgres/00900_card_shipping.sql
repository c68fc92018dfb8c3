-- A physical card's shipment as its issuer reports it (Stripe Issuing's
-- card.shipping, from the card when it is ordered and from
-- issuing_card.updated events): its status, the carrier, the tracking
-- number and address, and the estimated delivery. NULL status: the card is
-- not shipped (a virtual card, a network card).

-- +goose Up
ALTER TABLE cards ADD COLUMN shipping_status TEXT CHECK (shipping_status IN ('pending', 'submitted', 'shipped', 'delivered', 'returned', 'failure', 'canceled'));
ALTER TABLE cards ADD COLUMN shipping_carrier TEXT;
ALTER TABLE cards ADD COLUMN shipping_tracking_number TEXT;
ALTER TABLE cards ADD COLUMN shipping_tracking_url TEXT;
ALTER TABLE cards ADD COLUMN shipping_eta TIMESTAMPTZ;

-- +goose Down
ALTER TABLE cards DROP COLUMN shipping_eta;
ALTER TABLE cards DROP COLUMN shipping_tracking_url;
ALTER TABLE cards DROP COLUMN shipping_tracking_number;
ALTER TABLE cards DROP COLUMN shipping_carrier;
ALTER TABLE cards DROP COLUMN shipping_status;
