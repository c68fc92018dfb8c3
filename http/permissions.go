package http

import (
	"net/http"

	"fuelportal"
)

// permissionsResponse is what the caller's role may do: the web app hides
// the rest.
type permissionsResponse struct {
	Role    fuelportal.MemberRole `json:"role"`
	GroupID *int64                `json:"groupId"`
	Actions []fuelportal.Action   `json:"actions"`
}

// handlePermissions answers the caller's role, group and actions, from
// the one table the server enforces (fuelportal.ActionsOf: the role's
// actions, less the company-wide ones for a member limited to a group).
func (s *Server) handlePermissions(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	res := permissionsResponse{Role: p.MemberRole, GroupID: optionalID(p.GroupID), Actions: fuelportal.ActionsOf(p.MemberRole, p.GroupID != 0)}
	if res.Actions == nil {
		res.Actions = []fuelportal.Action{}
	}
	respond(w, http.StatusOK, res)
}
