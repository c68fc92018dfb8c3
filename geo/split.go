package geo

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// One large corridor query can use a second core when the process has one
// to spare: its cells are cut into runs that the querying goroutine and one
// helper goroutine claim in turn, and the hits are put back together in run
// order, which is the order one goroutine would have found them in. So the
// answer is the same, bit for bit, either way (the final sort keeps the
// found order of hits that compare equal).
//
// A query splits only when it is the only corridor query running and the
// helper is idle; under load every query runs on its own goroutine and pays
// nothing for this. If the helper has not started by the time the caller has
// claimed every run, the caller cancels it and does not wait.
const (
	// splitStations: a query whose cells hold fewer stations runs alone
	// (the hand-over costs about what 200 stations do).
	splitStations = 4000
	// splitCells cells make a run: small enough that the two goroutines
	// end close together, large enough that claiming costs nothing.
	splitCells = 16
)

var (
	// nearInFlight counts corridor queries searching their cells.
	nearInFlight atomic.Int32
	// splitMinStations is splitStations; tests lower it to split every query.
	splitMinStations = splitStations
	// splitRunCells is splitCells; tests lower it to 1.
	splitRunCells = splitCells
	// splitDisabled turns splitting off (tests compare both ways).
	splitDisabled bool

	helperOnce sync.Once
	helperJobs chan splitTicket
	// splitQueries counts the queries whose runs both goroutines searched.
	splitQueries atomic.Int64
)

// splitJob is one split query's shared state, kept in the query's scratch.
// state is epoch·4 + phase, phase 0 offered, 1 taken by the helper, 2
// cancelled by the caller: the epoch keeps a helper holding a ticket of an
// earlier query (of the same scratch) from taking a later one.
type splitJob struct {
	q     *nearQuery
	cells []int32
	runs  int32
	next  atomic.Int32
	state atomic.Uint64
	epoch uint64
	done  chan struct{}
	// The helper's hits, the runs they came from, and its scratch.
	found []foundHit
	spans []runSpan
	near  []nearGroup
	mine  []runSpan // the caller's runs
	// panicked is what the helper's search panicked with (never, but the
	// caller, not the helper's goroutine, must be the one to die of it).
	panicked any
}

type splitTicket struct {
	job   *splitJob
	epoch uint64
}

// runSpan says that hits start..end of a goroutine's buffer came from run.
type runSpan struct{ run, start, end int32 }

func helperLoop() {
	for t := range helperJobs {
		j := t.job
		if !j.state.CompareAndSwap(t.epoch*4, t.epoch*4+1) {
			continue // the caller finished first, or an old ticket
		}
		func() {
			defer func() {
				j.panicked = recover()
				j.done <- struct{}{}
			}()
			j.found, j.spans, j.near = j.claim(j.found[:0], j.spans[:0], j.near)
		}()
	}
}

// claim searches runs until none is left, appending their hits to found
// and each run's span to spans.
func (j *splitJob) claim(found []foundHit, spans []runSpan, near []nearGroup) ([]foundHit, []runSpan, []nearGroup) {
	for {
		r := j.next.Add(1) - 1
		if r >= j.runs {
			return found, spans, near
		}
		start := int32(len(found))
		lo := int(r) * splitRunCells
		found, near = j.q.search(j.cells[lo:min(lo+splitRunCells, len(j.cells))], found, near)
		spans = append(spans, runSpan{run: r, start: start, end: int32(len(found))})
	}
}

// searchCells searches the touched cells into sc.found (from empty) on this
// goroutine, with the helper's as well when it pays and is free.
func (ix *Index) searchCells(q *nearQuery, sc *nearScratch, touched []int32) ([]foundHit, []nearGroup) {
	found, near := sc.found[:0], sc.near[:0]
	defer nearInFlight.Add(-1)
	if nearInFlight.Add(1) != 1 || splitDisabled || runtime.GOMAXPROCS(0) < 2 || !ix.worthSplitting(touched) {
		return q.search(touched, found, near)
	}
	helperOnce.Do(func() {
		helperJobs = make(chan splitTicket)
		go helperLoop()
	})
	j := &sc.split
	if j.done == nil {
		j.done = make(chan struct{}, 1)
	}
	j.q, j.cells = q, touched
	j.runs = int32((len(touched) + splitRunCells - 1) / splitRunCells)
	j.next.Store(0)
	j.epoch++
	j.state.Store(j.epoch * 4)
	defer func() { j.q, j.cells = nil, nil }()
	select {
	case helperJobs <- splitTicket{job: j, epoch: j.epoch}:
	default: // the helper is busy with another query's runs
		j.state.Store(j.epoch*4 + 2)
		return q.search(touched, found, near)
	}
	// The caller's hits go to found directly; its runs are noted in mine.
	var mine []runSpan
	found, mine, near = j.claim(found, j.mine[:0], near)
	j.mine = mine
	if j.state.CompareAndSwap(j.epoch*4, j.epoch*4+2) {
		return found, near // the helper never started: every run is the caller's, in order
	}
	<-j.done
	if p := j.panicked; p != nil {
		j.panicked = nil
		panic(p)
	}
	if len(j.spans) == 0 {
		return found, near
	}
	splitQueries.Add(1)
	// Both took runs, each in increasing order: interleave them by run.
	merged := sc.merged[:0]
	a, b := mine, j.spans
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || len(a) > 0 && a[0].run < b[0].run {
			merged = append(merged, found[a[0].start:a[0].end]...)
			a = a[1:]
		} else {
			merged = append(merged, j.found[b[0].start:b[0].end]...)
			b = b[1:]
		}
	}
	sc.merged = found // the caller's buffer becomes the next query's merge buffer
	return merged, near
}

// worthSplitting says whether the touched cells hold enough stations.
func (ix *Index) worthSplitting(touched []int32) bool {
	n := 0
	for _, c := range touched {
		n += int(ix.grid.start[c+1] - ix.grid.start[c])
		if n >= splitMinStations {
			return true
		}
	}
	return false
}
