package contracts_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/contracts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// newCompany adds a company with its owner.
func newCompany(t *testing.T, db *store.DB, email string) *fuelportal.Company {
	t.Helper()
	company := &fuelportal.Company{Name: "Acme Trucking", CarrierID: 7654321, PhoneNumber: "+1 555 010 0000"}
	if err := db.CreateCompanyOwner(context.Background(), company, &fuelportal.User{Email: email, PasswordHash: "hash"}); err != nil {
		t.Fatalf("CreateCompanyOwner: %v", err)
	}
	return company
}

// SetPlannerCosts changes the two planner terms of the company's contract
// and nothing else, of no other company; a company without a contract gets
// the default one with the costs; costs out of bounds or finer than a cent
// a mile are field errors that change nothing.
func TestSetPlannerCosts(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := contracts.New(contracts.Deps{Store: db})
		company := newCompany(t, db, "owner@example.com")
		other := newCompany(t, db, "other@example.com")
		signed := fuelportal.Contract{CompanyID: company.ID, Pricing: fuelportal.PricingNetPrice, Billing: fuelportal.BillingInvoice,
			CreditLimitCents: 25_000_00, FeeCents: 150, OutOfRouteTenthCentsPerMile: 1250, StopCostCents: 15_00}
		otherSigned := fuelportal.Contract{CompanyID: other.ID, Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 180,
			Billing: fuelportal.BillingPrepaid, OutOfRouteTenthCentsPerMile: 500, StopCostCents: 10_00}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.SaveContract(ctx, &signed); err != nil {
				return err
			}
			return tx.SaveContract(ctx, &otherSigned)
		}); err != nil {
			t.Fatal(err)
		}

		c, err := svc.SetPlannerCosts(ctx, company.ID, fuelportal.PlannerCosts{OutOfRouteTenthCentsPerMile: 1850, StopCostCents: 150_00})
		if err != nil || c.OutOfRouteTenthCentsPerMile != 1850 || c.StopCostCents != 150_00 || c.CompanyID != company.ID {
			t.Fatalf("SetPlannerCosts = %+v, %v", c, err)
		}
		if c.Pricing != signed.Pricing || c.Billing != signed.Billing || c.CreditLimitCents != signed.CreditLimitCents || c.FeeCents != signed.FeeCents {
			t.Fatalf("the other terms changed: %+v", c)
		}
		if got, _ := svc.Contract(ctx, company.ID); *got != *c {
			t.Fatalf("Contract = %+v, SetPlannerCosts answered %+v", got, c)
		}
		if got, _ := svc.Contract(ctx, other.ID); got.OutOfRouteTenthCentsPerMile != 500 || got.StopCostCents != 10_00 {
			t.Fatalf("another company's contract changed: %+v", got)
		}

		// The bounds are inclusive; zero turns the costs off.
		for _, ok := range []fuelportal.PlannerCosts{{}, {OutOfRouteTenthCentsPerMile: fuelportal.MaxOutOfRouteTenthCentsPerMile, StopCostCents: fuelportal.MaxStopCostCents}} {
			if c, err := svc.SetPlannerCosts(ctx, company.ID, ok); err != nil || c.OutOfRouteTenthCentsPerMile != ok.OutOfRouteTenthCentsPerMile || c.StopCostCents != ok.StopCostCents {
				t.Fatalf("SetPlannerCosts(%+v) = %+v, %v", ok, c, err)
			}
		}
		before, _ := svc.Contract(ctx, company.ID)
		for _, bad := range []struct {
			costs fuelportal.PlannerCosts
			field string
		}{
			{fuelportal.PlannerCosts{OutOfRouteTenthCentsPerMile: -10}, "outOfRouteCostPerMile"},
			{fuelportal.PlannerCosts{OutOfRouteTenthCentsPerMile: fuelportal.MaxOutOfRouteTenthCentsPerMile + 10}, "outOfRouteCostPerMile"},
			{fuelportal.PlannerCosts{OutOfRouteTenthCentsPerMile: 1855}, "outOfRouteCostPerMile"}, // $1.855
			{fuelportal.PlannerCosts{StopCostCents: -1}, "costPerStop"},
			{fuelportal.PlannerCosts{StopCostCents: fuelportal.MaxStopCostCents + 1}, "costPerStop"},
		} {
			_, err := svc.SetPlannerCosts(ctx, company.ID, bad.costs)
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID || len(fuelportal.ErrorFields(err)[bad.field]) == 0 {
				t.Errorf("SetPlannerCosts(%+v) = %v, want a field error on %s", bad.costs, err, bad.field)
			}
		}
		if after, _ := svc.Contract(ctx, company.ID); *after != *before {
			t.Fatalf("a refused change changed the contract: %+v, was %+v", after, before)
		}

		// A company without a contract gets the default one with the costs.
		fresh := newCompany(t, db, "fresh@example.com")
		c, err = svc.SetPlannerCosts(ctx, fresh.ID, fuelportal.PlannerCosts{OutOfRouteTenthCentsPerMile: 990, StopCostCents: 1})
		want := fuelportal.DefaultContract(fresh.ID)
		if err != nil || c.Pricing != want.Pricing || c.RetailMinusTenthCents != want.RetailMinusTenthCents || c.Billing != want.Billing ||
			c.OutOfRouteTenthCentsPerMile != 990 || c.StopCostCents != 1 || c.CreatedAt.IsZero() {
			t.Fatalf("a fresh company's contract = %+v, %v", c, err)
		}
	})
}
