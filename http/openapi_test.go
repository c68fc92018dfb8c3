package http_test

import (
	"net/http"
	"testing"

	"fuelportal/http/apitest"
	"fuelportal/store/storetest"
)

func TestOpenAPI_IsServed(t *testing.T) {
	api := apitest.New(t, apitest.NewServer(t, storetest.OpenSQLite(t)).Handler())
	var doc struct{ OpenAPI string }
	api.Get("/api/openapi.json", "").ExpectStatus(t, http.StatusOK).Decode(t, &doc)
	if doc.OpenAPI == "" {
		t.Fatal("no openapi version")
	}
}
