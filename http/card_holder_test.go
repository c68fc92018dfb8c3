package http_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
)

// A driver approved onto a card another driver held sees none of the
// earlier purchases, the card takes their name, and the owner sees who held
// the card at each purchase.
func TestCardHolder_ReusedCardShowsTheNewDriverOnlyTheirPurchases(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		card := heldCardNumber()
		owner := f.api.Login(demo.OwnerEmail, demo.Password)
		var before transactionPage
		f.api.Get("/api/wex/company/transactions?cardNumber="+card+"&size=100", owner.Token).ExpectStatus(t, 200).Decode(t, &before)
		if before.Page.TotalElements == 0 {
			t.Fatal("the demo driver's card has no purchases")
		}
		// The demo driver leaves; their account goes, the card is free.
		old, err := f.db.UserByEmail(ctx, demo.DriverEmail)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.db.DeleteUser(ctx, old.ID, fuelportal.CheckUserDeleted); err != nil {
			t.Fatal(err)
		}

		f.api.Post("/api/account/create", driverSignUp("next@fleet.test", "GoodPass1", "Ned", "Next", "demo freight", card, "4075550190"), "").ExpectStatus(t, 201)
		next := f.api.Login("next@fleet.test", "GoodPass1") // a token issued while pending
		var requests []driverRequest
		for _, r := range f.driverRequests(t, owner.Token) {
			if r.Email == "next@fleet.test" {
				requests = append(requests, r)
			}
		}
		if len(requests) != 1 || requests[0].CardNumber != card {
			t.Fatalf("requests = %+v", requests)
		}
		var cards struct {
			Value []struct{ CardNumber, DriverName, DriverID string }
		}
		f.api.Get("/api/wex/company/get-cards?searchText="+card, owner.Token).ExpectStatus(t, 200).Decode(t, &cards)
		driverID := cards.Value[0].DriverID
		f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", requests[0].ID), nil, owner.Token).ExpectStatus(t, 200)

		var page transactionPage
		f.api.Get("/api/wex/transactions", next.Token).ExpectStatus(t, 200).Decode(t, &page)
		if page.Page.TotalElements != 0 {
			t.Fatalf("the new driver sees %d of the earlier holder's purchases", page.Page.TotalElements)
		}
		var spent []struct{ Total, Saved float64 }
		f.api.Get("/api/wex/total-spendings?lastDays=3650", next.Token).ExpectStatus(t, 200).Decode(t, &spent)
		if len(spent) != 1 || spent[0].Total != 0 || spent[0].Saved != 0 {
			t.Fatalf("the new driver's spendings = %+v, want none", spent)
		}
		f.api.Get(fmt.Sprintf("/api/wex/transactions/%d", before.Content[0].TransactionID), next.Token).ExpectStatus(t, 404)
		f.api.Get("/api/wex/company/get-cards?searchText="+card, owner.Token).ExpectStatus(t, 200).Decode(t, &cards)
		if c := cards.Value; len(c) != 1 || c[0].DriverName != "Ned Next" || c[0].DriverID != driverID {
			t.Fatalf("card after approval = %+v, want Ned's name and the card's driver id %q", c, driverID)
		}

		tr, _, err := f.srv.Purchases.Record(ctx, cardPurchase("next-1", card, addStation(t, f.db), 80_000))
		if err != nil {
			t.Fatal(err)
		}
		f.api.Get("/api/wex/transactions", next.Token).ExpectStatus(t, 200).Decode(t, &page)
		if page.Page.TotalElements != 1 || page.Content[0].TransactionID != tr.ID {
			t.Fatalf("the new driver sees %+v, want only their purchase", page)
		}
		f.api.Get("/api/wex/total-spendings?lastDays=3650", next.Token).ExpectStatus(t, 200).Decode(t, &spent)
		if want := float64(tr.FundedTotalCents) / 100; spent[0].Total != want {
			t.Fatalf("spendings = %+v, want %v", spent, want)
		}

		// The owner sees the whole history, and who held the card each time.
		var held struct {
			Content []struct {
				TransactionID int64
				HolderName    *string
			}
			Page struct{ TotalElements int }
		}
		f.api.Get("/api/wex/company/transactions?cardNumber="+card+"&size=100", owner.Token).ExpectStatus(t, 200).Decode(t, &held)
		if held.Page.TotalElements != before.Page.TotalElements+1 {
			t.Fatalf("owner sees %d, want %d", held.Page.TotalElements, before.Page.TotalElements+1)
		}
		for _, row := range held.Content {
			switch {
			case row.TransactionID == tr.ID && (row.HolderName == nil || *row.HolderName != "Ned Next"):
				t.Fatalf("the new purchase's holder = %v, want Ned Next", row.HolderName)
			case row.TransactionID != tr.ID && row.HolderName != nil:
				t.Fatalf("an earlier purchase names %q, whose account is deleted", *row.HolderName)
			}
		}
		var detail struct{ HolderName *string }
		f.api.Get(fmt.Sprintf("/api/wex/company/transactions/%d", tr.ID), owner.Token).ExpectStatus(t, 200).Decode(t, &detail)
		if detail.HolderName == nil || *detail.HolderName != "Ned Next" {
			t.Fatalf("detail holder = %v", detail.HolderName)
		}
		// Another company sees none of it.
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password)
		f.api.Get(fmt.Sprintf("/api/wex/company/transactions/%d", tr.ID), other.Token).ExpectStatus(t, 404)
	})
}

// Two drivers ask for one card; approving one declines the other, and both
// are told.
func TestDriverRequests_ApprovingOneDeclinesTheOthersForTheCard(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		card := demo.FreeCardNumbers[0]
		for _, email := range []string{"first@fleet.test", "second@fleet.test"} {
			f.api.Post("/api/account/create", driverSignUp(email, "GoodPass1", "Dee", "Driver", "Demo Freight LLC", card, "4075550191"), "").ExpectStatus(t, 201)
		}
		second := f.api.Login("second@fleet.test", "GoodPass1")
		owner := f.api.Login(demo.OwnerEmail, demo.Password)
		ids := map[string]int64{}
		for _, r := range f.driverRequests(t, owner.Token) {
			if r.CardNumber == card {
				ids[r.Email] = r.ID
			}
		}
		if len(ids) != 2 {
			t.Fatalf("requests for the card = %v, want both", ids)
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", ids["first@fleet.test"]), nil, owner.Token).ExpectStatus(t, 200)
		for _, r := range f.driverRequests(t, owner.Token) {
			if r.CardNumber == card {
				t.Fatalf("still listed: %+v", r)
			}
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", ids["second@fleet.test"]), nil, owner.Token).ExpectStatus(t, 404)
		f.api.Get("/api/wex/transactions", second.Token).ExpectStatus(t, 401)
		told := map[string]string{}
		for _, m := range f.sentMails() {
			told[m.To] = m.Subject
		}
		if !strings.Contains(told["first@fleet.test"], "approved") || !strings.Contains(told["second@fleet.test"], "declined") {
			t.Fatalf("mails = %v", told)
		}
	})
}
