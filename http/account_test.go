package http_test

import (
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

type account struct {
	ID           int64  `json:"id"`
	Login        string `json:"login"`
	Email        string `json:"email"`
	FirstName    string `json:"firstName"`
	LastName     string `json:"lastName"`
	PhoneNumber  string `json:"phoneNumber"`
	DriverStatus string `json:"driverStatus"`
	Authorities  []struct {
		Code string `json:"code"`
	} `json:"authorities"`
	Company *struct {
		ID        int64  `json:"id"`
		Name      string `json:"name"`
		CarrierID int    `json:"carrierId"`
	} `json:"company"`
	CardNumber *string `json:"cardNumber"`
	Language   string  `json:"language"`
}

func TestAccountGet(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		t.Run("owner has the company role and no card", func(t *testing.T) {
			var a account
			f.api.Get("/api/account", f.api.Login(demo.OwnerEmail, demo.Password).Token).ExpectStatus(t, 200).Decode(t, &a)
			if a.Login != demo.OwnerEmail || a.Authorities[0].Code != "ROLE_COMPANY" || a.Company == nil ||
				a.Company.Name != "Demo Freight LLC" || a.Company.CarrierID != 1234567 || a.CardNumber != nil || a.FirstName != "Olivia" {
				t.Fatalf("account = %+v", a)
			}
		})
		t.Run("driver has the user role and their card", func(t *testing.T) {
			var a account
			f.api.Get("/api/account", f.api.Login(demo.DriverEmail, demo.Password).Token).ExpectStatus(t, 200).Decode(t, &a)
			if a.Authorities[0].Code != "ROLE_USER" || a.CardNumber == nil || *a.CardNumber != demo.CardPlans[demo.DemoFreight.Name][0].CardNumber {
				t.Fatalf("account = %+v", a)
			}
		})
		t.Run("no token is 401", func(t *testing.T) {
			f.api.Get("/api/account", "").ExpectStatus(t, 401)
		})
	})
}

func TestAccountLanguage(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		driver := f.api.Login(demo.DriverEmail, demo.Password).Token
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		var before account
		f.api.Get("/api/account", driver).ExpectStatus(t, 200).Decode(t, &before)
		if before.Language != "en" {
			t.Fatalf("a new account's language = %q, want en", before.Language)
		}
		details := func(a account, language string) map[string]string {
			body := accountUpdate(a.FirstName, a.LastName, a.Email, a.PhoneNumber)
			if language != "" {
				body["language"] = language
			}
			return body
		}
		t.Run("an unknown language is a field error and changes nothing", func(t *testing.T) {
			for _, language := range []string{"fr", "ES", "english", " es"} {
				req := apitest.Request{Method: "PUT", Path: "/api/account", Body: details(before, language), Token: driver, BreaksContract: true}
				assertFieldErrors(t, f.api.Do(req).ExpectStatus(t, 400), map[string][]string{"language": {fuelportal.MsgLanguageInvalid}})
			}
		})
		t.Run("Spanish is kept, and an update without a language keeps it", func(t *testing.T) {
			var a account
			f.api.Put("/api/account", details(before, "es"), driver).ExpectStatus(t, 200).Decode(t, &a)
			if a.Language != "es" {
				t.Fatalf("after choosing es: %q", a.Language)
			}
			f.api.Put("/api/account", details(before, ""), driver).ExpectStatus(t, 200).Decode(t, &a)
			f.api.Get("/api/account", driver).ExpectStatus(t, 200).Decode(t, &a)
			if a.Language != "es" {
				t.Fatalf("after an update without a language: %q", a.Language)
			}
		})
		t.Run("one user's choice is not another's", func(t *testing.T) {
			var a account
			f.api.Get("/api/account", owner).ExpectStatus(t, 200).Decode(t, &a)
			if a.Language != "en" {
				t.Fatalf("the owner's language = %q", a.Language)
			}
		})
		t.Run("back to English", func(t *testing.T) {
			var a account
			f.api.Put("/api/account", details(before, "en"), driver).ExpectStatus(t, 200).Decode(t, &a)
			if a.Language != "en" {
				t.Fatalf("after choosing en: %q", a.Language)
			}
		})
	})
}

func accountUpdate(first, last, email, phone string) map[string]string {
	return map[string]string{"firstName": first, "lastName": last, "email": email, "phoneNumber": phone}
}

// withCurrentPassword adds the demo password a new e-mail needs.
func withCurrentPassword(body map[string]string) map[string]string {
	body["currentPassword"] = demo.Password
	return body
}

func TestAccountUpdate(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.api.Login(demo.DriverEmail, demo.Password).Token
		long := "Abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxy" // 51
		tests := []struct {
			name   string
			body   map[string]string
			fields map[string][]string
		}{
			{"empty fields are required", accountUpdate("", "", "", ""), map[string][]string{
				"firstName": {"First name is required"}, "lastName": {"Last name is required"},
				"email": {fuelportal.MsgEmailRequired}, "phoneNumber": {fuelportal.MsgPhoneRequired}}},
			{"short names are refused", accountUpdate("A", "B", "d@demo.test", "+1 407 555 0142"), map[string][]string{
				"firstName": {"First name must be at least 2 characters"}, "lastName": {"Last name must be at least 2 characters"}}},
			{"long names are refused", accountUpdate(long, long, "d@demo.test", "+1 407 555 0142"), map[string][]string{
				"firstName": {"First name must not exceed 50 characters"}, "lastName": {"Last name must not exceed 50 characters"}}},
			{"malformed email and phone are refused", accountUpdate("Dylan", "Driver", "not-an-email", "call me"), map[string][]string{
				"email": {fuelportal.MsgEmailInvalid}, "phoneNumber": {fuelportal.MsgPhoneInvalid}}},
			{"taken email is refused", withCurrentPassword(accountUpdate("Dylan", "Driver", demo.OwnerEmail, "+1 407 555 0142")), map[string][]string{
				"email": {fuelportal.MsgEmailTaken}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				// Over-long names break the contract's maxLength on purpose.
				req := apitest.Request{Method: "PUT", Path: "/api/account", Body: tt.body, Token: token, BreaksContract: tt.name == "long names are refused"}
				assertFieldErrors(t, f.api.Do(req).ExpectStatus(t, 400), tt.fields)
			})
		}
		t.Run("valid details are saved", func(t *testing.T) {
			var a account
			f.api.Put("/api/account", withCurrentPassword(accountUpdate(" Dylan ", "Drive", "Dylan@Demo.test", "(407) 555-0199")), token).ExpectStatus(t, 200).Decode(t, &a)
			if a.FirstName != "Dylan" || a.LastName != "Drive" || a.Email != "dylan@demo.test" || a.Login != "dylan@demo.test" || a.PhoneNumber != "(407) 555-0199" {
				t.Fatalf("account = %+v", a)
			}
			f.api.Login("dylan@demo.test", demo.Password)
		})
	})
}

// A member who joined by invitation gave no phone number: they save their
// language and details without one (a driver, who has one, cannot erase it),
// and a number they enter is checked.
func TestAccountUpdate_AnInvitedMemberKeepsNoPhone(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		token := f.member(t, owner, "dispatch@example.com", "dispatcher", 0)
		body := accountUpdate("Ivy", "Invited", "dispatch@example.com", "")
		body["language"] = "es"
		var a struct {
			account
			Language string `json:"language"`
		}
		f.api.Put("/api/account", body, token).ExpectStatus(t, 200).Decode(t, &a)
		if a.Language != "es" || a.PhoneNumber != "" {
			t.Fatalf("account = %+v", a)
		}
		res := f.api.Put("/api/account", accountUpdate("Ivy", "Invited", "dispatch@example.com", "call me"), token).ExpectStatus(t, 400)
		assertFieldErrors(t, res, map[string][]string{"phoneNumber": {fuelportal.MsgPhoneInvalid}})
		f.api.Put("/api/account", accountUpdate("Ivy", "Invited", "dispatch@example.com", "+1 407 555 0142"), token).ExpectStatus(t, 200)
		res = f.api.Put("/api/account", accountUpdate("Ivy", "Invited", "dispatch@example.com", ""), token).ExpectStatus(t, 400)
		assertFieldErrors(t, res, map[string][]string{"phoneNumber": {fuelportal.MsgPhoneRequired}})
	})
}

func changePassword(current, next string) map[string]string {
	return map[string]string{"currentPassword": current, "newPassword": next}
}

func TestChangePassword(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		session := f.api.Login(demo.OwnerEmail, demo.Password)
		otherDevice := f.api.Login(demo.OwnerEmail, demo.Password)

		t.Run("wrong current password is a field error", func(t *testing.T) {
			res := f.api.Post("/api/account/change-password", changePassword("WrongPass1", "NewPass22"), session.Token).ExpectStatus(t, 400)
			assertFieldErrors(t, res, map[string][]string{"currentPassword": {"Current password is incorrect"}})
		})
		t.Run("weak new password is a field error", func(t *testing.T) {
			res := f.api.Post("/api/account/change-password", changePassword(demo.Password, "onlyletters"), session.Token).ExpectStatus(t, 400)
			assertFieldErrors(t, res, map[string][]string{"newPassword": {fuelportal.MsgPasswordWeak}})
		})
		t.Run("new password replaces the old and ends other sessions", func(t *testing.T) {
			f.api.Post("/api/account/change-password", changePassword(demo.Password, "NewPass22"), session.Token).ExpectStatus(t, 200)
			f.api.Post("/api/authenticate", creds(demo.OwnerEmail, demo.Password), "").ExpectStatus(t, 401)
			f.api.Login(demo.OwnerEmail, "NewPass22")
			refresh(f.api, session.RefreshToken).ExpectStatus(t, 200)
			refresh(f.api, otherDevice.RefreshToken).ExpectStatus(t, 401)
		})
	})
}

func TestAccountDelete(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		t.Run("only owner of a company cannot delete", func(t *testing.T) {
			f.api.Get("/api/account/delete", f.api.Login(demo.OwnerEmail, demo.Password).Token).ExpectStatus(t, 409)
		})
		t.Run("driver is deleted and their card freed", func(t *testing.T) {
			tokens := f.api.Login(demo.DriverEmail, demo.Password)
			f.api.Get("/api/account/delete", tokens.Token).ExpectStatus(t, 200)
			f.api.Post("/api/authenticate", creds(demo.DriverEmail, demo.Password), "").ExpectStatus(t, 401)
			f.api.Get("/api/account", tokens.Token).ExpectStatus(t, 401)
			refresh(f.api, tokens.RefreshToken).ExpectStatus(t, 401)
			f.api.Get("/api/account/check/cardNumber/"+demo.CardPlans[demo.DemoFreight.Name][0].CardNumber, "").ExpectStatus(t, 200)
		})
	})
}

func TestAccountUpdate_NewEmailNeedsThePasswordAndTellsTheOldAddress(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.api.Login(demo.DriverEmail, demo.Password).Token
		withPassword := func(email, password string) map[string]string {
			body := accountUpdate("Dylan", "Driver", email, "+1 407 555 0142")
			if password != "" {
				body["currentPassword"] = password
			}
			return body
		}
		t.Run("missing password is a field error", func(t *testing.T) {
			assertFieldErrors(t, f.api.Put("/api/account", withPassword("taken.over@demo.test", ""), token).ExpectStatus(t, 400),
				map[string][]string{"currentPassword": {fuelportal.MsgPasswordRequired}})
		})
		t.Run("wrong password is a field error", func(t *testing.T) {
			assertFieldErrors(t, f.api.Put("/api/account", withPassword("taken.over@demo.test", "WrongPass1"), token).ExpectStatus(t, 400),
				map[string][]string{"currentPassword": {fuelportal.MsgCurrentPasswordWrong}})
			f.api.Login(demo.DriverEmail, demo.Password) // nothing changed
		})
		t.Run("same e-mail needs no password and mails nothing", func(t *testing.T) {
			f.api.Put("/api/account", withPassword(" Driver@Demo.test ", ""), token).ExpectStatus(t, 200)
			if n := len(f.sentMails()); n != 0 {
				t.Fatalf("%d mails sent", n)
			}
		})
		t.Run("right password changes it and the old address is told", func(t *testing.T) {
			var a account
			f.api.Put("/api/account", withPassword("New.Address@demo.test", demo.Password), token).ExpectStatus(t, 200).Decode(t, &a)
			if a.Email != "new.address@demo.test" {
				t.Fatalf("account = %+v", a)
			}
			mails := f.sentMails()
			if len(mails) != 1 || mails[0].To != demo.DriverEmail || !strings.Contains(mails[0].Subject, "e-mail was changed") {
				t.Fatalf("mails = %+v", mails)
			}
			stored, err := f.db.OutboxMessages(t.Context(), demo.DriverEmail, 5)
			if err != nil || len(stored) != 1 {
				t.Fatalf("outbox = %v, %v", stored, err)
			}
			f.api.Login("new.address@demo.test", demo.Password)
		})
	})
}
