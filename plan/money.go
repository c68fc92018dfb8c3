package plan

import (
	"cmp"
	"math"
	"slices"
)

// splitCents turns exact per-stop costs in tenths of a cent into whole
// cents. Rounding happens once, on the total (half up), so the total depends
// only on the exact cost of the plan; each stop gets its cost rounded down
// plus one cent for the stops with the largest remainders, so that the
// stops add up to the total and each is within a cent of its exact cost.
func splitCents(exactTenths []float64) (perStop []int64, total int64) {
	perStop = make([]int64, len(exactTenths))
	sum := 0.0
	type remainder struct {
		stop int
		frac float64
	}
	rems := make([]remainder, len(exactTenths))
	var floored int64
	for i, x := range exactTenths {
		cents := x / 10
		sum += cents
		perStop[i] = int64(math.Floor(cents))
		floored += perStop[i]
		rems[i] = remainder{i, cents - math.Floor(cents)}
	}
	total = int64(math.Floor(sum + 0.5))
	slices.SortStableFunc(rems, func(a, b remainder) int { return cmp.Compare(b.frac, a.frac) })
	for k := int64(0); k < total-floored && int(k) < len(rems); k++ {
		perStop[rems[k].stop]++
	}
	return perStop, total
}
