-- The unit a trip is driven with (its vehicle's unit number, '' for none):
-- the pump check's unit for the trip's card when the card names none.
-- Like a card's unit number it names the company's vehicle by its unit,
-- so removing the vehicle leaves the trip as it was.

-- +goose Up
ALTER TABLE trips ADD COLUMN unit_number TEXT NOT NULL DEFAULT '' CHECK (length(unit_number) <= 50);

-- +goose Down
ALTER TABLE trips DROP COLUMN unit_number;
