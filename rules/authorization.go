package rules

import (
	"slices"

	"fuelportal"
)

// AuthorizationFacts are the facts of an issuer's real-time authorization
// request: those of a purchase (the card, the place, the product, the
// card's history with its open holds added, the wallet's available
// balance: its balance less its holds) and the request's amount.
//
// Price is the pump price per gallon the request's gallons are estimated
// at (the matched station's, else the state's average; 0: unknown, then
// no gallons rule can be checked before the capture). Gallons is what the
// pump reported, 0 when it did not: then the gallons are the amount's at
// Price.
type AuthorizationFacts struct {
	PurchaseFacts
	RequestCents int64
	// Controllable is Stripe's is_amount_controllable: a smaller amount
	// than asked may be approved (a pump pre-authorization).
	Controllable bool
}

// AuthorizationDecision is the answer to an authorization request.
type AuthorizationDecision struct {
	Approved    bool
	AmountCents int64 // approved amount: the request's or less; 0 on a decline
	// HoldCents is what an approval holds on the wallet: the amount and
	// the card's fee, which its capture adds (0 on a decline).
	HoldCents int64
	Reason    fuelportal.DeclineReason
	// Fired are the rules that shaped the answer: the decline's code, or
	// the limits that cut a partial amount, in the order they were met.
	Fired []string
	// Pump is what the pump check found (nil: it does not apply).
	Pump PumpResult
}

// DecideAuthorization decides an authorization request by the purchase
// rules (decide, the checks of DecidePurchase): an unknown card, an
// inactive one, the controls, the fraud check, a locked trip and the
// wallet. On an amount-controllable request it first cuts the amount to
// the least of what the limits leave: the per-purchase limit, the day's,
// week's and month's money left, the day's gallons left, a locked trip's
// stop's planned gallons and the tank's capacity (gallons at Price), and
// the wallet's available balance above the contract's floor; a limit that
// leaves nothing declines with its code. The amount left is then decided
// as one purchase of that many cents and the contract's fee, so no second
// copy of a rule exists. A request of $0 (a card check) is cut by nothing:
// it is decided as a fixed one.
//
// A card's dollar limits and the wallet count the fee, as they count a
// purchase's funded total (fuel and fee): each money limit leaves the
// amount less the fee its capture adds, so a card never ends a day over
// its limit by the fee, and the hold is the amount and the fee.
//
// The pump check (CheckPump) comes right after the card's own checks: it
// may decline (VEHICLE_NOT_AT_STATION, PUMP_CHECK_CHALLENGE), and with the
// fuel level known it is one more limit of the cut (the tank's room,
// OVER_TANK_SPACE), or declines a fixed amount that does not fit.
func DecideAuthorization(f AuthorizationFacts) AuthorizationDecision {
	if reason := cardDecline(f.PurchaseFacts); reason != "" {
		return authDeclined(reason)
	}
	pump := pumpCheck(f.PurchaseFacts)
	d := decideAuthorization(f, pump)
	d.Pump = pump
	if c := pump.Check; c != nil && pump.TankSpace != nil {
		switch {
		case d.Reason == fuelportal.DeclineOverTankSpace:
			c.Outcome = fuelportal.PumpOverTankSpace
		case d.Approved && slices.Contains(d.Fired, string(fuelportal.DeclineOverTankSpace)):
			c.Outcome = fuelportal.PumpCutToTank
		}
	}
	return d
}

func decideAuthorization(f AuthorizationFacts, pump PumpResult) AuthorizationDecision {
	if pump.Decline != "" {
		return authDeclined(pump.Decline)
	}
	amount := f.RequestCents
	var fired []string
	if f.Controllable {
		amount, fired = cutAmount(f, pump.TankSpace)
		if amount <= 0 && len(fired) > 0 {
			return authDeclined(fuelportal.DeclineReason(fired[len(fired)-1]))
		}
	}
	if f.Gallons == 0 && f.Price > 0 {
		// The gallons the amount buys, rounded down: an amount cut to a
		// gallons limit stays within it.
		f.Gallons = fuelportal.Gallons(amount * 10_000 / int64(f.Price))
	}
	if pump.TankSpace != nil && f.Gallons > *pump.TankSpace && !f.Controllable {
		return authDeclined(fuelportal.DeclineOverTankSpace)
	}
	fee := f.Contract.FeeCents
	d := decide(f.PurchaseFacts, fuelportal.PurchaseAmounts{RetailTotalCents: amount, NetTotalCents: amount, FeeCents: fee, FundedTotalCents: amount + fee})
	if !d.Approved() {
		return authDeclined(d.Reason)
	}
	return AuthorizationDecision{Approved: true, AmountCents: amount, HoldCents: amount + fee, Fired: fired}
}

func authDeclined(reason fuelportal.DeclineReason) AuthorizationDecision {
	return AuthorizationDecision{Reason: reason, Fired: []string{string(reason)}}
}

// cutAmount is the least of the request and what each limit leaves, with
// the codes of the limits that cut it (the last one the binding one). A
// money limit leaves its room less the contract's fee.
func cutAmount(f AuthorizationFacts, tankSpace *fuelportal.Gallons) (int64, []string) {
	amount := f.RequestCents
	var fired []string
	fee := f.Contract.FeeCents
	limit := func(left int64, code fuelportal.DeclineReason) {
		if left < amount {
			amount = max(left, 0)
			fired = append(fired, string(code))
		}
	}
	money := func(left int64, code fuelportal.DeclineReason) { limit(left-fee, code) }
	gallons := func(g fuelportal.Gallons, code fuelportal.DeclineReason) {
		if f.Price > 0 {
			limit(int64(g)*int64(f.Price)/10_000, code) // rounded down
		}
	}
	c, h := f.Controls, f.History
	if !f.Overridden {
		if c.PerPurchaseCents != nil {
			money(*c.PerPurchaseCents, fuelportal.DeclinePerPurchaseLimit)
		}
		if c.DailyCents != nil {
			money(*c.DailyCents-h.DayCents, fuelportal.DeclineDailyLimit)
		}
		if c.DailyGallons != nil {
			gallons(*c.DailyGallons-h.DayGallons, fuelportal.DeclineDailyGallonsLimit)
		}
		if c.WeeklyCents != nil {
			money(*c.WeeklyCents-h.WeekCents, fuelportal.DeclineWeeklyLimit)
		}
		if c.MonthlyBudgetCents != nil {
			money(*c.MonthlyBudgetCents-h.MonthCents, fuelportal.DeclineMonthlyBudget)
		}
		tank := c.TankCapacityGallons
		if f.Product == fuelportal.ProductReefer {
			tank = c.ReeferTankGallons
		}
		if tank != nil {
			gallons(*tank, fuelportal.DeclineOverTankCapacity)
		}
		if tankSpace != nil {
			gallons(*tankSpace, fuelportal.DeclineOverTankSpace)
		}
		if t := f.Trip; t != nil && t.LockCard && t.Plan != nil && f.Fit.AtStop {
			gallons(f.Fit.Stop.MaxGallons(), fuelportal.DeclineOverPlannedGallons)
		}
	}
	money(f.WalletCents-f.Contract.MinBalanceCents(), FundsDecline(f.Contract))
	return amount, fired
}
