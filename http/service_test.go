package http_test

import (
	"net/http"
	"strings"
	"testing"

	"fuelportal/http/apitest"
	"fuelportal/store/storetest"
)

func TestHealth_OKWhileDatabaseAnswers(t *testing.T) {
	db := storetest.OpenSQLite(t)
	api := apitest.New(t, apitest.NewServer(t, db).Handler())
	api.Get("/api/health", "").ExpectStatus(t, http.StatusOK)

	db.Close()
	api.Get("/api/health", "").ExpectStatus(t, http.StatusServiceUnavailable)
}

func TestConfig_ReportsPublicSettings(t *testing.T) {
	srv := apitest.NewServer(t, storetest.OpenSQLite(t))
	srv.Public.StripePublishableKey = "pk_test_123"
	srv.Public.PaymentsConfigured = true
	api := apitest.New(t, srv.Handler())

	var cfg struct {
		PaymentsConfigured   bool
		StripePublishableKey string
	}
	api.Get("/api/config", "").ExpectStatus(t, http.StatusOK).Decode(t, &cfg)
	if !cfg.PaymentsConfigured || cfg.StripePublishableKey != "pk_test_123" {
		t.Fatalf("config = %+v", cfg)
	}
}

func TestOpenAPI_IsServed(t *testing.T) {
	api := apitest.New(t, apitest.NewServer(t, storetest.OpenSQLite(t)).Handler())
	var doc struct{ OpenAPI string }
	api.Get("/api/openapi.json", "").ExpectStatus(t, http.StatusOK).Decode(t, &doc)
	if doc.OpenAPI == "" {
		t.Fatal("no openapi version")
	}
}

func TestUnknownAPIPath_Is404JSON(t *testing.T) {
	api := apitest.New(t, apitest.NewServer(t, storetest.OpenSQLite(t)).Handler())
	res := api.Do(apitest.Request{Method: "GET", Path: "/api/nope", BreaksContract: true})
	res.ExpectStatus(t, http.StatusNotFound)
}

func TestSecurityHeaders_OnEveryAnswer(t *testing.T) {
	api := apitest.New(t, apitest.NewServer(t, storetest.OpenSQLite(t)).Handler())
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
