package http

// The text contract (text_contract_test.go) of the alerts and override
// request routes: their request bodies, and ids parsed whole.
func init() {
	requestBodies["POST /api/wex/override-requests"] = overrideRequestCreate{}
	requestBodies["POST /api/wex/company/override-requests/{id}/approve"] = overrideDecisionRequest{}
	textParams["GET /api/wex/company/override-requests status"] = "code"
	for _, route := range []string{
		"POST /api/wex/company/alerts/{id}/read id",
		"POST /api/wex/company/override-requests/{id}/approve id",
		"POST /api/wex/company/override-requests/{id}/deny id",
	} {
		strictParams[route] = true
	}
}
