package http_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	fphttp "fuelportal/http"
)

// isoLike is a string that looks like a date and time.
var isoLike = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}`)

// zonedInstant is RFC 3339 with Z or an offset.
var zonedInstant = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$`)

// zonelessTimes returns the paths of the strings in a JSON answer that look
// like a date and time but carry no Z or offset.
func zonelessTimes(path string, v any) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			out = append(out, zonelessTimes(path+"."+k, x)...)
		}
	case []any:
		for i, x := range v {
			out = append(out, zonelessTimes(fmt.Sprintf("%s[%d]", path, i), x)...)
		}
	case string:
		if isoLike.MatchString(v) && !zonedInstant.MatchString(v) {
			out = append(out, path+" = "+v)
		}
	}
	return out
}

// TestWire_EveryInstantInAnAnswerCarriesItsZone walks the answers of the
// main endpoints, for the owner and the driver, after a purchase, a decline
// and an override: every date and time in them is RFC 3339 with Z or an
// offset.
func TestWire_EveryInstantInAnAnswerCarriesItsZone(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newClockFleet(t, fx)
		f.api.Put("/api/wex/company/cards/"+f.driverCard+"/controls", `{"perPurchaseLimit": 50}`, f.owner).ExpectStatus(t, 200)
		declined := f.buy(t, f.driverCard, dallasStation.ID, "100", "2026-11-20T09:52:00")
		if declined.outcome() != "PER_PURCHASE_LIMIT" {
			t.Fatalf("purchase = %+v", declined)
		}
		f.api.Post("/api/wex/override-requests", `{"message": "stuck in Dallas"}`, f.driver).ExpectStatus(t, 201)
		var requests struct{ Content []struct{ ID int64 } }
		f.api.Get("/api/wex/company/override-requests?status=PENDING", f.owner).ExpectStatus(t, 200).Decode(t, &requests)
		if len(requests.Content) == 0 {
			t.Fatal("no pending override request")
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/override-requests/%d/approve", requests.Content[0].ID), `{"hours": 2}`, f.owner).ExpectStatus(t, 200)

		var page struct {
			Content []struct{ TransactionID int64 }
		}
		f.api.Get("/api/wex/company/transactions?size=1", f.owner).ExpectStatus(t, 200).Decode(t, &page)
		var trips struct{ Content []struct{ ID int64 } }
		f.api.Get("/api/trips?size=1", f.owner).ExpectStatus(t, 200).Decode(t, &trips)
		paths := map[string][]string{
			f.owner: {"/api/wex/company/transactions?size=50", fmt.Sprintf("/api/wex/company/transactions/%d", page.Content[0].TransactionID),
				"/api/wex/company/get-cards", "/api/wex/company/alerts?size=50", "/api/wex/company/override-requests",
				"/api/wex/company/driver-requests", "/api/trips?size=50",
				fmt.Sprintf("/api/locations?latitude=%v&longitude=%v&radius=50", dallasStation.Latitude, dallasStation.Longitude)},
			f.driver: {"/api/wex/transactions?size=50", "/api/wex/override-requests", "/api/trips?size=50"},
		}
		if len(trips.Content) > 0 {
			paths[f.owner] = append(paths[f.owner], fmt.Sprintf("/api/trips/%d", trips.Content[0].ID))
		}
		checked := 0
		for _, token := range []string{f.owner, f.driver} {
			for _, path := range paths[token] {
				var answer any
				f.api.Get(path, token).ExpectStatus(t, 200).Decode(t, &answer)
				if bad := zonelessTimes("", answer); len(bad) > 0 {
					slices.Sort(bad)
					t.Errorf("%s: times without a zone: %s", path, strings.Join(bad[:min(len(bad), 5)], "; "))
				}
				checked++
			}
		}
		var override struct{ Until string }
		f.api.Post("/api/wex/company/cards/"+f.driverCard+"/override", `{"hours": 1}`, f.owner).ExpectStatus(t, 200).Decode(t, &override)
		if !zonedInstant.MatchString(override.Until) || !zonedInstant.MatchString(declined.TransactionDate) {
			t.Errorf("override until %q, purchase at %q", override.Until, declined.TransactionDate)
		}
		if checked < 10 {
			t.Fatalf("only %d answers checked", checked)
		}
	})
}

// TestWire_ContractDeclaresInstantsAsDateTime: every field of an answer
// named like a time (…At, …Date, …Until, until) is a date-time in the
// contract, so apitest checks each answer's instants carry their zone (or a
// date: a calendar day, which apitest checks is one).
func TestWire_ContractDeclaresInstantsAsDateTime(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct{ Type, Format string }
			}
		}
	}
	if err := json.Unmarshal(fphttp.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	timeName := regexp.MustCompile(`(At|Date|Until)$|^until$`)
	var bad []string
	for name, schema := range doc.Components.Schemas {
		for prop, p := range schema.Properties {
			// The network's reports take the station's wall clock.
			if !timeName.MatchString(prop) || name == "NetworkPurchase" || name == "NetworkAuthorization" {
				continue
			}
			// A calendar day (an IFTA return's dueDate) is format date: no zone to carry.
			if p.Type != "string" || (p.Format != "date-time" && p.Format != "date") {
				bad = append(bad, name+"."+prop)
			}
		}
	}
	if len(bad) > 0 {
		slices.Sort(bad)
		t.Errorf("not date-time in openapi.json: %v", bad)
	}
}

// TestCompliance_TakesDatesAndTimestamps: a plain date is the company's day
// (America/Chicago); the same period as ISO timestamps with offsets, or
// without a zone, answers the same rows; anything else is a 400.
func TestCompliance_TakesDatesAndTimestamps(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newClockFleet(t, fx)
		chicago, _ := time.LoadLocation("America/Chicago")
		end := f.clock.Now().In(chicago)
		day := end.Format("2006-01-02")
		get := func(from, to string) []any {
			var rows []any
			f.api.Get("/api/wex/company/compliance?dateFrom="+url.QueryEscape(from)+"&dateTo="+url.QueryEscape(to), f.owner).
				ExpectStatus(t, 200).Decode(t, &rows)
			return rows
		}
		byDate := get("2020-01-01", day)
		if len(byDate) == 0 {
			t.Fatal("the demo company has no compliance rows")
		}
		midnight := time.Date(end.Year(), end.Month(), end.Day()+1, 0, 0, 0, 0, chicago)
		for _, c := range [][2]string{
			{"2020-01-01T00:00:00-06:00", midnight.Add(-time.Microsecond).Format(time.RFC3339Nano)},
			{"2020-01-01T06:00:00Z", midnight.UTC().Add(-time.Microsecond).Format(time.RFC3339Nano)},
			{"2020-01-01T00:00:00", day + "T23:59:59.999999"},
		} {
			if got := get(c[0], c[1]); !reflect.DeepEqual(got, byDate) {
				t.Errorf("%s to %s: %v, want %v", c[0], c[1], got, byDate)
			}
		}
		if got := get("2020-01-01", "2020-01-01"); len(got) != 0 {
			t.Errorf("a day without purchases: %v", got)
		}
		for _, q := range []string{"dateFrom=2026-11-01&dateTo=yesterday", "dateFrom=2026-13-01&dateTo=2026-11-01", "dateFrom=2026-11-02&dateTo=2026-11-01T12:00:00Z"} {
			f.api.Get("/api/wex/company/compliance?"+q, f.owner).ExpectStatus(t, 400)
		}
		f.api.Get("/api/wex/company/compliance?dateFrom=2026-11-01&dateTo=2026-11-01T12:00:00-06:00", f.owner).ExpectStatus(t, 200)
		// An offset's "+" sent unescaped arrives as a space.
		f.api.Get("/api/wex/company/compliance?dateFrom=2026-11-01T00:00:00+01:00&dateTo=2026-11-02T00:00:00.5+09:00", f.owner).ExpectStatus(t, 200)
	})
}
