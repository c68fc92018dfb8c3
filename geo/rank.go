package geo

import (
	"cmp"
	"math"
	"slices"
)

// NumKeys is how many ranking keys a RankedItem carries (the station
// search ranks by a price or a discount, from one of three keys).
const NumKeys = 3

// RankedItem is a station to rank: its position and its ranking keys
// (integers, e.g. tenths of a cent).
type RankedItem struct {
	ID    int64
	Point Point
	Keys  [NumKeys]int64
}

// Order picks a ranking key and its direction.
type Order struct {
	Key  int  // index into RankedItem.Keys
	Desc bool // largest key first
	// Map, when set, ranks by Map(key) instead of the key (e.g. a price
	// computed from it). It must be non-decreasing (a ≤ b ⇒ Map(a) ≤
	// Map(b)): the search bounds a node's mapped keys by its mapped least
	// and greatest key.
	Map func(int64) int64
}

// mapped is k through the order's Map.
func (o Order) mapped(k int64) int64 {
	if o.Map == nil {
		return k
	}
	return o.Map(k)
}

// RankIndex answers "the n best stations within a radius" without measuring
// and sorting every station in range: a k-d tree over the stations' unit
// vectors whose nodes carry their box and the smallest and largest of each
// key, searched best first. Immutable and safe for concurrent readers.
type RankIndex struct {
	nodes  []rankNode
	points []Point
	ids    []int64
	keys   [][NumKeys]int64
}

// rankLeaf is the most stations a leaf holds.
const rankLeaf = 8

type rankNode struct {
	lo, hi      vec3 // box of the unit vectors below
	minK, maxK  [NumKeys]int64
	start, end  int32 // stations below, in the index's arrays
	left, right int32 // children; -1 for a leaf
}

// NewRankIndex builds a RankIndex over items. Items with non-finite
// coordinates are left out (no radius contains them).
func NewRankIndex(items []RankedItem) *RankIndex {
	usable := make([]RankedItem, 0, len(items))
	for _, it := range items {
		if finite(it.Point.Lat) && finite(it.Point.Lon) {
			usable = append(usable, it)
		}
	}
	rx := &RankIndex{
		points: make([]Point, len(usable)),
		ids:    make([]int64, len(usable)),
		keys:   make([][NumKeys]int64, len(usable)),
	}
	order := make([]int32, len(usable))
	vecs := make([]vec3, len(usable))
	for i, it := range usable {
		order[i] = int32(i)
		vecs[i] = unitVector(it.Point)
	}
	if len(usable) > 0 {
		rx.nodes = make([]rankNode, 0, rankNodes(len(usable)))
		rx.build(order, vecs, 0)
	}
	for k, i := range order {
		rx.points[k], rx.ids[k], rx.keys[k] = usable[i].Point, usable[i].ID, usable[i].Keys
	}
	// Keys per node, from the reordered stations.
	for n := range rx.nodes {
		nd := &rx.nodes[n]
		for j := range NumKeys {
			nd.minK[j], nd.maxK[j] = math.MaxInt64, math.MinInt64
		}
		for k := nd.start; k < nd.end; k++ {
			for j := range NumKeys {
				nd.minK[j] = min(nd.minK[j], rx.keys[k][j])
				nd.maxK[j] = max(nd.maxK[j], rx.keys[k][j])
			}
		}
	}
	return rx
}

// rankNodes is how many nodes build makes for n stations (n > 0).
func rankNodes(n int) int {
	if n <= rankLeaf {
		return 1
	}
	return 1 + rankNodes(n/2) + rankNodes(n-n/2)
}

// build makes the node for order[...] (positions start.. in the final
// arrays), splitting on the box's widest axis at the median.
func (rx *RankIndex) build(order []int32, vecs []vec3, start int32) int32 {
	lo, hi := vecs[order[0]], vecs[order[0]]
	for _, i := range order {
		v := vecs[i]
		lo = vec3{min(lo.x, v.x), min(lo.y, v.y), min(lo.z, v.z)}
		hi = vec3{max(hi.x, v.x), max(hi.y, v.y), max(hi.z, v.z)}
	}
	n := int32(len(rx.nodes))
	rx.nodes = append(rx.nodes, rankNode{lo: lo, hi: hi, start: start, end: start + int32(len(order)), left: -1, right: -1})
	if len(order) <= rankLeaf {
		return n
	}
	axis := func(v vec3) float64 { return v.x }
	if d := hi.sub(lo); d.y >= d.x && d.y >= d.z {
		axis = func(v vec3) float64 { return v.y }
	} else if d.z >= d.x && d.z >= d.y {
		axis = func(v vec3) float64 { return v.z }
	}
	slices.SortFunc(order, func(a, b int32) int { return cmp.Compare(axis(vecs[a]), axis(vecs[b])) })
	mid := len(order) / 2
	left := rx.build(order[:mid], vecs, start)
	right := rx.build(order[mid:], vecs, start+int32(mid))
	rx.nodes[n].left, rx.nodes[n].right = left, right
	return n
}

// Len is the number of indexed stations.
func (rx *RankIndex) Len() int { return len(rx.ids) }

// RankedHit is a station found by RankIndex.Best.
type RankedHit struct {
	ID            int64
	DistanceMiles float64
	Key           int64 // the ranking key (mapped by the order's Map, not negated)
}

// distancePad absorbs the rounding between a box's chord bound and the
// haversine distance of a station inside it (both exact to ~1e-12 mi).
const distancePad = 1e-6

// Best returns the n stations within miles of center (inclusive, as
// Index.Radius decides it) that come first in the order (key in the
// order's direction, then distance, then ID), in that order. accept, when
// not nil, selects which IDs may be answered. n ≤ 0 answers nothing.
//
// The search pops tree nodes by a lower bound of (key, distance) for
// anything below them and stops when the bound passes the n-th best found
// so far, so it measures only stations that could still make the answer.
func (rx *RankIndex) Best(center Point, miles float64, order Order, n int, accept func(int64) bool) []RankedHit {
	if n <= 0 || len(rx.nodes) == 0 || !(miles >= 0) || !finite(center.Lat) || !finite(center.Lon) {
		return nil
	}
	c := unitVector(center)
	limit := miles + toleranceMiles
	sign := int64(1)
	if order.Desc {
		sign = -1
	}
	key := order.Key
	nodeBound := func(nd *rankNode) (int64, float64, bool) {
		// Nearest point of the box to c.
		p := vec3{clamp(c.x, nd.lo.x, nd.hi.x), clamp(c.y, nd.lo.y, nd.hi.y), clamp(c.z, nd.lo.z, nd.hi.z)}
		d := chordToMiles(c.sub(p).norm()) - distancePad
		if d > limit {
			return 0, 0, false
		}
		if order.Desc {
			return -order.mapped(nd.maxK[key]), d, true
		}
		return order.mapped(nd.minK[key]), d, true
	}

	front := make([]nodeEntry, 0, 64)
	best := make([]rankEntry, 0, min(n, 1024))
	if k, d, ok := nodeBound(&rx.nodes[0]); ok {
		front = append(front, nodeEntry{key: k, dist: d, node: 0})
	}
	for len(front) > 0 {
		var e nodeEntry
		e, front = popHeap(front, nodeLess)
		if len(best) == n {
			w := best[0]
			if e.key > w.key || e.key == w.key && e.dist > w.dist {
				break // nothing left can beat the n-th best
			}
		}
		nd := &rx.nodes[e.node]
		if nd.left >= 0 {
			for _, ch := range [2]int32{nd.left, nd.right} {
				if k, d, ok := nodeBound(&rx.nodes[ch]); ok {
					front = pushHeap(front, nodeEntry{key: k, dist: d, node: ch}, nodeLess)
				}
			}
			continue
		}
		for i := nd.start; i < nd.end; i++ {
			k := sign * order.mapped(rx.keys[i][key])
			if len(best) == n && k > best[0].key {
				continue
			}
			d := DistanceMiles(center, rx.points[i])
			if !(d <= limit) {
				continue
			}
			id := rx.ids[i]
			h := rankEntry{key: k, dist: d, id: id}
			if len(best) == n {
				if !h.less(best[0]) {
					continue
				}
				if accept != nil && !accept(id) {
					continue
				}
				best[0] = h
				siftDown(best, 0, worse)
				continue
			}
			if accept != nil && !accept(id) {
				continue
			}
			best = pushHeap(best, h, worse)
		}
	}
	out := make([]RankedHit, len(best))
	for i := len(best) - 1; i >= 0; i-- {
		var h rankEntry
		h, best = popHeap(best, worse)
		out[i] = RankedHit{ID: h.id, DistanceMiles: h.dist, Key: sign * h.key}
	}
	return out
}

func clamp(x, lo, hi float64) float64 { return max(lo, min(x, hi)) }

type nodeEntry struct {
	key  int64
	dist float64
	node int32
}

func nodeLess(a, b nodeEntry) bool {
	return a.key < b.key || a.key == b.key && a.dist < b.dist
}

// worse orders the best-so-far heap with the worst entry at the root.
func worse(a, b rankEntry) bool { return b.less(a) }

// pushHeap, popHeap and siftDown keep a binary heap whose root is the
// first by less (typed, so that the search allocates nothing per entry).
func pushHeap[T any](h []T, x T, less func(a, b T) bool) []T {
	h = append(h, x)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !less(h[i], h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	return h
}

func popHeap[T any](h []T, less func(a, b T) bool) (T, []T) {
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	siftDown(h, 0, less)
	return top, h
}

func siftDown[T any](h []T, i int, less func(a, b T) bool) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && less(h[r], h[l]) {
			m = r
		}
		if !less(h[m], h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

type rankEntry struct {
	key  int64 // signed: smaller is better
	dist float64
	id   int64
}

func (a rankEntry) less(b rankEntry) bool {
	if a.key != b.key {
		return a.key < b.key
	}
	if a.dist != b.dist {
		return a.dist < b.dist
	}
	return a.id < b.id
}
