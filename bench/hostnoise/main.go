// Command hostnoise measures how much the machine itself stretches a fixed
// amount of work: it times one thread's fixed arithmetic (about 3 ms on a
// fast core) 2,000 times and prints the percentiles. A query's p99 on this
// machine can be no better than this control's p99/p50 ratio allows, so
// read latency goals against it (bench/README.md, "Hosts").
//
//	go run ./bench/hostnoise
package main

import (
	"flag"
	"fmt"
	"runtime"
	"slices"
	"time"
)

var sink float64

// work is a chain of dependent multiply-adds: the same instructions every
// time, no memory traffic, no allocation.
func work(n int) float64 {
	x := 1.0
	for range n {
		x = x*1.0000001 + 1e-9
	}
	return x
}

func main() {
	steps := flag.Int("steps", 3_000_000, "multiply-adds per timed call")
	calls := flag.Int("calls", 2000, "timed calls per round")
	rounds := flag.Int("rounds", 3, "rounds")
	flag.Parse()
	runtime.LockOSThread()
	for range *rounds {
		d := make([]time.Duration, 0, *calls)
		for range *calls {
			start := time.Now()
			sink += work(*steps)
			d = append(d, time.Since(start))
		}
		slices.Sort(d)
		ms := func(q float64) float64 { return float64(d[int(q*float64(len(d)-1))]) / float64(time.Millisecond) }
		fmt.Printf("fixed work: p50 %.2f  p90 %.2f  p95 %.2f  p99 %.2f  max %.2f ms  (p99/p50 %.2f)\n",
			ms(.5), ms(.9), ms(.95), ms(.99), ms(1), ms(.99)/ms(.5))
	}
}
