package demo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/plan"
	"fuelportal/routing"
)

func init() {
	Register(Step{Order: OrderTrips, Name: "trips and the purchases made on them", Run: seedTrips})
}

// OrderTrips runs after the purchase history: trips are the last weeks'.
const OrderTrips = OrderFleet + 50

// Demo trips: each of tripDrivers (Demo Freight cards, by index) drove
// tripsPerDriver planned trips over the last tripWeeks weeks, following its
// plan with the driver's discipline (the share of stops bought as planned;
// the rest at the dearest other station along the route). Every trip is
// completed, so no card starts locked.
var tripDrivers = []struct {
	card       int
	discipline float64
}{{0, 0.9}, {4, 0.5}, {5, 0.95}, {6, 0.3}, {7, 0.7}, {8, 0.8}}

const (
	tripsPerDriver = 3
	tripWeeks      = 5
	tripRadius     = 5.0
	tripTank       = 200.0
	tripStartFuel  = 40.0
)

// tripLanes are the demo trips' city pairs.
var tripLanes = [][2]routing.Point{
	{{Lat: 32.78, Lon: -96.80}, {Lat: 35.47, Lon: -97.52}},  // Dallas → Oklahoma City
	{{Lat: 32.78, Lon: -96.80}, {Lat: 35.22, Lon: -101.83}}, // Dallas → Amarillo
	{{Lat: 35.47, Lon: -97.52}, {Lat: 32.78, Lon: -96.80}},  // Oklahoma City → Dallas
	{{Lat: 35.22, Lon: -101.83}, {Lat: 32.78, Lon: -96.80}}, // Amarillo → Dallas
}

var tripLaneNames = [][2]string{{"Dallas, TX", "Oklahoma City, OK"}, {"Dallas, TX", "Amarillo, TX"},
	{"Oklahoma City, OK", "Dallas, TX"}, {"Amarillo, TX", "Dallas, TX"}}

// seedTrips plans the demo trips with the optimizer over the demo stations
// near each lane, saves and completes them through the trip flow
// (trips.Service.CreateIn, EndPastIn) and records their purchases through
// the purchase flow (purchases.Service.RecordIn), so compliance and missed
// savings come from the same code as live trips.
func seedTrips(ctx context.Context, env *Env) error {
	if len(env.Stations) == 0 {
		return nil
	}
	tx := env.Tx
	cards := env.Cards[env.DemoFreight.ID]
	items := make([]geo.Item, len(env.Stations))
	byID := make(map[int64]*fuelportal.Station, len(env.Stations))
	for i, s := range env.Stations {
		items[i] = geo.Item{ID: s.ID, Point: geo.Point{Lat: s.Latitude, Lon: s.Longitude}}
		byID[s.ID] = s
	}
	index := geo.NewIndex(items)
	// The trips' fuel comes on top of the usual purchases: top the wallet up once.
	if _, _, err := tx.CreditWallet(ctx, env.DemoFreight.ID, topUpCents, fuelportal.LedgerTopUp, "demo-trips-top-up"); err != nil {
		return err
	}
	// Planned as the portal plans a company's trips: at the contract's
	// price per gallon, its fee and costs at every stop, each stop costed
	// as its purchase is charged (http: contractPlanning).
	contract, err := tx.Contract(ctx, env.DemoFreight.ID)
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(2026, 12))
	today := demoMidnight(env.Now)
	seq := 0
	for d, driver := range tripDrivers {
		if driver.card >= len(cards) {
			continue
		}
		card := cards[driver.card]
		for k := range tripsPerDriver {
			lane := (d + k) % len(tripLanes)
			routes, err := routing.Builtin().Route(ctx, tripLanes[lane][0], tripLanes[lane][1], nil)
			if err != nil || len(routes) == 0 {
				continue // a lane the built-in road graph cannot drive: no trip
			}
			route := make([]geo.Point, len(routes[0].Points))
			tripRoute := make([]fuelportal.TripPoint, len(route))
			for i, p := range routes[0].Points {
				route[i], tripRoute[i] = geo.Point{Lat: p.Lat, Lon: p.Lon}, fuelportal.TripPoint{Lat: p.Lat, Lon: p.Lon}
			}
			pl := geo.NewPolyline(route)
			hits := index.NearPolyline(pl, tripRadius)
			trip := plan.NewTrip(pl.LengthMiles(), tripTank, tripStartFuel)
			trip.Costs = plan.Costs{OutOfRouteTenthCentsPerMile: contract.OutOfRouteTenthCentsPerMile, StopCents: contract.StopCostCents, FeeCents: contract.FeeCents}
			trip.PurchaseCents = func(gallons float64, price int64) int64 {
				p := fuelportal.TenthCents(price)
				return contract.PurchaseAmounts(fuelportal.Gallons(math.Round(gallons*1000)), p, p).NetTotalCents
			}
			candidates := make([]plan.Station, len(hits))
			for i, h := range hits {
				s := byID[h.ID]
				candidates[i] = plan.Station{ID: h.ID, AlongMiles: min(h.AlongMiles, trip.RouteMiles), OffMiles: h.OffMiles,
					NetPrice: int64(contract.StationPrice(s)), RetailPrice: int64(s.RetailPrice)}
			}
			result, err := plan.Optimize(trip, candidates)
			if err != nil || len(result.Stops) == 0 {
				continue
			}
			start := today.AddDate(0, 0, -(tripWeeks*7 - 2 - (d*tripsPerDriver+k)*(tripWeeks*7-4)/(len(tripDrivers)*tripsPerDriver))).Add(6 * time.Hour)
			t := &fuelportal.Trip{
				CardNumber: card.CardNumber, LockCard: k == 2 && driver.discipline < 0.6,
				OriginName: tripLaneNames[lane][0], DestinationName: tripLaneNames[lane][1],
				TankGallons: tripTank * 1000, CurrentFuel: tripStartFuel * 1000, SearchRadius: tripRadius * 1000,
				MinGallons: plan.DefaultMinPurchaseGallons * 1000, Route: tripRoute, CreatedAt: start,
				Plan: demoTripPlan(result, byID),
			}
			if err := env.Trips.CreateIn(ctx, tx, fuelportal.TransactionScope{CompanyID: env.DemoFreight.ID}, t); err != nil {
				return fmt.Errorf("demo trip: %w", err)
			}
			// The dearest station along the route that is not a planned stop:
			// where an undisciplined driver fills up.
			var dearest *fuelportal.Station
			for _, h := range hits {
				if _, planned := t.Plan.Stop(h.ID); !planned && (dearest == nil || contract.StationPrice(byID[h.ID]) > contract.StationPrice(dearest)) {
					dearest = byID[h.ID]
				}
			}
			for i, stop := range t.Plan.Stops {
				at := start.Add(time.Duration(float64(time.Hour) * (1 + float64(stop.AlongMilli)/1000/55)))
				station, gallons := byID[stop.StationID], stop.Gallons
				if r.Float64() >= driver.discipline && dearest != nil {
					station = dearest
					gallons += fuelportal.Gallons(r.IntN(20_000))
				}
				seq++
				p := &fuelportal.CardPurchase{NetworkTransactionID: fmt.Sprintf("DEMO-TRIP-%05d", seq), CardNumber: card.CardNumber,
					LocationID: station.ID, Gallons: max(gallons, 1_000), RetailPrice: station.RetailPrice, TransactionDate: at.Add(time.Duration(i) * time.Minute)}
				rec, _, err := env.Purchases.RecordIn(ctx, tx, p)
				if err != nil {
					return fmt.Errorf("demo trip purchase: %w", err)
				}
				if rec.Status == fuelportal.TransactionDeclined && station.ID != stop.StationID {
					// Declined by the lock: the driver goes on to the planned stop.
					seq++
					p = &fuelportal.CardPurchase{NetworkTransactionID: fmt.Sprintf("DEMO-TRIP-%05d", seq), CardNumber: card.CardNumber,
						LocationID: stop.StationID, Gallons: stop.Gallons, RetailPrice: byID[stop.StationID].RetailPrice, TransactionDate: p.TransactionDate.Add(40 * time.Minute)}
					if _, _, err := env.Purchases.RecordIn(ctx, tx, p); err != nil {
						return fmt.Errorf("demo trip purchase: %w", err)
					}
				}
			}
			if _, err := env.Trips.EndPastIn(ctx, tx, fuelportal.TransactionScope{CompanyID: env.DemoFreight.ID}, t.ID, fuelportal.TripCompleted); err != nil {
				return err
			}
		}
	}
	return nil
}

// demoTripPlan converts an optimizer result to a trip's first plan version.
func demoTripPlan(result plan.Plan, stations map[int64]*fuelportal.Station) *fuelportal.TripPlan {
	g := func(x float64) fuelportal.Gallons { return fuelportal.Gallons(math.Round(x * 1000)) }
	p := &fuelportal.TripPlan{StartFuel: g(tripStartFuel), TotalCents: result.TotalCents + result.FeeCents, TotalGallons: g(result.TotalGallons)}
	for _, s := range result.Stops {
		p.Stops = append(p.Stops, fuelportal.TripStop{StationID: s.StationID, StationName: stations[s.StationID].Name, Gallons: g(s.Gallons),
			Price: fuelportal.TenthCents(s.Price), CostCents: s.CostCents + s.FeeCents, AlongMilli: int64(math.Round(s.AlongMiles * 1000)), ArrivalFuel: g(s.ArrivalGallons)})
	}
	if result.Naive.Available {
		p.NaiveAvailable, p.NaiveCents, p.NaiveTotalGallons = true, result.Naive.TotalCents, g(result.Naive.TotalGallons)
	}
	return p
}
