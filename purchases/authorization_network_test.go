package purchases_test

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/purchases"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// networkAuthRequest is a network authorization of cents on card at
// location, asked at the fixture's purchase time.
func networkAuthRequest(id, card string, location, cents int64) *fuelportal.AuthorizationRequest {
	return &fuelportal.AuthorizationRequest{ID: id, Issuer: fuelportal.IssuerNetwork, CardNumber: card, LocationID: location,
		Created: time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC), AmountCents: cents, AmountControllable: true,
		Product: fuelportal.ProductDiesel, ReceivedAt: time.Now()}
}

// networkCapture is the network's purchase of gallons at $3.859 that
// captures authorization auth.
func networkCapture(id, auth, card string, location int64, g fuelportal.Gallons) *fuelportal.CardPurchase {
	p := purchase(id, card, location, g)
	p.TransactionDate = time.Date(2025, 3, 14, 9, 45, 0, 0, time.UTC)
	p.AuthorizationID = auth
	return p
}

// An authorization held and then captured counts once in the card's day
// and in its locked trip's bought gallons, on both issuers: the hold
// before the capture (a purchase beside it sees it), the purchase after
// (linked to the trip), never both. The trip's stop is 100 gal (110 with
// the lock's 10 %), the day $1,000.
func TestCapturedAuthorization_CountsOnceInTheDayAndTheTrip(t *testing.T) {
	for _, issuer := range []string{fuelportal.IssuerNetwork, fuelportal.IssuerStripe} {
		t.Run(issuer, func(t *testing.T) {
			storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
				ctx := context.Background()
				f := newTripLockFixture(t, db)
				if _, err := db.SaveCompanyControls(ctx, f.Fleet.Company.ID,
					fuelportal.CompanyControls{Controls: fuelportal.Controls{DailyCents: ptrInt(1000_00)}}); err != nil {
					t.Fatal(err)
				}
				f.trip(t, db, true, stopPlan(fuelportal.TripPlanCreated, map[int64]fuelportal.Gallons{f.Station.ID: 100_000}))
				dayLeft := func() int64 {
					t.Helper()
					c, err := db.DriverCard(ctx, f.Fleet.Company.ID, f.Active.ID, time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC))
					if err != nil || c.Left.DayCents == nil {
						t.Fatalf("driver card = %+v, %v", c, err)
					}
					return *c.Left.DayCents
				}
				n := 0
				buy := func(g fuelportal.Gallons) *fuelportal.Transaction {
					t.Helper()
					n++
					tr, _, err := flow(db).Record(ctx, purchase(fmt.Sprintf("beside-%d", n), f.Active.CardNumber, f.Station.ID, g))
					if err != nil {
						t.Fatal(err)
					}
					return tr
				}

				// $400 held: 103.653 gal at $3.859.
				req := networkAuthRequest("auth-1", f.Active.CardNumber, f.Station.ID, 400_00)
				if issuer == fuelportal.IssuerStripe {
					stripeCards(t, db, f.Fleet, 1)
					req = authRequest("auth-1", "ic_0", 400_00, true)
				}
				a, _, err := flow(db).Authorize(ctx, req)
				if err != nil || !a.Approved || a.AmountCents != 400_00 || a.StationID != f.Station.ID {
					t.Fatalf("authorization = %+v, %v", a, err)
				}
				// The hold counts in the day with the $1.50 fee its capture adds.
				if left := dayLeft(); left != 598_50 {
					t.Fatalf("day left with the hold = %d, want 598_50", left)
				}
				// Beside the hold, 10 gal more would pass the stop's 110.
				if tr := buy(10_000); tr.Status != fuelportal.TransactionDeclined || tr.DeclineReason != fuelportal.DeclineOverGallonsLeft {
					t.Fatalf("purchase beside the hold = %s %s, want OVER_GALLONS_LEFT", tr.Status, tr.DeclineReason)
				}

				// Captured: 100 gal at $3.859 (net $3.739 + $1.50 fee = $375.40).
				var captured *fuelportal.Transaction
				if issuer == fuelportal.IssuerNetwork {
					var created bool
					captured, created, err = flow(db).Record(ctx, networkCapture("cap-1", "auth-1", f.Active.CardNumber, f.Station.ID, 100_000))
					if err != nil || !created {
						t.Fatalf("capture: %v", err)
					}
				} else {
					res, err := flow(db).Capture(ctx, &fuelportal.IssuingCapture{TransactionID: "cap-1", AuthorizationID: "auth-1",
						IssuerCardID: "ic_0", AmountCents: 385_90, Gallons: 100_000, Product: fuelportal.ProductDiesel,
						MerchantName: "PILOT TRAVEL #412", MerchantPostalCode: "34475", MerchantState: "FL",
						Created: time.Date(2025, 3, 14, 9, 45, 0, 0, time.UTC)})
					if err != nil || !res.Created {
						t.Fatalf("capture: %v", err)
					}
					captured = res.Transaction
				}
				if captured.Status != fuelportal.TransactionApproved || captured.FundedTotalCents != 375_40 || heldAudit(t, db, f.Fleet.Company.ID) != 0 {
					t.Fatalf("captured = %+v", captured)
				}
				if left := dayLeft(); left != 1000_00-375_40 {
					t.Fatalf("day left after the capture = %d, want %d (the purchase once, the hold gone)", left, 1000_00-375_40)
				}
				if trip, onPlan, err := db.TripOfTransaction(ctx, captured.ID); err != nil || trip == 0 || !onPlan {
					t.Fatalf("captured purchase's trip = %d on plan %v, %v", trip, onPlan, err)
				}
				// 100 bought: 10 more reach the stop's 110, one more passes it.
				if tr := buy(10_000); tr.Status != fuelportal.TransactionApproved {
					t.Fatalf("10 gal after the capture = %s %s, want approved", tr.Status, tr.DeclineReason)
				}
				if tr := buy(1_000); tr.DeclineReason != fuelportal.DeclineOverGallonsLeft {
					t.Fatalf("1 gal past the stop = %s %s, want OVER_GALLONS_LEFT", tr.Status, tr.DeclineReason)
				}
				storetest.ExpectSoundLedger(t, db)
			})
		})
	}
}

// A network capture names an open authorization of its own card, or it
// is refused with one message whatever the reason (nothing of another
// company's authorization leaks) and nothing is recorded; a replayed
// capture answers the first purchase; a reversal releases the hold once.
func TestCaptureNetworkPurchase_RefusesAllButAnOpenAuthorizationOfTheCard(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 500_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		other := &fuelportal.Company{Name: "Other Freight", CarrierID: 1234567}
		if err := db.CreateCompanyOwner(ctx, other, &fuelportal.User{Email: "other@example.com", PasswordHash: "hash"}); err != nil {
			t.Fatal(err)
		}
		otherCard := &fuelportal.Card{CompanyID: other.ID, CardNumber: "7071000000000000099", DriverName: "O", DriverID: "O-1", UnitNumber: "O-U", CreatedAt: storetest.CardIssued}
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, otherCard) }); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.CreditWallet(ctx, other.ID, 500_00, fuelportal.LedgerTopUp, "seed-other"); err != nil {
			t.Fatal(err)
		}
		decide := func(req *fuelportal.AuthorizationRequest) *fuelportal.Authorization {
			t.Helper()
			a, _, err := flow(db).Authorize(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		if a := decide(networkAuthRequest("held-other", otherCard.CardNumber, f.Station.ID, 100_00)); !a.Approved {
			t.Fatalf("other company's authorization = %+v", a)
		}
		if a := decide(networkAuthRequest("declined", f.Inactive.CardNumber, f.Station.ID, 100_00)); a.Approved {
			t.Fatalf("inactive card approved: %+v", a)
		}
		if a := decide(networkAuthRequest("reversed", f.Active.CardNumber, f.Station.ID, 100_00)); !a.Approved {
			t.Fatalf("authorization = %+v", a)
		}
		if _, found, err := db.ReleaseIssuerAuthorization(ctx, fuelportal.IssuerNetwork, "reversed"); err != nil || !found {
			t.Fatalf("reversal: %v %v", found, err)
		}
		if _, found, _ := db.ReleaseIssuerAuthorization(ctx, fuelportal.IssuerStripe, "held-other"); found {
			t.Fatal("a network authorization was found as Stripe's")
		}
		if _, _, err := flow(db).Record(ctx, networkCapture("cap-unknown", "unknown", f.Active.CardNumber, f.Station.ID, 20_000)); fuelportal.ErrorCode(err) != fuelportal.EUNAVAILABLE {
			t.Errorf("capture of an authorization not recorded: %v, want 503 (sent again)", err)
		}
		for _, auth := range []string{"held-other", "declined", "reversed"} {
			_, _, err := flow(db).Record(ctx, networkCapture("cap-"+auth, auth, f.Active.CardNumber, f.Station.ID, 20_000))
			if msgs := fuelportal.ErrorFields(err)["authorizationId"]; len(msgs) != 1 || msgs[0] != purchases.MsgAuthorizationNotOpen {
				t.Errorf("capture of %s: %v, want the one authorizationId error", auth, err)
			}
		}
		if b, _ := db.WalletBalance(ctx, f.Company.ID); b != 500_00 || heldAudit(t, db, f.Company.ID) != 0 || heldAudit(t, db, other.ID) != 100_00 {
			t.Fatalf("refused captures moved money: balance %d", b)
		}

		if a := decide(networkAuthRequest("open", f.Active.CardNumber, f.Station.ID, 100_00)); !a.Approved {
			t.Fatalf("authorization = %+v", a)
		}
		first, created, err := flow(db).Record(ctx, networkCapture("cap-open", "open", f.Active.CardNumber, f.Station.ID, 20_000))
		if err != nil || !created || first.Status != fuelportal.TransactionApproved {
			t.Fatalf("capture = %+v, %v", first, err)
		}
		again, created, err := flow(db).Record(ctx, networkCapture("cap-open", "open", f.Active.CardNumber, f.Station.ID, 20_000))
		if err != nil || created || again.ID != first.ID {
			t.Fatalf("replayed capture = %+v, %v, %v", again, created, err)
		}
		// A second purchase on a captured authorization is refused.
		if _, _, err := flow(db).Record(ctx, networkCapture("cap-open-2", "open", f.Active.CardNumber, f.Station.ID, 20_000)); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("second capture: %v", err)
		}
		// 20 gal × 3.739 + 1.50.
		if b, _ := db.WalletBalance(ctx, f.Company.ID); b != 500_00-76_28 || heldAudit(t, db, f.Company.ID) != 0 {
			t.Fatalf("balance %d after one capture", b)
		}
		storetest.ExpectSoundLedger(t, db)
	})
}

// BenchmarkDecideNetworkAuthorization decides 1,000 network authorizations
// across 100 cards (10 each, $40, a daily limit so the history sums are
// read), one at a time and 8 at a time (as many pumps ask at once), and
// reports the decision's p50 and p99 in milliseconds and how many took
// longer than the default 1.5 s deadline (each hold released after,
// untimed).
func BenchmarkDecideNetworkAuthorization(b *testing.B) {
	benchEngines(b, func(b *testing.B, engine store.Engine) {
		db := storetest.Open(b, engine)
		ctx := context.Background()
		f := storetest.NewFleet(b, db, storetest.Prepaid)
		numbers := []string{f.Active.CardNumber}
		err := db.InTx(ctx, func(tx *store.Tx) error {
			for i := 1; i < 100; i++ {
				c := &fuelportal.Card{CompanyID: f.Company.ID, CardNumber: fmt.Sprintf("70710000%011d", 1000+i), DriverName: "D",
					DriverID: fmt.Sprint("D-", i), UnitNumber: "U", CreatedAt: storetest.CardIssued}
				if err := tx.CreateCard(ctx, c); err != nil {
					return err
				}
				numbers = append(numbers, c.CardNumber)
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 100_000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			b.Fatal(err)
		}
		if _, err := db.SaveCompanyControls(ctx, f.Company.ID, fuelportal.CompanyControls{Controls: fuelportal.Controls{DailyCents: ptrInt(10_000_00)}}); err != nil {
			b.Fatal(err)
		}
		for _, workers := range []int{1, 8} {
			b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
				var mu sync.Mutex
				var latencies []time.Duration
				for round := 0; b.Loop(); round++ {
					var wg sync.WaitGroup
					next := make(chan int)
					for range workers {
						wg.Go(func() {
							for i := range next {
								req := networkAuthRequest(fmt.Sprintf("nbench-%d-%d-%d", workers, round, i), numbers[i%100], f.Station.ID, 40_00)
								start := time.Now()
								a, _, err := flow(db).Authorize(ctx, req)
								took := time.Since(start)
								if err != nil || !a.Approved {
									b.Errorf("authorization %d: %+v, %v", i, a, err)
									continue
								}
								mu.Lock()
								latencies = append(latencies, took)
								mu.Unlock()
								if _, _, err := db.ReleaseAuthorization(ctx, a.AuthorizationID); err != nil {
									b.Error(err)
								}
							}
						})
					}
					for i := range 1000 {
						next <- i
					}
					close(next)
					wg.Wait()
				}
				slices.Sort(latencies)
				over := len(latencies) - sort.Search(len(latencies), func(i int) bool { return latencies[i] > 1500*time.Millisecond })
				b.ReportMetric(float64(latencies[len(latencies)/2].Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(latencies[len(latencies)*99/100].Microseconds())/1000, "p99-ms")
				b.ReportMetric(float64(over), "over-deadline")
			})
		}
	})
}

// A network hold the network neither captures nor reverses expires after
// NetworkHoldLifetime: released once, the wallet's room back; a younger
// hold and a Stripe hold (Stripe expires its own) stay.
func TestExpireNetworkHolds_ReleasesOnlyOldNetworkHolds(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		stripeCards(t, db, f, 1)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 900_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		old := networkAuthRequest("net-old", f.Active.CardNumber, f.Station.ID, 100_00)
		young := networkAuthRequest("net-young", f.Active.CardNumber, f.Station.ID, 50_00)
		young.Created = old.Created.Add(6 * 24 * time.Hour)
		for _, r := range []*fuelportal.AuthorizationRequest{old, young, authRequest("stripe-old", "ic_0", 70_00, true)} {
			if a, _, err := flow(db).Authorize(ctx, r); err != nil || !a.Approved {
				t.Fatalf("authorization %s = %+v, %v", r.ID, a, err)
			}
		}
		if held := heldAudit(t, db, f.Company.ID); held != 220_00+3*1_50 {
			t.Fatalf("held = %d, want 224_50 (the amounts and their fees)", held)
		}
		now := old.Created.Add(store.NetworkHoldLifetime + time.Hour)
		for i, want := range []int{1, 0} {
			n, err := db.ExpireNetworkHolds(ctx, now)
			if err != nil || n != want {
				t.Fatalf("run %d: released %d, %v; want %d", i, n, err, want)
			}
		}
		if held := heldAudit(t, db, f.Company.ID); held != 120_00+2*1_50 {
			t.Fatalf("held after expiry = %d, want the young network and the Stripe holds (123_00)", held)
		}
		if a, err := db.Authorization(ctx, "net-old"); err != nil || a.Status != fuelportal.AuthorizationReleased {
			t.Fatalf("expired authorization = %+v, %v", a, err)
		}
	})
}
