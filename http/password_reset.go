package http

import (
	"net/http"
	"regexp"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
)

// Reset codes: 6 digits, valid 10 minutes, 5 tries (accounts.Service).
const (
	ResetCodeTTL    = accounts.ResetCodeTTL
	MaxCodeAttempts = accounts.MaxCodeAttempts
)

const msgResetRequested = "If an account exists for this email, a code has been sent."

var otpPattern = regexp.MustCompile(`^[0-9]{6}$`)

type resetInitRequest struct {
	Email string `json:"email" text:"email"`
}

type resetCheckRequest struct {
	Email   string `json:"email" text:"email"`
	OTPCode string `json:"otpCode" text:"otpCode"`
}

type resetCompleteRequest struct {
	Email    string `json:"email" text:"email"`
	OTPCode  string `json:"otpCode" text:"otpCode"`
	Password string `json:"password" text:"password"`
	// PasswordConfirm is checked when sent.
	PasswordConfirm *string `json:"passwordConfirm" text:"password"`
}

func (req *resetCompleteRequest) validate() error {
	fe := fuelportal.FieldErrors{}
	fuelportal.ValidateResetPassword(fe, "password", req.Password)
	if req.PasswordConfirm != nil && *req.PasswordConfirm != req.Password {
		fe.Add("passwordConfirm", fuelportal.MsgPasswordsMustMatch)
	}
	return fe.Err()
}

type messageResponse struct {
	Message string `json:"message"`
}

type codeValidResponse struct {
	Valid bool `json:"valid"`
}

// handleResetInit mails a one-time code to the account's address. The
// answer is the same whether or not the account exists.
func (s *Server) handleResetInit(w http.ResponseWriter, r *http.Request) {
	var req resetInitRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	fe := fuelportal.FieldErrors{}
	fuelportal.ValidateEmail(fe, "email", req.Email)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if !s.allow(w, r, s.Limits.ResetRequests) {
		return
	}

	if err := s.Accounts.StartPasswordReset(r.Context(), req.Email, s.PublicURL, s.Limits.ResetMails); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, messageResponse{Message: msgResetRequested})
}

// handleResetCheck tells whether a code is right, spending one try.
func (s *Server) handleResetCheck(w http.ResponseWriter, r *http.Request) {
	var req resetCheckRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	if !s.allowCodeCheck(w, r, req.OTPCode) {
		return
	}

	if err := s.Accounts.CheckPasswordReset(r.Context(), req.Email, req.OTPCode); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, codeValidResponse{Valid: true})
}

// handleResetComplete sets a new password with a valid code and ends every
// session of the account.
func (s *Server) handleResetComplete(w http.ResponseWriter, r *http.Request) {
	var req resetCompleteRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := req.validate(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if !s.allowCodeCheck(w, r, req.OTPCode) {
		return
	}

	if err := s.Accounts.CompletePasswordReset(r.Context(), req.Email, req.OTPCode, req.Password, s.Limits.SignInFailures); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, emptyResponse{})
}

// allowCodeCheck counts a reset-code check against the caller's limit and
// refuses a code that is not six digits; it has answered when it says no.
func (s *Server) allowCodeCheck(w http.ResponseWriter, r *http.Request, code string) bool {
	if !s.allow(w, r, s.Limits.CodeChecks) {
		return false
	}
	if !otpPattern.MatchString(code) {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EINVALID, store.MsgInvalidResetCode))
		return false
	}
	return true
}
