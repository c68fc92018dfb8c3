package http_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"fuelportal/http/apitest"
)

func TestReceipt_ShowsWhatAnAuditorAsksFor(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var res networkResult
		f.postPurchase("NET-R", f.driverCard, "128.4").ExpectStatus(t, 201).Decode(t, &res)
		for _, tt := range []struct{ path, token string }{
			{fmt.Sprintf("/api/wex/transactions/%d/receipt", res.TransactionID), f.driver},
			{fmt.Sprintf("/api/wex/company/transactions/%d/receipt", res.TransactionID), f.owner},
		} {
			got := f.api.Get(tt.path, tt.token).ExpectStatus(t, http.StatusOK)
			if ct := got.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Fatalf("Content-Type %q", ct)
			}
			page := string(got.Body)
			// 10:15 on the San Diego station's clock, in its zone; the card masked.
			for _, want := range []string{"Fuel receipt", res.InvoiceRef, "Mar 14, 2025, 10:15 AM PDT", "•••• " + f.driverCard[len(f.driverCard)-4:],
				"Dylan Driver", "Diesel", "128.400", "$3.859", "$3.679", "Total charged", "NET-R"} {
				if !strings.Contains(page, want) {
					t.Fatalf("%s lacks %q:\n%s", tt.path, want, page)
				}
			}
			if strings.Contains(page, f.driverCard) {
				t.Fatalf("%s shows the whole card number", tt.path)
			}
		}
		// In Spanish: by parameter or by the browser's language.
		es := string(f.api.Get(fmt.Sprintf("/api/wex/transactions/%d/receipt?lang=es", res.TransactionID), f.driver).ExpectStatus(t, 200).Body)
		if !strings.Contains(es, "Recibo de combustible") || !strings.Contains(es, "14 mar 2025, 10:15 PDT") || !strings.Contains(es, "Diésel") {
			t.Fatalf("Spanish receipt:\n%s", es)
		}
		byHeader := f.api.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/api/wex/transactions/%d/receipt", res.TransactionID), Token: f.driver,
			Header: http.Header{"Accept-Language": {"es-MX,es;q=0.9,en;q=0.5"}}}).ExpectStatus(t, 200)
		if !strings.Contains(string(byHeader.Body), "Recibo de combustible") {
			t.Fatal("Accept-Language es-MX did not give a Spanish receipt")
		}
	})
}

func TestReceipt_OnlyForTheCallersApprovedPurchases(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var approved networkResult
		f.postPurchase("NET-A", f.driverCard, "50").ExpectStatus(t, 201).Decode(t, &approved)
		declined := f.declineDriversCard(t, "NET-X")
		f.api.Get(fmt.Sprintf("/api/wex/company/transactions/%d/receipt", declined.TransactionID), f.owner).ExpectStatus(t, http.StatusNotFound)
		// Another company's owner, a bad id, and the other role's path.
		f.api.Get(fmt.Sprintf("/api/wex/company/transactions/%d/receipt", approved.TransactionID), f.other).ExpectStatus(t, http.StatusNotFound)
		f.api.Get("/api/wex/company/transactions/abc/receipt", f.owner).ExpectStatus(t, http.StatusNotFound)
		f.api.Get("/api/wex/company/transactions/-1/receipt", f.owner).ExpectStatus(t, http.StatusNotFound)
		f.api.Get(fmt.Sprintf("/api/wex/transactions/%d/receipt", approved.TransactionID), f.owner).ExpectStatus(t, http.StatusForbidden)
		f.api.Get(fmt.Sprintf("/api/wex/transactions/%d/receipt", approved.TransactionID), "").ExpectStatus(t, http.StatusUnauthorized)
	})
}
