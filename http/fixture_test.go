package http_test

import (
	"context"
	"sync"
	"testing"

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

func newFixture(t *testing.T) *fixture {
	// The demo data is seeded once per test binary and copied (seeding the
	// stations takes about half a second).
	db := storetest.OpenSQLiteFromTemplate(t, "demo", func(db *store.DB) error {
		storetest.NewClock(db)
		_, err := demo.Seed(context.Background(), db, fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params))
		return err
	})
	return newFixtureOn(t, db)
}

func newFixtureOn(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	f := &fixture{db: db, clock: storetest.NewClock(db)}
	f.srv = apitest.NewServer(t, db)
	f.srv.Now = f.clock.Now
	f.srv.PublicURL = "http://portal.test"
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
