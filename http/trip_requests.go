package http

import (
	"net/http"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/trips"
)

// Trip requests: a trip whose card lock an owner set binds its driver, who
// asks to end or re-plan it; an owner approves or denies (modelled on
// override requests, override_requests.go).

// tripRequestResponse is a trip request on the wire.
type tripRequestResponse struct {
	ID         int64                        `json:"id"`
	TripID     int64                        `json:"tripId"`
	Kind       fuelportal.TripRequestKind   `json:"kind"`
	Status     fuelportal.TripRequestStatus `json:"status"`
	CardNumber string                       `json:"cardNumber"`
	DriverName string                       `json:"driverName"`
	Message    string                       `json:"message"`
	// Latitude, Longitude and CurrentFuel: REPLAN only (null otherwise).
	Latitude    *float64   `json:"latitude"`
	Longitude   *float64   `json:"longitude"`
	CurrentFuel *float64   `json:"currentFuel"`
	PlanVersion *int       `json:"planVersion"`
	CreatedAt   time.Time  `json:"createdAt"`
	DecidedAt   *time.Time `json:"decidedAt"`
}

type tripRequestList struct {
	Content []tripRequestResponse `json:"content"`
}

func tripRequestFromDomain(r *fuelportal.TripRequest) tripRequestResponse {
	res := tripRequestResponse{ID: r.ID, TripID: r.TripID, Kind: r.Kind, Status: r.Status, CardNumber: r.CardNumber, DriverName: r.DriverName,
		Message: r.Message, CreatedAt: r.CreatedAt.UTC(), DecidedAt: utcPtr(r.DecidedAt)}
	if r.Kind == fuelportal.TripRequestReplan {
		lat, lon, fuel := r.Latitude, r.Longitude, r.CurrentFuel.Float()
		res.Latitude, res.Longitude, res.CurrentFuel = &lat, &lon, &fuel
	}
	if r.PlanVersion != 0 {
		v := r.PlanVersion
		res.PlanVersion = &v
	}
	return res
}

func tripRequestListFrom(list []*fuelportal.TripRequest) tripRequestList {
	res := tripRequestList{Content: make([]tripRequestResponse, 0, len(list))}
	for _, r := range list {
		res.Content = append(res.Content, tripRequestFromDomain(r))
	}
	return res
}

// tripEndRequestBody is a driver's request to end a trip; the body may be empty.
type tripEndRequestBody struct {
	Message string `json:"message" text:"overrideMessage"`
}

// tripReplanRequestBody is a driver's request to re-plan a trip: where the
// truck is, its fuel, and an optional message.
type tripReplanRequestBody struct {
	tripReplanRequest
	Message string `json:"message" text:"overrideMessage"`
}

// createTripRequest records the driver p's request of kind on trip id and
// answers 202 with it.
func (s *Server) createTripRequest(w http.ResponseWriter, r *http.Request, p Principal, id int64, kind fuelportal.TripRequestKind, message string, at geo.Point, fuel float64) {
	req, err := s.Trips.Request(r.Context(), trips.Actor{Role: p.Role, UserID: p.UserID, Scope: driverScope(p)}, id, kind, message, at, fuel)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusAccepted, tripRequestFromDomain(req))
}

// handleTripEndRequest records the driver's request to end their trip an
// owner locked: 202 with the request; 404 for any trip but their own card's,
// 409 when it has ended or such a request is pending, 422 when the owner did
// not lock it (the driver ends it themselves).
func (s *Server) handleTripEndRequest(w http.ResponseWriter, r *http.Request) {
	id, err := tripID(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var body tripEndRequestBody
	if err := decodeOptional(w, r, &body); err != nil {
		s.respondError(w, r, err)
		return
	}
	s.createTripRequest(w, r, PrincipalFromContext(r.Context()), id, fuelportal.TripRequestEnd, body.Message, geo.Point{}, 0)
}

// handleTripReplanRequest records the driver's request to re-plan their
// trip an owner locked from a position and fuel (as POST …/replan): 202
// with the request; the trip keeps its plan until an owner approves.
func (s *Server) handleTripReplanRequest(w http.ResponseWriter, r *http.Request) {
	id, err := tripID(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var body tripReplanRequestBody
	if err := decode(w, r, &body); err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	t, err := s.tripStore.Trip(r.Context(), driverScope(p), id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	at, fuel, err := body.position(t)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	s.createTripRequest(w, r, p, id, fuelportal.TripRequestReplan, body.Message, at, fuel)
}

// handleTripRequestsOfTrip answers the requests on one of the caller's
// trips, newest first (another company's trip, or another card's for a
// driver, is 404).
func (s *Server) handleTripRequestsOfTrip(w http.ResponseWriter, r *http.Request) {
	id, err := tripID(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	list, err := s.tripStore.TripRequestsOfTrip(r.Context(), tripScope(PrincipalFromContext(r.Context())), id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, tripRequestListFrom(list))
}

// handleTripRequestList answers the trip requests of the owner's company,
// newest first, only those of one status with status=….
func (s *Server) handleTripRequestList(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	status := fuelportal.TripRequestStatus(queryText(fe, r.URL.Query(), "status", "code"))
	if status != "" && !status.Valid() && !fe.Has("status") {
		fe.Add("status", "Status must be PENDING, APPROVED, DENIED or CLOSED")
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	ctx := r.Context()
	list, err := s.tripStore.TripRequests(ctx, companyScope(PrincipalFromContext(ctx)), status)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, tripRequestListFrom(list))
}

// handleTripRequestDecide approves or denies a pending trip request of the
// owner's company and mails the driver: an approved END completes the trip
// (lifting its lock), an approved REPLAN re-plans it from the request's
// position and fuel. Another company's request or any other id is 404; a
// decided one 409, as is approving on an ended trip.
func (s *Server) handleTripRequestDecide(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		id, ok := pathID(r)
		if !ok {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgTripRequestMissing))
			return
		}
		p := PrincipalFromContext(ctx)
		req, err := s.Trips.Decide(ctx, trips.Actor{Role: p.Role, UserID: p.UserID, Scope: companyScope(p)}, id, approve)
		if err != nil {
			retryAfterPlanner(w, err)
			s.respondError(w, r, err)
			return
		}
		respond(w, http.StatusOK, tripRequestFromDomain(req))
	}
}
