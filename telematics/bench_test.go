package telematics_test

// Benchmarks of the telematics flow (figures in bench/README.md, "IFTA"):
//
//	TEST_DATABASE_URL=… go test ./telematics/ -run '^$' -bench . -benchtime 100x

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/ifta"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/telematics"
)

const benchVehicles = 500

// seedFleet prepares the template: the demo data and benchVehicles more
// vehicles of Demo Freight, units BENCH-000…
func seedFleet(db *store.DB) error {
	storetest.NewClock(db)
	ctx := context.Background()
	if _, err := demo.Seed(ctx, db, fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params)); err != nil {
		return err
	}
	company, err := demoCompany(db)
	if err != nil {
		return err
	}
	for i := range benchVehicles {
		v := fuelportal.Vehicle{UnitNumber: fmt.Sprintf("BENCH-%03d", i), FuelType: fuelportal.FuelDiesel, TankCapacity: 150_000, Active: true}
		if _, err := db.CreateVehicle(ctx, company, v); err != nil {
			return err
		}
	}
	return nil
}

func demoCompany(db *store.DB) (int64, error) {
	u, err := db.UserByEmail(context.Background(), demo.OwnerEmail)
	if err != nil {
		return 0, err
	}
	return u.CompanyID, nil
}

// BenchmarkIngest posts arrays of 100 positions (10 vehicles, 10 fixes
// each, 30 s and about half a mile apart, heading east across Texas),
// rolled up as they arrive: positions/s is the sustained rate.
func BenchmarkIngest(b *testing.B) {
	db := storetest.OpenPostgresFromTemplate(b, "telematics-fleet", seedFleet)
	company, err := demoCompany(db)
	if err != nil {
		b.Fatal(err)
	}
	s := telematics.New(telematics.Deps{Store: db})
	ctx := context.Background()
	start := time.Now().Add(-20 * 24 * time.Hour).Truncate(time.Second)
	const perVehicle, vehicles = 10, 10
	step := 0
	b.ResetTimer()
	for i := range b.N {
		batch := make([]telematics.Position, 0, perVehicle*vehicles)
		group := i % (benchVehicles / vehicles) // rotate over the fleet
		for v := range vehicles {
			unit := fmt.Sprintf("BENCH-%03d", group*vehicles+v)
			for k := range perVehicle {
				n := step + k
				at := start.Add(time.Duration(n) * 30 * time.Second)
				odo := float64(n) * 800
				batch = append(batch, telematics.Position{DeviceUniqueID: unit, FixTime: at,
					Lat: 31.0 + float64(v)*0.01, Lon: -104.0 + float64(n%2000)*0.0085, OdometerMeters: &odo})
			}
		}
		if group == benchVehicles/vehicles-1 {
			step += perVehicle
		}
		res, err := s.Ingest(ctx, company, batch)
		if err != nil {
			b.Fatal(err)
		}
		if res.Stored+res.Duplicates != len(batch) {
			b.Fatalf("%+v", res)
		}
	}
	b.ReportMetric(float64(b.N*perVehicle*vehicles)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkReturn computes the diesel return of a quarter in which each
// of 500 vehicles has telematics miles every day in two jurisdictions.
func BenchmarkReturn(b *testing.B) {
	db := openQuarter(b)
	company, err := demoCompany(db)
	if err != nil {
		b.Fatal(err)
	}
	s := ifta.New(ifta.Deps{Store: db, Now: func() time.Time { return time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC) }})
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		ret, err := s.Return(ctx, company, 2026, 3, "diesel")
		if err != nil {
			b.Fatal(err)
		}
		if ret.Sources.TelematicsVehicleDays != benchVehicles*92 {
			b.Fatalf("vehicle days %d", ret.Sources.TelematicsVehicleDays)
		}
	}
}

// openQuarter opens a copy of the template of BenchmarkReturn: the fleet
// with 500 vehicles' telematics miles every day of 2026Q3.
func openQuarter(tb testing.TB) *store.DB {
	return storetest.OpenPostgresFromTemplate(tb, "telematics-quarter", func(db *store.DB) error {
		if err := seedFleet(db); err != nil {
			return err
		}
		company, err := demoCompany(db)
		if err != nil {
			return err
		}
		ctx := context.Background()
		ids := map[string]int64{}
		var units []string
		for i := range benchVehicles {
			units = append(units, fmt.Sprintf("BENCH-%03d", i))
		}
		if ids, err = db.VehicleIDsByUnit(ctx, company, units); err != nil {
			return err
		}
		err = db.InTelematicsTx(ctx, company, func(t *store.TelematicsTx) error {
			var rows []fuelportal.TelematicsMiles
			var days []fuelportal.TelematicsDay
			var at []time.Time
			for _, id := range ids {
				for d := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC); d.Month() < 10; d = d.AddDate(0, 0, 1) {
					date := d.Format(time.DateOnly)
					rows = append(rows, fuelportal.TelematicsMiles{VehicleID: id, Date: date, Jurisdiction: "TX", Miles: 310.4},
						fuelportal.TelematicsMiles{VehicleID: id, Date: date, Jurisdiction: "OK", Miles: 92.7})
					days = append(days, fuelportal.TelematicsDay{VehicleID: id, Date: date, Positions: 2880, Miles: 403.1})
					at = append(at, d)
				}
			}
			if err := t.AddMiles(ctx, rows); err != nil {
				return err
			}
			return t.AddDays(ctx, days, at, at)
		})
		if err != nil {
			return err
		}
		// Statistics as autovacuum keeps them (a freshly loaded table has none).
		return db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `ANALYZE`)
			return err
		})
	})
}

// fleetTrucks is BenchmarkIngestFleet's fleet: a fix from each every 10 s
// is 5,000 positions a second.
const fleetTrucks = 50_000

// BenchmarkIngestFleet is the sustained ingest of 50,000 trucks on
// PostgreSQL: each op is one round of 10 s of the fleet (one fix from
// every truck, 0.17 mile further east than its last), posted as arrays of
// 100 trucks' fixes (a Traccar forward batched) or of 1,000 (a vendor
// pull's chunk) by 4 callers at once, with the last-fix upkeep and the
// IFTA rollup. A first round, untimed, gives each truck its track end and
// last fix. positions/s is the rate; batch-p99-ms one array's wall time.
//
//	TEST_DATABASE_URL=… go test ./telematics/ -run '^$' -bench IngestFleet -benchtime 3x
func BenchmarkIngestFleet(b *testing.B) {
	for _, perBatch := range []int{100, telematics.MaxPositions} {
		b.Run(fmt.Sprintf("array=%d", perBatch), func(b *testing.B) { ingestFleet(b, perBatch) })
	}
}

func ingestFleet(b *testing.B, perBatch int) {
	db := storetest.OpenPostgresFromTemplate(b, "telematics-50k", func(db *store.DB) error {
		if err := seedFleet(db); err != nil {
			return err
		}
		company, err := demoCompany(db)
		if err != nil {
			return err
		}
		return db.InTx(context.Background(), func(tx *store.Tx) error {
			_, err := tx.Exec(context.Background(), `
				INSERT INTO vehicles (company_id, unit_number, fuel_type, tank_capacity_milli, active, created_at, updated_at)
				SELECT ?, 'TRUCK-' || lpad(g::text, 5, '0'), 'diesel', 150000, 1, now(), now() FROM generate_series(0, CAST(? AS integer) - 1) g`,
				company, fleetTrucks)
			return err
		})
	})
	company, err := demoCompany(db)
	if err != nil {
		b.Fatal(err)
	}
	s := telematics.New(telematics.Deps{Store: db})
	ctx := context.Background()
	start := time.Now().Add(-2 * time.Hour).Truncate(time.Second)
	const callers = 4
	// Truck i starts somewhere in the lower 48 (30–45°N, 118–78°W) and
	// heads east at 60 mph.
	round := func(r int, latencies chan<- time.Duration) {
		batches := make(chan int)
		var wg sync.WaitGroup
		for range callers {
			wg.Go(func() {
				for first := range batches {
					batch := make([]telematics.Position, 0, perBatch)
					for i := first; i < first+perBatch; i++ {
						speed := 60 * 0.868976
						batch = append(batch, telematics.Position{DeviceUniqueID: fmt.Sprintf("TRUCK-%05d", i), FixTime: start.Add(time.Duration(r) * 10 * time.Second),
							Lat: 30 + float64(i%150)*0.1, Lon: -118 + float64(i/150%400)*0.1 + float64(r)*0.0031, SpeedKnots: &speed})
					}
					began := time.Now()
					res, err := s.Ingest(ctx, company, batch)
					if err != nil {
						b.Error(err)
						return
					}
					if res.Stored != len(batch) {
						b.Errorf("round %d: %+v", r, res)
						return
					}
					if latencies != nil {
						latencies <- time.Since(began)
					}
				}
			})
		}
		for first := 0; first < fleetTrucks; first += perBatch {
			batches <- first
		}
		close(batches)
		wg.Wait()
	}
	round(0, nil)
	latencies := make(chan time.Duration, fleetTrucks/perBatch*b.N)
	b.ResetTimer()
	for r := range b.N {
		round(r+1, latencies)
	}
	b.StopTimer()
	close(latencies)
	var all []time.Duration
	for d := range latencies {
		all = append(all, d)
	}
	slices.Sort(all)
	b.ReportMetric(float64(b.N*fleetTrucks)/b.Elapsed().Seconds(), "positions/s")
	if len(all) > 0 {
		b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "batch-p99-ms")
	}
}
