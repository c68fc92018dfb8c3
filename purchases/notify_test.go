package purchases_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func inAppOf(t *testing.T, db *store.DB, userID int64) *fuelportal.InboxPage {
	t.Helper()
	page, err := db.Inbox(context.Background(), fuelportal.InboxFilter{Inbox: fuelportal.Inbox{UserID: userID}, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// TestNotify_PreferencesLanguageQuietHoursAndCompanies: a notice reaches
// the recipient on the channels their preferences allow, in their
// language; a channel switched off sends nothing; quiet hours hold a
// non-urgent push (and e-mail) until they end but not an urgent one;
// another company's user named as a recipient gets nothing.
func TestNotify_PreferencesLanguageQuietHoursAndCompanies(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 15:00 UTC, 10:00 in Chicago (the default zone)
		company, owner, card := storetest.NewCompanyWithCard(t, db, "owner@storetest.Notify.test", "7071000000000000001")
		_, otherOwner, _ := storetest.NewCompanyWithCard(t, db, "other@storetest.Notify.test", "7071000000000000002")
		driver := &fuelportal.User{Email: "driver@storetest.Notify.test", PasswordHash: "h", FirstName: "Dan", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, card.CardNumber, fuelportal.SignUpCardOf("Acme Trucking")); err != nil {
			t.Fatal(err)
		}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE users SET language = 'es' WHERE id = ?`, driver.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		for _, u := range []*fuelportal.User{driver, owner, otherOwner} {
			storetest.SavePush(t, db, u.ID, "https://push.example/"+u.Email)
		}

		deactivated := fuelportal.CardDeactivatedNotice(company.ID, card.CardNumber)
		// The other company's owner is named: skipped.
		if err := storetest.Notify(t, db, fuelportal.PushRecipients{UserIDs: []int64{driver.ID, otherOwner.ID}}, deactivated); err != nil {
			t.Fatal(err)
		}
		pushes := storetest.PushPayloads(t, db, driver.ID)
		if len(pushes) != 1 || pushes[0].Title != "Tarjeta desactivada" || !strings.Contains(pushes[0].Body, "terminada en 0001") {
			t.Fatalf("driver's pushes = %+v, want one in Spanish", pushes)
		}
		if list := inAppOf(t, db, driver.ID); list.Total != 1 || list.Unread != 1 || list.Items[0].Title != "Tarjeta desactivada" || list.Items[0].URL != "/dashboard" {
			t.Fatalf("driver's in-app list = %+v", list.Items)
		}
		if mails, _ := db.OutboxMessages(ctx, driver.Email, 10); len(mails) != 0 {
			t.Fatalf("a driver's e-mail is off by default, got %+v", mails)
		}
		if got := storetest.PushPayloads(t, db, otherOwner.ID); len(got) != 0 {
			t.Fatalf("another company's owner got %+v", got)
		}
		// OwnersOf another company than the notice's: nobody.
		if err := storetest.Notify(t, db, fuelportal.PushRecipients{OwnersOf: otherOwner.CompanyID}, fuelportal.WalletLowNotice(company.ID, 100, 500)); err != nil {
			t.Fatal(err)
		}
		if got := storetest.PushPayloads(t, db, otherOwner.ID); len(got) != 0 {
			t.Fatalf("another company's owner got %+v", got)
		}

		// Push off, e-mail on: no push, a Spanish e-mail.
		saved, err := db.SaveNotificationSettings(ctx, driver.ID, fuelportal.RoleUser, fuelportal.NotificationSettings{
			Events: []fuelportal.NotificationPreference{{Event: fuelportal.NotifyCardDeactivated, Push: false, Email: true, InApp: false}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(saved.Events) != len(fuelportal.NotificationEvents(fuelportal.RoleUser)) || saved.TimeZone != fuelportal.DefaultTimeZone {
			t.Fatalf("saved = %+v", saved)
		}
		if err := storetest.Notify(t, db, fuelportal.PushRecipients{UserIDs: []int64{driver.ID}}, deactivated); err != nil {
			t.Fatal(err)
		}
		if got := storetest.PushPayloads(t, db, driver.ID); len(got) != 1 {
			t.Fatalf("push switched off, yet %d pushes", len(got))
		}
		if list := inAppOf(t, db, driver.ID); list.Total != 1 {
			t.Fatalf("in-app switched off, yet %d notices", list.Total)
		}
		mails, _ := db.OutboxMessages(ctx, driver.Email, 10)
		if len(mails) != 1 || !strings.Contains(mails[0].Subject, "Tarjeta desactivada") || !strings.Contains(mails[0].Body, "Ábralo en Fuel Portal: /dashboard") {
			t.Fatalf("driver's mails = %+v", mails)
		}

		// Quiet hours 09:00–11:00 in Chicago, now 10:00: a re-planned trip
		// (not urgent) waits until 11:00; a decline (urgent) goes now.
		if _, err := db.SaveNotificationSettings(ctx, driver.ID, fuelportal.RoleUser, fuelportal.NotificationSettings{
			QuietHours: &fuelportal.QuietHours{Start: "09:00", End: "11:00"}}); err != nil {
			t.Fatal(err)
		}
		trip := &fuelportal.Trip{ID: 7, CompanyID: company.ID, OriginName: "Ocala", DestinationName: "Tampa"}
		if err := storetest.Notify(t, db, fuelportal.PushRecipients{UserIDs: []int64{driver.ID}}, fuelportal.TripReplannedNotice(trip)); err != nil {
			t.Fatal(err)
		}
		decline := &fuelportal.Transaction{ID: 9, CompanyID: company.ID, CardNumber: card.CardNumber, LocationName: "Pilot #412", DeclineReason: "CARD_INACTIVE"}
		if err := storetest.Notify(t, db, fuelportal.PushRecipients{UserIDs: []int64{driver.ID}}, fuelportal.DeclineNotice(decline)); err != nil {
			t.Fatal(err)
		}
		claimed, err := db.ClaimPushMessages(ctx, 3*time.Hour, 50)
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, m := range claimed {
			var n fuelportal.PushNotification
			_ = json.Unmarshal(m.Payload, &n)
			if m.Subscription.UserID != driver.ID {
				continue // the owners' (of the decline, the low wallet)
			}
			titles = append(titles, n.Title)
			if n.Title == "Compra rechazada" && !strings.Contains(n.Body, "La tarjeta está inactiva") {
				t.Errorf("decline body %q lacks the Spanish reason", n.Body)
			}
		}
		if strings.Join(titles, ",") != "Tarjeta desactivada,Compra rechazada" {
			t.Fatalf("claimed during quiet hours: %v; want the earlier push and the urgent decline only", titles)
		}
		clock.Advance(time.Hour) // 11:00 in Chicago: quiet hours are over
		claimed, _ = db.ClaimPushMessages(ctx, 3*time.Hour, 50)
		if len(claimed) != 1 || !strings.Contains(string(claimed[0].Payload), "Viaje replanificado") {
			t.Fatalf("after quiet hours claimed %d: %+v", len(claimed), claimed)
		}
		if list := inAppOf(t, db, driver.ID); list.Total != 3 || list.Items[0].TransactionID != 9 || list.Items[1].TripID != 7 {
			t.Fatalf("the in-app list shows at once, newest first: %+v", list.Items)
		}

		// Read marks: own only.
		first := inAppOf(t, db, driver.ID).Items[0]
		if err := db.MarkInboxRead(ctx, fuelportal.Inbox{UserID: owner.ID}, first.ID, "Notification not found"); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another user marked it read: %v", err)
		}
		if err := db.MarkInboxRead(ctx, fuelportal.Inbox{UserID: driver.ID}, first.ID, "Notification not found"); err != nil {
			t.Fatal(err)
		}
		if list := inAppOf(t, db, driver.ID); list.Unread != 2 {
			t.Fatalf("unread = %d after one read", list.Unread)
		}
		if err := db.MarkInboxAllRead(ctx, fuelportal.Inbox{UserID: driver.ID}); err != nil {
			t.Fatal(err)
		}
		if list := inAppOf(t, db, driver.ID); list.Unread != 0 {
			t.Fatalf("unread = %d after reading all", list.Unread)
		}
	})
}

// TestWalletLow_OnceWhenADebitCrossesTheThreshold: the debit that takes
// the wallet below the owner's threshold publishes wallet.low (webhook,
// WALLET_LOW alert, owner's push) in its transaction; the next debit,
// already below, does not.
func TestWalletLow_OnceWhenADebitCrossesTheThreshold(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		storetest.NewClock(db)
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		var owner int64
		if err := db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT id FROM users WHERE company_id = ?`, f.Company.ID).Scan(&owner)
		}); err != nil {
			t.Fatal(err)
		}
		storetest.SavePush(t, db, owner, "https://push.example/owner")
		endpoint := storetest.NewWebhookEndpoint(t, db, f.Company.ID, "https://93.184.215.14/hooks")
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 300_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		threshold := int64(200_00)
		if err := db.SetWalletLowThreshold(ctx, f.Company.ID, &threshold); err != nil {
			t.Fatal(err)
		}
		walletLows := func() int {
			n := 0
			for _, a := range storetest.AlertsOf(t, db, f.Company.ID, false).Items {
				if fuelportal.AlertKind(a.Kind) == fuelportal.AlertWalletLow {
					n++
				}
			}
			return n
		}
		// 20 gal ≈ $77: $300 → $223, still above.
		if tx, _, err := flow(db).Record(ctx, purchase("w-1", f.Active.CardNumber, f.Station.ID, 20_000)); err != nil || tx.Status != fuelportal.TransactionApproved {
			t.Fatalf("purchase: %+v, %v", tx, err)
		}
		if n := walletLows(); n != 0 {
			t.Fatalf("%d WALLET_LOW alerts above the threshold", n)
		}
		// → about $146: crosses.
		if _, _, err := flow(db).Record(ctx, purchase("w-2", f.Active.CardNumber, f.Station.ID, 20_000)); err != nil {
			t.Fatal(err)
		}
		// → about $69: already below, told no more.
		if _, _, err := flow(db).Record(ctx, purchase("w-3", f.Active.CardNumber, f.Station.ID, 20_000)); err != nil {
			t.Fatal(err)
		}
		if n := walletLows(); n != 1 {
			t.Fatalf("%d WALLET_LOW alerts, want 1", n)
		}
		deliveries, err := db.WebhookDeliveries(ctx, f.Company.ID, endpoint.ID)
		if err != nil || len(deliveries) != 1 || deliveries[0].EventType != fuelportal.WebhookWalletLow {
			t.Fatalf("webhook deliveries = %+v, %v", deliveries, err)
		}
		pushes := storetest.PushPayloads(t, db, owner)
		if len(pushes) != 1 || pushes[0].Title != "Wallet balance low" || !strings.Contains(pushes[0].Body, "$200.00") {
			t.Fatalf("owner's pushes = %+v", pushes)
		}
		if audit, err := db.CheckLedger(ctx); err != nil || audit.EntriesSum != 0 || len(audit.BalanceMismatches) != 0 {
			t.Fatalf("ledger audit %+v, %v", audit, err)
		}
	})
}

// TestWalletLow_AHoldLowersTheAvailableBalance: wallet.low watches the
// available balance, so the hold of an approved card authorization that
// crosses the threshold tells the owners once, and its capture (the hold
// released, the purchase debited) tells nothing more.
func TestWalletLow_AHoldLowersTheAvailableBalance(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		stripeCards(t, db, f, 1)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 300_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		threshold := int64(200_00)
		if err := db.SetWalletLowThreshold(ctx, f.Company.ID, &threshold); err != nil {
			t.Fatal(err)
		}
		walletLows := func() int {
			n := 0
			for _, a := range storetest.AlertsOf(t, db, f.Company.ID, false).Items {
				if fuelportal.AlertKind(a.Kind) == fuelportal.AlertWalletLow {
					n++
				}
			}
			return n
		}
		if a, _, err := flow(db).Authorize(ctx, authRequest("iauth_low", "ic_0", 150_00, false)); err != nil || !a.Approved {
			t.Fatalf("authorization = %+v, %v", a, err)
		}
		if n := walletLows(); n != 1 {
			t.Fatalf("%d WALLET_LOW alerts after the hold, want 1", n)
		}
		capture := &fuelportal.IssuingCapture{TransactionID: "ipi_low", AuthorizationID: "iauth_low", IssuerCardID: "ic_0", AmountCents: 150_00,
			Gallons: 40_000, Product: fuelportal.ProductDiesel, Created: time.Date(2025, 3, 14, 9, 45, 0, 0, time.UTC)}
		if _, err := flow(db).Capture(ctx, capture); err != nil {
			t.Fatal(err)
		}
		if n := walletLows(); n != 1 {
			t.Fatalf("%d WALLET_LOW alerts after the capture, want still 1", n)
		}
	})
}

// A push carries the actions its notice offers the reader's role, in the
// reader's language: the driver's decline "Request override", the owners'
// override request "Grant 2 hours" / "Deny"; another company hears nothing.
func TestNotify_PushActionsByRoleAndLanguage(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		storetest.NewClock(db)
		company, owner, card := storetest.NewCompanyWithCard(t, db, "owner@actions.test", "7071000000000000011")
		_, otherOwner, _ := storetest.NewCompanyWithCard(t, db, "other@actions.test", "7071000000000000012")
		driver := &fuelportal.User{Email: "driver@actions.test", PasswordHash: "h", FirstName: "Dan", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, card.CardNumber, fuelportal.SignUpCardOf("Acme Trucking")); err != nil {
			t.Fatal(err)
		}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE users SET language = 'es' WHERE id = ?`, driver.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		for _, u := range []*fuelportal.User{driver, owner, otherOwner} {
			storetest.SavePush(t, db, u.ID, "https://push.example/"+u.Email)
		}
		decline := &fuelportal.Transaction{ID: 41, CompanyID: company.ID, CardNumber: card.CardNumber, LocationName: "Pilot #412", DeclineReason: "DAILY_LIMIT"}
		if err := storetest.Notify(t, db, fuelportal.PushRecipients{UserIDs: []int64{driver.ID, otherOwner.ID}, OwnersOf: company.ID}, fuelportal.DeclineNotice(decline)); err != nil {
			t.Fatal(err)
		}
		request := &fuelportal.OverrideRequest{ID: 17, CompanyID: company.ID, TransactionID: 41, DriverName: "Dan", CardNumber: card.CardNumber, DeclineCode: "DAILY_LIMIT"}
		if err := storetest.Notify(t, db, fuelportal.PushRecipients{UserIDs: []int64{otherOwner.ID}, OwnersOf: company.ID}, fuelportal.OverrideRequestedNotice(request)); err != nil {
			t.Fatal(err)
		}

		got := storetest.PushPayloads(t, db, driver.ID)
		want := []fuelportal.PushAction{{Action: "request-override", Title: "Pedir desbloqueo", URL: "/dashboard?requestOverride=41"}}
		if len(got) != 1 || got[0].Title != "Compra rechazada" || !reflect.DeepEqual(got[0].Actions, want) {
			t.Fatalf("driver's pushes = %+v, want the Spanish decline with %+v", got, want)
		}
		got = storetest.PushPayloads(t, db, owner.ID)
		if len(got) != 2 {
			t.Fatalf("owner's pushes = %+v, want the decline and the request", got)
		}
		for _, p := range got {
			switch p.Title {
			case "Purchase declined":
				if len(p.Actions) != 0 {
					t.Errorf("the owner's decline offers %+v; requesting is the driver's", p.Actions)
				}
			case "Override requested":
				want := []fuelportal.PushAction{
					{Action: "grant", Title: "Grant 2 hours", URL: "/dashboard?overrideRequest=17&decision=grant"},
					{Action: "deny", Title: "Deny", URL: "/dashboard?overrideRequest=17&decision=deny"},
				}
				if !reflect.DeepEqual(p.Actions, want) {
					t.Errorf("owner's request actions = %+v, want %+v", p.Actions, want)
				}
			default:
				t.Errorf("owner's unexpected push %+v", p)
			}
		}
		if got := storetest.PushPayloads(t, db, otherOwner.ID); len(got) != 0 {
			t.Fatalf("another company's owner got %+v", got)
		}
	})
}
