package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/statements"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// BenchmarkStatement_MonthOf120kPurchases writes the closed statement of
// a month of 120,000 purchases (and their fees: 240,000 lines) of one
// company as CSV, XLSX and PDF on SQLite and, when TEST_DATABASE_URL is
// set, PostgreSQL, reporting each document's time, the peak heap in use
// and the peak resident set while it is written. The month is written
// with SQL, not through the purchase flow.
//
//	TEST_DATABASE_URL=postgres://… go test ./store -run '^$' -bench 'Statement_MonthOf120k' -benchtime 1x
func BenchmarkStatement_MonthOf120kPurchases(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		path := filepath.Join(b.TempDir(), "statement.db")
		db := storetest.OpenSQLiteAt(b, path)
		benchmarkStatementMonth(b, db, func() {
			// The month's pages leave the write-ahead log for the file, as
			// they have long done when a month's statement is read.
			raw, err := sql.Open("sqlite", path)
			if err != nil {
				b.Fatal(err)
			}
			defer raw.Close()
			if _, err := raw.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
				b.Fatal(err)
			}
		})
	})
	if os.Getenv(storetest.PostgresEnv) != "" {
		b.Run("postgres", func(b *testing.B) { benchmarkStatementMonth(b, storetest.OpenPostgres(b), func() {}) })
	}
}

// benchmarkStatementMonth writes the month on db, calls settle, then
// writes its documents.
func benchmarkStatementMonth(b *testing.B, db *store.DB, settle func()) {
	ctx := context.Background()
	chicago, _ := time.LoadLocation("America/Chicago")
	clock := storetest.NewStatementClock(time.Date(2026, 3, 1, 1, 0, 0, 0, chicago))
	db.Now = clock.Now
	f := storetest.NewFleet(b, db, storetest.Prepaid)
	if _, _, err := db.CreditWallet(ctx, f.Company.ID, 100_000_000_00, fuelportal.LedgerTopUp, "bench-top-up"); err != nil {
		b.Fatal(err)
	}
	const purchases = 120_000
	// series(g) is 1..purchases; at(g) the instant 20 s × g after the month began.
	series := `WITH RECURSIVE series(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM series WHERE g < ` + fmt.Sprint(purchases) + `) `
	at := func(g string) string {
		return `strftime('%Y-%m-%d %H:%M:%f', ?, '+' || (` + g + ` * 20) || ' seconds') || '000'`
	}
	var month any = time.Date(2026, 3, 1, 0, 0, 0, 0, chicago).UTC().Format(time.DateTime)
	analyze := `ANALYZE`
	if db.Engine() == store.Postgres {
		series = `WITH series(g) AS (SELECT generate_series(1, ` + fmt.Sprint(purchases) + `)) `
		at = func(g string) string { return `?::timestamptz + (` + g + ` * interval '20 seconds')` }
		month = time.Date(2026, 3, 1, 0, 0, 0, 0, chicago).UTC()
		analyze = `ANALYZE card_transactions, ledger_transfers, ledger_entries`
	}
	start := time.Now()
	err := db.InTx(ctx, func(tx *store.Tx) error {
		id := f.Company.ID
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO card_transactions (network_transaction_id, invoice_ref, company_id, card_id, card_number, driver_card_name, location_id, location_name,
				transaction_date, gallons_milli, retail_price_tenth_cents, net_price_tenth_cents, discount_cents, fee_cents, funded_total_cents, status, created_at, unit_number)
			 ` + series + `SELECT 'bench-' || g, 'BENCH' || g, ?, ?, ?, 'Driver ' || (g % 5000), ?, 'Pilot Travel Center #412',
				` + at("g") + `, 100000, 3859, 3739, 1200, 150, 37540, 'APPROVED', ` + at("g") + `, 'U-' || (g % 5000)
			 FROM series`, []any{id, f.Active.ID, f.Active.CardNumber, f.Station.ID, month, month}},
			{`INSERT INTO ledger_transfers (kind, reference, company_id, amount_cents, created_at)
			 SELECT k.kind, CASE k.kind WHEN 'FUEL_PURCHASE' THEN 'purchase:' ELSE 'fee:' END || ct.invoice_ref, ct.company_id,
				CASE k.kind WHEN 'FUEL_PURCHASE' THEN 37390 ELSE 150 END, ct.created_at
			 FROM card_transactions ct CROSS JOIN (SELECT 'FUEL_PURCHASE' AS kind UNION ALL SELECT 'TRANSACTION_FEE') k
			 WHERE ct.company_id = ? AND ct.network_transaction_id LIKE 'bench-%' ORDER BY ct.id, k.kind`, []any{id}},
			{`INSERT INTO ledger_entries (transfer_id, account_id, amount_cents, created_at)
			 SELECT t.id, a.id, -t.amount_cents, t.created_at FROM ledger_transfers t JOIN ledger_accounts a ON a.company_id = t.company_id
			 WHERE t.company_id = ? AND t.kind <> 'TOP_UP'
			 UNION ALL
			 SELECT t.id, s.id, t.amount_cents, t.created_at FROM ledger_transfers t JOIN ledger_accounts s
			   ON s.code = CASE t.kind WHEN 'FUEL_PURCHASE' THEN 'system:fuel_purchases' ELSE 'system:fees' END
			 WHERE t.company_id = ? AND t.kind <> 'TOP_UP'`, []any{id, id}},
			{`UPDATE ledger_accounts SET balance_cents = (SELECT SUM(amount_cents) FROM ledger_entries e WHERE e.account_id = ledger_accounts.id) WHERE company_id = ?`, []any{id}},
		} {
			if _, err := tx.Exec(ctx, q.sql, q.args...); err != nil {
				return fmt.Errorf("%.40s: %w", q.sql, err)
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("wrote %d purchases in %s", purchases, time.Since(start).Round(time.Second))
	clock.Set(time.Date(2026, 4, 2, 7, 0, 0, 0, chicago))
	svc := statements.New(statements.Deps{Store: db, Now: clock.Now})
	start = time.Now()
	if _, err := svc.CloseDue(ctx); err != nil {
		b.Fatal(err)
	}
	b.Logf("closed the month in %s", time.Since(start).Round(time.Millisecond))
	// Statistics as autovacuum leaves them once the month is closed.
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, analyze)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	settle()
	if bad, err := db.VerifyStatements(ctx); err != nil || bad != nil {
		b.Fatalf("verify: %v %v", bad, err)
	}
	list, err := svc.List(ctx, f.Company.ID)
	if err != nil {
		b.Fatal(err)
	}
	march := list[1]
	if want := int64(100_000_000_00 - purchases*(37390+150)); march.ClosingCents != want {
		b.Fatalf("March closes at %d, want %d", march.ClosingCents, want)
	}
	for _, format := range []statements.Format{statements.FormatCSV, statements.FormatXLSX, statements.FormatPDF} {
		b.Run(string(format), func(b *testing.B) {
			for range b.N {
				runtime.GC()
				base, rssBase := heapInUse(), resetPeakRSS()
				var peak atomic.Uint64
				done := make(chan struct{})
				go func() {
					for {
						select {
						case <-done:
							return
						case <-time.After(10 * time.Millisecond):
							if h := heapInUse(); h > peak.Load() {
								peak.Store(h)
							}
						}
					}
				}()
				counter := &countingDiscard{}
				cpu, start := processCPU(), time.Now()
				if err := svc.Write(ctx, march, format, fuelportal.LanguageEnglish, counter); err != nil {
					b.Fatal(err)
				}
				elapsed := time.Since(start)
				close(done)
				b.ReportMetric(elapsed.Seconds(), "s/doc")
				// This process's CPU (SQLite's work included, PostgreSQL's
				// not): on a shared host the time is mostly waiting for a CPU.
				b.ReportMetric((processCPU() - cpu).Seconds(), "s-cpu/doc")
				b.ReportMetric(float64(peak.Load()-min(peak.Load(), base))/(1<<20), "MiB-peak-heap")
				if rssBase > 0 {
					b.ReportMetric(float64(peakRSS()-min(peakRSS(), rssBase))/(1<<20), "MiB-peak-RSS")
				}
				b.ReportMetric(float64(counter.n)/(1<<20), "MiB-out")
			}
		})
	}
}

// processCPU is the user and system time this process has used.
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// heapInUse reads the heap's bytes in use (runtime/metrics: no stop of
// the world).
func heapInUse() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() + s[1].Value.Uint64()
}

// resetPeakRSS sets the process's peak resident set to its current one
// (Linux: /proc/self/clear_refs) and answers it; 0 where it cannot.
func resetPeakRSS() uint64 {
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		return 0
	}
	return peakRSS()
}

// peakRSS is the process's peak resident set (VmHWM) in bytes.
func peakRSS() uint64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

type countingDiscard struct{ n int64 }

func (c *countingDiscard) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return io.Discard.Write(p)
}
