package http_test

import (
	"context"
	"strconv"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/store"
)

func TestNotificationSettings(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)

		var driver, owner struct {
			Events []struct {
				Event                      string
				Push, Email, InApp, Urgent bool
			}
			QuietHours *struct{ Start, End string }
			TimeZone   string
		}
		f.api.Get("/api/account/notifications", "").ExpectStatus(t, 401)
		f.api.Get("/api/account/notifications", f.driver).ExpectStatus(t, 200).Decode(t, &driver)
		if len(driver.Events) != 6 || driver.Events[3].Event != "card.shipping" || driver.Events[5].Event != "job.needed" || driver.Events[0].Event != "purchase.declined" || !driver.Events[0].Urgent || driver.Events[0].Email || !driver.Events[0].Push || driver.QuietHours != nil || driver.TimeZone == "" {
			t.Fatalf("driver's defaults = %+v", driver)
		}
		f.api.Get("/api/account/notifications", f.owner).ExpectStatus(t, 200).Decode(t, &owner)
		if len(owner.Events) != 6 || owner.Events[1].Event != "override.requested" || !owner.Events[2].Email || owner.Events[4].Event != "ifta.due" || !owner.Events[4].Email {
			t.Fatalf("owner's defaults = %+v", owner)
		}

		for name, tt := range map[string]struct {
			body  any
			field string
		}{
			"an owner's event":  {map[string]any{"events": []any{map[string]any{"event": "wallet.low", "push": true}}}, "events[0].event"},
			"hour 25":           {map[string]any{"quietHours": map[string]string{"start": "25:00", "end": "07:00"}}, "quietHours.start"},
			"start equals end":  {map[string]any{"quietHours": map[string]string{"start": "07:00", "end": "07:00"}}, "quietHours.end"},
			"control character": {map[string]any{"quietHours": map[string]string{"start": "07:00\u0001", "end": "08:00"}}, "quietHours.start"},
		} {
			t.Run(name, func(t *testing.T) {
				fields := f.api.Do(apitest.Request{Method: "PUT", Path: "/api/account/notifications", Body: tt.body, Token: f.driver, BreaksContract: true}).
					ExpectStatus(t, 400).FieldErrors(t)
				if len(fields[tt.field]) == 0 {
					t.Fatalf("fields = %v, want %s", fields, tt.field)
				}
			})
		}

		f.api.Put("/api/account/notifications", map[string]any{
			"events":     []any{map[string]any{"event": "card.deactivated", "push": false, "email": true, "inApp": true}},
			"quietHours": map[string]string{"start": "22:00", "end": "07:00"},
		}, f.driver).ExpectStatus(t, 200).Decode(t, &driver)
		if driver.QuietHours == nil || driver.QuietHours.Start != "22:00" || driver.Events[2].Event != "card.deactivated" || driver.Events[2].Push || !driver.Events[2].Email {
			t.Fatalf("saved = %+v", driver)
		}
		// The owner's are their own.
		f.api.Get("/api/account/notifications", f.owner).ExpectStatus(t, 200).Decode(t, &owner)
		if owner.QuietHours != nil {
			t.Fatalf("the driver's quiet hours reached the owner: %+v", owner)
		}
	})
}

// TestNotifications_TheDriversOwnListInSpanish: the driver reads their
// in-app list (in their language), marks a notice read; another user's
// id is 404 and another company's owner sees nothing of it.
func TestNotifications_TheDriversOwnListInSpanish(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		ctx := context.Background()
		driver, _ := f.db.UserByEmail(ctx, demo.DriverEmail)
		if err := f.db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE users SET language = 'es' WHERE id = ?`, driver.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		n := fuelportal.TripReplannedNotice(&fuelportal.Trip{ID: 41, CompanyID: f.demoCompany, OriginName: "Ocala", DestinationName: "Tampa"})
		if err := f.db.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventTripReplanned, CompanyID: f.demoCompany, UserID: driver.ID, Notice: &n}); err != nil {
			t.Fatal(err)
		}
		var page struct {
			Content []struct {
				ID          int64
				Event       string
				Title, Body string
				URL         string
				TripID      *int64
				Read        bool
			}
			UnreadCount int
		}
		f.api.Get("/api/notifications", f.driver).ExpectStatus(t, 200).Decode(t, &page)
		if len(page.Content) != 1 || page.UnreadCount != 1 || page.Content[0].Title != "Viaje replanificado" || page.Content[0].TripID == nil || *page.Content[0].TripID != 41 || page.Content[0].URL != "/trips/41" {
			t.Fatalf("driver's list = %+v", page)
		}
		id := strconv.FormatInt(page.Content[0].ID, 10)

		var others struct{ Content []any }
		f.api.Get("/api/notifications", f.other).ExpectStatus(t, 200).Decode(t, &others)
		if len(others.Content) != 0 {
			t.Fatalf("another company's owner sees %+v", others)
		}
		f.api.Post("/api/notifications/"+id+"/read", nil, f.other).ExpectStatus(t, 404)
		f.api.Post("/api/notifications/"+id+"/read", nil, f.owner).ExpectStatus(t, 404)
		f.api.Post("/api/notifications/x/read", nil, f.driver).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/notifications?unread=maybe", Token: f.driver, BreaksContract: true}).ExpectStatus(t, 400)
		f.api.Post("/api/notifications/"+id+"/read", nil, f.driver).ExpectStatus(t, 204)
		f.api.Get("/api/notifications?unread=true", f.driver).ExpectStatus(t, 200).Decode(t, &page)
		if len(page.Content) != 0 || page.UnreadCount != 0 {
			t.Fatalf("after reading: %+v", page)
		}
		f.api.Post("/api/notifications/read-all", nil, f.driver).ExpectStatus(t, 204)
	})
}

func TestWalletLowBalance_OwnersSetTheThreshold(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var got struct{ Threshold *float64 }
		f.api.Get("/api/wex/company/wallet/low-balance", f.owner).ExpectStatus(t, 200).Decode(t, &got)
		if got.Threshold != nil {
			t.Fatalf("threshold before any = %v", *got.Threshold)
		}
		f.api.Put("/api/wex/company/wallet/low-balance", map[string]any{"threshold": 500}, f.driver).ExpectStatus(t, 403)
		for _, bad := range []any{-1, 1000000.01, "ten"} {
			f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/wallet/low-balance", Body: map[string]any{"threshold": bad}, Token: f.owner, BreaksContract: true}).
				ExpectStatus(t, 400)
		}
		f.api.Put("/api/wex/company/wallet/low-balance", map[string]any{"threshold": 500.499}, f.owner).ExpectStatus(t, 200) // rounded to the cent

		f.api.Get("/api/wex/company/wallet/low-balance", f.owner).ExpectStatus(t, 200).Decode(t, &got)
		if got.Threshold == nil || *got.Threshold != 500.5 {
			t.Fatalf("threshold = %v", got.Threshold)
		}
		f.api.Get("/api/wex/company/wallet/low-balance", f.other).ExpectStatus(t, 200).Decode(t, &got)
		if got.Threshold != nil {
			t.Fatalf("another company's threshold = %v", *got.Threshold)
		}
		f.api.Put("/api/wex/company/wallet/low-balance", map[string]any{"threshold": nil}, f.owner).ExpectStatus(t, 200)
	})
}
