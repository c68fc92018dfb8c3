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

var updateDetourGolden = flag.Bool("update-golden-detour", false, "rewrite testdata/golden_detour_plans.txt from the current optimizer")

// detourGoldenInstances are trips with detour and stop costs: corridor
// trips with a per-mile cost, a per-stop cost and both, the small random
// trips of the exhaustive tests with randomCosts, and decoded trips with
// the costs FuzzPlanWithCosts reads.
func detourGoldenInstances() (names []string, trips []Trip, stations [][]Station) {
	add := func(name string, t Trip, s []Station) {
		names, trips, stations = append(names, name), append(trips, t), append(stations, s)
	}
	costs := []Costs{{OutOfRouteTenthCentsPerMile: 1500}, {StopCents: 2500}, {OutOfRouteTenthCentsPerMile: 2000, StopCents: 4000}}
	for _, n := range []int{1, 5, 20, 50, 200, 500, 2000} {
		for seed := range uint64(2) {
			t, s := corridorTrip(300+seed, n)
			for k, c := range costs {
				t.Costs = c
				add(fmt.Sprintf("corridor/n=%d/seed=%d/costs=%d", n, seed, k), t, s)
			}
		}
	}
	r := rand.New(rand.NewPCG(2026, 12))
	rc := rand.New(rand.NewPCG(2026, 13))
	for i := range 1000 {
		t, s := randomInstance(r, 9)
		t.Costs = randomCosts(rc)
		add(fmt.Sprintf("random/%d", i), t, s)
	}
	for i := range 1000 {
		data := make([]byte, 66)
		for k := range data {
			data[k] = byte(r.UintN(256))
		}
		t, s := decodeInstanceWithCosts(data)
		add(fmt.Sprintf("decoded/%d", i), t, s)
	}
	return names, trips, stations
}

// detourDigest is planDigest with a third part for the detours: each
// stop's detour miles and cents, the totals, and the naive driver's.
func detourDigest(p Plan, err error) string {
	digest := planDigest(p, err)
	if err != nil {
		return digest + " -"
	}
	var b strings.Builder
	for _, ss := range [][]Stop{p.Stops, p.Naive.Stops} {
		for _, s := range ss {
			fmt.Fprintf(&b, "[%016x %d]", math.Float64bits(s.DetourMiles), s.DetourCents)
		}
		b.WriteString("|")
	}
	fmt.Fprintf(&b, "%016x %d %016x %d", math.Float64bits(p.DetourMiles), p.DetourCents, math.Float64bits(p.Naive.DetourMiles), p.Naive.DetourCents)
	sum := sha256.Sum256([]byte(b.String()))
	return fmt.Sprintf("%s %x", digest, sum[:8])
}

// TestOptimizeWithCostsMatchesGoldenPlans pins plans with detour and stop
// costs the way TestOptimizeMatchesGoldenPlans pins the fuel-only ones
// (whose file the costs left unchanged: with zero costs every plan is the
// same, bit for bit). Each line is the instance name and the plan, naive
// and detour digests.
func TestOptimizeWithCostsMatchesGoldenPlans(t *testing.T) {
	const path = "testdata/golden_detour_plans.txt"
	names, trips, stations := detourGoldenInstances()
	if *updateDetourGolden {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for i := range names {
			p, err := Optimize(trips[i], stations[i])
			fmt.Fprintf(f, "%s %s\n", names[i], detourDigest(p, err))
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
		if got := detourDigest(p, err); got != want[names[i]] {
			t.Errorf("%s: digest %s, golden %s (plan %+v, err %v)", names[i], got, want[names[i]], p, err)
		}
	}
}

// With zero costs, setting them explicitly or not is the same trip: every
// golden instance of the fuel-only file gives the same digest, detours
// included (miles only, no cents).
func TestZeroCostsChangeNoPlan(t *testing.T) {
	names, trips, stations := goldenInstances()
	for i := range names {
		p, err := Optimize(trips[i], stations[i])
		if err != nil {
			continue
		}
		if p.DetourCents != 0 || p.Naive.DetourCents != 0 || sumDetourCents(p.Stops) != 0 || sumDetourCents(p.Naive.Stops) != 0 {
			t.Fatalf("%s: zero costs charged %d cents (naive %d)", names[i], p.DetourCents, p.Naive.DetourCents)
		}
		if total, _, ok := p.NetSavings(); ok && total != p.Naive.TotalCents-p.TotalCents {
			t.Fatalf("%s: net saving %d cents without costs, want the fuel saving %d", names[i], total, p.Naive.TotalCents-p.TotalCents)
		}
	}
}
