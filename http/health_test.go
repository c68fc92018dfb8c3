package http_test

import (
	"net/http"
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
