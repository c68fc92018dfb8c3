package http_test

import (
	"context"
	"math"
	"net/http"
	"testing"

	"fuelportal/store"
)

// detourPlan is the plan answer with the detour fields.
type detourPlan struct {
	FuelPlan []struct {
		Location                station
		Gallons, Cost           float64
		DetourMiles, DetourCost float64
		NetSaving               *float64
	}
	TotalCost, TotalGallons            float64
	NaiveCost, NaivetotalGallons       *float64
	OutOfRouteCostPerMile, CostPerStop float64
	DetourMiles, DetourCost            float64
	NaiveDetourCost, NetSaving         *float64
}

// setPlannerCosts gives company its detour and stop costs, keeping the rest
// of its contract.
func setPlannerCosts(t *testing.T, db *store.DB, companyID, tenthCentsPerMile, stopCents int64) {
	t.Helper()
	ctx := context.Background()
	err := db.InTx(ctx, func(tx *store.Tx) error {
		c, err := tx.Contract(ctx, companyID)
		if err != nil {
			return err
		}
		c.OutOfRouteTenthCentsPerMile, c.StopCostCents = tenthCentsPerMile, stopCents
		return tx.SaveContract(ctx, c)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func cents(dollars float64) int64 { return int64(math.Round(dollars * 100)) }

// The plan weighs the caller's company contract's detour and stop costs:
// without them the answer is today's (no detour cost, the net saving is the
// fuel saving); with them the stops carry their detour and cost, the net
// saving is the naive driver's all-in cost less the plan's, the plan makes
// fewer stops, and it still beats the naive driver in all. A driver plans
// with their company's costs; another company's costs do not leak in.
func TestPlan_CountsTheContractsDetourAndStopCosts(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		form := planForm(routePoints(builtinRoute(t, losAngeles, jacksonvill)))
		post := func(token string) detourPlan {
			var res detourPlan
			f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusOK).Decode(t, &res)
			if res.NaiveCost == nil || res.NetSaving == nil || res.NaiveDetourCost == nil {
				t.Fatalf("no naive comparison: %+v", res)
			}
			return res
		}

		before := post(f.owner)
		if before.OutOfRouteCostPerMile != 0 || before.CostPerStop != 0 || before.DetourCost != 0 || *before.NaiveDetourCost != 0 {
			t.Fatalf("costs without a contract that sets them: %+v", before)
		}
		if cents(*before.NetSaving) != cents(*before.NaiveCost)-cents(before.TotalCost) {
			t.Fatalf("net saving %.2f without costs, want the fuel saving %.2f", *before.NetSaving, *before.NaiveCost-before.TotalCost)
		}
		miles := 0.0
		for i, s := range before.FuelPlan {
			if s.DetourCost != 0 || s.NetSaving == nil || s.DetourMiles != math.Round(2**s.Location.OffMiles*10)/10 {
				t.Fatalf("stop %d without costs: %+v (off the route %.2f mi)", i, s, *s.Location.OffMiles)
			}
			miles += s.DetourMiles
		}
		if math.Abs(miles-before.DetourMiles) > 0.05*float64(len(before.FuelPlan)+1) {
			t.Fatalf("stops' detour miles %.1f, plan %.1f", miles, before.DetourMiles)
		}

		// Another company's costs change nothing here.
		setPlannerCosts(t, f.db, f.otherCompany, 5000, 100_00)
		if again := post(f.owner); again.DetourCost != 0 || again.TotalCost != before.TotalCost || len(again.FuelPlan) != len(before.FuelPlan) {
			t.Fatalf("Other Haulers' costs changed Demo Freight's plan: %+v", again)
		}

		// $1.85 a mile off the route and $150 a stop.
		setPlannerCosts(t, f.db, f.demoCompany, 1850, 150_00)
		for _, token := range []string{f.owner, f.driver} {
			after := post(token)
			if after.OutOfRouteCostPerMile != 1.85 || after.CostPerStop != 150 {
				t.Fatalf("costs = %.3f/mi, %.2f/stop", after.OutOfRouteCostPerMile, after.CostPerStop)
			}
			if len(after.FuelPlan) >= len(before.FuelPlan) {
				t.Fatalf("%d stops with a $150 stop cost, %d without", len(after.FuelPlan), len(before.FuelPlan))
			}
			var detour int64
			for i, s := range after.FuelPlan {
				want := 1.85*2**s.Location.OffMiles + 150
				if math.Abs(s.DetourCost-want) > 0.02 || s.NetSaving == nil {
					t.Fatalf("stop %d: detour cost %.2f, want %.2f (%+v)", i, s.DetourCost, want, s)
				}
				detour += cents(s.DetourCost)
			}
			if detour != cents(after.DetourCost) {
				t.Fatalf("stops' detour costs add up to %d cents, plan %.2f", detour, after.DetourCost)
			}
			want := cents(*after.NaiveCost) + cents(*after.NaiveDetourCost) - cents(after.TotalCost) - cents(after.DetourCost)
			if cents(*after.NetSaving) != want || want < 0 || *after.NaiveDetourCost < 150 {
				t.Fatalf("net saving %.2f, want %d cents (naive %.2f + %.2f, plan %.2f + %.2f)",
					*after.NetSaving, want, *after.NaiveCost, *after.NaiveDetourCost, after.TotalCost, after.DetourCost)
			}
			// All in, the plan that weighs the costs is no dearer than the
			// fuel-only plan would be under them.
			fuelOnly := cents(before.TotalCost)
			for _, s := range before.FuelPlan {
				fuelOnly += cents(1.85*2**s.Location.OffMiles + 150)
			}
			if all := cents(after.TotalCost) + cents(after.DetourCost); all > fuelOnly+int64(len(before.FuelPlan)) {
				t.Fatalf("plan costs %d cents in all, the fuel-only plan %d", all, fuelOnly)
			}
		}

		var contract struct{ OutOfRouteCostPerMile, CostPerStop float64 }
		f.api.Get("/api/wex/company/contract", f.owner).ExpectStatus(t, 200).Decode(t, &contract)
		if contract.OutOfRouteCostPerMile != 1.85 || contract.CostPerStop != 150 {
			t.Fatalf("contract = %+v", contract)
		}
		f.api.Get("/api/wex/company/contract", f.other).ExpectStatus(t, 200).Decode(t, &contract)
		if contract.OutOfRouteCostPerMile != 5 || contract.CostPerStop != 100 {
			t.Fatalf("Other Haulers contract = %+v", contract)
		}
	})
}
