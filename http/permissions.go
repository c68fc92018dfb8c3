package http

import (
	"net/http"

	"fuelportal"
)

// permissionsResponse is what the caller's role may do: the web app hides
// the rest. WithheldByGroup are the actions the role has that the group
// limit takes away, so the app says which of the two refuses a page.
type permissionsResponse struct {
	Role            fuelportal.MemberRole `json:"role"`
	GroupID         *int64                `json:"groupId"`
	Actions         []fuelportal.Action   `json:"actions"`
	WithheldByGroup []fuelportal.Action   `json:"withheldByGroup"`
}

// handlePermissions answers the caller's role, group and actions, from
// the one table the server enforces (fuelportal.ActionsOf: the role's
// actions, less the company-wide ones for a member limited to a group),
// and the actions the group limit takes away (fuelportal.WithheldByGroup).
func (s *Server) handlePermissions(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	limited := p.GroupID != 0
	res := permissionsResponse{
		Role:            p.MemberRole,
		GroupID:         optionalID(p.GroupID),
		Actions:         fuelportal.ActionsOf(p.MemberRole, limited),
		WithheldByGroup: fuelportal.WithheldByGroup(p.MemberRole, limited),
	}
	if res.Actions == nil {
		res.Actions = []fuelportal.Action{}
	}
	if res.WithheldByGroup == nil {
		res.WithheldByGroup = []fuelportal.Action{}
	}
	respond(w, http.StatusOK, res)
}
