package purchases_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestRecordPurchase_DeclineOnACompanyCardRaisesAnAlertAndAMail(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)

		// The wallet is empty: the active card's purchase is declined too.
		inactive, _, err := flow(db).Record(ctx, purchase("d-1", f.Inactive.CardNumber, f.Station.ID, 50_000))
		if err != nil || inactive.Status != fuelportal.TransactionDeclined {
			t.Fatalf("inactive card purchase = %+v, %v", inactive, err)
		}
		funds, _, err := flow(db).Record(ctx, purchase("d-2", f.Active.CardNumber, f.Station.ID, 50_000))
		if err != nil || funds.DeclineReason != fuelportal.DeclineInsufficientFunds {
			t.Fatalf("empty wallet purchase = %+v, %v", funds, err)
		}
		// Repeats and unknown cards raise nothing; approved purchases neither.
		if _, created, err := flow(db).Record(ctx, purchase("d-1", f.Inactive.CardNumber, f.Station.ID, 50_000)); err != nil || created {
			t.Fatalf("repeat: created %v, %v", created, err)
		}
		if _, _, err := flow(db).Record(ctx, purchase("d-3", "7071999999999999999", f.Station.ID, 50_000)); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 1000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		if ok, _, err := flow(db).Record(ctx, purchase("d-4", f.Active.CardNumber, f.Station.ID, 50_000)); err != nil || ok.Status != fuelportal.TransactionApproved {
			t.Fatalf("approved = %+v, %v", ok, err)
		}

		page := storetest.AlertsOf(t, db, f.Company.ID, false)
		if len(page.Items) != 2 || page.Total != 2 || page.Unread != 2 {
			t.Fatalf("alerts = %+v, want the two declines", page)
		}
		newest, oldest := page.Items[0], page.Items[1]
		if fuelportal.AlertKind(oldest.Kind) != fuelportal.AlertDecline || oldest.TransactionID != inactive.ID || oldest.CardID != f.Inactive.ID ||
			oldest.CardNumber != f.Inactive.CardNumber || oldest.DriverName != "Ina Active" || oldest.ReadAt != nil || oldest.CreatedAt.IsZero() {
			t.Fatalf("alert = %+v", oldest)
		}
		for _, want := range []string{"Ina Active", "ending 0002", "Pilot Travel Center #412", "Card is inactive"} {
			if !strings.Contains(oldest.Message, want) {
				t.Errorf("message %q lacks %q", oldest.Message, want)
			}
		}
		if newest.TransactionID != funds.ID || !strings.Contains(newest.Message, "Insufficient funds in the wallet") {
			t.Fatalf("alert = %+v", newest)
		}
		mails, err := db.OutboxMessages(ctx, "owner@example.com", 10)
		if err != nil || len(mails) != 2 {
			t.Fatalf("owner mails = %d, %v; want 2", len(mails), err)
		}
		if !strings.Contains(mails[1].Body, oldest.Message) || !strings.Contains(mails[1].Subject, "declined") {
			t.Fatalf("mail = %+v", mails[1])
		}
	})
}

func TestAlerts_PagesReadStateAndCompanies(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000031")
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000032")
		var ids []int64
		err := db.InTx(ctx, func(tx *store.Tx) error {
			for i := range 5 {
				a := &fuelportal.Alert{CompanyID: company.ID, Kind: fuelportal.AlertNearLimit, CardID: card.ID, CardNumber: card.CardNumber, DriverName: card.DriverName,
					Message: fuelportal.NearLimitAlert(card.DriverName, card.CardNumber, "daily limit", fmt.Sprintf("$%d.00", 800+i), "$1,000.00").Message}
				if err := tx.Publish(ctx, alertEvent(a)); err != nil {
					return err
				}
			}
			return tx.Publish(ctx, alertEvent(&fuelportal.Alert{CompanyID: other.ID, Kind: fuelportal.AlertNearLimit, Message: "other"}))
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range slices.Backward(storetest.AlertsOf(t, db, company.ID, false).Items) {
			ids = append(ids, a.ID)
		}

		page, err := db.Inbox(ctx, fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: company.ID}, Offset: 2, Limit: 2})
		if err != nil || len(page.Items) != 2 || page.Total != 5 || page.Unread != 5 || page.Items[0].ID != ids[2] || page.Items[1].ID != ids[1] {
			t.Fatalf("page = %+v, %v", page, err)
		}
		if m := page.Items[0].Message; m != "Near a limit: Dan Driver, card ending 0031, has used $802.00 of the $1,000.00 daily limit." {
			t.Fatalf("message = %q", m)
		}

		if err := db.MarkInboxRead(ctx, fuelportal.Inbox{CompanyID: other.ID}, ids[0], "Alert not found"); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's alert: err = %v, want ENOTFOUND", err)
		}
		for range 2 { // again is fine
			if err := db.MarkInboxRead(ctx, fuelportal.Inbox{CompanyID: company.ID}, ids[0], "Alert not found"); err != nil {
				t.Fatal(err)
			}
		}
		unread := storetest.AlertsOf(t, db, company.ID, true)
		if unread.Total != 4 || unread.Unread != 4 || len(unread.Items) != 4 || unread.Items[3].ID != ids[1] {
			t.Fatalf("unread = %+v", unread)
		}
		all := storetest.AlertsOf(t, db, company.ID, false)
		if all.Items[4].ReadAt == nil || all.Total != 5 {
			t.Fatalf("read alert = %+v", all.Items[4])
		}

		if err := db.MarkInboxAllRead(ctx, fuelportal.Inbox{CompanyID: company.ID}); err != nil {
			t.Fatal(err)
		}
		if p := storetest.AlertsOf(t, db, company.ID, true); p.Total != 0 || len(p.Items) != 0 || p.Unread != 0 {
			t.Fatalf("after read-all = %+v", p)
		}
		if p := storetest.AlertsOf(t, db, other.ID, true); p.Unread != 1 {
			t.Fatalf("read-all reached another company: %+v", p)
		}
		// One mail for the first alert, one digest of the four others.
		if mails, _ := db.OutboxMessages(ctx, "owner@example.com", 10); len(mails) != 2 || mails[0].Subject != "Fuel Portal: 4 purchases took cards near a limit" {
			t.Fatalf("owner mails = %+v, want the first and a digest", mails)
		}
	})
}

func TestNearLimitEvent_NamesThePurchaseAndTheLimit(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 1000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		err := db.InTx(ctx, func(tx *store.Tx) error {
			tr, _, err := flow(db).RecordIn(ctx, tx, purchase("n-1", f.Active.CardNumber, f.Station.ID, 100_000))
			if err != nil {
				return err
			}
			return tx.Publish(ctx, fuelportal.NearLimitEvent(tr, "daily limit", "$375.40", "$400.00"))
		})
		if err != nil {
			t.Fatal(err)
		}
		page := storetest.AlertsOf(t, db, f.Company.ID, false)
		if len(page.Items) != 1 {
			t.Fatalf("alerts = %+v", page.Items)
		}
		a := page.Items[0]
		if fuelportal.AlertKind(a.Kind) != fuelportal.AlertNearLimit || a.TransactionID == 0 || a.CardID != f.Active.ID ||
			a.Message != "Near a limit: Dan Driver, card ending 0001, has used $375.40 of the $400.00 daily limit." {
			t.Fatalf("alert = %+v", a)
		}
		if mails, _ := db.OutboxMessages(ctx, "owner@example.com", 10); len(mails) != 1 || !strings.Contains(mails[0].Subject, "near a limit") {
			t.Fatalf("mails = %+v", mails)
		}
	})
}

func TestDeclineMails_RepeatsWithinAnHourGoIntoOneDigestWithTheirCount(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 15:00 UTC
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		n := 0
		decline := func(card string) {
			t.Helper()
			n++
			tr, _, err := flow(db).Record(ctx, purchase(fmt.Sprintf("burst-%d", n), card, f.Station.ID, 50_000))
			if err != nil || tr.Status != fuelportal.TransactionDeclined {
				t.Fatalf("purchase %d = %+v, %v; want declined", n, tr, err)
			}
		}
		// claim returns the subjects of the mails due now.
		claim := func() []string {
			t.Helper()
			mails, err := db.ClaimUnsentMail(ctx, 24*time.Hour, 100)
			if err != nil {
				t.Fatal(err)
			}
			var subjects []string
			for _, m := range mails {
				if m.To != "owner@example.com" {
					t.Fatalf("mail to %q", m.To)
				}
				subjects = append(subjects, m.Subject)
			}
			return subjects
		}
		const first = "Fuel Portal alert: a purchase was declined"

		// A burst on the inactive card and one on the active card: the
		// first decline is mailed at once, the 50 others of the hour wait
		// in one digest with their count (one mail per kind and owner per
		// hour, whichever card).
		for range 50 {
			decline(f.Inactive.CardNumber)
			clock.Advance(time.Second)
		}
		decline(f.Active.CardNumber)
		if got := claim(); !slices.Equal(got, []string{first}) {
			t.Fatalf("mails due during the burst = %q", got)
		}
		if page := storetest.AlertsOf(t, db, f.Company.ID, false); page.Total != 51 {
			t.Fatalf("alerts = %d, want one per decline", page.Total)
		}
		clock.Advance(59 * time.Minute) // 15:59:50: the hour is not over
		if got := claim(); len(got) != 0 {
			t.Fatalf("mails due before the hour ends = %q", got)
		}
		clock.Advance(10 * time.Second)                              // 16:00
		mails, err := db.OutboxMessages(ctx, "owner@example.com", 2) // the digest, the first
		if err != nil || len(mails) != 2 {
			t.Fatalf("mails = %d, %v", len(mails), err)
		}
		if digest := mails[0].Body; !strings.HasPrefix(digest, "In the last hour 50 purchases were declined.") ||
			!strings.Contains(digest, "The latest: Purchase declined: Dan Driver, card ending 0001") {
			t.Fatalf("digest = %q", digest)
		}
		if got := claim(); !slices.Equal(got, []string{"Fuel Portal: 50 purchases were declined"}) {
			t.Fatalf("mails due when the hour ends = %q", got)
		}

		// A repeat within the hour after the digest goes into the next one.
		clock.Advance(30 * time.Minute) // 16:30
		decline(f.Inactive.CardNumber)
		if got := claim(); len(got) != 0 {
			t.Fatalf("mails due at once for a repeat = %q", got)
		}
		clock.Advance(30 * time.Minute) // 17:00
		if got := claim(); !slices.Equal(got, []string{"Fuel Portal: 1 purchase was declined"}) {
			t.Fatalf("mails due at 17:00 = %q", got)
		}
		// More than an hour after the last mail: mailed at once again.
		clock.Advance(61 * time.Minute)
		decline(f.Inactive.CardNumber)
		if got := claim(); !slices.Equal(got, []string{first}) {
			t.Fatalf("mails due after a quiet hour = %q", got)
		}
		all, err := db.OutboxMessages(ctx, "owner@example.com", 100)
		if err != nil || len(all) != 4 {
			t.Fatalf("mails = %d, %v; want 4 for 53 declines", len(all), err)
		}
	})
}

// Every alert kind the app knows can be stored: the table's check lists
// them all, whichever migration added the last one.
func TestAlerts_EveryKindIsStored(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000031")
		for _, kind := range fuelportal.AlertKinds {
			if err := db.InTx(ctx, func(tx *store.Tx) error {
				return tx.Publish(ctx, alertEvent(&fuelportal.Alert{CompanyID: company.ID, Kind: kind, Message: string(kind)}))
			}); err != nil {
				t.Errorf("alert of kind %s: %v", kind, err)
			}
		}
	})
}

// An owner who reads Spanish gets the alert mails in Spanish; one who
// reads English keeps the English texts of the alerts page.
func TestAlertMails_InTheOwnersLanguage(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		storetest.NewClock(db)
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		owner, err := db.UserByEmail(ctx, "owner@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.UpdateAccount(ctx, owner.ID, fuelportal.AccountUpdate{FirstName: "Olga", LastName: "Owner", Email: owner.Email,
			Language: fuelportal.LanguageSpanish}, nil); err != nil {
			t.Fatal(err)
		}
		tr, _, err := flow(db).Record(ctx, purchase("es-1", f.Inactive.CardNumber, f.Station.ID, 50_000))
		if err != nil || tr.Status != fuelportal.TransactionDeclined {
			t.Fatalf("purchase = %+v, %v; want declined", tr, err)
		}
		mails, err := db.OutboxMessages(ctx, "owner@example.com", 10)
		if err != nil || len(mails) != 1 {
			t.Fatalf("mails = %d, %v", len(mails), err)
		}
		m := mails[0]
		if m.Subject != "Alerta de Fuel Portal: se rechazó una compra" {
			t.Errorf("subject = %q", m.Subject)
		}
		for _, want := range []string{"Compra rechazada: Ina Active, tarjeta terminada en 0002", "Vea todas las alertas"} {
			if !strings.Contains(m.Body, want) {
				t.Errorf("body = %q, want %q in it", m.Body, want)
			}
		}
		// The alerts page keeps the English text.
		if page := storetest.AlertsOf(t, db, f.Company.ID, false); len(page.Items) != 1 || !strings.HasPrefix(page.Items[0].Message, "Purchase declined: Ina Active") {
			t.Fatalf("alerts = %+v", page.Items)
		}
	})
}

// alertEvent is the event whose route raises alert a (of a.Kind).
func alertEvent(a *fuelportal.Alert) *fuelportal.Event {
	for typ, r := range fuelportal.EventRoutes {
		if r.Alert == a.Kind {
			return &fuelportal.Event{Type: typ, CompanyID: a.CompanyID, Alert: a}
		}
	}
	panic("no event raises alert " + a.Kind)
}
