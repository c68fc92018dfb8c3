package purchases_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/purchases"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// stripeBuy authorizes and captures a purchase of cents on the fixture's
// Stripe card ic_0 now, and answers it.
func (f *statementFixture) stripeBuy(t *testing.T, db *store.DB, id string, cents int64) *fuelportal.Transaction {
	t.Helper()
	ctx := context.Background()
	req := authRequest("iauth_"+id, "ic_0", cents, true)
	req.Created, req.ReceivedAt = f.clock.Now().UTC(), f.clock.Now().UTC()
	if _, _, err := flow(db).Authorize(ctx, req); err != nil {
		t.Fatal(err)
	}
	res, err := flow(db).Capture(ctx, &fuelportal.IssuingCapture{TransactionID: "ipi_" + id, AuthorizationID: "iauth_" + id, IssuerCardID: "ic_0",
		AmountCents: cents, Product: fuelportal.ProductDiesel, MerchantName: "PILOT TRAVEL #412", MerchantPostalCode: "34475", MerchantState: "FL",
		Created: f.clock.Now().UTC()})
	if err != nil || res.Transaction == nil {
		t.Fatalf("capture %s = %+v, %v", id, res, err)
	}
	if res.Transaction.Status == fuelportal.TransactionApproved {
		f.model = append(f.model, movement{f.clock.Now(), -res.Transaction.FundedTotalCents})
	}
	return res.Transaction
}

// refund delivers Stripe's refund transaction id of cents on the
// authorization auth ("" for none) and answers what was credited.
func (f *statementFixture) refund(t *testing.T, db *store.DB, id, auth string, cents int64) int64 {
	t.Helper()
	before, _ := db.WalletBalance(context.Background(), f.Company.ID)
	if _, err := flow(db).Capture(context.Background(), &fuelportal.IssuingCapture{TransactionID: id, AuthorizationID: auth, IssuerCardID: "ic_0",
		AmountCents: -cents, MerchantName: "PILOT TRAVEL #412", Created: f.clock.Now().UTC()}); err != nil {
		t.Fatalf("refund %s: %v", id, err)
	}
	after, _ := db.WalletBalance(context.Background(), f.Company.ID)
	if after != before {
		f.model = append(f.model, movement{f.clock.Now(), after - before})
	}
	return after - before
}

func TestRefunds_CreditTheWalletOnceAndAtMostThePurchasesFuel(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newStatementFixture(t, db, time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC))
		stripeCards(t, db, f.Fleet, 1)
		f.topUp(t, db, 500_00, fuelportal.LedgerTopUp)
		p := f.stripeBuy(t, db, "a", 100_00)
		net := p.FundedTotalCents - p.FeeCents
		if got := f.refund(t, db, "ipi_r1", "iauth_a", 30_00); got != 30_00 {
			t.Fatalf("partial refund credited %d", got)
		}
		if got := f.refund(t, db, "ipi_r1", "iauth_a", 30_00); got != 0 {
			t.Fatalf("the same refund again credited %d", got)
		}
		// The merchant refunds its retail total: the wallet gets back what
		// is left of the net price it paid, never the fee.
		if got := f.refund(t, db, "ipi_r2", "iauth_a", 100_00); got != net-30_00 {
			t.Fatalf("the rest credited %d, want %d", got, net-30_00)
		}
		if got := f.refund(t, db, "ipi_r3", "iauth_a", 5_00); got != 0 {
			t.Fatalf("a refund past the purchase credited %d", got)
		}
		// A refund naming no authorization is credited as the issuer tells;
		// another issuer's card records nothing.
		if got := f.refund(t, db, "ipi_r4", "", 7_25); got != 7_25 {
			t.Fatalf("refund without its purchase credited %d", got)
		}
		if _, err := flow(db).Capture(ctx, &fuelportal.IssuingCapture{TransactionID: "ipi_r5", IssuerCardID: "ic_unknown", AmountCents: -9_00}); err != nil {
			t.Fatal(err)
		}
		if got := f.refund(t, db, "ipi_r6", "", fuelportal.MaxCaptureCents+1); got != 0 {
			t.Fatalf("a refund beyond any purchase credited %d", got)
		}
		st, err := f.svc.Get(ctx, f.Company.ID, mustOpen(t, f).ID)
		if err != nil {
			t.Fatal(err)
		}
		var refunds []*fuelportal.StatementLine
		sum, err := f.svc.Walk(ctx, st, func(l *fuelportal.StatementLine) error {
			if l.Kind == fuelportal.LedgerRefund {
				refunds = append(refunds, l)
			}
			return nil
		})
		if err != nil || st.OpeningCents+sum != st.ClosingCents {
			t.Fatalf("walk: %d + %d != %d, %v", st.OpeningCents, sum, st.ClosingCents, err)
		}
		if len(refunds) != 3 || refunds[0].Purchase == nil || refunds[0].Purchase.TransactionID != p.ID || refunds[0].AmountCents != 30_00 ||
			refunds[2].Purchase != nil || refunds[2].Reference != "refund:ipi_r4" || refunds[0].Late {
			t.Fatalf("refund lines = %+v", refunds)
		}
		if balance, _ := db.WalletBalance(ctx, f.Company.ID); balance != f.balanceBefore(f.clock.Now().Add(time.Hour)) || balance != st.ClosingCents {
			t.Fatalf("balance %d, model %d, statement %d", balance, f.balanceBefore(f.clock.Now().Add(time.Hour)), st.ClosingCents)
		}
		var listed int
		if err := db.EachRefund(ctx, fuelportal.RefundFilter{CompanyID: f.Company.ID, Statement: st}, func(r *fuelportal.Refund) error {
			listed++
			return nil
		}); err != nil || listed != 3 {
			t.Fatalf("EachRefund = %d, %v", listed, err)
		}
		if err := db.EachRefund(ctx, fuelportal.RefundFilter{CompanyID: f.Company.ID + 1000, Statement: st}, func(r *fuelportal.Refund) error {
			t.Errorf("another company lists refund %+v", r)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		expectStatementsEqualLedger(t, db)
		storetest.ExpectSoundLedger(t, db)
	})
}

func mustOpen(t *testing.T, f *statementFixture) *fuelportal.Statement {
	t.Helper()
	list, err := f.svc.List(context.Background(), f.Company.ID)
	if err != nil || len(list) == 0 {
		t.Fatalf("statements = %v, %v", list, err)
	}
	return list[0]
}

func TestStatements_EqualTheLedgerWithRefundsAndReversalsOverRandomMonths(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		chicago, _ := time.LoadLocation("America/Chicago")
		f := newStatementFixture(t, db, time.Date(2026, 1, 3, 15, 0, 0, 0, chicago))
		stripeCards(t, db, f.Fleet, 1)
		rng := rand.New(rand.NewPCG(36, 1231))
		f.topUp(t, db, 20_000_00, fuelportal.LedgerTopUp)
		var captured []string
		end := time.Date(2026, 5, 10, 0, 0, 0, 0, chicago)
		for i := 0; f.clock.Now().Before(end); i++ {
			f.clock.Set(f.clock.Now().Add(time.Duration(1+rng.IntN(30)) * time.Hour))
			switch op := rng.IntN(10); {
			case op < 2:
				f.topUp(t, db, int64(1+rng.IntN(200_000)), fuelportal.LedgerTopUp)
			case op < 5:
				f.buy(t, db, fmt.Sprintf("n-%d", i), fuelportal.Gallons(1_000+rng.IntN(150_000)), 0)
			case op < 8:
				f.stripeBuy(t, db, fmt.Sprint(i), int64(10_00+rng.IntN(300_00)))
				captured = append(captured, fmt.Sprint(i))
			case len(captured) > 0:
				// A merchant's partial refund, or a reversal of the whole
				// capture (often more than is left to refund), of a purchase
				// of this period or an earlier one.
				id := captured[rng.IntN(len(captured))]
				cents := int64(1 + rng.IntN(400_00))
				f.refund(t, db, fmt.Sprintf("ipi_ref_%d", i), "iauth_"+id, cents)
			}
			if rng.IntN(4) == 0 {
				if _, err := f.svc.CloseDue(ctx); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := f.svc.CloseDue(ctx); err != nil {
			t.Fatal(err)
		}
		list, err := f.svc.List(ctx, f.Company.ID)
		if err != nil {
			t.Fatal(err)
		}
		var refundLines int
		for _, st := range list {
			var lines int64
			sum, err := f.svc.Walk(ctx, st, func(l *fuelportal.StatementLine) error {
				lines += l.AmountCents
				if l.Kind == fuelportal.LedgerRefund {
					refundLines++
					if l.AmountCents <= 0 || l.Purchase == nil {
						t.Errorf("refund line %+v", l)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if sum != lines || st.OpeningCents+sum != st.ClosingCents {
				t.Errorf("%s: opening %d + movements %d != closing %d", st.Start, st.OpeningCents, sum, st.ClosingCents)
			}
			if want := f.balanceBefore(st.End); st.Status == fuelportal.StatementClosed && st.ClosingCents != want {
				t.Errorf("%s: closing %d, the ledger's balance at its end %d", st.Start, st.ClosingCents, want)
			}
		}
		if refundLines < 10 {
			t.Fatalf("only %d refund lines: the walk did not exercise refunds", refundLines)
		}
		if balance, _ := db.WalletBalance(ctx, f.Company.ID); list[0].ClosingCents != balance {
			t.Errorf("open period closes at %d, wallet %d", list[0].ClosingCents, balance)
		}
		expectStatementsEqualLedger(t, db)
		storetest.ExpectSoundLedger(t, db)
	})
}

// refundDeliveries are the refund.created payloads' data queued for
// endpoint of company.
func refundDeliveries(t *testing.T, db *store.DB, company, endpoint int64) []map[string]any {
	t.Helper()
	deliveries, err := db.WebhookDeliveries(context.Background(), company, endpoint)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, d := range deliveries {
		var event struct {
			Type fuelportal.WebhookEventType `json:"type"`
			Data map[string]any              `json:"data"`
		}
		if err := json.Unmarshal(d.Payload, &event); err != nil {
			t.Fatal(err)
		}
		if event.Type == fuelportal.WebhookRefundCreated {
			out = append(out, event.Data)
		}
	}
	slices.SortFunc(out, func(a, b map[string]any) int { return int(a["refundId"].(float64) - b["refundId"].(float64)) })
	return out
}

// refundAlerts are the REFUND alerts of company's office inbox.
func refundAlerts(t *testing.T, db *store.DB, company int64) []*fuelportal.InboxItem {
	t.Helper()
	page, err := db.Inbox(context.Background(), fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: company}, Kind: string(fuelportal.AlertRefund), Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	return page.Items
}

// A refund credited publishes refund.created once, in its transaction:
// the company's webhook endpoints get it and its office inbox the REFUND
// alert; a repeat of the same refund and a refund crediting nothing
// publish nothing; another company hears nothing.
func TestRefunds_PublishRefundCreatedToTheirCompanyOnly(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newStatementFixture(t, db, time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC))
		stripeCards(t, db, f.Fleet, 1)
		all := fuelportal.WebhookEndpointInput{URL: "https://93.184.215.14/hook", Events: fuelportal.WebhookEventTypes, Active: true}
		ours, err := db.CreateWebhookEndpoint(ctx, f.Company.ID, all, fuelportal.CheckWebhookEndpointAdded)
		if err != nil {
			t.Fatal(err)
		}
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@acme.test", "7071000000000000909")
		theirs, err := db.CreateWebhookEndpoint(ctx, other.ID, all, fuelportal.CheckWebhookEndpointAdded)
		if err != nil {
			t.Fatal(err)
		}
		f.topUp(t, db, 500_00, fuelportal.LedgerTopUp)
		p := f.stripeBuy(t, db, "a", 100_00)
		f.refund(t, db, "ipi_r1", "iauth_a", 30_00)
		f.refund(t, db, "ipi_r1", "iauth_a", 30_00)  // the same delivery again
		f.refund(t, db, "ipi_r2", "iauth_a", 500_00) // the rest of the purchase's fuel
		f.refund(t, db, "ipi_r3", "iauth_a", 5_00)   // nothing left: nothing credited
		f.refund(t, db, "ipi_r4", "", 7_25)          // naming no purchase

		got := refundDeliveries(t, db, f.Company.ID, ours.ID)
		if len(got) != 3 {
			t.Fatalf("refund.created deliveries = %v", got)
		}
		first := got[0]
		if first["amount"] != 30.0 || first["reason"] != "refund" || first["transactionId"] != float64(p.ID) || first["invoiceRef"] != p.InvoiceRef ||
			first["issuerTransactionId"] != "ipi_r1" || first["cardNumber"] != p.CardNumber || first["refundId"] == nil || first["createdAt"] == "" {
			t.Fatalf("first refund's data = %v", first)
		}
		if last := got[2]; last["transactionId"] != nil || last["amount"] != 7.25 {
			t.Fatalf("refund without a purchase = %v", last)
		}
		alerts := refundAlerts(t, db, f.Company.ID)
		if len(alerts) != 3 {
			t.Fatalf("REFUND alerts = %d", len(alerts))
		}
		var aboutPurchase int
		for _, a := range alerts {
			if a.TransactionID == p.ID {
				aboutPurchase++
				if !strings.Contains(a.Message, p.InvoiceRef) || !strings.Contains(a.Message, fuelportal.Last4(p.CardNumber)) {
					t.Errorf("alert message %q", a.Message)
				}
			}
		}
		if aboutPurchase != 2 {
			t.Fatalf("alerts about the purchase = %d", aboutPurchase)
		}
		if n := len(refundDeliveries(t, db, other.ID, theirs.ID)); n != 0 {
			t.Fatalf("another company's endpoint got %d refunds", n)
		}
		if n := len(refundAlerts(t, db, other.ID)); n != 0 {
			t.Fatalf("another company's inbox has %d refund alerts", n)
		}
	})
}

// The network's reversal of a captured purchase goes the refunds' way: one
// REFUND ledger credit per reversal (its id; none: the rest), at most what
// is left of the purchase's fuel, refused beyond the captured retail total
// or when nothing is left, the same answer on a repeat; the statement
// lists it under refunds and reversals and equals the ledger. A held
// authorization's reversal still only releases the hold.
func TestNetworkReversal_OfACapturedPurchaseCreditsTheWalletThroughTheLedger(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newStatementFixture(t, db, time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC))
		f.topUp(t, db, 1000_00, fuelportal.LedgerTopUp)
		req := networkAuthRequest("auth-r", f.Active.CardNumber, f.Station.ID, 100_00)
		req.Created, req.ReceivedAt = f.clock.Now().UTC(), f.clock.Now().UTC()
		if a, _, err := flow(db).Authorize(ctx, req); err != nil || !a.Approved {
			t.Fatalf("authorization = %+v, %v", a, err)
		}
		capture := networkCapture("CAP-R", "auth-r", f.Active.CardNumber, f.Station.ID, 20_000)
		capture.TransactionDate = f.clock.Now().UTC()
		p, _, err := flow(db).Record(ctx, capture)
		if err != nil || p.Status != fuelportal.TransactionApproved {
			t.Fatalf("capture = %+v, %v", p, err)
		}
		f.model = append(f.model, movement{f.clock.Now(), -p.FundedTotalCents})
		net, retail := p.FundedTotalCents-p.FeeCents, p.FundedTotalCents-p.FeeCents+p.DiscountCents
		f.clock.Set(f.clock.Now().Add(time.Hour))

		reverse := func(rev purchases.NetworkReversal) (*purchases.NetworkReversalOutcome, int64, error) {
			t.Helper()
			before, _ := db.WalletBalance(ctx, f.Company.ID)
			out, err := flow(db).ReverseNetwork(ctx, rev)
			after, _ := db.WalletBalance(ctx, f.Company.ID)
			if after != before {
				f.model = append(f.model, movement{f.clock.Now(), after - before})
			}
			return out, after - before, err
		}
		if _, moved, err := reverse(purchases.NetworkReversal{AuthorizationID: "auth-r", ReversalID: "p0", AmountCents: retail + 1}); len(fuelportal.ErrorFields(err)["amount"]) != 1 || moved != 0 {
			t.Fatalf("reversal beyond the captured %d: moved %d, %v", retail, moved, err)
		}
		part, moved, err := reverse(purchases.NetworkReversal{AuthorizationID: "auth-r", ReversalID: "p1", AmountCents: 10_00})
		if err != nil || moved != 10_00 || part.Refund == nil || part.Refund.AmountCents != 10_00 || part.Refund.TransactionID != p.ID ||
			part.Authorization.Status != fuelportal.AuthorizationCaptured || part.Refund.Reason() != "reversal" {
			t.Fatalf("partial reversal = %+v, moved %d, %v", part, moved, err)
		}
		again, moved, err := reverse(purchases.NetworkReversal{AuthorizationID: "auth-r", ReversalID: "p1", AmountCents: 10_00})
		if err != nil || moved != 0 || again.Refund == nil || again.Refund.ID != part.Refund.ID || again.Refund.AmountCents != 10_00 {
			t.Fatalf("the same partial reversal again = %+v, moved %d, %v", again, moved, err)
		}
		rest, moved, err := reverse(purchases.NetworkReversal{AuthorizationID: "auth-r"})
		if err != nil || moved != net-10_00 || rest.Refund.AmountCents != net-10_00 {
			t.Fatalf("reversal of the rest = %+v, moved %d (want %d), %v", rest, moved, net-10_00, err)
		}
		if again, moved, err := reverse(purchases.NetworkReversal{AuthorizationID: "auth-r"}); err != nil || moved != 0 || again.Refund.ID != rest.Refund.ID {
			t.Fatalf("the whole reversal again = %+v, moved %d, %v", again, moved, err)
		}
		if _, moved, err := reverse(purchases.NetworkReversal{AuthorizationID: "auth-r", ReversalID: "p2", AmountCents: 1_00}); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT || moved != 0 {
			t.Fatalf("a reversal with nothing left: moved %d, %v", moved, err)
		}
		if _, _, err := reverse(purchases.NetworkReversal{AuthorizationID: "never-asked"}); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("unknown authorization: %v", err)
		}
		// A held authorization: its hold released, nothing credited.
		held := networkAuthRequest("auth-h", f.Active.CardNumber, f.Station.ID, 50_00)
		held.Created, held.ReceivedAt = f.clock.Now().UTC(), f.clock.Now().UTC()
		if _, _, err := flow(db).Authorize(ctx, held); err != nil {
			t.Fatal(err)
		}
		if out, moved, err := reverse(purchases.NetworkReversal{AuthorizationID: "auth-h", AmountCents: 5_00}); err != nil || moved != 0 || out.Refund != nil ||
			out.Authorization.Status != fuelportal.AuthorizationReleased {
			t.Fatalf("reversal of a hold = %+v, moved %d, %v", out, moved, err)
		}
		if w, _ := db.Wallet(ctx, f.Company.ID); w.HeldCents != 0 {
			t.Fatalf("held after the reversal: %d", w.HeldCents)
		}

		st, err := f.svc.Get(ctx, f.Company.ID, mustOpen(t, f).ID)
		if err != nil {
			t.Fatal(err)
		}
		var reversed int64
		var lines int
		sum, err := f.svc.Walk(ctx, st, func(l *fuelportal.StatementLine) error {
			if l.Kind == fuelportal.LedgerRefund {
				lines++
				reversed += l.AmountCents
				if l.Purchase == nil || l.Purchase.TransactionID != p.ID {
					t.Errorf("reversal line %+v", l)
				}
			}
			return nil
		})
		if err != nil || st.OpeningCents+sum != st.ClosingCents || lines != 2 || reversed != net {
			t.Fatalf("statement: opening %d + %d != closing %d, or %d reversal lines of %d (want %d), %v", st.OpeningCents, sum, st.ClosingCents, lines, reversed, net, err)
		}
		if balance, _ := db.WalletBalance(ctx, f.Company.ID); balance != st.ClosingCents || balance != f.balanceBefore(f.clock.Now().Add(time.Hour)) || balance != 1000_00-p.FeeCents {
			t.Fatalf("balance %d, statement %d, model %d, want the top-up less the fee %d", balance, st.ClosingCents, f.balanceBefore(f.clock.Now().Add(time.Hour)), 1000_00-p.FeeCents)
		}
		if alerts := refundAlerts(t, db, f.Company.ID); len(alerts) != 2 || !strings.HasPrefix(alerts[0].Message, "Reversal: ") {
			t.Fatalf("REFUND alerts = %+v", alerts)
		}
		expectStatementsEqualLedger(t, db)
		storetest.ExpectSoundLedger(t, db)
	})
}

// capturedNetworkPurchases is a fleet whose wallet got $1,000 and whose
// active card then bought 20 gal on each network authorization of ids
// (each captured); nets are each purchase's fuel at its net price, fees
// the fees of all.
func capturedNetworkPurchases(t *testing.T, db *store.DB, ids ...string) (f *storetest.Fleet, nets map[string]int64, fees int64) {
	t.Helper()
	ctx := context.Background()
	f = storetest.NewFleet(t, db, storetest.Prepaid)
	if _, _, err := db.CreditWallet(ctx, f.Company.ID, 1000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
		t.Fatal(err)
	}
	nets = map[string]int64{}
	for _, id := range ids {
		if a, _, err := flow(db).Authorize(ctx, networkAuthRequest(id, f.Active.CardNumber, f.Station.ID, 100_00)); err != nil || !a.Approved {
			t.Fatalf("authorization %s = %+v, %v", id, a, err)
		}
		p, _, err := flow(db).Record(ctx, networkCapture("CAP-"+id, id, f.Active.CardNumber, f.Station.ID, 20_000))
		if err != nil || p.Status != fuelportal.TransactionApproved {
			t.Fatalf("capture %s = %+v, %v", id, p, err)
		}
		nets[id], fees = p.FundedTotalCents-p.FeeCents, fees+p.FeeCents
	}
	return f, nets, fees
}

// Authorizations whose ids differ by a colon or its escape ("auth-k",
// "auth-k:p1", "auth-k%3Ap1") have reversals of their own: the partial
// reversal p1 of the first is neither the whole reversal of the second
// nor of the third, each of which still credits its purchase's fuel to
// the wallet (their idempotency keys never meet).
func TestNetworkReversal_KeysOfDifferentAuthorizationsNeverMeet(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f, nets, fees := capturedNetworkPurchases(t, db, "auth-k", "auth-k:p1", "auth-k%3Ap1")
		part, err := flow(db).ReverseNetwork(ctx, purchases.NetworkReversal{AuthorizationID: "auth-k", ReversalID: "p1", AmountCents: 10_00})
		if err != nil || part.Refund == nil || part.Refund.AmountCents != 10_00 {
			t.Fatalf("partial reversal p1 of auth-k = %+v, %v", part, err)
		}
		seen := map[int64]bool{part.Refund.ID: true}
		for _, id := range []string{"auth-k:p1", "auth-k%3Ap1"} {
			whole, err := flow(db).ReverseNetwork(ctx, purchases.NetworkReversal{AuthorizationID: id})
			if err != nil || whole.Refund == nil || seen[whole.Refund.ID] || whole.Refund.AmountCents != nets[id] {
				t.Fatalf("whole reversal of %s = %+v, %v; want a refund of its own of %d", id, whole, err, nets[id])
			}
			seen[whole.Refund.ID] = true
		}
		if _, err := flow(db).ReverseNetwork(ctx, purchases.NetworkReversal{AuthorizationID: "auth-k"}); err != nil {
			t.Fatal(err)
		}
		if balance, _ := db.WalletBalance(ctx, f.Company.ID); balance != 1000_00-fees {
			t.Fatalf("balance %d, want the top-up less the fees %d", balance, 1000_00-fees)
		}
		storetest.ExpectSoundLedger(t, db)
	})
}

// A reversal's id is its idempotency key: sent again asking the same
// amount it answers the first credit, even one clamped to what was left
// of the purchase; sent again asking another amount (or, for the
// authorization's one reversal, an amount where the first asked for all
// that was left) it is refused with ECONFLICT and moves no money: no
// ledger transfer, no second refund, no alert.
func TestNetworkReversal_ARepeatedIDWithAnotherAmountIsRefused(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f, nets, _ := capturedNetworkPurchases(t, db, "auth-p", "auth-w")
		reverse := func(id, reversalID string, amount int64) (*purchases.NetworkReversalOutcome, int64, error) {
			t.Helper()
			before, _ := db.WalletBalance(ctx, f.Company.ID)
			out, err := flow(db).ReverseNetwork(ctx, purchases.NetworkReversal{AuthorizationID: id, ReversalID: reversalID, AmountCents: amount})
			after, _ := db.WalletBalance(ctx, f.Company.ID)
			return out, after - before, err
		}
		refused := func(what, id, reversalID string, amount int64) {
			t.Helper()
			transfers, alerts := storetest.ExpectSoundLedger(t, db).Transfers, len(refundAlerts(t, db, f.Company.ID))
			_, moved, err := reverse(id, reversalID, amount)
			if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT || fuelportal.ErrorMessage(err) != fuelportal.MsgReversalIDReused || moved != 0 {
				t.Fatalf("%s: moved %d, %v; want ECONFLICT %q", what, moved, err, fuelportal.MsgReversalIDReused)
			}
			if after := storetest.ExpectSoundLedger(t, db).Transfers; after != transfers || len(refundAlerts(t, db, f.Company.ID)) != alerts {
				t.Fatalf("%s: the ledger went from %d to %d transfers, or a REFUND alert was added", what, transfers, after)
			}
		}

		p1, moved, err := reverse("auth-p", "p1", nets["auth-p"]-5_00)
		if err != nil || moved != nets["auth-p"]-5_00 {
			t.Fatalf("reversal p1 = %+v, moved %d, %v", p1, moved, err)
		}
		refused("p1 again with another amount", "auth-p", "p1", 10_00)
		refused("p1 again for all that is left", "auth-p", "p1", 0)
		if again, moved, err := reverse("auth-p", "p1", nets["auth-p"]-5_00); err != nil || moved != 0 || again.Refund.ID != p1.Refund.ID {
			t.Fatalf("p1 again with its amount = %+v, moved %d, %v", again, moved, err)
		}
		// p2 asks $10 where $5 is left: $5 is credited, and p2 sent again
		// asking $10 is the same reversal; asking the $5 credited is not.
		p2, moved, err := reverse("auth-p", "p2", 10_00)
		if err != nil || moved != 5_00 || p2.Refund.AmountCents != 5_00 {
			t.Fatalf("reversal p2 beyond what is left = %+v, moved %d, %v", p2, moved, err)
		}
		if again, moved, err := reverse("auth-p", "p2", 10_00); err != nil || moved != 0 || again.Refund.ID != p2.Refund.ID || again.Refund.AmountCents != 5_00 {
			t.Fatalf("p2 again with its amount = %+v, moved %d, %v", again, moved, err)
		}
		refused("p2 again with the amount credited", "auth-p", "p2", 5_00)

		// The authorization's one reversal (no id) asked for all that was left.
		whole, moved, err := reverse("auth-w", "", 0)
		if err != nil || moved != nets["auth-w"] {
			t.Fatalf("whole reversal = %+v, moved %d, %v", whole, moved, err)
		}
		refused("the whole reversal again with an amount", "auth-w", "", 1_00)
		if again, moved, err := reverse("auth-w", "", 0); err != nil || moved != 0 || again.Refund.ID != whole.Refund.ID {
			t.Fatalf("the whole reversal again = %+v, moved %d, %v", again, moved, err)
		}
		if refunds := len(refundAlerts(t, db, f.Company.ID)); refunds != 3 {
			t.Fatalf("REFUND alerts = %d, want 3 (p1, p2, the whole)", refunds)
		}
		expectStatementsEqualLedger(t, db)
	})
}
