package geo

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteBest measures and sorts every station: what RankIndex.Best must equal.
func bruteBest(items []RankedItem, center Point, miles float64, order Order, n int, accept func(int64) bool) []RankedHit {
	var hits []RankedHit
	for _, it := range items {
		if accept != nil && !accept(it.ID) {
			continue
		}
		if d := DistanceMiles(center, it.Point); d <= miles+toleranceMiles {
			hits = append(hits, RankedHit{ID: it.ID, DistanceMiles: d, Key: order.mapped(it.Keys[order.Key])})
		}
	}
	slices.SortFunc(hits, func(a, b RankedHit) int {
		ka, kb := a.Key, b.Key
		if order.Desc {
			ka, kb = kb, ka
		}
		return cmp.Or(cmp.Compare(ka, kb), cmp.Compare(a.DistanceMiles, b.DistanceMiles), cmp.Compare(a.ID, b.ID))
	})
	if n < 0 {
		n = 0
	}
	return hits[:min(n, len(hits))]
}

func randomRanked(r *rand.Rand, n int, keySpread int64) []RankedItem {
	items := make([]RankedItem, n)
	for i := range items {
		p := randomUSPoint(r)
		if r.IntN(5) == 0 && i > 0 { // duplicates of an earlier position
			p = items[r.IntN(i)].Point
		}
		items[i] = RankedItem{ID: int64(r.IntN(4 * n)), Point: p,
			Keys: [NumKeys]int64{3000 + r.Int64N(keySpread), r.Int64N(keySpread) - keySpread/4, 2000 + r.Int64N(keySpread)}}
	}
	return items
}

func checkBest(t *testing.T, rx *RankIndex, items []RankedItem, center Point, miles float64, order Order, n int, accept func(int64) bool) {
	t.Helper()
	got := rx.Best(center, miles, order, n, accept)
	want := bruteBest(items, center, miles, order, n, accept)
	if len(got) != len(want) {
		t.Fatalf("Best(%v, %g, %+v, %d) found %d, brute force %d", center, miles, order, n, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("Best(%v, %g, %+v, %d)[%d] = %+v, brute force %+v", center, miles, order, n, i, got[i], want[i])
		}
	}
}

func TestRankIndexBestEqualsBruteForce(t *testing.T) {
	// Mapped orders rank by a non-decreasing function of a key that ties
	// many keys (a price clamped at zero, a discount capped), as a
	// contract's price does.
	clampAt := func(floor int64) func(int64) int64 { return func(k int64) int64 { return max(k-floor, 0) } }
	capAt := func(ceiling int64) func(int64) int64 { return func(k int64) int64 { return min(k, ceiling) } }
	orders := []Order{{Key: 0}, {Key: 0, Desc: true}, {Key: 1}, {Key: 1, Desc: true}, {Key: 2}, {Key: 2, Desc: true},
		{Key: 0, Map: clampAt(3020)}, {Key: 0, Desc: true, Map: clampAt(3020)}, {Key: 1, Map: capAt(10)}, {Key: 1, Desc: true, Map: capAt(10)}}
	for seed := range uint64(30) {
		r := rand.New(rand.NewPCG(seed, 7))
		// Few distinct keys make many ties, broken by distance then ID.
		spread := []int64{3, 50, 100000}[seed%3]
		items := randomRanked(r, 1+r.IntN(3000), spread)
		rx := NewRankIndex(items)
		for range 20 {
			center := randomUSPoint(r)
			if r.IntN(3) == 0 {
				center = items[r.IntN(len(items))].Point // a station at the centre
			}
			miles := []float64{0, 5, 50, 500, 5000}[r.IntN(5)]
			n := []int{1, 10, 500, 5000}[r.IntN(4)]
			var accept func(int64) bool
			if r.IntN(3) == 0 {
				mod := int64(2 + r.IntN(5))
				accept = func(id int64) bool { return id%mod == 0 }
			}
			checkBest(t, rx, items, center, miles, orders[r.IntN(4)], n, accept)
		}
	}
}

func TestRankIndexEdgeCases(t *testing.T) {
	items := []RankedItem{
		{ID: 1, Point: Point{40, -100}, Keys: [NumKeys]int64{3000, 10}},
		{ID: 2, Point: Point{math.NaN(), -100}, Keys: [NumKeys]int64{1, 10}},
		{ID: 3, Point: Point{40, math.Inf(1)}, Keys: [NumKeys]int64{1, 10}},
		{ID: 4, Point: Point{40.0001, -100}, Keys: [NumKeys]int64{3000, 10}},
	}
	rx := NewRankIndex(items)
	if rx.Len() != 2 {
		t.Fatalf("Len = %d, want 2 (non-finite points left out)", rx.Len())
	}
	got := rx.Best(Point{40, -100}, 1, Order{}, 10, nil)
	if len(got) != 2 || got[0].ID != 1 || got[1].ID != 4 {
		t.Fatalf("equal keys must come nearest first: %+v", got)
	}
	for _, tc := range []struct {
		name   string
		center Point
		miles  float64
		n      int
	}{
		{"NaN radius", Point{40, -100}, math.NaN(), 5},
		{"negative radius", Point{40, -100}, -1, 5},
		{"NaN centre", Point{math.NaN(), -100}, 5, 5},
		{"no answers wanted", Point{40, -100}, 5, 0},
	} {
		if got := rx.Best(tc.center, tc.miles, Order{}, tc.n, nil); len(got) != 0 {
			t.Errorf("%s: got %+v, want nothing", tc.name, got)
		}
	}
	if got := NewRankIndex(nil).Best(Point{40, -100}, 5000, Order{}, 5, nil); len(got) != 0 {
		t.Errorf("empty index answered %+v", got)
	}
}

func FuzzRankIndexBest(f *testing.F) {
	f.Add(uint64(1), 39.8, -98.6, 5000.0, 500, uint8(0))
	f.Add(uint64(2), 32.7, -96.8, 50.0, 3, uint8(3))
	f.Fuzz(func(t *testing.T, seed uint64, lat, lon, miles float64, n int, ord uint8) {
		r := rand.New(rand.NewPCG(seed, 3))
		items := randomRanked(r, 1+r.IntN(400), int64(2+r.IntN(40)))
		rx := NewRankIndex(items)
		order := Order{Key: int(ord % NumKeys), Desc: ord&2 != 0}
		n = n % 1000
		checkBest(t, rx, items, Point{lat, lon}, miles, order, n, nil)
	})
}
