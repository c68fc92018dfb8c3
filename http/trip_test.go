package http_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/geo"
	fphttp "fuelportal/http"
	"fuelportal/http/apitest"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/trips"
)

// tripFleet is the demo fleet on one engine, for trip tests.
func tripFleet(t *testing.T, fx *fixture) *fleet {
	t.Helper()
	f := &fleet{fixture: fx}
	f.srv.NetworkKey = networkKey
	f.owner = f.api.Login(demo.OwnerEmail, demo.Password).Token
	f.driver = f.api.Login(demo.DriverEmail, demo.Password).Token
	f.other = f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
	ctx := context.Background()
	owner, _ := f.db.UserByEmail(ctx, demo.OwnerEmail)
	other, _ := f.db.UserByEmail(ctx, demo.OtherOwnerEmail)
	f.demoCompany, f.otherCompany = owner.CompanyID, other.CompanyID
	f.driverCard = demo.CardPlans[demo.DemoFreight.Name][0].CardNumber
	f.station = demo.FirstStationID
	f.issueCardsBefore(t, time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC))
	return f
}

// issueCardsBefore dates every card's issue at issued: tests that report
// purchases dated before the demo history (so that the fraud check never
// compares them with a demo purchase) need cards that existed then, or the
// purchase date check refuses them.
func (f *fleet) issueCardsBefore(t *testing.T, issued time.Time) {
	t.Helper()
	ctx := context.Background()
	err := f.db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE cards SET created_at = ?`, issued)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

type tripStop struct {
	Location struct {
		LocationID          int64
		Latitude, Longitude float64
	}
	Gallons, Cost, Price, AlongMiles float64
}

type tripPlanOut struct {
	FuelPlan     []tripStop
	TotalCost    float64
	TotalGallons float64
	NaiveCost    *float64
	Version      int
	Reason       string
}

type tripOut struct {
	ID               int64
	Status           string
	CardNumber       string
	DriverName       string
	CreatedAt        string
	LockCard         bool
	OwnerLock        bool
	RoutePoints      []struct{ Latitude, Longitude float64 }
	Plan             tripPlanOut
	PlanVersionCount int
	Purchases        []struct {
		TransactionID int64
		LocationID    int64
		Gallons       float64
		Status        string
		// TransactionDate is the purchase's own date: compliance counts
		// purchases by it.
		TransactionDate string
		DeclineCode     *string
		DeclineReason   *string
		OnPlan          bool
		FundedTotal     float64
	}
}

// planVersions reads every plan version of the trip at path, page by
// page, oldest first.
func (f *fleet) planVersions(t *testing.T, path, token string) []tripPlanOut {
	t.Helper()
	var all []tripPlanOut
	for page := 0; ; page++ {
		var res struct {
			Content []tripPlanOut
			Page    struct{ TotalPages int }
		}
		f.api.Get(fmt.Sprintf("%s/plans?page=%d&size=20", path, page), token).ExpectStatus(t, 200).Decode(t, &res)
		all = append(all, res.Content...)
		if page >= res.Page.TotalPages-1 {
			break
		}
	}
	slices.Reverse(all)
	return all
}

func tripForm(card string, route []map[string]float64, lock bool) map[string]any {
	return map[string]any{"cardNumber": card, "routePoints": route, "tankCapacity": 200, "currentFuel": 60, "searchRadius": 5,
		"minGallonsPurchase": 5, "lockCard": lock, "originName": "Dallas, TX", "destinationName": "Amarillo, TX"}
}

// purchaseAt reports a purchase of gallons at a station through the network endpoint.
func (f *fleet) purchaseAt(t *testing.T, id, card string, station int64, gallons float64) networkResult {
	at := time.Date(2020, 1, 1, 10, 15, 0, 0, time.UTC).AddDate(0, 0, int(f.purchaseDays.Add(1)))
	body := fmt.Sprintf(`{"networkTransactionId":%q,"cardNumber":%q,"locationId":%d,"gallons":%.3f,"retailPrice":3.859,"transactionDate":%q}`,
		id, card, station, gallons, at.Format("2006-01-02T15:04:05"))
	var res networkResult
	f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body,
		Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 201).Decode(t, &res)
	return res
}

func TestTrips(t *testing.T) {
	route := routePoints(builtinRoute(t, dallas, amarillo))
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		var trip tripOut
		f.api.Post("/api/trips", tripForm(f.driverCard, route, true), f.owner).ExpectStatus(t, 201).Decode(t, &trip)
		if trip.Status != "ACTIVE" || !trip.LockCard || len(trip.Plan.FuelPlan) == 0 || trip.Plan.Version != 1 || trip.Plan.Reason != "CREATED" {
			t.Fatalf("trip = %+v", trip)
		}
		stop := trip.Plan.FuelPlan[0]
		path := fmt.Sprintf("/api/trips/%d", trip.ID)

		t.Run("a second active trip on the card is 409", func(t *testing.T) {
			f.api.Post("/api/trips", tripForm(f.driverCard, route, false), f.driver).ExpectStatus(t, 409)
		})

		t.Run("the lock approves only planned stops and gallons", func(t *testing.T) {
			offStop := f.station
			if offStop == stop.Location.LocationID {
				offStop++
			}
			res := f.purchaseAt(t, "TRIP-1", f.driverCard, offStop, 10)
			if res.Status != "DECLINED" || res.DeclineCode == nil || *res.DeclineCode != "NOT_PLANNED_STOP" || res.FundedTotal != 0 {
				t.Fatalf("off-plan purchase = %+v", res)
			}
			res = f.purchaseAt(t, "TRIP-2", f.driverCard, stop.Location.LocationID, stop.Gallons*1.1+1)
			if res.Status != "DECLINED" || *res.DeclineCode != "OVER_PLANNED_GALLONS" {
				t.Fatalf("over-gallons purchase = %+v", res)
			}
			res = f.purchaseAt(t, "TRIP-3", f.driverCard, stop.Location.LocationID, stop.Gallons*1.1-0.01)
			if res.Status != "APPROVED" {
				t.Fatalf("planned purchase = %+v", res)
			}
			var detail tripOut
			f.api.Get(path, f.driver).ExpectStatus(t, 200).Decode(t, &detail)
			if len(detail.Purchases) != 3 || detail.Purchases[0].OnPlan || detail.Purchases[1].OnPlan || !detail.Purchases[2].OnPlan ||
				*detail.Purchases[0].DeclineReason != "Not a planned stop" || *detail.Purchases[1].DeclineReason != "More than the planned gallons" {
				t.Fatalf("purchases = %+v", detail.Purchases)
			}
			if detail.PlanVersionCount != 1 {
				t.Fatalf("an on-plan purchase re-planned: %d versions", detail.PlanVersionCount)
			}
			// What is left at the stop after the planned purchase is less than a gallon.
			res = f.purchaseAt(t, "TRIP-3b", f.driverCard, stop.Location.LocationID, 1)
			if res.Status != "DECLINED" || *res.DeclineCode != "OVER_GALLONS_LEFT" || *res.DeclineReason != "More than the planned gallons left" {
				t.Fatalf("a second purchase past the stop's gallons = %+v", res)
			}
			storetest.ExpectSoundLedger(t, f.db)
		})

		t.Run("re-plan keeps every stop ahead of the position", func(t *testing.T) {
			mid := trip.RoutePoints[len(trip.RoutePoints)/2]
			var replanned tripOut
			f.api.Post(path+"/replan", map[string]any{"latitude": mid.Latitude, "longitude": mid.Longitude, "currentFuel": 30}, f.owner).
				ExpectStatus(t, 200).Decode(t, &replanned)
			if replanned.Plan.Version != 2 || replanned.Plan.Reason != "REPLANNED" {
				t.Fatalf("plan = %+v", replanned.Plan)
			}
			full := make([]geo.Point, len(trip.RoutePoints))
			for i, p := range trip.RoutePoints {
				full[i] = geo.Point{Lat: p.Latitude, Lon: p.Longitude}
			}
			pl := geo.NewPolyline(full)
			cut := pl.Project(geo.Point{Lat: mid.Latitude, Lon: mid.Longitude}).AlongMiles
			for _, s := range replanned.Plan.FuelPlan {
				along := pl.Project(geo.Point{Lat: s.Location.Latitude, Lon: s.Location.Longitude}).AlongMiles
				if along < cut-5 { // the search radius: a station beside the cut point may sit a little behind it
					t.Fatalf("stop %d at mile %.1f lies behind the position at mile %.1f", s.Location.LocationID, along, cut)
				}
			}
			var detail tripOut
			f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &detail)
			versions := f.planVersions(t, path, f.owner)
			if detail.PlanVersionCount != 2 || len(versions) != 2 || versions[0].Version != 1 || versions[1].Version != 2 || detail.Plan.Version != 2 {
				t.Fatalf("versions = %+v", versions)
			}
		})

		t.Run("an approved purchase off an unlocked plan re-plans and counts as missed savings", func(t *testing.T) {
			card := demo.CardPlans[demo.DemoFreight.Name][1].CardNumber
			var open tripOut
			f.api.Post("/api/trips", tripForm(card, route, false), f.owner).ExpectStatus(t, 201).Decode(t, &open)
			first := open.Plan.FuelPlan[0]
			f.purchaseAt(t, "TRIP-4", card, first.Location.LocationID, first.Gallons)
			// Off plan: the dearest station in the route's first half.
			var near []struct {
				LocationID int64
				NetPrice   float64
				AlongMiles *float64
			}
			f.api.Post("/api/locations/near-route?radius=5", route, f.owner).ExpectStatus(t, 200).Decode(t, &near)
			dearest, price := int64(0), 0.0
			for _, s := range near {
				if s.AlongMiles != nil && *s.AlongMiles < open.Plan.FuelPlan[len(open.Plan.FuelPlan)-1].AlongMiles && s.NetPrice > price && s.LocationID != first.Location.LocationID {
					dearest, price = s.LocationID, s.NetPrice
				}
			}
			res := f.purchaseAt(t, "TRIP-5", card, dearest, 40)
			if res.Status != "APPROVED" {
				t.Fatalf("unlocked off-plan purchase = %+v", res)
			}
			var detail tripOut
			f.api.Get(fmt.Sprintf("/api/trips/%d", open.ID), f.owner).ExpectStatus(t, 200).Decode(t, &detail)
			if detail.PlanVersionCount != 2 || detail.Plan.Reason != "OFF_PLAN_PURCHASE" {
				t.Fatalf("versions after an off-plan purchase = %d, %+v", detail.PlanVersionCount, detail.Plan)
			}
			if !detail.Purchases[0].OnPlan || detail.Purchases[1].OnPlan {
				t.Fatalf("purchases = %+v", detail.Purchases)
			}
		})

		t.Run("compliance sums match the purchases to the cent", func(t *testing.T) {
			var rows []struct {
				DriverName, CardNumber                        string
				Trips                                         int
				PlannedGallons, OnPlanGallons, OffPlanGallons float64
				PlannedCost, ActualCost, MissedSavings        float64
			}
			// The trip tests' purchases are dated in 2020 (purchaseAt), their
			// trips created today: compliance counts purchases by their date.
			const from, to = "2020-01-01", "2020-12-31"
			f.api.Get("/api/wex/company/compliance?dateFrom="+from+"&dateTo="+to, f.owner).ExpectStatus(t, 200).Decode(t, &rows)
			if len(rows) != 2 {
				t.Fatalf("rows = %+v", rows)
			}
			var list struct{ Content []tripOut }
			f.api.Get("/api/trips?size=100", f.owner).ExpectStatus(t, 200).Decode(t, &list)
			cents := func(x float64) int64 { return int64(math.Round(x * 100)) }
			for _, row := range rows {
				var onPlan, offPlan, actual float64
				trips := 0
				for _, tr := range list.Content {
					if tr.CardNumber != row.CardNumber {
						continue
					}
					var d tripOut
					f.api.Get(fmt.Sprintf("/api/trips/%d", tr.ID), f.owner).ExpectStatus(t, 200).Decode(t, &d)
					counted := false
					for _, p := range d.Purchases {
						if p.Status != "APPROVED" || p.TransactionDate < from || p.TransactionDate >= "2021" {
							continue // declined, or a demo purchase of the past weeks
						}
						counted = true
						if p.OnPlan {
							onPlan += p.Gallons
						} else {
							offPlan += p.Gallons
						}
						actual += p.FundedTotal
					}
					if !counted {
						continue
					}
					trips++
					if first := f.planVersions(t, fmt.Sprintf("/api/trips/%d", tr.ID), f.owner)[0]; cents(first.TotalCost) != cents(row.PlannedCost) {
						t.Errorf("%s: planned cost %.2f, first plan %.2f", row.DriverName, row.PlannedCost, first.TotalCost)
					}
				}
				if trips != row.Trips || math.Abs(onPlan-row.OnPlanGallons) > 1e-9 || math.Abs(offPlan-row.OffPlanGallons) > 1e-9 || cents(actual) != cents(row.ActualCost) {
					t.Errorf("row %+v, purchases: %d trips, on %.3f, off %.3f, actual %.2f", row, trips, onPlan, offPlan, actual)
				}
			}
			if rows[0].MissedSavings <= 0 || rows[0].MissedSavings < rows[1].MissedSavings {
				t.Errorf("not worst first: %+v", rows)
			}
			// The dashboard's figure is the same purchases' from the start of its period.
			today := f.clock.Now().UTC().Truncate(24 * time.Hour)
			days := int(today.Sub(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)).Hours()/24) + 1
			f.api.Get("/api/wex/company/compliance?dateFrom="+from+"&dateTo="+today.Format("2006-01-02"), f.owner).ExpectStatus(t, 200).Decode(t, &rows)
			var missedTotal int64
			for _, row := range rows {
				missedTotal += cents(row.MissedSavings)
			}
			var tiles []struct{ Total, Saved, MissedSavings float64 }
			f.api.Get(fmt.Sprintf("/api/wex/company/total-spendings?lastDays=%d", days), f.owner).ExpectStatus(t, 200).Decode(t, &tiles)
			if cents(tiles[0].MissedSavings) != missedTotal || missedTotal <= 0 {
				t.Errorf("dashboard missed savings %.2f, compliance %d cents", tiles[0].MissedSavings, missedTotal)
			}
			day := from
			res := f.api.Get("/api/wex/company/compliance/export?dateFrom="+day+"&dateTo="+day, f.owner).ExpectStatus(t, 200)
			if !strings.Contains(res.Header.Get("Content-Disposition"), "compliance-") {
				t.Errorf("export headers = %v", res.Header)
			}
		})

		t.Run("isolation and roles", func(t *testing.T) {
			other := demo.CardPlans[demo.OtherHaulers.Name][0].CardNumber
			sameCompany := demo.CardPlans[demo.DemoFreight.Name][2].CardNumber
			f.api.Post("/api/trips", tripForm(other, route, true), f.owner).ExpectStatus(t, 404)
			f.api.Post("/api/trips", tripForm(sameCompany, route, true), f.driver).ExpectStatus(t, 404)
			for _, p := range []string{path, path + "/plans", path + "/replan", path + "/complete", path + "/cancel"} {
				method := "POST"
				if p == path || p == path+"/plans" {
					method = "GET"
				}
				body := `{"latitude":33,"longitude":-97,"currentFuel":50}`
				f.api.Do(apitest.Request{Method: method, Path: p, Body: body, Token: f.other}).ExpectStatus(t, 404)
				f.api.Do(apitest.Request{Method: method, Path: p, Body: body}).ExpectStatus(t, 401)
			}
			var list struct {
				Content []tripOut
				Page    struct{ TotalElements int }
			}
			f.api.Get("/api/trips", f.other).ExpectStatus(t, 200).Decode(t, &list)
			if len(list.Content) != 0 {
				t.Fatalf("another company sees %d trips", len(list.Content))
			}
			f.api.Get("/api/trips?size=100", f.driver).ExpectStatus(t, 200).Decode(t, &list)
			seen := len(list.Content)
			for _, tr := range list.Content {
				if tr.CardNumber != f.driverCard {
					t.Fatalf("the driver sees a trip of card %s", tr.CardNumber)
				}
			}
			f.api.Get("/api/trips?size=100&cardNumber="+f.driverCard, f.owner).ExpectStatus(t, 200).Decode(t, &list)
			if seen == 0 || seen != len(list.Content) {
				t.Fatalf("the driver sees %d trips, the owner %d on their card", seen, len(list.Content))
			}
			f.api.Get("/api/trips?status=ACTIVE&cardNumber="+f.driverCard, f.owner).ExpectStatus(t, 200).Decode(t, &list)
			if list.Page.TotalElements != 1 {
				t.Fatalf("filtered list = %+v", list.Page)
			}
			f.api.Get("/api/trips", "").ExpectStatus(t, 401)
			f.api.Get("/api/wex/company/compliance?dateFrom=2025-01-01&dateTo=2025-01-02", f.driver).ExpectStatus(t, 403)
			f.api.Get("/api/wex/company/compliance/export?dateFrom=2025-01-01&dateTo=2025-01-02", f.driver).ExpectStatus(t, 403)
			f.api.Get("/api/wex/company/compliance?dateFrom=2025-01-01&dateTo=2025-01-02", "").ExpectStatus(t, 401)
			var rows []any
			day := f.clock.Now().UTC().Format("2006-01-02")
			f.api.Get("/api/wex/company/compliance?dateFrom="+day+"&dateTo="+day, f.other).ExpectStatus(t, 200).Decode(t, &rows)
			if len(rows) != 0 {
				t.Fatalf("another company's compliance = %+v", rows)
			}
		})

		t.Run("hostile input is 400", func(t *testing.T) {
			long := strings.Repeat("x", 201)
			many := make([]map[string]float64, 5001)
			for i := range many {
				many[i] = map[string]float64{"latitude": 33 + float64(i)/10000, "longitude": -97}
			}
			for name, body := range map[string]map[string]any{
				"no card":         {"routePoints": route, "tankCapacity": 200, "currentFuel": 60, "searchRadius": 5, "minGallonsPurchase": 5},
				"one point":       tripForm(f.driverCard, route[:1], true),
				"too many points": tripForm(f.driverCard, many, true),
				"text tank":       merge(tripForm(f.driverCard, route, true), "tankCapacity", "lots"),
				"huge tank":       merge(tripForm(f.driverCard, route, true), "tankCapacity", 1e308),
				"fuel over tank":  merge(tripForm(f.driverCard, route, true), "currentFuel", 300),
				"radius":          merge(tripForm(f.driverCard, route, true), "searchRadius", -1),
				"long name":       merge(tripForm(f.driverCard, route, true), "originName", long),
			} {
				res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/trips", Body: body, Token: f.owner, BreaksContract: true})
				if res.Status != 400 {
					t.Errorf("%s: status %d", name, res.Status)
				}
			}
			for _, body := range []string{`{"latitude":91,"longitude":0,"currentFuel":1}`, `{"latitude":"x","longitude":0,"currentFuel":1}`,
				`{"latitude":33,"longitude":-97,"currentFuel":1000}`, `{}`, `[`, `{"latitude":1e999}`} {
				res := f.api.Do(apitest.Request{Method: "POST", Path: path + "/replan", Body: body, Token: f.owner, BreaksContract: true})
				if res.Status != 400 {
					t.Errorf("replan %s: status %d", body, res.Status)
				}
			}
			for _, q := range []string{"status=FOO", "size=0", "size=101", "page=-1", "cardNumber=" + strings.Repeat("1", 40)} {
				if res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/trips?" + q, Token: f.owner, BreaksContract: true}); res.Status != 400 {
					t.Errorf("list %s: status %d", q, res.Status)
				}
			}
			for _, q := range []string{"", "dateFrom=2025-01-01", "dateFrom=x&dateTo=2025-01-01", "dateFrom=2025-02-01&dateTo=2025-01-01", "dateFrom=1900-01-01&dateTo=2025-01-01"} {
				for _, p := range []string{"/api/wex/company/compliance", "/api/wex/company/compliance/export"} {
					if res := f.api.Do(apitest.Request{Method: "GET", Path: p + "?" + q, Token: f.owner, BreaksContract: true}); res.Status != 400 {
						t.Errorf("%s?%s: status %d", p, q, res.Status)
					}
				}
			}
			for _, id := range []string{"abc", "0", "-1", "99999999999999999999", "9223372036854775807"} {
				f.api.Do(apitest.Request{Method: "GET", Path: "/api/trips/" + id, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 404)
			}
		})

		t.Run("completing lifts the lock; an ended trip is 409", func(t *testing.T) {
			var done tripOut
			f.api.Post(path+"/complete", nil, f.owner).ExpectStatus(t, 200).Decode(t, &done)
			if done.Status != "COMPLETED" {
				t.Fatalf("status = %s", done.Status)
			}
			f.api.Post(path+"/complete", nil, f.driver).ExpectStatus(t, 409)
			f.api.Post(path+"/cancel", nil, f.owner).ExpectStatus(t, 409)
			f.api.Post(path+"/replan", map[string]any{"latitude": 33, "longitude": -97, "currentFuel": 50}, f.owner).ExpectStatus(t, 409)
			if res := f.purchaseAt(t, "TRIP-9", f.driverCard, f.station, 10); res.Status != "APPROVED" {
				t.Fatalf("purchase after the trip = %+v", res)
			}
		})

		t.Run("a trip names only a unit of its company", func(t *testing.T) {
			otherUnit := demo.CardPlans[demo.OtherHaulers.Name][0].UnitNumber
			for _, unit := range []string{otherUnit, "NOPE-404", strings.Repeat("u", 51), "U\u0001"} {
				res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/trips", Body: merge(tripForm(f.driverCard, route, false), "unitNumber", unit),
					Token: f.owner, BreaksContract: true})
				if res.Status != 400 || !strings.Contains(string(res.Body), "unitNumber") {
					t.Errorf("unit %q: %d %s", unit, res.Status, res.Body)
				}
			}
			unit := demo.CardPlans[demo.DemoFreight.Name][0].UnitNumber
			var driven struct{ UnitNumber string }
			f.api.Post("/api/trips", merge(tripForm(f.driverCard, route, false), "unitNumber", unit), f.owner).ExpectStatus(t, 201).Decode(t, &driven)
			if driven.UnitNumber != unit {
				t.Fatalf("unitNumber = %q, want %q", driven.UnitNumber, unit)
			}
		})
	})
}

func merge(m map[string]any, key string, value any) map[string]any {
	m[key] = value
	return m
}

func TestTrips_PriceChangeAtAPlannedStopReplans(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		f.srv.FeedKey = "feed-key"
		route := routePoints(builtinRoute(t, dallas, amarillo))
		card := demo.CardPlans[demo.DemoFreight.Name][3].CardNumber
		var trip tripOut
		f.api.Post("/api/trips", tripForm(card, route, true), f.owner).ExpectStatus(t, 201).Decode(t, &trip)
		var detail struct {
			Plan struct {
				FuelPlan []struct {
					Location struct {
						LocationID                                                    int64
						Name, StationLocation, Address, City, State, ZipCode, Country string
						Latitude, Longitude, RetailPrice, NetPrice, IftaRefund        float64
						Chain, Affiliate                                              string
					}
				}
			}
		}
		path := fmt.Sprintf("/api/trips/%d", trip.ID)
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &detail)
		s := detail.Plan.FuelPlan[0].Location
		// The company's price is retail less its contract's discount: a
		// move of the retail price moves it, whatever the feed's net price.
		importAt := func(retail float64) {
			row := fmt.Sprintf("%d,%q,%q,%q,%q,%s,%s,%s,%f,%f,%s,%s,%.3f,%.3f,%.3f,%s\n", s.LocationID, s.Name, s.StationLocation, s.Address, s.City,
				s.State, s.ZipCode, s.Country, s.Latitude, s.Longitude, s.Chain, s.Affiliate, retail, retail-0.6, s.IftaRefund,
				f.clock.Now().UTC().Format("2006-01-02T15:04:05"))
			f.api.Do(feedRequest("feed-key", feedHeader+row)).ExpectStatus(t, 200)
		}
		versions := func() []tripPlanOut { return f.planVersions(t, path, f.owner) }
		importAt(s.RetailPrice + 0.05) // exactly 5¢: no re-plan
		if v := versions(); len(v) != 1 {
			t.Fatalf("a 5¢ move re-planned: %+v", v)
		}
		importAt(s.RetailPrice + 0.40)
		if v := versions(); len(v) != 2 || v[1].Reason != "PRICE_CHANGE" {
			t.Fatalf("a 40¢ move at a planned stop: %+v", v)
		}
		// The trip is locked: the owners hear of its new stops.
		if got := f.alertsOf(t, f.owner, "TRIP_REPLANNED", trip.ID); len(got) != 1 || !strings.Contains(got[0].Message, "price moved") {
			t.Fatalf("TRIP_REPLANNED alerts = %+v", got)
		}
	})
}

// TestTrips_PlanVersionsAreBoundedAndPaged: re-plans people ask for are
// rate-limited per trip (429 with Retry-After), a trip keeps at most
// MaxTripPlanVersions versions (409 past them), and a trip answers its
// current plan with the version count, the same size whatever the count,
// while GET …/plans pages the versions newest first.
func TestTrips_PlanVersionsAreBoundedAndPaged(t *testing.T) {
	route := routePoints(builtinRoute(t, dallas, amarillo))
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		ctx := context.Background()
		var trip tripOut
		f.api.Post("/api/trips", tripForm(f.driverCard, route, false), f.owner).ExpectStatus(t, 201).Decode(t, &trip)
		path := fmt.Sprintf("/api/trips/%d", trip.ID)
		mid := trip.RoutePoints[len(trip.RoutePoints)/2]
		replan := map[string]any{"latitude": mid.Latitude, "longitude": mid.Longitude, "currentFuel": 30}

		var last *apitest.Response
		for i := range fphttp.DefaultLimits.TripReplans.Max {
			token := f.owner
			if i%2 == 1 { // the driver's count with the owner's: one trip, one budget
				token = f.driver
			}
			last = f.api.Post(path+"/replan", replan, token).ExpectStatus(t, 200)
		}
		res := f.api.Post(path+"/replan", replan, f.driver).ExpectStatus(t, 429)
		if res.Header.Get("Retry-After") == "" || res.ErrorMessage(t) != "Too many re-plans of this trip - Please try again later" {
			t.Fatalf("the re-plan past the rate = %s %v", res.Body, res.Header)
		}
		// Another trip is not held back by this one's count.
		var other tripOut
		f.api.Post("/api/trips", tripForm(demo.CardPlans[demo.DemoFreight.Name][1].CardNumber, route, false), f.owner).ExpectStatus(t, 201).Decode(t, &other)
		f.api.Post(fmt.Sprintf("/api/trips/%d/replan", other.ID), replan, f.owner).ExpectStatus(t, 200)

		// Up to the bound (as the price feed and off-plan purchases would).
		scope := fuelportal.TransactionScope{CompanyID: f.demoCompany}
		current, err := f.db.Trip(ctx, scope, trip.ID)
		if err != nil {
			t.Fatal(err)
		}
		for v := current.Plan.Version; v < fuelportal.MaxTripPlanVersions; v++ {
			next := *current.Plan
			if _, err := trips.New(trips.Deps{Store: f.db}).AddPlan(ctx, scope, trip.ID, &next); err != nil {
				t.Fatal(err)
			}
		}
		f.clock.Advance(time.Hour) // the rate's window has passed: the count speaks
		f.owner, f.driver = f.api.Login(demo.OwnerEmail, demo.Password).Token, f.api.Login(demo.DriverEmail, demo.Password).Token
		f.other = f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
		res = f.api.Post(path+"/replan", replan, f.owner).ExpectStatus(t, 409)
		if msg := res.ErrorMessage(t); msg != fmt.Sprintf(fuelportal.MsgTripPlanVersionsUsed, fuelportal.MaxTripPlanVersions) {
			t.Fatalf("the re-plan past the bound: %q", msg)
		}

		// The trip answers as small as with one version: its current plan and the count.
		got := f.api.Get(path, f.owner).ExpectStatus(t, 200)
		var detail tripOut
		got.Decode(t, &detail)
		if detail.PlanVersionCount != fuelportal.MaxTripPlanVersions || detail.Plan.Version != fuelportal.MaxTripPlanVersions {
			t.Fatalf("count %d, plan version %d", detail.PlanVersionCount, detail.Plan.Version)
		}
		if len(got.Body) > len(last.Body)+100 {
			t.Fatalf("a trip with %d versions answers %d bytes; its trip with the current plan alone is %d", detail.PlanVersionCount, len(got.Body), len(last.Body))
		}
		every := 0 // what answering every version would weigh
		for page := range 5 {
			every += len(f.api.Get(fmt.Sprintf("%s/plans?page=%d&size=20", path, page), f.owner).ExpectStatus(t, 200).Body)
		}
		t.Logf("GET %s: %d bytes with %d versions; the versions themselves: %d bytes", path, len(got.Body), detail.PlanVersionCount, every)

		for _, c := range []struct {
			query      string
			first, n   int
			totalPages int
		}{
			{"", 100, 10, 10},
			{"?page=1&size=20", 80, 20, 5},
			{"?page=9", 10, 10, 10},
			{"?page=10", 0, 0, 10},
		} {
			var page struct {
				Content []tripPlanOut
				Page    struct{ Number, Size, TotalElements, TotalPages int }
			}
			f.api.Get(path+"/plans"+c.query, f.driver).ExpectStatus(t, 200).Decode(t, &page)
			if len(page.Content) != c.n || page.Page.TotalElements != 100 || page.Page.TotalPages != c.totalPages ||
				(c.n > 0 && (page.Content[0].Version != c.first || page.Content[c.n-1].Version != c.first-c.n+1 || len(page.Content[0].FuelPlan) == 0)) {
				t.Fatalf("plans%s = %d versions, page %+v", c.query, len(page.Content), page.Page)
			}
		}
		for _, q := range []string{"size=0", "size=21", "page=-1", "page=101", "page=x"} {
			if res := f.api.Do(apitest.Request{Method: "GET", Path: path + "/plans?" + q, Token: f.owner, BreaksContract: true}); res.Status != 400 {
				t.Errorf("plans?%s: status %d", q, res.Status)
			}
		}
		f.api.Get(path+"/plans", f.other).ExpectStatus(t, 404)
		f.api.Get(path+"/plans", "").ExpectStatus(t, 401)
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/trips/abc/plans", Token: f.owner, BreaksContract: true}).ExpectStatus(t, 404)
	})
}

// The units a trip may name: the vehicles in service of the caller's
// company, the driver's card's unit first; another company's are never
// listed.
func TestTrips_UnitsToChooseFromAreTheCompanysVehiclesInService(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		get := func(token string) (units []string, defaultUnit *string) {
			t.Helper()
			var out struct {
				Value []struct {
					UnitNumber string
					Plate      string
				}
				DefaultUnitNumber *string
			}
			f.api.Get("/api/trips/units", token).ExpectStatus(t, 200).Decode(t, &out)
			for _, u := range out.Value {
				units = append(units, u.UnitNumber)
			}
			return units, out.DefaultUnitNumber
		}
		ownUnit := demo.CardPlans[demo.DemoFreight.Name][0].UnitNumber
		otherUnit := demo.CardPlans[demo.OtherHaulers.Name][0].UnitNumber

		ownerUnits, def := get(f.owner)
		if !slices.Contains(ownerUnits, ownUnit) || slices.Contains(ownerUnits, otherUnit) || def != nil {
			t.Fatalf("owner's units %v (default %v)", ownerUnits, def)
		}
		driverUnits, def := get(f.driver)
		if !slices.Equal(driverUnits, ownerUnits) || def == nil || *def != ownUnit {
			t.Fatalf("driver's units %v (default %v), want %v with %s first", driverUnits, def, ownerUnits, ownUnit)
		}
		otherUnits, _ := get(f.other)
		if !slices.Contains(otherUnits, otherUnit) || slices.ContainsFunc(otherUnits, func(u string) bool { return slices.Contains(ownerUnits, u) }) {
			t.Fatalf("the other company's units %v share the owner's %v", otherUnits, ownerUnits)
		}

		// A vehicle out of service is not offered, nor is it the default.
		ctx := context.Background()
		if err := f.db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE vehicles SET active = 0 WHERE company_id = ? AND unit_number = ?`, f.demoCompany, ownUnit)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if driverUnits, def := get(f.driver); slices.Contains(driverUnits, ownUnit) || len(driverUnits) != len(ownerUnits)-1 || def != nil {
			t.Fatalf("driver's units with %s out of service: %v (default %v)", ownUnit, driverUnits, def)
		}

		// Who saves no trip chooses no unit.
		bookkeeper := f.api.Login(demo.BookkeeperEmail, demo.Password).Token
		f.api.Get("/api/trips/units", bookkeeper).ExpectStatus(t, 403)
	})
}
