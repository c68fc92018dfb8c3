package purchases_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// The second process of TestWalletLow_OnceOnTwoProcesses is this test
// binary again, running TestWalletLow_SecondProcess with these variables
// set.
const (
	walletLowProcessDSN     = "FUELPORTAL_WALLETLOW_DSN"
	walletLowProcessCards   = "FUELPORTAL_WALLETLOW_CARDS"
	walletLowProcessStation = "FUELPORTAL_WALLETLOW_STATION"
)

// Each process sends walletLowMoves at once, every other one an
// authorization of walletLowAuthorizedCents holding walletLowHeldCents
// (with the card's $1.50 fee) and the rest a purchase of
// walletLowGallons debiting walletLowPurchaseCents (40 gal at the fleet's
// $3.739 net, and its $1.50 fee). The wallet starts at walletLowTopUp and
// the owner's threshold is walletLowThreshold: the run takes its
// available balance from $50,000 to $19,744 and crosses the threshold
// about a third of the way, more than the holds' margin ($25,000) above
// the floor: there only the threshold makes a hold wait on the wallet
// row. The moves are spread over walletLowCards cards: one card's
// decisions wait on its row, different cards' do not.
const (
	walletLowMoves           = 100
	walletLowAuthorizedCents = int64(150_00)
	walletLowHeldCents       = int64(151_50)
	walletLowGallons         = fuelportal.Gallons(40_000)
	walletLowPurchaseCents   = int64(151_06)
	walletLowTopUp           = int64(50_000_00)
	walletLowThreshold       = int64(40_000_00)
	walletLowCards           = 16
)

// sendWalletMoves sends process's walletLowMoves at station at once, the
// i-th on card i modulo their number; every one must be approved for its
// expected amount.
func sendWalletMoves(t *testing.T, db *store.DB, process string, cards []string, station int64) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range walletLowMoves {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			id, card := fmt.Sprintf("wl-%s-%d", process, i), cards[i%len(cards)]
			if i%2 == 0 {
				a, _, err := flow(db).Authorize(context.Background(), networkAuthRequest(id, card, station, walletLowAuthorizedCents))
				if err != nil || !a.Approved || a.HeldCents != walletLowHeldCents {
					t.Errorf("authorization %s: %v, approved %v %s, %d held; want %d held", id, err, a != nil && a.Approved, a.DeclineCode, a.HeldCents, walletLowHeldCents)
				}
				return
			}
			tr, _, err := flow(db).Record(context.Background(), purchase(id, card, station, walletLowGallons))
			if err != nil || tr.Status != fuelportal.TransactionApproved || tr.FundedTotalCents != walletLowPurchaseCents {
				t.Errorf("purchase %s: %v, %s %s, %d debited; want %d", id, err, tr.Status, tr.DeclineReason, tr.FundedTotalCents, walletLowPurchaseCents)
			}
		})
	}
	wg.Wait()
}

// TestWalletLow_OnceOnTwoProcesses sends 200 authorizations and purchases
// on 16 cards of one company at once, half from this process and half from a
// second one on the same database, taking its wallet across the owner's
// threshold: the wallet ends at exactly the top-up less the purchases and
// the holds, and the crossing is told once (one wallet.low event).
func TestWalletLow_OnceOnTwoProcesses(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "walletlow.db")
		walletLowOnTwoProcesses(t, storetest.OpenSQLiteAt(t, path), "sqlite:"+path)
	})
	t.Run("postgres", func(t *testing.T) {
		db, dsn := storetest.OpenPostgresShared(t)
		walletLowOnTwoProcesses(t, db, dsn)
	})
}

func walletLowOnTwoProcesses(t *testing.T, db *store.DB, dsn string) {
	ctx := context.Background()
	f := storetest.NewFleet(t, db, storetest.Prepaid)
	cards := []string{f.Active.CardNumber}
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		for i := 1; i < walletLowCards; i++ {
			c := &fuelportal.Card{CompanyID: f.Company.ID, CardNumber: fmt.Sprintf("70710000000001%05d", i), DriverName: fmt.Sprintf("Driver %d", i),
				DriverID: fmt.Sprintf("D-%d", 100+i), UnitNumber: fmt.Sprintf("U-%d", 100+i), CreatedAt: storetest.CardIssued}
			if err := tx.CreateCard(ctx, c); err != nil {
				return err
			}
			cards = append(cards, c.CardNumber)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.CreditWallet(ctx, f.Company.ID, walletLowTopUp, fuelportal.LedgerTopUp, "seed"); err != nil {
		t.Fatal(err)
	}
	threshold := walletLowThreshold
	if err := db.SetWalletLowThreshold(ctx, f.Company.ID, &threshold); err != nil {
		t.Fatal(err)
	}

	onTwoProcesses(t, "TestWalletLow_SecondProcess", []string{walletLowProcessDSN + "=" + dsn,
		walletLowProcessCards + "=" + strings.Join(cards, ","), walletLowProcessStation + "=" + strconv.FormatInt(f.Station.ID, 10)},
		func() { sendWalletMoves(t, db, "first", cards, f.Station.ID) })

	const moves = 2 * walletLowMoves
	var balance, held, heldRows, lows int64
	if err := db.InReadTx(ctx, func(tx *store.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT balance_cents FROM ledger_accounts WHERE company_id = ?`, f.Company.ID).Scan(&balance); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(held_cents), 0) FROM wallet_holds WHERE company_id = ?`, f.Company.ID).Scan(&held); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(held_cents), 0) FROM card_authorizations WHERE company_id = ? AND status = ?`,
			f.Company.ID, fuelportal.AuthorizationHeld).Scan(&heldRows); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM events WHERE company_id = ? AND type = ?`, f.Company.ID, fuelportal.EventWalletLow).Scan(&lows)
	}); err != nil {
		t.Fatal(err)
	}
	wantBalance, wantHeld := walletLowTopUp-moves/2*walletLowPurchaseCents, moves/2*walletLowHeldCents
	t.Logf("%d moves: balance %d, held %d, available %d (threshold %d); %d wallet.low events", moves, balance, held, balance-held, walletLowThreshold, lows)
	if balance != wantBalance || held != wantHeld || heldRows != wantHeld {
		t.Fatalf("balance %d held %d (the holds' rows %d), want the top-up less the purchases %d and the holds %d", balance, held, heldRows, wantBalance, wantHeld)
	}
	if balance-held >= walletLowThreshold {
		t.Fatalf("the run left %d available, not below the threshold %d", balance-held, walletLowThreshold)
	}
	if lows != 1 {
		t.Fatalf("%d wallet.low events for one crossing, want 1", lows)
	}
	storetest.ExpectSoundLedger(t, db)
}

// TestWalletLow_SecondProcess is the second process of
// TestWalletLow_OnceOnTwoProcesses (skipped otherwise).
func TestWalletLow_SecondProcess(t *testing.T) {
	db := secondProcessDB(t, walletLowProcessDSN, "TestWalletLow_OnceOnTwoProcesses")
	station, err := strconv.ParseInt(os.Getenv(walletLowProcessStation), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	sendWalletMoves(t, db, "second", strings.Split(os.Getenv(walletLowProcessCards), ","), station)
}
