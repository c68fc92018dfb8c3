-- The fuel planner counts what a stop costs besides its fuel ("A
-- plan that counts the detour"): an out-of-route cost per mile driven off
-- the route (driver time, wear), in tenths of a cent per mile, and a cost
-- per stop, in cents. Both default to 0, which leaves every plan as it was.

-- +goose Up
ALTER TABLE contracts ADD COLUMN out_of_route_tenth_cents_per_mile INTEGER NOT NULL DEFAULT 0
    CHECK (out_of_route_tenth_cents_per_mile >= 0);
ALTER TABLE contracts ADD COLUMN stop_cost_cents INTEGER NOT NULL DEFAULT 0
    CHECK (stop_cost_cents >= 0);

-- +goose Down
ALTER TABLE contracts DROP COLUMN stop_cost_cents;
ALTER TABLE contracts DROP COLUMN out_of_route_tenth_cents_per_mile;
