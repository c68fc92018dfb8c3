package http

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"strings"

	"fuelportal"
	"fuelportal/accounts"
)

// accountResponse is the signed-in user as the web app sees it.
type accountResponse struct {
	ID          int64          `json:"id"`
	Login       string         `json:"login"`
	Email       string         `json:"email"`
	FirstName   string         `json:"firstName"`
	LastName    string         `json:"lastName"`
	PhoneNumber string         `json:"phoneNumber"`
	Authorities []authorityDTO `json:"authorities"`
	// MemberRole is the user's role in their company (owner, admin,
	// dispatcher, bookkeeper, driver) beside the wire's authority.
	MemberRole fuelportal.MemberRole `json:"memberRole"`
	Company    *companyDTO           `json:"company"`
	CardNumber *string               `json:"cardNumber"`
	// DriverStatus is APPROVED, or PENDING/REJECTED for a driver the
	// company has not approved.
	DriverStatus fuelportal.DriverStatus `json:"driverStatus"`
	// Language is the one the user reads the app in: en or es.
	Language fuelportal.Language `json:"language"`
	// Prompts are what the pump asks on the driver's card and the values
	// to type (null for a user without a card).
	Prompts *pumpPromptsResponse `json:"prompts"`
}

type authorityDTO struct {
	Code fuelportal.Role `json:"code"`
}

type companyDTO struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	CarrierID int    `json:"carrierId"`
}

func accountFromUser(u *fuelportal.User) accountResponse {
	a := accountResponse{
		ID: u.ID, Login: u.Email, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, PhoneNumber: u.PhoneNumber,
		Authorities: []authorityDTO{{Code: u.Role}}, MemberRole: u.MemberRole, DriverStatus: u.DriverStatus, Language: u.Language,
	}
	if a.Language == "" {
		a.Language = fuelportal.LanguageEnglish
	}
	if a.DriverStatus == "" {
		a.DriverStatus = fuelportal.DriverApproved
	}
	if u.Company != nil {
		a.Company = &companyDTO{ID: u.Company.ID, Name: u.Company.Name, CarrierID: u.Company.CarrierID}
	}
	if u.CardNumber != "" || u.DriverStatus == fuelportal.DriverPending && u.RequestedCardNumber != "" {
		// A pending driver sees the card they asked for.
		number := cmp.Or(u.CardNumber, u.RequestedCardNumber)
		a.CardNumber = &number
	}
	return a
}

type accountUpdateRequest struct {
	FirstName   string `json:"firstName" text:"firstName"`
	LastName    string `json:"lastName" text:"lastName"`
	Email       string `json:"email" text:"email"`
	PhoneNumber string `json:"phoneNumber" text:"phoneNumber"`
	// CurrentPassword is needed only when the e-mail changes.
	CurrentPassword string `json:"currentPassword" text:"password"`
	// Language is en or es; absent or "" keeps the current one.
	Language string `json:"language" text:"code"`
}

func (req *accountUpdateRequest) toDomain() fuelportal.AccountUpdate {
	return fuelportal.AccountUpdate{
		FirstName: strings.TrimSpace(req.FirstName), LastName: strings.TrimSpace(req.LastName),
		Email: fuelportal.NormalizeEmail(req.Email), PhoneNumber: strings.TrimSpace(req.PhoneNumber),
		Language: fuelportal.Language(req.Language),
	}
}

type changePasswordRequest struct {
	CurrentPassword string `json:"currentPassword" text:"password"`
	NewPassword     string `json:"newPassword" text:"password"`
}

func (req *changePasswordRequest) validate() error {
	fe := fuelportal.FieldErrors{}
	if req.CurrentPassword == "" {
		fe.Add("currentPassword", fuelportal.MsgPasswordRequired)
	}
	fuelportal.ValidatePassword(fe, "newPassword", req.NewPassword)
	return fe.Err()
}

// emptyResponse is the {} answer of actions with nothing to report.
type emptyResponse struct{}

// handleAccountGet answers the signed-in user's account.
func (s *Server) handleAccountGet(w http.ResponseWriter, r *http.Request) {
	user, prompts, err := s.Accounts.Account(r.Context(), PrincipalFromContext(r.Context()).UserID)
	if err != nil {
		s.respondError(w, r, signedOutIfMissing(err))
		return
	}
	a := accountFromUser(user)
	if prompts != nil {
		p := pumpPromptsFrom(*prompts)
		a.Prompts = &p
	}
	respond(w, http.StatusOK, a)
}

// handleAccountUpdate saves the user's name, e-mail, phone number and
// language (accounts.Service.Update). A new sign-in e-mail needs the
// current password, checked and counted like a sign-in.
func (s *Server) handleAccountUpdate(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req accountUpdateRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	update := req.toDomain()
	user, err := s.Accounts.Update(ctx, PrincipalFromContext(ctx).UserID, update, req.CurrentPassword, s.currentPasswordCheck(r))
	if err != nil {
		s.respondAccountError(w, r, err)
		return
	}
	respond(w, http.StatusOK, accountFromUser(user))
}

// handleChangePassword replaces the password after checking the current
// one, and ends the user's other sessions.
func (s *Server) handleChangePassword(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	principal := PrincipalFromContext(ctx)
	var req changePasswordRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := req.validate(); err != nil {
		s.respondError(w, r, err)
		return
	}
	err := s.Accounts.ChangePassword(ctx, principal.UserID, principal.SessionID, req.CurrentPassword, req.NewPassword, s.currentPasswordCheck(r))
	if err != nil {
		s.respondAccountError(w, r, err)
		return
	}
	respond(w, http.StatusOK, emptyResponse{})
}

// handleAccountDelete deletes the signed-in user. The only owner of a
// company gets 409: closing a company is done by support.
func (s *Server) handleAccountDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.Accounts.Delete(r.Context(), PrincipalFromContext(r.Context()).UserID); err != nil {
		s.respondError(w, r, signedOutIfMissing(err))
		return
	}
	respond(w, http.StatusOK, emptyResponse{})
}

// signedOutIfMissing turns "user not found" for a signed-in caller (deleted
// since the token was issued) into 401, so the app signs out.
func signedOutIfMissing(err error) error {
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		return fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Unauthorized")
	}
	return err
}

// currentPasswordCheck checks a signed-in user's current password under
// the sign-in lock-outs of r's client (a stolen session must not become a
// password oracle): locked out, it is an accountLockedError.
func (s *Server) currentPasswordCheck(r *http.Request) accounts.PasswordCheck {
	addr := s.clientIP(r)
	return func(ctx context.Context, email, password string) (bool, error) {
		_, ok, err := s.checkPassword(ctx, addr, email, password)
		return ok, err
	}
}

// respondAccountError answers an account flow's error: 429 while the
// sign-in is locked out, 401 when the user is gone.
func (s *Server) respondAccountError(w http.ResponseWriter, r *http.Request, err error) {
	var locked accountLockedError
	if errors.As(err, &locked) {
		s.respondTooManyRequests(w, r, locked.retryAfter)
		return
	}
	s.respondError(w, r, signedOutIfMissing(err))
}
