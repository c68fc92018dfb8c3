package http_test

import (
	"net/http"
	"testing"

	"fuelportal/http/apitest"
	"fuelportal/store"
)

func TestHealth_OKWhileDatabaseAnswers(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		db := openEmpty(t, engine)
		api := apitest.New(t, apitest.NewServer(t, db).Handler())
		api.Get("/api/health", "").ExpectStatus(t, http.StatusOK)

		db.Close()
		api.Get("/api/health", "").ExpectStatus(t, http.StatusServiceUnavailable)
	})
}
