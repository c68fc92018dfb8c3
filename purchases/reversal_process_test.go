package purchases_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"fuelportal"
	"fuelportal/purchases"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// The second process of TestNetworkReversal_ConcurrentOnTwoProcesses is
// this test binary again, running TestNetworkReversal_SecondProcess with
// this variable set to the database's DSN.
const reversalProcessDSN = "FUELPORTAL_REVERSAL_DSN"

// reversalAuthorizations captured purchases are each reversed
// reversalsEach times at once, half from each process: 6 partial
// reversals sent 3 times each and the whole reversal sent twice.
const (
	reversalAuthorizations = 10
	reversalsEach          = 20
)

// reversalPlan is the j-th reversal sent of authorization a: a partial
// one (its id and amount, the same on every repeat) or the whole one
// (no id, no amount); process is 0 or 1, the process that sends it.
func reversalPlan(a, j int) (rev purchases.NetworkReversal, process int) {
	rev.AuthorizationID = fmt.Sprintf("rev-auth-%d", a)
	if j < 18 {
		rev.ReversalID = fmt.Sprintf("p%d", j/3)
		rev.AmountCents = int64(10_00 + (j/3)*3_00) // $10 to $25: $105 in all, more than a purchase's fuel
	}
	return rev, (a*reversalsEach + j) % 2
}

// reversalAnswer is one reversal's outcome as a process saw it.
type reversalAnswer struct {
	Key      string `json:"key"`
	Conflict bool   `json:"conflict"`
	RefundID int64  `json:"refundId"`
	Credited int64  `json:"credited"`
}

// sendReversals sends process's half of the plan at once and answers what
// each reversal came to; any error but "nothing left" fails the test.
func sendReversals(t *testing.T, db *store.DB, process int) []reversalAnswer {
	var mu sync.Mutex
	var out []reversalAnswer
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for a := range reversalAuthorizations {
		for j := range reversalsEach {
			rev, p := reversalPlan(a, j)
			if p != process {
				continue
			}
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				res, err := flow(db).ReverseNetwork(context.Background(), rev)
				ans := reversalAnswer{Key: fuelportal.NetworkReversalKey(rev.AuthorizationID, rev.ReversalID)}
				switch {
				case fuelportal.ErrorCode(err) == fuelportal.ECONFLICT:
					ans.Conflict = true
				case err != nil:
					t.Errorf("reversal %s: %v", ans.Key, err)
					return
				case res.Refund == nil || res.Authorization.Status != fuelportal.AuthorizationCaptured:
					t.Errorf("reversal %s of a captured purchase = %+v", ans.Key, res)
					return
				default:
					ans.RefundID, ans.Credited = res.Refund.ID, res.Refund.AmountCents
				}
				mu.Lock()
				out = append(out, ans)
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	return out
}

// TestNetworkReversal_ConcurrentOnTwoProcesses sends 200 reversals of 10
// captured purchases at once, half from this process and half from a
// second one on the same database: partial reversals repeated across the
// processes, more than the purchases' fuel in all, and each purchase's
// whole reversal twice. Each reversal is applied once (every answer for
// one reversal names the same refund), each purchase gets back exactly
// its fuel (the whole reversal takes what the partial ones left), the
// wallet ends at its top-up less the fees, and the ledger and the
// statements balance.
func TestNetworkReversal_ConcurrentOnTwoProcesses(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "reversals.db")
		reverseOnTwoProcesses(t, storetest.OpenSQLiteAt(t, path), "sqlite:"+path)
	})
	t.Run("postgres", func(t *testing.T) {
		db, dsn := storetest.OpenPostgresShared(t)
		reverseOnTwoProcesses(t, db, dsn)
	})
}

func reverseOnTwoProcesses(t *testing.T, db *store.DB, dsn string) {
	ctx := context.Background()
	f := storetest.NewFleet(t, db, storetest.Prepaid)
	const topUp = 5000_00
	if _, _, err := db.CreditWallet(ctx, f.Company.ID, topUp, fuelportal.LedgerTopUp, "seed"); err != nil {
		t.Fatal(err)
	}
	var fees, fuel int64
	for a := range reversalAuthorizations {
		id := fmt.Sprintf("rev-auth-%d", a)
		if res, _, err := flow(db).Authorize(ctx, networkAuthRequest(id, f.Active.CardNumber, f.Station.ID, 100_00)); err != nil || !res.Approved {
			t.Fatalf("authorization %s = %+v, %v", id, res, err)
		}
		p, _, err := flow(db).Record(ctx, networkCapture("CAP-"+id, id, f.Active.CardNumber, f.Station.ID, fuelportal.Gallons(20_000+a*100)))
		if err != nil || p.Status != fuelportal.TransactionApproved {
			t.Fatalf("capture %s = %+v, %v", id, p, err)
		}
		fees += p.FeeCents
		fuel += p.FundedTotalCents - p.FeeCents
	}

	// The second prints its answers, one JSON line each.
	var answers []reversalAnswer
	printed := onTwoProcesses(t, "TestNetworkReversal_SecondProcess", []string{reversalProcessDSN + "=" + dsn},
		func() { answers = sendReversals(t, db, 0) })
	for _, line := range printed {
		var a reversalAnswer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			continue // the test framework's own lines
		}
		answers = append(answers, a)
	}
	if len(answers) != reversalAuthorizations*reversalsEach {
		t.Fatalf("%d answers, want %d", len(answers), reversalAuthorizations*reversalsEach)
	}

	// Every answer for one reversal is the same: one refund, or nothing left.
	first := map[string]reversalAnswer{}
	for _, a := range answers {
		if was, ok := first[a.Key]; !ok {
			first[a.Key] = a
		} else if was != a {
			t.Errorf("reversal %s answered %+v and %+v", a.Key, was, a)
		}
	}
	refunds, rows := map[int64]int64{}, 0
	if err := db.EachRefund(ctx, fuelportal.RefundFilter{CompanyID: f.Company.ID}, func(r *fuelportal.Refund) error {
		refunds[r.TransactionID] += r.AmountCents
		rows++
		if a, ok := first[r.IssuerTransactionID]; !ok || a.RefundID != r.ID || a.Credited != r.AmountCents {
			t.Errorf("refund %+v, answered %+v", r, a)
		}
		delete(first, r.IssuerTransactionID)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	conflicts := len(first)
	for key, a := range first {
		if !a.Conflict {
			t.Errorf("reversal %s answered %+v without its refund", key, a)
		}
	}
	// Each purchase got back its fuel exactly, never more.
	if len(refunds) != reversalAuthorizations {
		t.Fatalf("refunds of %d purchases, want %d", len(refunds), reversalAuthorizations)
	}
	var back int64
	for _, cents := range refunds {
		back += cents
	}
	t.Logf("%d answers: %d refunds, %d reversals with nothing left", len(answers), rows, conflicts)
	if back != fuel {
		t.Fatalf("credited %d, the purchases' fuel %d", back, fuel)
	}
	if balance, err := db.WalletBalance(ctx, f.Company.ID); err != nil || balance != topUp-fees {
		t.Fatalf("balance %d, want the top-up less the fees %d (%v)", balance, topUp-fees, err)
	}
	storetest.ExpectSoundLedger(t, db)
	expectStatementsEqualLedger(t, db)
}

// TestNetworkReversal_SecondProcess is the second process of
// TestNetworkReversal_ConcurrentOnTwoProcesses (skipped otherwise).
func TestNetworkReversal_SecondProcess(t *testing.T) {
	db := secondProcessDB(t, reversalProcessDSN, "TestNetworkReversal_ConcurrentOnTwoProcesses")
	for _, a := range sendReversals(t, db, 1) {
		b, _ := json.Marshal(a)
		fmt.Println(string(b))
	}
}
