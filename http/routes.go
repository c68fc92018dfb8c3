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

	// Payments (payments.go): 503 without Stripe keys; the webhook is signed, not signed in.
	mux.HandleFunc("GET /api/payments/setup-intent/card", s.companyPayments(s.handleCardSetupIntent(fuelportal.CardSetupAny)))
	mux.HandleFunc("GET /api/payments/setup-intent/card/debit", s.companyPayments(s.handleCardSetupIntent(fuelportal.CardSetupDebit)))
	mux.HandleFunc("GET /api/payments/setup-intent/card/credit", s.companyPayments(s.handleCardSetupIntent(fuelportal.CardSetupCredit)))
	mux.HandleFunc("GET /api/payments/setup-intent/ach", s.companyPayments(s.handleACHSetupIntent))
	mux.HandleFunc("GET /api/payments/saved-payment-methods", s.companyPayments(s.handleSavedPaymentMethods))
	mux.HandleFunc("DELETE /api/payments/detach", s.companyPayments(s.handleDetachPaymentMethod))
	mux.HandleFunc("POST /api/payments/payment-intent", s.companyPayments(s.handlePaymentIntent))
	mux.HandleFunc("POST /api/payments/webhook", s.requirePayments(s.handleStripeWebhook))

	// Company-only routes are wrapped like this:
	//   mux.HandleFunc("GET /api/wex/company/get-cards", s.requireRole(fuelportal.RoleCompany, s.handleCardList))

	// Fallbacks: unknown API paths answer 404 JSON; every other GET serves
	// the web app (spa.go), other methods get 405.
	mux.HandleFunc("/api/", s.handleAPINotFound)
	mux.HandleFunc("/", s.handleApp)
	return mux
}
