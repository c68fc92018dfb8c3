package http

import "net/http"

// routes lists every route of the server. Keep it the only place routes are
// registered, grouped by resource, in the order of the resource files.
// Access: public routes are bare handlers; s.requireAuth needs a valid bearer
// token; s.requireRole additionally needs the role.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()

	// Service (health.go, config.go, openapi.go)
	mux.HandleFunc("GET /api/health", s.handleHealth)
	mux.HandleFunc("GET /api/config", s.handleConfig)
	mux.HandleFunc("GET /api/openapi.json", s.handleOpenAPI)

	// Session (session.go)
	mux.HandleFunc("POST /api/authenticate", s.handleAuthenticate)
	mux.HandleFunc("POST /api/refreshToken", s.handleRefreshToken)

	// Account (account.go)
	mux.HandleFunc("GET /api/account", s.requireAuth(s.handleAccountGet))
	mux.HandleFunc("PUT /api/account", s.requireAuth(s.handleAccountUpdate))
	mux.HandleFunc("POST /api/account/change-password", s.requireAuth(s.handleChangePassword))
	mux.HandleFunc("GET /api/account/delete", s.requireAuth(s.handleAccountDelete))

	// Sign-up (signup.go)
	mux.HandleFunc("POST /api/company/account/create", s.handleOwnerSignUp)
	mux.HandleFunc("POST /api/account/create", s.handleDriverSignUp)
	mux.HandleFunc("GET /api/account/check/email/{email}", s.handleCheckEmail)
	mux.HandleFunc("GET /api/account/check/cardNumber/{cardNumber}", s.handleCheckCardNumber)

	// Password recovery (password_reset.go); the app calls both path variants.
	mux.HandleFunc("POST /api/account/reset-password/init", s.handleResetInit)
	mux.HandleFunc("POST /api/account/reset-password/check", s.handleResetCheck)
	mux.HandleFunc("POST /api/reset-password/check", s.handleResetCheck)
	mux.HandleFunc("POST /api/account/reset-password/complete", s.handleResetComplete)
	mux.HandleFunc("POST /api/reset-password/complete", s.handleResetComplete)

	// Stations (locations.go, logos.go) and the price feed (feed.go)
	mux.HandleFunc("GET /api/locations", s.requireAuth(s.handleLocations))
	mux.HandleFunc("POST /api/locations/near-route", s.requireAuth(s.handleNearRoute))
	mux.HandleFunc("GET /api/locations/chainCodes/filter", s.requireAuth(s.handleChainCodes))
	mux.HandleFunc("GET /api/locations/affiliateCodes", s.requireAuth(s.handleAffiliateCodes))
	mux.HandleFunc("GET /api/locations/logos/{file}", s.handleLogo)
	mux.HandleFunc("POST /api/feed/prices", s.handleFeedPrices)

	// Maps (maps.go) and the fuel assistant (assistant.go)
	mux.HandleFunc("POST /api/maps/route", s.requireAuth(s.handleRoute))
	mux.HandleFunc("GET /api/maps/geocode", s.requireAuth(s.handleGeocode))
	mux.HandleFunc("GET /api/maps/reverse", s.requireAuth(s.handleReverse))
	mux.HandleFunc("POST /api/assistant/plan", s.requireAuth(s.handlePlan))

	// Company-only routes are wrapped like this:
	//   mux.HandleFunc("GET /api/wex/company/get-cards", s.requireRole(fuelportal.RoleCompany, s.handleCardList))

	// Fallbacks: unknown API paths answer 404 JSON; every other GET serves
	// the web app (spa.go), other methods get 405.
	mux.HandleFunc("/api/", s.handleAPINotFound)
	mux.HandleFunc("/", s.handleApp)
	return mux
}
