// Package plan is the smart route assistant's fuel purchase optimizer: given
// the stations near a route, where to stop and how much to buy so that the
// trip costs the least, and what a driver without a plan would pay instead.
//
// # Model
//
// Distances are miles, fuel is gallons, prices are integer tenths of a cent
// per gallon ($3.459 = 3459), money out is integer cents.
//
//   - The truck drives the route from mile 0 to Trip.RouteMiles and burns
//     1/MPG gallons per mile, on and off the route alike.
//   - A stop at a station leaves the route at the station's AlongMiles,
//     drives OffMiles to the station, buys, and drives OffMiles back to the
//     same point. Fuel on arrival at the station is the fuel at the exit
//     point less OffMiles/MPG; the detour burns 2·OffMiles/MPG in all.
//   - Stops happen in route order (by AlongMiles, then OffMiles, then ID),
//     each station at most once. Stations that are not stopped at cost
//     nothing.
//   - Fuel never drops below ReserveGallons: not on arrival at any station
//     and not at the destination. Since fuel only falls while driving, those
//     checks cover every point of the trip. The start must be at or above the
//     reserve (otherwise the input is rejected).
//   - Purchases are real numbers of gallons, at least MinPurchaseGallons
//     each, and never past TankGallons.
//   - The optimizer minimises the money spent on fuel bought en route,
//     Σ NetPrice·gallons, plus what the trip's Costs charge for each stop:
//     StopCents, and OutOfRouteTenthCentsPerMile for each of the stop's
//     2·OffMiles (there and back). All of it is computed exactly (in
//     float64, so to about 1e-9 of a cent). Fuel left at the destination is
//     not credited, so a cheapest plan arrives with more than the reserve
//     only when the starting fuel or a minimum purchase leaves it there.
//     With zero Costs (the default) the plans are the fuel-only ones, bit
//     for bit (testdata/golden_plans.txt predates the costs).
//   - Costs.FeeCents, the fuel card's fee per purchase, is one more cost of
//     every stop to the optimizer, exactly like StopCents; it is money the
//     card pays with the fuel, so stops report it as FeeCents (not in
//     DetourCents), and the naive driver, who pays the pump's retail
//     price, pays none.
//   - Money is rounded once: the plan's total cents are the exact total
//     rounded half up; each stop shows its exact cost rounded down, plus one
//     cent for the stops with the largest remainders, so the stops always add
//     up to the total. Fuel (TotalCents, CostCents) and detours
//     (DetourCents) are rounded this way separately, so that each figure
//     the planner shows adds up. A trip with PurchaseCents instead charges
//     each stop's fuel as its own purchase will be (the card network's
//     rounding), the total being their sum: what a driver who buys exactly
//     the plan is charged.
//
// Comparisons with the reserve and the tank tolerate 1e-9 gallons of float
// rounding, so that a plan meant to arrive exactly at the reserve is not lost
// to a subtraction that lands at −1e-14.
//
// # Algorithm (exact)
//
// Work in usable fuel u = fuel − reserve, so the tank holds
// U = TankGallons − ReserveGallons and every constraint reads 0 ≤ u ≤ U.
// Sweep the route once, in station order, keeping the fuel curve F: for each
// usable fuel level f the truck can have on the route at the current point,
// the least money spent to get there with exactly f (+∞ if impossible). At
// the start F is the single point (u0, 0).
//
//   - Driving d miles shifts F left by d/MPG and discards levels below 0.
//   - At a station's exit, the truck either drives past (F unchanged) or
//     stops. Arriving with g = f − OffMiles/MPG ≥ 0 and leaving with h,
//     g + MinPurchase ≤ h ≤ U, costs A(g) + price·(h − g), where A is F moved
//     to the station. The cheapest way to leave with h is
//     E(h) = K + price·h + M(h − MinPurchase) with M(y) = min over g ≤ y of
//     A(g) − price·g, a prefix minimum, and K the stop's detour and stop
//     cost (a constant for the station, paid once whatever is bought).
//     Returning to the route maps h to h − OffMiles/MPG, and F becomes
//     min(F, E moved back).
//   - At the destination, the answer is the minimum of F over f ≥ 0.
//
// This is dynamic programming over the state (position, fuel) with the
// whole value function carried along, so it is exact without guessing which
// fuel levels matter: F is always piecewise linear (induction: shifting,
// prefix minima, adding a linear term and taking the minimum of two such
// functions all keep it so), and the code represents it exactly as closed
// linear pieces. Where pieces meet, the lower value counts, so F is lower
// semicontinuous and its minimum is attained at a piece endpoint. The prefix
// minimum splits each piece of A in one of two ways, which are also the two
// ways a stop can buy in an optimal plan: fuel at least as dear as here is
// replaced by arriving at the best earlier level and filling up to h (slope
// price); fuel cheaper than here is kept by arriving with h − MinPurchase and
// buying just the minimum (slope of the cheaper fuel). Every piece remembers
// which of these made it and from which earlier piece, so the stops and
// gallons are rebuilt by walking back from the destination, and the rebuilt
// plan is replayed against the model before it is returned.
//
// Each piece's slope is a station price, and F rarely has more than a few
// dozen pieces (about 12 on average for 500 stations on a coast-to-coast
// corridor), so the sweep is O(stations × pieces) with no pairwise
// station-to-station step: about 1.3 ms of CPU for 500 stations (see
// bench/README.md). The tests compare it to the cent with an exhaustive
// search over every subset of stops on thousands of random small trips, with
// and without detour and stop costs, and pin every plan bit for bit to
// golden digests (testdata/golden_plans.txt, golden_detour_plans.txt) so
// that speed-ups cannot change a result.
//
// # Bounded work
//
// The exact curve can grow with the numbers rather than the stations: a
// minimum purchase m against a usable tank U leaves up to about U/m pieces
// (minimum 0.001 gallons: 2 s and 809 MB for one plan; 1e-300 exhausted
// the machine). So the curve is capped at maxCurvePieces (1,024): past it,
// thinCurve first drops every piece whose cheapest point costs at least as
// much as some fuller level (more fuel for no more money), then, if still
// too long, keeps one piece per band of fuel levels (the cheapest to enter)
// and the fullest. Kept pieces are unchanged, so the traced plan is real
// and passes the replay; dropped levels only become unreachable. The sweep
// then takes O(stations × maxCurvePieces) time and at most
// stations × (2·maxCurvePieces + 2) origins of memory, whatever the
// numbers, and OptimizeContext stops it when its context ends.
//
// Dropping dominated pieces can in principle lose a plan (a fuller tank
// can be worse when a later minimum purchase no longer fits), and the band
// stage can lose money; neither happens below the cap, which no realistic
// trip reaches (the golden and exhaustive instances never do), and the
// tests compare thinned with unthinned sweeps on corridors that are
// thinned (a 1-gallon minimum against 150- and 400-gallon tanks): the
// costs agree to the float. The API's domain (tank ≤ 400 gallons, minimum
// purchase ≥ 1 gallon) keeps requests in that regime.
//
// # Impossible trips
//
// If F becomes empty, no plan exists. Optimize then returns a *GapError
// naming the last point where fuel could still be bought (or the start), the
// next point the truck cannot reach (a station's exit or the destination) and
// the range it has there.
//
// # The naive comparison
//
// "What a driver without a plan pays", under the same model: the driver
// follows the route and, once the tank would fall to a quarter (TankGallons/4),
// stops at the first station at or after that point (paying its detour) and
// fills the tank to full at the RETAIL price; this repeats until the
// destination can be reached with the reserve. If no station from the
// quarter-tank point on can be reached above the reserve, the driver falls
// back to the last station before that point (a real driver would rather
// stop early than run dry). If even that fails, the naive result is reported
// as unavailable (Naive.Available false) and the plan itself is still
// returned. Fill-ups start at or below a quarter tank except in that fallback,
// and the naive driver ignores the minimum purchase. It also ignores the
// trip's Costs when choosing, but pays them: Naive.DetourCents charges its
// stops like the plan's, so that Plan.NetSavings compares fuel, detours
// and stops on both sides.
//
// Its cost is reported for the plan's end state. Fuel left at the
// destination is not credited to the plan, so charging the naive driver for
// a full tank it mostly still has on arrival would overstate the savings
// (a 210-mile trip with a 200-gallon tank and 40 gallons aboard: the plan
// buys a dozen gallons, the naive driver fills 160). So after the
// simulation, the surplus S = (naive fuel at the destination) − (the plan's
// DestinationGallons), when positive, is taken off the naive purchases from
// the last one backwards: the last purchase is reduced by min(S, its
// gallons), the rest of S comes off the one before, and so on; a purchase
// reduced to nothing is dropped. Naive.Stops, TotalGallons and TotalCents
// then describe the naive driver's stations and retail prices without the
// overbuy. The cents are the adjusted purchases' exact costs (retail price ×
// gallons, i.e. the original cost less reduction × retail) rounded by the
// rules above, so the stops add up to the total.
//
// The adjusted purchases are still a feasible trip. Before the first reduced
// purchase nothing changes. Let purchases j..m be the reduced ones
// (purchases after j reduced to nothing, j possibly only in part) and R ≤ S
// the gallons taken off in all. At any point x after purchase j, the fuel
// is the naive fuel at x less the reductions at purchases j..k before x;
// the naive fuel at x is its destination fuel plus the fuel burned from x
// on less the purchases after x, and those purchases (k+1..m) were reduced
// to nothing. So the fuel at x is (naive destination fuel − R) plus the fuel
// burned from x on: at least the adjusted destination level, because fuel
// only falls between purchases. That level is at least the plan's
// destination fuel (R ≤ S), which is at least the reserve. The tank limit
// holds because a purchase only shrinks, and arrival fuel at the kept
// purchases is unchanged; a dropped purchase also skips its detour, which
// only leaves more fuel. In fact the naive driver only stops when the
// destination is out of reach, so its fuel without its last fill-up would
// arrive below the reserve: S is always less than the last fill-up, and
// only that one is cut (the backward spread is a safeguard). The adjusted
// purchases ignore the minimum purchase, as the naive driver already did,
// so a cut fill-up can be smaller than MinPurchaseGallons.
package plan
