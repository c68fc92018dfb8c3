package http_test

import (
	"context"
	"testing"
)

func TestContractAndWallet_FollowTheContract(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var contract struct {
			Pricing, Billing                                 string
			RetailMinusCents, CreditLimit, FeePerTransaction float64
		}
		f.api.Get("/api/wex/company/contract", f.owner).ExpectStatus(t, 200).Decode(t, &contract)
		if contract.Pricing != "RETAIL_MINUS" || contract.RetailMinusCents != 18 || contract.Billing != "PREPAID" || contract.FeePerTransaction != 1.5 {
			t.Fatalf("Demo Freight contract = %+v", contract)
		}
		f.api.Get("/api/wex/company/contract", f.other).ExpectStatus(t, 200).Decode(t, &contract)
		if contract.Pricing != "NET_PRICE" || contract.Billing != "INVOICE" || contract.CreditLimit != 25000 {
			t.Fatalf("Other Haulers contract = %+v", contract)
		}

		type wallet struct {
			Balance                      float64
			CanAddFunds, CanPayByInvoice bool
		}
		var w wallet
		f.api.Get("/api/wex/company/wallet", f.owner).ExpectStatus(t, 200).Decode(t, &w)
		balance, _ := f.db.WalletBalance(context.Background(), f.demoCompany)
		if !w.CanAddFunds || w.CanPayByInvoice || w.Balance != float64(balance)/100 || w.Balance <= 0 {
			t.Fatalf("Demo Freight wallet = %+v (ledger %d cents)", w, balance)
		}
		f.api.Get("/api/wex/company/wallet", f.other).ExpectStatus(t, 200).Decode(t, &w)
		if w.CanAddFunds || !w.CanPayByInvoice {
			t.Fatalf("Other Haulers wallet = %+v", w)
		}
	})
}
