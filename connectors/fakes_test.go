package connectors_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// The fakes answer as each vendor's API reference documents it
// (docs/feeds.md): same paths, parameters, auth headers, JSON shapes and
// error bodies. Each records the calls it got.

type fakeCall struct {
	Token, Path, Query string
	// MetricUnits is Motive's X-Metric-Units header.
	MetricUnits string
	Body        map[string]any
}

// fake is a vendor stand-in: answer decides each call's answer, in order;
// calls lists what came.
type fake struct {
	*httptest.Server
	mu     sync.Mutex
	calls  []fakeCall
	answer func(n int, c fakeCall, w http.ResponseWriter)
}

func newFake(t testing.TB, answer func(n int, c fakeCall, w http.ResponseWriter)) *fake {
	f := &fake{answer: answer}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := fakeCall{Path: r.URL.Path, Query: r.URL.RawQuery, MetricUnits: r.Header.Get("X-Metric-Units")}
		c.Token = strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if k := r.Header.Get("X-Api-Key"); k != "" {
			c.Token = k
		}
		if r.Method == http.MethodPost {
			_ = json.NewDecoder(r.Body).Decode(&c.Body)
		}
		f.mu.Lock()
		n := len(f.calls)
		f.calls = append(f.calls, c)
		f.mu.Unlock()
		f.answer(n, c, w)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fake) Calls() []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeCall(nil), f.calls...)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// samsaraVehicle is one vehicle of Samsara's stats feed with its GPS
// events.
func samsaraVehicle(id, name, vin string, gps ...map[string]any) map[string]any {
	v := map[string]any{"id": id, "name": name, "gps": gps}
	if vin != "" {
		v["externalIds"] = map[string]string{"samsara.serial": "G" + id, "samsara.vin": vin}
	}
	return v
}

func samsaraPage(endCursor string, hasNext bool, vehicles ...map[string]any) map[string]any {
	if vehicles == nil {
		vehicles = []map[string]any{}
	}
	return map[string]any{"data": vehicles, "pagination": map[string]any{"endCursor": endCursor, "hasNextPage": hasNext}}
}
