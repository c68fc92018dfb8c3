package http_test

import (
	"testing"

	"fuelportal/demo"
	"fuelportal/http/apitest"
)

// expectSignedOut asserts token no longer opens anything: 401 in the API's
// error format, also on a route that never looks the user up.
func expectSignedOut(t *testing.T, api *apitest.API, token, dataPath string) {
	t.Helper()
	for _, path := range []string{"/api/account", dataPath} {
		res := api.Get(path, token).ExpectStatus(t, 401)
		if got := res.ErrorMessage(t); got != "Unauthorized" {
			t.Fatalf("GET %s: message = %q", path, got)
		}
	}
}

const (
	ownerData  = "/api/wex/company/get-cards"
	driverData = "/api/wex/transactions"
)

// Each way a session ends stops its access tokens at once, long before
// their 15 minutes are up, and on every server over the same database.
func TestSessionEnd_AccessTokensStopAtOnce(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		// A second server over the same database: the check is in the
		// database, not in one process's memory.
		otherSrv := apitest.NewServer(t, f.db)
		otherSrv.Now = f.clock.Now
		other := apitest.New(t, otherSrv.Handler())

		t.Run("logout", func(t *testing.T) {
			session := f.api.Login(demo.OwnerEmail, demo.Password)
			otherDevice := f.api.Login(demo.OwnerEmail, demo.Password)
			f.api.Get(ownerData, session.Token).ExpectStatus(t, 200)
			other.Get(ownerData, session.Token).ExpectStatus(t, 200)

			f.api.Post("/api/logout", nil, session.Token).ExpectStatus(t, 204)
			expectSignedOut(t, f.api, session.Token, ownerData)
			expectSignedOut(t, other, session.Token, ownerData)
			refresh(f.api, session.RefreshToken).ExpectStatus(t, 401)
			f.api.Post("/api/logout", nil, session.Token).ExpectStatus(t, 401)
			// Signing out one device leaves the others.
			f.api.Get(ownerData, otherDevice.Token).ExpectStatus(t, 200)
		})

		t.Run("refresh family revoked on reuse", func(t *testing.T) {
			first := f.api.Login(demo.DriverEmail, demo.Password)
			var second apitest.Tokens
			refresh(f.api, first.RefreshToken).ExpectStatus(t, 200).Decode(t, &second)
			f.api.Get(driverData, second.Token).ExpectStatus(t, 200)
			refresh(f.api, first.RefreshToken).ExpectStatus(t, 401) // a copy came back
			expectSignedOut(t, f.api, second.Token, driverData)
			expectSignedOut(t, other, first.Token, driverData)
		})

		t.Run("password change ends the other sessions", func(t *testing.T) {
			session := f.api.Login(demo.DriverEmail, demo.Password)
			otherDevice := f.api.Login(demo.DriverEmail, demo.Password)
			f.api.Post("/api/account/change-password", changePassword(demo.Password, "NewPass22"), session.Token).ExpectStatus(t, 200)
			expectSignedOut(t, other, otherDevice.Token, driverData)
			f.api.Get(driverData, session.Token).ExpectStatus(t, 200)
		})

		t.Run("password reset ends every session", func(t *testing.T) {
			session := f.api.Login(demo.DriverEmail, "NewPass22")
			code := requestCode(t, f, demo.DriverEmail)
			f.api.Post("/api/reset-password/complete", completeReset(demo.DriverEmail, code, "Fresh#Pass9"), "").ExpectStatus(t, 200)
			expectSignedOut(t, f.api, session.Token, driverData)
		})

		t.Run("account deletion, and the next sign-up gets a new id", func(t *testing.T) {
			free := demo.FreeCardNumbers[0]
			var gone account
			f.api.Post("/api/account/create", driverSignUp("short.lived@demo.test", "GoodPass1", "Shay", "Short", "Demo Freight LLC", free, "+1 407 555 0177"), "").
				ExpectStatus(t, 201).Decode(t, &gone)
			session := f.api.Login("short.lived@demo.test", "GoodPass1")
			f.api.Get("/api/account/delete", session.Token).ExpectStatus(t, 200)
			expectSignedOut(t, f.api, session.Token, driverData)
			expectSignedOut(t, other, session.Token, driverData)

			var next account
			f.api.Post("/api/company/account/create", ownerSignUp("next@fleet.test", "GoodPass1", "Next Fleet Co", 7000001, "+1 (555) 010-2000"), "").
				ExpectStatus(t, 201).Decode(t, &next)
			if next.ID == gone.ID {
				t.Fatalf("the deleted user's id %d was given to the next sign-up", gone.ID)
			}
			f.api.Login("next@fleet.test", "GoodPass1")
			expectSignedOut(t, f.api, session.Token, driverData)
		})
	})
}

func TestLogout_NeedsASession(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.api.Post("/api/logout", nil, "").ExpectStatus(t, 401)
		f.api.Post("/api/logout", nil, "not-a-token").ExpectStatus(t, 401)
	})
}
