package http_test

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"fuelportal/demo"
	fphttp "fuelportal/http"
	"fuelportal/http/apitest"
)

// countChecks counts the password hash checks the server runs.
func countChecks(f *fixture) *atomic.Int64 {
	var n atomic.Int64
	fphttp.SetPasswordCheckHook(f.srv, func() { n.Add(1) })
	return &n
}

func signIn(f *fixture, email, password, addr string) *apitest.Response {
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/authenticate", Body: creds(email, password), RemoteAddr: addr})
}

// Simultaneous wrong passwords cannot slip past the lock-out: each attempt
// is reserved before its password is checked, so at most the limit are.
func TestLockout_SimultaneousWrongSignInsAreNotAllChecked(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		checks := countChecks(f)
		const attempts = 200
		var wg sync.WaitGroup
		statuses := make([]int, attempts)
		for i := range attempts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Many addresses, so only the account's limit applies.
				res := signIn(f, demo.OwnerEmail, fmt.Sprintf("Wrong%03d", i), fmt.Sprintf("198.51.100.%d:1234", i%250))
				statuses[i] = res.Status
			}()
		}
		wg.Wait()
		counts := map[int]int{}
		for _, s := range statuses {
			counts[s]++
		}
		limit := f.srv.Limits.SignInFailures.Max
		t.Logf("%d simultaneous wrong sign-ins: %d passwords checked, answers %v", attempts, checks.Load(), counts)
		if got := checks.Load(); got > int64(limit) {
			t.Fatalf("%d passwords checked, want at most %d", got, limit)
		}
		if counts[401] > limit || counts[401]+counts[429] != attempts {
			t.Fatalf("answers = %v, want at most %d × 401 and the rest 429", counts, limit)
		}
		res := signIn(f, demo.OwnerEmail, demo.Password, "203.0.113.9:1234").ExpectStatus(t, 429)
		if res.Header.Get("Retry-After") == "" {
			t.Fatal("429 without Retry-After")
		}
	})
}

// One address trying many accounts is stopped too, whatever the accounts.
func TestLockout_PerClientAddressOverManyAccounts(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.withLimits(t, func(l *fphttp.Limits) { l.SignInAddress.Max = 5 })
		checks := countChecks(f)
		const stuffer = "198.51.100.7:4000"
		for i := range 5 {
			signIn(f, fmt.Sprintf("victim%d@example.test", i), "Guess1234", stuffer).ExpectStatus(t, 401)
		}
		for i := range 20 {
			res := signIn(f, fmt.Sprintf("other%d@example.test", i), "Guess1234", stuffer).ExpectStatus(t, 429)
			if res.Header.Get("Retry-After") != "900" {
				t.Fatalf("Retry-After = %q, want 900", res.Header.Get("Retry-After"))
			}
		}
		// Even a real account's right password waits at that address.
		signIn(f, demo.DriverEmail, demo.Password, stuffer).ExpectStatus(t, 429)
		if got := checks.Load(); got != 5 {
			t.Fatalf("%d passwords checked, want 5", got)
		}
		// Other addresses are not affected, and successful sign-ins do not use
		// up an address (one office, many drivers).
		const office = "203.0.113.20:5000"
		for range 8 {
			signIn(f, demo.DriverEmail, demo.Password, office).ExpectStatus(t, 200)
		}
	})
}

// The real owner of a locked account still gets in by resetting the
// password, and the reset clears the lock.
func TestLockout_PasswordResetWorksWhileLocked(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		for i := range 10 {
			signIn(f, demo.OwnerEmail, "WrongPass1", fmt.Sprintf("198.51.100.%d:1", i)).ExpectStatus(t, 401)
		}
		signIn(f, demo.OwnerEmail, demo.Password, "").ExpectStatus(t, 429)
		code := requestCode(t, f, demo.OwnerEmail)
		f.api.Post("/api/account/reset-password/check", checkCode(demo.OwnerEmail, code), "").ExpectStatus(t, 200)
		f.api.Post("/api/account/reset-password/complete", completeReset(demo.OwnerEmail, code, "Fresh#Pass9"), "").ExpectStatus(t, 200)
		f.api.Login(demo.OwnerEmail, "Fresh#Pass9")
	})
}
