package store_test

// The size of a million positions before and after thinning, on
// PostgreSQL (figures in bench/README.md, "IFTA"):
//
//	TEST_DATABASE_URL=… go test ./store -run '^$' -bench PositionsThinning -benchtime 1x

import (
	"context"
	"fmt"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/telematics"
)

// BenchmarkPositionsThinning writes 50 trucks × 5 days of positions
// straight into the table (1,029,000: each day 11 hours of driving at 55
// mph with a fix every 10 s, east across New Mexico, Texas and Oklahoma
// or back, then 13 hours parked with a fix every 5 minutes), measures
// the positions' table and indexes (after VACUUM ANALYZE), runs the
// daily retention (telematics.Service.Retain: thinning, then the thinned
// month rewritten) and measures again.
func BenchmarkPositionsThinning(b *testing.B) {
	if testing.Short() {
		b.Skip("long")
	}
	db := storetest.Open(b, store.Postgres)
	ctx := context.Background()
	clock := storetest.NewClock(db)
	f := storetest.NewFleet(b, db, storetest.Prepaid)
	const trucks, days, driving, parked = 50, 5, 11 * 360, 13 * 12
	var ids []int64
	for i := range trucks {
		ids = append(ids, storetest.AddVehicle(b, db, f.Company.ID, fmt.Sprintf("T-%02d", i), fuelportal.FuelDiesel).ID)
	}
	base := time.Date(2024, 10, 1, 12, 0, 0, 0, time.UTC)
	if err := db.EnsurePositionMonths(ctx, []time.Time{base, base.AddDate(0, 0, days)}); err != nil {
		b.Fatal(err)
	}
	sqlDB := store.SQLDB(db)
	for _, id := range ids {
		for d := range days {
			dir, from := 1.0, -105.5
			if d%2 == 1 {
				dir, from = -1.0, -105.5+driving*0.0029
			}
			lat := 35.0 + float64(id%50)*0.01
			day := base.AddDate(0, 0, d)
			if _, err := sqlDB.ExecContext(ctx, `INSERT INTO telematics_positions (company_id, vehicle_id, fix_time, latitude, longitude, speed_knots, odometer_miles, kept, received_at)
				SELECT $1, $2, $3::timestamptz + k * interval '10 seconds', $4 + 0.002 * sin(k / 30.0), $5 + $6 * k * 0.0029, 47.8, 100000 + k * 0.1528, 1, now()
				FROM generate_series(0, $7 - 1) k`, f.Company.ID, id, day, lat, from, dir, driving); err != nil {
				b.Fatal(err)
			}
			if _, err := sqlDB.ExecContext(ctx, `INSERT INTO telematics_positions (company_id, vehicle_id, fix_time, latitude, longitude, speed_knots, odometer_miles, kept, received_at)
				SELECT $1, $2, $3::timestamptz + interval '11 hours' + k * interval '5 minutes', $4, $5, 0, 100605, 1, now()
				FROM generate_series(0, $6 - 1) k`, f.Company.ID, id, day, lat, from+dir*driving*0.0029, parked); err != nil {
				b.Fatal(err)
			}
		}
	}
	size := func() (rows, bytes int64) {
		if _, err := sqlDB.ExecContext(ctx, "VACUUM ANALYZE telematics_positions"); err != nil {
			b.Fatal(err)
		}
		if err := sqlDB.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM telematics_positions),
			(SELECT SUM(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'telematics_positions'::regclass)`).Scan(&rows, &bytes); err != nil {
			b.Fatal(err)
		}
		return rows, bytes
	}
	rowsBefore, before := size()
	clock.Advance(base.AddDate(0, 0, days+telematics.FullRateDays+1).Sub(clock.Now()))
	tlm := telematics.New(telematics.Deps{Store: db, Now: clock.Now})
	b.ResetTimer()
	start := time.Now()
	res, err := tlm.Retain(ctx)
	if err != nil || res.Compacted == 0 {
		b.Fatal(res, err)
	}
	took := time.Since(start)
	b.StopTimer()
	rowsAfter, after := size()
	perMillion := func(bytes int64) float64 { return float64(bytes) / float64(rowsBefore) * 1e6 / (1 << 20) }
	b.ReportMetric(float64(rowsBefore), "positions")
	b.ReportMetric(float64(rowsAfter), "kept")
	b.ReportMetric(float64(res.Thinned), "thinned")
	b.ReportMetric(perMillion(before), "MiB/M-before")
	b.ReportMetric(perMillion(after), "MiB/M-after")
	b.ReportMetric(took.Seconds(), "s-retention")
}
