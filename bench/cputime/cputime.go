// Package cputime reads CPU clocks for benchmarks. On a shared machine
// wall-clock times swing with other people's load; CPU time per operation
// is the steadier figure to compare versions by.
package cputime

import (
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// Process is the CPU time this process has used (user and system).
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Thread is the CPU time of the calling OS thread; lock the goroutine to
// its thread (runtime.LockOSThread) before reading it.
func Thread() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

// Report adds a cpu-ns/op metric covering the benchmark loop since start,
// a Process reading taken before the loop.
func Report(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(Process()-start)/float64(b.N), "cpu-ns/op")
}
