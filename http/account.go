package http

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"strings"

	"fuelportal"
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
	Company     *companyDTO    `json:"company"`
	CardNumber  *string        `json:"cardNumber"`
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
		Authorities: []authorityDTO{{Code: u.Role}}, DriverStatus: u.DriverStatus, Language: u.Language,
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
	user, err := s.accountStore.UserByID(r.Context(), PrincipalFromContext(r.Context()).UserID)
	if err != nil {
		s.respondError(w, r, signedOutIfMissing(err))
		return
	}
	a := accountFromUser(user)
	if user.CardID != 0 {
		p, err := s.accountStore.CardPrompts(r.Context(), user.CompanyID, user.CardID)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		prompts := pumpPromptsFrom(p)
		a.Prompts = &prompts
	}
	respond(w, http.StatusOK, a)
}

// handleAccountUpdate saves the user's name, e-mail, phone number and
// language (kept when the request has none). A new
// sign-in e-mail needs the current password (checked and counted like a
// sign-in), and the old address is told of the change.
func (s *Server) handleAccountUpdate(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req accountUpdateRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	update := req.toDomain()
	if err := update.Validate(); err != nil {
		s.respondError(w, r, err)
		return
	}

	current, err := s.accountStore.UserByID(ctx, PrincipalFromContext(ctx).UserID)
	if err != nil {
		s.respondError(w, r, signedOutIfMissing(err))
		return
	}
	if update.Email != current.Email {
		if req.CurrentPassword == "" {
			s.respondError(w, r, fuelportal.FieldError("currentPassword", fuelportal.MsgPasswordRequired))
			return
		}
		if !s.verifyCurrentPassword(w, r, current.Email, req.CurrentPassword) {
			return
		}
	}

	user, err := s.accountStore.UpdateAccount(ctx, current.ID, update, emailChangedMail)
	if fuelportal.ErrorCode(err) == fuelportal.ECONFLICT {
		s.respondError(w, r, fuelportal.FieldError("email", fuelportal.MsgEmailTaken))
		return
	} else if err != nil {
		s.respondError(w, r, signedOutIfMissing(err))
		return
	}
	respond(w, http.StatusOK, accountFromUser(user))
}

// emailChangedMail tells the old address that the account signs in with
// another e-mail now (the new address is not named: it may be an intruder's).
func emailChangedMail(oldEmail string) *fuelportal.MailMessage {
	return &fuelportal.MailMessage{To: oldEmail, Subject: "Your Fuel Portal sign-in e-mail was changed",
		Body: "The e-mail address you sign in to Fuel Portal with was just changed, so this address no longer signs in.\n\n" +
			"If you did not make this change, someone else may have used your account: contact Fuel Portal support right away.\n"}
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

	user, err := s.accountStore.UserByID(ctx, principal.UserID)
	if err != nil {
		s.respondError(w, r, signedOutIfMissing(err))
		return
	}
	if !s.verifyCurrentPassword(w, r, user.Email, req.CurrentPassword) {
		return
	}
	hash, err := s.Passwords.Hash(ctx, req.NewPassword)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.accountStore.SetPassword(ctx, user.ID, hash, principal.SessionID); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, emptyResponse{})
}

// handleAccountDelete deletes the signed-in user. The only owner of a
// company gets 409: closing a company is done by support.
func (s *Server) handleAccountDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.accountStore.DeleteUser(r.Context(), PrincipalFromContext(r.Context()).UserID); err != nil {
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

// verifyCurrentPassword checks a signed-in user's current password under the
// sign-in lock-outs (a stolen session must not become a password oracle). On
// failure it has answered: 429 while locked out, else the field error.
func (s *Server) verifyCurrentPassword(w http.ResponseWriter, r *http.Request, email, password string) bool {
	_, ok, err := s.checkPassword(r.Context(), s.clientIP(r), email, password)
	var locked accountLockedError
	switch {
	case errors.As(err, &locked):
		s.respondTooManyRequests(w, r, locked.retryAfter)
	case err != nil:
		s.respondError(w, r, err)
	case !ok:
		s.respondError(w, r, fuelportal.FieldError("currentPassword", fuelportal.MsgCurrentPasswordWrong))
	}
	return err == nil && ok
}

// accountStore is the store as seen by the account handlers (*store.DB).
type accountStore interface {
	CardPrompts(ctx context.Context, companyID int64, cardID int64) (p fuelportal.PumpPrompts, err error)
	DeleteUser(ctx context.Context, id int64) error
	SetPassword(ctx context.Context, id int64, passwordHash string, keepFamily string) error
	UpdateAccount(ctx context.Context, id int64, upd fuelportal.AccountUpdate, notice func(oldEmail string) *fuelportal.MailMessage) (u *fuelportal.User, err error)
	UserByID(ctx context.Context, id int64) (u *fuelportal.User, err error)
}
