package purchases_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/routing"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/telematics"
)

// BenchmarkAuthorize_PumpCheckReplay replays 10,000 network authorizations
// through the purchase service on SQLite, each by its own truck stopping
// to fuel along a route of the built-in Interstate graph (routes between
// random places of its gazetteer, at 60 mph), with 200 injected cases of
// a card used at another stop 5–300 miles from its truck. Each truck's
// fixes of the 40 minutes before the swipe come every 1–5 minutes and
// reach the portal 0–2 minutes late, in one array (as vendors batch
// them), 2 % of the devices silent for the last 30 minutes; the swipe
// comes 2–10 minutes after the truck stopped; the pumps are up to 0.15
// mile off the route and the station's listed point up to 0.2 mile from
// them. It reports the share of injected ones declined or challenged and
// of genuine ones declined (a genuine one challenged, its device silent,
// is counted apart: its driver answers Yes and the retry passes), with
// radius 1 mile, freshness 10 minutes, stale choice challenge. Figures in
// bench/README.md, "Pump check":
//
//	go test ./purchases -run '^$' -bench PumpCheckReplay -benchtime 1x
func BenchmarkAuthorize_PumpCheckReplay(b *testing.B) {
	const purchases, injected = 10_000, 200
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 11))
	tracks := interstateTracks(b, rng, 40)
	type stop struct {
		track      []trackPoint
		atMiles    float64   // where on the track the truck leaves it for the pumps
		pumps      geo.Point // where it fuels
		station    *fuelportal.Station
		unit, card string
	}
	stops := make([]stop, purchases)
	stations := make([]*fuelportal.Station, purchases)
	for i := range stops {
		track := tracks[rng.IntN(len(tracks))]
		at := 60 + rng.Float64()*(track[len(track)-1].miles-60)
		pumps := offsetMiles(pointAt(track, at), rng.Float64()*0.15, rng.Float64()*2*math.Pi)
		listed := offsetMiles(pumps, rng.Float64()*0.2, rng.Float64()*2*math.Pi)
		stations[i] = &fuelportal.Station{ID: 100_000 + int64(i), Name: fmt.Sprintf("Replay Stop #%d", i), City: "Ocala", State: "FL", ZipCode: "34475",
			Latitude: listed.Lat, Longitude: listed.Lon, RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Now().UTC()}
		stops[i] = stop{track: track, atMiles: at, pumps: pumps, station: stations[i], unit: fmt.Sprintf("R-%05d", i), card: fmt.Sprintf("7072%015d", i)}
	}
	// An injected case: the card is used at another stop 5–300 miles from
	// where its truck is.
	for i := 0; i < purchases; i += purchases / injected {
		for {
			other := stations[rng.IntN(purchases)]
			if d := geo.DistanceMiles(stops[i].pumps, geo.Point{Lat: other.Latitude, Lon: other.Longitude}); d >= 5 && d <= 300 {
				stops[i].station = other
				break
			}
		}
	}

	db := storetest.OpenSQLite(b)
	p := newPump(b, db, fuelportal.TimeoutDecline)
	if err := db.SetCompanyPumpCheck(ctx, p.company, pumpOn); err != nil {
		b.Fatal(err)
	}
	if _, _, err := db.CreditWallet(ctx, p.company, 100_000_00, fuelportal.LedgerTopUp, "replay"); err != nil {
		b.Fatal(err)
	}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.UpsertStations(ctx, stations); err != nil {
			return err
		}
		issued := time.Now().UTC().Add(-48 * time.Hour)
		for _, s := range stops {
			if err := tx.CreateVehicle(ctx, &fuelportal.Vehicle{CompanyID: p.company, UnitNumber: s.unit, FuelType: fuelportal.FuelDiesel, TankCapacity: 150_000, Active: true}); err != nil {
				return err
			}
			c := &fuelportal.Card{CompanyID: p.company, CardNumber: s.card, DriverName: "D", DriverID: "D" + s.unit, UnitNumber: s.unit, CreatedAt: issued}
			if err := tx.CreateCard(ctx, c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	tel := telematics.New(telematics.Deps{Store: db})

	var caught, genuine, genuineDeclined, genuineChallenged int
	outcomes := map[fuelportal.PumpCheckOutcome]int{}
	declines := map[fuelportal.DeclineReason]int{}
	b.ResetTimer()
	for range b.N {
		for i, s := range stops {
			swipe := time.Now()
			arrived := swipe.Add(-time.Duration(120+rng.IntN(480)) * time.Second)
			silent := rng.Float64() < 0.02
			var fixes []telematics.Position
			for at := arrived.Add(-40 * time.Minute); !at.After(swipe); at = at.Add(time.Duration(60+rng.IntN(240)) * time.Second) {
				if silent && at.After(swipe.Add(-30*time.Minute)) || at.Add(time.Duration(rng.IntN(120))*time.Second).After(swipe) {
					continue // not sent, or not here yet
				}
				where, knots := offsetMiles(s.pumps, rng.Float64()*0.02, rng.Float64()*2*math.Pi), 0.0 // GPS jitter at the pump
				if at.Before(arrived) {
					where, knots = pointAt(s.track, s.atMiles-arrived.Sub(at).Hours()*60), 60*0.868976
				}
				fixes = append(fixes, telematics.Position{DeviceUniqueID: s.unit, FixTime: at, Lat: where.Lat, Lon: where.Lon, SpeedKnots: &knots})
			}
			if len(fixes) > 0 {
				if res, err := tel.Ingest(ctx, p.company, fixes); err != nil || res.Stored != len(fixes) {
					b.Fatalf("ingest %s: %+v %v", s.unit, res, err)
				}
			}
			a, _, err := p.svc.AuthorizeNetwork(ctx, &fuelportal.AuthorizationRequest{ID: fmt.Sprintf("replay-%d", i), CardNumber: s.card,
				LocationID: s.station.ID, AmountCents: 1_00, Created: swipe})
			if err != nil {
				b.Fatal(err)
			}
			if a.PumpCheck != nil {
				outcomes[a.PumpCheck.Outcome]++
			}
			declines[a.DeclineCode]++
			away := i%(purchases/injected) == 0
			switch {
			case away:
				if a.DeclineCode == fuelportal.DeclineVehicleNotAtStation || a.DeclineCode == fuelportal.DeclinePumpCheckChallenge {
					caught++
				}
			case a.DeclineCode == fuelportal.DeclinePumpCheckChallenge:
				genuine++
				genuineChallenged++
			case !a.Approved:
				genuine++
				genuineDeclined++
			default:
				genuine++
			}
		}
	}
	b.StopTimer()
	caughtShare, declinedShare := 100*float64(caught)/float64(injected*b.N), 100*float64(genuineDeclined)/float64(genuine)
	b.ReportMetric(caughtShare, "injected-caught-%")
	b.ReportMetric(declinedShare, "genuine-declined-%")
	b.ReportMetric(100*float64(genuineChallenged)/float64(genuine), "genuine-challenged-%")
	b.Logf("radius %.2f mi, freshness %d min, stale %s: injected caught %d/%d; genuine declined %d/%d, challenged %d; outcomes %v; decline codes %v",
		pumpOn.RadiusMiles, pumpOn.FreshnessMinutes, pumpOn.StaleChoice, caught, injected*b.N, genuineDeclined, genuine, genuineChallenged, outcomes, declines)
	if caughtShare < 95 || declinedShare > 0.5 {
		b.Errorf("goals missed: %.1f %% of injected caught (want ≥ 95), %.2f %% of genuine declined (want ≤ 0.5)", caughtShare, declinedShare)
	}
}

// trackPoint is a route's point with the miles driven to it.
type trackPoint struct {
	geo.Point
	miles float64
}

// interstateTracks are n routes of the built-in Interstate graph between
// random places of its gazetteer, each at least 200 miles long.
func interstateTracks(b *testing.B, rng *rand.Rand, n int) [][]trackPoint {
	b.Helper()
	g := routing.Builtin()
	places := g.Places()
	var tracks [][]trackPoint
	for len(tracks) < n {
		from, to := places[rng.IntN(len(places))], places[rng.IntN(len(places))]
		routes, err := g.Route(context.Background(), routing.Point{Lat: from.Lat, Lon: from.Lon}, routing.Point{Lat: to.Lat, Lon: to.Lon}, nil)
		if err != nil || len(routes) == 0 || routes[0].DistanceMeters < 200*1609.344 {
			continue
		}
		var track []trackPoint
		for _, pt := range routes[0].Points {
			q := trackPoint{Point: geo.Point{Lat: pt.Lat, Lon: pt.Lon}}
			if len(track) > 0 {
				q.miles = track[len(track)-1].miles + geo.DistanceMiles(track[len(track)-1].Point, q.Point)
			}
			track = append(track, q)
		}
		tracks = append(tracks, track)
	}
	return tracks
}

// pointAt is the point miles along track (its start before it).
func pointAt(track []trackPoint, miles float64) geo.Point {
	i, _ := slices.BinarySearchFunc(track, miles, func(p trackPoint, m float64) int {
		switch {
		case p.miles < m:
			return -1
		case p.miles > m:
			return 1
		}
		return 0
	})
	if i == 0 {
		return track[0].Point
	}
	if i == len(track) {
		return track[len(track)-1].Point
	}
	a, c := track[i-1], track[i]
	f := (miles - a.miles) / (c.miles - a.miles)
	return geo.Point{Lat: a.Lat + f*(c.Lat-a.Lat), Lon: a.Lon + f*(c.Lon-a.Lon)}
}

// offsetMiles is the point miles from p towards heading (radians from
// north).
func offsetMiles(p geo.Point, miles, heading float64) geo.Point {
	const milesPerDegree = 69.0
	return geo.Point{Lat: p.Lat + miles*math.Cos(heading)/milesPerDegree,
		Lon: p.Lon + miles*math.Sin(heading)/(milesPerDegree*math.Cos(p.Lat*math.Pi/180))}
}
