package http_test

import (
	"fmt"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/store"
)

type cardReveal struct {
	EphemeralKeySecret, IssuingCardID, StripeVersion string
}

// A Stripe card's holder and its company's owners get an ephemeral key per
// reveal for Stripe's Issuing Elements (created on stripe-mock with the
// card and the browser's nonce); nobody else does, and a network card has
// no details to reveal.
func TestCardReveal(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newAccountsFixture(t, engine)
		calls := useStripeIssuer(t, f)
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
		var card orderedCard
		f.api.Post("/api/wex/company/cards", cardOrder("Ann Lee", "DRV-1127", "TRK-185", "virtual"), owner).ExpectStatus(t, 201).Decode(t, &card)
		reveal := "/api/wex/cards/" + card.CardNumber + "/reveal"
		nonce := map[string]string{"nonce": "ephkn_pub_test"}
		calls.take()

		t.Run("the owner gets a key made for the card and the nonce", func(t *testing.T) {
			var key cardReveal
			f.api.Post(reveal, nonce, owner).ExpectStatus(t, 200).Decode(t, &key)
			if n := auditKindRows(t, f, companyIDOf(t, f.db, demo.OwnerEmail), fuelportal.AuditCardRevealed); n != 1 {
				t.Fatalf("card.revealed audit rows = %d, want 1", n)
			}
			// stripe-mock's ephemeral key has no secret; Stripe's always has.
			if card.IssuerCardID == nil || key.IssuingCardID != *card.IssuerCardID || key.StripeVersion != "2020-03-02" {
				t.Fatalf("key = %+v", key)
			}
			made := calls.take()
			if len(made) != 1 || made[0].path != "/v1/ephemeral_keys" || made[0].form.Get("issuing_card") != *card.IssuerCardID ||
				made[0].form.Get("nonce") != "ephkn_pub_test" {
				t.Fatalf("stripe calls = %+v", made)
			}
		})
		t.Run("another company's owner: 404, nothing asked of Stripe", func(t *testing.T) {
			f.api.Post(reveal, nonce, other).ExpectStatus(t, 404)
			if made := calls.take(); len(made) != 0 {
				t.Fatalf("stripe calls = %+v", made)
			}
		})
		t.Run("a blank nonce: 400", func(t *testing.T) {
			f.api.Post(reveal, map[string]string{"nonce": " "}, owner).ExpectStatus(t, 400)
		})
		t.Run("a network card: 409", func(t *testing.T) {
			f.api.Post("/api/wex/cards/"+heldCardNumber()+"/reveal", nonce, owner).ExpectStatus(t, 409)
		})
		t.Run("a driver: their own Stripe card only", func(t *testing.T) {
			driver := f.api.Login(demo.DriverEmail, demo.Password).Token
			f.api.Post(reveal, nonce, driver).ExpectStatus(t, 404)
			f.api.Post("/api/account/create", driverSignUp("ann@fleet.test", "GoodPass1", "Ann", "Lee", demo.DemoFreight.Name, card.CardNumber, "4075550190"), "").ExpectStatus(t, 201)
			for _, r := range f.driverRequests(t, owner) {
				if r.Email == "ann@fleet.test" {
					f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", r.ID), nil, owner).ExpectStatus(t, 200)
				}
			}
			ann := f.api.Login("ann@fleet.test", "GoodPass1").Token
			var key cardReveal
			f.api.Post(reveal, nonce, ann).ExpectStatus(t, 200).Decode(t, &key)
			if key.IssuingCardID != *card.IssuerCardID {
				t.Fatalf("key = %+v", key)
			}
			var account struct {
				Prompts *struct {
					DriverID, UnitNumber *string
					Odometer             bool
				}
			}
			f.api.Get("/api/account", ann).ExpectStatus(t, 200).Decode(t, &account)
			if account.Prompts == nil {
				t.Fatal("a driver's account has no prompts")
			}
		})
	})
}
