package store_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/statements"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// BenchmarkStatement_MonthOf120kPurchases writes the closed statement of
// a month of 120,000 purchases (and their fees: 240,000 lines) of one
// company on PostgreSQL as PDF and CSV, reporting each document's time
// and the peak heap while it is written. The month is written with SQL
// (generate_series), not through the purchase flow.
//
//	TEST_DATABASE_URL=postgres://… go test ./store -run '^$' -bench 'Statement_MonthOf120k' -benchtime 1x
func BenchmarkStatement_MonthOf120kPurchases(b *testing.B) {
	if os.Getenv(storetest.PostgresEnv) == "" {
		b.Skip("PostgreSQL only: set " + storetest.PostgresEnv)
	}
	db := storetest.OpenPostgres(b)
	ctx := context.Background()
	chicago, _ := time.LoadLocation("America/Chicago")
	clock := &storetest.StatementClock{At: time.Date(2026, 3, 1, 1, 0, 0, 0, chicago)}
	db.Now = clock.Now
	f := storetest.NewFleet(b, db, storetest.Prepaid)
	if _, _, err := db.CreditWallet(ctx, f.Company.ID, 100_000_000_00, fuelportal.LedgerTopUp, "bench-top-up"); err != nil {
		b.Fatal(err)
	}
	const purchases = 120_000
	start := time.Now()
	err := db.InTx(ctx, func(tx *store.Tx) error {
		at := time.Date(2026, 3, 1, 0, 0, 0, 0, chicago).UTC()
		id := f.Company.ID
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO card_transactions (network_transaction_id, invoice_ref, company_id, card_id, card_number, driver_card_name, location_id, location_name,
				transaction_date, gallons_milli, retail_price_tenth_cents, net_price_tenth_cents, discount_cents, fee_cents, funded_total_cents, status, created_at, unit_number)
			 SELECT 'bench-' || g, 'BENCH' || g, ?, ?, ?, 'Driver ' || (g % 5000), ?, 'Pilot Travel Center #412',
				?::timestamptz + (g * interval '20 seconds'), 100000, 3859, 3739, 1200, 150, 37540, 'APPROVED', ?::timestamptz + (g * interval '20 seconds'), 'U-' || (g % 5000)
			 FROM generate_series(1, ` + fmt.Sprint(purchases) + `) g`, []any{id, f.Active.ID, f.Active.CardNumber, f.Station.ID, at, at}},
			{`INSERT INTO ledger_transfers (kind, reference, company_id, amount_cents, created_at)
			 SELECT k.kind, CASE k.kind WHEN 'FUEL_PURCHASE' THEN 'purchase:' ELSE 'fee:' END || ct.invoice_ref, ct.company_id,
				CASE k.kind WHEN 'FUEL_PURCHASE' THEN 37390 ELSE 150 END, ct.created_at
			 FROM card_transactions ct CROSS JOIN (VALUES ('FUEL_PURCHASE'), ('TRANSACTION_FEE')) k(kind)
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
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `ANALYZE card_transactions, ledger_transfers, ledger_entries`)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	clock.At = time.Date(2026, 4, 2, 7, 0, 0, 0, chicago)
	svc := statements.New(statements.Deps{Store: db, Now: clock.Now})
	start = time.Now()
	if _, err := svc.CloseDue(ctx); err != nil {
		b.Fatal(err)
	}
	b.Logf("closed the month in %s", time.Since(start).Round(time.Millisecond))
	if bad, err := db.VerifyStatements(ctx); err != nil || bad != nil {
		b.Fatalf("verify: %v %v", bad, err)
	}
	list, err := svc.List(ctx, f.Company.ID)
	if err != nil {
		b.Fatal(err)
	}
	march := list[1]
	for _, format := range []statements.Format{statements.FormatCSV, statements.FormatXLSX, statements.FormatPDF} {
		b.Run(string(format), func(b *testing.B) {
			for range b.N {
				runtime.GC()
				var base runtime.MemStats
				runtime.ReadMemStats(&base)
				var peak atomic.Uint64
				done := make(chan struct{})
				go func() {
					var m runtime.MemStats
					for {
						select {
						case <-done:
							return
						case <-time.After(20 * time.Millisecond):
							runtime.ReadMemStats(&m)
							if m.HeapInuse > peak.Load() {
								peak.Store(m.HeapInuse)
							}
						}
					}
				}()
				counter := &countingDiscard{}
				start := time.Now()
				if err := svc.Write(ctx, march, format, counter); err != nil {
					b.Fatal(err)
				}
				elapsed := time.Since(start)
				close(done)
				b.ReportMetric(elapsed.Seconds(), "s/doc")
				b.ReportMetric(float64(peak.Load()-min(peak.Load(), base.HeapInuse))/(1<<20), "MiB-peak-heap")
				b.ReportMetric(float64(counter.n)/(1<<20), "MiB-out")
			}
		})
	}
}

type countingDiscard struct{ n int64 }

func (c *countingDiscard) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return io.Discard.Write(p)
}
