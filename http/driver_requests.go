package http

import (
	"net/http"
	"strconv"
	"time"

	"fuelportal"
)

// driverRequestResponse is a driver's pending request to join the owner's
// company.
type driverRequestResponse struct {
	ID          int64     `json:"id"`
	FirstName   string    `json:"firstName"`
	LastName    string    `json:"lastName"`
	Email       string    `json:"email"`
	PhoneNumber string    `json:"phoneNumber"`
	CardNumber  string    `json:"cardNumber"`
	RequestedAt time.Time `json:"requestedAt"`
}

func driverRequestFromDomain(r *fuelportal.DriverRequest) driverRequestResponse {
	return driverRequestResponse{ID: r.UserID, FirstName: r.FirstName, LastName: r.LastName, Email: r.Email,
		PhoneNumber: r.PhoneNumber, CardNumber: r.CardNumber, RequestedAt: r.RequestedAt.UTC()}
}

// handleDriverRequestList answers the pending driver requests of the
// owner's company, oldest first.
func (s *Server) handleDriverRequestList(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	requests, err := s.Accounts.DriverRequests(ctx, memberScope(r))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	list := make([]driverRequestResponse, 0, len(requests))
	for _, req := range requests {
		list = append(list, driverRequestFromDomain(req))
	}
	respond(w, http.StatusOK, list)
}

// handleDriverRequestDecide approves or declines a pending driver request
// of the owner's company and mails the driver the decision; approving one
// request for a card declines (and mails) the others for it. Any other id
// (another company's driver, a decided or expired request, garbage) is 404.
func (s *Server) handleDriverRequestDecide(decision fuelportal.DriverStatus) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
		if err != nil || id <= 0 {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgDriverRequestMissing))
			return
		}
		if err := s.Accounts.DecideDriverRequest(ctx, memberScope(r), id, decision, s.PublicURL); err != nil {
			s.respondError(w, r, err)
			return
		}
		respond(w, http.StatusOK, emptyResponse{})
	}
}
