package store_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestCodingRules_OrderedMovedAndRenumbered(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000002")
		add := func(account string, position int) *fuelportal.CodingRule {
			r := &fuelportal.CodingRule{CompanyID: company.ID, Position: position, Coding: fuelportal.Coding{Account: account}}
			if err := db.CreateCodingRule(ctx, r, fuelportal.MemberScope{}.CheckRuleAdded); err != nil {
				t.Fatal(err)
			}
			return r
		}
		a, b := add("A", 0), add("B", 0)
		add("C", 1) // first
		order := func() string {
			list, err := db.CodingRules(ctx, company.ID)
			if err != nil {
				t.Fatal(err)
			}
			s := ""
			for i, r := range list {
				if r.Position != i+1 {
					t.Errorf("rule %s at position %d, want %d", r.Coding.Account, r.Position, i+1)
				}
				s += r.Coding.Account
			}
			return s
		}
		if got := order(); got != "CAB" {
			t.Fatalf("order %q, want CAB", got)
		}
		b.Position, b.Match.CardNumber = 1, card.CardNumber
		if err := db.UpdateCodingRule(ctx, b, fuelportal.MemberScope{}.CheckRuleChanged); err != nil || b.Position != 1 {
			t.Fatalf("move = %v (position %d)", err, b.Position)
		}
		if got := order(); got != "BCA" {
			t.Fatalf("order %q after the move, want BCA", got)
		}
		if err := db.DeleteCodingRule(ctx, company.ID, a.ID, fuelportal.MemberScope{}.CheckRuleSeen); err != nil {
			t.Fatal(err)
		}
		if got := order(); got != "BC" {
			t.Fatalf("order %q after the delete, want BC", got)
		}
		// Another company's rule is not found; a match naming another
		// company's card is refused.
		if err := db.DeleteCodingRule(ctx, other.ID, b.ID, fuelportal.MemberScope{}.CheckRuleSeen); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Errorf("other company's delete = %v", err)
		}
		foreign := &fuelportal.CodingRule{CompanyID: other.ID, Match: fuelportal.CodingMatch{CardNumber: card.CardNumber}, Coding: fuelportal.Coding{Account: "X"}}
		if err := db.CreateCodingRule(ctx, foreign, fuelportal.MemberScope{}.CheckRuleAdded); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Errorf("rule on another company's card = %v, want EINVALID", err)
		}
	})
}

func TestSetCoding_UnknownIDChangesNothing(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		_, err := db.SetCoding(ctx, fuelportal.TransactionScope{CompanyID: company.ID}, []int64{1, 2}, fuelportal.Coding{Account: "A"}.Replace)
		if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Errorf("SetCoding of unknown ids = %v, want ENOTFOUND", err)
		}
	})
}
