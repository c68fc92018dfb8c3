package http_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/purchases"
	"fuelportal/store/storetest"
)

type networkAuthorizationResult struct {
	AuthorizationID string
	Approved        bool
	Amount          float64
	DeclineCode     *string
	DeclineReason   *string
}

// postAuthorization asks the network authorization of amount (a JSON
// number) on card at the fleet's station.
func (f *fleet) postAuthorization(id, card, amount string) *apitest.Response {
	body := fmt.Sprintf(`{"authorizationId":%q,"cardNumber":%q,"locationId":%d,"amount":%s,"transactionDate":"2025-03-14T10:00:00"}`,
		id, card, f.station, amount)
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/authorizations", Body: body,
		Header: http.Header{"X-Network-Key": {networkKey}}})
}

// postCapture reports the network purchase of gallons at $3.859 that
// captures authorization auth.
func (f *fleet) postCapture(id, auth, card, gallons string) *apitest.Response {
	body := fmt.Sprintf(`{"networkTransactionId":%q,"authorizationId":%q,"cardNumber":%q,"locationId":%d,"gallons":%s,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00"}`,
		id, auth, card, f.station, gallons)
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body,
		Header: http.Header{"X-Network-Key": {networkKey}}})
}

func (f *fleet) postReversal(auth string) *apitest.Response {
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/authorizations/" + auth + "/reversal",
		Header: http.Header{"X-Network-Key": {networkKey}}})
}

func (f *fleet) wallet(t *testing.T, company int64) *fuelportal.Wallet {
	t.Helper()
	w, err := f.db.Wallet(context.Background(), company)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func (f *fleet) held(t *testing.T, company int64) int64 { return f.wallet(t, company).HeldCents }

func (f *fleet) balance(t *testing.T, company int64) int64 { return f.wallet(t, company).BalanceCents }

func TestNetworkAuthorizations(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		// The deadline's answer is tested on the Stripe webhook; a loaded
		// test host must not turn these decisions into timeouts.
		f.srv.Purchases.Deadline = time.Minute
		t.Run("wrong key is 401", func(t *testing.T) {
			for _, path := range []string{"/api/network/authorizations", "/api/network/authorizations/A-1/reversal"} {
				f.api.Do(apitest.Request{Method: "POST", Path: path, Body: `{}`, Token: f.owner, BreaksContract: true,
					Header: http.Header{"X-Network-Key": {"nope"}}}).ExpectStatus(t, 401)
			}
		})
		before := f.held(t, f.demoCompany)
		var first networkAuthorizationResult
		// Demo Freight's card fee is $1.50: a hold is the amount and the fee.
		t.Run("an approval holds its amount and the card's fee on the wallet", func(t *testing.T) {
			f.postAuthorization("A-1", f.driverCard, "80.00").ExpectStatus(t, 201).Decode(t, &first)
			if !first.Approved || first.Amount != 80 || first.DeclineCode != nil || first.DeclineReason != nil || first.AuthorizationID != "A-1" {
				t.Fatalf("answer = %+v", first)
			}
			if held := f.held(t, f.demoCompany); held != before+81_50 {
				t.Fatalf("held %d, want %d", held, before+81_50)
			}
		})
		t.Run("a replay gets the same answer and holds nothing more", func(t *testing.T) {
			var again networkAuthorizationResult
			f.postAuthorization("A-1", f.driverCard, "80.00").ExpectStatus(t, 200).Decode(t, &again)
			if again != first || f.held(t, f.demoCompany) != before+81_50 {
				t.Fatalf("replay = %+v, held %d", again, f.held(t, f.demoCompany))
			}
		})
		t.Run("the id repeated for another card is a 400, nothing held", func(t *testing.T) {
			otherCard := demo.CardPlans[demo.OtherHaulers.Name][0].CardNumber
			otherHeld := f.held(t, f.otherCompany)
			fields := f.postAuthorization("A-1", otherCard, "80.00").ExpectStatus(t, 400).FieldErrors(t)
			if fmt.Sprint(fields["authorizationId"]) != fmt.Sprint([]string{purchases.MsgAuthorizationOfAnotherCard}) {
				t.Fatalf("field errors %v", fields)
			}
			if f.held(t, f.otherCompany) != otherHeld || f.held(t, f.demoCompany) != before+81_50 {
				t.Fatal("the repeated id moved a hold")
			}
		})
		t.Run("the purchase naming it captures the hold", func(t *testing.T) {
			var res networkResult
			f.postCapture("CAP-1", "A-1", f.driverCard, "20").ExpectStatus(t, 201).Decode(t, &res)
			if res.Status != "APPROVED" || res.FundedTotal == 0 || f.held(t, f.demoCompany) != before {
				t.Fatalf("capture = %+v, held %d", res, f.held(t, f.demoCompany))
			}
			var again networkResult
			f.postCapture("CAP-1", "A-1", f.driverCard, "20").ExpectStatus(t, 200).Decode(t, &again)
			if again.TransactionID != res.TransactionID {
				t.Fatalf("replayed capture = %+v", again)
			}
			// Captured once: a second purchase on it is refused.
			fields := f.postCapture("CAP-2", "A-1", f.driverCard, "20").ExpectStatus(t, 400).FieldErrors(t)
			if len(fields["authorizationId"]) != 1 {
				t.Fatalf("field errors %v", fields)
			}
		})
		t.Run("a capture beyond any purchase is a 400 and moves nothing", func(t *testing.T) {
			f.postAuthorization("A-HUGE", f.driverCard, "50").ExpectStatus(t, 201)
			held, balance := f.held(t, f.demoCompany), f.balance(t, f.demoCompany)
			for _, gallons := range []string{"2000.001", "99999999999", "9223372036854775807", "1e300"} {
				if fields := f.postCapture("CAP-HUGE", "A-HUGE", f.driverCard, gallons).ExpectStatus(t, 400).FieldErrors(t); len(fields["gallons"]) != 1 {
					t.Fatalf("gallons %s: field errors %v", gallons, fields)
				}
			}
			if f.held(t, f.demoCompany) != held || f.balance(t, f.demoCompany) != balance {
				t.Fatal("a refused capture moved the wallet")
			}
			f.postReversal("A-HUGE").ExpectStatus(t, 200)
		})
		t.Run("a reversal releases the hold once", func(t *testing.T) {
			f.postAuthorization("A-2", f.driverCard, "50").ExpectStatus(t, 201)
			var rev struct{ AuthorizationID, Status string }
			f.postReversal("A-2").ExpectStatus(t, 200).Decode(t, &rev)
			if rev.Status != "RELEASED" || f.held(t, f.demoCompany) != before {
				t.Fatalf("reversal = %+v, held %d", rev, f.held(t, f.demoCompany))
			}
			f.postReversal("A-2").ExpectStatus(t, 200).Decode(t, &rev)
			if rev.Status != "RELEASED" || f.held(t, f.demoCompany) != before {
				t.Fatalf("second reversal = %+v", rev)
			}
			f.postReversal("NEVER-ASKED").ExpectStatus(t, 404)
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/authorizations/" + strings.Repeat("x", 101) + "/reversal", BreaksContract: true,
				Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 400)
			fields := f.postCapture("CAP-3", "A-2", f.driverCard, "20").ExpectStatus(t, 400).FieldErrors(t)
			if len(fields["authorizationId"]) != 1 {
				t.Fatalf("capture of a reversed one: %v", fields)
			}
		})
		t.Run("a reversal of a captured purchase credits the wallet once, at most what it paid", func(t *testing.T) {
			type reversal struct {
				AuthorizationID string
				Status          string
				Credited        float64
				TransactionID   *int64
			}
			post := func(body string, breaks bool) *apitest.Response {
				return f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/authorizations/A-1/reversal", Body: body, BreaksContract: breaks,
					Header: http.Header{"X-Network-Key": {networkKey}}})
			}
			balance, otherBalance := f.balance(t, f.demoCompany), f.balance(t, f.otherCompany)
			for _, c := range []struct{ body, field string }{
				{`{"amount":-1}`, "amount"}, {`{"amount":0}`, "amount"}, {`{"amount":1e308}`, "amount"}, {`{"amount":"ten"}`, ""},
				{`{"amount":77.19,"reversalId":"r0"}`, "amount"}, // beyond the captured 20 gal at $3.859
				{`{"reversalId":"` + strings.Repeat("x", 101) + `"}`, "reversalId"},
			} {
				res := post(c.body, !strings.Contains(c.body, "77.19")).ExpectStatus(t, 400)
				if fields := res; c.field != "" && len(fields.FieldErrors(t)[c.field]) == 0 {
					t.Fatalf("%s: field errors %v", c.body, fields.FieldErrors(t))
				}
			}
			var part, again, rest reversal
			post(`{"amount":10,"reversalId":"r1"}`, false).ExpectStatus(t, 200).Decode(t, &part)
			if part.Status != "CAPTURED" || part.Credited != 10 || part.TransactionID == nil || f.balance(t, f.demoCompany) != balance+10_00 {
				t.Fatalf("partial reversal = %+v, balance %d", part, f.balance(t, f.demoCompany)-balance)
			}
			post(`{"amount":10,"reversalId":"r1"}`, false).ExpectStatus(t, 200).Decode(t, &again)
			if again.Credited != 10 || f.balance(t, f.demoCompany) != balance+10_00 {
				t.Fatalf("the same reversal again = %+v, balance %d", again, f.balance(t, f.demoCompany)-balance)
			}
			// The id again with another amount: refused, nothing moved.
			transfers := storetest.ExpectSoundLedger(t, f.db).Transfers
			if msg := post(`{"amount":12,"reversalId":"r1"}`, false).ExpectStatus(t, 409).ErrorMessage(t); msg != fuelportal.MsgReversalIDReused ||
				f.balance(t, f.demoCompany) != balance+10_00 || storetest.ExpectSoundLedger(t, f.db).Transfers != transfers {
				t.Fatalf("r1 with another amount: %q, balance %d", msg, f.balance(t, f.demoCompany)-balance)
			}
			f.postReversal("A-1").ExpectStatus(t, 200).Decode(t, &rest)
			credited := f.balance(t, f.demoCompany) - balance
			if rest.Credited <= 0 || credited != 10_00+int64(rest.Credited*100+0.5) || *rest.TransactionID != *part.TransactionID {
				t.Fatalf("reversal of the rest = %+v, credited %d", rest, credited)
			}
			f.postReversal("A-1").ExpectStatus(t, 200).Decode(t, &again)
			if again.Credited != rest.Credited || again.TransactionID == nil || *again.TransactionID != *rest.TransactionID || f.balance(t, f.demoCompany)-balance != credited {
				t.Fatalf("the whole reversal again = %+v", again)
			}
			if msg := post(`{"amount":1}`, false).ExpectStatus(t, 409).ErrorMessage(t); msg != fuelportal.MsgReversalIDReused || f.balance(t, f.demoCompany)-balance != credited {
				t.Fatalf("the whole reversal again with an amount: %q", msg)
			}
			post(`{"amount":1,"reversalId":"r2"}`, false).ExpectStatus(t, 409)
			if f.balance(t, f.otherCompany) != otherBalance || f.balance(t, f.demoCompany)-balance != credited {
				t.Fatal("a refused reversal moved a wallet, or another company's")
			}
		})
		t.Run("an unknown card is declined", func(t *testing.T) {
			var res networkAuthorizationResult
			f.postAuthorization("A-3", "7071000000000000000", "50").ExpectStatus(t, 201).Decode(t, &res)
			if res.Approved || res.Amount != 0 || res.DeclineCode == nil || *res.DeclineCode != "UNKNOWN_CARD" || *res.DeclineReason != "Unknown card" {
				t.Fatalf("answer = %+v", res)
			}
		})
		t.Run("another company's authorization cannot be captured on this card, and says nothing of it", func(t *testing.T) {
			otherCard := demo.CardPlans[demo.OtherHaulers.Name][0].CardNumber
			otherHeld := f.held(t, f.otherCompany)
			var res networkAuthorizationResult
			f.postAuthorization("A-OTHER", otherCard, "40").ExpectStatus(t, 201).Decode(t, &res)
			if !res.Approved {
				t.Fatalf("other company's authorization = %+v", res)
			}
			// Another card's authorization is refused for good, naming nothing of
			// it; an id with no record may not be recorded yet (503, sent again).
			theirs := f.postCapture("CAP-OTHER", "A-OTHER", f.driverCard, "10").ExpectStatus(t, 400).FieldErrors(t)
			if got := fmt.Sprint(theirs["authorizationId"]); got != "[No open authorization of this card has this ID]" || len(theirs) != 1 {
				t.Fatalf("another company's authorization reads %v", theirs)
			}
			f.postCapture("CAP-NONE", "A-NONE", f.driverCard, "10").ExpectStatus(t, 503)
			if f.held(t, f.otherCompany) != otherHeld+41_00 || f.held(t, f.demoCompany) != before {
				t.Fatal("a refused capture moved a hold")
			}
		})
		t.Run("hostile input is a 400 field error, nothing held", func(t *testing.T) {
			for _, c := range []struct{ name, body, field string }{
				{"bad JSON", `{"authorizationId":`, ""},
				{"not an object", `[1,2]`, ""},
				{"negative amount", authBody("H-1", f.driverCard, f.station, "-5"), "amount"},
				{"zero amount", authBody("H-2", f.driverCard, f.station, "0"), "amount"},
				{"huge amount", authBody("H-3", f.driverCard, f.station, "100000.01"), "amount"},
				{"enormous amount", authBody("H-4", f.driverCard, f.station, "1e308"), "amount"},
				{"more digits than int64", authBody("H-5", f.driverCard, f.station, "99999999999999999999999999"), "amount"},
				{"no id", authBody("", f.driverCard, f.station, "10"), "authorizationId"},
				{"long id", authBody(strings.Repeat("x", 101), f.driverCard, f.station, "10"), "authorizationId"},
				{"no card", authBody("H-8", "", f.station, "10"), "cardNumber"},
				{"bad product", strings.Replace(authBody("H-9", f.driverCard, f.station, "10"), `"amount"`, `"productCode":"JET","amount"`, 1), "productCode"},
				{"date far ahead", strings.Replace(authBody("H-10", f.driverCard, f.station, "10"), "2025-03-14T10:00:00", "9999-01-01T00:00:00", 1), "transactionDate"},
			} {
				res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/authorizations", Body: c.body, BreaksContract: true,
					Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 400)
				if c.field != "" {
					if fields := res.FieldErrors(t); len(fields[c.field]) == 0 {
						t.Errorf("%s: field errors %v, want one for %s", c.name, fields, c.field)
					}
				}
			}
			body := strings.Replace(authBody("H-11", f.driverCard, f.station, "10"), fmt.Sprint(f.station), "1", 1)
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/authorizations", Body: body,
				Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 422)
			if f.held(t, f.demoCompany) != before {
				t.Fatalf("hostile requests held %d", f.held(t, f.demoCompany)-before)
			}
		})
		t.Run("no configured key is 503", func(t *testing.T) {
			f.srv.NetworkKey = ""
			defer func() { f.srv.NetworkKey = networkKey }()
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/authorizations", Body: `{}`,
				Header: http.Header{"X-Network-Key": {""}}, BreaksContract: true}).ExpectStatus(t, 503)
		})
		storetest.ExpectSoundLedger(t, f.db)
	})
}

func authBody(id, card string, station int64, amount string) string {
	return fmt.Sprintf(`{"authorizationId":%q,"cardNumber":%q,"locationId":%d,"amount":%s,"transactionDate":"2025-03-14T10:00:00"}`,
		id, card, station, amount)
}
