package http

import (
	"net/http"
	"time"

	"fuelportal"
	"fuelportal/overrides"
)

// overrideRequestResponse is a driver's override request on the wire.
type overrideRequestResponse struct {
	ID            int64                            `json:"id"`
	Status        fuelportal.OverrideRequestStatus `json:"status"`
	CardNumber    string                           `json:"cardNumber"`
	DriverName    string                           `json:"driverName"`
	TransactionID int64                            `json:"transactionId"`
	DeclineCode   *fuelportal.DeclineReason        `json:"declineCode"`
	DeclineReason *string                          `json:"declineReason"`
	Message       string                           `json:"message"`
	CreatedAt     time.Time                        `json:"createdAt"`
	DecidedAt     *time.Time                       `json:"decidedAt"`
	OverrideUntil *time.Time                       `json:"overrideUntil"`
	LiftsPrompt   bool                             `json:"liftsPrompt"`
	// The declined purchase: when, where and its amount at the pump.
	DeclinedAt      time.Time `json:"declinedAt"`
	LocationName    string    `json:"locationName"`
	AttemptedAmount float64   `json:"attemptedAmount"`
}

type overrideRequestList struct {
	Content []overrideRequestResponse `json:"content"`
}

func overrideRequestFromDomain(r *fuelportal.OverrideRequest) overrideRequestResponse {
	res := overrideRequestResponse{ID: r.ID, Status: r.Status, CardNumber: r.CardNumber, DriverName: r.DriverName,
		TransactionID: r.TransactionID, Message: r.Message, CreatedAt: r.CreatedAt.UTC(), DecidedAt: utcPtr(r.DecidedAt), OverrideUntil: utcPtr(r.OverrideUntil),
		LiftsPrompt: r.LiftsPrompt, DeclinedAt: r.DeclinedAt.UTC(), LocationName: r.LocationName, AttemptedAmount: dollars(r.AttemptedAmount)}
	if r.DeclineCode != "" {
		code, sentence := r.DeclineCode, r.DeclineCode.Sentence()
		res.DeclineCode, res.DeclineReason = &code, &sentence
	}
	return res
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func overrideRequestListFrom(list []*fuelportal.OverrideRequest) overrideRequestList {
	res := overrideRequestList{Content: make([]overrideRequestResponse, 0, len(list))}
	for _, r := range list {
		res.Content = append(res.Content, overrideRequestFromDomain(r))
	}
	return res
}

// overrideRequestCreate is a driver's request body; the body may be empty.
type overrideRequestCreate struct {
	Message string `json:"message" text:"overrideMessage"`
}

// overrideDecisionRequest is an owner's approval body; the body may be
// empty (24 hours).
type overrideDecisionRequest struct {
	Hours *int `json:"hours"`
	// LiftsPrompt: the approval lifts the card's pump prompt too.
	LiftsPrompt bool `json:"liftsPrompt"`
}

// decodeOptional is decode for a body that may be left out entirely.
func decodeOptional(w http.ResponseWriter, r *http.Request, v any) error {
	if r.ContentLength == 0 {
		return nil
	}
	return decode(w, r, v)
}

// handleOverrideRequestCreate records the driver's request for an override
// of their card's rules after its last declined purchase: 201 with the
// request; 422 when there is no declined purchase, 409 when one is pending.
func (s *Server) handleOverrideRequestCreate(w http.ResponseWriter, r *http.Request) {
	var body overrideRequestCreate
	if err := decodeOptional(w, r, &body); err != nil {
		s.respondError(w, r, err)
		return
	}
	ctx := r.Context()
	req, err := s.Overrides.Request(ctx, PrincipalFromContext(ctx).UserID, body.Message)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, overrideRequestFromDomain(req))
}

// handleDriverOverrideRequestList answers the driver's override requests,
// newest first, with the owner's decisions.
func (s *Server) handleDriverOverrideRequestList(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	list, err := s.Overrides.DriverRequests(ctx, PrincipalFromContext(ctx).UserID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, overrideRequestListFrom(list))
}

// handleOverrideRequestList answers the override requests of the owner's
// company, newest first, only those of one status with status=….
func (s *Server) handleOverrideRequestList(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	status := fuelportal.OverrideRequestStatus(queryText(fe, r.URL.Query(), "status", "code"))
	if status != "" && !status.Valid() && !fe.Has("status") {
		fe.Add("status", "Status must be PENDING, APPROVED or DENIED")
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	ctx := r.Context()
	list, err := s.Overrides.Requests(ctx, companyScope(PrincipalFromContext(ctx)), status)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, overrideRequestListFrom(list))
}

// handleOverrideRequestDecide approves (granting the card an override for
// hours, default 24) or denies a pending override request of the owner's
// company, and mails the driver. Another company's request or any other id
// is 404; a decided one 409.
func (s *Server) handleOverrideRequestDecide(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		id, ok := pathID(r)
		if !ok {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgOverrideRequestMissing))
			return
		}
		p := PrincipalFromContext(ctx)
		var req *fuelportal.OverrideRequest
		var err error
		if approve {
			var body overrideDecisionRequest
			if err := decodeOptional(w, r, &body); err != nil {
				s.respondError(w, r, err)
				return
			}
			req, err = s.Overrides.Approve(ctx, companyScope(p), p.UserID, id, overrides.Approval{Hours: body.Hours, LiftsPrompt: body.LiftsPrompt})
		} else {
			req, err = s.Overrides.Deny(ctx, companyScope(p), p.UserID, id)
		}
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		respond(w, http.StatusOK, overrideRequestFromDomain(req))
	}
}
