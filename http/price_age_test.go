package http_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
)

type stalePlan struct {
	FuelPlan []struct {
		Location station
	}
	UsedStalePrices bool
}

// repriceStations dates every station's price now except those of skip
// (prices only move forward in time) and reloads the catalog.
func (f *fixture) repriceStations(t *testing.T, skip map[int64]bool) {
	t.Helper()
	ctx := context.Background()
	var changed []*fuelportal.Station
	for _, s := range f.storedStations(t) {
		if !skip[s.ID] {
			s.PriceDate = f.clock.Now()
			changed = append(changed, s)
		}
	}
	if err := f.db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.UpsertStations(ctx, changed)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := f.srv.Stations.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestStations_CarryPriceAgeStaleAfter48Hours(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		var near []station
		f.api.Get("/api/locations?latitude=35.2&longitude=-101.8&radius=100", token).ExpectStatus(t, http.StatusOK).Decode(t, &near)
		if len(near) < 2 {
			t.Fatalf("%d stations", len(near))
		}
		for _, s := range near {
			if s.Stale {
				t.Fatalf("station %d priced %s is stale at once", s.LocationID, s.RetailPriceDate)
			}
		}
		// The demo prices at 06:00 of the clock's day (9 h before it): 47 h
		// old is still fresh, 49 h is stale.
		f.clock.Advance(38 * time.Hour)
		token = f.signIn(t) // the old token has expired
		var later []station
		f.api.Get("/api/locations?latitude=35.2&longitude=-101.8&radius=100", token).ExpectStatus(t, http.StatusOK).Decode(t, &later)
		for _, s := range later {
			if s.Stale {
				t.Fatalf("station %d priced %s is stale at 47 h", s.LocationID, s.RetailPriceDate)
			}
		}
		f.clock.Advance(2 * time.Hour)
		token = f.signIn(t)
		f.repriceStations(t, map[int64]bool{near[0].LocationID: true})
		var again []station
		f.api.Get("/api/locations?latitude=35.2&longitude=-101.8&radius=100", token).ExpectStatus(t, http.StatusOK).Decode(t, &again)
		for _, s := range again {
			if want := s.LocationID == near[0].LocationID; s.Stale != want {
				t.Fatalf("station %d priced %s: stale %v, want %v", s.LocationID, s.RetailPriceDate, s.Stale, want)
			}
		}
		var view mapView
		f.api.Get("/api/locations/map?bbox=-101.81,35.19,-101.79,35.21&zoom=17", token).ExpectStatus(t, http.StatusOK).Decode(t, &view)
		for _, s := range view.Stations {
			if want := s.LocationID == near[0].LocationID; s.Stale != want {
				t.Fatalf("map station %d: stale %v, want %v", s.LocationID, s.Stale, want)
			}
		}
	})
}

func TestPlan_PrefersFreshPricesAndSaysWhenItUsedStaleOnes(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		form := planForm(routePoints(builtinRoute(t, losAngeles, jacksonvill)))
		var first stalePlan
		f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusOK).Decode(t, &first)
		if len(first.FuelPlan) < 2 || first.UsedStalePrices {
			t.Fatalf("fresh plan = %+v", first)
		}
		// The stations the plan chose go stale: fresh ones replace them.
		chosen := map[int64]bool{}
		for _, stop := range first.FuelPlan {
			chosen[stop.Location.LocationID] = true
		}
		f.clock.Advance(49 * time.Hour)
		token = f.signIn(t)
		f.repriceStations(t, chosen)
		var fresh stalePlan
		f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusOK).Decode(t, &fresh)
		if fresh.UsedStalePrices || len(fresh.FuelPlan) == 0 {
			t.Fatalf("plan with fresh stations available = %+v", fresh)
		}
		for _, stop := range fresh.FuelPlan {
			if chosen[stop.Location.LocationID] || stop.Location.Stale {
				t.Fatalf("plan kept stale station %d", stop.Location.LocationID)
			}
		}
		// Every price goes stale: the plan uses them and says so.
		f.clock.Advance(49 * time.Hour)
		token = f.signIn(t)
		var stale stalePlan
		f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusOK).Decode(t, &stale)
		if !stale.UsedStalePrices || len(stale.FuelPlan) == 0 || !stale.FuelPlan[0].Location.Stale {
			t.Fatalf("all-stale plan = %+v", stale)
		}
	})
}
