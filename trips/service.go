// Package trips is the home of the trip flow: planning a card's fuel
// along a route (also for the assistant's one-off plan), saving it as a
// trip, re-planning it (asked for, after an off-plan purchase, after a
// price import), drivers' requests on a trip an owner locked and their
// decision, and ending it, each writing its events in its own
// transaction. HTTP handlers, the CLI imports, the card feeds and the demo
// seed call it; it calls the store, the station catalog and the optimizer,
// never back up.
package trips

import (
	"context"
	"log/slog"
	"runtime"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
	"fuelportal/store"
)

// Store is what the trip flow reads and writes (*store.DB).
type Store interface {
	Pricing(ctx context.Context, companyID int64) (*fuelportal.Contract, error)
	CheckTripCard(ctx context.Context, scope fuelportal.TransactionScope, number string, decide func(active *fuelportal.Trip) error) error
	CheckTripUnit(ctx context.Context, scope fuelportal.TransactionScope, unit string, decide func(*fuelportal.VehicleUnit) error) error
	TripUnits(ctx context.Context, scope fuelportal.TransactionScope) ([]fuelportal.VehicleUnit, string, error)
	Trip(ctx context.Context, scope fuelportal.TransactionScope, id int64) (*fuelportal.Trip, error)
	ActiveTrips(ctx context.Context) ([]*fuelportal.Trip, error)
	TripOfTransaction(ctx context.Context, transactionID int64) (tripID int64, onPlan bool, err error)
	GetStation(ctx context.Context, id int64) (*fuelportal.Station, error)
	StationsByID(ctx context.Context, ids []int64) (map[int64]*fuelportal.Station, error)
	HitRateLimit(ctx context.Context, l store.RateLimit, key string) (time.Duration, error)
	TripRequest(ctx context.Context, companyID, id int64) (*fuelportal.TripRequest, error)
	// InTx runs fn in one transaction: a new trip, a re-plan, a request,
	// its decision and a trip's end write their rows and publish their
	// events in it.
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
}

// Stations finds the stations near a route (*catalog.Catalog).
type Stations interface {
	NearPolyline(ctx context.Context, route *geo.Polyline, radiusMiles float64, chains catalog.Chains) ([]catalog.OnRoute, error)
}

// Deps are what the trip flow is built from: what it calls and its
// settings. Store and Stations are required (Stations nil: no trip can be
// planned); the rest have defaults.
type Deps struct {
	Store    Store
	Stations Stations
	// Slots bounds how many plans run at once; past it a plan is refused
	// (EUNAVAILABLE) instead of waiting (nil: DefaultSlots).
	Slots *Slots
	// PlanTimeout is the deadline of one plan (0: DefaultPlanTimeout).
	PlanTimeout time.Duration
	// ReplanLimit bounds the re-plans people ask for, per trip (zero:
	// DefaultReplanLimit).
	ReplanLimit store.RateLimit
	// Now is the clock prices are judged stale by (nil: time.Now).
	Now func() time.Time
	// Logger records re-plans that fail after the fact (nil: slog.Default).
	Logger *slog.Logger
}

// Service runs the trip flow. Create it with New.
type Service struct{ Deps }

// New returns the trip flow over d.
func New(d Deps) *Service {
	if d.Slots == nil {
		d.Slots = DefaultSlots()
	}
	if d.ReplanLimit == (store.RateLimit{}) {
		d.ReplanLimit = DefaultReplanLimit
	}
	return &Service{Deps: d}
}

// DefaultSlots are twice GOMAXPROCS plans at once: the optimizer is
// CPU-bound, the station search waits a little on the catalog.
func DefaultSlots() *Slots { return NewSlots(2 * runtime.GOMAXPROCS(0)) }

// DefaultPlanTimeout is the deadline of one plan.
const DefaultPlanTimeout = 10 * time.Second

// DefaultReplanLimit is how often a trip may be re-planned on request.
var DefaultReplanLimit = store.RateLimit{Bucket: "trip-replan", Max: 12, Window: time.Hour}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

func (s *Service) planTimeout() time.Duration {
	if s.PlanTimeout > 0 {
		return s.PlanTimeout
	}
	return DefaultPlanTimeout
}

// Slots is a counting semaphore that refuses instead of waiting.
type Slots struct{ free chan struct{} }

// NewSlots returns n slots (at least one).
func NewSlots(n int) *Slots { return &Slots{free: make(chan struct{}, max(1, n))} }

// TryAcquire takes a slot if one is free and returns its release.
func (sl *Slots) TryAcquire() (release func(), ok bool) {
	select {
	case sl.free <- struct{}{}:
		return func() { <-sl.free }, true
	default:
		return nil, false
	}
}
