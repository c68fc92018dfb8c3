package plan

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// FuzzPlan decodes arbitrary bytes into a small trip and checks that
// Optimize never panics, returns only typed errors, returns feasible plans,
// and agrees with the exhaustive search. The seed corpus runs in every
// `go test`; explore further with `go test ./plan -fuzz FuzzPlan`.
func FuzzPlan(f *testing.F) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 64 {
		seed := make([]byte, 64)
		for i := range seed {
			seed[i] = byte(r.UintN(256))
		}
		f.Add(seed)
	}
	f.Add([]byte{})
	f.Add(make([]byte, 64)) // all zero: stations at mile 0, empty tank
	f.Fuzz(func(t *testing.T, data []byte) {
		trip, stations := decodeInstance(data)
		_, err := Optimize(trip, stations)
		var input *InputError
		if errors.As(err, &input) {
			return // decodeInstance can produce invalid trips; that is fine
		}
		if msg := agreeWithExhaustive(trip, stations); msg != "" {
			t.Fatalf("%s\ntrip %+v\nstations %+v", msg, trip, stations)
		}
	})
}

// decodeInstance reads bytes as a trip with up to 6 stations; missing bytes
// read as zero so every input decodes.
func decodeInstance(data []byte) (Trip, []Station) {
	next := func() float64 {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return float64(b) / 255
	}
	tank := 1 + next()*299
	t := NewTrip(0, tank, 0)
	t.MPG = 2 + next()*10
	t.ReserveGallons = next() * 0.3 * tank
	t.MinPurchaseGallons = next() * (tank - t.ReserveGallons)
	if next() < 0.3 {
		t.MinPurchaseGallons = 0
	}
	t.StartGallons = t.ReserveGallons + next()*(tank-t.ReserveGallons)
	t.RouteMiles = math.Round(next() * 3 * (tank - t.ReserveGallons) * t.MPG)
	stations := make([]Station, int(next()*6.99))
	for i := range stations {
		stations[i] = Station{
			ID:          int64(i + 1),
			AlongMiles:  math.Round(next() * t.RouteMiles), // whole miles: ties and exact fits happen
			OffMiles:    math.Round(next() * 20),
			NetPrice:    2000 + int64(next()*40)*50,
			RetailPrice: 4000,
		}
	}
	return t, stations
}

// FuzzPlanWithCosts is FuzzPlan with detour and stop costs read from the
// first two bytes; the exhaustive search pays them for every stop.
func FuzzPlanWithCosts(f *testing.F) {
	r := rand.New(rand.NewPCG(13, 14))
	for range 64 {
		seed := make([]byte, 66)
		for i := range seed {
			seed[i] = byte(r.UintN(256))
		}
		f.Add(seed)
	}
	f.Add([]byte{})
	f.Add([]byte{255, 255})
	f.Fuzz(func(t *testing.T, data []byte) {
		trip, stations := decodeInstanceWithCosts(data)
		_, err := Optimize(trip, stations)
		var input *InputError
		if errors.As(err, &input) {
			return
		}
		if msg := agreeWithExhaustive(trip, stations); msg != "" {
			t.Fatalf("%s\ntrip %+v\nstations %+v", msg, trip, stations)
		}
	})
}

// decodeInstanceWithCosts reads an out-of-route cost (0–$5.10 a mile, in
// 2-cent steps) and a stop cost (0–$51, in 20-cent steps) from the first
// two bytes, then the trip as decodeInstance does.
func decodeInstanceWithCosts(data []byte) (Trip, []Station) {
	var head [2]byte
	n := copy(head[:], data)
	trip, stations := decodeInstance(data[n:])
	trip.Costs = Costs{OutOfRouteTenthCentsPerMile: 20 * int64(head[0]), StopCents: 20 * int64(head[1])}
	return trip, stations
}

// FuzzPlanWithFee is FuzzPlanWithCosts with the card's fee per purchase
// (0–$51, in 20-cent steps) read from a third byte.
func FuzzPlanWithFee(f *testing.F) {
	r := rand.New(rand.NewPCG(15, 16))
	for range 64 {
		seed := make([]byte, 67)
		for i := range seed {
			seed[i] = byte(r.UintN(256))
		}
		f.Add(seed)
	}
	f.Add([]byte{})
	f.Add([]byte{0, 0, 255})
	f.Fuzz(func(t *testing.T, data []byte) {
		var fee [1]byte
		n := copy(fee[:], data)
		trip, stations := decodeInstanceWithCosts(data[n:])
		trip.Costs.FeeCents = 20 * int64(fee[0])
		_, err := Optimize(trip, stations)
		var input *InputError
		if errors.As(err, &input) {
			return
		}
		if msg := agreeWithExhaustive(trip, stations); msg != "" {
			t.Fatalf("%s\ntrip %+v\nstations %+v", msg, trip, stations)
		}
	})
}
