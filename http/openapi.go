package http

import (
	_ "embed"
	"net/http"
)

// OpenAPI is the API contract (OpenAPI 3) of every /api route. Tests check
// each answer against it (package apitest).
//
//go:embed openapi.json
var OpenAPI []byte

// handleOpenAPI serves the contract.
func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(OpenAPI)
}
