package http

import (
	"net/http"

	"fuelportal"
)

// routes lists every route of the server. Keep it the only place routes are
// registered, grouped by resource, in the order of the resource files.
// Access: public routes are bare handlers; s.requireAuth needs a valid bearer
// token (the caller's own account); s.requireApproved also needs a driver to
// be approved by their company (every data route); s.requireRole
// additionally needs the role.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()

	// Service (health.go, config.go, openapi.go)
	mux.HandleFunc("GET /api/health", s.handleHealth)
	mux.HandleFunc("GET /api/config", s.handleConfig)
	mux.HandleFunc("GET /api/openapi.json", s.handleOpenAPI)

	// Session (session.go)
	mux.HandleFunc("POST /api/authenticate", s.handleAuthenticate)
	mux.HandleFunc("POST /api/refreshToken", s.handleRefreshToken)
	mux.HandleFunc("POST /api/logout", s.requireAuth(s.handleLogout))

	// Push notifications to this browser (push.go)
	mux.HandleFunc("GET /api/push/public-key", s.requireAuth(s.handlePushPublicKey))
	mux.HandleFunc("POST /api/push/subscriptions", s.requireAuth(s.handlePushSubscribe))
	mux.HandleFunc("DELETE /api/push/subscriptions", s.requireAuth(s.handlePushUnsubscribe))

	// Account (account.go)
	mux.HandleFunc("GET /api/account", s.requireAuth(s.handleAccountGet))
	mux.HandleFunc("PUT /api/account", s.requireAuth(s.handleAccountUpdate))
	mux.HandleFunc("POST /api/account/change-password", s.requireAuth(s.handleChangePassword))
	mux.HandleFunc("GET /api/account/delete", s.requireAuth(s.handleAccountDelete))
	mux.HandleFunc("GET /api/account/notifications", s.requireAuth(s.handleNotificationSettingsGet))
	mux.HandleFunc("PUT /api/account/notifications", s.requireAuth(s.handleNotificationSettingsPut))

	// The caller's in-app list of notices (drivers' notifications screen).
	mux.HandleFunc("GET /api/notifications", s.requireAuth(s.handleInboxList(noticesInbox)))
	mux.HandleFunc("POST /api/notifications/read-all", s.requireAuth(s.handleInboxReadAll(noticesInbox)))
	mux.HandleFunc("POST /api/notifications/{id}/read", s.requireAuth(s.handleInboxRead(noticesInbox)))

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
	mux.HandleFunc("GET /api/locations", s.requireApproved(s.handleLocations))
	mux.HandleFunc("GET /api/locations/map", s.requireApproved(s.handleLocationsMap))
	mux.HandleFunc("POST /api/locations/near-route", s.requireApproved(s.handleNearRoute))
	mux.HandleFunc("GET /api/locations/chainCodes/filter", s.requireApproved(s.handleChainCodes))
	mux.HandleFunc("GET /api/locations/affiliateCodes", s.requireApproved(s.handleAffiliateCodes))
	mux.HandleFunc("GET /api/locations/logos/{file}", s.handleLogo)
	mux.HandleFunc("POST /api/feed/prices", s.handleFeedPrices)

	// Maps (maps.go) and the fuel assistant (assistant.go)
	mux.HandleFunc("POST /api/maps/route", s.requireApproved(s.handleRoute))
	mux.HandleFunc("GET /api/maps/geocode", s.requireApproved(s.handleGeocode))
	mux.HandleFunc("GET /api/maps/reverse", s.requireApproved(s.handleReverse))
	mux.HandleFunc("GET /api/maps/basemap", s.requireApproved(s.handleBasemap))
	mux.HandleFunc("POST /api/assistant/plan", s.requireApproved(s.handlePlan))

	// Fuel cards, contract and wallet of the owner's company (card.go, contract.go, wallet.go)
	mux.HandleFunc("GET /api/wex/company/get-cards", s.requireRole(fuelportal.RoleCompany, s.handleCardList))
	mux.HandleFunc("PUT /api/wex/company/update-card", s.requireRole(fuelportal.RoleCompany, s.handleCardUpdate))
	mux.HandleFunc("POST /api/wex/company/cards", s.requireRole(fuelportal.RoleCompany, s.handleCardOrder))
	mux.HandleFunc("POST /api/wex/cards/{cardNumber}/reveal", s.requireApproved(s.handleCardReveal))
	mux.HandleFunc("GET /api/wex/company/contract", s.requireRole(fuelportal.RoleCompany, s.handleContract))
	mux.HandleFunc("PUT /api/wex/company/contract/planner-costs", s.requireRole(fuelportal.RoleCompany, s.handlePlannerCostsPut))
	mux.HandleFunc("GET /api/wex/company/wallet", s.requireRole(fuelportal.RoleCompany, s.handleWallet))
	mux.HandleFunc("GET /api/wex/company/wallet/low-balance", s.requireRole(fuelportal.RoleCompany, s.handleWalletLowGet))
	mux.HandleFunc("PUT /api/wex/company/wallet/low-balance", s.requireRole(fuelportal.RoleCompany, s.handleWalletLowPut))

	// Card controls and overrides (controls.go).
	mux.HandleFunc("GET /api/wex/company/controls", s.requireRole(fuelportal.RoleCompany, s.handleCompanyControlsGet))
	mux.HandleFunc("PUT /api/wex/company/controls", s.requireRole(fuelportal.RoleCompany, s.handleCompanyControlsPut))
	mux.HandleFunc("GET /api/wex/company/authorization-settings", s.requireRole(fuelportal.RoleCompany, s.handleAuthorizationSettingsGet))
	mux.HandleFunc("PUT /api/wex/company/authorization-settings", s.requireRole(fuelportal.RoleCompany, s.handleAuthorizationSettingsPut))
	mux.HandleFunc("GET /api/wex/company/cards/{cardNumber}/controls", s.requireRole(fuelportal.RoleCompany, s.handleCardControlsGet))
	mux.HandleFunc("PUT /api/wex/company/cards/{cardNumber}/controls", s.requireRole(fuelportal.RoleCompany, s.handleCardControlsPut))
	mux.HandleFunc("POST /api/wex/company/cards/{cardNumber}/override", s.requireRole(fuelportal.RoleCompany, s.handleOverrideGrant))
	mux.HandleFunc("DELETE /api/wex/company/cards/{cardNumber}/override", s.requireRole(fuelportal.RoleCompany, s.handleOverrideEnd))

	// Vehicles of the owner's fleet (vehicle.go)
	mux.HandleFunc("GET /api/wex/company/vehicles", s.requireRole(fuelportal.RoleCompany, s.handleVehicleList))
	mux.HandleFunc("POST /api/wex/company/vehicles", s.requireRole(fuelportal.RoleCompany, s.handleVehicleCreate))
	mux.HandleFunc("POST /api/wex/company/vehicles/import", s.requireRole(fuelportal.RoleCompany, s.handleVehicleImport))
	mux.HandleFunc("GET /api/wex/company/vehicles/{id}", s.requireRole(fuelportal.RoleCompany, s.handleVehicleGet))
	mux.HandleFunc("PUT /api/wex/company/vehicles/{id}", s.requireRole(fuelportal.RoleCompany, s.handleVehicleUpdate))
	mux.HandleFunc("DELETE /api/wex/company/vehicles/{id}", s.requireRole(fuelportal.RoleCompany, s.handleVehicleDelete))
	mux.HandleFunc("GET /api/wex/company/vehicles/{id}/mileage", s.requireRole(fuelportal.RoleCompany, s.handleVehicleMileage))
	mux.HandleFunc("GET /api/wex/company/vehicles/{id}/odometer", s.requireRole(fuelportal.RoleCompany, s.handleVehicleOdometerList))
	mux.HandleFunc("POST /api/wex/company/vehicles/{id}/odometer", s.requireRole(fuelportal.RoleCompany, s.handleVehicleOdometerAdd))
	mux.HandleFunc("POST /api/wex/odometer", s.requireRole(fuelportal.RoleUser, s.handleDriverOdometerAdd))

	// Drivers' requests to join the owner's company (driver_requests.go)
	mux.HandleFunc("GET /api/wex/company/driver-requests", s.requireRole(fuelportal.RoleCompany, s.handleDriverRequestList))
	mux.HandleFunc("POST /api/wex/company/driver-requests/{id}/approve", s.requireRole(fuelportal.RoleCompany, s.handleDriverRequestDecide(fuelportal.DriverApproved)))
	mux.HandleFunc("POST /api/wex/company/driver-requests/{id}/reject", s.requireRole(fuelportal.RoleCompany, s.handleDriverRequestDecide(fuelportal.DriverRejected)))

	// Transactions (transaction.go): the owner's whole company, a driver's own card
	mux.HandleFunc("GET /api/wex/company/transactions", s.requireRole(fuelportal.RoleCompany, s.handleTransactionList(companyScope)))
	mux.HandleFunc("GET /api/wex/company/transactions/export", s.requireRole(fuelportal.RoleCompany, s.handleTransactionExport(companyScope)))
	mux.HandleFunc("GET /api/wex/company/transactions/{id}", s.requireRole(fuelportal.RoleCompany, s.handleTransactionGet(companyScope)))
	mux.HandleFunc("GET /api/wex/company/transactions/{id}/receipt", s.requireRole(fuelportal.RoleCompany, s.handleReceipt(companyScope)))
	mux.HandleFunc("GET /api/wex/company/total-spendings", s.requireRole(fuelportal.RoleCompany, s.handleTotalSpendings(companyScope)))
	mux.HandleFunc("GET /api/wex/transactions", s.requireRole(fuelportal.RoleUser, s.handleTransactionList(driverScope)))
	mux.HandleFunc("GET /api/wex/transactions/export", s.requireRole(fuelportal.RoleUser, s.handleTransactionExport(driverScope)))
	mux.HandleFunc("GET /api/wex/transactions/{id}", s.requireRole(fuelportal.RoleUser, s.handleTransactionGet(driverScope)))
	mux.HandleFunc("GET /api/wex/transactions/{id}/receipt", s.requireRole(fuelportal.RoleUser, s.handleReceipt(driverScope)))
	mux.HandleFunc("GET /api/wex/card", s.requireRole(fuelportal.RoleUser, s.handleDriverCard))
	mux.HandleFunc("GET /api/wex/total-spendings", s.requireRole(fuelportal.RoleUser, s.handleTotalSpendings(driverScope)))

	// Alerts of the owner's company (alerts.go)
	mux.HandleFunc("GET /api/wex/company/alerts", s.requireRole(fuelportal.RoleCompany, s.handleInboxList(alertsInbox)))
	mux.HandleFunc("POST /api/wex/company/alerts/read-all", s.requireRole(fuelportal.RoleCompany, s.handleInboxReadAll(alertsInbox)))
	mux.HandleFunc("POST /api/wex/company/alerts/{id}/read", s.requireRole(fuelportal.RoleCompany, s.handleInboxRead(alertsInbox)))

	// Override requests (override_requests.go): a driver asks, the owner decides
	mux.HandleFunc("POST /api/wex/override-requests", s.requireRole(fuelportal.RoleUser, s.handleOverrideRequestCreate))
	mux.HandleFunc("GET /api/wex/override-requests", s.requireRole(fuelportal.RoleUser, s.handleDriverOverrideRequestList))
	mux.HandleFunc("GET /api/wex/company/override-requests", s.requireRole(fuelportal.RoleCompany, s.handleOverrideRequestList))
	mux.HandleFunc("POST /api/wex/company/override-requests/{id}/approve", s.requireRole(fuelportal.RoleCompany, s.handleOverrideRequestDecide(true)))
	mux.HandleFunc("POST /api/wex/company/override-requests/{id}/deny", s.requireRole(fuelportal.RoleCompany, s.handleOverrideRequestDecide(false)))

	// Trips (trip.go): owners the company's, drivers their own card's
	mux.HandleFunc("POST /api/trips", s.requireApproved(s.handleTripCreate))
	mux.HandleFunc("GET /api/trips", s.requireApproved(s.handleTripList))
	mux.HandleFunc("GET /api/trips/{id}", s.requireApproved(s.handleTripGet))
	mux.HandleFunc("GET /api/trips/{id}/plans", s.requireApproved(s.handleTripPlans))
	mux.HandleFunc("POST /api/trips/{id}/replan", s.requireApproved(s.handleTripReplan))
	mux.HandleFunc("POST /api/trips/{id}/complete", s.requireApproved(s.handleTripEnd(fuelportal.TripCompleted)))
	mux.HandleFunc("POST /api/trips/{id}/cancel", s.requireApproved(s.handleTripEnd(fuelportal.TripCancelled)))
	mux.HandleFunc("GET /api/trips/{id}/requests", s.requireApproved(s.handleTripRequestsOfTrip))
	mux.HandleFunc("GET /api/wex/company/compliance", s.requireRole(fuelportal.RoleCompany, s.handleCompliance))
	mux.HandleFunc("GET /api/wex/company/compliance/export", s.requireRole(fuelportal.RoleCompany, s.handleComplianceExport))

	// The IFTA quarterly return of the owner's company (ifta.go)
	mux.HandleFunc("GET /api/wex/company/ifta/returns", s.requireRole(fuelportal.RoleCompany, s.handleIFTAReturn))
	mux.HandleFunc("GET /api/wex/company/ifta/summary", s.requireRole(fuelportal.RoleCompany, s.handleIFTASummary))
	mux.HandleFunc("GET /api/wex/company/ifta/returns/closed", s.requireRole(fuelportal.RoleCompany, s.handleIFTAClosedList))
	mux.HandleFunc("GET /api/wex/company/ifta/returns/export", s.requireRole(fuelportal.RoleCompany, s.handleIFTAExport))
	mux.HandleFunc("POST /api/wex/company/ifta/returns/{year}/{quarter}/close", s.requireRole(fuelportal.RoleCompany, s.handleIFTAClose))
	mux.HandleFunc("POST /api/wex/company/ifta/rates", s.requireRole(fuelportal.RoleCompany, s.handleIFTARatesUpload))
	mux.HandleFunc("GET /api/wex/company/ifta/miles", s.requireRole(fuelportal.RoleCompany, s.handleIFTAMilesList))
	mux.HandleFunc("POST /api/wex/company/ifta/miles", s.requireRole(fuelportal.RoleCompany, s.handleIFTAMilesAdd))
	mux.HandleFunc("DELETE /api/wex/company/ifta/miles/{id}", s.requireRole(fuelportal.RoleCompany, s.handleIFTAMilesDelete))
	mux.HandleFunc("GET /api/wex/company/ifta/purchases", s.requireRole(fuelportal.RoleCompany, s.handleIFTAFuelList))
	mux.HandleFunc("POST /api/wex/company/ifta/purchases", s.requireRole(fuelportal.RoleCompany, s.handleIFTAFuelAdd))
	mux.HandleFunc("DELETE /api/wex/company/ifta/purchases/{id}", s.requireRole(fuelportal.RoleCompany, s.handleIFTAFuelDelete))

	// Telematics (telematics.go): Traccar forwards positions with the
	// company's telematics token (Authorization: Bearer), not a user token.
	mux.HandleFunc("POST /api/telematics/traccar", s.handleTraccarForward)
	mux.HandleFunc("GET /api/wex/company/telematics", s.requireRole(fuelportal.RoleCompany, s.handleTelematicsSettings))
	mux.HandleFunc("POST /api/wex/company/telematics/token", s.requireRole(fuelportal.RoleCompany, s.handleTelematicsToken))

	// Trip requests (trip_requests.go): a driver asks to end or re-plan a trip an owner locked, the owner decides
	mux.HandleFunc("POST /api/trips/{id}/end-request", s.requireRole(fuelportal.RoleUser, s.handleTripEndRequest))
	mux.HandleFunc("POST /api/trips/{id}/replan-request", s.requireRole(fuelportal.RoleUser, s.handleTripReplanRequest))
	mux.HandleFunc("GET /api/wex/company/trip-requests", s.requireRole(fuelportal.RoleCompany, s.handleTripRequestList))
	mux.HandleFunc("POST /api/wex/company/trip-requests/{id}/approve", s.requireRole(fuelportal.RoleCompany, s.handleTripRequestDecide(true)))
	mux.HandleFunc("POST /api/wex/company/trip-requests/{id}/deny", s.requireRole(fuelportal.RoleCompany, s.handleTripRequestDecide(false)))

	// Webhook endpoints of the owner's company and their deliveries (webhooks.go)
	mux.HandleFunc("GET /api/wex/company/webhooks", s.requireRole(fuelportal.RoleCompany, s.handleWebhookList))
	mux.HandleFunc("GET /api/wex/company/audit", s.requireRole(fuelportal.RoleCompany, s.handleAuditList))
	mux.HandleFunc("POST /api/wex/company/webhooks", s.requireRole(fuelportal.RoleCompany, s.handleWebhookCreate))
	mux.HandleFunc("PUT /api/wex/company/webhooks/{id}", s.requireRole(fuelportal.RoleCompany, s.handleWebhookUpdate))
	mux.HandleFunc("DELETE /api/wex/company/webhooks/{id}", s.requireRole(fuelportal.RoleCompany, s.handleWebhookDelete))
	mux.HandleFunc("GET /api/wex/company/webhooks/{id}/deliveries", s.requireRole(fuelportal.RoleCompany, s.handleWebhookDeliveries))
	mux.HandleFunc("POST /api/wex/company/webhooks/deliveries/{id}/resend", s.requireRole(fuelportal.RoleCompany, s.handleWebhookResend))

	// Card network feed (network.go): X-Network-Key, not a user token
	mux.HandleFunc("POST /api/network/transactions", s.handleNetworkPurchase)
	mux.HandleFunc("POST /api/network/authorizations", s.handleNetworkAuthorization)
	mux.HandleFunc("POST /api/network/authorizations/{authorizationId}/reversal", s.handleNetworkReversal)

	// Payments (payments.go): 503 without Stripe keys; the webhook is signed, not signed in.
	mux.HandleFunc("GET /api/payments/setup-intent/card", s.companyPayments(s.handleCardSetupIntent(fuelportal.CardSetupAny)))
	mux.HandleFunc("GET /api/payments/setup-intent/card/debit", s.companyPayments(s.handleCardSetupIntent(fuelportal.CardSetupDebit)))
	mux.HandleFunc("GET /api/payments/setup-intent/card/credit", s.companyPayments(s.handleCardSetupIntent(fuelportal.CardSetupCredit)))
	mux.HandleFunc("GET /api/payments/setup-intent/ach", s.companyPayments(s.handleACHSetupIntent))
	mux.HandleFunc("GET /api/payments/saved-payment-methods", s.companyPayments(s.handleSavedPaymentMethods))
	mux.HandleFunc("DELETE /api/payments/detach", s.companyPayments(s.handleDetachPaymentMethod))
	mux.HandleFunc("POST /api/payments/payment-intent", s.companyPayments(s.handlePaymentIntent))
	mux.HandleFunc("POST /api/payments/webhook", s.requirePayments(s.handleStripeWebhook))

	// Stripe Issuing (issuing_webhook.go): real-time card authorizations,
	// signed with STRIPE_ISSUING_WEBHOOK_SECRET, not signed in.
	mux.HandleFunc("POST /api/issuing/stripe/webhook", s.handleIssuingWebhook)

	// Fallbacks: unknown API paths answer 404 JSON; every other GET serves
	// the web app (spa.go), other methods get 405.
	mux.HandleFunc("/api/", s.handleAPINotFound)
	mux.HandleFunc("/", s.handleApp)
	return mux
}
