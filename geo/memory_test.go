package geo

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// sliceBytes is the memory a slice's backing array takes.
func sliceBytes[T any](s []T) int {
	var zero T
	return cap(s) * int(unsafe.Sizeof(zero))
}

// The station indexes' memory per station is what the server holds for
// each station it serves (bench/README.md, memory at 100,000 stations):
// these bounds keep it from growing unnoticed.
func TestIndexBytesPerStation(t *testing.T) {
	const n = 20_000
	r := rand.New(rand.NewPCG(7, 7))
	items := make([]Item, n)
	ranked := make([]RankedItem, n)
	mapped := make([]MapItem, n)
	for i := range n {
		p := randomUSPoint(r)
		items[i] = Item{ID: int64(i), Point: p}
		ranked[i] = RankedItem{ID: int64(i), Point: p, Keys: [NumKeys]int64{3000, 2800, 200}}
		mapped[i] = MapItem{ID: int64(i), Point: p, Prices: [MapPrices]int64{3000, 2800}}
	}
	ix := NewIndex(items)
	g := &ix.grid
	rx := NewRankIndex(ranked)
	mx := NewMapIndex(mapped)
	tests := []struct {
		name  string
		bytes int
		max   int
	}{
		// items 24, unit vectors 24, cell starts and ball indexes (at
		// most 4 cells a station) 32, a ball (32) per non-empty cell
		{"corridor grid", sliceBytes(ix.items) + sliceBytes(g.vecs) + sliceBytes(g.start) + sliceBytes(g.boundAt) + sliceBytes(g.bounds), 96},
		// points 16, ids 8, keys 24; nodes of 112 bytes, about two for
		// each leaf of 4 to 8 stations
		{"ranking tree", sliceBytes(rx.nodes) + sliceBytes(rx.points) + sliceBytes(rx.ids) + sliceBytes(rx.keys), 96},
		// Morton codes 8, points 16, ids 8, prefix sums 16, two price trees 32
		{"map clusters", sliceBytes(mx.morton) + sliceBytes(mx.points) + sliceBytes(mx.ids) + sliceBytes(mx.px) + sliceBytes(mx.py) +
			sliceBytes(mx.minSeg[0]) + sliceBytes(mx.minSeg[1]), 81},
	}
	for _, tt := range tests {
		if per := float64(tt.bytes) / n; per > float64(tt.max) {
			t.Errorf("%s: %.1f bytes a station, want at most %d", tt.name, per, tt.max)
		} else {
			t.Logf("%s: %.1f bytes a station", tt.name, per)
		}
	}
}
