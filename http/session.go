package http

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"fuelportal"
	"fuelportal/store"
)

// msgBadCredentials is the one answer for an unknown login or a wrong
// password.
const msgBadCredentials = "Login or password are incorrect"

type credentialsRequest struct {
	Username string `json:"username" text:"email"`
	Password string `json:"password" text:"password"`
}

func (req *credentialsRequest) validate() error {
	fe := fuelportal.FieldErrors{}
	if strings.TrimSpace(req.Username) == "" {
		fe.Add("username", fuelportal.MsgFieldRequired)
	}
	if req.Password == "" {
		fe.Add("password", fuelportal.MsgFieldRequired)
	} else if utf8.RuneCountInString(req.Password) < 3 {
		fe.Add("password", fuelportal.MsgSignInPasswordTooShort)
	}
	return fe.Err()
}

type refreshRequest struct {
	RefreshToken string `json:"refreshToken" text:"token"`
}

type tokensResponse struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
}

// handleAuthenticate signs a user in. An unknown login costs the same
// password-hash time as a wrong password and gets the same answer.
func (s *Server) handleAuthenticate(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req credentialsRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := req.validate(); err != nil {
		s.respondError(w, r, err)
		return
	}

	email := fuelportal.NormalizeEmail(req.Username)
	user, ok, err := s.checkPassword(ctx, s.clientIP(r), email, req.Password)
	var locked accountLockedError
	if errors.As(err, &locked) {
		s.respondTooManyRequests(w, r, locked.retryAfter)
		return
	} else if err != nil {
		s.respondError(w, r, err)
		return
	} else if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, msgBadCredentials))
		return
	}
	if user.DriverStatus == fuelportal.DriverRejected ||
		user.DriverStatus == fuelportal.DriverPending && fuelportal.DriverRequestExpired(user.CreatedAt, s.Now()) {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EFORBIDDEN, fuelportal.MsgDriverDeclined))
		return
	}

	tokens, err := s.startSession(ctx, user)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, tokens)
}

// handleRefreshToken trades a refresh token for a new access token and the
// next refresh token of the same session.
func (s *Server) handleRefreshToken(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req refreshRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	if req.RefreshToken == "" {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Refresh token expired"))
		return
	}

	refresh, refreshHash := newOpaqueToken()
	next, err := s.sessionStore.RotateRefreshToken(ctx, hashOpaqueToken(req.RefreshToken), refreshHash)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	user, err := s.sessionStore.UserByID(ctx, next.UserID)
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Refresh token expired"))
		return
	} else if err != nil {
		s.respondError(w, r, err)
		return
	}
	access, err := s.Tokens.Issue(principalOf(user, next.FamilyID), s.Now())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, tokensResponse{Token: access, RefreshToken: refresh})
}

// handleLogout ends the caller's session on the server: its refresh token
// and every access token of the sign-in stop working at once.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	if err := s.sessionStore.EndSession(r.Context(), p.UserID, p.SessionID); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// accountLockedError says an account or a client address used up its
// failed sign-ins.
type accountLockedError struct{ retryAfter time.Duration }

func (e accountLockedError) Error() string { return "too many failed sign-ins" }

// checkPassword verifies the password of the account email for a caller at
// client address addr. The attempt is reserved first, atomically, against
// both the address's and the account's failure limits: an attempt over
// either is an accountLockedError before any hashing, so simultaneous
// attempts cannot all be checked. A wrong password keeps both reservations;
// the right one clears the account's failures and gives the address its
// attempt back (many people may sign in from one office). An unknown
// account is checked against a dummy hash, so it takes as long as a wrong
// password.
func (s *Server) checkPassword(ctx context.Context, addr, email, password string) (*fuelportal.User, bool, error) {
	for _, hit := range []struct {
		limit store.RateLimit
		key   string
	}{{s.Limits.SignInAddress, addr}, {s.Limits.SignInFailures, email}} {
		if wait, err := s.sessionStore.HitRateLimit(ctx, hit.limit, hit.key); err != nil {
			return nil, false, err
		} else if wait > 0 {
			return nil, false, accountLockedError{wait}
		}
	}
	user, err := s.sessionStore.UserByEmail(ctx, email)
	hash := ""
	if err == nil {
		hash = user.PasswordHash
	} else if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
		return nil, false, err
	}
	if s.passwordChecked != nil {
		s.passwordChecked()
	}
	ok, err := s.Passwords.Verify(ctx, password, hash)
	if err != nil || !ok {
		return nil, false, err
	}
	if err := s.sessionStore.ResetRateLimit(ctx, s.Limits.SignInFailures, email); err != nil {
		return nil, false, err
	}
	return user, true, s.sessionStore.RefundRateLimit(ctx, s.Limits.SignInAddress, addr)
}

// startSession issues the first tokens of a new session (refresh family).
func (s *Server) startSession(ctx context.Context, user *fuelportal.User) (tokensResponse, error) {
	sessionID := newSessionID()
	refresh, refreshHash := newOpaqueToken()
	now := s.Now()
	err := s.sessionStore.CreateRefreshToken(ctx, &store.RefreshToken{
		TokenHash: refreshHash, FamilyID: sessionID, UserID: user.ID, ExpiresAt: now.Add(RefreshTokenTTL),
	})
	if err != nil {
		return tokensResponse{}, err
	}
	access, err := s.Tokens.Issue(principalOf(user, sessionID), now)
	if err != nil {
		return tokensResponse{}, err
	}
	return tokensResponse{Token: access, RefreshToken: refresh}, nil
}

func principalOf(u *fuelportal.User, sessionID string) Principal {
	return Principal{UserID: u.ID, CompanyID: u.CompanyID, Role: u.Role, CardID: u.CardID, SessionID: sessionID}
}

// sessionStore is the store as seen by the sign-in and session handlers
// (*store.DB).
type sessionStore interface {
	CreateRefreshToken(ctx context.Context, t *store.RefreshToken) error
	EndSession(ctx context.Context, userID int64, familyID string) error
	HitRateLimit(ctx context.Context, l store.RateLimit, key string) (retryAfter time.Duration, err error)
	RefundRateLimit(ctx context.Context, l store.RateLimit, key string) error
	ResetRateLimit(ctx context.Context, l store.RateLimit, key string) error
	RotateRefreshToken(ctx context.Context, oldHash string, newHash string) (*store.RefreshToken, error)
	UserByEmail(ctx context.Context, email string) (u *fuelportal.User, err error)
	UserByID(ctx context.Context, id int64) (u *fuelportal.User, err error)
}
