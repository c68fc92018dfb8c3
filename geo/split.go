package geo

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// One large corridor query can use a second core when the process has one
// to spare: its work (preparing the route's segments, making the segment
// groups, searching the cells, sorting each segment's hits) is cut into
// runs that the querying goroutine and one helper
// goroutine claim in turn. Every run writes its own slots, or its own list
// of hits that is put back in run order, which is the order one goroutine
// would have found them in; so the answer is the same, bit for bit, either
// way (the final sort keeps the found order of hits that compare equal).
//
// A query splits only when it is the only corridor query running; under
// concurrent queries each runs on its own goroutine and pays nothing for
// this. If the helper has not started by the time the caller has claimed
// every run, the caller cancels it and does not wait. Between a query's
// parts the helper spins briefly rather than sleep (nextTicket).
//
// When the other core is busy with something else, three threads share two
// cores and either goroutine is descheduled in the middle of its runs: a
// split query is then slower than one goroutine (measured with the other
// core spinning: p50 4.0 against 3.3 ms, p99 6–8 against 4–5.6 ms). That
// shows in the split parts: the helper's share of the runs strays far from
// half, or the caller sleeps waiting for its last run (quiet: 1 % of large
// parts, other core busy: 46 %). When that goes on (contention), queries
// run alone for a pause, doubled at each look that finds it still on.
const (
	// splitStations: a query whose cells hold fewer stations runs alone
	// (handing over costs about what 200 stations do).
	splitStations = 4000
	// splitCells cells make a run: small enough that the two goroutines
	// end close together, large enough that claiming costs nothing.
	splitCells = 16
	// splitSegments route segments make a run of the route's preparation
	// and of the final sort; shorter routes are prepared by the caller
	// alone.
	splitSegments = 512
	// splitGroups segment groups make a run of the grouping.
	splitGroups = 64
	// helperSpin is how long the helper looks for the next ticket before
	// it sleeps.
	helperSpin = 300 * time.Microsecond
	// contentionRuns: parts of fewer runs say too little about the
	// helper's share to be counted.
	contentionRuns = 8
	// contentionOn is the share of recent large parts that went badly
	// (out of contentionScale) above which splitting pauses; each part
	// moves the average by 1/16.
	contentionOn    = contentionScale / 4
	contentionScale = 1 << 16
	// minHelperPause and maxHelperPause bound how long queries run alone
	// under contention: at the longest, about one query in 300 back to
	// back looks again.
	minHelperPause = 10 * time.Millisecond
	maxHelperPause = time.Second
)

var (
	// nearInFlight counts corridor queries under way.
	nearInFlight atomic.Int32
	// Tests lower these to split every query into runs of one cell or a
	// few segments, or turn splitting off to compare.
	splitMinStations = splitStations
	splitRunCells    = splitCells
	splitRunSegments = splitSegments
	splitRunGroups   = splitGroups
	splitDisabled    bool
	// splitNeverPauses keeps the tests' queries splitting however the
	// helper fares on a loaded machine.
	splitNeverPauses bool

	// contention is the running average (out of contentionScale) of the
	// large split parts that went badly; helperPause is the current pause
	// and helperPausedUntil (Unix nanoseconds) when splitting resumes.
	contention        atomic.Int64
	helperPause       atomic.Int64
	helperPausedUntil atomic.Int64

	helperOnce sync.Once
	helperJobs chan splitTicket
	// splitQueries counts the cell searches that both goroutines took runs of.
	splitQueries atomic.Int64
)

// splitTask is work cut into runs; run may be called from two goroutines
// at once, for different runs, and must then touch disjoint memory.
type splitTask interface {
	run(r int32, helper bool)
}

// splitJob offers a task to the helper, kept in a query's scratch. state is
// epoch·4 + phase, phase 0 offered, 1 taken by the helper, 2 cancelled by
// the caller: the epoch keeps a helper holding the ticket of an earlier
// query (of the same scratch) from taking a later one.
type splitJob struct {
	task  splitTask
	runs  int32
	next  atomic.Int32
	state atomic.Uint64
	epoch uint64
	done  chan struct{}
	// helperRuns is how many runs the helper took.
	helperRuns int32
	// panicked is what the helper's run panicked with (never, but the
	// caller, not the helper's goroutine, must be the one to die of it).
	panicked any
}

type splitTicket struct {
	job   *splitJob
	epoch uint64
}

func helperLoop() {
	for t := range helperJobs {
		for ok := true; ok; t, ok = nextTicket() {
			t.take()
		}
	}
}

// take runs the ticket's runs, unless its caller has finished them or
// moved on to another query.
func (t splitTicket) take() {
	j := t.job
	if !j.state.CompareAndSwap(t.epoch*4, t.epoch*4+1) {
		return // the caller finished first, or an old ticket
	}
	defer func() {
		j.panicked = recover()
		j.done <- struct{}{}
	}()
	j.helperRuns = j.claim(true)
}

// nextTicket waits up to helperSpin for another ticket without sleeping:
// a query offers work four times (route, groups, cells, sort) a few
// hundredths of a millisecond apart, and a sleeping goroutine takes about
// 0.08 ms to wake. Gosched lets anything else waiting for this core run.
func nextTicket() (splitTicket, bool) {
	deadline := time.Now().Add(helperSpin)
	for {
		select {
		case t := <-helperJobs:
			return t, true
		default:
		}
		if time.Now().After(deadline) {
			return splitTicket{}, false
		}
		runtime.Gosched()
	}
}

// claim runs runs until none is left and says how many it ran.
func (j *splitJob) claim(helper bool) int32 {
	ran := int32(0)
	for {
		r := j.next.Add(1) - 1
		if r >= j.runs {
			return ran
		}
		j.task.run(r, helper)
		ran++
	}
}

// split runs task's runs on this goroutine, offering them to the helper too,
// and returns once all have run, saying whether the helper ran any.
func (j *splitJob) split(task splitTask, runs int32) bool {
	helperOnce.Do(func() {
		// One slot, so that a ticket can be left for a helper that is
		// spinning (nextTicket) as well as handed to one that sleeps.
		helperJobs = make(chan splitTicket, 1)
		go helperLoop()
	})
	if j.done == nil {
		j.done = make(chan struct{}, 1)
	}
	j.task, j.runs, j.helperRuns = task, runs, 0
	defer func() { j.task = nil }()
	j.next.Store(0)
	j.epoch++
	j.state.Store(j.epoch * 4)
	for offered := false; !offered; {
		select {
		case helperJobs <- splitTicket{job: j, epoch: j.epoch}:
			offered = true
		default:
			// The slot holds a ticket the helper has not picked up yet:
			// another query's, or often one this query's caller finished
			// alone (the route preparation's, say). Run one run and
			// offer again.
			r := j.next.Add(1) - 1
			if r >= j.runs {
				j.state.Store(j.epoch*4 + 2)
				return false
			}
			j.task.run(r, false)
		}
	}
	j.claim(false)
	if j.state.CompareAndSwap(j.epoch*4, j.epoch*4+2) {
		return false // the helper never started: the caller ran every run
	}
	slept := j.waitHelper()
	if runs >= contentionRuns {
		share := float64(j.helperRuns) / float64(runs)
		noteSplitPart(slept || share < 0.2 || share >= 0.7)
	}
	if p := j.panicked; p != nil {
		j.panicked = nil
		panic(p)
	}
	return j.helperRuns > 0
}

// waitHelper waits for the helper to finish its last run. That is at most
// one run's work away, so it polls first (with no Gosched: a goroutine
// locked to its thread would lose the thread's processor), and sleeps
// only when that takes longer than helperSpin, and then says so.
func (j *splitJob) waitHelper() (slept bool) {
	for start := time.Now(); time.Since(start) < helperSpin; {
		select {
		case <-j.done:
			return false
		default:
		}
	}
	<-j.done
	return true
}

// noteSplitPart adds a large split part to the running average and, when
// the part went badly and the average says contention, pauses splitting:
// for minHelperPause at first, twice the last pause at each look that
// still finds it, up to maxHelperPause. Only one query splits at a time
// (nearInFlight), so the updates do not race each other in practice; they
// are atomic anyway.
func noteSplitPart(bad bool) {
	c := contention.Load()
	c -= c / 16
	if bad {
		c += contentionScale / 16
	}
	contention.Store(c)
	switch {
	case bad && c > contentionOn && !splitNeverPauses:
		pause := min(max(2*helperPause.Load(), int64(minHelperPause)), int64(maxHelperPause))
		helperPause.Store(pause)
		helperPausedUntil.Store(time.Now().UnixNano() + pause)
	case c <= contentionOn:
		helperPause.Store(0)
	}
}

// runAlone runs all of task's runs on this goroutine, in order.
func runAlone(task splitTask, runs int32) {
	for r := range runs {
		task.run(r, false)
	}
}

// splitting says whether this process can lend a query the helper now.
func splitting() bool {
	if splitDisabled || runtime.GOMAXPROCS(0) < 2 {
		return false
	}
	until := helperPausedUntil.Load()
	return until == 0 || time.Now().UnixNano() >= until
}

// cellSearch is a query's cell search as a splitTask: the caller's hits go
// to found, the helper's to helperFound, each with the spans of its runs.
type cellSearch struct {
	q                  *nearQuery
	cells              []int32
	found, helperFound []foundHit
	spans, helperSpans []runSpan
	near, helperNear   []nearGroup
}

// runSpan says that hits start..end of a goroutine's list came from run.
type runSpan struct{ run, start, end int32 }

func (cs *cellSearch) run(r int32, helper bool) {
	lo := int(r) * splitRunCells
	cells := cs.cells[lo:min(lo+splitRunCells, len(cs.cells))]
	if helper {
		start := int32(len(cs.helperFound))
		cs.helperFound, cs.helperNear = cs.q.search(cells, cs.helperFound, cs.helperNear)
		cs.helperSpans = append(cs.helperSpans, runSpan{run: r, start: start, end: int32(len(cs.helperFound))})
		return
	}
	start := int32(len(cs.found))
	cs.found, cs.near = cs.q.search(cells, cs.found, cs.near)
	cs.spans = append(cs.spans, runSpan{run: r, start: start, end: int32(len(cs.found))})
}

// searchCells searches the touched cells into sc.found (from empty) on this
// goroutine, with the helper's as well when it pays and is free; alone says
// no other corridor query is under way.
func (ix *Index) searchCells(q *nearQuery, sc *nearScratch, touched []int32, alone bool) ([]foundHit, []nearGroup) {
	if !alone || !splitting() || !ix.worthSplitting(touched) {
		return q.search(touched, sc.found[:0], sc.near[:0])
	}
	cs := &sc.cells
	cs.q, cs.cells = q, touched
	cs.found, cs.spans, cs.near = sc.found[:0], cs.spans[:0], sc.near[:0]
	cs.helperFound, cs.helperSpans = cs.helperFound[:0], cs.helperSpans[:0]
	defer func() { cs.q, cs.cells = nil, nil }()
	if !sc.split.split(cs, int32((len(touched)+splitRunCells-1)/splitRunCells)) {
		return cs.found, cs.near // every run was the caller's, in order
	}
	splitQueries.Add(1)
	// Both took runs, each in increasing order: interleave them by run.
	merged := sc.merged[:0]
	a, b := cs.spans, cs.helperSpans
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || len(a) > 0 && a[0].run < b[0].run {
			merged = append(merged, cs.found[a[0].start:a[0].end]...)
			a = a[1:]
		} else {
			merged = append(merged, cs.helperFound[b[0].start:b[0].end]...)
			b = b[1:]
		}
	}
	sc.merged = cs.found // the caller's list becomes the next query's merge buffer
	return merged, cs.near
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

// routePrep is a route's preparation as a splitTask: run r fills segments
// r·splitRunSegments onwards, all but their start along the route, which
// one ordered pass adds up afterwards (Polyline.prepare's additions, in
// its order).
type routePrep struct {
	pl    *Polyline
	route []Point
}

func (rp *routePrep) run(r int32, _ bool) {
	lo := int(r) * splitRunSegments
	hi := min(lo+splitRunSegments, len(rp.pl.segments))
	a := unitVector(rp.route[lo])
	for i := lo; i < hi; i++ {
		b := unitVector(rp.route[i+1])
		rp.pl.segments[i] = measureSegment(a, b)
		a = b
	}
}

// routeScratch is AppendNearRoute's pooled polyline with its split job.
type routeScratch struct {
	pl    Polyline
	prep  routePrep
	split splitJob
}

// prepareSplit is pl.prepare(route), with the segments made on two
// goroutines when the route is long and the helper free.
func (rs *routeScratch) prepareSplit(route []Point) {
	pl := &rs.pl
	if len(route)-1 < 2*splitRunSegments || !splitting() {
		pl.prepare(route)
		return
	}
	pl.points = route
	pl.cum = growTo(pl.cum, len(route))
	pl.segments = growTo(pl.segments, len(route)-1)
	rs.prep = routePrep{pl: pl, route: route}
	rs.split.split(&rs.prep, int32((len(pl.segments)+splitRunSegments-1)/splitRunSegments))
	rs.prep = routePrep{}
	pl.cum[0] = 0
	for i := range pl.segments {
		pl.segments[i].startMiles = pl.cum[i]
		pl.cum[i+1] = pl.cum[i] + pl.segments[i].lengthMiles
	}
}
