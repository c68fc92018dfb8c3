package demo_test

import (
	"context"
	"testing"
	"time"

	"fuelportal/demo"
	"fuelportal/ifta"
	"fuelportal/store"
)

// checkIFTA: the demo's returns have content: the current quarter (trips,
// purchases, miles) and the previous one, both on sample rates that say so
// and cover every jurisdiction driven.
func checkIFTA(t *testing.T, db *store.DB) {
	ctx := context.Background()
	owner, _ := db.UserByEmail(ctx, demo.OwnerEmail)
	svc := ifta.New(ifta.Deps{Store: db, Now: db.Now})
	now := db.Now().In(time.UTC)
	year, quarter := now.Year(), (int(now.Month())-1)/3+1
	prevYear, prevQuarter := year, quarter-1
	if prevQuarter == 0 {
		prevYear, prevQuarter = year-1, 4
	}
	for _, p := range [][2]int{{year, quarter}, {prevYear, prevQuarter}} {
		ret, err := svc.Return(ctx, owner.CompanyID, p[0], p[1], "diesel")
		if err != nil {
			t.Fatal(err)
		}
		codes := map[ifta.WarningCode]bool{}
		for _, w := range ret.Warnings {
			codes[w.Code] = true
		}
		// The sample rates cover every jurisdiction the demo drives (Oregon's
		// diesel at 0), so its returns can be closed.
		if len(ret.Rows) < 3 || ret.Sources.MilesEntries == 0 || ret.Sources.CardPurchases == 0 || !codes[ifta.WarnSampleRates] || codes[ifta.WarnMPGOutOfRange] ||
			codes[ifta.WarnMissingRate] {
			t.Fatalf("%dQ%d: %d rows, sources %+v, warnings %v, MPG %s", p[0], p[1], len(ret.Rows), ret.Sources, codes, ret.MPG)
		}
		// Miles follow their unit's fuel: the gasoline pickups' return has
		// their miles and the gasoline they bought, at a pickup's MPG.
		gas, err := svc.Return(ctx, owner.CompanyID, p[0], p[1], "gasoline")
		if err != nil {
			t.Fatal(err)
		}
		gasCodes := map[ifta.WarningCode]bool{}
		for _, w := range gas.Warnings {
			gasCodes[w.Code] = true
		}
		if len(gas.Rows) < 3 || gas.Sources.MilesEntries == 0 || gas.Sources.FuelEntries == 0 || gasCodes[ifta.WarnMPGOutOfRange] || gasCodes[ifta.WarnNoFuel] ||
			gasCodes[ifta.WarnMissingRate] || gasCodes[ifta.WarnUnitsWithoutFuelType] || codes[ifta.WarnUnitsWithoutFuelType] {
			t.Fatalf("%dQ%d gasoline: %d rows, sources %+v, warnings %v, MPG %s", p[0], p[1], len(gas.Rows), gas.Sources, gasCodes, gas.MPG)
		}
		if p[1] == quarter && (ret.Sources.CompletedTrips == 0 || !codes[ifta.WarnMilesEstimated]) {
			t.Fatalf("current quarter without trips: %+v %v", ret.Sources, codes)
		}
	}
}
