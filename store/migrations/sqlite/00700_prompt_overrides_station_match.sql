-- An override that also lifts the card's pump prompt (the owner's explicit
-- choice; an override lifts only the card's rules otherwise), on the
-- override and on the request it granted; how an issuer's merchant matched
-- the catalog on authorizations and purchases ('' on rows before, and on a
-- purchase reported at a station the network named), with the candidate
-- stations of an ambiguous one (comma-separated ids).

-- +goose Up
ALTER TABLE card_overrides ADD COLUMN lifts_prompt INTEGER NOT NULL DEFAULT 0 CHECK (lifts_prompt IN (0, 1));
ALTER TABLE override_requests ADD COLUMN lifts_prompt INTEGER NOT NULL DEFAULT 0 CHECK (lifts_prompt IN (0, 1));
ALTER TABLE card_authorizations ADD COLUMN station_match TEXT NOT NULL DEFAULT ''
    CHECK (station_match IN ('', 'exact', 'ambiguous', 'none'));
ALTER TABLE card_authorizations ADD COLUMN candidate_location_ids TEXT NOT NULL DEFAULT '';
ALTER TABLE card_transactions ADD COLUMN station_match TEXT NOT NULL DEFAULT ''
    CHECK (station_match IN ('', 'exact', 'ambiguous', 'none'));
ALTER TABLE card_transactions ADD COLUMN candidate_location_ids TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE card_transactions DROP COLUMN candidate_location_ids;
ALTER TABLE card_transactions DROP COLUMN station_match;
ALTER TABLE card_authorizations DROP COLUMN candidate_location_ids;
ALTER TABLE card_authorizations DROP COLUMN station_match;
ALTER TABLE override_requests DROP COLUMN lifts_prompt;
ALTER TABLE card_overrides DROP COLUMN lifts_prompt;
