package purchases_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// Coding rules code a purchase inside the transaction that records it,
// whatever the entry point: a network purchase and a Stripe capture.
func TestCoding_RulesCodePurchasesAsTheyPost(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		p := newPump(t, db, fuelportal.TimeoutDecline)
		for _, r := range []fuelportal.CodingRule{
			{Match: fuelportal.CodingMatch{Product: fuelportal.ProductDEF}, Coding: fuelportal.Coding{Account: "Fluids"}},
			{Match: fuelportal.CodingMatch{CardNumber: p.open}, Coding: fuelportal.Coding{Account: "Fuel:Open", Job: "J-1"}},
			{Coding: fuelportal.Coding{Account: "Fuel"}},
		} {
			r.CompanyID = p.company
			if err := db.CreateCodingRule(ctx, &r, fuelportal.MemberScope{}.CheckRuleAdded); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE cards SET issuer = 'stripe', issuer_card_id = 'ic_coding' WHERE card_number = ?`, p.other)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if err := db.SetCardRequireJob(ctx, p.company, p.other, true); err != nil {
			t.Fatal(err)
		}
		when := time.Now().UTC().Add(-time.Hour)
		record := func(id, card string, product fuelportal.ProductCode) *fuelportal.Transaction {
			t.Helper()
			tr, created, err := p.svc.Record(ctx, &fuelportal.CardPurchase{NetworkTransactionID: id, CardNumber: card, LocationID: 412,
				Gallons: 10_000, RetailPrice: 3859, TransactionDate: when, Product: product})
			if err != nil || !created || tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("record %s = %+v, %v, %v", id, tr, created, err)
			}
			return tr
		}
		for _, c := range []struct {
			name string
			tr   *fuelportal.Transaction
			want fuelportal.Coding
		}{
			{"the card's rule", record("COD-1", p.open, fuelportal.ProductDiesel), fuelportal.Coding{Account: "Fuel:Open", Job: "J-1"}},
			{"an earlier product rule wins", record("COD-2", p.open, fuelportal.ProductDEF), fuelportal.Coding{Account: "Fluids"}},
			{"the catch-all", record("COD-3", p.limited, fuelportal.ProductDiesel), fuelportal.Coding{Account: "Fuel"}},
		} {
			stored, err := db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: p.company}, c.tr.ID)
			if err != nil || stored.Coding != c.want || stored.JobRequired {
				t.Errorf("%s: stored %+v (job required %v), %v; want %+v", c.name, stored.Coding, stored.JobRequired, err, c.want)
			}
		}

		res, err := p.svc.Capture(ctx, &fuelportal.IssuingCapture{TransactionID: "ipi_coding", IssuerCardID: "ic_coding", AmountCents: 40_00,
			Gallons: 10_000, Product: fuelportal.ProductDiesel, FuelReported: true, MerchantName: "PILOT TRAVEL #412", MerchantPostalCode: "34475",
			MerchantState: "FL", Created: when})
		if err != nil || res.Transaction == nil {
			t.Fatalf("capture = %+v, %v", res, err)
		}
		stored, err := db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: p.company}, res.Transaction.ID)
		if err != nil || stored.Coding != (fuelportal.Coding{Account: "Fuel"}) || !stored.MissingJob() {
			t.Errorf("captured purchase coded %+v, missing job %v, %v", stored.Coding, stored.MissingJob(), err)
		}
	})
}

// A purchase posting without a job on a card that requires one asks that
// card's driver, from its transaction.approved event: an in-app notice
// and a push opening the purchase's page. A purchase with a job, one on
// a card without the requirement, the company's owner and another
// company's driver hear nothing.
func TestCoding_MissingJobAsksTheCardsDriver(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		p := newPump(t, db, fuelportal.TimeoutDecline)
		drivers := map[string]int64{}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			for _, number := range []string{p.open, p.other} {
				u := &fuelportal.User{Email: "driver" + number[16:] + "@example.com", PasswordHash: "hash", CompanyID: p.company, Role: fuelportal.RoleUser}
				if err := tx.CreateUser(ctx, u); err != nil {
					return err
				}
				card, err := tx.CardByNumber(ctx, number)
				if err != nil {
					return err
				}
				if err := tx.LinkCardDriver(ctx, card.ID, u.ID); err != nil {
					return err
				}
				drivers[number] = u.ID
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		owner, err := db.UserByEmail(ctx, "owner@example.com")
		if err != nil {
			t.Fatal(err)
		}
		_, otherOwner, otherCard := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000799")
		otherDriver := &fuelportal.User{Email: "driver799@example.com", PasswordHash: "h", FirstName: "Oz", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, otherDriver, otherCard.CardNumber, fuelportal.SignUpCardOf("Acme Trucking")); err != nil {
			t.Fatal(err)
		}
		if err := db.SetCardRequireJob(ctx, otherOwner.CompanyID, otherCard.CardNumber, true); err != nil {
			t.Fatal(err)
		}
		for _, u := range []int64{drivers[p.open], drivers[p.other], owner.ID, otherDriver.ID, otherOwner.ID} {
			storetest.SavePush(t, db, u, "https://push.example/"+strconv.FormatInt(u, 10))
		}
		if err := db.SetCardRequireJob(ctx, p.company, p.other, true); err != nil {
			t.Fatal(err)
		}
		rule := fuelportal.CodingRule{CompanyID: p.company, Match: fuelportal.CodingMatch{Product: fuelportal.ProductDEF}, Coding: fuelportal.Coding{Account: "Fluids", Job: "J-9"}}
		if err := db.CreateCodingRule(ctx, &rule, fuelportal.MemberScope{}.CheckRuleAdded); err != nil {
			t.Fatal(err)
		}
		when := time.Now().UTC().Add(-time.Hour)
		record := func(id, card string, product fuelportal.ProductCode) *fuelportal.Transaction {
			t.Helper()
			tr, created, err := p.svc.Record(ctx, &fuelportal.CardPurchase{NetworkTransactionID: id, CardNumber: card, LocationID: 412,
				Gallons: 10_000, RetailPrice: 3859, TransactionDate: when, Product: product})
			if err != nil || !created || tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("record %s = %+v, %v, %v", id, tr, created, err)
			}
			return tr
		}
		missing := record("JOB-1", p.other, fuelportal.ProductDiesel)
		record("JOB-2", p.other, fuelportal.ProductDEF)   // the rule gives it a job
		record("JOB-3", p.open, fuelportal.ProductDiesel) // no job required

		list := inAppOf(t, db, drivers[p.other])
		if list.Total != 1 || list.Items[0].Title != "Which job was this fill-up for?" || list.Items[0].TransactionID != missing.ID ||
			list.Items[0].URL != fmt.Sprintf("/transactions/%d", missing.ID) || list.Items[0].Kind != string(fuelportal.NotifyJobNeeded) {
			t.Fatalf("the driver's in-app list = %+v, want the one job question of purchase %d", list.Items, missing.ID)
		}
		if pushes := storetest.PushPayloads(t, db, drivers[p.other]); len(pushes) != 1 || pushes[0].URL != list.Items[0].URL {
			t.Fatalf("the driver's pushes = %+v", pushes)
		}
		for name, u := range map[string]int64{"the driver of a card without the requirement": drivers[p.open], "the owner": owner.ID,
			"another company's driver": otherDriver.ID, "another company's owner": otherOwner.ID} {
			if got := storetest.PushPayloads(t, db, u); len(got) != 0 {
				t.Errorf("%s got pushes %+v", name, got)
			}
			if got := inAppOf(t, db, u); got.Total != 0 {
				t.Errorf("%s got notices %+v", name, got.Items)
			}
		}
	})
}
