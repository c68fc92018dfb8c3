package purchases_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func purchase(id, card string, location int64, gallons fuelportal.Gallons) *fuelportal.CardPurchase {
	return &fuelportal.CardPurchase{NetworkTransactionID: id, CardNumber: card, LocationID: location, Gallons: gallons,
		RetailPrice: 3859, TransactionDate: time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC)}
}

func TestRecordPurchase(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 1000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}

		t.Run("approved purchase debits net total plus fee", func(t *testing.T) {
			tr, created, err := flow(db).Record(ctx, purchase("n-1", f.Active.CardNumber, f.Station.ID, 100_000))
			if err != nil || !created {
				t.Fatalf("RecordPurchase = %v, %v", created, err)
			}
			// 100 gal: retail 385.90, net (3.859-0.120) 373.90, fee 1.50.
			if tr.Status != fuelportal.TransactionApproved || tr.NetPrice != 3739 || tr.DiscountCents != 12_00 ||
				tr.FundedTotalCents != 375_40 || tr.InvoiceRef != fuelportal.InvoiceRef(tr.ID) || tr.DriverCardName != "Dan Driver" ||
				tr.LocationName != "Pilot Travel Center #412" || tr.LocationAddress != "1 Truck Way, Ocala, FL 34475" {
				t.Fatalf("transaction = %+v", tr)
			}
			if b, _ := db.WalletBalance(ctx, f.Company.ID); b != 1000_00-375_40 {
				t.Fatalf("balance = %d", b)
			}
		})
		t.Run("repeat answers the first result and changes nothing", func(t *testing.T) {
			before, _ := db.WalletBalance(ctx, f.Company.ID)
			again := purchase("n-1", f.Inactive.CardNumber, f.Station.ID, 5_000) // a different body
			tr, created, err := flow(db).Record(ctx, again)
			if err != nil || created || tr.Status != fuelportal.TransactionApproved || tr.FundedTotalCents != 375_40 {
				t.Fatalf("repeat = %+v, %v, %v", tr, created, err)
			}
			if after, _ := db.WalletBalance(ctx, f.Company.ID); after != before {
				t.Fatalf("balance moved from %d to %d", before, after)
			}
		})
		for _, tc := range []struct {
			name   string
			buy    *fuelportal.CardPurchase
			reason fuelportal.DeclineReason
		}{
			{"inactive card is declined", purchase("n-2", f.Inactive.CardNumber, f.Station.ID, 10_000), fuelportal.DeclineCardInactive},
			{"unknown card is declined", purchase("n-3", "7071999999999999999", f.Station.ID, 10_000), fuelportal.DeclineUnknownCard},
			{"purchase over the storetest.Prepaid balance is declined", purchase("n-4", f.Active.CardNumber, f.Station.ID, 1_000_000), fuelportal.DeclineInsufficientFunds},
		} {
			t.Run(tc.name, func(t *testing.T) {
				before, _ := db.WalletBalance(ctx, f.Company.ID)
				tr, created, err := flow(db).Record(ctx, tc.buy)
				if err != nil || !created || tr.Status != fuelportal.TransactionDeclined || tr.DeclineReason != tc.reason || tr.FundedTotalCents != 0 {
					t.Fatalf("RecordPurchase = %+v, %v, %v", tr, created, err)
				}
				if after, _ := db.WalletBalance(ctx, f.Company.ID); after != before {
					t.Fatalf("balance moved from %d to %d", before, after)
				}
			})
		}
		t.Run("unknown station is unprocessable and not recorded", func(t *testing.T) {
			_, _, err := flow(db).Record(ctx, purchase("n-5", f.Active.CardNumber, 999, 10_000))
			if fuelportal.ErrorCode(err) != fuelportal.EUNPROCESSABLE {
				t.Fatalf("err = %v", err)
			}
			if _, total, _ := db.Transactions(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: f.Company.ID}, Search: "n-5"}); total != 0 {
				t.Fatal("recorded")
			}
		})
		t.Run("malformed report is invalid", func(t *testing.T) {
			_, _, err := flow(db).Record(ctx, &fuelportal.CardPurchase{})
			fields := fuelportal.ErrorFields(err)
			for _, f := range []string{"networkTransactionId", "cardNumber", "locationId", "gallons", "retailPrice", "transactionDate"} {
				if len(fields[f]) == 0 {
					t.Errorf("no error for %s: %v", f, err)
				}
			}
		})
		storetest.ExpectSoundLedger(t, db)
	})
}

func TestRecordPurchase_Contracts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		contract fuelportal.Contract
		credit   int64
		gallons  fuelportal.Gallons
		status   fuelportal.TransactionStatus
		reason   fuelportal.DeclineReason
		netPrice fuelportal.TenthCents
		balance  int64
	}{
		{"net-price contract pays the station's net price", fuelportal.Contract{Pricing: fuelportal.PricingNetPrice, Billing: fuelportal.BillingPrepaid},
			100_00, 10_000, fuelportal.TransactionApproved, "", 3579, 100_00 - 35_79},
		{"invoice contract goes negative within the credit limit", fuelportal.Contract{Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 100, Billing: fuelportal.BillingInvoice, CreditLimitCents: 500_00, FeeCents: 200},
			0, 100_000, fuelportal.TransactionApproved, "", 3759, -(375_90 + 2_00)},
		{"invoice contract declines past the credit limit", fuelportal.Contract{Pricing: fuelportal.PricingRetailMinus, Billing: fuelportal.BillingInvoice, CreditLimitCents: 100_00},
			0, 100_000, fuelportal.TransactionDeclined, fuelportal.DeclineCreditLimitReached, 3859, 0},
		{"storetest.Prepaid fee that does not fit declines the whole purchase", fuelportal.Contract{Pricing: fuelportal.PricingNetPrice, Billing: fuelportal.BillingPrepaid, FeeCents: 100},
			35_79 + 99, 10_000, fuelportal.TransactionDeclined, fuelportal.DeclineInsufficientFunds, 3579, 35_79 + 99},
		{"storetest.Prepaid purchase may spend the balance to zero", fuelportal.Contract{Pricing: fuelportal.PricingNetPrice, Billing: fuelportal.BillingPrepaid, FeeCents: 100},
			35_79 + 100, 10_000, fuelportal.TransactionApproved, "", 3579, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := storetest.OpenSQLite(t)
			ctx := context.Background()
			f := storetest.NewFleet(t, db, tc.contract)
			if tc.credit > 0 {
				if _, _, err := db.CreditWallet(ctx, f.Company.ID, tc.credit, fuelportal.LedgerTopUp, "seed"); err != nil {
					t.Fatal(err)
				}
			}
			tr, _, err := flow(db).Record(ctx, purchase("n-1", f.Active.CardNumber, f.Station.ID, tc.gallons))
			if err != nil || tr.Status != tc.status || tr.DeclineReason != tc.reason || tr.NetPrice != tc.netPrice {
				t.Fatalf("RecordPurchase = %+v, %v", tr, err)
			}
			if b, _ := db.WalletBalance(ctx, f.Company.ID); b != tc.balance {
				t.Fatalf("balance = %d, want %d", b, tc.balance)
			}
			storetest.ExpectSoundLedger(t, db)
		})
	}
}

// TestLedger_ConcurrentPurchasesKeepEveryCent sends 1,000 purchase reports
// (800 distinct, the rest repeats; some on an inactive or unknown card)
// and 20 top-ups at one storetest.Prepaid wallet at once, while a reader watches the
// balance, and checks that every cent is accounted for exactly once.
func TestLedger_ConcurrentPurchasesKeepEveryCent(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		const reports, distinct, topUps, topUp = 1000, 800, 20, 100_00
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 2000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}

		type outcome struct {
			id      int64
			status  fuelportal.TransactionStatus
			reason  fuelportal.DeclineReason
			funded  int64
			created bool
		}
		outcomes := make([][]outcome, distinct)
		var mu sync.Mutex
		var stop atomic.Bool
		var lowest atomic.Int64
		watcher := make(chan struct{})
		go func() {
			defer close(watcher)
			for !stop.Load() {
				if b, err := db.WalletBalance(ctx, f.Company.ID); err == nil && b < lowest.Load() {
					lowest.Store(b)
				}
			}
		}()

		sem := make(chan struct{}, 32)
		var wg sync.WaitGroup
		for i := range reports {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				n := i % distinct
				card := f.Active.CardNumber
				switch {
				case n%10 == 3:
					card = f.Inactive.CardNumber
				case n%50 == 7:
					card = "7071999999999999999"
				}
				tr, created, err := flow(db).Record(ctx, purchase(fmt.Sprintf("n-%d", n), card, f.Station.ID, fuelportal.Gallons(1_000+(n%7)*1_500)))
				if err != nil {
					t.Errorf("purchase %d: %v", n, err)
					return
				}
				mu.Lock()
				outcomes[n] = append(outcomes[n], outcome{tr.ID, tr.Status, tr.DeclineReason, tr.FundedTotalCents, created})
				mu.Unlock()
			})
			if i%50 == 0 && i/50 < topUps {
				wg.Go(func() {
					if _, _, err := db.CreditWallet(ctx, f.Company.ID, topUp, fuelportal.LedgerTopUp, fmt.Sprintf("top-up-%d", i/50)); err != nil {
						t.Errorf("top-up: %v", err)
					}
				})
			}
		}
		wg.Wait()
		stop.Store(true)
		<-watcher

		var spent int64
		approved := 0
		for n, outs := range outcomes {
			created := 0
			for _, o := range outs {
				if o != outs[0] && !(o.created != outs[0].created && o.id == outs[0].id && o.status == outs[0].status && o.funded == outs[0].funded) {
					t.Fatalf("purchase %d answered differently: %+v", n, outs)
				}
				if o.created {
					created++
				}
			}
			if created != 1 {
				t.Fatalf("purchase %d recorded %d times: %+v", n, created, outs)
			}
			if n%10 == 3 && outs[0].reason != fuelportal.DeclineCardInactive {
				t.Fatalf("purchase %d on the inactive card: %+v", n, outs[0])
			}
			if outs[0].status == fuelportal.TransactionApproved {
				spent += outs[0].funded
				approved++
			}
		}
		balance, err := db.WalletBalance(ctx, f.Company.ID)
		if err != nil {
			t.Fatal(err)
		}
		if want := 2000_00 + topUps*topUp - spent; balance != want {
			t.Fatalf("balance = %d, want %d (spent %d)", balance, want, spent)
		}
		if balance < 0 || lowest.Load() < 0 {
			t.Fatalf("balance went below zero: final %d, lowest seen %d", balance, lowest.Load())
		}
		audit := storetest.ExpectSoundLedger(t, db)
		if want := int64(1 + topUps + 2*approved); audit.Transfers != want {
			t.Fatalf("transfers = %d, want %d", audit.Transfers, want)
		}
		if approved == 0 || approved == distinct {
			t.Fatalf("approved %d of %d: the test should exhaust the wallet part-way", approved, distinct)
		}
	})
}

func TestRecordPurchase_RefusesDatesAheadOfNowOrBeforeTheCard(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 15:00 UTC
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 1000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		now := clock.Now()
		unknownCard := "7071999999999999999"
		for i, c := range []struct {
			name    string
			card    string
			date    time.Time
			refused string // the field error, "" when recorded
		}{
			{"the year 9999", f.Active.CardNumber, time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC), fuelportal.MsgReportedDateBounds},
			{"more than a day ahead", f.Active.CardNumber, now.Add(25 * time.Hour), fuelportal.MsgTransactionDateFuture},
			{"the year 9999 on an unknown card", unknownCard, time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC), fuelportal.MsgReportedDateBounds},
			{"more than a day before the card was issued", f.Active.CardNumber, storetest.CardIssued.Add(-25 * time.Hour), fuelportal.MsgTransactionDateBeforeCard},
			{"the year 1", f.Active.CardNumber, time.Date(1, 1, 2, 0, 0, 0, 0, time.UTC), fuelportal.MsgReportedDateBounds},
			{"less than a day ahead (a station's zone east of UTC)", f.Active.CardNumber, now.Add(23 * time.Hour), ""},
			{"less than a day before the card was issued (a zone west of UTC)", f.Active.CardNumber, storetest.CardIssued.Add(-23 * time.Hour), ""},
			{"long ago on an unknown card", unknownCard, time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC), ""},
		} {
			t.Run(c.name, func(t *testing.T) {
				p := purchase(fmt.Sprintf("date-%d", i), c.card, f.Station.ID, 10_000)
				p.TransactionDate = c.date
				tr, created, err := flow(db).Record(ctx, p)
				if c.refused == "" {
					if err != nil || !created || tr.TransactionDate != c.date {
						t.Fatalf("RecordPurchase = %+v, %v, %v; want recorded", tr, created, err)
					}
					return
				}
				if fuelportal.ErrorCode(err) != fuelportal.EINVALID || !slices.Equal(fuelportal.ErrorFields(err)["transactionDate"], []string{c.refused}) {
					t.Fatalf("RecordPurchase = %+v, %v; want EINVALID %q", tr, err, c.refused)
				}
				// Nothing recorded: the same id with a good date is new.
				p.TransactionDate = now
				if _, created, err := flow(db).Record(ctx, p); err != nil || !created {
					t.Fatalf("after the refusal RecordPurchase = %v, %v; want recorded", created, err)
				}
			})
		}
	})
}
