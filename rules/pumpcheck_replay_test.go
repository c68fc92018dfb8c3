package rules

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/geo"
)

// TestCheckPump_Replay replays 10,000 simulated purchases along synthetic
// truck tracks (55 mph legs between fuel stops, fixes every 1–5 minutes
// reaching the portal up to 2 minutes late in batches, 2 % of the stops
// with the device silent for 30 minutes) with 200 injected purchases of a
// card far from its truck, and checks the goals: at least 95 % of the
// injected ones declined or challenged, at most 0.5 % of the genuine ones
// declined (a genuine purchase challenged, its device silent, is counted
// apart: its driver answers Yes and the retry passes).
// The figures go to bench/README.md (go test ./rules -run Replay -v).
func TestCheckPump_Replay(t *testing.T) {
	settings := fuelportal.PumpCheckSettings{Enabled: true, RadiusMiles: 1, FreshnessMinutes: 10, StaleChoice: fuelportal.PumpStaleChallenge}
	rng := rand.New(rand.NewPCG(7, 11))
	start := time.Date(2026, 11, 2, 6, 0, 0, 0, time.UTC)
	const purchases, injected = 10_000, 200
	var genuineDeclined, genuineChallenged, injectedCaught, genuine int
	outcomes := map[fuelportal.PumpCheckOutcome]int{}
	for i := range purchases {
		// The truck: it drove a leg at 55 mph towards the station and
		// stopped there; the swipe comes 2–10 minutes after it stopped.
		heading := rng.Float64() * 2 * math.Pi
		station := geo.Point{Lat: 30 + rng.Float64()*10, Lon: -100 + rng.Float64()*20}
		arrived := start.Add(time.Duration(rng.IntN(30*24*60)) * time.Minute)
		swipe := arrived.Add(time.Duration(120+rng.IntN(480)) * time.Second)
		// The station's listed point is up to 0.2 mile from the pumps.
		listed := offset(station, rng.Float64()*0.2, rng.Float64()*2*math.Pi)
		at := func(when time.Time) geo.Point { // where the truck is
			if !when.Before(arrived) {
				return offset(station, rng.Float64()*0.02, rng.Float64()*2*math.Pi) // GPS jitter at the pump
			}
			return offset(station, arrived.Sub(when).Hours()*55, heading)
		}
		// Fixes every 1–5 minutes; each reaches the portal 0–2 minutes late.
		silent := rng.Float64() < 0.02
		var last *fuelportal.LastFix
		for fix := arrived.Add(-2 * time.Hour); !fix.After(swipe); fix = fix.Add(time.Duration(60+rng.IntN(240)) * time.Second) {
			if silent && fix.After(swipe.Add(-30*time.Minute)) {
				break
			}
			if fix.Add(time.Duration(rng.IntN(120)) * time.Second).After(swipe) {
				continue
			}
			p := at(fix)
			speed := 0.0
			if fix.Before(arrived) {
				speed = 55
			}
			last = &fuelportal.LastFix{At: fix, Lat: p.Lat, Lon: p.Lon, SpeedMph: &speed, Source: "replay"}
		}
		s := &fuelportal.Station{ID: 1, Latitude: listed.Lat, Longitude: listed.Lon}
		away := i%(purchases/injected) == 0
		if away {
			// The card is used 5 to 300 miles from its truck.
			far := offset(station, 5+rng.Float64()*295, rng.Float64()*2*math.Pi)
			s.Latitude, s.Longitude = far.Lat, far.Lon
		}
		r := CheckPump(&PumpFacts{Settings: settings, Fix: *last}, s, swipe)
		outcomes[r.Check.Outcome]++
		switch {
		case away && r.Decline != "":
			injectedCaught++
		case !away:
			genuine++
			if r.Challenge {
				genuineChallenged++
			} else if r.Decline != "" {
				genuineDeclined++
			}
		}
	}
	caught := 100 * float64(injectedCaught) / injected
	wrong := 100 * float64(genuineDeclined) / float64(genuine)
	asked := 100 * float64(genuineChallenged) / float64(genuine)
	t.Logf("radius %.2f mi, freshness %d min: injected declined or challenged %.1f %% (%d/%d); genuine declined %.2f %% (%d/%d), challenged %.2f %% (%d: the silent devices); outcomes %v",
		settings.RadiusMiles, settings.FreshnessMinutes, caught, injectedCaught, injected, wrong, genuineDeclined, genuine, asked, genuineChallenged, outcomes)
	if caught < 95 || wrong > 0.5 {
		t.Errorf("goals missed: %.1f %% caught (want ≥ 95), %.2f %% genuine declined (want ≤ 0.5)", caught, wrong)
	}
}

// offset is the point miles from p towards heading (radians from north).
func offset(p geo.Point, miles, heading float64) geo.Point {
	const milesPerDegree = 69.0
	lat := p.Lat + miles*math.Cos(heading)/milesPerDegree
	lon := p.Lon + miles*math.Sin(heading)/(milesPerDegree*math.Cos(p.Lat*math.Pi/180))
	return geo.Point{Lat: lat, Lon: lon}
}
