package http_test

import (
	"net/http"
	"testing"

	"fuelportal/http/apitest"
	"fuelportal/store"
)

func TestOpenAPI_IsServed(t *testing.T) {
	api := apitest.New(t, apitest.NewServer(t, openEmpty(t, store.SQLite)).Handler())
	var doc struct{ OpenAPI string }
	api.Get("/api/openapi.json", "").ExpectStatus(t, http.StatusOK).Decode(t, &doc)
	if doc.OpenAPI == "" {
		t.Fatal("no openapi version")
	}
}
