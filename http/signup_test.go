package http_test

import (
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	fphttp "fuelportal/http"
	"fuelportal/http/apitest"
)

func ownerSignUp(email, password, company string, carrierID any, phone string) map[string]any {
	return map[string]any{"username": email, "email": email, "password": password, "companyName": company, "carrierId": carrierID, "phoneNumber": phone}
}

func driverSignUp(email, password, first, last, company, card, phone string) map[string]any {
	return map[string]any{"username": email, "email": email, "password": password, "firstName": first, "lastName": last,
		"companyName": company, "cardNumber": card, "phoneNumber": phone}
}

func TestOwnerSignUp(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		t.Run("creates the company and its owner", func(t *testing.T) {
			var a account
			f.api.Post("/api/company/account/create", ownerSignUp("New@Fleet.test", "GoodPass1", "New Fleet Co", 7000001, "+1 (555) 010-2000"), "").
				ExpectStatus(t, 201).Decode(t, &a)
			if a.Email != "new@fleet.test" || a.Authorities[0].Code != "ROLE_COMPANY" || a.Company == nil || a.Company.Name != "New Fleet Co" || a.Company.CarrierID != 7000001 {
				t.Fatalf("account = %+v", a)
			}
			f.api.Login("new@fleet.test", "GoodPass1")
		})
		t.Run("taken email is 409", func(t *testing.T) {
			res := f.api.Post("/api/company/account/create", ownerSignUp(demo.OwnerEmail, "GoodPass1", "Another Co", 7000002, "5550102000"), "").ExpectStatus(t, 409)
			if got := res.ErrorMessage(t); got != "This email is already in use" {
				t.Fatalf("message = %q", got)
			}
		})
		t.Run("carrier id may come as a string of digits", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/company/account/create", BreaksContract: true,
				Body: ownerSignUp("string@fleet.test", "GoodPass1", "String Co", "7000003", "5550102000")}).ExpectStatus(t, 201)
		})

		long := make([]byte, 101)
		for i := range long {
			long[i] = 'a'
		}
		tests := []struct {
			name   string
			body   map[string]any
			fields map[string][]string
		}{
			{"empty form lists every required field", ownerSignUp("", "", "", 0, ""), map[string][]string{
				"email": {"Email is required"}, "password": {"Password is required"}, "companyName": {"Company name is required"},
				"carrierId": {"Carrier ID must be exactly 7 digits"}, "phoneNumber": {"Phone number is required"}}},
			{"malformed values", ownerSignUp("a@b", "short1", "X", 123456, "12ab"), map[string][]string{
				"email": {"Please enter a valid email address"}, "password": {"Password must be at least 8 characters"},
				"companyName": {"Company name must be at least 2 characters"}, "carrierId": {"Carrier ID must be exactly 7 digits"},
				"phoneNumber": {"Please enter a valid phone number"}}},
			// Lengths are checked as the body is decoded, before the other rules.
			{"too long values", ownerSignUp("ok@fleet.test", "onlylettersonlylettersonlyletters", string(long), 12345678, "555 010 2000"), map[string][]string{
				"password": {"Password must not exceed 32 characters"}, "companyName": {"Company name must not exceed 100 characters"}}},
			{"password without a digit", ownerSignUp("ok@fleet.test", "lettersonly", "Fleet Co", 7000004, "555 010 2000"), map[string][]string{
				"password": {"Password must contain at least one letter and one number"}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/company/account/create", Body: tt.body, BreaksContract: strings.HasPrefix(tt.name, "too long")})
				assertFieldErrors(t, res.ExpectStatus(t, 400), tt.fields)
			})
		}
		t.Run("missing carrier id is required", func(t *testing.T) {
			body := ownerSignUp("ok@fleet.test", "GoodPass1", "Fleet Co", nil, "555 010 2000")
			delete(body, "carrierId")
			res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/company/account/create", Body: body, BreaksContract: true}).ExpectStatus(t, 400)
			assertFieldErrors(t, res, map[string][]string{"carrierId": {"Carrier ID is required"}})
		})
	})
}

func TestDriverSignUp(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		free := demo.FreeCardNumbers[0]
		t.Run("joins the company pending, asking for the card without holding it", func(t *testing.T) {
			var a account
			f.api.Post("/api/account/create", driverSignUp("new.driver@demo.test", "GoodPass1", "Nina", "Newman", "Demo Freight LLC", free, "+1 407 555 0177"), "").
				ExpectStatus(t, 201).Decode(t, &a)
			if a.Authorities[0].Code != "ROLE_USER" || a.DriverStatus != "PENDING" || a.CardNumber == nil || *a.CardNumber != free || a.Company == nil || a.Company.Name != "Demo Freight LLC" {
				t.Fatalf("account = %+v", a)
			}
			f.api.Login("new.driver@demo.test", "GoodPass1")
			f.api.Get("/api/account/check/cardNumber/"+free, "").ExpectStatus(t, 200)
		})
		t.Run("a card with a pending request is open to another, who keeps the language they signed up in", func(t *testing.T) {
			body := driverSignUp("second@demo.test", "GoodPass1", "Sam", "Second", "demo freight", free, "4075550178")
			body["language"] = "es"
			var a account
			f.api.Post("/api/account/create", body, "").ExpectStatus(t, 201).Decode(t, &a)
			if a.Language != "es" {
				t.Fatalf("language = %q, want es", a.Language)
			}
		})
		t.Run("an unknown language is a field error", func(t *testing.T) {
			body := driverSignUp("fourth@demo.test", "GoodPass1", "Fay", "Fourth", "Demo Freight LLC", free, "4075550178")
			body["language"] = "fr"
			res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/account/create", Body: body, BreaksContract: true}).ExpectStatus(t, 400)
			assertFieldErrors(t, res, map[string][]string{"language": {fuelportal.MsgLanguageInvalid}})
		})
		t.Run("card that has an approved driver is refused, on both fields", func(t *testing.T) {
			res := f.api.Post("/api/account/create", driverSignUp("held@demo.test", "GoodPass1", "Hal", "Held", "Demo Freight LLC", heldCardNumber(), "4075550178"), "").ExpectStatus(t, 400)
			assertFieldErrors(t, res, mismatch)
		})
		t.Run("unknown card is refused, on both fields", func(t *testing.T) {
			res := f.api.Post("/api/account/create", driverSignUp("third@demo.test", "GoodPass1", "Tia", "Third", "Demo Freight LLC", "7071999999999999999", "4075550179"), "").ExpectStatus(t, 400)
			assertFieldErrors(t, res, mismatch)
		})
		t.Run("taken email is 409", func(t *testing.T) {
			f.api.Post("/api/account/create", driverSignUp(demo.OwnerEmail, "GoodPass1", "Tia", "Third", "Demo Freight LLC", demo.FreeCardNumbers[1], "4075550179"), "").ExpectStatus(t, 409)
		})
		t.Run("empty form lists every required field", func(t *testing.T) {
			res := f.api.Post("/api/account/create", driverSignUp("", "", "", "", "", "", ""), "").ExpectStatus(t, 400)
			assertFieldErrors(t, res, map[string][]string{
				"email": {"Email is required"}, "password": {"Password is required"}, "firstName": {"First name is required"},
				"lastName": {"Last name is required"}, "companyName": {"Company name is required"}, "cardNumber": {"Card number is required"},
				"phoneNumber": {"Phone number is required"}})
		})
		t.Run("card number must be 19 digits", func(t *testing.T) {
			for _, number := range []string{"7071", "70710000000000000000", "7071abcd00000000000"} {
				res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/account/create", BreaksContract: len(number) > 19,
					Body: driverSignUp("x@demo.test", "GoodPass1", "Xi", "Xu", "Demo Freight LLC", number, "4075550179")}).ExpectStatus(t, 400)
				assertFieldErrors(t, res, map[string][]string{"cardNumber": {"Card number must be exactly 19 digits"}})
			}
		})
	})
}

func TestCheckEmail(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.api.Get("/api/account/check/email/free@demo.test", "").ExpectStatus(t, 200)
		res := f.api.Get("/api/account/check/email/"+"OWNER@demo.test", "").ExpectStatus(t, 409)
		if got := res.ErrorMessage(t); got != "This email is already in use" {
			t.Fatalf("message = %q", got)
		}
		f.api.Get("/api/account/check/email/not-an-email", "").ExpectStatus(t, 400)
	})
}

func TestCheckCardNumber(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.api.Get("/api/account/check/cardNumber/"+demo.FreeCardNumbers[0], "").ExpectStatus(t, 200)
		for name, number := range map[string]string{
			"linked card":  demo.CardPlans[demo.DemoFreight.Name][0].CardNumber,
			"unknown card": "7071999999999999999",
			"short number": "7071123456",
		} {
			t.Run(name+" is invalid", func(t *testing.T) {
				if got := f.api.Get("/api/account/check/cardNumber/"+number, "").ExpectStatus(t, 404).ErrorMessage(t); got != "Invalid card number" {
					t.Fatalf("message = %q", got)
				}
			})
		}
	})
}

func TestAvailabilityChecks_AreRateLimitedPerClient(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.withLimits(t, func(l *fphttp.Limits) { l.AvailabilityChecks.Max = 2 })
		f.api.Get("/api/account/check/email/a@demo.test", "").ExpectStatus(t, 200)
		f.api.Get("/api/account/check/cardNumber/"+demo.FreeCardNumbers[0], "").ExpectStatus(t, 200)
		res := f.api.Get("/api/account/check/email/b@demo.test", "").ExpectStatus(t, 429)
		if res.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		// Another client is not affected.
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/account/check/email/b@demo.test", RemoteAddr: "198.51.100.7:5555"}).ExpectStatus(t, 200)
	})
}

func TestSignUps_AreRateLimitedPerClient(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.withLimits(t, func(l *fphttp.Limits) { l.SignUps.Max = 1 })
		f.api.Post("/api/company/account/create", ownerSignUp("one@fleet.test", "GoodPass1", "One Co", 7000011, "5550102000"), "").ExpectStatus(t, 201)
		f.api.Post("/api/company/account/create", ownerSignUp("two@fleet.test", "GoodPass1", "Two Co", 7000012, "5550102000"), "").ExpectStatus(t, 429)
	})
}

// mismatch is the driver sign-up's answer to a card number and company name
// that do not go together: it does not say which is wrong.
var mismatch = map[string][]string{"cardNumber": {fuelportal.MsgCardCompanyMismatch}, "companyName": {fuelportal.MsgCardCompanyMismatch}}

// heldCardNumber is the demo card an approved demo driver holds.
func heldCardNumber() string {
	for _, p := range demo.CardPlans[demo.DemoFreight.Name] {
		if p.LinkedTo != "" {
			return p.CardNumber
		}
	}
	panic("the demo data has no held card")
}
