package http

import (
	"context"
	"net/http"
	"time"

	"fuelportal/store"
)

// Limits are the rate limits the server applies. Counters live in the
// database, so they hold across server processes.
type Limits struct {
	// SignInFailures: failed sign-ins (and wrong current passwords) per
	// account e-mail. Each attempt is counted before the password is checked;
	// when used up, sign-in answers 429 until the window ends, even with the
	// right password. A successful sign-in or a password reset clears it.
	SignInFailures store.RateLimit
	// SignInAddress: failed sign-ins per client address, over every account
	// (credential stuffing from one address); counted like SignInFailures, a
	// successful sign-in gives its attempt back.
	SignInAddress store.RateLimit
	// SignUps: account creations per client IP.
	SignUps store.RateLimit
	// AvailabilityChecks: e-mail and card-number checks per client IP
	// (the sign-up form checks as the user types).
	AvailabilityChecks store.RateLimit
	// ResetRequests: password-reset code requests per client IP.
	ResetRequests store.RateLimit
	// ResetMails: reset codes mailed per account; over it, requests get the
	// usual answer but no mail, so the limit reveals nothing.
	ResetMails store.RateLimit
	// CodeChecks: reset-code checks and completions per client IP; each code
	// also allows only MaxCodeAttempts tries.
	CodeChecks store.RateLimit
	// TripReplans: re-plans people ask for, per trip (each runs the
	// planner and keeps a plan version; fuelportal.MaxTripPlanVersions
	// bounds them in all).
	TripReplans store.RateLimit
}

// DefaultLimits are the production limits.
var DefaultLimits = Limits{
	SignInFailures:     store.RateLimit{Bucket: "signin-failures", Max: 10, Window: 15 * time.Minute},
	SignInAddress:      store.RateLimit{Bucket: "signin-ip", Max: 50, Window: 15 * time.Minute},
	SignUps:            store.RateLimit{Bucket: "signup-ip", Max: 30, Window: time.Hour},
	AvailabilityChecks: store.RateLimit{Bucket: "check-ip", Max: 300, Window: 10 * time.Minute},
	ResetRequests:      store.RateLimit{Bucket: "reset-ip", Max: 10, Window: 15 * time.Minute},
	ResetMails:         store.RateLimit{Bucket: "reset-mail", Max: 3, Window: 15 * time.Minute},
	CodeChecks:         store.RateLimit{Bucket: "code-ip", Max: 30, Window: 15 * time.Minute},
	TripReplans:        store.RateLimit{Bucket: "trip-replan", Max: 12, Window: time.Hour},
}

// allow counts one request of the client against limit and answers 429
// when it is over; it reports whether the handler may go on.
func (s *Server) allow(w http.ResponseWriter, r *http.Request, limit store.RateLimit) bool {
	wait, err := s.rateLimitStore.HitRateLimit(r.Context(), limit, s.clientIP(r))
	if err != nil {
		s.respondError(w, r, err)
		return false
	}
	if wait > 0 {
		s.respondTooManyRequests(w, r, wait)
		return false
	}
	return true
}

// rateLimitStore is the store as seen by the rate limits (*store.DB).
type rateLimitStore interface {
	HitRateLimit(ctx context.Context, l store.RateLimit, key string) (retryAfter time.Duration, err error)
}
