package purchases_test

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store/storetest"
)

// BenchmarkAuthorize_PumpCheck is one network authorization decided and
// committed on SQLite with the pump check off and on (a fresh fix at the
// station: the last-fix read and the pumpCheck record added), with its
// p99 (go test ./purchases -run '^$' -bench PumpCheck -benchtime 2000x).
func BenchmarkAuthorize_PumpCheck(b *testing.B) {
	for _, on := range []bool{false, true} {
		b.Run(map[bool]string{false: "off", true: "on"}[on], func(b *testing.B) {
			settings := pumpOn
			settings.Enabled = on
			settings.FreshnessMinutes = fuelportal.PumpCheckMaxFreshnessMinutes
			f := newPumpFleet(b, storetest.OpenSQLite(b), settings)
			f.fix(b, 29.1, -82.1, time.Minute, nil)
			ctx := context.Background()
			took := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := range b.N {
				start := time.Now()
				a, _, err := f.svc.AuthorizeNetwork(ctx, f.request("bench-"+strconv.Itoa(i), f.open, 1_00))
				took = append(took, time.Since(start))
				if err != nil || !a.Approved || (a.PumpCheck != nil) != on {
					b.Fatalf("%+v %v", a, err)
				}
			}
			b.StopTimer()
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds()), "p99-µs")
		})
	}
}
