package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/store/storetest"
)

func TestNetworkFeed(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		t.Run("wrong key is 401", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: `{}`,
				Header: http.Header{"X-Network-Key": {"nope"}}, BreaksContract: true}).ExpectStatus(t, 401)
		})
		t.Run("user token is not a network key", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: `{}`, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 401)
		})
		var first networkResult
		t.Run("first report is recorded and approved", func(t *testing.T) {
			f.postPurchase("NET-1", f.driverCard, "100").ExpectStatus(t, 201).Decode(t, &first)
			// 100 gal × (3.859 - 0.180) + 1.50 fee.
			if first.Status != "APPROVED" || first.DeclineReason != nil || first.NetPrice != 3.679 || first.FundedTotal != 369.40 || first.DiscAmount != 18 {
				t.Fatalf("result = %+v", first)
			}
		})
		t.Run("repeat answers the first result and changes nothing", func(t *testing.T) {
			before, _ := f.db.WalletBalance(context.Background(), f.demoCompany)
			var again networkResult
			f.postPurchase("NET-1", f.driverCard, "100").ExpectStatus(t, 200).Decode(t, &again)
			if again.TransactionID != first.TransactionID || again.FundedTotal != first.FundedTotal {
				t.Fatalf("repeat = %+v, first %+v", again, first)
			}
			if after, _ := f.db.WalletBalance(context.Background(), f.demoCompany); after != before {
				t.Fatalf("balance moved %d → %d", before, after)
			}
		})
		t.Run("deactivated card is declined", func(t *testing.T) {
			plan := demo.CardPlans[demo.DemoFreight.Name][2]
			f.api.Put("/api/wex/company/update-card", map[string]string{"cardNumber": plan.CardNumber, "driverName": plan.DriverName,
				"driverId": plan.DriverID, "unitNumber": plan.UnitNumber, "status": "INACTIVE"}, f.owner).ExpectStatus(t, 200)
			var res networkResult
			f.postPurchase("NET-2", plan.CardNumber, "50").ExpectStatus(t, 201).Decode(t, &res)
			if res.Status != "DECLINED" || res.DeclineReason == nil || *res.DeclineReason != "Card is inactive" || res.FundedTotal != 0 {
				t.Fatalf("result = %+v", res)
			}
			var list struct {
				Content []struct {
					InvoiceRef, Status           string
					DeclineReason                *string
					FundedTotal, AttemptedAmount float64
				}
			}
			f.api.Get("/api/wex/company/transactions?searchText="+res.InvoiceRef, f.owner).ExpectStatus(t, 200).Decode(t, &list)
			if len(list.Content) != 1 || list.Content[0].Status != "DECLINED" || *list.Content[0].DeclineReason != "Card is inactive" {
				t.Fatalf("list = %+v", list)
			}
			// Nothing was paid, but the row tells what the driver tried: 50 gal at $3.859.
			if got := list.Content[0]; got.FundedTotal != 0 || got.AttemptedAmount != 192.95 {
				t.Fatalf("declined amounts = %+v, want fundedTotal 0 and attemptedAmount 192.95", got)
			}
		})
		t.Run("unknown card is declined", func(t *testing.T) {
			var res networkResult
			f.postPurchase("NET-3", "7071000000000000000", "50").ExpectStatus(t, 201).Decode(t, &res)
			if res.Status != "DECLINED" || *res.DeclineReason != "Unknown card" {
				t.Fatalf("result = %+v", res)
			}
		})
		t.Run("unknown location is 422", func(t *testing.T) {
			body := `{"networkTransactionId":"NET-4","cardNumber":"` + f.driverCard + `","locationId":1,"gallons":5,"retailPrice":3.5,"transactionDate":"2025-03-14T10:00:00"}`
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body, Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 422)
		})
		t.Run("malformed fields are field errors", func(t *testing.T) {
			body := `{"networkTransactionId":"","cardNumber":"x","locationId":1,"gallons":-5,"retailPrice":0,"transactionDate":"yesterday"}`
			fields := f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body,
				Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 400).FieldErrors(t)
			for _, name := range []string{"networkTransactionId", "gallons", "transactionDate"} {
				if len(fields[name]) == 0 {
					t.Errorf("no field error for %s: %v", name, fields)
				}
			}
		})
		t.Run("a date ahead of now or before the card is a field error, not a decline", func(t *testing.T) {
			for i, date := range []string{"9999-12-31T00:00:00", "2001-01-01T00:00:00"} {
				body := fmt.Sprintf(`{"networkTransactionId":"NET-DATE-%d","cardNumber":%q,"locationId":%d,"gallons":5,"retailPrice":3.5,"transactionDate":%q}`,
					i, f.driverCard, f.station, date)
				fields := f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body,
					Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 400).FieldErrors(t)
				if len(fields["transactionDate"]) != 1 {
					t.Errorf("%s: field errors %v, want one for transactionDate", date, fields)
				}
			}
		})
		t.Run("no configured key is 503", func(t *testing.T) {
			f.srv.NetworkKey = ""
			defer func() { f.srv.NetworkKey = networkKey }()
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: `{}`,
				Header: http.Header{"X-Network-Key": {""}}, BreaksContract: true}).ExpectStatus(t, 503)
		})
		storetest.ExpectSoundLedger(t, f.db)
	})
}
