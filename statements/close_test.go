package statements_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/statements"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// closingMeanwhile is the store of a process whose period another process
// (other) closes just before its own closing transaction begins.
type closingMeanwhile struct {
	*store.DB
	other *statements.Service
	done  bool
}

func (c *closingMeanwhile) InTx(ctx context.Context, fn func(tx *store.Tx) error) error {
	if !c.done {
		c.done = true
		if _, err := c.other.CloseDue(ctx); err != nil {
			return err
		}
	}
	return c.DB.InTx(ctx, fn)
}

// TestCloseDue_WritesStatementReadyOnceInTheClosingsTransaction: closing
// a period writes statement.ready once, in the transaction that closes
// it, with the period's balances (muted when the period ended more than
// StatementHistoryAge ago); a period not yet due, one another process
// closed meanwhile and the demo's history (CloseHistory) write none.
func TestCloseDue_WritesStatementReadyOnceInTheClosingsTransaction(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		chicago, err := time.LoadLocation("America/Chicago")
		if err != nil {
			t.Fatal(err)
		}
		clock := storetest.NewStatementClock(time.Date(2026, 4, 10, 12, 0, 0, 0, chicago))
		db.Now = clock.Now
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, err := db.SaveCompanyControls(ctx, f.Company.ID, fuelportal.CompanyControls{TimeZone: chicago.String()}); err != nil {
			t.Fatal(err)
		}
		topUp := func(cents int64) {
			t.Helper()
			if _, _, err := db.CreditWallet(ctx, f.Company.ID, cents, fuelportal.LedgerTopUp, "top-up-"+clock.Now().Format(time.RFC3339)); err != nil {
				t.Fatal(err)
			}
		}
		svc := statements.New(statements.Deps{Store: db, Now: clock.Now})
		closeDue := func(svc *statements.Service, want int) {
			t.Helper()
			if n, err := svc.CloseDue(ctx); err != nil || n != want {
				t.Fatalf("CloseDue at %s = %d, %v; want %d", clock.Now(), n, err, want)
			}
		}

		topUp(100_00)
		clock.Set(time.Date(2026, 5, 1, 5, 55, 0, 0, chicago)) // April ended, not yet 06:00
		closeDue(svc, 0)
		clock.Set(time.Date(2026, 5, 1, 6, 5, 0, 0, chicago))
		closeDue(svc, 1) // April
		closeDue(svc, 0)
		topUp(50_00)
		// May: another process closes it just before this one.
		clock.Set(time.Date(2026, 6, 1, 6, 5, 0, 0, chicago))
		closeDue(statements.New(statements.Deps{Store: &closingMeanwhile{DB: db, other: svc}, Now: clock.Now}), 0)
		// June: the demo's history, no news.
		clock.Set(time.Date(2026, 7, 1, 6, 5, 0, 0, chicago))
		if n, err := svc.CloseHistory(ctx); err != nil || n != 1 {
			t.Fatalf("CloseHistory = %d, %v", n, err)
		}
		// July and August at once: July's closing is old news.
		clock.Set(time.Date(2026, 9, 1, 6, 5, 0, 0, chicago))
		closeDue(svc, 2)

		list, err := db.Statements(ctx, f.Company.ID, 10)
		if err != nil {
			t.Fatal(err)
		}
		byStart := map[string]*fuelportal.Statement{}
		for _, st := range list {
			byStart[st.Start.In(chicago).Format("2006-01")] = st
		}
		type data struct {
			StatementID         int64     `json:"statementId"`
			PeriodStart         time.Time `json:"periodStart"`
			PeriodEnd           time.Time `json:"periodEnd"`
			OpeningBalanceCents int64     `json:"openingBalanceCents"`
			ClosingBalanceCents int64     `json:"closingBalanceCents"`
		}
		want := []struct {
			month            string
			opening, closing int64
			muted            bool
		}{{"2026-04", 0, 100_00, false}, {"2026-05", 100_00, 150_00, false}, {"2026-07", 150_00, 150_00, true}, {"2026-08", 150_00, 150_00, false}}
		events := storetest.PublishedEvents(t, db, fuelportal.EventStatementReady)
		if len(events) != len(want) {
			t.Fatalf("%d statement.ready events, want %d (April, May, July, August)", len(events), len(want))
		}
		for i, w := range want {
			st, e := byStart[w.month], events[i]
			var d data
			if err := json.Unmarshal(e.Data, &d); err != nil {
				t.Fatal(err)
			}
			if st == nil || st.Status != fuelportal.StatementClosed || st.ClosingCents != w.closing {
				t.Fatalf("%s: statement %+v", w.month, st)
			}
			if e.CompanyID != f.Company.ID || e.Muted != w.muted || e.Alert == nil || e.Notice == nil || e.Notice.URL != "/statements/"+strconv.FormatInt(st.ID, 10) ||
				d.StatementID != st.ID || !d.PeriodStart.Equal(st.Start) || !d.PeriodEnd.Equal(st.End) ||
				d.OpeningBalanceCents != w.opening || d.ClosingBalanceCents != w.closing {
				t.Errorf("%s: event %+v, data %+v", w.month, e, d)
			}
		}
	})
}
