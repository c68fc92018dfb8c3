package http_test

import (
	"strconv"
	"testing"
	"time"

	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestDatabaseOutage_Answers503WithRetryAfterAndRecovers cuts PostgreSQL
// off behind a TCP proxy: while it is cut, data routes and health answer
// 503 with Retry-After (never 500); once restored the same server answers
// 200 again.
func TestDatabaseOutage_Answers503WithRetryAfterAndRecovers(t *testing.T) {
	db, proxy := storetest.OpenPostgresFromTemplateThroughProxy(t, "demo", seedDemo, store.Options{})
	f := newFixtureOn(t, db)
	owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
	driver := f.api.Login(demo.DriverEmail, demo.Password).Token

	requests := []apitest.Request{
		{Method: "GET", Path: "/api/account", Token: owner},
		{Method: "GET", Path: "/api/wex/company/wallet", Token: owner},
		{Method: "GET", Path: "/api/wex/company/get-cards", Token: owner},
		{Method: "GET", Path: "/api/wex/company/transactions", Token: owner},
		{Method: "GET", Path: "/api/wex/transactions", Token: driver},
		{Method: "GET", Path: "/api/account/check/email/new@fleet.test"},
		{Method: "POST", Path: "/api/authenticate", Body: map[string]string{"username": demo.OwnerEmail, "password": demo.Password}},
		{Method: "POST", Path: "/api/account/reset-password/init", Body: map[string]string{"email": demo.OwnerEmail}},
	}
	expectAll := func(t *testing.T, status int) {
		t.Helper()
		for _, r := range requests {
			res := f.api.Do(r)
			if res.Status != status {
				t.Errorf("%s %s = %d %s, want %d", r.Method, r.Path, res.Status, res.Body, status)
				continue
			}
			if status == 503 {
				checkUnavailable(t, res, store.MsgUnavailable)
			}
		}
	}
	expectAll(t, 200)

	proxy.Cut()
	expectAll(t, 503)
	checkUnavailable(t, f.api.Get("/api/health", "").ExpectStatus(t, 503), "Database unavailable")

	proxy.Restore()
	deadline := time.Now().Add(2 * time.Minute)
	for f.api.Get("/api/health", "").Status != 200 {
		if time.Now().After(deadline) {
			t.Fatal("health still failing 2 min after the database came back")
		}
		time.Sleep(100 * time.Millisecond)
	}
	expectAll(t, 200)
}

func checkUnavailable(t *testing.T, res *apitest.Response, message string) {
	t.Helper()
	if got := res.ErrorMessage(t); got != message {
		t.Errorf("message = %q, want %q", got, message)
	}
	if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 1 {
		t.Errorf("Retry-After = %q", res.Header.Get("Retry-After"))
	}
}
