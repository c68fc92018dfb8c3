package http

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"regexp"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// Reset codes: 6 digits, valid 10 minutes, 5 tries.
const (
	ResetCodeTTL    = 10 * time.Minute
	MaxCodeAttempts = 5
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
	ctx := r.Context()
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

	email := fuelportal.NormalizeEmail(req.Email)
	user, err := s.passwordResetStore.UserByEmail(ctx, email)
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		respond(w, http.StatusOK, messageResponse{Message: msgResetRequested})
		return
	} else if err != nil {
		s.respondError(w, r, err)
		return
	}
	if wait, err := s.passwordResetStore.HitRateLimit(ctx, s.Limits.ResetMails, email); err != nil {
		s.respondError(w, r, err)
		return
	} else if wait > 0 {
		respond(w, http.StatusOK, messageResponse{Message: msgResetRequested}) // no more mail for now
		return
	}
	code, err := newResetCode()
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	msg := s.resetMail(email, code)
	if err := s.passwordResetStore.StartPasswordReset(ctx, user.ID, s.hashResetCode(email, code), s.Now().Add(ResetCodeTTL), msg); err != nil {
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

	email := fuelportal.NormalizeEmail(req.Email)
	if err := s.passwordResetStore.CheckPasswordReset(r.Context(), email, s.hashResetCode(email, req.OTPCode), MaxCodeAttempts); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, codeValidResponse{Valid: true})
}

// handleResetComplete sets a new password with a valid code and ends every
// session of the account.
func (s *Server) handleResetComplete(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
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

	hash, err := s.Passwords.Hash(ctx, req.Password)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	email := fuelportal.NormalizeEmail(req.Email)
	if err := s.passwordResetStore.CompletePasswordReset(ctx, email, s.hashResetCode(email, req.OTPCode), MaxCodeAttempts, hash); err != nil {
		s.respondError(w, r, err)
		return
	}
	// Whoever proved they own the mailbox may sign in again at once.
	if err := s.passwordResetStore.ResetRateLimit(ctx, s.Limits.SignInFailures, email); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, emptyResponse{})
}

func newResetCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// hashResetCode is what the database keeps of a code: an HMAC under a
// server key, so a leaked table does not give the codes away.
func (s *Server) hashResetCode(email, code string) string {
	mac := hmac.New(sha256.New, s.resetCodeKey)
	mac.Write([]byte(email + "\x00" + code))
	return hex.EncodeToString(mac.Sum(nil))
}

func (s *Server) resetMail(email, code string) *fuelportal.MailMessage {
	body := fmt.Sprintf("Your Fuel Portal password reset code is %s.\n\nIt expires in %d minutes. If you did not ask to reset your password, ignore this message.\n",
		code, int(ResetCodeTTL/time.Minute))
	if s.PublicURL != "" {
		link := s.PublicURL + "/reset-password?" + url.Values{"email": {email}, "otpCode": {code}}.Encode()
		body += "\nOr open this link to choose a new password:\n" + link + "\n"
	}
	return &fuelportal.MailMessage{To: email, Subject: "Your Fuel Portal password reset code", Body: body, Secrets: []string{code}}
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

// passwordResetStore is the store as seen by the password reset handlers
// (*store.DB).
type passwordResetStore interface {
	CheckPasswordReset(ctx context.Context, email string, codeHash string, maxAttempts int) error
	CompletePasswordReset(ctx context.Context, email string, codeHash string, maxAttempts int, passwordHash string) error
	HitRateLimit(ctx context.Context, l store.RateLimit, key string) (retryAfter time.Duration, err error)
	ResetRateLimit(ctx context.Context, l store.RateLimit, key string) error
	StartPasswordReset(ctx context.Context, userID int64, codeHash string, expiresAt time.Time, mail *fuelportal.MailMessage) error
	UserByEmail(ctx context.Context, email string) (u *fuelportal.User, err error)
}
