package coding_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/coding"
	"fuelportal/purchases"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// codingFleet is a company on invoice billing with three approved
// purchases on its active card, and another company with one of its own.
type codingFleet struct {
	db           *store.DB
	svc          *coding.Service
	fleet        *storetest.Fleet
	otherCompany int64
	otherCard    string
	ids          []int64 // the company's purchases
	theirs       int64   // the other company's purchase
}

func newCodingFleet(t *testing.T, db *store.DB) *codingFleet {
	t.Helper()
	contract := storetest.Prepaid
	contract.Billing, contract.CreditLimitCents = fuelportal.BillingInvoice, 10_000_00
	f := &codingFleet{db: db, svc: coding.New(coding.Deps{Store: db}), fleet: storetest.NewFleet(t, db, contract)}
	other, _, card := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000041")
	f.otherCompany, f.otherCard = other.ID, card.CardNumber
	if err := db.InTx(context.Background(), func(tx *store.Tx) error {
		c := contract
		c.CompanyID = other.ID
		return tx.SaveContract(context.Background(), &c)
	}); err != nil {
		t.Fatal(err)
	}
	flow := purchases.New(purchases.Deps{DB: db, Deadline: time.Minute})
	record := func(id, card string) int64 {
		t.Helper()
		tr, _, err := flow.Record(context.Background(), &fuelportal.CardPurchase{NetworkTransactionID: id, CardNumber: card, LocationID: f.fleet.Station.ID,
			Gallons: 10_000, RetailPrice: 3859, TransactionDate: time.Now().UTC().Add(-time.Hour), Product: fuelportal.ProductDiesel})
		if err != nil || tr.Status != fuelportal.TransactionApproved {
			t.Fatalf("record %s = %+v, %v", id, tr, err)
		}
		return tr.ID
	}
	for i := range 3 {
		f.ids = append(f.ids, record(fmt.Sprintf("code-%d", i), f.fleet.Active.CardNumber))
	}
	f.theirs = record("code-theirs", f.otherCard)
	return f
}

// ownerContext acts as the company's owner (the audit trail's actor).
func (f *codingFleet) ownerContext(t *testing.T) context.Context {
	return fuelportal.NewContextWithActor(context.Background(), fuelportal.Actor{UserID: f.fleet.OwnerID(t, f.db), Role: string(fuelportal.MemberOwner)})
}

func (f *codingFleet) audits(t *testing.T, kind fuelportal.AuditKind) int {
	t.Helper()
	var n int
	if err := f.db.InReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM audit_events WHERE kind = ?`, kind).Scan(&n)
	}); err != nil {
		t.Fatal(err)
	}
	return n
}

func (f *codingFleet) coding(t *testing.T, company, id int64) fuelportal.Coding {
	t.Helper()
	tr, err := f.db.Transaction(context.Background(), fuelportal.TransactionScope{CompanyID: company}, id)
	if err != nil {
		t.Fatal(err)
	}
	return tr.Coding
}

func TestRecodeMany_BoundsAuditAndOtherCompany(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		f := newCodingFleet(t, db)
		ctx := f.ownerContext(t)
		scope := fuelportal.TransactionScope{CompanyID: f.fleet.Company.ID}

		tooMany := make([]int64, fuelportal.MaxCodingIDs+1)
		for i := range tooMany {
			tooMany[i] = f.ids[0]
		}
		for _, c := range []struct {
			name  string
			ids   []int64
			c     fuelportal.Coding
			field string
			msg   string
		}{
			{"no ids", nil, fuelportal.Coding{Account: "Fuel"}, "ids", "Select at least one transaction"},
			{"over the limit, even repeated", tooMany, fuelportal.Coding{Account: "Fuel"}, "ids", "At most 500 transactions can be coded at once"},
			{"a coding too long", f.ids, fuelportal.Coding{Account: string(make([]byte, fuelportal.MaxCodingTextLength+1))}, "coding.account", ""},
		} {
			_, err := f.svc.RecodeMany(ctx, scope, c.ids, c.c)
			got := fuelportal.ErrorFields(err)[c.field]
			if got == nil || c.msg != "" && fmt.Sprint(got) != fmt.Sprint([]string{c.msg}) {
				t.Errorf("%s: err = %v (fields %v)", c.name, err, fuelportal.ErrorFields(err))
			}
		}
		if n := f.audits(t, fuelportal.AuditTransactionCoded); n != 0 {
			t.Fatalf("%d audit rows after refused re-codes", n)
		}

		// Exactly the limit passes; repeats count once, one audit row each.
		atLimit := make([]int64, fuelportal.MaxCodingIDs)
		for i := range atLimit {
			atLimit[i] = f.ids[i%2]
		}
		list, err := f.svc.RecodeMany(ctx, scope, atLimit, fuelportal.Coding{Account: "  Fuel  ", Job: "J-7"})
		if err != nil || len(list) != 2 || list[0].ID != min(f.ids[0], f.ids[1]) {
			t.Fatalf("at the limit = %v, %v", list, err)
		}
		want := fuelportal.Coding{Account: "Fuel", Job: "J-7"}
		if got := f.coding(t, scope.CompanyID, f.ids[1]); got != want {
			t.Fatalf("coded %+v, want %+v", got, want)
		}
		if n := f.audits(t, fuelportal.AuditTransactionCoded); n != 2 {
			t.Fatalf("%d audit rows, want 2", n)
		}
		// The same coding again changes nothing and writes no row.
		if _, err := f.svc.RecodeMany(ctx, scope, f.ids[:2], want); err != nil {
			t.Fatal(err)
		}
		if n := f.audits(t, fuelportal.AuditTransactionCoded); n != 2 {
			t.Fatalf("%d audit rows after an unchanged re-code, want 2", n)
		}

		// Another company's purchase among them: 404, nothing changes.
		_, err = f.svc.RecodeMany(ctx, scope, []int64{f.ids[2], f.theirs}, fuelportal.Coding{Account: "Stolen"})
		if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("with another company's id = %v", err)
		}
		if got := f.coding(t, scope.CompanyID, f.ids[2]); !got.Empty() {
			t.Fatalf("a refused re-code changed %+v", got)
		}
		if got := f.coding(t, f.otherCompany, f.theirs); !got.Empty() {
			t.Fatalf("another company's purchase coded %+v", got)
		}
		if _, err := f.svc.Recode(ctx, scope, f.theirs, fuelportal.Coding{Account: "Stolen"}); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("one of another company's = %v", err)
		}
		if n := f.audits(t, fuelportal.AuditTransactionCoded); n != 2 {
			t.Fatalf("%d audit rows after refused re-codes, want 2", n)
		}
	})
}

func TestEnterJob_KeepsTheRestOfTheCoding(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newCodingFleet(t, db)
		company := fuelportal.TransactionScope{CompanyID: f.fleet.Company.ID}
		if _, err := f.svc.Recode(ctx, company, f.ids[0], fuelportal.Coding{Account: "Fuel", Memo: "Load 7"}); err != nil {
			t.Fatal(err)
		}
		driver := fuelportal.TransactionScope{CompanyID: f.fleet.Company.ID, CardID: f.fleet.Active.ID}
		if _, err := f.svc.EnterJob(ctx, driver, f.ids[0], "   "); fuelportal.ErrorFields(err)["job"] == nil ||
			fmt.Sprint(fuelportal.ErrorFields(err)["job"]) != fmt.Sprint([]string{fuelportal.MsgJobRequired}) {
			t.Fatalf("empty job = %v", err)
		}
		tr, err := f.svc.EnterJob(ctx, driver, f.ids[0], " J-9 ")
		if want := (fuelportal.Coding{Account: "Fuel", Job: "J-9", Memo: "Load 7"}); err != nil || tr.Coding != want {
			t.Fatalf("job = %+v, %v; want %+v", tr, err, want)
		}
		elsewhere := fuelportal.TransactionScope{CompanyID: f.fleet.Company.ID, CardID: f.fleet.Inactive.ID}
		if _, err := f.svc.EnterJob(ctx, elsewhere, f.ids[1], "J-9"); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another card's purchase = %v", err)
		}
		theirs := fuelportal.TransactionScope{CompanyID: f.fleet.Company.ID, CardID: f.fleet.Active.ID}
		if _, err := f.svc.EnterJob(ctx, theirs, f.theirs, "J-9"); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's purchase = %v", err)
		}
	})
}

func TestRules_ValidatedAndOtherCompanyRefused(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		f := newCodingFleet(t, db)
		ctx := f.ownerContext(t)
		company := f.fleet.Company.ID
		if err := f.svc.CreateRule(ctx, fuelportal.MemberScope{CompanyID: company}, &fuelportal.CodingRule{}); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("a rule that codes nothing = %v", err)
		}
		rule := &fuelportal.CodingRule{Match: fuelportal.CodingMatch{Product: fuelportal.ProductDEF}, Coding: fuelportal.Coding{Account: " Fluids "}}
		if err := f.svc.CreateRule(ctx, fuelportal.MemberScope{CompanyID: company}, rule); err != nil || rule.ID == 0 || rule.Coding.Account != "Fluids" {
			t.Fatalf("create = %+v, %v", rule, err)
		}
		if err := f.svc.SetCardRequireJob(ctx, company, f.fleet.Active.CardNumber, true); err != nil {
			t.Fatal(err)
		}
		rules, cards, err := f.svc.Rules(ctx, fuelportal.MemberScope{CompanyID: company})
		if err != nil || len(rules) != 1 || rules[0].ID != rule.ID || len(cards) != 1 || cards[0] != f.fleet.Active.CardNumber {
			t.Fatalf("rules = %+v, cards %v, %v", rules, cards, err)
		}
		if n := f.audits(t, fuelportal.AuditCodingRuleCreated); n != 1 {
			t.Fatalf("%d audit rows of created rules", n)
		}

		theirs := &fuelportal.CodingRule{ID: rule.ID, Coding: fuelportal.Coding{Account: "Stolen"}}
		if err := f.svc.UpdateRule(ctx, fuelportal.MemberScope{CompanyID: f.otherCompany}, theirs); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("update from another company = %v", err)
		}
		if err := f.svc.DeleteRule(ctx, fuelportal.MemberScope{CompanyID: f.otherCompany}, rule.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("delete from another company = %v", err)
		}
		if err := f.svc.SetCardRequireJob(ctx, company, f.otherCard, true); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's card = %v", err)
		}
		if rules, cards, _ := f.svc.Rules(ctx, fuelportal.MemberScope{CompanyID: f.otherCompany}); len(rules) != 0 || len(cards) != 0 {
			t.Fatalf("the other company sees %+v, %v", rules, cards)
		}
		rule.Coding.Account = "Fluids:DEF"
		if err := f.svc.UpdateRule(ctx, fuelportal.MemberScope{CompanyID: company}, rule); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.DeleteRule(ctx, fuelportal.MemberScope{CompanyID: company}, rule.ID); err != nil {
			t.Fatal(err)
		}
	})
}
