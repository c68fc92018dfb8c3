package demo_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// checkFleet: the seeded purchases agree with the ledger, the wallets and
// the alerts, and nobody was mailed.
func checkFleet(t *testing.T, db *store.DB) {
	ctx := context.Background()
	owner, err := db.UserByEmail(ctx, demo.OwnerEmail)
	if err != nil {
		t.Fatal(err)
	}
	audit, err := db.CheckLedger(ctx)
	if err != nil || audit.EntriesSum != 0 || audit.UnpairedTransfers != 0 || len(audit.BalanceMismatches) != 0 {
		t.Fatalf("ledger = %+v, %v", audit, err)
	}
	wallet, err := db.Wallet(ctx, owner.CompanyID)
	if err != nil || wallet.BalanceCents < 10_000_00 || !wallet.CanAddFunds {
		t.Fatalf("Demo Freight wallet = %+v, %v", wallet, err)
	}
	other, _ := db.UserByEmail(ctx, demo.OtherOwnerEmail)
	if w, _ := db.Wallet(ctx, other.CompanyID); !w.CanPayByInvoice || w.BalanceCents > 0 || w.BalanceCents < -25_000_00 {
		t.Fatalf("Other Haulers wallet = %+v", w)
	}

	scope := fuelportal.TransactionScope{CompanyID: owner.CompanyID}
	_, total, err := db.Transactions(ctx, fuelportal.TransactionFilter{Scope: scope})
	if err != nil || total < 2000 || total > 4000 {
		t.Fatalf("%d Demo Freight transactions, %v", total, err)
	}
	reasons := map[fuelportal.DeclineReason]int{}
	var spent int64
	err = db.EachTransaction(ctx, fuelportal.TransactionFilter{Scope: scope}, func(tr *fuelportal.Transaction) error {
		reasons[tr.DeclineReason]++
		spent += tr.FundedTotalCents
		return nil
	})
	if err != nil || reasons[fuelportal.DeclineCardInactive] == 0 || reasons[""] < 2000 {
		t.Fatalf("outcomes = %v, %v", reasons, err)
	}
	// Each decline is an alert, and nobody is mailed about the history.
	alerts, err := db.Inbox(ctx, fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: owner.CompanyID}, Limit: 1})
	if err != nil || alerts.Total != total-reasons[""] || alerts.Unread != alerts.Total {
		t.Fatalf("alerts = %+v, %v; want one per decline (%d)", alerts, err, total-reasons[""])
	}
	if mails, err := db.OutboxMessages(ctx, "", 10); err != nil || len(mails) != 0 {
		t.Fatalf("the seed queued %d mails, %v", len(mails), err)
	}
	var credited int64
	transfers, _ := db.WalletTransfers(ctx, owner.CompanyID, 100_000)
	for _, tr := range transfers {
		if tr.Kind == fuelportal.LedgerTopUp {
			credited += tr.AmountCents
		}
	}
	if credited-spent != wallet.BalanceCents {
		t.Fatalf("top-ups %d - purchases %d != balance %d", credited, spent, wallet.BalanceCents)
	}
	week, _ := db.Spendings(ctx, scope, storetest.NewClock(nil).Now().AddDate(0, 0, -7))
	if week.TotalCents == 0 || week.SavedCents == 0 {
		t.Fatalf("no spending in the last week: %+v", week)
	}
	driver, _ := db.UserByEmail(ctx, demo.DriverEmail)
	if _, n, _ := db.Transactions(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: driver.CompanyID, CardID: driver.CardID}}); n < 200 {
		t.Fatalf("the demo driver has only %d transactions", n)
	}
}
