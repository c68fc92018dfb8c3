package plan

import (
	"cmp"
	"math"
	"slices"
)

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
			p = p.clip(0, math.Max(p.hi, 0))
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
	breaks      []float64
}

// lowerEnvelope returns the pointwise minimum of the pieces in bag (which
// may overlap arbitrarily) as a fuel curve appended to out. It sweeps the
// sorted piece endpoints; between two consecutive endpoints the covering
// pieces are plain lines, whose minimum changes only where they cross.
func (e *envelope) lowerEnvelope(bag []piece, out []piece) []piece {
	e.breaks = e.breaks[:0]
	for _, p := range bag {
		e.breaks = append(e.breaks, p.lo, p.hi)
	}
	slices.Sort(e.breaks)
	e.breaks = slices.Compact(e.breaks)
	slices.SortFunc(bag, func(a, b piece) int { return cmp.Compare(a.lo, b.lo) })

	active := e.active[:0]
	next := 0
	for k, x := range e.breaks {
		// The value at x itself: every piece touching x counts, including
		// those that end or start here and single points.
		pointVal, pointOrigin := math.Inf(1), piece{}
		for _, a := range active {
			if v := a.at(x); v < pointVal {
				pointVal, pointOrigin = v, a
			}
		}
		for next < len(bag) && bag[next].lo == x {
			p := bag[next]
			if p.cost < pointVal {
				pointVal, pointOrigin = p.cost, p
			}
			if p.hi > x {
				active = append(active, p)
			}
			next++
		}
		active = slices.DeleteFunc(active, func(a piece) bool { return a.hi <= x })

		leftVal := math.Inf(1)
		if n := len(out); n > 0 && out[n-1].hi == x {
			leftVal = out[n-1].at(x)
		}
		rightVal := math.Inf(1)
		for _, a := range active {
			rightVal = math.Min(rightVal, a.at(x))
		}
		if pointVal < math.Min(leftVal, rightVal)-1e-9*(1+math.Abs(pointVal)) {
			out = append(out, pointOrigin.clip(x, x))
		}
		if k+1 == len(e.breaks) || len(active) == 0 {
			continue
		}
		x1 := e.breaks[k+1]
		for cur := x; cur < x1; {
			// The lowest line just right of cur: lowest value, then the
			// smaller slope.
			best := active[0]
			for _, a := range active[1:] {
				va, vb := a.at(cur), best.at(cur)
				if va < vb || va == vb && a.slope < best.slope {
					best = a
				}
			}
			end := x1
			for _, a := range active {
				if a.slope < best.slope {
					cross := cur + (a.at(cur)-best.at(cur))/(best.slope-a.slope)
					if cross > cur && cross < end {
						end = cross
					}
				}
			}
			out = appendPiece(out, best.clip(cur, end))
			cur = end
		}
	}
	e.active = active
	return out
}
