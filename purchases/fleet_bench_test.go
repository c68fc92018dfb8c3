package purchases_test

// Fleet benchmarks (figures in bench/README.md, "Fleet"). They build their
// data inside the benchmark, so `go test` without -bench never pays for it:
//
//	go test ./store/ -run '^$' -bench 'TransactionsPage|PurchaseIngest' -benchtime 400x
//	TEST_DATABASE_URL=postgres://… go test ./store/ -run '^$' -bench … (adds PostgreSQL)

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// benchEngines runs fn per engine: SQLite always, PostgreSQL with
// TEST_DATABASE_URL.
func benchEngines(b *testing.B, fn func(b *testing.B, engine store.Engine)) {
	b.Run("sqlite", func(b *testing.B) { fn(b, store.SQLite) })
	if os.Getenv(storetest.PostgresEnv) != "" {
		b.Run("postgres", func(b *testing.B) { fn(b, store.Postgres) })
	}
}

// benchEnd is the newest transaction date of the generated history.
var benchEnd = time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC)

// millionTransactions returns a database holding 1,000,000 transactions
// over two years, 60% of them on the first of 10 companies (200 cards
// each). Call it from the engine-level benchmark: sub-benchmarks share it.
func millionTransactions(b *testing.B, engine store.Engine) (*store.DB, storetest.FleetData) {
	db := storetest.Open(b, engine)
	start := time.Now()
	data := storetest.FillTransactions(b, db, storetest.FleetVolume{Rows: 1_000_000, Companies: 10, FirstShare: 0.6,
		CardsPerCompany: 200, Days: 730, End: benchEnd})
	b.Logf("%s: 1,000,000 transactions written in %v", engine, time.Since(start).Round(time.Second))
	return db, data
}

// reportLatency adds p50/p99 of the samples as metrics.
func reportLatency(b *testing.B, samples []time.Duration) {
	slices.Sort(samples)
	at := func(q float64) float64 {
		return float64(samples[int(q*float64(len(samples)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// BenchmarkTransactionsPage measures one list page (count + 20 rows) of
// the biggest company (600,000 rows) with the list's filters.
func BenchmarkTransactionsPage(b *testing.B) {
	monthAgo := benchEnd.AddDate(0, -1, 0)
	benchEngines(b, func(b *testing.B, engine store.Engine) {
		db, data := millionTransactions(b, engine)
		company := data.CompanyIDs[0]
		scope := fuelportal.TransactionScope{CompanyID: company}
		cases := []struct {
			name string
			f    fuelportal.TransactionFilter
		}{
			{"month", fuelportal.TransactionFilter{Scope: scope, From: monthAgo, To: benchEnd}},
			{"month-page-50", fuelportal.TransactionFilter{Scope: scope, From: monthAgo, To: benchEnd, Offset: 50 * 20}},
			{"month-search", fuelportal.TransactionFilter{Scope: scope, From: monthAgo, To: benchEnd, Search: "love's"}},
			{"month-card", fuelportal.TransactionFilter{Scope: scope, From: monthAgo, To: benchEnd, CardNumber: data.CardNumbers[company][7]}},
			{"driver-all-time", fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: company, CardID: data.CardIDs[company][7]}}},
			{"all-time", fuelportal.TransactionFilter{Scope: scope}},
			{"all-time-search", fuelportal.TransactionFilter{Scope: scope, Search: "inv-0004"}},
		}
		for _, c := range cases {
			b.Run(c.name, func(b *testing.B) {
				ctx := context.Background()
				f := c.f
				f.Limit, f.CountAtMost = 20, f.Offset+10*20 // as the HTTP handler asks (10 pages ahead)
				samples := make([]time.Duration, 0, b.N)
				total := 0
				for b.Loop() {
					start := time.Now()
					page, n, err := db.Transactions(ctx, f)
					samples = append(samples, time.Since(start))
					if err != nil || (n > f.Offset && len(page) == 0) {
						b.Fatalf("page = %d of %d, %v", len(page), n, err)
					}
					total = n
				}
				reportLatency(b, samples)
				b.ReportMetric(float64(total), "matching-rows")
			})
		}
	})
}

// BenchmarkPurchaseIngest measures recording purchases through the full
// authorisation (RecordPurchase: one database transaction each) from
// 4 × GOMAXPROCS concurrent callers on one storetest.Prepaid wallet.
func BenchmarkPurchaseIngest(b *testing.B) {
	benchEngines(b, func(b *testing.B, engine store.Engine) {
		db := storetest.Open(b, engine)
		f := storetest.NewFleet(b, db, storetest.Prepaid)
		ctx := context.Background()
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 1_000_000_000_00, fuelportal.LedgerTopUp, "bench"); err != nil {
			b.Fatal(err)
		}
		var seq atomic.Int64
		b.SetParallelism(4) // 4 × GOMAXPROCS callers: 8 on this 2-core machine
		start := time.Now()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				n := seq.Add(1)
				if _, _, err := flow(db).Record(ctx, purchase(fmt.Sprintf("bench-%d", n), f.Active.CardNumber, f.Station.ID, 100_000)); err != nil {
					b.Error(err)
					return
				}
			}
		})
		b.ReportMetric(float64(seq.Load())/time.Since(start).Seconds(), "purchases/s")
	})
}
