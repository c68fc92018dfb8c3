package geo

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteCells puts every station of the box in its cell by direct
// computation, with the lowest of its prices number price: what
// AppendCells must equal.
func bruteCells(items []MapItem, box Box, zoom, price int) []Cell {
	byKey := map[uint64]*Cell{}
	var singles []Cell
	for _, it := range items {
		if !finite(it.Point.Lat) || !finite(it.Point.Lon) || !box.Contains(it.Point) {
			continue
		}
		x, y := MercatorXY(it.Point)
		if zoom > MaxClusterZoom {
			singles = append(singles, Cell{Key: interleave(x, y), Count: 1, SumX: int64(x), SumY: int64(y), MinPrice: it.Prices[price], ID: it.ID})
			continue
		}
		key := interleave(x, y) >> uint(2*(mercBits-CellLevel(zoom)))
		c := byKey[key]
		if c == nil {
			c = &Cell{Key: key, MinPrice: math.MaxInt64, ID: it.ID}
			byKey[key] = c
		}
		c.Count++
		c.SumX += int64(x)
		c.SumY += int64(y)
		c.MinPrice = min(c.MinPrice, it.Prices[price])
	}
	if zoom > MaxClusterZoom {
		slices.SortFunc(singles, func(a, b Cell) int { return cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(a.ID, b.ID)) })
		return singles
	}
	out := make([]Cell, 0, len(byKey))
	for _, c := range byKey {
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b Cell) int { return cmp.Compare(a.Key, b.Key) })
	return out
}

func sameCells(t *testing.T, label string, got, want []Cell) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d cells, brute force %d", label, len(got), len(want))
	}
	if len(got) > 0 && got[0].Count == 1 && want[0].Count == 1 {
		// Singles at the same position may come in any order.
		slices.SortFunc(got, func(a, b Cell) int { return cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(a.ID, b.ID)) })
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Count > 1 {
			g.ID, w.ID = 0, 0 // only singles name their station
		}
		if g != w {
			t.Fatalf("%s: cell %d = %+v, brute force %+v", label, i, got[i], want[i])
		}
	}
}

func randomMapItems(r *rand.Rand, n int) []MapItem {
	items := make([]MapItem, n)
	for i := range items {
		p := randomUSPoint(r)
		switch r.IntN(10) {
		case 0:
			if i > 0 {
				p = items[r.IntN(i)].Point // same place as another
			}
		case 1:
			p = Point{r.Float64()*180 - 90, r.Float64()*360 - 180} // anywhere, poles too
		}
		retail := 3000 + r.Int64N(900)
		items[i] = MapItem{ID: int64(i + 1), Point: p, Prices: [MapPrices]int64{retail, retail - r.Int64N(400)}}
	}
	return items
}

func randomBox(r *rand.Rand, items []MapItem) Box {
	c := items[r.IntN(len(items))].Point
	if r.IntN(4) == 0 {
		c = randomUSPoint(r)
	}
	w, h := r.Float64()*[]float64{0.05, 1, 10, 60}[r.IntN(4)], r.Float64()*[]float64{0.05, 1, 10, 40}[r.IntN(4)]
	b := Box{West: max(-180, c.Lon-w), East: min(180, c.Lon+w), South: max(-90, c.Lat-h), North: min(90, c.Lat+h)}
	if r.IntN(8) == 0 { // an edge through a station
		b.West = c.Lon
	}
	return b
}

func TestMapIndexCellsEqualBruteForce(t *testing.T) {
	for seed := range uint64(25) {
		r := rand.New(rand.NewPCG(seed, 11))
		items := randomMapItems(r, 1+r.IntN(4000))
		mx := NewMapIndex(items)
		for range 30 {
			box := randomBox(r, items)
			zoom, price := r.IntN(MaxClusterZoom+3), r.IntN(MapPrices)
			sameCells(t, "view", mx.AppendCells(nil, box, zoom, price), bruteCells(items, box, zoom, price))
		}
		world := Box{West: -180, South: -90, East: 180, North: 90}
		for price := range MapPrices {
			sameCells(t, "world", mx.AppendCells(nil, world, 0, price), bruteCells(items, world, 0, price))
		}
	}
}

func TestMapIndexMergeOfPartsEqualsWhole(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	items := randomMapItems(r, 3000)
	parts := [3][]MapItem{}
	for _, it := range items {
		parts[it.ID%3] = append(parts[it.ID%3], it)
	}
	whole := NewMapIndex(items)
	idx := []*MapIndex{NewMapIndex(parts[0]), NewMapIndex(parts[1]), NewMapIndex(parts[2])}
	for range 40 {
		box, zoom, price := randomBox(r, items), r.IntN(MaxClusterZoom+1), r.IntN(MapPrices)
		var cells []Cell
		for _, mx := range idx {
			cells = mx.AppendCells(cells, box, zoom, price)
		}
		sameCells(t, "merged", MergeCells(cells), whole.AppendCells(nil, box, zoom, price))
	}
}

func TestMapIndexEdgeCases(t *testing.T) {
	items := []MapItem{
		{ID: 1, Point: Point{40, -100}, Prices: [MapPrices]int64{3100, 2800}},
		{ID: 2, Point: Point{math.NaN(), -100}, Prices: [MapPrices]int64{1, 1}},
		{ID: 3, Point: Point{40, -100}, Prices: [MapPrices]int64{3000, 2900}},
		{ID: 4, Point: Point{89.9, 179.99}, Prices: [MapPrices]int64{2000, 1900}},
	}
	mx := NewMapIndex(items)
	if mx.Len() != 3 {
		t.Fatalf("Len = %d, want 3", mx.Len())
	}
	// Two stations at one place cluster at every clustering zoom.
	for z := 0; z <= MaxClusterZoom; z++ {
		cells := mx.AppendCells(nil, Box{-101, 39, -99, 41}, z, 0)
		if len(cells) != 1 || cells[0].Count != 2 || cells[0].MinPrice != 3000 {
			t.Fatalf("zoom %d: %+v", z, cells)
		}
		if net := mx.AppendCells(nil, Box{-101, 39, -99, 41}, z, 1); len(net) != 1 || net[0].MinPrice != 2800 {
			t.Fatalf("zoom %d, second price: %+v", z, net)
		}
		if c := cells[0].Center(); math.Abs(c.Lat-40) > 1e-6 || math.Abs(c.Lon+100) > 1e-6 {
			t.Fatalf("zoom %d: centre %v", z, c)
		}
	}
	if cells := mx.AppendCells(nil, Box{-101, 39, -99, 41}, MaxClusterZoom+1, 0); len(cells) != 2 || cells[0].Count != 1 {
		t.Fatalf("above the cluster zoom every station is single: %+v", cells)
	}
	if cells := mx.AppendCells(nil, Box{-99, 39, -101, 41}, 5, 0); len(cells) != 0 {
		t.Fatalf("an inverted box holds nothing: %+v", cells)
	}
	if cells := NewMapIndex(nil).AppendCells(nil, Box{-180, -90, 180, 90}, 3, 0); len(cells) != 0 {
		t.Fatalf("empty index: %+v", cells)
	}
}

func FuzzMapIndexCells(f *testing.F) {
	f.Add(uint64(1), -125.0, 24.0, -66.0, 50.0, 4)
	f.Add(uint64(2), -97.0, 32.0, -96.5, 33.0, 12)
	f.Fuzz(func(t *testing.T, seed uint64, west, south, east, north float64, zoom int) {
		r := rand.New(rand.NewPCG(seed, 5))
		items := randomMapItems(r, 1+r.IntN(500))
		zoom = ((zoom % 20) + 20) % 20
		box, price := Box{west, south, east, north}, int(seed%MapPrices)
		sameCells(t, "fuzz", NewMapIndex(items).AppendCells(nil, box, zoom, price), bruteCells(items, box, zoom, price))
	})
}
