package http

// The text contract (text_contract_test.go) of the network reversal's
// optional body.
func init() {
	requestBodies["POST /api/network/authorizations/{authorizationId}/reversal"] = networkReversalRequest{}
}
