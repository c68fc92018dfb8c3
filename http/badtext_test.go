package http_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

// badText is a hostile string as it travels in a JSON string (json) and
// in a URL (url).
type badText struct{ name, json, url string }

var badTexts = []badText{
	{"NUL", `a\u0000b`, "a%00b"},
	{"invalid UTF-8", "a\xff\xfeb", "a%FF%FEb"},
	{"control character", `a\u0007b`, "a%07b"},
	{"line break", `a\nb`, "a%0Ab"},
	{"C1 control", `a\u0085b`, "a%C2%85b"},
	{"50,000 characters", strings.Repeat("x", 50_000), strings.Repeat("x", 50_000)},
}

// textRoute is one place a route reads a string: who calls it and how the
// bad text is put in the request.
type textRoute struct {
	name   string
	caller string // "", "owner", "driver" or "network"
	field  string // the field the 400 must name
	method string
	// path and body hold %s where the bad text goes (path with its url form,
	// body with its json form).
	path, body string
}

var textRoutes = []textRoute{
	{"sign-in username", "", "username", "POST", "/api/authenticate", `{"username":"%s","password":"DemoPass1"}`},
	{"sign-in password", "", "password", "POST", "/api/authenticate", `{"username":"owner@demo.test","password":"%s"}`},
	{"e-mail check", "", "email", "GET", "/api/account/check/email/%s", ""},
	{"card number check", "", "cardNumber", "GET", "/api/account/check/cardNumber/%s", ""},
	{"reset start", "", "email", "POST", "/api/account/reset-password/init", `{"email":"%s"}`},
	{"reset check e-mail", "", "email", "POST", "/api/account/reset-password/check", `{"email":"%s","otpCode":"123456"}`},
	{"reset check code", "", "otpCode", "POST", "/api/reset-password/check", `{"email":"owner@demo.test","otpCode":"%s"}`},
	{"reset complete e-mail", "", "email", "POST", "/api/account/reset-password/complete", `{"email":"%s","otpCode":"123456","password":"Fresh#Pass9"}`},
	{"reset complete confirmation", "", "passwordConfirm", "POST", "/api/reset-password/complete", `{"email":"owner@demo.test","otpCode":"123456","password":"Fresh#Pass9","passwordConfirm":"%s"}`},
	{"owner sign-up company", "", "companyName", "POST", "/api/company/account/create", `{"email":"new@demo.test","password":"GoodPass1","companyName":"%s","carrierId":1234567,"phoneNumber":"555 0100 22"}`},
	{"owner sign-up e-mail", "", "email", "POST", "/api/company/account/create", `{"email":"%s","password":"GoodPass1","companyName":"New Co","carrierId":1234567,"phoneNumber":"555 0100 22"}`},
	{"driver sign-up first name", "", "firstName", "POST", "/api/account/create", `{"email":"new@demo.test","password":"GoodPass1","firstName":"%s","lastName":"Bo","companyName":"Co","cardNumber":"7071000000000000001","phoneNumber":"5550100222"}`},
	{"driver sign-up card", "", "cardNumber", "POST", "/api/account/create", `{"email":"new@demo.test","password":"GoodPass1","firstName":"Al","lastName":"Bo","companyName":"Co","cardNumber":"%s","phoneNumber":"5550100222"}`},
	{"account update", "owner", "lastName", "PUT", "/api/account", `{"firstName":"Al","lastName":"%s","email":"owner@demo.test","phoneNumber":"5550100222"}`},
	{"change password", "owner", "currentPassword", "POST", "/api/account/change-password", `{"currentPassword":"%s","newPassword":"NewPass22"}`},
	{"refresh token", "", "refreshToken", "POST", "/api/refreshToken", `{"refreshToken":"%s"}`},
	{"station search chain", "owner", "chainCode", "GET", "/api/locations?latitude=40&longitude=-100&radius=5&chainCode=%s", ""},
	{"station search order", "owner", "orderBy", "GET", "/api/locations?latitude=40&longitude=-100&radius=5&orderBy=%s", ""},
	{"geocode", "owner", "q", "GET", "/api/maps/geocode?q=%s", ""},
	{"card search", "owner", "searchText", "GET", "/api/wex/company/get-cards?searchText=%s", ""},
	{"card update driver name", "owner", "driverName", "PUT", "/api/wex/company/update-card", `{"cardNumber":"7071000000000000001","driverName":"%s","driverId":"D1","unitNumber":"U1","status":"ACTIVE"}`},
	{"card update unit", "owner", "unitNumber", "PUT", "/api/wex/company/update-card", `{"cardNumber":"7071000000000000001","driverName":"Al Bo","driverId":"D1","unitNumber":"%s","status":"ACTIVE"}`},
	{"company transaction search", "owner", "searchText", "GET", "/api/wex/company/transactions?searchText=%s", ""},
	{"company transaction card filter", "owner", "cardNumber", "GET", "/api/wex/company/transactions?cardNumber=%s", ""},
	{"company export search", "owner", "searchText", "GET", "/api/wex/company/transactions/export?dateFrom=2025-01-01T00:00:00&dateTo=2025-12-31T23:59:59&searchText=%s", ""},
	{"driver transaction search", "driver", "searchText", "GET", "/api/wex/transactions?searchText=%s", ""},
	{"driver transaction date", "driver", "dateFrom", "GET", "/api/wex/transactions?dateFrom=%s", ""},
	{"driver export card filter", "driver", "cardNumber", "GET", "/api/wex/transactions/export?dateFrom=2025-01-01T00:00:00&dateTo=2025-12-31T23:59:59&cardNumber=%s", ""},
	{"network purchase id", "network", "networkTransactionId", "POST", "/api/network/transactions", `{"networkTransactionId":"%s","cardNumber":"7071000000000000001","locationId":1,"gallons":10,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00"}`},
	{"network purchase card", "network", "cardNumber", "POST", "/api/network/transactions", `{"networkTransactionId":"T-1","cardNumber":"%s","locationId":1,"gallons":10,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00"}`},
	{"network purchase driverId", "network", "driverId", "POST", "/api/network/transactions", `{"networkTransactionId":"T-1","cardNumber":"7071000000000000001","locationId":1,"gallons":10,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00","driverId":"%s"}`},
	{"network purchase unitNumber", "network", "unitNumber", "POST", "/api/network/transactions", `{"networkTransactionId":"T-1","cardNumber":"7071000000000000001","locationId":1,"gallons":10,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00","unitNumber":"%s"}`},
	{"network purchase productCode", "network", "productCode", "POST", "/api/network/transactions", `{"networkTransactionId":"T-1","cardNumber":"7071000000000000001","locationId":1,"gallons":10,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00","productCode":"%s"}`},
	{"network purchase authorizationId", "network", "authorizationId", "POST", "/api/network/transactions", `{"networkTransactionId":"T-1","cardNumber":"7071000000000000001","locationId":1,"gallons":10,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00","authorizationId":"%s"}`},
	{"network purchase date", "network", "transactionDate", "POST", "/api/network/transactions", `{"networkTransactionId":"T-1","cardNumber":"7071000000000000001","locationId":1,"gallons":10,"retailPrice":3.859,"transactionDate":"%s"}`},
	{"network authorization id", "network", "authorizationId", "POST", "/api/network/authorizations", `{"authorizationId":"%s","cardNumber":"7071000000000000001","locationId":1,"amount":50}`},
	{"network authorization card", "network", "cardNumber", "POST", "/api/network/authorizations", `{"authorizationId":"A-1","cardNumber":"%s","locationId":1,"amount":50}`},
	{"network authorization driverId", "network", "driverId", "POST", "/api/network/authorizations", `{"authorizationId":"A-1","cardNumber":"7071000000000000001","locationId":1,"amount":50,"driverId":"%s"}`},
	{"network authorization unitNumber", "network", "unitNumber", "POST", "/api/network/authorizations", `{"authorizationId":"A-1","cardNumber":"7071000000000000001","locationId":1,"amount":50,"unitNumber":"%s"}`},
	{"network authorization productCode", "network", "productCode", "POST", "/api/network/authorizations", `{"authorizationId":"A-1","cardNumber":"7071000000000000001","locationId":1,"amount":50,"productCode":"%s"}`},
	{"network authorization transactionDate", "network", "transactionDate", "POST", "/api/network/authorizations", `{"authorizationId":"A-1","cardNumber":"7071000000000000001","locationId":1,"amount":50,"transactionDate":"%s"}`},
	{"network reversal id", "network", "authorizationId", "POST", "/api/network/authorizations/%s/reversal", ""},
}

// TestBadText_Is400NamingTheField sends NUL, invalid UTF-8, control
// characters and 50,000-character strings to every route that reads text,
// on both engines: each is a 400 naming the field, never a database error,
// and the answers are the same on both engines.
func TestBadText_Is400NamingTheField(t *testing.T) {
	// engine → case → answer; each engine's run (side by side: eachEngine)
	// fills its own map, compared once both have ended.
	answers := map[string]map[string]string{"sqlite": {}, "postgres": {}}
	t.Cleanup(func() {
		sqlite, postgres := answers["sqlite"], answers["postgres"]
		if len(postgres) == 0 {
			return
		}
		for name, answer := range sqlite {
			if postgres[name] != answer {
				t.Errorf("%s: SQLite answers %s, PostgreSQL %s", name, truncate([]byte(answer)), truncate([]byte(postgres[name])))
			}
		}
	})
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.srv.NetworkKey = networkKey
		tokens := map[string]string{
			"owner":  f.api.Login(demo.OwnerEmail, demo.Password).Token,
			"driver": f.api.Login(demo.DriverEmail, demo.Password).Token,
		}
		got := answers[t.Name()[strings.LastIndex(t.Name(), "/")+1:]]
		for _, route := range textRoutes {
			for _, bad := range badTexts {
				name := route.name + "/" + bad.name
				req := apitest.Request{Method: route.method, Path: route.path, Token: tokens[route.caller], BreaksContract: true}
				if strings.Contains(route.path, "%s") {
					req.Path = fmt.Sprintf(route.path, bad.url)
				}
				if route.body != "" {
					req.Body = fmt.Sprintf(route.body, bad.json)
				}
				if route.caller == "network" {
					req.Header = http.Header{"X-Network-Key": {networkKey}}
				}
				res := f.api.Do(req)
				got[name] = fmt.Sprintf("%d %s", res.Status, bytes.TrimSpace(res.Body))
				if res.Status != http.StatusBadRequest {
					t.Errorf("%s: %d %s, want 400", name, res.Status, truncate(res.Body))
					continue
				}
				if msgs := res.FieldErrors(t)[route.field]; len(msgs) == 0 {
					t.Errorf("%s: the 400 does not name %s: %s", name, route.field, truncate(res.Body))
				}
			}
		}
	})
}

func truncate(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// TestBadText_FeedRowsAreRejectedNamingTheColumn: a price-feed row with bad
// text is skipped and reported with its line and column (the feed's field
// error), the good rows land, on both engines.
func TestBadText_FeedRowsAreRejectedNamingTheColumn(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.srv.FeedKey = "s3cret-feed-key"
		for _, bad := range append(badTexts, badText{"tab", "a\tb", ""}) {
			for _, column := range []string{"name", "zip_code"} {
				value := strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(bad.json, `\u0000`, "\x00"), `\u0007`, "\a"), `\u0085`, "\u0085")
				value = strings.ReplaceAll(value, `\n`, "\n")
				row := map[string]string{"name": "Prairie Truck Plaza", "city": "Mitchell", "chain": "INDEPENDENT", "zip_code": "97750"}
				row[column] = value
				quote := func(v string) string { return `"` + strings.ReplaceAll(v, `"`, `""`) + `"` }
				file := feedHeader +
					fmt.Sprintf("900001,%s,US-26 Exit 1,1 Main St,%s,OR,%s,US,44.5,-120.5,%s,,4.459,4.199,0.400,2026-11-21T06:00:00\n",
						quote(row["name"]), quote(row["city"]), quote(row["zip_code"]), quote(row["chain"])) +
					"900002,Good Stop,,,,OR,,,44.6,-120.5,,,4.459,4.199,0.400,2026-11-21T06:00:00\n"
				res := f.api.Do(feedRequest("s3cret-feed-key", file))
				var report struct {
					Rejected int
					Errors   []struct {
						Line            int
						Column, Message string
					}
				}
				res.ExpectStatus(t, http.StatusOK).Decode(t, &report)
				if report.Rejected != 1 || len(report.Errors) != 1 || report.Errors[0].Line != 2 || report.Errors[0].Column != column {
					t.Errorf("%s in %s: report %+v, want line 2 rejected naming %s", bad.name, column, report, column)
				}
			}
		}
	})
}

// TestBadText_CardDriverNamesAreBounded: the driver name on a card (and
// its other texts) cannot grow the database: one character over the limit
// is refused, the limit itself is saved.
func TestBadText_CardDriverNamesAreBounded(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		card := demo.CardPlans[demo.DemoFreight.Name][1].CardNumber
		update := func(name string) *apitest.Response {
			return f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/update-card", Token: f.owner, BreaksContract: len(name) > fuelportal.MaxDriverNameLength,
				Body: map[string]string{"cardNumber": card, "driverName": name, "driverId": "D1", "unitNumber": "U1", "status": "ACTIVE"}})
		}
		res := update(strings.Repeat("é", fuelportal.MaxDriverNameLength+1)).ExpectStatus(t, http.StatusBadRequest)
		if got := res.FieldErrors(t)["driverName"]; len(got) != 1 || got[0] != "Driver name must not exceed 100 characters" {
			t.Fatalf("driverName errors %q", got)
		}
		update(strings.Repeat("é", fuelportal.MaxDriverNameLength)).ExpectStatus(t, http.StatusOK)
	})
}
