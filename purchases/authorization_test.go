package purchases_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// stripeCards makes the fixture's active card and n-1 more cards of its
// company Stripe cards ic_0 … ic_<n-1>, and returns their numbers.
func stripeCards(t testing.TB, db *store.DB, f *storetest.Fleet, n int) []string {
	t.Helper()
	ctx := context.Background()
	numbers := []string{f.Active.CardNumber}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		for i := 1; i < n; i++ {
			c := &fuelportal.Card{CompanyID: f.Company.ID, CardNumber: fmt.Sprintf("70710000%011d", 1000+i), DriverName: "D", DriverID: fmt.Sprint("D-", i),
				UnitNumber: "U", CreatedAt: storetest.CardIssued}
			if err := tx.CreateCard(ctx, c); err != nil {
				return err
			}
			numbers = append(numbers, c.CardNumber)
		}
		for i, number := range numbers {
			if _, err := tx.Exec(ctx, `UPDATE cards SET issuer = 'stripe', issuer_card_id = ? WHERE card_number = ?`, fmt.Sprint("ic_", i), number); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return numbers
}

func authRequest(id, ic string, cents int64, controllable bool) *fuelportal.AuthorizationRequest {
	return &fuelportal.AuthorizationRequest{ID: id, Issuer: fuelportal.IssuerStripe, IssuerCardID: ic, MerchantName: "PILOT TRAVEL #412",
		MerchantCity: "OCALA", MerchantState: "FL", MerchantPostalCode: "34475", Created: time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC),
		AmountCents: cents, AmountControllable: controllable, Product: fuelportal.ProductDiesel, ReceivedAt: time.Now()}
}

// heldAudit checks that the wallet's held cents are the sum of its HELD
// authorizations' and returns them.
func heldAudit(t testing.TB, db *store.DB, companyID int64) int64 {
	t.Helper()
	ctx := context.Background()
	var rows int64
	err := db.InReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT COALESCE(SUM(held_cents), 0) FROM card_authorizations WHERE company_id = ? AND status = 'HELD'`, companyID).Scan(&rows)
	})
	w, werr := db.Wallet(ctx, companyID)
	var held int64
	if werr == nil {
		held = w.HeldCents
	}
	if err != nil || werr != nil || held != rows {
		t.Fatalf("wallet holds %d, HELD rows %d, %v, %v", held, rows, err, werr)
	}
	return held
}

func TestDecideAuthorization_HoldsAndAvailable(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		stripeCards(t, db, f, 1)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 500_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		a, created, err := flow(db).Authorize(ctx, authRequest("iauth_a", "ic_0", 400_00, false))
		if err != nil || !created || !a.Approved || a.Status != fuelportal.AuthorizationHeld || a.StationID != f.Station.ID {
			t.Fatalf("DecideAuthorization = %+v, %v, %v", a, created, err)
		}
		// $401.50 held (the fee with the amount): a network purchase sees
		// only the $98.50 available, 100 gal is declined for funds.
		tr, _, err := flow(db).Record(ctx, purchase("n-after-hold", f.Active.CardNumber, f.Station.ID, 100_000))
		if err != nil || tr.Status != fuelportal.TransactionDeclined || tr.DeclineReason != fuelportal.DeclineInsufficientFunds {
			t.Fatalf("purchase against a held wallet = %+v, %v", tr, err)
		}
		w, err := db.Wallet(ctx, f.Company.ID)
		if err != nil || w.BalanceCents != 500_00 || w.HeldCents != 401_50 || w.AvailableCents != 98_50 {
			t.Fatalf("wallet = %+v, %v", w, err)
		}
		// Replayed: the same answer, nothing more held.
		again, created, err := flow(db).Authorize(ctx, authRequest("iauth_a", "ic_0", 400_00, false))
		if err != nil || created || again.ID != a.ID || !again.Approved || heldAudit(t, db, f.Company.ID) != 401_50 {
			t.Fatalf("replay = %+v, %v, %v", again, created, err)
		}
		// Released: the room is back.
		if _, found, err := db.ReleaseAuthorization(ctx, "iauth_a"); err != nil || !found || heldAudit(t, db, f.Company.ID) != 0 {
			t.Fatalf("release: %v, %v", found, err)
		}
		if _, found, err := db.ReleaseAuthorization(ctx, "iauth_a"); err != nil || !found || heldAudit(t, db, f.Company.ID) != 0 {
			t.Fatalf("second release: %v, %v", found, err)
		}
		// Daily limits count open holds with their fees: $150/day leaves
		// $148.50 and the fee, then nothing.
		if _, err := db.SaveCardControls(ctx, f.Company.ID, f.Active.CardNumber, fuelportal.Controls{DailyCents: ptrInt(150_00)}); err != nil {
			t.Fatal(err)
		}
		b, _, _ := flow(db).Authorize(ctx, authRequest("iauth_b", "ic_0", 300_00, true))
		c, _, _ := flow(db).Authorize(ctx, authRequest("iauth_c", "ic_0", 300_00, true))
		if !b.Approved || b.AmountCents != 148_50 || c.Approved || c.DeclineCode != fuelportal.DeclineDailyLimit {
			t.Fatalf("under a daily limit: %+v then %+v", b, c)
		}
	})
}

func ptrInt(v int64) *int64 { return &v }

// authorizeAtOnce sends n authorizations of cents from db at once,
// spread over the cards ic_0 … ic_<cards-1>, ids prefixed, and returns
// how many were approved.
func authorizeAtOnce(t *testing.T, db *store.DB, prefix string, n, cards int, cents int64) int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	approved := 0
	sem := make(chan struct{}, 8)
	for i := range n {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			a, _, err := flow(db).Authorize(context.Background(), authRequest(fmt.Sprintf("%s-%d", prefix, i), fmt.Sprint("ic_", i%cards), cents, false))
			if err != nil {
				t.Errorf("authorization %s-%d: %v", prefix, i, err)
				return
			}
			if a.Approved {
				mu.Lock()
				approved++
				mu.Unlock()
			} else if a.DeclineCode != fuelportal.DeclineInsufficientFunds {
				t.Errorf("authorization %s-%d declined %s", prefix, i, a.DeclineCode)
			}
		})
	}
	wg.Wait()
	return approved
}

// TestDecideAuthorization_ConcurrentHoldsNeverOverdraw sends 120
// authorizations of $30 at once over 4 cards of one $1,000 wallet: on
// PostgreSQL half through a second database handle (a second pool, as a
// second server process would have). Exactly 31 fit ($31.50 each with the fee), and the wallet holds
// their $976.50.
func TestDecideAuthorization_ConcurrentHoldsNeverOverdraw(t *testing.T) {
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			ctx := context.Background()
			var db, second *store.DB
			if engine == store.Postgres {
				var dsn string
				db, dsn = storetest.OpenPostgresShared(t)
				var err error
				if second, err = store.Open(ctx, dsn); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { second.Close() })
			} else {
				db = storetest.OpenSQLite(t)
				second = db
			}
			f := storetest.NewFleet(t, db, storetest.Prepaid)
			stripeCards(t, db, f, 4)
			if _, _, err := db.CreditWallet(ctx, f.Company.ID, 1000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			counts := make([]int, 2)
			for i, h := range []*store.DB{db, second} {
				wg.Go(func() { counts[i] = authorizeAtOnce(t, h, fmt.Sprint("p", i), 60, 4, 30_00) })
			}
			wg.Wait()
			// $31.50 each with the fee: 31 fit in $1,000.
			if total := counts[0] + counts[1]; total != 31 {
				t.Fatalf("approved %v = %d, want 31", counts, total)
			}
			if held := heldAudit(t, db, f.Company.ID); held != 976_50 {
				t.Fatalf("held %d", held)
			}
			if audit, err := db.CheckLedger(ctx); err != nil || audit.EntriesSum != 0 || len(audit.BalanceMismatches) > 0 {
				t.Fatalf("ledger = %+v, %v", audit, err)
			}
		})
	}
}

func TestCaptureAuthorization(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		stripeCards(t, db, f, 1)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 500_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := flow(db).Authorize(ctx, authRequest("iauth_cap", "ic_0", 100_00, true)); err != nil {
			t.Fatal(err)
		}
		if err := db.SetAuthorizationGallons(ctx, "iauth_cap", 30_000); err != nil {
			t.Fatal(err)
		}
		// $115.77 for the pump's 30 gal (above the $100 held): recorded anyway.
		c := &fuelportal.IssuingCapture{TransactionID: "ipi_cap", AuthorizationID: "iauth_cap", IssuerCardID: "ic_0", AmountCents: 115_77,
			Product: fuelportal.ProductDiesel, MerchantName: "PILOT TRAVEL #412", MerchantPostalCode: "34475", MerchantState: "FL",
			Created: time.Date(2025, 3, 14, 9, 45, 0, 0, time.UTC)}
		res, err := flow(db).Capture(ctx, c)
		if err != nil || !res.Created || res.OverHoldCents != 15_77 || res.Transaction.Gallons != 30_000 || res.Transaction.RetailPrice != 3859 ||
			res.Transaction.LocationID != f.Station.ID {
			t.Fatalf("capture = %+v (%+v), %v", res, res.Transaction, err)
		}
		// 30 gal at 3.739 = 112.17 + 1.50 fee.
		if res.Transaction.FundedTotalCents != 113_67 || heldAudit(t, db, f.Company.ID) != 0 {
			t.Fatalf("funded %d", res.Transaction.FundedTotalCents)
		}
		// The purchase is the card's unit's (IFTA counts it under that vehicle).
		var unit string
		if err := db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT unit_number FROM card_transactions WHERE id = ?`, res.Transaction.ID).Scan(&unit)
		}); err != nil || unit != f.Active.UnitNumber || unit == "" {
			t.Fatalf("captured purchase's unit = %q, %v", unit, err)
		}
		var alerts int
		if err := db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM alerts WHERE company_id = ? AND kind = 'AUTHORIZATION' AND transaction_id = ?`,
				f.Company.ID, res.Transaction.ID).Scan(&alerts)
		}); err != nil || alerts != 1 {
			t.Fatalf("AUTHORIZATION alerts for the capture above its hold = %d, %v", alerts, err)
		}
		again, err := flow(db).Capture(ctx, c)
		if err != nil || again.Created || again.Transaction.ID != res.Transaction.ID {
			t.Fatalf("repeat capture = %+v, %v", again, err)
		}
		if b, _ := db.WalletBalance(ctx, f.Company.ID); b != 500_00-113_67 {
			t.Fatalf("balance %d", b)
		}
		got, err := db.TransactionAuthorization(ctx, f.Company.ID, res.Transaction.ID)
		if err != nil || got == nil || got.AuthorizationID != "iauth_cap" || got.CapturedCents != 115_77 {
			t.Fatalf("transaction's authorization = %+v, %v", got, err)
		}
		if other, err := db.TransactionAuthorization(ctx, f.Company.ID+1, res.Transaction.ID); err != nil || other != nil {
			t.Fatalf("another company sees %+v, %v", other, err)
		}
	})
}

// BenchmarkDecideAuthorization decides 1,000 authorizations across 100
// cards (10 each, $40, a daily limit so the history sums are read) and
// reports the decision's p50 and p99 in milliseconds.
func BenchmarkDecideAuthorization(b *testing.B) {
	benchEngines(b, benchDecideAuthorization)
}

func benchDecideAuthorization(b *testing.B, engine store.Engine) {
	db := storetest.Open(b, engine)
	ctx := context.Background()
	f := storetest.NewFleet(b, db, storetest.Prepaid)
	stripeCards(b, db, f, 100)
	if _, _, err := db.CreditWallet(ctx, f.Company.ID, 100_000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
		b.Fatal(err)
	}
	if _, err := db.SaveCompanyControls(ctx, f.Company.ID, fuelportal.CompanyControls{Controls: fuelportal.Controls{DailyCents: ptrInt(10_000_00)}}); err != nil {
		b.Fatal(err)
	}
	var latencies []time.Duration
	for round := 0; b.Loop(); round++ {
		for i := range 1000 {
			start := time.Now()
			a, _, err := flow(db).Authorize(ctx, authRequest(fmt.Sprintf("bench-%d-%d", round, i), fmt.Sprint("ic_", i%100), 40_00, true))
			latencies = append(latencies, time.Since(start))
			if err != nil || !a.Approved {
				b.Fatalf("authorization %d: %+v, %v", i, a, err)
			}
			if _, _, err := db.ReleaseAuthorization(ctx, a.AuthorizationID); err != nil {
				b.Fatal(err)
			}
		}
	}
	slices.Sort(latencies)
	b.ReportMetric(float64(latencies[len(latencies)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(latencies[len(latencies)*99/100].Microseconds())/1000, "p99-ms")
}

// An authorization meets the card's pump prompt as a purchase does: a
// wrong driver id is declined with DRIVER_ID_INVALID and holds nothing,
// the right one is approved.
func TestDecideAuthorization_MeetsThePumpPrompt(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		stripeCards(t, db, f, 1)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 500_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SaveCompanyControls(ctx, f.Company.ID, fuelportal.CompanyControls{Prompt: fuelportal.PromptDriverID}); err != nil {
			t.Fatal(err)
		}
		wrong := authRequest("iauth_wrong", "ic_0", 100_00, false)
		wrong.Prompt = fuelportal.PumpPrompt{DriverID: f.Active.DriverID + "X"}
		a, _, err := flow(db).Authorize(ctx, wrong)
		if err != nil || a.Approved || a.DeclineCode != fuelportal.DeclineDriverIDInvalid || heldAudit(t, db, f.Company.ID) != 0 {
			t.Fatalf("wrong driver id = %+v, %v", a, err)
		}
		right := authRequest("iauth_right", "ic_0", 100_00, false)
		right.Prompt = fuelportal.PumpPrompt{DriverID: f.Active.DriverID}
		if a, _, err := flow(db).Authorize(ctx, right); err != nil || !a.Approved || heldAudit(t, db, f.Company.ID) != 101_50 {
			t.Fatalf("right driver id = %+v, %v", a, err)
		}
	})
}
