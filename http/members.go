package http

import (
	"encoding/json"
	"net/http"

	"fuelportal"
)

// memberDTO is a member of the caller's company on the wire.
type memberDTO struct {
	ID        int64                   `json:"id"`
	Email     string                  `json:"email"`
	FirstName string                  `json:"firstName"`
	LastName  string                  `json:"lastName"`
	Role      fuelportal.MemberRole   `json:"role"`
	GroupID   *int64                  `json:"groupId"`
	Status    fuelportal.MemberStatus `json:"status"`
}

func memberToDTO(m *fuelportal.Member) memberDTO {
	return memberDTO{ID: m.ID, Email: m.Email, FirstName: m.FirstName, LastName: m.LastName, Role: m.Role,
		GroupID: optionalID(m.GroupID), Status: m.Status}
}

type memberListResponse struct {
	Content []memberDTO `json:"content"`
}

// memberChangeRequest is a PATCH of a member: absent fields are kept;
// groupId null lifts the member's group limit.
type memberChangeRequest struct {
	Role    *string         `json:"role" text:"code"`
	GroupID json.RawMessage `json:"groupId"`
	Status  *string         `json:"status" text:"code"`
}

func (req *memberChangeRequest) toDomain() (fuelportal.MemberChange, error) {
	var c fuelportal.MemberChange
	if req.Role != nil {
		role := fuelportal.MemberRole(*req.Role)
		c.Role = &role
	}
	if len(req.GroupID) > 0 {
		var group int64
		if string(req.GroupID) != "null" {
			if err := json.Unmarshal(req.GroupID, &group); err != nil || group <= 0 {
				return c, fuelportal.FieldError("groupId", "Must be a group's id or null")
			}
		}
		c.GroupID = &group
	}
	if req.Status != nil {
		status := fuelportal.MemberStatus(*req.Status)
		c.Status = &status
	}
	return c, nil
}

// handleMemberList lists the members of the caller's company that the
// caller sees (a member limited to a group: their group's).
func (s *Server) handleMemberList(w http.ResponseWriter, r *http.Request) {
	list, err := s.Members.List(r.Context(), memberScope(r))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := memberListResponse{Content: make([]memberDTO, 0, len(list))}
	for _, m := range list {
		res.Content = append(res.Content, memberToDTO(m))
	}
	respond(w, http.StatusOK, res)
}

// handleMemberChange changes a member's role, group or status; their
// sessions end at once.
func (s *Server) handleMemberChange(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Member not found"))
		return
	}
	var req memberChangeRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	change, err := req.toDomain()
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	m, err := s.Members.Change(r.Context(), memberScope(r), p.UserID, id, change)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, memberToDTO(m))
}

// handleMemberRemove removes a member (their login and sessions).
func (s *Server) handleMemberRemove(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Member not found"))
		return
	}
	p := PrincipalFromContext(r.Context())
	if err := s.Members.Remove(r.Context(), memberScope(r), p.UserID, id); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// groupDTO is a group of the caller's company's cards and vehicles; the
// list counts what each holds.
type groupDTO struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Cards    *int64 `json:"cards,omitempty"`
	Vehicles *int64 `json:"vehicles,omitempty"`
	Members  *int64 `json:"members,omitempty"`
}

type groupListResponse struct {
	Content []groupDTO `json:"content"`
}

type groupCreateRequest struct {
	Name string `json:"name" text:"text"`
}

// handleGroupList lists the groups of the caller's company that the caller
// sees (a member limited to a group: theirs only).
func (s *Server) handleGroupList(w http.ResponseWriter, r *http.Request) {
	groups, err := s.Members.Groups(r.Context(), memberScope(r))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := groupListResponse{Content: make([]groupDTO, 0, len(groups))}
	for _, g := range groups {
		res.Content = append(res.Content, groupDTO{ID: g.ID, Name: g.Name, Cards: &g.Cards, Vehicles: &g.Vehicles, Members: &g.Members})
	}
	respond(w, http.StatusOK, res)
}

// handleGroupCreate adds a group to the caller's company.
func (s *Server) handleGroupCreate(w http.ResponseWriter, r *http.Request) {
	var req groupCreateRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	g, err := s.Members.CreateGroup(r.Context(), PrincipalFromContext(r.Context()).CompanyID, req.Name)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, groupDTO{ID: g.ID, Name: g.Name})
}

// handleGroupRename renames a group of the caller's company.
func (s *Server) handleGroupRename(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Group not found"))
		return
	}
	var req groupCreateRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	g, err := s.Members.RenameGroup(r.Context(), PrincipalFromContext(r.Context()).CompanyID, id, req.Name)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, groupDTO{ID: g.ID, Name: g.Name})
}

// handleGroupDelete deletes a group of the caller's company (204); 409
// while a member, a pending invitation or a coding rule names it.
func (s *Server) handleGroupDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Group not found"))
		return
	}
	if err := s.Members.DeleteGroup(r.Context(), PrincipalFromContext(r.Context()).CompanyID, id); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleCardGroup puts a card of the company in a group (groupId null:
// in none).
func (s *Server) handleCardGroup(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	number := pathText(fe, r, "cardNumber", "cardNumber")
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	group, err := decodeGroup(w, r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.Members.SetCardGroup(r.Context(), PrincipalFromContext(r.Context()).CompanyID, number, group); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleCompanyClose closes the caller's company (owners only): 204, and
// every session of its members ends; 409 while its wallet holds or owes
// money or has purchases on hold.
func (s *Server) handleCompanyClose(w http.ResponseWriter, r *http.Request) {
	if err := s.Members.CloseCompany(r.Context(), PrincipalFromContext(r.Context()).CompanyID); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
