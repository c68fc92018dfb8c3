package http_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"fuelportal/http/apitest"
)

// TestControls_RoleMatrixAndIsolation: owners only; drivers 403; signed
// out 401; another company's card 404.
func TestControls_RoleMatrixAndIsolation(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		card := "/api/wex/company/cards/" + f.driverCard
		routes := []struct {
			method, path string
			body         any
			ok           int
			cardPath     bool
		}{
			{"GET", "/api/wex/company/controls", nil, 200, false},
			{"PUT", "/api/wex/company/controls", map[string]any{"dailyLimit": 900}, 200, false},
			{"GET", card + "/controls", nil, 200, true},
			{"PUT", card + "/controls", map[string]any{"perPurchaseLimit": 500}, 200, true},
			{"POST", card + "/override", map[string]any{"hours": 2}, 200, true},
			{"DELETE", card + "/override", nil, 204, true},
		}
		for _, r := range routes {
			t.Run(r.method+" "+r.path, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: r.method, Path: r.path, Body: r.body}).ExpectStatus(t, 401)
				f.api.Do(apitest.Request{Method: r.method, Path: r.path, Body: r.body, Token: f.driver}).ExpectStatus(t, 403)
				if r.cardPath {
					f.api.Do(apitest.Request{Method: r.method, Path: r.path, Body: r.body, Token: f.other}).ExpectStatus(t, 404)
					missing := strings.Replace(r.path, f.driverCard, "7071999999999999999", 1)
					f.api.Do(apitest.Request{Method: r.method, Path: missing, Body: r.body, Token: f.owner}).ExpectStatus(t, 404)
				}
				f.api.Do(apitest.Request{Method: r.method, Path: r.path, Body: r.body, Token: f.owner}).ExpectStatus(t, r.ok)
			})
		}
		t.Run("the other company's default is its own", func(t *testing.T) {
			var got struct{ DailyLimit *float64 }
			f.api.Get("/api/wex/company/controls", f.other).ExpectStatus(t, 200).Decode(t, &got)
			if got.DailyLimit != nil {
				t.Fatalf("other company sees daily limit %v", *got.DailyLimit)
			}
		})
	})
}

type controlsBody struct {
	PerPurchaseLimit    *float64
	DailyLimit          *float64
	DailyGallonsLimit   *float64
	DailyPurchasesLimit *int
	AllowedProducts     []string
	AllowedStates       []string
	AllowedDays         []string
	AllowedHours        *struct{ From, To string }
	AllowedChains       []string
	BlockedChains       []string
	TankCapacityGallons *float64
	MonthlyBudget       *float64
	TimeZone            string
}

func TestControls_SaveAndReadBack(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		path := "/api/wex/company/cards/" + f.driverCard + "/controls"
		body := `{"perPurchaseLimit": 250.5, "dailyGallonsLimit": 300.25, "dailyPurchasesLimit": 3, "allowedProducts": ["DSL", "RFR", "DSL"],
		"allowedStates": ["TX", "OK"], "allowedDays": ["SUN", "MON"], "allowedHours": {"from": "22:00", "to": "05:00"},
		"blockedChains": ["TA"], "tankCapacityGallons": null, "monthlyBudget": 4000}`
		var saved, read controlsBody
		f.api.Put(path, body, f.owner).ExpectStatus(t, 200).Decode(t, &saved)
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &read)
		for _, got := range []controlsBody{saved, read} {
			if *got.PerPurchaseLimit != 250.5 || *got.DailyGallonsLimit != 300.25 || *got.DailyPurchasesLimit != 3 || got.DailyLimit != nil ||
				strings.Join(got.AllowedProducts, ",") != "DSL,RFR" || strings.Join(got.AllowedStates, ",") != "OK,TX" ||
				strings.Join(got.AllowedDays, ",") != "MON,SUN" || got.AllowedHours.From != "22:00" || got.AllowedHours.To != "05:00" ||
				strings.Join(got.BlockedChains, ",") != "TA" || got.TankCapacityGallons != nil || *got.MonthlyBudget != 4000 {
				t.Fatalf("controls = %+v", got)
			}
		}
		var company controlsBody
		f.api.Put("/api/wex/company/controls", `{"timeZone": "America/Denver", "weeklyLimit": 5000}`, f.owner).ExpectStatus(t, 200).Decode(t, &company)
		if company.TimeZone != "America/Denver" {
			t.Fatalf("company = %+v", company)
		}
		f.api.Get("/api/wex/company/controls", f.owner).ExpectStatus(t, 200).Decode(t, &company)
		if company.TimeZone != "America/Denver" {
			t.Fatalf("company read back = %+v", company)
		}
	})
}

// TestControls_HostileInput: nonsense is a 400 with a field error, never a
// 500.
func TestControls_HostileInput(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		card := "/api/wex/company/cards/" + f.driverCard + "/controls"
		for _, tc := range []struct {
			name, path, body, field string
		}{
			{"negative limit", card, `{"perPurchaseLimit": -5}`, "perPurchaseLimit"},
			{"zero limit", card, `{"dailyLimit": 0}`, "dailyLimit"},
			{"absurd limit", card, `{"weeklyLimit": 1e12}`, "weeklyLimit"},
			{"huge number", card, `{"monthlyBudget": 99999999999999999999999999}`, "monthlyBudget"},
			{"fractional purchase count", card, `{"dailyPurchasesLimit": 1.5}`, "dailyPurchasesLimit"},
			{"too many purchases", card, `{"dailyPurchasesLimit": 100000}`, "dailyPurchasesLimit"},
			{"absurd tank", card, `{"tankCapacityGallons": 5000}`, "tankCapacityGallons"},
			{"unknown product", card, `{"allowedProducts": ["JET"]}`, "allowedProducts"},
			{"unknown state", card, `{"allowedStates": ["XX"]}`, "allowedStates"},
			{"unknown day", card, `{"allowedDays": ["FUNDAY"]}`, "allowedDays"},
			{"unknown chain", card, `{"allowedChains": ["NOPE"]}`, "allowedChains"},
			{"blocked unknown chain", card, `{"blockedChains": ["x"]}`, "blockedChains"},
			{"hours equal", card, `{"allowedHours": {"from": "05:00", "to": "05:00"}}`, "allowedHours"},
			{"hours not a time", card, `{"allowedHours": {"from": "25:00", "to": "05:00"}}`, "allowedHours"},
			{"overlong code", card, `{"allowedStates": ["` + strings.Repeat("A", 100) + `"]}`, "allowedStates"},
			{"control character", card, `{"allowedChains": ["PI\u0001LOT"]}`, "allowedChains"},
			{"too many entries", card, `{"allowedStates": [` + strings.TrimSuffix(strings.Repeat(`"TX",`, 61), ",") + `]}`, "allowedStates"},
			{"unknown time zone", "/api/wex/company/controls", `{"timeZone": "Mars/Olympus"}`, "timeZone"},
			{"local time zone", "/api/wex/company/controls", `{"timeZone": "Local"}`, "timeZone"},
			{"override hours zero", "/api/wex/company/cards/" + f.driverCard + "/override", `{"hours": 0}`, "hours"},
			{"override hours too many", "/api/wex/company/cards/" + f.driverCard + "/override", `{"hours": 169}`, "hours"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				method := "PUT"
				if strings.HasSuffix(tc.path, "/override") {
					method = "POST"
				}
				res := f.api.Do(apitest.Request{Method: method, Path: tc.path, Body: tc.body, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
				if fields := res.FieldErrors(t); len(fields[tc.field]) == 0 {
					t.Fatalf("field errors %v lack %s", fields, tc.field)
				}
			})
		}
		t.Run("numbers as text", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "PUT", Path: card, Body: `{"dailyLimit": "lots"}`, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/cards/" + f.driverCard + "/override", Body: `{"hours": "x"}`, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
		})
		t.Run("not JSON", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "PUT", Path: card, Body: `{"dailyLimit":`, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
		})
		t.Run("bad card number in the path", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/cards/" + strings.Repeat("9", 40) + "/controls", Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
		})
	})
}

// TestControls_LimitDeclinesThenOverrideApproves is the end to
// end flow through the API: set a limit, a purchase over it is declined
// with its code and sentence everywhere, an override lets it through.
func TestControls_LimitDeclinesThenOverrideApproves(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		f.api.Put("/api/wex/company/cards/"+f.driverCard+"/controls", `{"perPurchaseLimit": 50, "monthlyBudget": 3000}`, f.owner).ExpectStatus(t, 200)

		var declined struct {
			TransactionID int64
			Status        string
			ProductCode   string
			DeclineCode   *string
			DeclineReason *string
		}
		body := fmt.Sprintf(`{"networkTransactionId":"ctl-1","cardNumber":%q,"locationId":%d,"gallons":100,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00","productCode":"rfr"}`,
			f.driverCard, f.station)
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body, Header: http.Header{"X-Network-Key": {networkKey}}, BreaksContract: true}).
			ExpectStatus(t, 201).Decode(t, &declined)
		if declined.Status != "DECLINED" || *declined.DeclineCode != "PER_PURCHASE_LIMIT" || *declined.DeclineReason != "Over the per-purchase limit" || declined.ProductCode != "RFR" {
			t.Fatalf("network answer = %+v", declined)
		}
		for _, view := range []struct{ path, token string }{
			{fmt.Sprintf("/api/wex/company/transactions/%d", declined.TransactionID), f.owner},
			{fmt.Sprintf("/api/wex/transactions/%d", declined.TransactionID), f.driver},
		} {
			var got struct{ ProductCode, DeclineCode, DeclineReason string }
			f.api.Get(view.path, view.token).ExpectStatus(t, 200).Decode(t, &got)
			if got.DeclineCode != "PER_PURCHASE_LIMIT" || got.DeclineReason != "Over the per-purchase limit" || got.ProductCode != "RFR" {
				t.Fatalf("%s = %+v", view.path, got)
			}
		}

		var cards struct {
			Value []struct {
				CardNumber     string
				ControlsActive bool
				OverrideUntil  *string
				MonthlyBudget  *float64
			}
		}
		f.api.Post("/api/wex/company/cards/"+f.driverCard+"/override", map[string]any{}, f.owner).ExpectStatus(t, 200)
		f.api.Get("/api/wex/company/get-cards", f.owner).ExpectStatus(t, 200).Decode(t, &cards)
		found := false
		for _, c := range cards.Value {
			if c.CardNumber == f.driverCard {
				found = c.ControlsActive && c.OverrideUntil != nil && c.MonthlyBudget != nil && *c.MonthlyBudget == 3000
			} else if c.ControlsActive || c.OverrideUntil != nil {
				t.Fatalf("card %s shows controls it lacks: %+v", c.CardNumber, c)
			}
		}
		if !found {
			t.Fatalf("card list = %+v", cards)
		}

		var approved networkResult
		f.postPurchase("ctl-2", f.driverCard, "100").ExpectStatus(t, 201).Decode(t, &approved)
		if approved.Status != "APPROVED" {
			t.Fatalf("with the override: %+v", approved)
		}
		var wallet struct {
			CardsBudget     *float64
			CardsMonthSpend float64
		}
		f.api.Get("/api/wex/company/wallet", f.owner).ExpectStatus(t, 200).Decode(t, &wallet)
		if wallet.CardsBudget == nil || *wallet.CardsBudget != 3000 {
			t.Fatalf("wallet = %+v", wallet)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/wex/company/cards/" + f.driverCard + "/override", Token: f.owner}).ExpectStatus(t, 204)
		var again networkResult
		f.postPurchase("ctl-3", f.driverCard, "100").ExpectStatus(t, 201).Decode(t, &again)
		if again.Status != "DECLINED" {
			t.Fatalf("after the override ended: %+v", again)
		}
	})
}
