package demo_test

import (
	"context"
	"os"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// BenchmarkSeed measures demo.Seed on an empty, migrated database (what
// `fuelportal serve --demo` does on first start), per engine: SQLite
// always, PostgreSQL with TEST_DATABASE_URL. Figures in bench/README.md:
//
//	TEST_DATABASE_URL=… go test ./demo/ -run '^$' -bench Seed -benchtime 3x
func BenchmarkSeed(b *testing.B) {
	engines := []store.Engine{store.SQLite}
	if os.Getenv(storetest.PostgresEnv) != "" {
		engines = append(engines, store.Postgres)
	}
	passwords := fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params)
	for _, engine := range engines {
		b.Run(string(engine), func(b *testing.B) {
			ctx := context.Background()
			var seeding time.Duration
			for b.Loop() {
				b.StopTimer()
				db := storetest.Open(b, engine)
				b.StartTimer()
				start := time.Now()
				if seeded, err := demo.Seed(ctx, db, passwords); err != nil || !seeded {
					b.Fatalf("Seed = %v, %v", seeded, err)
				}
				seeding += time.Since(start)
			}
			b.ReportMetric(seeding.Seconds()/float64(b.N), "s/seed")
		})
	}
}
