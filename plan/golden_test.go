package plan

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden_plans.txt from the current optimizer")

// goldenInstances is a fixed mix of trips: corridor trips of every size the
// benchmarks use, the small random trips of the exhaustive tests, and trips
// decoded from random bytes the way FuzzPlan does (whole miles, many ties).
func goldenInstances() (names []string, trips []Trip, stations [][]Station) {
	add := func(name string, t Trip, s []Station) {
		names, trips, stations = append(names, name), append(trips, t), append(stations, s)
	}
	for _, n := range []int{0, 1, 5, 20, 50, 200, 500, 2000} {
		for seed := range uint64(4) {
			t, s := corridorTrip(100+seed, n)
			add(fmt.Sprintf("corridor/n=%d/seed=%d", n, seed), t, s)
			short := t
			short.StartGallons = short.ReserveGallons // must buy at once
			add(fmt.Sprintf("corridor-empty-start/n=%d/seed=%d", n, seed), short, s)
		}
	}
	r := rand.New(rand.NewPCG(2024, 11))
	for i := range 1500 {
		t, s := randomInstance(r, 9)
		add(fmt.Sprintf("random/%d", i), t, s)
	}
	for i := range 1500 {
		data := make([]byte, 64)
		for k := range data {
			data[k] = byte(r.UintN(256))
		}
		t, s := decodeInstance(data)
		add(fmt.Sprintf("decoded/%d", i), t, s)
	}
	return names, trips, stations
}

// planDigest hashes everything Optimize returns, floats by their bits, in
// two parts: the plan (stops, totals, destination fuel, or the error) and
// the naive comparison, so that a change to one cannot hide in the other.
func planDigest(p Plan, err error) string {
	bits := func(x float64) string { return fmt.Sprintf("%016x", math.Float64bits(x)) }
	stops := func(b *strings.Builder, ss []Stop) {
		for _, s := range ss {
			fmt.Fprintf(b, "[%d %s %s %d %s %s %d]", s.StationID, bits(s.AlongMiles), bits(s.OffMiles), s.Price,
				bits(s.ArrivalGallons), bits(s.Gallons), s.CostCents)
		}
	}
	hash := func(b *strings.Builder) string {
		sum := sha256.Sum256([]byte(b.String()))
		return fmt.Sprintf("%x", sum[:8])
	}
	var plan, naive strings.Builder
	if err != nil {
		fmt.Fprintf(&plan, "error %T %v", err, err)
		return hash(&plan) + " -"
	}
	stops(&plan, p.Stops)
	fmt.Fprintf(&plan, "|%d %s %s", p.TotalCents, bits(p.TotalGallons), bits(p.DestinationGallons))
	fmt.Fprintf(&naive, "%t %d %s|", p.Naive.Available, p.Naive.TotalCents, bits(p.Naive.TotalGallons))
	stops(&naive, p.Naive.Stops)
	return hash(&plan) + " " + hash(&naive)
}

// TestOptimizeMatchesGoldenPlans pins Optimize's output, bit for bit, to what
// the optimizer returned before its performance work (commit 49cdbfd):
// speed-ups must not change a single plan. Each line is the instance name,
// the plan digest and the naive digest ("-" after an error).
func TestOptimizeMatchesGoldenPlans(t *testing.T) {
	const path = "testdata/golden_plans.txt"
	names, trips, stations := goldenInstances()
	if *updateGolden {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for i := range names {
			p, err := Optimize(trips[i], stations[i])
			fmt.Fprintf(f, "%s %s\n", names[i], planDigest(p, err))
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, digest, _ := strings.Cut(sc.Text(), " ")
		want[name] = digest
	}
	if len(want) != len(names) {
		t.Fatalf("golden file has %d plans, the test makes %d", len(want), len(names))
	}
	for i := range names {
		p, err := Optimize(trips[i], stations[i])
		if got := planDigest(p, err); got != want[names[i]] {
			gotPlan, gotNaive, _ := strings.Cut(got, " ")
			wantPlan, wantNaive, _ := strings.Cut(want[names[i]], " ")
			part := "naive"
			if gotPlan != wantPlan {
				part = "plan"
			}
			t.Errorf("%s: %s digest differs: plan %s naive %s, golden plan %s naive %s (plan %+v, err %v)",
				names[i], part, gotPlan, gotNaive, wantPlan, wantNaive, p, err)
		}
	}
}
