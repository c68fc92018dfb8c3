package demo_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/store"
)

func TestGenerateStations_IsDeterministicAndPlausible(t *testing.T) {
	now := time.Date(2026, 11, 21, 15, 0, 0, 0, time.UTC)
	stations, history := demo.GenerateStations(demo.StationCount, now)
	again, againHistory := demo.GenerateStations(demo.StationCount, now)
	if !reflect.DeepEqual(stations, again) || !reflect.DeepEqual(history, againHistory) {
		t.Fatal("two runs differ")
	}
	if len(stations) != demo.StationCount || len(history) != 4*demo.StationCount {
		t.Fatalf("%d stations, %d history entries", len(stations), len(history))
	}
	chains := map[string]int{}
	states := map[string]bool{}
	for i, s := range stations {
		chains[s.Chain]++
		states[s.State] = true
		if s.ID != demo.FirstStationID+int64(i) || s.Name == "" || s.Address == "" || s.City == "" || len(s.State) != 2 || len(s.ZipCode) != 5 || s.StationLocation == "" {
			t.Fatalf("station %d lacks details: %+v", i, s)
		}
		if s.NetPrice > s.RetailPrice || s.RetailPrice < 3000 || s.RetailPrice > 6000 || s.IFTARefund <= 0 {
			t.Fatalf("implausible prices: %+v", s)
		}
		if !s.PriceDate.Equal(time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC)) {
			t.Fatalf("price date %v", s.PriceDate)
		}
	}
	for _, c := range fuelportal.Chains {
		if chains[c.Code] < 20 {
			t.Errorf("chain %s has %d stations", c.Code, chains[c.Code])
		}
	}
	if len(states) < 40 {
		t.Errorf("stations in only %d states", len(states))
	}
	for _, h := range history {
		if h.NetPrice > h.RetailPrice || !h.PriceDate.Before(now.Add(-24*time.Hour)) {
			t.Fatalf("bad history entry %+v", h)
		}
	}
}

// checkStations: every demo station is stored, with its price history.
func checkStations(t *testing.T, db *store.DB) {
	ctx := context.Background()
	stations, version, err := db.Stations(ctx)
	if err != nil || len(stations) != demo.StationCount || version == 0 {
		t.Fatalf("%d stations, version %d, %v", len(stations), version, err)
	}
	history, err := db.StationPriceHistory(ctx, demo.FirstStationID)
	if err != nil || len(history) != 5 {
		t.Fatalf("history %+v, %v", history, err)
	}
}
