package http

import (
	"net/http"
	"time"

	"fuelportal"
)

// invitationDTO is a pending invitation on the wire (its link's token
// never is: only the invitee's mail holds it).
type invitationDTO struct {
	ID        int64                 `json:"id"`
	Email     string                `json:"email"`
	Role      fuelportal.MemberRole `json:"role"`
	GroupID   *int64                `json:"groupId"`
	ExpiresAt time.Time             `json:"expiresAt"`
}

func invitationToDTO(inv *fuelportal.Invitation) invitationDTO {
	return invitationDTO{ID: inv.ID, Email: inv.Email, Role: inv.Role, GroupID: optionalID(inv.GroupID), ExpiresAt: inv.ExpiresAt.UTC()}
}

type invitationListResponse struct {
	Content []invitationDTO `json:"content"`
}

type invitationCreateRequest struct {
	Email   string `json:"email" text:"email"`
	Role    string `json:"role" text:"code"`
	GroupID *int64 `json:"groupId"`
}

type invitationAcceptRequest struct {
	FirstName string `json:"firstName" text:"firstName"`
	LastName  string `json:"lastName" text:"lastName"`
	Password  string `json:"password" text:"password"`
}

// handleInvitationCreate invites a person by e-mail with a role (and a
// group); the mail with the link goes out through the event stream.
func (s *Server) handleInvitationCreate(w http.ResponseWriter, r *http.Request) {
	var req invitationCreateRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	group, err := groupIDOf(req.GroupID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	inv, err := s.Members.Invite(r.Context(), p.CompanyID, p.UserID, p.MemberRole, req.Email, fuelportal.MemberRole(req.Role), group, s.PublicURL)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, invitationToDTO(inv))
}

// handleInvitationList lists the pending invitations of the caller's company
// that the caller sees (a member limited to a group: those to their group).
func (s *Server) handleInvitationList(w http.ResponseWriter, r *http.Request) {
	invs, err := s.Members.Invitations(r.Context(), memberScope(r))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := invitationListResponse{Content: make([]invitationDTO, 0, len(invs))}
	for _, inv := range invs {
		res.Content = append(res.Content, invitationToDTO(inv))
	}
	respond(w, http.StatusOK, res)
}

// handleInvitationRevoke revokes a pending invitation of the company.
func (s *Server) handleInvitationRevoke(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Invitation not found"))
		return
	}
	if err := s.Members.Revoke(r.Context(), PrincipalFromContext(r.Context()).CompanyID, id); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleInvitationAccept spends an invitation's link: the member is
// created with the names and password given and signed in (the tokens of
// a sign-in). No bearer token; limited per client address like sign-ups.
func (s *Server) handleInvitationAccept(w http.ResponseWriter, r *http.Request) {
	var req invitationAcceptRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	fe := fuelportal.FieldErrors{}
	token := pathText(fe, r, "token", "token")
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if !s.allow(w, r, s.Limits.SignUps) {
		return
	}
	// Who joins is audited with this request's address and id.
	ctx := fuelportal.NewContextWithActor(r.Context(), s.actor(w, r, Principal{}))
	user, err := s.Members.Accept(ctx, token, req.FirstName, req.LastName, req.Password)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	tokens, err := s.startSession(r.Context(), user)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, tokens)
}
