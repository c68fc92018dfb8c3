package http

import (
	"context"
	"net/http"

	"fuelportal"
)

// An office member limited to a group (Principal.GroupID) sees only the
// group's cards and vehicles: lists filter by it (the store's ...In
// methods, fuelportal.TransactionScope.GroupID, fuelportal.Inbox.GroupID)
// and a route about one card or vehicle of another group answers 404, as
// for another company's. The guards below wrap those routes in routes.go.

// memberScope is what the request's caller acts on: their company and the
// group they are limited to.
func memberScope(r *http.Request) fuelportal.MemberScope {
	p := PrincipalFromContext(r.Context())
	return fuelportal.MemberScope{CompanyID: p.CompanyID, GroupID: p.GroupID}
}

// cardInGroup lets a request about card {cardNumber} through only when
// the caller sees the card; a number that breaks its text rule is a 400
// before any database sees it.
func (s *Server) cardInGroup(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		fe := fuelportal.FieldErrors{}
		number := pathText(fe, r, "cardNumber", "cardNumber")
		err := fe.Err()
		if err == nil {
			err = s.seesCard(r.Context(), number)
		}
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		next(w, r)
	}
}

// seesCard is nil when the caller sees the company's card number (every
// caller limited to no group does), else ENOTFOUND.
func (s *Server) seesCard(ctx context.Context, number string) error {
	p := PrincipalFromContext(ctx)
	if p.GroupID == 0 {
		return nil
	}
	group, err := s.Members.CardGroup(ctx, p.CompanyID, number)
	if err == nil && group != p.GroupID {
		err = fuelportal.Errorf(fuelportal.ENOTFOUND, "Card not found")
	}
	return err
}

// vehicleInGroup lets a request about vehicle {id} through only when the
// caller sees the vehicle.
func (s *Server) vehicleInGroup(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p := PrincipalFromContext(r.Context())
		if p.GroupID != 0 {
			id, _ := pathID(r)
			group, err := s.Members.VehicleGroup(r.Context(), p.CompanyID, id)
			if err == nil && group != p.GroupID {
				err = fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found")
			}
			if err != nil {
				s.respondError(w, r, err)
				return
			}
		}
		next(w, r)
	}
}

// handleVehicleGroup puts a vehicle of the company in a group (groupId
// null: in none).
func (s *Server) handleVehicleGroup(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found"))
		return
	}
	group, err := decodeGroup(w, r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.Members.SetVehicleGroup(r.Context(), PrincipalFromContext(r.Context()).CompanyID, id, group); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// groupRequest puts a card or a vehicle in a group (groupId null: in none).
type groupRequest struct {
	GroupID *int64 `json:"groupId"`
}

// decodeGroup reads a groupRequest body: the group's id, 0 for none.
func decodeGroup(w http.ResponseWriter, r *http.Request) (int64, error) {
	var req groupRequest
	if err := decode(w, r, &req); err != nil {
		return 0, err
	}
	return groupIDOf(req.GroupID)
}

// groupIDOf is the group id of an optional groupId field: 0 when absent or
// null; one not above 0 names no group (a groupId field error).
func groupIDOf(id *int64) (int64, error) {
	if id == nil {
		return 0, nil
	}
	if *id <= 0 {
		return 0, fuelportal.FieldError("groupId", "Group not found")
	}
	return *id, nil
}
