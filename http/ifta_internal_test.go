package http

// The IFTA routes' request bodies and text parameters, for
// TestTextLimits_ContractMatchesTheDecoder.
func init() {
	requestBodies["POST /api/wex/company/ifta/miles"] = iftaMilesRequest{}
	requestBodies["POST /api/wex/company/ifta/purchases"] = iftaFuelRequest{}
	for _, route := range []string{"GET /api/wex/company/ifta/returns", "GET /api/wex/company/ifta/returns/export", "POST /api/wex/company/ifta/returns/{year}/{quarter}/close"} {
		textParams[route+" fuelType"] = "code"
	}
	textParams["GET /api/wex/company/ifta/returns/export format"] = "code"
	strictParams["DELETE /api/wex/company/ifta/miles/{id} id"] = true
	strictParams["DELETE /api/wex/company/ifta/purchases/{id} id"] = true
}
