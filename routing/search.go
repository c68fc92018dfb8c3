package routing

import "math"

// hop is one whole edge walked by a path, forward when from its from-place
// to its to-place.
type hop struct {
	edge    int
	forward bool
}

// path is a shortest path between two anchors.
type path struct {
	from, to anchor
	// direct: both anchors lie on one edge and the path stays on it.
	direct bool
	// start is the place the origin anchor drives to first and end the place
	// the destination anchor is reached from; hops run from start to end.
	start, end int
	hops       []hop
}

// Markers in the predecessor arrays.
const (
	fromOrigin = -1 // reached straight from the origin anchor
	fromDirect = -2 // target reached along the shared edge
)

// shortest runs A* from one anchor to another with edge costs
// length × weight[edge], weight ≥ 1. The heuristic is the great-circle
// distance to the destination, admissible because every road meter is at
// least a great-circle meter and weights never go below 1.
func (g *Graph) shortest(from, to anchor, weight []float64) (path, bool) {
	n := len(g.places)
	target := n
	dist := make([]float64, n+1)
	prevNode := make([]int32, n+1)
	prevEdge := make([]int32, n+1)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	closed := make([]bool, n+1)
	goal := to.snapped
	var open nodeHeap
	relax := func(node int, d float64, pNode, pEdge int) {
		if closed[node] || d >= dist[node] {
			return
		}
		dist[node], prevNode[node], prevEdge[node] = d, int32(pNode), int32(pEdge)
		h := 0.0
		if node != target {
			h = distanceMeters(g.places[node].Point(), goal)
		}
		open.push(heapItem{node: int32(node), f: d + h})
	}

	fe, te := &g.edges[from.edge], &g.edges[to.edge]
	fw, tw := weight[from.edge], weight[to.edge]
	relax(fe.from, from.along*fw, fromOrigin, from.edge)
	relax(fe.to, (fe.length-from.along)*fw, fromOrigin, from.edge)
	if from.edge == to.edge {
		relax(target, math.Abs(from.along-to.along)*fw, fromDirect, from.edge)
	}

	for open.len() > 0 {
		it := open.pop()
		u := int(it.node)
		if u == target {
			break
		}
		if closed[u] {
			continue // stale entry; the heuristic is consistent, so u is final
		}
		closed[u] = true
		du := dist[u]
		for _, a := range g.adj[u] {
			relax(a.to, du+g.edges[a.edge].length*weight[a.edge], u, a.edge)
		}
		if u == te.from {
			relax(target, du+to.along*tw, u, to.edge)
		}
		if u == te.to {
			relax(target, du+(te.length-to.along)*tw, u, to.edge)
		}
	}
	if math.IsInf(dist[target], 1) {
		return path{}, false
	}

	p := path{from: from, to: to}
	if prevNode[target] == fromDirect {
		p.direct = true
		return p, true
	}
	p.end = int(prevNode[target])
	u := p.end
	for prevNode[u] != fromOrigin {
		e := int(prevEdge[u])
		p.hops = append(p.hops, hop{edge: e, forward: g.edges[e].to == u})
		u = int(prevNode[u])
	}
	p.start = u
	for i, j := 0, len(p.hops)-1; i < j; i, j = i+1, j-1 {
		p.hops[i], p.hops[j] = p.hops[j], p.hops[i]
	}
	return p, true
}

// roadMeters returns how many road meters of each edge the path uses,
// counting the partial edges at both ends.
func (g *Graph) roadMeters(p path) map[int]float64 {
	used := map[int]float64{}
	if p.direct {
		used[p.from.edge] = math.Abs(p.from.along - p.to.along)
		return used
	}
	fe, te := &g.edges[p.from.edge], &g.edges[p.to.edge]
	if p.start == fe.from {
		used[p.from.edge] += p.from.along
	} else {
		used[p.from.edge] += fe.length - p.from.along
	}
	for _, h := range p.hops {
		used[h.edge] += g.edges[h.edge].length
	}
	if p.end == te.from {
		used[p.to.edge] += p.to.along
	} else {
		used[p.to.edge] += te.length - p.to.along
	}
	return used
}

type heapItem struct {
	node int32
	f    float64
}

// nodeHeap is a binary min-heap on f, written out to avoid the interface
// calls of container/heap in the inner loop.
type nodeHeap struct{ items []heapItem }

func (h *nodeHeap) len() int { return len(h.items) }

func (h *nodeHeap) push(it heapItem) {
	h.items = append(h.items, it)
	i := len(h.items) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if h.items[parent].f <= h.items[i].f {
			break
		}
		h.items[parent], h.items[i] = h.items[i], h.items[parent]
		i = parent
	}
}

func (h *nodeHeap) pop() heapItem {
	top := h.items[0]
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	i := 0
	for {
		l, r, small := 2*i+1, 2*i+2, i
		if l < last && h.items[l].f < h.items[small].f {
			small = l
		}
		if r < last && h.items[r].f < h.items[small].f {
			small = r
		}
		if small == i {
			return top
		}
		h.items[i], h.items[small] = h.items[small], h.items[i]
		i = small
	}
}
