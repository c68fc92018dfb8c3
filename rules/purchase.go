// Package rules decides card purchases: the card's state, its controls,
// the fraud check, a locked trip's plan and the wallet's floor, as pure
// functions of the facts the store reads. Every path that records a
// purchase (purchases.Service: the network, files, the demo) decides by
// DecidePurchase, so they cannot drift apart.
package rules

import (
	"time"

	"fuelportal"
)

// PurchaseFacts are everything the decision on one purchase looks at, as
// the store reads them under the card's lock.
type PurchaseFacts struct {
	// Card is the card the purchase was made with; nil for a number that
	// is no card of ours.
	Card    *fuelportal.Card
	Station *fuelportal.Station // where: its state, chain and coordinates
	Product fuelportal.ProductCode
	Gallons fuelportal.Gallons
	// RetailPrice is the pump price per gallon, Price what the card is
	// charged per gallon (fuelportal.Contract.Price).
	RetailPrice, Price fuelportal.TenthCents
	Time               time.Time // the purchase instant (UTC)

	// Contract is the card's company's contract: its fee, and the wallet's
	// floor and the decline for funds by its billing plan.
	Contract *fuelportal.Contract
	// Controls are the card's effective controls (its own over the
	// company default); Location is the company's time zone, in which the
	// controls' days, hours and periods are counted (nil: UTC).
	Controls fuelportal.Controls
	Location *time.Location
	// Overridden is set while an override lifts the card's rules: its
	// controls, the fraud check and the trip lock, never the wallet.
	Overridden bool
	// PromptLifted is set while an override the owner granted to lift the
	// pump prompt too is on: only then is the prompt not checked.
	PromptLifted bool
	// History is what the card's approved purchases add up to around this
	// one (its sums may be left zero when NeedsHistory says no rule uses
	// them, or under an override).
	History CardHistory
	// Trip is the card's active trip (nil: none) and Fit how the purchase
	// fits its plan.
	Trip *fuelportal.Trip
	Fit  fuelportal.PlanFit
	// PromptMode is the card's effective pump prompt (its own over the
	// company default), Prompt what the driver keyed in, LastOdometer the
	// card's vehicle's latest odometer reading up to Time (nil: none, or
	// no vehicle): CheckPrompt's.
	PromptMode   fuelportal.PromptMode
	Prompt       fuelportal.PumpPrompt
	LastOdometer *fuelportal.OdometerReading
	// WalletCents is the company's wallet balance before the purchase (0
	// for a wallet not opened yet).
	WalletCents int64
	// Pump are the pump check's facts (nil: the check does not apply).
	Pump *PumpFacts
}

// Decision is the outcome of a purchase.
type Decision struct {
	Status fuelportal.TransactionStatus
	Reason fuelportal.DeclineReason // of a decline; "" when approved
	// Amounts are the money figures of an approved purchase, by which the
	// wallet is debited (FundedTotalCents: NetTotalCents, then FeeCents);
	// zero for a decline.
	Amounts fuelportal.PurchaseAmounts
	// NearLimits are the limits an approved purchase takes the card past
	// NearLimitPercent of: each an alert for the owner.
	NearLimits []NearLimit
	// Pump is what the pump check found (PumpFlags: a flag, never a
	// decline; nil: it does not apply).
	Pump *fuelportal.PumpCheck
}

// Approved reports whether the purchase is approved.
func (d Decision) Approved() bool { return d.Status == fuelportal.TransactionApproved }

// DecidePurchase decides a purchase on its facts. The first rule it breaks
// declines it, in this order: an unknown card (UNKNOWN_CARD), an inactive
// one (CARD_INACTIVE); the card's pump prompt (CheckPrompt:
// DRIVER_ID_INVALID, UNIT_NUMBER_INVALID, ODOMETER_INVALID), which an
// override lifts only when the owner lifted the prompt explicitly
// (PromptLifted: it says who is at the pump with which truck); unless an override lifts them, the card's controls
// in their order and the fraud check (checkControls), then a locked active
// trip's plan (NOT_PLANNED_STOP, OVER_PLANNED_GALLONS, OVER_GALLONS_LEFT);
// last the wallet, which may not go below the contract's floor
// (FundsDecline). Otherwise it is approved for the funded total of its
// fuel at the contract's price and the contract's fee.
func DecidePurchase(f PurchaseFacts) Decision {
	if reason := cardDecline(f); reason != "" {
		return declined(reason)
	}
	d := decide(f, f.Contract.PurchaseAmounts(f.Gallons, f.RetailPrice, f.Price))
	d.Pump = PumpFlags(f)
	return d
}

// cardDecline is what every purchase and authorization meets first: an
// unknown card (UNKNOWN_CARD), an inactive one (CARD_INACTIVE), then what
// was keyed at the pump against the card's prompt (CheckPrompt). It
// returns "" when the card may buy.
func cardDecline(f PurchaseFacts) fuelportal.DeclineReason {
	switch {
	case f.Card == nil:
		return fuelportal.DeclineUnknownCard
	case f.Card.Status != fuelportal.CardActive:
		return fuelportal.DeclineCardInactive
	case f.PromptLifted:
		return ""
	}
	return CheckPrompt(f.PromptMode, f.Card, f.Prompt, f.LastOdometer, f.Time)
}

// decide is DecidePurchase past the card's checks (cardDecline), for a
// purchase costing amounts: the rules every purchase and authorization
// decision runs.
func decide(f PurchaseFacts, amounts fuelportal.PurchaseAmounts) Decision {
	var near []NearLimit
	if !f.Overridden {
		loc := f.Location
		if loc == nil {
			loc = time.UTC
		}
		if reason := checkControls(f.Controls, f, amounts.FundedTotalCents, loc); reason != "" {
			return declined(reason)
		}
		if reason := tripLock(f.Trip, f.Fit, f.Gallons); reason != "" {
			return declined(reason)
		}
		near = nearLimits(f.Controls, amounts.FundedTotalCents, f.Gallons, f.History)
	}
	if total := amounts.FundedTotalCents; total > 0 && f.WalletCents-total < f.Contract.MinBalanceCents() {
		return declined(FundsDecline(f.Contract))
	}
	return Decision{Status: fuelportal.TransactionApproved, Amounts: amounts, NearLimits: near}
}

func declined(reason fuelportal.DeclineReason) Decision {
	return Decision{Status: fuelportal.TransactionDeclined, Reason: reason}
}

// FundsDecline is the decline of a purchase the wallet cannot pay under
// contract c: INSUFFICIENT_FUNDS when prepaid, CREDIT_LIMIT on invoice.
// The store declines with it too when the ledger's guarded debit finds
// the balance moved below what the decision read.
func FundsDecline(c *fuelportal.Contract) fuelportal.DeclineReason {
	if c.Billing == fuelportal.BillingInvoice {
		return fuelportal.DeclineCreditLimitReached
	}
	return fuelportal.DeclineInsufficientFunds
}

// tripLock is the trip lock rule for a purchase of gallons on a card whose
// active trip is trip (nil: none), fitting its plan as fit: with a locked
// trip, only a stop of the current plan, for at most its planned gallons
// plus 10 %, and with what was bought under the plan before at most that
// at the stop and the plan's total plus 10 % in all
// (fuelportal.PlanFit.LockDecline). It returns the decline code, or ""
// when the trip allows the purchase.
func tripLock(trip *fuelportal.Trip, fit fuelportal.PlanFit, gallons fuelportal.Gallons) fuelportal.DeclineReason {
	if trip == nil || !trip.LockCard || trip.Plan == nil {
		return ""
	}
	return fit.LockDecline(gallons)
}
