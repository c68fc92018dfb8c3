package store_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestIssuedCards(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, existing := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000002")

		t.Run("a card without an issuer is the network's, with nothing of an issuer", func(t *testing.T) {
			c, err := db.CompanyCard(ctx, company.ID, existing.CardNumber)
			if err != nil || c.Issuer != fuelportal.IssuerNetwork || c.IssuerCardID != "" || c.Last4 != "" || c.ExpMonth != 0 || c.ExpYear != 0 {
				t.Fatalf("card %+v, %v", c, err)
			}
		})
		t.Run("an issued card keeps what its issuer answered", func(t *testing.T) {
			c := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000003", DriverName: "Ann", DriverID: "A1", UnitNumber: "U9",
				Issuer: fuelportal.IssuerStripe, IssuerCardID: "ic_1", Last4: "4242", ExpMonth: 8, ExpYear: 2029}
			if err := db.AddCard(ctx, c); err != nil || c.ID == 0 || c.Status != fuelportal.CardActive {
				t.Fatalf("AddCard: %+v, %v", c, err)
			}
			got, err := db.CompanyCard(ctx, company.ID, c.CardNumber)
			if err != nil || got.Issuer != fuelportal.IssuerStripe || got.IssuerCardID != "ic_1" || got.Last4 != "4242" || got.ExpMonth != 8 || got.ExpYear != 2029 {
				t.Fatalf("card %+v, %v", got, err)
			}
			cards, err := db.CompanyCards(ctx, company.ID, "")
			if err != nil || len(cards) != 2 || cards[0].IssuerCardID != "ic_1" {
				t.Fatalf("cards %+v, %v", cards, err)
			}
		})
		t.Run("a taken number is a conflict", func(t *testing.T) {
			c := &fuelportal.Card{CompanyID: company.ID, CardNumber: existing.CardNumber, DriverName: "B", DriverID: "B", UnitNumber: "B"}
			if err := db.AddCard(ctx, c); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("err = %v", err)
			}
			taken, err := db.CardNumberTaken(ctx, existing.CardNumber)
			if err != nil || !taken {
				t.Fatalf("taken %t, %v", taken, err)
			}
			if taken, err := db.CardNumberTaken(ctx, "7071999999999999999"); err != nil || taken {
				t.Fatalf("free number taken %t, %v", taken, err)
			}
		})
		t.Run("another company's card is not found", func(t *testing.T) {
			if _, err := db.CompanyCard(ctx, other.ID, existing.CardNumber); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("a shipment is replaced only from the status read", func(t *testing.T) {
			c := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000004", DriverName: "Ann", DriverID: "A2", UnitNumber: "U8",
				Issuer: fuelportal.IssuerStripe, IssuerCardID: "ic_2"}
			if err := db.AddCard(ctx, c); err != nil {
				t.Fatal(err)
			}
			set := func(prev fuelportal.ShippingStatus, s fuelportal.CardShipping) (ok bool) {
				t.Helper()
				if err := db.InTx(ctx, func(tx *store.Tx) (err error) {
					ok, err = tx.SetCardShipping(ctx, c.ID, prev, s)
					return err
				}); err != nil {
					t.Fatal(err)
				}
				return ok
			}
			if !set("", fuelportal.CardShipping{Status: fuelportal.ShippingPending}) {
				t.Fatal("a first shipment not set")
			}
			// Read before the pending one was recorded: left for the caller to read again.
			if set("", fuelportal.CardShipping{Status: fuelportal.ShippingShipped, Carrier: "usps"}) {
				t.Fatal("a shipment set over one recorded meanwhile")
			}
			if !set(fuelportal.ShippingPending, fuelportal.CardShipping{Status: fuelportal.ShippingShipped, Carrier: "usps"}) {
				t.Fatal("a shipment not set from the status read")
			}
			got, err := db.CardByIssuerID(ctx, fuelportal.IssuerStripe, "ic_2")
			if err != nil || got.Shipping == nil || got.Shipping.Status != fuelportal.ShippingShipped || got.Shipping.Carrier != "usps" {
				t.Fatalf("card %+v, %v", got, err)
			}
		})
		t.Run("the first cardholder saved stands", func(t *testing.T) {
			if id, err := db.IssuingCardholder(ctx, company.ID, fuelportal.IssuerStripe); err != nil || id != "" {
				t.Fatalf("before: %q, %v", id, err)
			}
			for _, id := range []string{"ich_1", "ich_2"} {
				if stored, err := db.SaveIssuingCardholder(ctx, company.ID, fuelportal.IssuerStripe, id); err != nil || stored != "ich_1" {
					t.Fatalf("save %s: %q, %v", id, stored, err)
				}
			}
			if id, err := db.IssuingCardholder(ctx, company.ID, fuelportal.IssuerStripe); err != nil || id != "ich_1" {
				t.Fatalf("after: %q, %v", id, err)
			}
			if id, err := db.IssuingCardholder(ctx, other.ID, fuelportal.IssuerStripe); err != nil || id != "" {
				t.Fatalf("other company: %q, %v", id, err)
			}
		})
	})
}
