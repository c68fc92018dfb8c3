package purchases_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// everyRule are generous controls with every rule on, so that a benchmark
// purchase runs every check and is approved.
func everyRule() fuelportal.Controls {
	return fuelportal.Controls{
		PerPurchaseCents: ptr(int64(5_000_00)), DailyCents: ptr(int64(90_000_00)), DailyGallons: ptr(fuelportal.Gallons(19_000_000)),
		WeeklyCents: ptr(int64(99_000_00)), DailyPurchases: ptr(1000),
		AllowedProducts: []fuelportal.ProductCode{fuelportal.ProductDiesel, fuelportal.ProductReefer},
		AllowedStates:   []string{"FL", "GA", "TX"}, AllowedDays: []time.Weekday{0, 1, 2, 3, 4, 5, 6},
		AllowedHours: &fuelportal.HourRange{From: 0, To: 23*60 + 59}, AllowedChains: []string{"PILOT", "LOVES"}, BlockedChains: []string{"TA"},
		TankCapacityGallons: ptr(fuelportal.Gallons(300_000)), ReeferTankGallons: ptr(fuelportal.Gallons(100_000)),
		MonthlyBudgetCents: ptr(int64(99_000_00)),
	}
}

// BenchmarkPurchaseIngestWithControls records purchases with every card
// rule on (company default and the card's own), from 4 × GOMAXPROCS
// callers: on one wallet (every purchase waits for the wallet row), and
// spread over 8 companies' wallets. Purchases go round-robin over 40 cards
// per company, 7 s apart within one working day.
func BenchmarkPurchaseIngestWithControls(b *testing.B) {
	for _, wallets := range []int{1, 8} {
		b.Run(fmt.Sprintf("wallets=%d", wallets), func(b *testing.B) {
			benchEngines(b, func(b *testing.B, engine store.Engine) {
				db := storetest.Open(b, engine)
				ctx := context.Background()
				station := &fuelportal.Station{ID: 412, Name: "Pilot #412", City: "Ocala", State: "FL", Latitude: 29.1, Longitude: -82.1, Chain: "PILOT",
					RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
				var cards []string
				for w := range wallets {
					company := &fuelportal.Company{Name: fmt.Sprintf("Bench %d", w), CarrierID: 7000000 + w}
					owner := &fuelportal.User{Email: fmt.Sprintf("bench%d@example.com", w), PasswordHash: "hash"}
					if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
						b.Fatal(err)
					}
					contract := storetest.Prepaid
					contract.CompanyID = company.ID
					err := db.InTx(ctx, func(tx *store.Tx) error {
						if _, err := tx.UpsertStations(ctx, []*fuelportal.Station{station}); err != nil {
							return err
						}
						return tx.SaveContract(ctx, &contract)
					})
					if err != nil {
						b.Fatal(err)
					}
					if _, err := db.SaveCompanyControls(ctx, company.ID, fuelportal.CompanyControls{Controls: everyRule()}); err != nil {
						b.Fatal(err)
					}
					if _, _, err := db.CreditWallet(ctx, company.ID, 1_000_000_000_00, fuelportal.LedgerTopUp, fmt.Sprintf("bench-%d", w)); err != nil {
						b.Fatal(err)
					}
					for k := range 40 {
						card := &fuelportal.Card{CompanyID: company.ID, CardNumber: fmt.Sprintf("70718%02d%012d", w, k), DriverName: "B", DriverID: "B", UnitNumber: "B", CreatedAt: storetest.CardIssued}
						if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, card) }); err != nil {
							b.Fatal(err)
						}
						if _, err := db.SaveCardControls(ctx, company.ID, card.CardNumber, everyRule()); err != nil {
							b.Fatal(err)
						}
						cards = append(cards, card.CardNumber)
					}
				}
				start := time.Date(2025, 3, 3, 12, 0, 0, 0, time.UTC)
				var seq atomic.Int64
				b.SetParallelism(4) // 4 × GOMAXPROCS callers: 8 on this 2-core machine
				began := time.Now()
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						n := seq.Add(1)
						// Interleave companies so concurrent callers hit different wallets.
						card := cards[(int(n)%wallets)*40+int(n/int64(wallets))%40]
						p := &fuelportal.CardPurchase{NetworkTransactionID: fmt.Sprintf("bench-%d", n), CardNumber: card, LocationID: station.ID,
							Gallons: 100_000, RetailPrice: 3859, TransactionDate: start.Add(time.Duration(n) * 7 * time.Second)}
						tr, _, err := flow(db).Record(ctx, p)
						if err != nil {
							b.Error(err)
							return
						}
						if tr.Status != fuelportal.TransactionApproved {
							b.Errorf("declined %s", tr.DeclineReason)
							return
						}
					}
				})
				b.ReportMetric(float64(seq.Load())/time.Since(began).Seconds(), "purchases/s")
			})
		})
	}
}
