package http_test

import (
	"testing"
)

type driverCardJSON struct {
	CardNumber string
	Status     string
	Controls   struct{ DailyLimit *float64 }
	TimeZone   string
	Left       struct {
		Daily, DailyGallons, Weekly, Monthly *float64
		DailyPurchases                       *int
	}
	OverrideUntil *string
}

func TestDriverCard_TheDriverReadsTheirRulesAndWhatIsLeftToday(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		f.api.Put("/api/wex/company/cards/"+f.driverCard+"/controls", map[string]any{"dailyLimit": 100000}, f.owner).ExpectStatus(t, 200)
		var before driverCardJSON
		f.api.Get("/api/wex/card", f.driver).ExpectStatus(t, 200).Decode(t, &before)
		if before.CardNumber != f.driverCard || before.Controls.DailyLimit == nil || *before.Controls.DailyLimit != 100000 ||
			before.Left.Daily == nil || before.Left.Weekly != nil || before.TimeZone == "" {
			t.Fatalf("card = %+v", before)
		}
		var bought networkResult
		f.postPurchase("NET-CARD-LEFT-1", f.driverCard, "20").ExpectStatus(t, 201).Decode(t, &bought)
		if bought.Status != "APPROVED" {
			t.Fatalf("purchase = %+v", bought)
		}
		var after driverCardJSON
		f.api.Get("/api/wex/card", f.driver).ExpectStatus(t, 200).Decode(t, &after)
		if after.Left.Daily == nil || *after.Left.Daily >= *before.Left.Daily {
			t.Fatalf("left today %v after a purchase, %v before", after.Left.Daily, before.Left.Daily)
		}
		// Owners have no card of their own here.
		f.api.Get("/api/wex/card", f.owner).ExpectStatus(t, 403)
		f.api.Get("/api/wex/card", "").ExpectStatus(t, 401)
	})
}

// TestDriverCard_SaysWhenThePumpCheckApplies: the driver's card says
// whether the pump check applies to it (the phone then says what the
// truck's position is used for and what is kept); another company's
// setting changes nothing.
func TestDriverCard_SaysWhenThePumpCheckApplies(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var card struct{ PumpCheck bool }
		on := map[string]any{"enabled": true, "radiusMiles": 1, "freshnessMinutes": 10, "staleChoice": "challenge"}
		f.api.Put("/api/wex/company/pump-check", on, f.other).ExpectStatus(t, 200)
		f.api.Get("/api/wex/card", f.driver).ExpectStatus(t, 200).Decode(t, &card)
		if card.PumpCheck {
			t.Fatal("off by default, and another company's setting is not this card's")
		}
		f.api.Put("/api/wex/company/pump-check", on, f.owner).ExpectStatus(t, 200)
		f.api.Get("/api/wex/card", f.driver).ExpectStatus(t, 200).Decode(t, &card)
		if !card.PumpCheck {
			t.Fatal("the company's check is on")
		}
	})
}
