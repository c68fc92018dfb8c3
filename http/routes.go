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

	// Company-only routes are wrapped like this:
	//   mux.HandleFunc("GET /api/wex/company/get-cards", s.requireRole(fuelportal.RoleCompany, s.handleCardList))

	// Fallbacks: unknown API paths answer 404 JSON; every other GET serves
	// the web app (spa.go), other methods get 405.
	mux.HandleFunc("/api/", s.handleAPINotFound)
	mux.HandleFunc("/", s.handleApp)
	return mux
}
