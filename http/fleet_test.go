package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

const networkKey = "network-key-for-tests"

// fleet is the demo fixture with the card network feed enabled and the
// demo logins signed in.
type fleet struct {
	*fixture
	owner, driver, other      string // bearer tokens
	demoCompany, otherCompany int64
	driverCard                string
	station                   int64
}

// newFleetOn makes fixture fx (forEachEngine's) a fleet.
func newFleetOn(t *testing.T, fx *fixture) *fleet {
	t.Helper()
	f := &fleet{fixture: fx}
	f.srv.NetworkKey = networkKey
	f.owner = f.api.Login(demo.OwnerEmail, demo.Password).Token
	f.driver = f.api.Login(demo.DriverEmail, demo.Password).Token
	f.other = f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
	ctx := context.Background()
	owner, _ := f.db.UserByEmail(ctx, demo.OwnerEmail)
	other, _ := f.db.UserByEmail(ctx, demo.OtherOwnerEmail)
	f.demoCompany, f.otherCompany = owner.CompanyID, other.CompanyID
	f.driverCard = demo.CardPlans[demo.DemoFreight.Name][0].CardNumber
	f.station = demo.FirstStationID
	return f
}

// postPurchase reports a purchase through the network endpoint.
func (f *fleet) postPurchase(id, card string, gallons string) *apitest.Response {
	body := fmt.Sprintf(`{"networkTransactionId":%q,"cardNumber":%q,"locationId":%d,"gallons":%s,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00"}`,
		id, card, f.station, gallons)
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body,
		Header: http.Header{"X-Network-Key": {networkKey}}})
}

type networkResult struct {
	TransactionID int64
	Status        string
	DeclineCode   *string
	DeclineReason *string // the code's sentence
	InvoiceRef    string
	FundedTotal   float64
	DiscAmount    float64
	NetPrice      float64
}

type transactionPage struct {
	Content []struct {
		TransactionID   int64
		TransactionDate string
		InvoiceRef      string
		LocationName    string
		DriverCardName  string
		CardNumber      string
		FundedTotal     float64
		DiscAmount      float64
		Status          string
	}
	Page struct{ Number, Size, TotalElements, TotalPages int }
}

// TestIsolation asks every fleet endpoint for another company's data as
// each kind of caller.
func TestIsolation(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		ctx := context.Background()
		otherPage, _, err := f.db.Transactions(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: f.otherCompany}, Limit: 1})
		if err != nil || len(otherPage) == 0 {
			t.Fatalf("no Other Haulers transaction: %v", err)
		}
		otherTx := otherPage[0].ID
		ownPage, _, _ := f.db.Transactions(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: f.demoCompany}, CardNumber: demo.CardPlans[demo.DemoFreight.Name][1].CardNumber, Limit: 1})
		colleagueTx := ownPage[0].ID // same company, not the driver's card
		otherCard := demo.CardPlans[demo.OtherHaulers.Name][0]
		colleagueCard := demo.CardPlans[demo.DemoFreight.Name][1].CardNumber
		otherCardUpdate := map[string]string{"cardNumber": otherCard.CardNumber, "driverName": "X", "driverId": "X", "unitNumber": "X", "status": "ACTIVE"}
		dates := "dateFrom=2024-01-01T00:00:00&dateTo=2025-12-31T23:59:59"

		type call struct {
			method, path string
			body         any
		}
		companyCalls := []call{
			{"GET", "/api/wex/company/get-cards", nil},
			{"PUT", "/api/wex/company/update-card", otherCardUpdate},
			{"GET", "/api/wex/company/contract", nil},
			{"GET", "/api/wex/company/wallet", nil},
			{"GET", "/api/wex/company/transactions", nil},
			{"GET", "/api/wex/company/transactions/export?" + dates, nil},
			{"GET", fmt.Sprintf("/api/wex/company/transactions/%d", otherTx), nil},
			{"GET", "/api/wex/company/total-spendings?lastDays=7", nil},
		}
		driverCalls := []call{
			{"GET", "/api/wex/transactions", nil},
			{"GET", "/api/wex/transactions/export?" + dates, nil},
			{"GET", fmt.Sprintf("/api/wex/transactions/%d", otherTx), nil},
			{"GET", "/api/wex/total-spendings?lastDays=7", nil},
		}
		for _, c := range append(append([]call{}, companyCalls...), driverCalls...) {
			t.Run("signed out is 401: "+c.method+" "+c.path, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body}).ExpectStatus(t, 401)
			})
		}
		for _, c := range companyCalls {
			t.Run("driver is 403: "+c.method+" "+c.path, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body, Token: f.driver}).ExpectStatus(t, 403)
			})
		}
		for _, c := range driverCalls {
			t.Run("owner on a driver route is 403: "+c.method+" "+c.path, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: c.method, Path: c.path, Token: f.owner}).ExpectStatus(t, 403)
			})
		}
		for _, tc := range []struct {
			name  string
			token string
			call  call
		}{
			{"owner updating another company's card", f.owner, call{"PUT", "/api/wex/company/update-card", otherCardUpdate}},
			{"owner reading another company's transaction", f.owner, call{"GET", fmt.Sprintf("/api/wex/company/transactions/%d", otherTx), nil}},
			{"owner filtering by another company's card", f.owner, call{"GET", "/api/wex/company/transactions?cardNumber=" + otherCard.CardNumber, nil}},
			{"owner exporting another company's card", f.owner, call{"GET", "/api/wex/company/transactions/export?" + dates + "&cardNumber=" + otherCard.CardNumber, nil}},
			{"driver reading another company's transaction", f.driver, call{"GET", fmt.Sprintf("/api/wex/transactions/%d", otherTx), nil}},
			{"driver reading a colleague's transaction", f.driver, call{"GET", fmt.Sprintf("/api/wex/transactions/%d", colleagueTx), nil}},
			{"driver filtering by a colleague's card", f.driver, call{"GET", "/api/wex/transactions?cardNumber=" + colleagueCard, nil}},
			{"driver exporting a colleague's card", f.driver, call{"GET", "/api/wex/transactions/export?" + dates + "&cardNumber=" + colleagueCard, nil}},
			{"unknown transaction id", f.owner, call{"GET", "/api/wex/company/transactions/999999999", nil}},
			{"non-numeric transaction id", f.owner, call{"GET", "/api/wex/company/transactions/abc", nil}},
		} {
			t.Run(tc.name+" is 404", func(t *testing.T) {
				f.api.Do(apitest.Request{Method: tc.call.method, Path: tc.call.path, Body: tc.call.body, Token: tc.token}).ExpectStatus(t, 404)
			})
		}
		t.Run("other company's card is untouched", func(t *testing.T) {
			var cards cardList
			f.api.Get("/api/wex/company/get-cards?searchText="+otherCard.CardNumber, f.other).ExpectStatus(t, 200).Decode(t, &cards)
			if len(cards.Value) != 1 || cards.Value[0].DriverName != otherCard.DriverName {
				t.Fatalf("card = %+v", cards)
			}
		})
	})
}
