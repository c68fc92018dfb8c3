package plan

import "math"

// gallonSlack absorbs float rounding where the model has an equality: a
// plan that arrives exactly at the reserve must not be rejected because a
// subtraction came out at -1e-14. It is far below anything a pump meters.
const gallonSlack = 1e-9

// piece is one linear part of a fuel curve: holding usable fuel x in
// [lo, hi] costs cost + slope·(x − lo) tenths of a cent. slope is always the
// price of the marginal gallon, so it is positive.
type piece struct {
	lo, hi float64
	cost   float64
	slope  float64
	// origin says how the fuel was obtained (an index into the optimizer's
	// origins); pieces from different origins are never fused so that the
	// plan can be traced back.
	origin int32
}

func (p piece) at(x float64) float64 { return p.cost + p.slope*(x-p.lo) }

func (p piece) clip(lo, hi float64) piece {
	return piece{lo: lo, hi: hi, cost: p.at(lo), slope: p.slope, origin: p.origin}
}

// A fuel curve gives, for each usable fuel level at one point of the trip,
// the cheapest way found so far to be there with exactly that fuel. It is a
// sorted list of closed pieces whose interiors do not overlap; where pieces
// meet, the lower value counts (the curve is lower semicontinuous, so its
// minimum is attained at a piece endpoint). Levels without a piece are
// unreachable.

// shiftCurve moves every level down by burned gallons (driving on) and drops
// what falls below zero usable fuel, i.e. below the reserve.
func shiftCurve(curve []piece, burned float64) []piece {
	out := curve[:0]
	for _, p := range curve {
		p.lo -= burned
		p.hi -= burned
		if p.hi < -gallonSlack {
			continue
		}
		if p.lo < 0 {
			p = p.clip(0, max(p.hi, 0))
		}
		out = append(out, p)
	}
	return out
}

// appendPiece appends p, fusing it with the previous piece when it simply
// continues it; this keeps curves short after splits.
func appendPiece(out []piece, p piece) []piece {
	if n := len(out); n > 0 {
		last := &out[n-1]
		if last.origin == p.origin && last.slope == p.slope && last.hi == p.lo &&
			math.Abs(last.at(p.lo)-p.cost) <= 1e-9*(1+math.Abs(p.cost)) {
			last.hi = p.hi
			return out
		}
	}
	return append(out, p)
}

// envelope holds reusable buffers for lowerEnvelope.
type envelope struct {
	bag, active []piece
	vals        []float64
	breaks      []float64
}

// lowerEnvelope returns the pointwise minimum of two fuel curves as a fuel
// curve appended to out. It sweeps the sorted piece endpoints; between two
// consecutive endpoints the covering pieces are plain lines, whose minimum
// changes only where they cross.
func (e *envelope) lowerEnvelope(first, second []piece, out []piece) []piece {
	// Both curves are sorted, so merging keeps the pieces ordered by lo and
	// their endpoints ordered.
	e.bag = e.bag[:0]
	e.breaks = e.breaks[:0]
	i, j := 0, 0
	for i < len(first) || j < len(second) {
		if j == len(second) || i < len(first) && first[i].lo <= second[j].lo {
			e.bag = append(e.bag, first[i])
			i++
		} else {
			e.bag = append(e.bag, second[j])
			j++
		}
	}
	e.breaks = mergeEndpoints(first, second, e.breaks)
	bag := e.bag

	// vals[i] is active[i].at(x) at the current break: computed once, it is
	// the same number every use below would compute.
	active, vals := e.active[:0], e.vals[:0]
	next := 0
	for k, x := range e.breaks {
		// The value at x itself: every piece touching x counts, including
		// those that end or start here and single points.
		pointVal, pointOrigin := math.Inf(1), -1
		for i := range active {
			v := active[i].at(x)
			vals[i] = v
			if v < pointVal {
				pointVal, pointOrigin = v, i
			}
		}
		var pointPiece piece
		if pointOrigin >= 0 {
			pointPiece = active[pointOrigin]
		}
		for next < len(bag) && bag[next].lo == x {
			p := &bag[next]
			if p.cost < pointVal {
				pointVal, pointPiece = p.cost, *p
			}
			if p.hi > x {
				active = append(active, *p)
				vals = append(vals, p.at(x))
			}
			next++
		}
		n := 0
		rightVal := math.Inf(1)
		for i := range active {
			if active[i].hi > x {
				active[n], vals[n] = active[i], vals[i]
				rightVal = min(rightVal, vals[i])
				n++
			}
		}
		active, vals = active[:n], vals[:n]

		leftVal := math.Inf(1)
		if n := len(out); n > 0 && out[n-1].hi == x {
			leftVal = out[n-1].at(x)
		}
		if pointVal < min(leftVal, rightVal)-1e-9*(1+math.Abs(pointVal)) {
			out = append(out, pointPiece.clip(x, x))
		}
		if k+1 == len(e.breaks) || len(active) == 0 {
			continue
		}
		x1 := e.breaks[k+1]
		// The lowest line at x (near-ties go to the smaller slope, which is
		// the lower one just right of x).
		bi := 0
		for i := 1; i < len(active); i++ {
			if va, vb := vals[i], vals[bi]; va < vb || va == vb && active[i].slope < active[bi].slope {
				bi = i
			}
		}
		best := active[bi]
		for cur := x; cur < x1; {
			// Only a line with a smaller slope can get below best later.
			// Each switch lowers the slope, so this ends after at most
			// len(active) steps.
			end, next := x1, best
			for _, a := range active {
				if a.slope >= best.slope {
					continue
				}
				cross := cur + (a.at(cur)-best.at(cur))/(best.slope-a.slope)
				if cross < end || cross == end && a.slope < next.slope {
					end, next = cross, a
				}
			}
			if end < x1 && end <= cur+1e-12*(1+math.Abs(cur)) {
				// Already crossed (a tie or float noise at cur): switch
				// without emitting a sliver.
				best = next
				continue
			}
			out = appendPiece(out, best.clip(cur, end))
			cur, best = end, next
		}
	}
	e.active, e.vals = active, vals
	return out
}

// mergeEndpoints appends the sorted, distinct endpoints of two fuel curves.
// Each curve's own endpoints are already in order (lo ≤ hi ≤ next lo).
func mergeEndpoints(first, second []piece, out []float64) []float64 {
	at := func(c []piece, k int) float64 {
		if k%2 == 0 {
			return c[k/2].lo
		}
		return c[k/2].hi
	}
	i, j := 0, 0
	for i < 2*len(first) || j < 2*len(second) {
		var x float64
		if j == 2*len(second) || i < 2*len(first) && at(first, i) <= at(second, j) {
			x = at(first, i)
			i++
		} else {
			x = at(second, j)
			j++
		}
		if n := len(out); n == 0 || out[n-1] != x {
			out = append(out, x)
		}
	}
	return out
}

// maxCurvePieces bounds the fuel curve: past it, thinCurve drops pieces, so
// that the sweep costs at most O(stations × maxCurvePieces) time and the
// origins at most stations × (2·maxCurvePieces + 2) entries, whatever the
// numbers of the trip. Realistic trips stay far below it (the golden and
// exhaustive instances never reach it), so their plans are exact; see the
// package documentation for what thinning gives up.
const maxCurvePieces = 1024

// thinCurve shortens a fuel curve that has more than limit pieces. Every
// piece it keeps is unchanged, so the plan traced from the thinned curve is
// still real and feasible; dropped levels merely become unreachable.
//
// First it drops pieces dominated from the right: a piece whose cheapest
// point (its low end, slopes being positive) costs at least as much as some
// fuller level further right. Then, if the curve is still too long, it
// splits the levels into limit−1 equal bands and keeps, in each band, the
// piece that starts cheapest, plus the fullest piece.
func thinCurve(curve []piece, limit int) []piece {
	if len(curve) <= limit {
		return curve
	}
	// Stage 1, right to left: keep a piece only if it is strictly cheaper
	// than everything fuller.
	keep := len(curve)
	right := math.Inf(1)
	for i := len(curve) - 1; i >= 0; i-- {
		if c := curve[i].cost; c < right || i == len(curve)-1 {
			right = min(right, c)
			keep--
			curve[keep] = curve[i]
		}
	}
	curve = append(curve[:0], curve[keep:]...)
	if len(curve) <= limit {
		return curve
	}
	// Stage 2: bands. After stage 1 the low-end costs rise left to right,
	// so the cheapest piece of a band is its first one.
	lo, hi := curve[0].lo, curve[len(curve)-1].lo
	bands := float64(limit - 1)
	width := (hi - lo) / bands
	if !(width > 0) {
		return append(curve[:0], curve[0], curve[len(curve)-1])
	}
	out := curve[:0]
	lastBand := -1
	n := len(curve)
	last := curve[n-1]
	for i := 0; i < n-1; i++ {
		p := curve[i]
		band := int(min((p.lo-lo)/width, bands-1))
		if band == lastBand {
			continue
		}
		lastBand = band
		out = append(out, p)
	}
	return append(out, last)
}

// curveLimit is maxCurvePieces; tests raise it to compare with the unthinned sweep.
var curveLimit = maxCurvePieces
