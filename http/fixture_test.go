package http_test

import (
	"context"
	"os"
	"sync"
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
}

func newFixture(t testing.TB) *fixture {
	// The demo data is seeded once per test binary and copied (seeding the
	// stations takes about half a second).
	db := storetest.OpenSQLiteFromTemplate(t, "demo", func(db *store.DB) error {
		storetest.NewClock(db)
		_, err := demo.Seed(context.Background(), db, fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params))
		return err
	})
	return newFixtureOn(t, db)
}

func newFixtureOn(t testing.TB, db *store.DB) *fixture {
	t.Helper()
	f := &fixture{db: db, clock: storetest.NewClock(db)}
	f.srv = apitest.NewServer(t, db)
	f.srv.Now = f.clock.Now
	f.srv.PublicURL = "http://portal.test"
	// Plans under -race on a loaded machine can take longer than the
	// production deadline; the deadline's own test sets a short one.
	f.srv.PlanTimeout = time.Hour
	f.srv.MailQueued = func(m *fuelportal.MailMessage) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.mails = append(f.mails, m)
	}
	if _, err := demo.Seed(context.Background(), db, f.srv.Passwords); err != nil {
		t.Fatalf("seed: %v", err)
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

// forEachEngine runs fn with a demo fixture on each engine: SQLite from the
// seeded template (seeding under -race is slow), PostgreSQL when
// TEST_DATABASE_URL is set.
func forEachEngine(t *testing.T, fn func(t *testing.T, f *fixture)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, newFixture(t)) })
	if os.Getenv(storetest.PostgresEnv) != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, newFixtureOn(t, storetest.OpenPostgres(t))) })
	}
}
