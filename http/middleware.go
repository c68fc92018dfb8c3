package http

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"

	"fuelportal"
)

// recoverPanics turns a handler's panic into one 500 in the error shape,
// logged with its stack (respondError). When the answer had already
// started, no 500 can follow: the panic is logged and the connection
// aborted (http.ErrAbortHandler), so the client sees a broken answer, not
// a whole wrong one.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			p := recover()
			if p == nil || p == http.ErrAbortHandler {
				if p != nil {
					panic(p)
				}
				return
			}
			err := fmt.Errorf("panic: %v\n%s", p, debug.Stack())
			if rec.status != 0 {
				s.Logger.ErrorContext(r.Context(), "panic after the answer started: connection aborted", "method", r.Method, "path", r.URL.Path, "err", err)
				panic(http.ErrAbortHandler)
			}
			s.respondError(w, r, err)
		}()
		next.ServeHTTP(rec, r)
	})
}

// statusRecorder remembers the status and size of a response for the log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (rec *statusRecorder) WriteHeader(status int) {
	if rec.status == 0 {
		rec.status = status
	}
	rec.ResponseWriter.WriteHeader(status)
}

func (rec *statusRecorder) Write(b []byte) (int, error) {
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	n, err := rec.ResponseWriter.Write(b)
	rec.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (rec *statusRecorder) Unwrap() http.ResponseWriter { return rec.ResponseWriter }

// accessLog logs one line per request, also when its handler panicked
// (then the 500 recoverPanics answered, or, for an answer already started
// and aborted, aborted=true). API requests are logged by route pattern,
// not path, so e-mail addresses and card numbers in paths stay out of the
// log.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			p := recover()
			path := r.URL.Path
			if strings.HasPrefix(path, "/api/") && r.Pattern != "" {
				path = r.Pattern
			}
			attrs := []any{"method", r.Method, "path", path, "status", rec.status, "bytes", rec.bytes,
				"duration_ms", time.Since(start).Milliseconds(), "client", s.clientIP(r)}
			if p != nil {
				attrs = append(attrs, "aborted", true)
			}
			s.Logger.InfoContext(r.Context(), "request", attrs...)
			if p != nil {
				panic(p)
			}
		}()
		next.ServeHTTP(rec, r)
	})
}

// hstsPolicy keeps browsers on HTTPS for two years once they reached the
// app over it (sent only on requests that came over TLS).
const hstsPolicy = "max-age=63072000; includeSubDomains"

// securityHeaders sets the headers every answer carries. The content
// security policy allows the app's own scripts and styles (MUI/emotion
// injects inline styles), Stripe.js and its frames, blob workers (MapLibre)
// and the configured map style's origin.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	mapOrigin := ""
	if u, err := url.Parse(s.Public.MapStyleURL); err == nil && u.Scheme == "https" && u.Host != "" {
		mapOrigin = " " + u.Scheme + "://" + u.Host
	}
	csp := strings.Join([]string{
		"default-src 'self'",
		"script-src 'self' https://js.stripe.com",
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:" + mapOrigin,
		"font-src 'self' data:",
		"worker-src 'self' blob:",
		"child-src 'self' blob:",
		"connect-src 'self' https://api.stripe.com" + mapOrigin,
		"frame-src https://js.stripe.com https://hooks.stripe.com",
		"frame-ancestors 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"object-src 'none'",
	}, "; ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		if strings.HasPrefix(r.URL.Path, "/api/") {
			h.Set("Cache-Control", "no-store")
		}
		if s.TrustedProxies.ForwardedTLS(r) {
			h.Set("Strict-Transport-Security", hstsPolicy)
		}
		next.ServeHTTP(w, r)
	})
}

// clientIP returns the address rate limits are keyed by (see
// TrustedProxies.ClientAddr).
func (s *Server) clientIP(r *http.Request) string {
	return s.TrustedProxies.ClientAddr(r)
}

// requireAuth runs next only for requests with a valid bearer access token
// whose session is alive, with the Principal in the request context; others
// get 401.
func (s *Server) requireAuth(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || token == "" {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Unauthorized"))
			return
		}
		p, err := s.Tokens.Verify(token, s.Now())
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		// The token's session must still hold in the database: signing out,
		// a password change or reset, the account's deletion and a revoked
		// refresh family end access at once, in every process.
		if alive, err := s.accessStore.SessionAlive(r.Context(), p.UserID, p.SessionID); err != nil {
			s.respondError(w, r, err)
			return
		} else if !alive {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Unauthorized"))
			return
		}
		ctx := NewContextWithPrincipal(r.Context(), p)
		next(w, r.WithContext(fuelportal.NewContextWithActor(ctx, s.actor(w, r, p))))
	}
}

// actor is who the request's changes are audited as (fuelportal.Actor):
// the signed-in user, their member role, the client's address and a new
// request id, which the answer carries in X-Request-Id.
func (s *Server) actor(w http.ResponseWriter, r *http.Request, p Principal) fuelportal.Actor {
	id := rand.Text()
	w.Header().Set("X-Request-Id", id)
	return fuelportal.Actor{UserID: p.UserID, Role: string(p.MemberRole), ClientAddress: s.clientIP(r), RequestID: id}
}

// permit is the one gate of every data route: requireAuth, then the
// caller's member role must have action (fuelportal.ActionsOf; else 403
// fuelportal.MsgRoleForbidden, or fuelportal.MsgWholeCompanyOnly for a
// company-wide action and a member limited to a group), then a driver must
// be approved by their company (approvedOnly).
func (s *Server) permit(action fuelportal.Action, next http.HandlerFunc) http.HandlerFunc {
	return s.requireAuth(func(w http.ResponseWriter, r *http.Request) {
		if p := PrincipalFromContext(r.Context()); !p.MemberRole.CanAs(action, p.GroupID != 0) {
			s.respondError(w, r, p.MemberRole.CheckAction(action, p.GroupID != 0))
			return
		}
		s.approvedOnly(next)(w, r)
	})
}

// approvedOnly runs after requireAuth. Only drivers wait for approval, and
// their status and card are read on every call, so an approval, a refusal or
// the card going to another driver applies to tokens already issued.
func (s *Server) approvedOnly(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p := PrincipalFromContext(r.Context())
		if p.Role != fuelportal.RoleUser {
			next(w, r)
			return
		}
		status, cardID, err := s.accessStore.DriverAccess(r.Context(), p.UserID)
		switch {
		case fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND:
			s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Unauthorized"))
		case err != nil:
			s.respondError(w, r, err)
		case status == fuelportal.DriverPending:
			s.respondError(w, r, fuelportal.Errorf(fuelportal.EPENDING, fuelportal.MsgDriverPending))
		case status == fuelportal.DriverRejected:
			s.respondError(w, r, fuelportal.Errorf(fuelportal.EFORBIDDEN, fuelportal.MsgDriverDeclined))
		default:
			// The card held now, not the one the token was issued with.
			p.CardID = cardID
			next(w, r.WithContext(NewContextWithPrincipal(r.Context(), p)))
		}
	}
}

// accessStore is the store as seen by the authentication middleware
// (*store.DB).
type accessStore interface {
	DriverAccess(ctx context.Context, id int64) (status fuelportal.DriverStatus, cardID int64, err error)
	SessionAlive(ctx context.Context, userID int64, familyID string) (alive bool, err error)
}
