// Package http serves the portal's JSON API under /api and the embedded web
// app. Routes are listed in routes.go; each resource has its own file with
// its handlers and wire types (DTOs).
package http

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/routing"
	"fuelportal/store"
)

// Server holds what the handlers need. Create it with NewServer, set the
// optional fields, then call Handler once.
type Server struct {
	DB        *store.DB
	Logger    *slog.Logger
	Passwords *fuelportal.PasswordHasher
	Tokens    *TokenIssuer

	// Static is the built web app; nil serves no app.
	Static fs.FS
	// Public is what GET /api/config tells the web app.
	Public PublicConfig
	// TrustProxy makes the client address come from the last
	// X-Forwarded-For entry (set it only behind a load balancer that sets it).
	TrustProxy bool
	// MailQueued is called after a message was added to the outbox (to wake
	// the sender, or log the message when no SMTP is set); may be nil.
	MailQueued func(*fuelportal.MailMessage)
	// PublicURL is the address users reach the app at, used in mailed links
	// (never taken from the request's Host header).
	PublicURL string
	// Limits are the rate limits; DefaultLimits unless changed.
	Limits Limits
	// Now returns the current time; tests replace it together with DB.Now.
	Now func() time.Time

	// Stations is the in-memory station catalog searched by the locations
	// and assistant routes; the built-in gazetteer learns its stations.
	Stations *catalog.Catalog
	// Router and Geocoder serve the maps routes; the built-in providers
	// unless configured otherwise (routing/provider).
	Router   routing.Router
	Geocoder routing.Geocoder
	// FeedKey is the key price-feed uploads must send in X-Feed-Key; empty
	// disables the feed endpoint (503).
	FeedKey string

	// resetCodeKey keys the HMAC under which reset codes are stored.
	resetCodeKey []byte
}

// PublicConfig is the non-secret configuration the web app reads at start.
type PublicConfig struct {
	StripePublishableKey string
	PaymentsConfigured   bool
	MapStyleURL          string
}

// NewServer returns a server over db issuing tokens signed with secret.
func NewServer(db *store.DB, passwords *fuelportal.PasswordHasher, secret []byte, logger *slog.Logger) *Server {
	s := &Server{
		DB:           db,
		Logger:       logger,
		Passwords:    passwords,
		Tokens:       NewTokenIssuer(secret),
		Limits:       DefaultLimits,
		Now:          time.Now,
		resetCodeKey: deriveKey(secret, "password-reset-code"),
	}
	s.Stations = catalog.New(db)
	s.Stations.OnNew = s.addStationPlaces
	s.Router = routing.Builtin()
	s.Geocoder = routing.BuiltinGazetteer()
	return s
}

// Handler returns the server's root handler: routes wrapped in the common
// middleware (outermost first: recover, access log, security headers).
func (s *Server) Handler() http.Handler {
	var h http.Handler = s.routes()
	h = s.securityHeaders(h)
	h = s.accessLog(h)
	h = s.recoverPanics(h)
	return h
}
