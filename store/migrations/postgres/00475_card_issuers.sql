-- Cards come from a card program, the issuer (docs/issuing.md): the portal
-- itself ('network', every card so far) or Stripe Issuing. A card keeps the
-- issuer's id of it, its last four digits and expiry when the issuer has
-- them; its 19-digit card number stays its id in the portal.
--
-- issuing_cardholders holds each company's cardholder at an issuer (Stripe
-- Issuing cards belong to a cardholder), created with the company's first
-- card there.

-- +goose Up
ALTER TABLE cards ADD COLUMN issuer TEXT NOT NULL DEFAULT 'network' CHECK (issuer IN ('network', 'stripe'));
ALTER TABLE cards ADD COLUMN issuer_card_id TEXT;
ALTER TABLE cards ADD COLUMN last4 TEXT CHECK (length(last4) = 4);
ALTER TABLE cards ADD COLUMN exp_month INTEGER CHECK (exp_month BETWEEN 1 AND 12);
ALTER TABLE cards ADD COLUMN exp_year INTEGER CHECK (exp_year BETWEEN 2000 AND 2999);
CREATE UNIQUE INDEX cards_issuer_card_id ON cards (issuer, issuer_card_id);

CREATE TABLE issuing_cardholders (
    company_id    BIGINT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    issuer        TEXT NOT NULL CHECK (issuer IN ('network', 'stripe')),
    cardholder_id TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (company_id, issuer),
    UNIQUE (issuer, cardholder_id)
);

-- +goose Down
DROP TABLE issuing_cardholders;
DROP INDEX cards_issuer_card_id;
ALTER TABLE cards DROP COLUMN exp_year;
ALTER TABLE cards DROP COLUMN exp_month;
ALTER TABLE cards DROP COLUMN last4;
ALTER TABLE cards DROP COLUMN issuer_card_id;
ALTER TABLE cards DROP COLUMN issuer;
