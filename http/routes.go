package http

import (
	"net/http"

	"fuelportal"
)

// routes lists every route of the server. Keep it the only place routes are
// registered, grouped by resource, in the order of the resource files.
// Access: public routes are bare handlers; s.requireAuth needs a valid bearer
// token (the caller's own account, every role); s.permit names the route's
// action, which the caller's role must have (fuelportal.RoleActions), and
// needs a driver to be approved by their company (every data route).
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

	// The office (permissions.go, members.go, invitations.go): what the
	// caller's role may do, the company's members, groups and invitations.
	mux.HandleFunc("GET /api/account/permissions", s.requireAuth(s.handlePermissions))
	mux.HandleFunc("GET /api/wex/company/members", s.permit(fuelportal.ActionMembersRead, s.handleMemberList))
	mux.HandleFunc("PATCH /api/wex/company/members/{id}", s.permit(fuelportal.ActionMembersWrite, s.handleMemberChange))
	mux.HandleFunc("DELETE /api/wex/company/members/{id}", s.permit(fuelportal.ActionMembersWrite, s.handleMemberRemove))
	mux.HandleFunc("GET /api/wex/company/groups", s.permit(fuelportal.ActionGroupsRead, s.handleGroupList))
	mux.HandleFunc("POST /api/wex/company/groups", s.permit(fuelportal.ActionGroupsWrite, s.handleGroupCreate))
	mux.HandleFunc("PATCH /api/wex/company/groups/{id}", s.permit(fuelportal.ActionGroupsWrite, s.handleGroupRename))
	mux.HandleFunc("DELETE /api/wex/company/groups/{id}", s.permit(fuelportal.ActionGroupsWrite, s.handleGroupDelete))
	mux.HandleFunc("PUT /api/wex/company/cards/{cardNumber}/group", s.permit(fuelportal.ActionGroupsWrite, s.handleCardGroup))
	mux.HandleFunc("PUT /api/wex/company/vehicles/{id}/group", s.permit(fuelportal.ActionGroupsWrite, s.handleVehicleGroup))
	mux.HandleFunc("POST /api/wex/company/close", s.permit(fuelportal.ActionCompanyClose, s.handleCompanyClose))
	mux.HandleFunc("GET /api/wex/company/invitations", s.permit(fuelportal.ActionMembersRead, s.handleInvitationList))
	mux.HandleFunc("POST /api/wex/company/invitations", s.permit(fuelportal.ActionMembersWrite, s.handleInvitationCreate))
	mux.HandleFunc("DELETE /api/wex/company/invitations/{id}", s.permit(fuelportal.ActionMembersWrite, s.handleInvitationRevoke))
	mux.HandleFunc("POST /api/invitations/{token}/accept", s.handleInvitationAccept)

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
	mux.HandleFunc("GET /api/locations", s.permit(fuelportal.ActionStationsRead, s.handleLocations))
	mux.HandleFunc("GET /api/locations/map", s.permit(fuelportal.ActionStationsRead, s.handleLocationsMap))
	mux.HandleFunc("POST /api/locations/near-route", s.permit(fuelportal.ActionStationsRead, s.handleNearRoute))
	mux.HandleFunc("GET /api/locations/chainCodes/filter", s.permit(fuelportal.ActionStationsRead, s.handleChainCodes))
	mux.HandleFunc("GET /api/locations/affiliateCodes", s.permit(fuelportal.ActionStationsRead, s.handleAffiliateCodes))
	mux.HandleFunc("GET /api/locations/logos/{file}", s.handleLogo)
	mux.HandleFunc("POST /api/feed/prices", s.handleFeedPrices)

	// Maps (maps.go) and the fuel assistant (assistant.go)
	mux.HandleFunc("POST /api/maps/route", s.permit(fuelportal.ActionStationsRead, s.handleRoute))
	mux.HandleFunc("GET /api/maps/geocode", s.permit(fuelportal.ActionStationsRead, s.handleGeocode))
	mux.HandleFunc("GET /api/maps/reverse", s.permit(fuelportal.ActionStationsRead, s.handleReverse))
	mux.HandleFunc("GET /api/maps/basemap", s.permit(fuelportal.ActionStationsRead, s.handleBasemap))
	mux.HandleFunc("POST /api/assistant/plan", s.permit(fuelportal.ActionStationsRead, s.handlePlan))

	// Fuel cards, contract and wallet of the owner's company (card.go, contract.go, wallet.go)
	mux.HandleFunc("GET /api/wex/company/get-cards", s.permit(fuelportal.ActionCardsRead, s.handleCardList))
	mux.HandleFunc("PUT /api/wex/company/update-card", s.permit(fuelportal.ActionCardsWrite, s.handleCardUpdate))
	mux.HandleFunc("POST /api/wex/company/cards", s.permit(fuelportal.ActionCardsWrite, s.handleCardOrder))
	mux.HandleFunc("POST /api/wex/cards/{cardNumber}/reveal", s.permit(fuelportal.ActionCardsReveal, s.handleCardReveal))
	mux.HandleFunc("GET /api/wex/company/contract", s.permit(fuelportal.ActionContractRead, s.handleContract))
	mux.HandleFunc("PUT /api/wex/company/contract/planner-costs", s.permit(fuelportal.ActionContractWrite, s.handlePlannerCostsPut))
	mux.HandleFunc("GET /api/wex/company/wallet", s.permit(fuelportal.ActionWalletRead, s.handleWallet))
	mux.HandleFunc("GET /api/wex/company/wallet/low-balance", s.permit(fuelportal.ActionWalletRead, s.handleWalletLowGet))
	mux.HandleFunc("PUT /api/wex/company/wallet/low-balance", s.permit(fuelportal.ActionWalletFund, s.handleWalletLowPut))

	// Card controls and overrides (controls.go).
	mux.HandleFunc("GET /api/wex/company/controls", s.permit(fuelportal.ActionCardsRead, s.handleCompanyControlsGet))
	mux.HandleFunc("PUT /api/wex/company/controls", s.permit(fuelportal.ActionCompanySettings, s.handleCompanyControlsPut))
	mux.HandleFunc("GET /api/wex/company/authorization-settings", s.permit(fuelportal.ActionCardsRead, s.handleAuthorizationSettingsGet))
	mux.HandleFunc("PUT /api/wex/company/authorization-settings", s.permit(fuelportal.ActionCompanySettings, s.handleAuthorizationSettingsPut))

	// The pump check (pumpcheck.go): its settings, and the questions put
	// to a driver when no fresh fix places their truck.
	mux.HandleFunc("GET /api/wex/company/pump-check", s.permit(fuelportal.ActionCardsRead, s.handlePumpCheckGet))
	mux.HandleFunc("PUT /api/wex/company/pump-check", s.permit(fuelportal.ActionPumpCheckCompany, s.handlePumpCheckPut))
	mux.HandleFunc("GET /api/wex/company/groups/{id}/pump-check", s.permit(fuelportal.ActionGroupsRead, s.handleGroupPumpCheckGet))
	mux.HandleFunc("PUT /api/wex/company/groups/{id}/pump-check", s.permit(fuelportal.ActionPumpCheckManage, s.handleGroupPumpCheckPut))
	mux.HandleFunc("DELETE /api/wex/company/groups/{id}/pump-check", s.permit(fuelportal.ActionPumpCheckManage, s.handleGroupPumpCheckDelete))
	mux.HandleFunc("GET /api/wex/challenges", s.permit(fuelportal.ActionDriverSelf, s.handlePumpChallengeList))
	mux.HandleFunc("POST /api/wex/challenges/{id}", s.permit(fuelportal.ActionDriverSelf, s.handlePumpChallengeAnswer))
	mux.HandleFunc("GET /api/wex/company/cards/{cardNumber}/controls", s.permit(fuelportal.ActionCardsRead, s.cardInGroup(s.handleCardControlsGet)))
	mux.HandleFunc("PUT /api/wex/company/cards/{cardNumber}/controls", s.permit(fuelportal.ActionCardsWrite, s.cardInGroup(s.handleCardControlsPut)))
	mux.HandleFunc("POST /api/wex/company/cards/{cardNumber}/override", s.permit(fuelportal.ActionCardsWrite, s.cardInGroup(s.handleOverrideGrant)))
	mux.HandleFunc("DELETE /api/wex/company/cards/{cardNumber}/override", s.permit(fuelportal.ActionCardsWrite, s.cardInGroup(s.handleOverrideEnd)))

	// Vehicles of the owner's fleet (vehicle.go)
	mux.HandleFunc("GET /api/wex/company/vehicles", s.permit(fuelportal.ActionVehiclesRead, s.handleVehicleList))
	mux.HandleFunc("POST /api/wex/company/vehicles", s.permit(fuelportal.ActionVehiclesWrite, s.handleVehicleCreate))
	mux.HandleFunc("POST /api/wex/company/vehicles/import", s.permit(fuelportal.ActionVehiclesWrite, s.handleVehicleImport))
	mux.HandleFunc("GET /api/wex/company/vehicles/{id}", s.permit(fuelportal.ActionVehiclesRead, s.vehicleInGroup(s.handleVehicleGet)))
	mux.HandleFunc("PUT /api/wex/company/vehicles/{id}", s.permit(fuelportal.ActionVehiclesWrite, s.vehicleInGroup(s.handleVehicleUpdate)))
	mux.HandleFunc("DELETE /api/wex/company/vehicles/{id}", s.permit(fuelportal.ActionVehiclesWrite, s.vehicleInGroup(s.handleVehicleDelete)))
	mux.HandleFunc("GET /api/wex/company/vehicles/{id}/mileage", s.permit(fuelportal.ActionVehiclesRead, s.vehicleInGroup(s.handleVehicleMileage)))
	mux.HandleFunc("GET /api/wex/company/vehicles/{id}/odometer", s.permit(fuelportal.ActionVehiclesRead, s.vehicleInGroup(s.handleVehicleOdometerList)))
	mux.HandleFunc("POST /api/wex/company/vehicles/{id}/odometer", s.permit(fuelportal.ActionVehiclesWrite, s.vehicleInGroup(s.handleVehicleOdometerAdd)))
	mux.HandleFunc("POST /api/wex/odometer", s.permit(fuelportal.ActionDriverSelf, s.handleDriverOdometerAdd))

	// Drivers' requests to join the owner's company (driver_requests.go)
	mux.HandleFunc("GET /api/wex/company/driver-requests", s.permit(fuelportal.ActionDriversApprove, s.handleDriverRequestList))
	mux.HandleFunc("POST /api/wex/company/driver-requests/{id}/approve", s.permit(fuelportal.ActionDriversApprove, s.handleDriverRequestDecide(fuelportal.DriverApproved)))
	mux.HandleFunc("POST /api/wex/company/driver-requests/{id}/reject", s.permit(fuelportal.ActionDriversApprove, s.handleDriverRequestDecide(fuelportal.DriverRejected)))

	// Transactions (transaction.go): the owner's whole company, a driver's own card
	mux.HandleFunc("GET /api/wex/company/transactions", s.permit(fuelportal.ActionTransactionsRead, s.handleTransactionList(companyScope)))
	mux.HandleFunc("GET /api/wex/company/transactions/export", s.permit(fuelportal.ActionExportsRun, s.handleTransactionExport(companyScope)))
	mux.HandleFunc("GET /api/wex/company/transactions/{id}", s.permit(fuelportal.ActionTransactionsRead, s.handleTransactionGet(companyScope)))
	mux.HandleFunc("GET /api/wex/company/transactions/{id}/receipt", s.permit(fuelportal.ActionTransactionsRead, s.handleReceipt(companyScope)))
	mux.HandleFunc("GET /api/wex/company/total-spendings", s.permit(fuelportal.ActionTransactionsRead, s.handleTotalSpendings(companyScope)))
	mux.HandleFunc("GET /api/wex/transactions", s.permit(fuelportal.ActionDriverSelf, s.handleTransactionList(driverScope)))
	mux.HandleFunc("GET /api/wex/transactions/export", s.permit(fuelportal.ActionDriverSelf, s.handleTransactionExport(driverScope)))
	mux.HandleFunc("GET /api/wex/transactions/{id}", s.permit(fuelportal.ActionDriverSelf, s.handleTransactionGet(driverScope)))
	mux.HandleFunc("GET /api/wex/transactions/{id}/receipt", s.permit(fuelportal.ActionDriverSelf, s.handleReceipt(driverScope)))

	// Coding of purchases, coding rules, cards that require a job, accounting exports (coding.go)
	mux.HandleFunc("PUT /api/wex/company/transactions/{id}/coding", s.permit(fuelportal.ActionTransactionsCode, s.handleTransactionCodingPut))
	mux.HandleFunc("POST /api/wex/company/transactions/coding", s.permit(fuelportal.ActionTransactionsCode, s.handleTransactionsCoding))
	mux.HandleFunc("PUT /api/wex/transactions/{id}/job", s.permit(fuelportal.ActionDriverSelf, s.handleDriverTransactionJob))
	mux.HandleFunc("GET /api/wex/company/coding-rules", s.permit(fuelportal.ActionTransactionsCode, s.handleCodingRuleList))
	mux.HandleFunc("POST /api/wex/company/coding-rules", s.permit(fuelportal.ActionTransactionsCode, s.handleCodingRuleCreate))
	mux.HandleFunc("PUT /api/wex/company/coding-rules/{id}", s.permit(fuelportal.ActionTransactionsCode, s.handleCodingRuleUpdate))
	mux.HandleFunc("DELETE /api/wex/company/coding-rules/{id}", s.permit(fuelportal.ActionTransactionsCode, s.handleCodingRuleDelete))
	mux.HandleFunc("PUT /api/wex/company/cards/{cardNumber}/require-job", s.permit(fuelportal.ActionTransactionsCode, s.cardInGroup(s.handleCardRequireJob)))
	mux.HandleFunc("GET /api/wex/company/accounting/export", s.permit(fuelportal.ActionStatementsRead, s.handleAccountingExport))

	// QuickBooks Online connection (quickbooks.go); Intuit sends the browser
	// back to the public callback with the state the connect route gave.
	mux.HandleFunc("GET /api/wex/company/accounting/qbo", s.permit(fuelportal.ActionAccountingSync, s.handleQBOStatus))
	mux.HandleFunc("DELETE /api/wex/company/accounting/qbo", s.permit(fuelportal.ActionAccountingSync, s.handleQBODisconnect))
	mux.HandleFunc("GET /api/wex/company/accounting/qbo/connect", s.permit(fuelportal.ActionAccountingSync, s.handleQBOConnect))
	mux.HandleFunc("GET /api/accounting/qbo/callback", s.handleQBOCallback) // QBOCallbackPath
	mux.HandleFunc("GET /api/wex/company/accounting/qbo/accounts", s.permit(fuelportal.ActionAccountingSync, s.handleQBOAccounts))
	mux.HandleFunc("PUT /api/wex/company/accounting/qbo/mapping", s.permit(fuelportal.ActionAccountingSync, s.handleQBOMapping))
	mux.HandleFunc("POST /api/wex/company/accounting/qbo/push", s.permit(fuelportal.ActionAccountingSync, s.handleQBOPush))
	mux.HandleFunc("GET /api/wex/card", s.permit(fuelportal.ActionDriverSelf, s.handleDriverCard))
	mux.HandleFunc("GET /api/wex/total-spendings", s.permit(fuelportal.ActionDriverSelf, s.handleTotalSpendings(driverScope)))

	// Alerts of the owner's company (alerts.go)
	mux.HandleFunc("GET /api/wex/company/alerts", s.permit(fuelportal.ActionAlertsRead, s.handleInboxList(alertsInbox)))
	mux.HandleFunc("POST /api/wex/company/alerts/read-all", s.permit(fuelportal.ActionAlertsRead, s.handleInboxReadAll(alertsInbox)))
	mux.HandleFunc("POST /api/wex/company/alerts/{id}/read", s.permit(fuelportal.ActionAlertsRead, s.handleInboxRead(alertsInbox)))

	// Override requests (override_requests.go): a driver asks, the owner decides
	mux.HandleFunc("POST /api/wex/override-requests", s.permit(fuelportal.ActionDriverSelf, s.handleOverrideRequestCreate))
	mux.HandleFunc("GET /api/wex/override-requests", s.permit(fuelportal.ActionDriverSelf, s.handleDriverOverrideRequestList))
	mux.HandleFunc("GET /api/wex/company/override-requests", s.permit(fuelportal.ActionOverridesDecide, s.handleOverrideRequestList))
	mux.HandleFunc("POST /api/wex/company/override-requests/{id}/approve", s.permit(fuelportal.ActionOverridesDecide, s.handleOverrideRequestDecide(true)))
	mux.HandleFunc("POST /api/wex/company/override-requests/{id}/deny", s.permit(fuelportal.ActionOverridesDecide, s.handleOverrideRequestDecide(false)))

	// Trips (trip.go): owners the company's, drivers their own card's
	mux.HandleFunc("POST /api/trips", s.permit(fuelportal.ActionTripsWrite, s.handleTripCreate))
	mux.HandleFunc("GET /api/trips", s.permit(fuelportal.ActionTripsRead, s.handleTripList))
	mux.HandleFunc("GET /api/trips/units", s.permit(fuelportal.ActionTripsWrite, s.handleTripUnits))
	mux.HandleFunc("GET /api/trips/{id}", s.permit(fuelportal.ActionTripsRead, s.handleTripGet))
	mux.HandleFunc("GET /api/trips/{id}/plans", s.permit(fuelportal.ActionTripsRead, s.handleTripPlans))
	mux.HandleFunc("POST /api/trips/{id}/replan", s.permit(fuelportal.ActionTripsWrite, s.handleTripReplan))
	mux.HandleFunc("POST /api/trips/{id}/complete", s.permit(fuelportal.ActionTripsWrite, s.handleTripEnd(fuelportal.TripCompleted)))
	mux.HandleFunc("POST /api/trips/{id}/cancel", s.permit(fuelportal.ActionTripsWrite, s.handleTripEnd(fuelportal.TripCancelled)))
	mux.HandleFunc("GET /api/trips/{id}/requests", s.permit(fuelportal.ActionTripsRead, s.handleTripRequestsOfTrip))
	mux.HandleFunc("GET /api/wex/company/compliance", s.permit(fuelportal.ActionComplianceRead, s.handleCompliance))
	mux.HandleFunc("GET /api/wex/company/compliance/export", s.permit(fuelportal.ActionExportsRun, s.handleComplianceExport))

	// The IFTA quarterly return of the owner's company (ifta.go)
	mux.HandleFunc("GET /api/wex/company/ifta/returns", s.permit(fuelportal.ActionIFTARead, s.handleIFTAReturn))
	mux.HandleFunc("GET /api/wex/company/ifta/summary", s.permit(fuelportal.ActionIFTARead, s.handleIFTASummary))
	mux.HandleFunc("GET /api/wex/company/ifta/returns/closed", s.permit(fuelportal.ActionIFTARead, s.handleIFTAClosedList))
	mux.HandleFunc("GET /api/wex/company/ifta/returns/export", s.permit(fuelportal.ActionIFTARead, s.handleIFTAExport))
	mux.HandleFunc("POST /api/wex/company/ifta/returns/{year}/{quarter}/close", s.permit(fuelportal.ActionIFTAWrite, s.handleIFTAClose))
	mux.HandleFunc("POST /api/wex/company/ifta/rates", s.permit(fuelportal.ActionIFTAWrite, s.handleIFTARatesUpload))
	mux.HandleFunc("GET /api/wex/company/ifta/miles", s.permit(fuelportal.ActionIFTARead, s.handleIFTAMilesList))
	mux.HandleFunc("POST /api/wex/company/ifta/miles", s.permit(fuelportal.ActionIFTAWrite, s.handleIFTAMilesAdd))
	mux.HandleFunc("DELETE /api/wex/company/ifta/miles/{id}", s.permit(fuelportal.ActionIFTAWrite, s.handleIFTAMilesDelete))
	mux.HandleFunc("GET /api/wex/company/ifta/purchases", s.permit(fuelportal.ActionIFTARead, s.handleIFTAFuelList))
	mux.HandleFunc("POST /api/wex/company/ifta/purchases", s.permit(fuelportal.ActionIFTAWrite, s.handleIFTAFuelAdd))
	mux.HandleFunc("DELETE /api/wex/company/ifta/purchases/{id}", s.permit(fuelportal.ActionIFTAWrite, s.handleIFTAFuelDelete))

	// Telematics (telematics.go): Traccar forwards positions with the
	// company's telematics token (Authorization: Bearer), not a user token.
	mux.HandleFunc("POST /api/telematics/traccar", s.handleTraccarForward)
	mux.HandleFunc("GET /api/wex/company/telematics", s.permit(fuelportal.ActionTelematicsManage, s.handleTelematicsSettings))
	mux.HandleFunc("POST /api/wex/company/telematics/token", s.permit(fuelportal.ActionTelematicsManage, s.handleTelematicsToken))
	// Pull connectors (telematics_connectors.go): Samsara, Geotab, Motive.
	mux.HandleFunc("GET /api/wex/company/telematics/connectors", s.permit(fuelportal.ActionTelematicsManage, s.handleConnectorList))
	mux.HandleFunc("PUT /api/wex/company/telematics/connectors/{vendor}", s.permit(fuelportal.ActionTelematicsManage, s.handleConnectorSave))
	mux.HandleFunc("DELETE /api/wex/company/telematics/connectors/{vendor}", s.permit(fuelportal.ActionTelematicsManage, s.handleConnectorDelete))

	// Trip requests (trip_requests.go): a driver asks to end or re-plan a trip an owner locked, the owner decides
	mux.HandleFunc("POST /api/trips/{id}/end-request", s.permit(fuelportal.ActionDriverSelf, s.handleTripEndRequest))
	mux.HandleFunc("POST /api/trips/{id}/replan-request", s.permit(fuelportal.ActionDriverSelf, s.handleTripReplanRequest))
	mux.HandleFunc("GET /api/wex/company/trip-requests", s.permit(fuelportal.ActionTripsDecide, s.handleTripRequestList))
	mux.HandleFunc("POST /api/wex/company/trip-requests/{id}/approve", s.permit(fuelportal.ActionTripsDecide, s.handleTripRequestDecide(true)))
	mux.HandleFunc("POST /api/wex/company/trip-requests/{id}/deny", s.permit(fuelportal.ActionTripsDecide, s.handleTripRequestDecide(false)))

	// Webhook endpoints of the owner's company and their deliveries (webhooks.go)
	mux.HandleFunc("GET /api/wex/company/webhooks", s.permit(fuelportal.ActionWebhooksManage, s.handleWebhookList))
	mux.HandleFunc("GET /api/wex/company/audit", s.permit(fuelportal.ActionAuditRead, s.handleAuditList))
	mux.HandleFunc("POST /api/wex/company/webhooks", s.permit(fuelportal.ActionWebhooksManage, s.handleWebhookCreate))
	mux.HandleFunc("PUT /api/wex/company/webhooks/{id}", s.permit(fuelportal.ActionWebhooksManage, s.handleWebhookUpdate))
	mux.HandleFunc("DELETE /api/wex/company/webhooks/{id}", s.permit(fuelportal.ActionWebhooksManage, s.handleWebhookDelete))
	mux.HandleFunc("GET /api/wex/company/webhooks/{id}/deliveries", s.permit(fuelportal.ActionWebhooksManage, s.handleWebhookDeliveries))
	mux.HandleFunc("POST /api/wex/company/webhooks/deliveries/{id}/resend", s.permit(fuelportal.ActionWebhooksManage, s.handleWebhookResend))

	// Period statements of the company's wallet (statements.go)
	mux.HandleFunc("GET /api/wex/company/statement-settings", s.permit(fuelportal.ActionStatementsRead, s.handleStatementSettingsGet))
	mux.HandleFunc("PUT /api/wex/company/statement-settings", s.permit(fuelportal.ActionStatementsWrite, s.handleStatementSettingsPut))
	mux.HandleFunc("GET /api/wex/company/statements", s.permit(fuelportal.ActionStatementsRead, s.handleStatementList))
	mux.HandleFunc("GET /api/wex/company/statements/{id}", s.permit(fuelportal.ActionStatementsRead, s.handleStatementGet))

	// Card network feed (network.go): X-Network-Key, not a user token
	mux.HandleFunc("POST /api/network/transactions", s.handleNetworkPurchase)
	mux.HandleFunc("POST /api/network/authorizations", s.handleNetworkAuthorization)
	mux.HandleFunc("POST /api/network/authorizations/{authorizationId}/reversal", s.handleNetworkReversal)

	// Payments (payments.go): 503 without Stripe keys; the webhook is signed, not signed in.
	mux.HandleFunc("GET /api/payments/setup-intent/card", s.permit(fuelportal.ActionPaymentMethods, s.requirePayments(s.handleCardSetupIntent(fuelportal.CardSetupAny))))
	mux.HandleFunc("GET /api/payments/setup-intent/card/debit", s.permit(fuelportal.ActionPaymentMethods, s.requirePayments(s.handleCardSetupIntent(fuelportal.CardSetupDebit))))
	mux.HandleFunc("GET /api/payments/setup-intent/card/credit", s.permit(fuelportal.ActionPaymentMethods, s.requirePayments(s.handleCardSetupIntent(fuelportal.CardSetupCredit))))
	mux.HandleFunc("GET /api/payments/setup-intent/ach", s.permit(fuelportal.ActionPaymentMethods, s.requirePayments(s.handleACHSetupIntent)))
	mux.HandleFunc("GET /api/payments/saved-payment-methods", s.permit(fuelportal.ActionWalletFund, s.requirePayments(s.handleSavedPaymentMethods)))
	mux.HandleFunc("DELETE /api/payments/detach", s.permit(fuelportal.ActionPaymentMethods, s.requirePayments(s.handleDetachPaymentMethod)))
	mux.HandleFunc("POST /api/payments/payment-intent", s.permit(fuelportal.ActionWalletFund, s.requirePayments(s.handlePaymentIntent)))
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
