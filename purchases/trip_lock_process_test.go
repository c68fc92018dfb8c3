package purchases_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// The second process of TestTripLock_ConcurrentPurchasesOnTwoProcesses is
// this test binary again, running TestTripLock_SecondProcess with these
// variables set.
const (
	secondProcessDSN     = "FUELPORTAL_TRIPLOCK_DSN"
	secondProcessCard    = "FUELPORTAL_TRIPLOCK_CARD"
	secondProcessStation = "FUELPORTAL_TRIPLOCK_STATION"
)

// lockPurchases is how many purchases of lockPurchaseGallons each process
// sends at once to a stop planned for 33.7 gal: its bound, 37.07 gal,
// holds exactly 11 of them.
const (
	lockPurchases       = 100
	lockPurchaseGallons = fuelportal.Gallons(3_370)
)

// sendLockPurchases records n purchases of lockPurchaseGallons on card at
// station at once, with network ids starting with prefix.
func sendLockPurchases(t *testing.T, db *store.DB, prefix, card string, station int64, n int) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range n {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			p := purchase(fmt.Sprintf("%s-%d", prefix, i), card, station, lockPurchaseGallons)
			tr, _, err := flow(db).Record(context.Background(), p)
			if err != nil {
				t.Errorf("purchase %s-%d: %v", prefix, i, err)
			} else if tr.Status == fuelportal.TransactionDeclined && tr.DeclineReason != fuelportal.DeclineOverGallonsLeft {
				t.Errorf("purchase %s-%d declined %s", prefix, i, tr.DeclineReason)
			}
		})
	}
	wg.Wait()
}

// TestTripLock_ConcurrentPurchasesOnTwoProcesses sends 200 purchases at
// the planned stop of a locked trip at once, half from this process and
// half from a second one on the same PostgreSQL database: the card's row
// lock makes them count one after the other, so exactly the 11 the stop's
// bound holds are approved.
func TestTripLock_ConcurrentPurchasesOnTwoProcesses(t *testing.T) {
	ctx := context.Background()
	db, dsn := storetest.OpenPostgresShared(t)
	f := newTripLockFixture(t, db)
	trip := f.trip(t, db, true, stopPlan(fuelportal.TripPlanCreated, map[int64]fuelportal.Gallons{f.Station.ID: 33_700}))

	onTwoProcesses(t, "TestTripLock_SecondProcess", []string{secondProcessDSN + "=" + dsn, secondProcessCard + "=" + f.Active.CardNumber,
		secondProcessStation + "=" + strconv.FormatInt(f.Station.ID, 10)},
		func() { sendLockPurchases(t, db, "first", f.Active.CardNumber, f.Station.ID, lockPurchases) })

	purchases, err := db.TripPurchases(ctx, trip.ID)
	if err != nil {
		t.Fatal(err)
	}
	var approved int
	var gallons fuelportal.Gallons
	fromSecond := 0
	for _, p := range purchases {
		if p.Transaction.Status == fuelportal.TransactionApproved {
			approved++
			gallons += p.Transaction.Gallons
		}
		if p.Transaction.NetworkTransactionID[:6] == "second" {
			fromSecond++
		}
	}
	if len(purchases) != 2*lockPurchases || fromSecond != lockPurchases {
		t.Fatalf("%d purchases recorded (%d from the second process), want %d", len(purchases), fromSecond, 2*lockPurchases)
	}
	if approved != 11 || gallons != 37_070 {
		t.Fatalf("approved %d purchases, %d milli-gallons; want 11 and the stop's bound, 37,070", approved, gallons)
	}
}

// TestTripLock_SecondProcess is the second process of
// TestTripLock_ConcurrentPurchasesOnTwoProcesses (skipped otherwise).
func TestTripLock_SecondProcess(t *testing.T) {
	db := secondProcessDB(t, secondProcessDSN, "TestTripLock_ConcurrentPurchasesOnTwoProcesses")
	station, err := strconv.ParseInt(os.Getenv(secondProcessStation), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	sendLockPurchases(t, db, "second", os.Getenv(secondProcessCard), station, lockPurchases)
}
