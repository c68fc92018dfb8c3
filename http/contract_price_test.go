package http_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/store"
)

// Prices a company user sees and plans with are the company's contract
// price: what the card is charged there (fuelportal.Contract.Price), never
// the feed's net price. These tests fail when any screen's price, or any
// plan, is the feed's.

// setFee gives company the card fee per purchase feeCents and the stop
// cost stopCents, keeping the rest of its contract.
func setFee(t *testing.T, db *store.DB, companyID, feeCents, stopCents int64) {
	t.Helper()
	ctx := context.Background()
	err := db.InTx(ctx, func(tx *store.Tx) error {
		c, err := tx.Contract(ctx, companyID)
		if err != nil {
			return err
		}
		c.FeeCents, c.StopCostCents = feeCents, stopCents
		return tx.SaveContract(ctx, c)
	})
	if err != nil {
		t.Fatal(err)
	}
}

type pricedStop struct {
	Location struct {
		LocationID             int64
		RetailPrice, NetPrice  float64
		Savings                float64
		Latitude, Longitude    float64
		StationLocation, State string
	}
	Gallons, Cost, DetourCost float64
}

type pricedPlan struct {
	FuelPlan                    []pricedStop
	TotalCost, FeePerPurchase   float64
	Fees, DetourCost, NetSaving float64
	NaiveDetourCost             float64
}

// The station lists (around a point, near a route, the map) and the plan
// show the owner's and the driver's company's price: the demo company is
// retail minus a discount with a fee per purchase, so its price is the
// retail price less the discount at every station, its savings the
// discount, and another company's contract does not leak in.
func TestContractPrice_EveryListAndPlanShowsTheCompanysPrice(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		pricing := f.demoPricing(t)
		if pricing.Pricing != fuelportal.PricingRetailMinus || pricing.RetailMinusTenthCents == 0 || pricing.FeeCents == 0 {
			t.Fatalf("the demo company's contract is %+v: the test needs retail minus a discount and a fee", pricing)
		}
		ctx := context.Background()
		stations, _, err := f.db.Stations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		byID := map[int64]*fuelportal.Station{}
		feedDiffers := 0
		for _, s := range stations {
			byID[s.ID] = s
			if pricing.StationPrice(s) != s.NetPrice {
				feedDiffers++
			}
		}
		if feedDiffers == 0 {
			t.Fatal("the feed's net price is the contract's everywhere: the test proves nothing")
		}
		check := func(what string, id int64, net, savings float64) {
			t.Helper()
			s := byID[id]
			want := pricing.StationPrice(s)
			if net != want.Dollars() || savings != float64(s.RetailPrice-want)/10 {
				t.Fatalf("%s: station %d shows %.3f (%.1f¢ off), the company pays %s (retail %s, feed net %s)", what, id, net, savings, want, s.RetailPrice, s.NetPrice)
			}
		}
		for _, token := range []string{f.owner, f.driver} {
			var near []station
			f.api.Get("/api/locations?latitude=32.78&longitude=-96.80&radius=100", token).ExpectStatus(t, http.StatusOK).Decode(t, &near)
			for i, s := range near {
				check("GET /api/locations", s.LocationID, s.NetPrice, s.Savings)
				if i > 0 && s.NetPrice < near[i-1].NetPrice {
					t.Fatalf("the list is not sorted by the company's price: %.3f after %.3f", s.NetPrice, near[i-1].NetPrice)
				}
			}
			route := routePoints(builtinRoute(t, dallas, amarillo))
			var onRoute []station
			f.api.Post("/api/locations/near-route?radius=5", route, token).ExpectStatus(t, http.StatusOK).Decode(t, &onRoute)
			for _, s := range onRoute {
				check("POST /api/locations/near-route", s.LocationID, s.NetPrice, s.Savings)
			}
			var view mapView
			f.api.Get("/api/locations/map?bbox=-97.1,32.6,-96.5,33.0&zoom=12", token).ExpectStatus(t, http.StatusOK).Decode(t, &view)
			for _, s := range view.Stations {
				check("GET /api/locations/map", s.LocationID, s.NetPrice, s.Savings)
			}
			if len(near) == 0 || len(onRoute) == 0 || len(view.Stations) == 0 {
				t.Fatalf("found %d, %d and %d stations", len(near), len(onRoute), len(view.Stations))
			}

			var p pricedPlan
			f.api.Post("/api/assistant/plan", planForm(route), token).ExpectStatus(t, http.StatusOK).Decode(t, &p)
			checkPlanCharges(t, p.FuelPlan, pricing, byID)
			var sum int64
			for _, stop := range p.FuelPlan {
				check("POST /api/assistant/plan", stop.Location.LocationID, stop.Location.NetPrice, stop.Location.Savings)
				sum += cents(stop.Cost)
			}
			if cents(p.TotalCost) != sum || cents(p.FeePerPurchase) != pricing.FeeCents || cents(p.Fees) != pricing.FeeCents*int64(len(p.FuelPlan)) {
				t.Fatalf("plan total %.2f, fee %.2f, fees %.2f: stops add up to %d cents", p.TotalCost, p.FeePerPurchase, p.Fees, sum)
			}
		}

		// The other company's owner sees the other contract's prices.
		other, err := f.db.Contract(ctx, f.otherCompany)
		if err != nil {
			t.Fatal(err)
		}
		var near []station
		f.api.Get("/api/locations?latitude=32.78&longitude=-96.80&radius=100", f.other).ExpectStatus(t, http.StatusOK).Decode(t, &near)
		for _, s := range near {
			if want := other.StationPrice(byID[s.LocationID]); s.NetPrice != want.Dollars() {
				t.Fatalf("the other company sees %.3f at station %d, its contract %s", s.NetPrice, s.LocationID, want)
			}
		}
	})
}

// checkPlanCharges checks that each planned stop costs what buying its
// gallons there will be charged: the contract's price, the fuel rounded as
// a purchase is, plus the fee.
func checkPlanCharges(t *testing.T, stops []pricedStop, c *fuelportal.Contract, byID map[int64]*fuelportal.Station) {
	t.Helper()
	if len(stops) == 0 {
		t.Fatal("the plan makes no stop")
	}
	for _, stop := range stops {
		s := byID[stop.Location.LocationID]
		g := fuelportal.Gallons(math.Round(stop.Gallons * 1000))
		if float64(g)/1000 != stop.Gallons {
			t.Fatalf("planned gallons %v are not metered in thousandths", stop.Gallons)
		}
		want := c.PurchaseAmounts(g, s.RetailPrice, c.StationPrice(s)).FundedTotalCents
		if cents(stop.Cost) != want {
			t.Fatalf("stop at %d: %v gal planned at $%.2f, the card will be charged %d cents", s.ID, stop.Gallons, stop.Cost, want)
		}
	}
}

// The card's fee per purchase is a cost of every stop to the optimizer,
// on top of the owner's cost per stop: a fee of F plans exactly as a cost
// per stop of F does (the same stations and gallons), and the plan's total
// then holds the fees.
func TestContractPrice_TheFeeIsACostPerStop(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		form := planForm(routePoints(builtinRoute(t, losAngeles, jacksonvill)))
		plan := func(feeCents, stopCents int64) pricedPlan {
			setFee(t, f.db, f.demoCompany, feeCents, stopCents)
			var p pricedPlan
			f.api.Post("/api/assistant/plan", form, f.owner).ExpectStatus(t, http.StatusOK).Decode(t, &p)
			return p
		}
		free := plan(0, 0)
		asFee := plan(60_00, 0)
		asStopCost := plan(0, 60_00)
		both := plan(30_00, 30_00)
		if len(asFee.FuelPlan) >= len(free.FuelPlan) {
			t.Fatalf("a $60 fee kept %d stops (without it %d): the optimizer does not weigh it", len(asFee.FuelPlan), len(free.FuelPlan))
		}
		for _, p := range []pricedPlan{asStopCost, both} {
			if len(p.FuelPlan) != len(asFee.FuelPlan) {
				t.Fatalf("%d stops with the fee, %d with the same cost per stop", len(asFee.FuelPlan), len(p.FuelPlan))
			}
			for i := range p.FuelPlan {
				if p.FuelPlan[i].Location.LocationID != asFee.FuelPlan[i].Location.LocationID || p.FuelPlan[i].Gallons != asFee.FuelPlan[i].Gallons {
					t.Fatalf("stop %d differs: %+v with the fee, %+v with the cost per stop", i, asFee.FuelPlan[i], p.FuelPlan[i])
				}
			}
		}
		// The fee is charged with the fuel (in the total), the stop cost is
		// the owner's estimate (in the detour cost).
		n := int64(len(asFee.FuelPlan))
		if cents(asFee.Fees) != 60_00*n || cents(asFee.TotalCost)-cents(asStopCost.TotalCost) != 60_00*n ||
			cents(asStopCost.DetourCost)-cents(asFee.DetourCost) != 60_00*n || cents(both.Fees) != 30_00*n {
			t.Fatalf("fees %.2f, totals %.2f and %.2f, detour costs %.2f and %.2f for %d stops",
				asFee.Fees, asFee.TotalCost, asStopCost.TotalCost, asFee.DetourCost, asStopCost.DetourCost, n)
		}
		// The naive driver pays the owner's cost at its stops but no card
		// fee (it pays the pump's retail price).
		if cents(asFee.NaiveDetourCost) != 0 || cents(asFee.NetSaving) != cents(asStopCost.NetSaving)-cents(asStopCost.NaiveDetourCost) {
			t.Fatalf("net saving %.2f with the fee, %.2f with the same cost per stop (the naive driver's stops cost %.2f)",
				asFee.NetSaving, asStopCost.NetSaving, asStopCost.NaiveDetourCost)
		}
	})
}

// buyAt reports through the network endpoint a purchase of gallons at
// station s at its pump price, on day.
func (f *fleet) buyAt(t *testing.T, id, card string, s *fuelportal.Station, gallons float64, day time.Time) networkResult {
	t.Helper()
	body := fmt.Sprintf(`{"networkTransactionId":%q,"cardNumber":%q,"locationId":%d,"gallons":%.3f,"retailPrice":%s,"transactionDate":%q}`,
		id, card, s.ID, gallons, s.RetailPrice, day.Format("2006-01-02T15:04:05"))
	var res networkResult
	f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body,
		Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, http.StatusCreated).Decode(t, &res)
	return res
}

// A trip driven exactly to plan (its gallons bought at its stops, at the
// pump's price, through the network) costs what the plan said to the
// cent: the trip's planned cost, compliance's planned and actual cost are
// equal, with no missed savings, on both engines.
func TestContractPrice_ATripDrivenToPlanCostsWhatItsPlanSaid(t *testing.T) {
	route := routePoints(builtinRoute(t, dallas, amarillo))
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		setPlannerCosts(t, f.db, f.demoCompany, 1850, 25_00) // the owner's costs do not change what the card pays
		card := demo.CardPlans[demo.DemoFreight.Name][2].CardNumber
		var trip tripOut
		f.api.Post("/api/trips", tripForm(card, route, true), f.owner).ExpectStatus(t, http.StatusCreated).Decode(t, &trip)
		if len(trip.Plan.FuelPlan) == 0 {
			t.Fatal("the trip plans no stop")
		}
		pricing := f.demoPricing(t)
		var planned int64
		day := time.Date(2021, 3, 2, 9, 0, 0, 0, time.UTC)
		var charged int64
		for i, stop := range trip.Plan.FuelPlan {
			planned += cents(stop.Cost)
			s, err := f.db.GetStation(context.Background(), stop.Location.LocationID)
			if err != nil {
				t.Fatal(err)
			}
			if stop.Price != pricing.StationPrice(s).Dollars() {
				t.Fatalf("stop %d planned at %.3f, the company pays %s", i, stop.Price, pricing.StationPrice(s))
			}
			res := f.buyAt(t, fmt.Sprintf("TO-PLAN-%d", i), card, s, stop.Gallons, day.Add(time.Duration(i)*time.Hour))
			if res.Status != "APPROVED" {
				t.Fatalf("the planned purchase at stop %d was %s", i, res.Status)
			}
			if cents(res.FundedTotal) != cents(stop.Cost) {
				t.Fatalf("stop %d: planned $%.2f, charged $%.2f", i, stop.Cost, res.FundedTotal)
			}
			charged += cents(res.FundedTotal)
		}
		if planned != cents(trip.Plan.TotalCost) || charged != planned {
			t.Fatalf("planned %d cents (total %.2f), charged %d", planned, trip.Plan.TotalCost, charged)
		}
		var rows []complianceRow
		f.api.Get("/api/wex/company/compliance?dateFrom=2021-03-01&dateTo=2021-03-31", f.owner).ExpectStatus(t, http.StatusOK).Decode(t, &rows)
		found := false
		for _, r := range rows {
			if r.CardNumber != card {
				continue
			}
			found = true
			if cents(r.PlannedCost) != cents(r.ActualCost) || cents(r.ActualCost) != charged || r.MissedSavings != 0 || r.OffPlanGallons != 0 {
				t.Fatalf("compliance of a trip driven to plan: %+v (charged %d cents)", r, charged)
			}
		}
		if !found {
			t.Fatalf("no compliance row for the card: %+v", rows)
		}
	})
}

type complianceRow struct {
	CardNumber                                    string
	PlannedGallons, OnPlanGallons, OffPlanGallons float64
	PlannedCost, ActualCost, MissedSavings        float64
}
