package http

import (
	"net/http"

	"fuelportal"
)

// A trip's plan versions are paged, newest first: a trip answers its
// current plan and how many versions it has (tripDetailJSON), however
// often it was re-planned.

// Plan version pages are smaller than other lists: a version carries its
// stops with their stations.
const (
	defaultPlanPageSize = 10
	maxPlanPageSize     = 20
)

type tripPlanPage struct {
	Content []tripPlanJSON `json:"content"`
	Page    pageInfo       `json:"page"`
}

// handleTripPlans answers one page of the plan versions of one of the
// caller's trips, newest first (another's trip is 404).
func (s *Server) handleTripPlans(w http.ResponseWriter, r *http.Request) {
	id, err := tripID(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	q := r.URL.Query()
	fe := fuelportal.FieldErrors{}
	page := queryInt(fe, q, "page", 0, 0, fuelportal.MaxTripPlanVersions)
	size := queryInt(fe, q, "size", defaultPlanPageSize, 1, maxPlanPageSize)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	t, err := s.tripStore.Trip(r.Context(), tripScope(PrincipalFromContext(r.Context())), id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	plans, err := s.tripStore.TripPlanVersions(r.Context(), t, page*size, size)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	stations, err := s.planStations(r.Context(), plans...)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	contract, err := s.pricing(r.Context())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	total := 0
	if t.Plan != nil {
		total = t.Plan.Version
	}
	res := tripPlanPage{Content: make([]tripPlanJSON, len(plans)),
		Page: pageInfo{Number: page, Size: size, TotalElements: total, TotalPages: (total + size - 1) / size}}
	for i, p := range plans {
		res.Content[i] = s.tripPlanOut(p, stations, contract)
	}
	respond(w, http.StatusOK, res)
}
