package plan

import (
	"syscall"
	"testing"
	"time"
)

// cpuClock reads the CPU time this process has used. On a shared machine
// wall-clock benchmark times swing with other people's load; CPU time per
// operation is the steadier figure to compare versions by.
func cpuClock() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds a cpu-ns/op metric covering the benchmark loop since start.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuClock()-start)/float64(b.N), "cpu-ns/op")
}
