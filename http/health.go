package http

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"fuelportal"
)

type healthResponse struct {
	Status string `json:"status"`
}

// handleHealth answers 200 while the database answers, 503 otherwise.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.healthStore.Ping(ctx); err != nil {
		s.Logger.WarnContext(ctx, "health check failed", "err", err)
		w.Header().Set("Retry-After", strconv.Itoa(unavailableRetryAfter))
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Database unavailable"))
		return
	}
	respond(w, http.StatusOK, healthResponse{Status: "ok"})
}

// healthStore is the store as seen by the health check (*store.DB).
type healthStore interface {
	Ping(ctx context.Context) error
}
