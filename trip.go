package fuelportal

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// TripStatus is where a trip stands. Only an ACTIVE trip locks its card,
// is re-planned and records purchases.
type TripStatus string

// Trip statuses.
const (
	TripActive    TripStatus = "ACTIVE"
	TripCompleted TripStatus = "COMPLETED"
	TripCancelled TripStatus = "CANCELLED"
)

// Valid reports whether s is a known status.
func (s TripStatus) Valid() bool { return s == TripActive || s == TripCompleted || s == TripCancelled }

// TripPlanReason says why a plan version was made.
type TripPlanReason string

// Plan version reasons.
const (
	TripPlanCreated     TripPlanReason = "CREATED"
	TripPlanReplanned   TripPlanReason = "REPLANNED"         // the driver or owner asked
	TripPlanOffPlan     TripPlanReason = "OFF_PLAN_PURCHASE" // an approved purchase off the plan
	TripPlanPriceChange TripPlanReason = "PRICE_CHANGE"      // a remaining stop's price moved more than TripReplanPriceDelta
)

// Trip rules.
const (
	// TripGallonsTolerancePercent is how far above a stop's planned gallons,
	// and above the plan's total, a locked card may buy.
	TripGallonsTolerancePercent = 10
	// MaxTripPlanVersions bounds a trip's plan versions, whatever made them:
	// past it a re-plan is refused (start a new trip instead).
	MaxTripPlanVersions = 100
	// MsgTripPlanVersionsUsed (with MaxTripPlanVersions) refuses a re-plan
	// past them.
	MsgTripPlanVersionsUsed = "The trip already has its %d plan versions - Start a new trip to plan again"
	// TripReplanPriceDelta is the price move at a remaining planned stop
	// (tenths of a cent per gallon: 5¢) that re-plans the trip.
	TripReplanPriceDelta = TenthCents(50)
	// MaxTripRoutePoints bounds a saved route: a road route across the
	// country simplified for the map stays well under it, and every
	// re-plan walks it.
	MaxTripRoutePoints = 5000
	// MaxTripPlaceNameLength bounds the origin and destination names.
	MaxTripPlaceNameLength = 200
)

// TripPoint is a point of a trip's route.
type TripPoint struct {
	Lat, Lon float64
}

// Trip is a fuel plan saved for a card: the route, the truck's numbers it
// was planned with, and its current plan version.
type Trip struct {
	ID              int64
	CompanyID       int64
	CardID          int64
	CardNumber      string
	DriverName      string
	Status          TripStatus
	LockCard        bool
	OwnerLock       bool // an owner set the lock: only an owner ends or re-plans the trip, the driver asks (TripRequest)
	OriginName      string
	DestinationName string
	// UnitNumber is the vehicle the trip is driven with ("": not named):
	// the pump check's unit when the card names none.
	UnitNumber   string
	TankGallons  Gallons
	CurrentFuel  Gallons // at the start of the trip
	SearchRadius Gallons // miles in thousandths (the same fixed-point scale)
	MinGallons   Gallons
	Route        []TripPoint
	CreatedAt    time.Time
	UpdatedAt    time.Time
	// Plan is the current plan version; nil only while a trip is being created.
	Plan *TripPlan
}

// TripPlan is one version of a trip's plan.
type TripPlan struct {
	Version int
	Reason  TripPlanReason
	// StartIndex is the route point this version plans from (0 for the
	// first); StartFuel the fuel in the tank there.
	StartIndex   int
	StartFuel    Gallons
	Stops        []TripStop
	TotalCents   int64
	TotalGallons Gallons
	// Naive* is the no-plan comparison; NaiveAvailable false when a driver
	// without a plan would run dry.
	NaiveAvailable    bool
	NaiveCents        int64
	NaiveTotalGallons Gallons
	CreatedAt         time.Time
}

// TripStop is a planned purchase.
type TripStop struct {
	StationID   int64
	StationName string
	Gallons     Gallons
	Price       TenthCents // the company's price per gallon when planned (Contract.Price)
	// CostCents is what the card is charged for the stop's gallons at
	// Price, as a purchase is (Contract.PurchaseAmounts), fee included.
	CostCents int64
	// AlongMiles is the stop's distance along the route from the plan's
	// start, in thousandths of a mile; ArrivalFuel the fuel on arrival.
	AlongMilli  int64
	ArrivalFuel Gallons
}

// MaxGallons is the most a locked card may buy at the stop.
func (s TripStop) MaxGallons() Gallons {
	return withTolerance(s.Gallons)
}

// MaxTotalGallons is the most a locked card may buy under the plan in all.
func (p *TripPlan) MaxTotalGallons() Gallons {
	return withTolerance(p.TotalGallons)
}

func withTolerance(g Gallons) Gallons { return g + g*TripGallonsTolerancePercent/100 }

// TripBought is what the approved purchases made under a trip's current
// plan add up to: gallons per station and in all. "Under the plan" is from
// its basis on: the latest version not made for a price change (a price
// change re-plans from the same start and fuel as the version it replaces,
// so what was bought under that version is part of the new one too).
type TripBought struct {
	AtStation map[int64]Gallons
	Total     Gallons
}

// Add counts an approved purchase of g gallons at station.
func (b *TripBought) Add(stationID int64, g Gallons) {
	if b.AtStation == nil {
		b.AtStation = map[int64]Gallons{}
	}
	b.AtStation[stationID] += g
	b.Total += g
}

// PlanFit is how a purchase fits a trip's current plan, given what was
// bought under it before.
type PlanFit struct {
	Stop   TripStop // the plan's stop at the purchase's station, when AtStop
	AtStop bool
	// OffPlan is the purchase's gallons off the plan: all of them away from
	// the plan's stops, else those above the stop's bound or the trip's.
	OffPlan Gallons
	// OverTrip is the part of OffPlan above the trip's bound: fuel the plan
	// did not need anywhere.
	OverTrip Gallons
}

// Fit measures a purchase of g gallons at station against the plan, after
// the purchases bought under it.
func (p *TripPlan) Fit(bought TripBought, stationID int64, g Gallons) PlanFit {
	var f PlanFit
	f.Stop, f.AtStop = p.Stop(stationID)
	f.OverTrip = above(bought.Total, g, p.MaxTotalGallons())
	if !f.AtStop {
		f.OffPlan = g
		return f
	}
	f.OffPlan = max(above(bought.AtStation[stationID], g, f.Stop.MaxGallons()), f.OverTrip)
	return f
}

// above is how much of g, bought after before, lies above bound.
func above(before, g, bound Gallons) Gallons {
	return min(g, max(0, before+g-bound))
}

// LockDecline is the decline of a locked trip for a purchase of g gallons
// that fits its plan as f, or "" when the lock allows it.
func (f PlanFit) LockDecline(g Gallons) DeclineReason {
	switch {
	case !f.AtStop:
		return DeclineNotPlannedStop
	case g > f.Stop.MaxGallons():
		return DeclineOverPlannedGallons
	case f.OffPlan > 0:
		return DeclineOverGallonsLeft
	}
	return ""
}

// MissedSavings is what an approved purchase of g gallons at price that
// fits the plan as f missed, in cents: its gallons above the trip's bound
// at their whole cost (the plan needed none of them), and its other
// off-plan gallons at what they cost above the plan's average price
// (they stand for gallons the plan bought elsewhere). On-plan gallons
// miss nothing.
func (f PlanFit) MissedSavings(price, average TenthCents) int64 {
	return PriceOf(f.OverTrip, price) + MissedSavings(f.OffPlan-f.OverTrip, price, average)
}

// Stop returns the plan's stop at station, if any.
func (p *TripPlan) Stop(stationID int64) (TripStop, bool) {
	for _, s := range p.Stops {
		if s.StationID == stationID {
			return s, true
		}
	}
	return TripStop{}, false
}

// AveragePrice is the plan's price per gallon over its stops (0 without
// stops): their prices weighted by their gallons, rounded half up. Fuel
// only: the stops' costs also hold the card's fee, which is no part of a
// gallon's price.
func (p *TripPlan) AveragePrice() TenthCents {
	var gallons, weighted int64
	for _, s := range p.Stops {
		gallons += int64(s.Gallons)
		weighted += int64(s.Gallons) * int64(s.Price)
	}
	if gallons <= 0 {
		return 0
	}
	return TenthCents((weighted + gallons/2) / gallons)
}

// TripPurchase is a purchase recorded against a trip.
type TripPurchase struct {
	Transaction *Transaction
	// OnPlan is set when all of an approved purchase's gallons were on
	// plan; OffPlanGallons are those that were not (PlanFit.OffPlan).
	OnPlan         bool
	OffPlanGallons Gallons
	PlanVersion    int
	// PlannedPrice is the plan's price per gallon for the purchase's
	// gallons; MissedSavingsCents what they cost above it (off plan only).
	PlannedPrice       TenthCents
	MissedSavingsCents int64
}

// MissedSavings is what gallons bought at price cost above the plan's
// price for them, in cents (never negative: buying cheaper than the plan
// misses nothing).
func MissedSavings(g Gallons, price, planned TenthCents) int64 {
	if price <= planned {
		return 0
	}
	return PriceOf(g, price) - PriceOf(g, planned)
}

// TripFilter selects trips for a list page.
type TripFilter struct {
	Scope      TransactionScope // a company, or one card of it
	Status     TripStatus       // "" for any
	CardNumber string           // "" for any
	Offset     int
	Limit      int
}

// ComplianceRow is one driver's (card's) plan compliance over a period.
type ComplianceRow struct {
	CardID             int64
	DriverName         string
	CardNumber         string
	Trips              int
	PlannedGallons     Gallons
	OnPlanGallons      Gallons
	OffPlanGallons     Gallons
	PlannedCostCents   int64
	ActualCostCents    int64
	MissedSavingsCents int64
}

// ValidateTripNames checks the origin and destination names.
func ValidateTripNames(fe FieldErrors, origin, destination string) {
	for _, f := range []struct{ field, label, value string }{
		{"originName", "Origin name", origin}, {"destinationName", "Destination name", destination},
	} {
		if utf8.RuneCountInString(strings.TrimSpace(f.value)) > MaxTripPlaceNameLength {
			fe.Add(f.field, fmt.Sprintf("%s must not exceed %d characters", f.label, MaxTripPlaceNameLength))
		}
	}
}
