package http_test

import (
	"regexp"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	fphttp "fuelportal/http"
	"fuelportal/http/apitest"
)

var codePattern = regexp.MustCompile(`code is ([0-9]{6})`)

// requestCode asks for a reset code for email and returns it from the
// mail the server queued.
func requestCode(t *testing.T, f *fixture, email string) string {
	t.Helper()
	before := len(f.sentMails())
	var msg struct{ Message string }
	f.api.Post("/api/account/reset-password/init", map[string]string{"email": email}, "").ExpectStatus(t, 200).Decode(t, &msg)
	if msg.Message != "If an account exists for this email, a code has been sent." {
		t.Fatalf("message = %q", msg.Message)
	}
	mails := f.sentMails()
	if len(mails) != before+1 {
		t.Fatalf("%d mails queued, want 1", len(mails)-before)
	}
	m := codePattern.FindStringSubmatch(mails[len(mails)-1].Body)
	if m == nil {
		t.Fatalf("no code in %q", mails[len(mails)-1].Body)
	}
	return m[1]
}

func checkCode(email, code string) map[string]string {
	return map[string]string{"email": email, "otpCode": code}
}

func completeReset(email, code, password string) map[string]string {
	return map[string]string{"email": email, "otpCode": code, "password": password, "passwordConfirm": password}
}

func TestPasswordReset_CodeSetsANewPassword(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		session := f.api.Login(demo.DriverEmail, demo.Password)
		code := requestCode(t, f, "Driver@demo.test")

		stored, err := f.db.OutboxMessages(t.Context(), demo.DriverEmail, 1)
		if err != nil || len(stored) != 1 || !regexp.MustCompile(code).MatchString(stored[0].Body) {
			t.Fatalf("outbox = %v, %v", stored, err)
		}
		if want := "http://portal.test/reset-password?email=driver%40demo.test&otpCode=" + code; !regexp.MustCompile(regexp.QuoteMeta(want)).MatchString(stored[0].Body) {
			t.Fatalf("mail lacks link %s:\n%s", want, stored[0].Body)
		}

		f.api.Post("/api/account/reset-password/check", checkCode(demo.DriverEmail, code), "").ExpectStatus(t, 200)
		f.api.Post("/api/reset-password/check", checkCode(demo.DriverEmail, code), "").ExpectStatus(t, 200)
		f.api.Post("/api/reset-password/complete", completeReset(demo.DriverEmail, code, "Fresh#Pass9"), "").ExpectStatus(t, 200)

		f.api.Login(demo.DriverEmail, "Fresh#Pass9")
		f.api.Post("/api/authenticate", creds(demo.DriverEmail, demo.Password), "").ExpectStatus(t, 401)
		refresh(f.api, session.RefreshToken).ExpectStatus(t, 401)
		// The code is used up.
		f.api.Post("/api/account/reset-password/complete", completeReset(demo.DriverEmail, code, "Other#Pass9"), "").ExpectStatus(t, 400)
	})
}

func TestPasswordReset_UnknownEmailGetsTheSameAnswerAndNoMail(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		var msg struct{ Message string }
		f.api.Post("/api/account/reset-password/init", map[string]string{"email": "nobody@demo.test"}, "").ExpectStatus(t, 200).Decode(t, &msg)
		if msg.Message != "If an account exists for this email, a code has been sent." || len(f.sentMails()) != 0 {
			t.Fatalf("message = %q, mails = %d", msg.Message, len(f.sentMails()))
		}
		res := f.api.Post("/api/reset-password/check", checkCode("nobody@demo.test", "123456"), "").ExpectStatus(t, 400)
		if got := res.ErrorMessage(t); got != "Invalid or expired code" {
			t.Fatalf("message = %q", got)
		}
	})
}

func TestPasswordReset_CodeAllowsFiveTries(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		code := requestCode(t, f, demo.OwnerEmail)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		for range 5 {
			f.api.Post("/api/reset-password/check", checkCode(demo.OwnerEmail, wrong), "").ExpectStatus(t, 400)
		}
		f.api.Post("/api/reset-password/check", checkCode(demo.OwnerEmail, code), "").ExpectStatus(t, 400)
	})
}

func TestPasswordReset_CodeExpiresAfter10Minutes(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		code := requestCode(t, f, demo.OwnerEmail)
		f.clock.Advance(10 * time.Minute)
		f.api.Post("/api/reset-password/check", checkCode(demo.OwnerEmail, code), "").ExpectStatus(t, 400)
	})
}

func TestPasswordReset_NewCodeReplacesTheOld(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		old := requestCode(t, f, demo.OwnerEmail)
		code := requestCode(t, f, demo.OwnerEmail)
		if old != code {
			f.api.Post("/api/reset-password/check", checkCode(demo.OwnerEmail, old), "").ExpectStatus(t, 400)
		}
		f.api.Post("/api/reset-password/check", checkCode(demo.OwnerEmail, code), "").ExpectStatus(t, 200)
	})
}

func TestPasswordReset_PasswordRules(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		code := requestCode(t, f, demo.OwnerEmail)
		tests := []struct {
			name, password, confirm string
			fields                  map[string][]string
		}{
			{"empty", "", "", map[string][]string{"password": {fuelportal.MsgPasswordRequired}}},
			{"too short", "a1#", "a1#", map[string][]string{"password": {fuelportal.MsgPasswordTooShort}}},
			{"too long", "Abcdefgh1#Abcdefgh1#Abcdefgh1#xyz", "Abcdefgh1#Abcdefgh1#Abcdefgh1#xyz", map[string][]string{"password": {fuelportal.MsgPasswordTooLong}, "passwordConfirm": {fuelportal.MsgPasswordTooLong}}},
			{"no symbol", "Password1", "Password1", map[string][]string{"password": {"At least one character and one number are required"}}},
			{"no digit", "Password#", "Password#", map[string][]string{"password": {"At least one character and one number are required"}}},
			{"confirmation differs", "Fresh#Pass9", "Fresh#Pass8", map[string][]string{"passwordConfirm": {"Passwords must match"}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				body := map[string]string{"email": demo.OwnerEmail, "otpCode": code, "password": tt.password, "passwordConfirm": tt.confirm}
				// A too long password breaks the contract's maxLength on purpose.
				req := apitest.Request{Method: "POST", Path: "/api/account/reset-password/complete", Body: body, BreaksContract: tt.name == "too long"}
				assertFieldErrors(t, f.api.Do(req).ExpectStatus(t, 400), tt.fields)
			})
		}
		// Refused passwords did not spend the code.
		f.api.Post("/api/account/reset-password/complete", completeReset(demo.OwnerEmail, code, "Fresh#Pass9"), "").ExpectStatus(t, 200)
	})
}

func TestPasswordReset_UnlocksALockedAccount(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		for range 10 {
			f.api.Post("/api/authenticate", creds(demo.OwnerEmail, "WrongPass1"), "").ExpectStatus(t, 401)
		}
		f.api.Post("/api/authenticate", creds(demo.OwnerEmail, demo.Password), "").ExpectStatus(t, 429)
		code := requestCode(t, f, demo.OwnerEmail)
		f.api.Post("/api/reset-password/complete", completeReset(demo.OwnerEmail, code, "Fresh#Pass9"), "").ExpectStatus(t, 200)
		f.api.Login(demo.OwnerEmail, "Fresh#Pass9")
	})
}

func TestPasswordReset_RateLimits(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.withLimits(t, func(l *fphttp.Limits) { l.CodeChecks.Max = 3; l.ResetRequests.Max = 5 })
		t.Run("code checks per client", func(t *testing.T) {
			for range 3 {
				f.api.Post("/api/reset-password/check", checkCode(demo.OwnerEmail, "123456"), "").ExpectStatus(t, 400)
			}
			f.api.Post("/api/reset-password/check", checkCode(demo.OwnerEmail, "123456"), "").ExpectStatus(t, 429)
			f.api.Post("/api/reset-password/complete", completeReset(demo.OwnerEmail, "123456", "Fresh#Pass9"), "").ExpectStatus(t, 429)
		})
		t.Run("mails per account stop silently, requests per client get 429", func(t *testing.T) {
			for range 5 {
				f.api.Post("/api/account/reset-password/init", map[string]string{"email": demo.DriverEmail}, "").ExpectStatus(t, 200)
			}
			if n := len(f.sentMails()); n != 3 {
				t.Fatalf("%d mails sent, want 3", n)
			}
			f.api.Post("/api/account/reset-password/init", map[string]string{"email": demo.DriverEmail}, "").ExpectStatus(t, 429)
		})
	})
}

func TestPasswordReset_CodeMailIsMaskedInLogsAndKeptOnlyUntilItExpires(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		code := requestCode(t, f, demo.OwnerEmail)
		queued := f.sentMails()[len(f.sentMails())-1]
		if redacted := queued.RedactedBody(); regexp.MustCompile(code).MatchString(redacted) || !regexp.MustCompile(`code is \*{6}`).MatchString(redacted) {
			t.Fatalf("redacted body:\n%s", redacted)
		}
		stored, err := f.db.OutboxMessages(t.Context(), demo.OwnerEmail, 10)
		if err != nil || len(stored) != 1 || stored[0].ExpiresAt == nil || !stored[0].ExpiresAt.Equal(f.clock.Now().Add(fphttp.ResetCodeTTL)) {
			t.Fatalf("outbox = %+v, %v; want the mail, expiring with the code", stored, err)
		}
		f.clock.Advance(fphttp.ResetCodeTTL - time.Second)
		if stored, _ := f.db.OutboxMessages(t.Context(), demo.OwnerEmail, 10); len(stored) != 1 {
			t.Fatalf("mail gone %v before the code expired", time.Second)
		}
		f.clock.Advance(time.Second)
		if stored, _ := f.db.OutboxMessages(t.Context(), demo.OwnerEmail, 10); len(stored) != 0 {
			t.Fatalf("expired code still in the outbox: %q", stored[0].Body)
		}
	})
}
