package http_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"fuelportal/connectors"
	"fuelportal/http/apitest"
	"fuelportal/netguard"
)

// withSamsaraFake points the server's connectors at a local stand-in of
// Samsara's API that accepts the token "samsara-token" (docs/feeds.md).
func withSamsaraFake(t *testing.T, f *fleet) {
	t.Helper()
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Header.Get("Authorization") != "Bearer samsara-token" {
			w.WriteHeader(http.StatusUnauthorized)
			_ = json.NewEncoder(w).Encode(map[string]string{"message": "Invalid token", "requestId": "r1"})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"data": []any{}, "pagination": map[string]any{"endCursor": "c1", "hasNextPage": false}})
	}))
	t.Cleanup(fake.Close)
	f.srv.Connectors = connectors.New(connectors.Deps{Store: f.db, Telematics: f.srv.Telematics,
		Policy: netguard.Policy{AllowPrivate: true}, SamsaraBase: fake.URL})
}

type connectorBody struct {
	Vendor            string   `json:"vendor"`
	Configured        bool     `json:"configured"`
	LastError         string   `json:"lastError"`
	UnmatchedVehicles []string `json:"unmatchedVehicles"`
}

func connectorList(t *testing.T, f *fleet, token string) map[string]connectorBody {
	t.Helper()
	var out struct{ Connectors []connectorBody }
	f.api.Get("/api/wex/company/telematics/connectors", token).ExpectStatus(t, 200).Decode(t, &out)
	m := map[string]connectorBody{}
	for _, c := range out.Connectors {
		m[c.Vendor] = c
	}
	return m
}

// The owner connects Samsara (the token tested, never answered), another
// company sees and removes nothing of it, a driver may not, and bad
// input is a 400.
func TestTelematicsConnectors_ConnectListDisconnect(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		withSamsaraFake(t, f)
		const path = "/api/wex/company/telematics/connectors/samsara"
		if got := connectorList(t, f, f.owner); len(got) != 3 || got["samsara"].Configured || got["geotab"].Configured || got["motive"].Configured {
			t.Fatalf("connectors before = %+v, want three, none configured", got)
		}
		bad := f.api.Do(apitest.Request{Method: "PUT", Path: path, Body: map[string]string{"token": "wrong"}, Token: f.owner}).ExpectStatus(t, 400)
		if msg := bad.ErrorMessage(t); !strings.Contains(msg, "Samsara refused the token: HTTP 401: Invalid token") {
			t.Errorf("bad token message = %q, want Samsara's reason", msg)
		}
		if connectorList(t, f, f.owner)["samsara"].Configured {
			t.Fatal("a token that failed its test was stored")
		}
		f.api.Do(apitest.Request{Method: "PUT", Path: path, Body: map[string]string{"token": ""}, Token: f.owner}).ExpectStatus(t, 400).ExpectFieldError(t, "token", "Enter the token")
		f.api.Do(apitest.Request{Method: "PUT", Path: path, Body: map[string]string{"token": "samsara-token"}, Token: f.driver}).ExpectStatus(t, 403)
		f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/telematics/connectors/verizon", Body: map[string]string{"token": "x"}, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 404)
		res := f.api.Do(apitest.Request{Method: "PUT", Path: path, Body: map[string]string{"token": "samsara-token"}, Token: f.owner}).ExpectStatus(t, 200)
		if strings.Contains(string(res.Body), "samsara-token") {
			t.Errorf("the answer holds the token: %s", res.Body)
		}
		list := f.api.Get("/api/wex/company/telematics/connectors", f.owner).ExpectStatus(t, 200)
		if strings.Contains(string(list.Body), "samsara-token") {
			t.Errorf("the list holds the token: %s", list.Body)
		}
		if !connectorList(t, f, f.owner)["samsara"].Configured {
			t.Error("samsara not configured after a good token")
		}
		// Another company: sees nothing of it, cannot remove it.
		if connectorList(t, f, f.other)["samsara"].Configured {
			t.Error("another company sees the connector")
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: path, Token: f.other}).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "DELETE", Path: path, Token: f.driver}).ExpectStatus(t, 403)
		f.api.Do(apitest.Request{Method: "DELETE", Path: path, Token: f.owner}).ExpectStatus(t, 204)
		f.api.Do(apitest.Request{Method: "DELETE", Path: path, Token: f.owner}).ExpectStatus(t, 404)
		if connectorList(t, f, f.owner)["samsara"].Configured {
			t.Error("samsara still configured after the disconnect")
		}
	})
}
