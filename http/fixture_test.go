package http_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	fphttp "fuelportal/http"
	"fuelportal/http/apitest"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// fixture is a server over a demo-seeded database with a settable clock.
type fixture struct {
	db    *store.DB
	srv   *fphttp.Server
	api   *apitest.API
	clock *storetest.Clock

	mu    sync.Mutex
	mails []*fuelportal.MailMessage

	// purchaseDays spaces the purchases a test reports (fleet.purchaseAt) a
	// day apart, before the demo history: the fraud check (too far from the
	// last purchase for the time between) never speaks before the trip lock
	// does. Each database counts its own, whatever runs beside it.
	purchaseDays atomic.Int64
}

// newFixture is newFixtureFor on SQLite, for tests with nothing to check on
// PostgreSQL; a test that touches the store runs on both (forEachEngine).
func newFixture(t testing.TB) *fixture { return newFixtureFor(t, store.SQLite) }

// newFixtureFor returns the demo fixture on engine. The demo data is seeded
// once per test binary and engine and copied (seeding the stations and the
// purchase history takes seconds under -race).
func newFixtureFor(t testing.TB, engine store.Engine) *fixture {
	t.Helper()
	return newFixtureOn(t, storetest.OpenFromTemplate(t, engine, "demo", seedDemo))
}

// seedDemo prepares the demo template: the demo data at the fixture's clock
// with the test server's password hashing.
func seedDemo(db *store.DB) error {
	storetest.NewClock(db)
	_, err := demo.Seed(context.Background(), db, fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params))
	return err
}

// newFixtureOn is the fixture over db, a copy of the demo template (the
// demo is seeded once, in the template: seedDemo).
func newFixtureOn(t testing.TB, db *store.DB) *fixture {
	t.Helper()
	f := &fixture{db: db, clock: storetest.NewClock(db)}
	f.srv = apitest.NewServer(t, db)
	f.srv.Now = f.clock.Now
	f.srv.PublicURL = "http://portal.test"
	// Plans under -race on a loaded machine can take longer than the
	// production deadline; the deadline's own test sets a short one.
	f.srv.Trips.PlanTimeout = time.Hour
	dispatch := db.Queued // derives the events at once (storetest)
	db.Queued = func(mails []*fuelportal.MailMessage) {
		f.mu.Lock()
		f.mails = append(f.mails, mails...)
		f.mu.Unlock()
		if dispatch != nil {
			dispatch(mails)
		}
	}
	f.api = apitest.New(t, f.srv.Handler())
	return f
}

// withLimits replaces the server's limits; call before the first request.
func (f *fixture) withLimits(t *testing.T, change func(*fphttp.Limits)) {
	t.Helper()
	change(&f.srv.Limits)
	f.api = apitest.New(t, f.srv.Handler())
}

func (f *fixture) sentMails() []*fuelportal.MailMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*fuelportal.MailMessage(nil), f.mails...)
}

// openEmpty returns a migrated database without data on engine, copied
// from a template (migrating under -race takes seconds).
func openEmpty(t testing.TB, engine store.Engine) *store.DB {
	t.Helper()
	return storetest.OpenFromTemplate(t, engine, "migrated", func(*store.DB) error { return nil })
}

// eachEngine runs fn once per engine, the two side by side
// (storetest.EachEngine: what fn may share, and where to compare them).
var eachEngine = storetest.EachEngine

// forEachEngine runs fn with the demo fixture on each engine (eachEngine);
// both copy the seeded template (newFixtureFor).
func forEachEngine(t *testing.T, fn func(t *testing.T, f *fixture)) {
	t.Helper()
	eachEngine(t, func(t *testing.T, engine store.Engine) { fn(t, newFixtureFor(t, engine)) })
}
