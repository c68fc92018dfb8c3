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

// Trip lock declines (shared contract of issues 11 and 12).
const (
	DeclineNotPlannedStop     DeclineReason = "NOT_PLANNED_STOP"
	DeclineOverPlannedGallons DeclineReason = "OVER_PLANNED_GALLONS"

	MsgNotPlannedStop     = "Not a planned stop"
	MsgOverPlannedGallons = "More than the planned gallons"
)

// Trip rules.
const (
	// TripGallonsTolerancePercent is how far above a stop's planned gallons a
	// locked card may buy there.
	TripGallonsTolerancePercent = 10
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
	TankGallons     Gallons
	CurrentFuel     Gallons // at the start of the trip
	SearchRadius    Gallons // miles in thousandths (the same fixed-point scale)
	MinGallons      Gallons
	Route           []TripPoint
	CreatedAt       time.Time
	UpdatedAt       time.Time
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
	Price       TenthCents // the net price per gallon when planned
	CostCents   int64
	// AlongMiles is the stop's distance along the route from the plan's
	// start, in thousandths of a mile; ArrivalFuel the fuel on arrival.
	AlongMilli  int64
	ArrivalFuel Gallons
}

// MaxGallons is the most a locked card may buy at the stop.
func (s TripStop) MaxGallons() Gallons {
	return s.Gallons + s.Gallons*TripGallonsTolerancePercent/100
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

// AveragePrice is the plan's price per gallon over its stops (0 without stops).
func (p *TripPlan) AveragePrice() TenthCents {
	if p.TotalGallons <= 0 {
		return 0
	}
	// cents per thousandth of a gallon, ×10,000 to tenths of a cent per gallon
	return TenthCents((p.TotalCents*10*1000 + int64(p.TotalGallons)/2) / int64(p.TotalGallons))
}

// TripPurchase is a purchase recorded against a trip.
type TripPurchase struct {
	Transaction *Transaction
	OnPlan      bool
	PlanVersion int
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
