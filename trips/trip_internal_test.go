package trips

import (
	"math"
	"testing"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/plan"
)

// straightRoute is a route along 32°N, a point every tenth of a degree
// from 100°W, n points.
func straightRoute(n int) []fuelportal.TripPoint {
	route := make([]fuelportal.TripPoint, n)
	for i := range route {
		route[i] = fuelportal.TripPoint{Lat: 32, Lon: -100 + 0.1*float64(i)}
	}
	return route
}

func TestNearestRoutePoint_IsTheClosestPoint(t *testing.T) {
	route := straightRoute(20)
	for _, tt := range []struct {
		at   geo.Point
		want int
	}{
		{geo.Point{Lat: 32, Lon: -100}, 0},
		{geo.Point{Lat: 32.3, Lon: -99.51}, 5},
		{geo.Point{Lat: 31, Lon: -90}, 19},
	} {
		if got := nearestRoutePoint(route, tt.at); got != tt.want {
			t.Errorf("nearestRoutePoint(%v) = %d, want %d", tt.at, got, tt.want)
		}
	}
}

func TestFuelAt_BurnsFromTheLastStopBefore(t *testing.T) {
	route := straightRoute(41)
	stopAlong := routeMiles(route, 0, 10)
	trip := &fuelportal.Trip{Route: route, Plan: &fuelportal.TripPlan{StartFuel: 100_000, Stops: []fuelportal.TripStop{
		{AlongMilli: int64(math.Round(stopAlong * 1000)), ArrivalFuel: 80_000, Gallons: 50_000},
	}}}
	for _, tt := range []struct {
		name string
		idx  int
		want float64
	}{
		{"at the start: what the plan starts with", 0, 100},
		{"before the stop: the start less the burn", 5, 100 - routeMiles(route, 0, 5)/plan.DefaultMPG},
		{"after the stop: its fill less the burn since", 20, 130 - routeMiles(route, 10, 20)/plan.DefaultMPG},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := fuelAt(trip, tt.idx); math.Abs(got-tt.want) > 0.01 {
				t.Fatalf("fuelAt(%d) = %.3f, want %.3f", tt.idx, got, tt.want)
			}
		})
	}
}

func TestSlots_RefuseWhenTakenAndFreeOnRelease(t *testing.T) {
	slots := NewSlots(2)
	a, okA := slots.TryAcquire()
	_, okB := slots.TryAcquire()
	if _, okC := slots.TryAcquire(); !okA || !okB || okC {
		t.Fatalf("acquired %v %v %v, want true true false", okA, okB, okC)
	}
	a()
	if _, ok := slots.TryAcquire(); !ok {
		t.Fatal("a released slot is not free")
	}
}
