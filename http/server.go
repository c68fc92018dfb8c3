// Package http serves the portal's JSON API under /api and the embedded web
// app. Routes are listed in routes.go; each resource has its own file with
// its handlers and wire types (DTOs).
package http

import (
	"fuelportal/audit"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/flows"
	"fuelportal/ifta"
	"fuelportal/issuing"
	"fuelportal/netguard"
	"fuelportal/payments"
	"fuelportal/prices"
	"fuelportal/purchases"
	"fuelportal/push"
	"fuelportal/routing"
	"fuelportal/store"
	"fuelportal/telematics"
	"fuelportal/trips"
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
	// TrustedProxies are the load balancers whose X-Forwarded-For and
	// X-Forwarded-Proto are believed; empty: the client is the direct peer.
	TrustedProxies TrustedProxies
	// PublicURL is the address users reach the app at, used in mailed links
	// (never taken from the request's Host header).
	PublicURL string
	// NetworkKey is the shared secret the card network sends in the
	// X-Network-Key header to report purchases; empty disables the feed.
	NetworkKey string
	// OutgoingPolicy checks the URLs users name for the server to post to
	// when they are saved: webhook endpoints and push subscriptions
	// (https, public addresses; the same policy the webhook worker and the
	// push sender dial by). Its zero value is the strict rule.
	OutgoingPolicy netguard.Policy
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
	// Cards orders fuel cards and carries their status to the
	// deployment's card issuer (the network issuer unless Deps.Issuer says
	// otherwise).
	Cards *issuing.Service
	// Payments charges cards and bank accounts (Stripe); nil answers every
	// payments endpoint 503 'Payments are not configured' (payments.go).
	Payments *payments.Service

	// Trips, Purchases and Prices run the trip, card money (purchases,
	// authorizations and captures, of the network and of Stripe Issuing:
	// without Purchases.WebhookSecret every Issuing delivery is 503) and
	// price import flows (NewServer wires them with flows.New); the
	// handlers decode, call them and encode. A plan past Trips' deadline or
	// slots is 503 with Retry-After.
	Trips     *trips.Service
	Purchases *purchases.Service
	Prices    *prices.Service
	// PushKeys.Public is what browsers subscribe with (empty: GET
	// /api/push/public-key answers 503).
	PushKeys push.Keys
	// IFTA runs the IFTA return flow (ifta.go).
	IFTA *ifta.Service
	// Telematics runs the telematics flow (telematics.go).
	Telematics *telematics.Service
	// Audit reads the audit trail (audit.go).
	Audit *audit.Service

	// resetCodeKey keys the HMAC under which reset codes are stored.
	resetCodeKey []byte
	// passwordChecked, when set, is called before each password hash check
	// of a sign-in (tests count the checks).
	passwordChecked func()
}

// PublicConfig is the non-secret configuration the web app reads at start.
type PublicConfig struct {
	StripePublishableKey string
	PaymentsConfigured   bool
	MapStyleURL          string
}

// NewServer returns a server over d's dependencies.
func NewServer(d Deps) *Server {
	var stations flows.Catalog
	if d.Stations != nil {
		stations = d.Stations
	}
	f := flows.New(d.DB, stations, d.Logger)
	if t, ok := d.Issuer.(purchases.Transactions); ok {
		f.Purchases.Transactions = t // captures' missing fuel, from the issuer
	}
	return &Server{
		Trips:        f.Trips,
		Purchases:    f.Purchases,
		Prices:       f.Prices,
		IFTA:         f.IFTA,
		Telematics:   f.Telematics,
		Audit:        &audit.Service{Store: d.DB},
		DB:           d.DB,
		Logger:       d.Logger,
		Passwords:    d.Passwords,
		Tokens:       NewTokenIssuer(d.Secret),
		Stations:     d.Stations,
		Router:       d.Router,
		Geocoder:     d.Geocoder,
		Cards:        issuing.New(d.DB, d.Issuer, d.Logger),
		Limits:       DefaultLimits,
		Now:          time.Now,
		resetCodeKey: deriveKey(d.Secret, "password-reset-code"),
	}
}

// Deps are what the server is built from; the command's Main builds each
// once (cmd/fuelportal/serve.go), tests with apitest.NewServer.
type Deps struct {
	DB        *store.DB
	Passwords *fuelportal.PasswordHasher
	Secret    []byte // signs tokens and keys reset codes
	Logger    *slog.Logger
	Stations  *catalog.Catalog
	Router    routing.Router
	Geocoder  routing.Geocoder
	// Issuer is the card issuer (nil: the network issuer).
	Issuer fuelportal.CardIssuer
}

// Handler returns the server's root handler: routes wrapped in the common
// middleware (withMiddleware).
func (s *Server) Handler() http.Handler { return s.withMiddleware(s.routes()) }

// withMiddleware wraps h in the middleware every request passes, outermost
// first: the access log (one line per request, a panicked one included),
// the panic's recovery (a 500 in the error shape, logged with its stack),
// security headers, JSON compression.
func (s *Server) withMiddleware(h http.Handler) http.Handler {
	h = compressJSON(h)
	h = s.securityHeaders(h)
	h = s.recoverPanics(h)
	h = s.accessLog(h)
	return h
}
