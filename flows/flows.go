// Package flows wires the services of the business flows (trips,
// purchases, price imports, the IFTA return) over one database and station catalog. The
// server and the command's imports both build them here, so every entry
// point runs the same flow.
package flows

import (
	"log/slog"
	"runtime"
	"time"

	"fuelportal/ifta"
	"fuelportal/prices"
	"fuelportal/purchases"
	"fuelportal/store"
	"fuelportal/telematics"
	"fuelportal/trips"
)

// Flows are the wired services.
type Flows struct {
	Trips     *trips.Service
	Purchases *purchases.Service
	Prices    *prices.Service
	IFTA      *ifta.Service
	// Telematics stores forwarded positions and rolls them up into miles.
	Telematics *telematics.Service
}

// Catalog is the station catalog the flows search and reload
// (*catalog.Catalog).
type Catalog interface {
	trips.Stations
	prices.Catalog
}

// New wires the flows over db and stations (nil: no trip can be planned)
// with the default planner limits: twice GOMAXPROCS plans at once (the
// optimizer is CPU-bound; the station search waits a little on the
// catalog), trips.DefaultPlanTimeout each.
func New(db *store.DB, stations Catalog, logger *slog.Logger) Flows {
	t := &trips.Service{Store: db, Slots: trips.NewSlots(2 * runtime.GOMAXPROCS(0)), ReplanLimit: trips.DefaultReplanLimit,
		Now: func() time.Time { return db.Now() }, Logger: logger}
	p := &prices.Service{Store: db, Trips: t, Logger: logger}
	if stations != nil {
		t.Stations, p.Catalog = stations, stations
	}
	return Flows{Trips: t, Purchases: &purchases.Service{DB: db, Trips: t, Logger: logger}, Prices: p,
		IFTA: &ifta.Service{Store: db, Now: func() time.Time { return db.Now() }}, Telematics: &telematics.Service{Store: db, Now: func() time.Time { return db.Now() }}}
}
