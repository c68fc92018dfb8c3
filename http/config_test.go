package http_test

import (
	"net/http"
	"testing"

	"fuelportal/http/apitest"
	"fuelportal/store"
)

func TestConfig_ReportsPublicSettings(t *testing.T) {
	srv := apitest.NewServer(t, openEmpty(t, store.SQLite))
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
