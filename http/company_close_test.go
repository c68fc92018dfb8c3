package http_test

import (
	"context"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
)

// Only an owner closes a company, only with an empty wallet; closing ends
// every session at once, refuses sign-in and is audited.
func TestCompanyClose(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		admin := f.member(t, owner, "close.admin@example.com", "admin", 0)
		f.api.Post("/api/wex/company/close", nil, admin).ExpectStatus(t, 403)
		if res := f.api.Post("/api/wex/company/close", nil, owner).ExpectStatus(t, 409); !strings.Contains(string(res.Body), fuelportal.MsgCompanyNotEmpty) {
			t.Fatalf("closing with money in the wallet: %s", res.Body)
		}
		f.api.Get("/api/account/permissions", owner).ExpectStatus(t, 200)

		f.api.Post("/api/company/account/create", `{"email":"closing@example.com","password":"GoodPass1","companyName":"Closing Co","carrierId":1234567,"phoneNumber":"555 0100 22"}`, "").ExpectStatus(t, 201)
		closer := f.api.Login("closing@example.com", "GoodPass1").Token
		u, err := f.db.UserByEmail(context.Background(), "closing@example.com")
		if err != nil {
			t.Fatal(err)
		}
		f.api.Post("/api/wex/company/close", nil, closer).ExpectStatus(t, 204)
		f.api.Get("/api/account/permissions", closer).ExpectStatus(t, 401)
		f.api.Post("/api/authenticate", map[string]any{"username": "closing@example.com", "password": "GoodPass1"}, "").ExpectStatus(t, 403)
		rows, total, err := f.db.AuditEvents(context.Background(), fuelportal.AuditFilter{CompanyID: u.CompanyID, Kind: fuelportal.AuditCompanyClosed, Limit: 10})
		if err != nil || total != 1 || rows[0].ActorID != u.ID {
			t.Fatalf("audit of the close = %+v, %d, %v", rows, total, err)
		}
		// Another company's owner was not touched.
		f.api.Get("/api/account/permissions", owner).ExpectStatus(t, 200)
	})
}
