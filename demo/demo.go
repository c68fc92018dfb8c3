// Package demo fills an empty database with a deterministic demo data set:
// two companies, their owners, a driver and fuel cards. Features add their
// own data (stations, transactions…) by registering a Step from an init
// function in their own file of this package; Seed runs the steps in Order.
package demo

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/flows"
	"fuelportal/purchases"
	"fuelportal/store"
	"fuelportal/trips"
)

// Password is the password of every demo login.
const Password = "DemoPass1"

// Demo logins (PendingDriverEmail, a driver waiting for approval, is in
// driver_requests.go).
const (
	OwnerEmail      = "owner@demo.test"  // owner of Demo Freight LLC (ROLE_COMPANY)
	DriverEmail     = "driver@demo.test" // driver on one Demo Freight card (ROLE_USER)
	OtherOwnerEmail = "other@demo.test"  // owner of Other Haulers Inc (ROLE_COMPANY)
	// BookkeeperEmail is Demo Freight's bookkeeper (an office member of
	// role bookkeeper: statements, coding, exports).
	BookkeeperEmail = "bookkeeper@demo.test"
)

// Step orders. Leave gaps; use the range of your migrations' feature.
const (
	OrderAccounts       = 100 // companies, users, cards (this file)
	OrderStations       = 200 // stations and prices
	OrderFleet          = 300 // contracts, wallets, transactions
	OrderDriverRequests = 420 // drivers waiting for their company's approval
)

// Env is what a step works with. Steps run in one transaction: use Tx (its
// methods), never DB-level methods, which would wait for this transaction.
type Env struct {
	Tx *store.Tx
	// Purchases records the demo's card purchases in Tx, as the card
	// network's are recorded.
	Purchases *purchases.Service
	// Trips saves and ends the demo's trips in Tx, as the trip flow saves
	// and ends every trip.
	Trips *trips.Service
	// Now is the time of seeding; date demo records relative to it.
	Now time.Time
	// Rand is seeded with a constant, so the data is the same every run as
	// long as each step draws the same numbers.
	Rand *rand.Rand
	// PasswordHash is the hash of Password, shared by the demo logins.
	PasswordHash string

	// Filled by the accounts step.
	DemoFreight  *fuelportal.Company
	OtherHaulers *fuelportal.Company
	Owner        *fuelportal.User
	Driver       *fuelportal.User
	OtherOwner   *fuelportal.User
	Bookkeeper   *fuelportal.User
	// Cards holds every demo card per company id, in CardPlans order.
	Cards map[int64][]*fuelportal.Card

	// Filled by the vehicles step: every demo vehicle, per company id, in
	// CardPlans order.
	Vehicles map[int64][]*fuelportal.Vehicle

	// Filled by the stations step: every demo station, by ascending id.
	Stations []*fuelportal.Station
}

// Step is one part of the demo data.
type Step struct {
	Order int
	Name  string
	Run   func(ctx context.Context, env *Env) error
}

var (
	stepsMu sync.Mutex
	steps   []Step
)

// Register adds a step; call it from an init function.
func Register(s Step) {
	stepsMu.Lock()
	defer stepsMu.Unlock()
	steps = append(steps, s)
}

// Steps returns the registered steps in the order Seed runs them.
func Steps() []Step {
	stepsMu.Lock()
	defer stepsMu.Unlock()
	sorted := slices.Clone(steps)
	slices.SortStableFunc(sorted, func(a, b Step) int { return cmp.Compare(a.Order, b.Order) })
	return sorted
}

// Seed fills db with the demo data when it holds no company and no user, and
// reports whether it did. All steps run in one transaction.
func Seed(ctx context.Context, db *store.DB, passwords *fuelportal.PasswordHasher) (bool, error) {
	empty, err := db.IsEmpty(ctx)
	if err != nil || !empty {
		return false, err
	}
	hash, err := passwords.Hash(ctx, Password)
	if err != nil {
		return false, err
	}
	err = db.InTx(ctx, func(tx *store.Tx) error {
		// The seeded history's declines are alerts on the alerts page, but
		// nobody is mailed about them.
		tx.History = true
		// The purchases go through the purchase flow as flows.New wires
		// it, without its follow-ups (RecordIn: no re-plans, no notices):
		// the history is not news either.
		services := flows.New(flows.Deps{DB: db}, flows.Config{})
		env := &Env{Tx: tx, Purchases: services.Purchases, Trips: services.Trips, Now: tx.Now, Rand: rand.New(rand.NewPCG(20241216, 1)), PasswordHash: hash, Cards: map[int64][]*fuelportal.Card{}, Vehicles: map[int64][]*fuelportal.Vehicle{}}
		for _, s := range Steps() {
			if err := s.Run(ctx, env); err != nil {
				return fmt.Errorf("demo step %q: %w", s.Name, err)
			}
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	// The seeded history's periods close as history: statements to read,
	// with no statement.ready mail.
	if _, err := flows.New(flows.Deps{DB: db}, flows.Config{}).Statements.CloseHistory(ctx); err != nil {
		return false, fmt.Errorf("demo statements: %w", err)
	}
	return true, nil
}
