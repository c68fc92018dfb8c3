package http

import (
	"net/http"

	"fuelportal"
)

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

	// Fuel cards, contract and wallet of the owner's company (card.go, wallet.go)
	mux.HandleFunc("GET /api/wex/company/get-cards", s.requireRole(fuelportal.RoleCompany, s.handleCardList))
	mux.HandleFunc("PUT /api/wex/company/update-card", s.requireRole(fuelportal.RoleCompany, s.handleCardUpdate))
	mux.HandleFunc("GET /api/wex/company/contract", s.requireRole(fuelportal.RoleCompany, s.handleContract))
	mux.HandleFunc("GET /api/wex/company/wallet", s.requireRole(fuelportal.RoleCompany, s.handleWallet))

	// Transactions (transaction.go): the owner's whole company, a driver's own card
	mux.HandleFunc("GET /api/wex/company/transactions", s.requireRole(fuelportal.RoleCompany, s.handleTransactionList(companyScope)))
	mux.HandleFunc("GET /api/wex/company/transactions/export", s.requireRole(fuelportal.RoleCompany, s.handleTransactionExport(companyScope)))
	mux.HandleFunc("GET /api/wex/company/transactions/{id}", s.requireRole(fuelportal.RoleCompany, s.handleTransactionGet(companyScope)))
	mux.HandleFunc("GET /api/wex/company/total-spendings", s.requireRole(fuelportal.RoleCompany, s.handleTotalSpendings(companyScope)))
	mux.HandleFunc("GET /api/wex/transactions", s.requireRole(fuelportal.RoleUser, s.handleTransactionList(driverScope)))
	mux.HandleFunc("GET /api/wex/transactions/export", s.requireRole(fuelportal.RoleUser, s.handleTransactionExport(driverScope)))
	mux.HandleFunc("GET /api/wex/transactions/{id}", s.requireRole(fuelportal.RoleUser, s.handleTransactionGet(driverScope)))
	mux.HandleFunc("GET /api/wex/total-spendings", s.requireRole(fuelportal.RoleUser, s.handleTotalSpendings(driverScope)))

	// Card network feed (network.go): X-Network-Key, not a user token
	mux.HandleFunc("POST /api/network/transactions", s.handleNetworkPurchase)

	// Payments (payments.go): 503 without Stripe keys; the webhook is signed, not signed in.
	mux.HandleFunc("GET /api/payments/setup-intent/card", s.companyPayments(s.handleCardSetupIntent(fuelportal.CardSetupAny)))
	mux.HandleFunc("GET /api/payments/setup-intent/card/debit", s.companyPayments(s.handleCardSetupIntent(fuelportal.CardSetupDebit)))
	mux.HandleFunc("GET /api/payments/setup-intent/card/credit", s.companyPayments(s.handleCardSetupIntent(fuelportal.CardSetupCredit)))
	mux.HandleFunc("GET /api/payments/setup-intent/ach", s.companyPayments(s.handleACHSetupIntent))
	mux.HandleFunc("GET /api/payments/saved-payment-methods", s.companyPayments(s.handleSavedPaymentMethods))
	mux.HandleFunc("DELETE /api/payments/detach", s.companyPayments(s.handleDetachPaymentMethod))
	mux.HandleFunc("POST /api/payments/payment-intent", s.companyPayments(s.handlePaymentIntent))
	mux.HandleFunc("POST /api/payments/webhook", s.requirePayments(s.handleStripeWebhook))

	// Fallbacks: unknown API paths answer 404 JSON; every other GET serves
	// the web app (spa.go), other methods get 405.
	mux.HandleFunc("/api/", s.handleAPINotFound)
	mux.HandleFunc("/", s.handleApp)
	return mux
}
