package http_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"fuelportal/http/apitest"
)

type auditPageOut struct {
	Content []struct {
		ID         int64
		ActorID    *int64
		ActorEmail string
		ActorRole  string
		Kind       string
		ObjectType string
		ObjectID   string
		Before     map[string]any
		After      map[string]any
		RequestID  string
	}
	TotalElements int
}

// The owner changes a card's limit and reads who changed it, from the
// card's own history; another company sees none of it; drivers may not
// read the trail.
func TestAudit_OwnerReadsWhoChangedACardsLimit(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		res := f.api.Put("/api/wex/company/cards/"+f.driverCard+"/controls", map[string]any{"perPurchaseLimit": 450, "dailyGallonsLimit": 150.5,
			"allowedHours": map[string]string{"from": "06:00", "to": "18:30"}}, f.owner).ExpectStatus(t, 200)
		requestID := res.Header.Get("X-Request-Id")
		var page auditPageOut
		list := f.api.Get("/api/wex/company/audit?objectType=card&objectId="+f.driverCard, f.owner).ExpectStatus(t, 200)
		if strings.Contains(string(list.Body), f.driverCard) {
			t.Errorf("the trail shows the card's number: %s", list.Body)
		}
		list.Decode(t, &page)
		if page.TotalElements != 1 || len(page.Content) != 1 {
			t.Fatalf("card history = %+v; want the one change", page)
		}
		e := page.Content[0]
		if e.ActorEmail != "owner@demo.test" || e.ActorRole != "owner" || e.Kind != "card.controls_set" || e.RequestID == "" || e.RequestID != requestID {
			t.Errorf("row = %+v (request %s)", e, requestID)
		}
		// The change reads as the owner set it: dollars, gallons and hours,
		// by the API's names (not the stored cents, thousandths of a gallon
		// and minutes).
		if after := fmt.Sprint(e.After); after != "map[allowedHours:map[from:06:00 to:18:30] dailyGallonsLimit:150.5 perPurchaseLimit:450]" {
			t.Errorf("after = %s", after)
		}
		f.api.Get("/api/wex/company/audit?actorId="+itoa(*e.ActorID)+"&from=2000-01-01&to=2000-12-31", f.owner).ExpectStatus(t, 200).Decode(t, &page)
		if page.TotalElements != 0 {
			t.Errorf("rows of 2000: %d", page.TotalElements)
		}

		var other auditPageOut
		f.api.Get("/api/wex/company/audit", f.other).ExpectStatus(t, 200).Decode(t, &other)
		f.api.Get("/api/wex/company/audit?objectType=card&objectId="+f.driverCard, f.other).ExpectStatus(t, 200).Decode(t, &page)
		if other.TotalElements != 0 || page.TotalElements != 0 {
			t.Errorf("another company sees %d rows, %d of the card", other.TotalElements, page.TotalElements)
		}
		f.api.Get("/api/wex/company/audit", f.driver).ExpectStatus(t, 403)
		f.api.Get("/api/wex/company/audit", "").ExpectStatus(t, 401)
	})
}

func TestAudit_BoundsAreBadRequests(t *testing.T) {
	f := newFleetOn(t, newFixture(t))
	for _, query := range []string{"size=0", "size=101", "page=-1", "page=10001", "from=2026-02-01&to=2026-01-01",
		"from=2024-01-01&to=2026-01-01", "actorId=x", "format=xml", "objectId=5", "from=yesterday"} {
		res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/audit?" + query, Token: f.owner, BreaksContract: true})
		if res.Status != http.StatusBadRequest {
			t.Errorf("%s: %d; want 400", query, res.Status)
		}
	}
}

func TestAudit_CSVExport(t *testing.T) {
	f := newFleetOn(t, newFixture(t))
	f.api.Put("/api/wex/company/wallet/low-balance", map[string]any{"threshold": 500}, f.owner).ExpectStatus(t, 200)
	res := f.api.Get("/api/wex/company/audit?format=csv", f.owner).ExpectStatus(t, 200)
	lines := strings.Split(strings.TrimSpace(string(res.Body)), "\n")
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") || len(lines) != 2 ||
		!strings.HasPrefix(lines[0], "id,at,actorId,actorEmail") || !strings.Contains(lines[1], "company.settings_set") {
		t.Fatalf("export = %s %q", res.Header.Get("Content-Type"), res.Body)
	}
}
