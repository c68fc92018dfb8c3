package http_test

import (
	"net/http"
	"strings"
	"testing"

	"fuelportal/http/apitest"
	"fuelportal/store"
)

func TestSecurityHeaders_OnEveryAnswer(t *testing.T) {
	api := apitest.New(t, apitest.NewServer(t, openEmpty(t, store.SQLite)).Handler())
	res := api.Get("/api/health", "")
	for header, want := range map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "strict-origin-when-cross-origin",
		"Cache-Control":          "no-store",
	} {
		if got := res.Header.Get(header); got != want {
			t.Errorf("%s = %q, want %q", header, got, want)
		}
	}
	csp := res.Header.Get("Content-Security-Policy")
	for _, part := range []string{"frame-ancestors 'none'", "https://js.stripe.com", "connect-src 'self' https://api.stripe.com", "worker-src 'self' blob:", "style-src 'self' 'unsafe-inline'"} {
		if !strings.Contains(csp, part) {
			t.Errorf("CSP %q lacks %q", csp, part)
		}
	}
}

func TestUnknownAPIPath_Is404JSON(t *testing.T) {
	api := apitest.New(t, apitest.NewServer(t, openEmpty(t, store.SQLite)).Handler())
	res := api.Do(apitest.Request{Method: "GET", Path: "/api/nope", BreaksContract: true})
	res.ExpectStatus(t, http.StatusNotFound)
}
