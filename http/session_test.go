package http_test

import (
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

func creds(username, password string) map[string]string {
	return map[string]string{"username": username, "password": password}
}

func TestAuthenticate(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		tests := []struct {
			name    string
			body    any
			status  int
			message string
			fields  map[string][]string
		}{
			{name: "owner signs in", body: creds(demo.OwnerEmail, demo.Password), status: 200},
			{name: "login is case-insensitive", body: creds("  Driver@Demo.TEST ", demo.Password), status: 200},
			{name: "wrong password is refused", body: creds(demo.OwnerEmail, "WrongPass1"), status: 401, message: "Login or password are incorrect"},
			{name: "unknown login gets the same answer", body: creds("nobody@demo.test", "WrongPass1"), status: 401, message: "Login or password are incorrect"},
			{name: "empty fields are field errors", body: creds("", ""), status: 400,
				fields: map[string][]string{"username": {fuelportal.MsgFieldRequired}, "password": {fuelportal.MsgFieldRequired}}},
			{name: "short password is a field error", body: creds(demo.OwnerEmail, "ab"), status: 400,
				fields: map[string][]string{"password": {"Shouldn't be shorter than 3 characters"}}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := f.api.Post("/api/authenticate", tt.body, "").ExpectStatus(t, tt.status)
				switch {
				case tt.status == 200:
					var tokens apitest.Tokens
					res.Decode(t, &tokens)
					if tokens.Token == "" || tokens.RefreshToken == "" {
						t.Fatalf("tokens = %+v", tokens)
					}
				case tt.fields != nil:
					assertFieldErrors(t, res, tt.fields)
				default:
					if got := res.ErrorMessage(t); got != tt.message {
						t.Fatalf("message = %q, want %q", got, tt.message)
					}
				}
			})
		}
	})
}

func TestAuthenticate_MalformedBodyIs400(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		for name, body := range map[string]string{"not JSON": "{", "empty": "", "wrong type": `{"username": 5}`, "array": `[]`} {
			t.Run(name, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: "POST", Path: "/api/authenticate", Body: body, BreaksContract: true}).ExpectStatus(t, 400)
			})
		}
	})
}

func TestAuthenticate_TenFailuresLockTheAccountFor15Minutes(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		for range 10 {
			f.api.Post("/api/authenticate", creds(demo.OwnerEmail, "WrongPass1"), "").ExpectStatus(t, 401)
		}
		res := f.api.Post("/api/authenticate", creds(demo.OwnerEmail, demo.Password), "").ExpectStatus(t, 429)
		if got := res.Header.Get("Retry-After"); got != "900" {
			t.Fatalf("Retry-After = %q, want 900", got)
		}
		if got := res.ErrorMessage(t); got != "Too many requests - Please try again later" {
			t.Fatalf("message = %q", got)
		}
		// Other accounts are not affected.
		f.api.Login(demo.DriverEmail, demo.Password)

		f.clock.Advance(15 * time.Minute)
		f.api.Login(demo.OwnerEmail, demo.Password)
	})
}

func TestAuthenticate_SuccessClearsFailures(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		for range 9 {
			f.api.Post("/api/authenticate", creds(demo.OwnerEmail, "WrongPass1"), "").ExpectStatus(t, 401)
		}
		f.api.Login(demo.OwnerEmail, demo.Password)
		for range 9 {
			f.api.Post("/api/authenticate", creds(demo.OwnerEmail, "WrongPass1"), "").ExpectStatus(t, 401)
		}
		f.api.Login(demo.OwnerEmail, demo.Password)
	})
}

func refresh(api *apitest.API, token string) *apitest.Response {
	return api.Post("/api/refreshToken", map[string]string{"refreshToken": token}, "")
}

func TestRefreshToken_RotatesAndReuseRevokesTheSession(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		first := f.api.Login(demo.OwnerEmail, demo.Password)
		other := f.api.Login(demo.OwnerEmail, demo.Password) // a second device

		var second apitest.Tokens
		refresh(f.api, first.RefreshToken).ExpectStatus(t, 200).Decode(t, &second)
		if second.RefreshToken == first.RefreshToken || second.Token == "" {
			t.Fatalf("refresh token not rotated: %+v", second)
		}
		f.api.Get("/api/account", second.Token).ExpectStatus(t, 200)

		// The spent token comes back: someone copied it. The session ends.
		res := refresh(f.api, first.RefreshToken).ExpectStatus(t, 401)
		if got := res.ErrorMessage(t); got != "Refresh token expired" {
			t.Fatalf("message = %q", got)
		}
		refresh(f.api, second.RefreshToken).ExpectStatus(t, 401)

		// The other device's session lives on.
		refresh(f.api, other.RefreshToken).ExpectStatus(t, 200)
	})
}

func TestRefreshToken_Refused(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		tokens := f.api.Login(demo.DriverEmail, demo.Password)
		refresh(f.api, "not-a-token").ExpectStatus(t, 401)
		refresh(f.api, "").ExpectStatus(t, 401)

		// 30 days after sign-in the session ends however often it was refreshed.
		f.clock.Advance(29 * 24 * time.Hour)
		var next apitest.Tokens
		refresh(f.api, tokens.RefreshToken).ExpectStatus(t, 200).Decode(t, &next)
		f.clock.Advance(24 * time.Hour)
		refresh(f.api, next.RefreshToken).ExpectStatus(t, 401)
	})
}

func TestAccessToken(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		tokens := f.api.Login(demo.OwnerEmail, demo.Password)
		tests := []struct {
			name   string
			token  string
			wait   time.Duration
			status int
		}{
			{name: "fresh token is accepted", token: tokens.Token, status: 200},
			{name: "missing token is refused", token: "", status: 401},
			{name: "tampered token is refused", token: tamper(tokens.Token), status: 401},
			{name: "token from another server is refused", token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", status: 401},
			{name: "token older than 15 minutes is refused", token: tokens.Token, wait: 15*time.Minute + time.Second, status: 401},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f.clock.Advance(tt.wait)
				f.api.Get("/api/account", tt.token).ExpectStatus(t, tt.status)
			})
		}
	})
}

// tamper changes the first character of a JWT's signature. That character
// carries six whole bits, so the decoded signature always differs; changing the
// last one may touch only padding bits that a lenient decoder ignores.
func tamper(token string) string {
	i := strings.LastIndexByte(token, '.') + 1
	c := byte('A')
	if token[i] == 'A' {
		c = 'B'
	}
	return token[:i] + string(c) + token[i+1:]
}

func assertFieldErrors(t *testing.T, res *apitest.Response, want map[string][]string) {
	t.Helper()
	got := res.FieldErrors(t)
	for field, msgs := range want {
		if len(got[field]) != len(msgs) {
			t.Fatalf("field errors = %v, want %v", got, want)
		}
		for i := range msgs {
			if got[field][i] != msgs[i] {
				t.Fatalf("field errors = %v, want %v", got, want)
			}
		}
	}
	if len(got) != len(want) {
		t.Fatalf("field errors = %v, want exactly %v", got, want)
	}
}
