// Package http serves the portal's JSON API under /api and the embedded web
// app. Routes are listed in routes.go; each resource has its own file with
// its handlers, its wire types (DTOs) and the small interface of the store
// methods its handlers call (stores.go lists them). The handlers decode,
// call the services flows.New built (or those interfaces) and encode; they
// never hold *store.DB.
package http

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/audit"
	"fuelportal/catalog"
	"fuelportal/coding"
	"fuelportal/connectors"
	"fuelportal/contracts"
	"fuelportal/flows"
	"fuelportal/ifta"
	"fuelportal/issuing"
	"fuelportal/members"
	"fuelportal/netguard"
	"fuelportal/notifications"
	"fuelportal/odometer"
	"fuelportal/overrides"
	"fuelportal/payments"
	"fuelportal/prices"
	"fuelportal/pumpcheck"
	"fuelportal/purchases"
	"fuelportal/push"
	"fuelportal/qbo"
	"fuelportal/routing"
	"fuelportal/statements"
	"fuelportal/store"
	"fuelportal/telematics"
	"fuelportal/trips"
	"fuelportal/vehicles"
	"fuelportal/webhooks"
)

// Server holds what the handlers call: the services (built once by
// flows.New), small interfaces over the store declared beside the handlers
// that use them (one per resource file, such as tripStore in trip.go), and the settings of Config. Create it with NewServer, then
// call Handler once.
type Server struct {
	// Config may be changed before Handler is called (tests do).
	Config

	Logger    *slog.Logger
	Passwords *fuelportal.PasswordHasher
	Tokens    *TokenIssuer
	// Now returns the current time; tests replace it together with the
	// store's clock.
	Now func() time.Time

	// Stations is the in-memory station catalog searched by the locations
	// and assistant routes; the built-in gazetteer learns its stations.
	Stations *catalog.Catalog
	// Router and Geocoder serve the maps routes; the built-in providers
	// unless configured otherwise (routing/provider).
	Router   routing.Router
	Geocoder routing.Geocoder

	// Cards orders fuel cards and carries their status to the
	// deployment's card issuer.
	Cards *issuing.Service
	// Payments charges cards and bank accounts (Stripe); nil answers every
	// payments endpoint 503 'Payments are not configured' (payments.go).
	Payments *payments.Service
	// Trips, Purchases and Prices run the trip, card money (purchases,
	// authorizations and captures, of the network and of Stripe Issuing:
	// without its webhook secret every Issuing delivery is 503) and price
	// import flows; the handlers decode, call them and encode. A plan past
	// Trips' deadline or slots is 503 with Retry-After.
	Trips     *trips.Service
	Purchases *purchases.Service
	Prices    *prices.Service
	// IFTA runs the IFTA return flow (ifta.go).
	IFTA *ifta.Service
	// Telematics runs the telematics flow (telematics.go).
	Telematics *telematics.Service
	// Connectors runs the telematics pull connectors
	// (telematics_connectors.go).
	Connectors *connectors.Service
	// Members runs the office: members, groups and invitations
	// (members.go, invitations.go).
	Members *members.Service
	// Audit reads the audit trail (audit.go).
	Audit *audit.Service
	// Accounts runs sign-up, the account and password recovery
	// (signup.go, account.go, password_reset.go).
	Accounts *accounts.Service
	// Overrides runs card overrides and drivers' requests for them
	// (controls.go, override_requests.go).
	Overrides *overrides.Service
	// Webhooks keeps the companies' webhook endpoints (webhooks.go).
	Webhooks *webhooks.Service
	// Odometer records vehicles' odometer readings (odometer.go).
	Odometer *odometer.Service
	// Vehicles runs the fleet list (vehicle.go).
	Vehicles *vehicles.Service
	// Contracts reads the contract and sets the planner's costs
	// (contract.go).
	Contracts *contracts.Service
	// Notifications keeps people's notification preferences and the
	// company's low-wallet threshold (notifications.go).
	Notifications *notifications.Service
	// Statements answers the period statements (statements.go).
	Statements *statements.Service
	// QuickBooks runs the QuickBooks Online connection (quickbooks.go).
	QuickBooks *qbo.Service
	// Coding runs coding rules, re-codes and drivers' job entry
	// (coding.go).
	Coding *coding.Service
	// PumpCheck runs the pump check's settings and challenges
	// (pumpcheck.go).
	PumpCheck *pumpcheck.Service

	stores

	// passwordChecked, when set, is called before each password hash check
	// of a sign-in (tests count the checks).
	passwordChecked func()
}

// Config is the server's settings.
type Config struct {
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
	// FeedKey is the key price-feed uploads must send in X-Feed-Key; empty
	// disables the feed endpoint (503).
	FeedKey string
	// OutgoingPolicy checks the URLs users name for the server to post to
	// when they are saved: webhook endpoints and push subscriptions
	// (https, public addresses; the same policy the webhook worker and the
	// push sender dial by). Its zero value is the strict rule.
	OutgoingPolicy netguard.Policy
	// PushKeys.Public is what browsers subscribe with (empty: GET
	// /api/push/public-key answers 503).
	PushKeys push.Keys
	// Limits are the rate limits (zero: DefaultLimits).
	Limits Limits
}

// PublicConfig is the non-secret configuration the web app reads at start.
type PublicConfig struct {
	StripePublishableKey string
	PaymentsConfigured   bool
	MapStyleURL          string
}

// Deps are what the server is built from; the command's Main builds each
// once (cmd/fuelportal/serve.go), tests with apitest.NewServer.
type Deps struct {
	// Services are the flows the handlers call (flows.New).
	Services *flows.Services
	// Store backs the handlers' small store interfaces (stores).
	Store     *store.DB
	Passwords *fuelportal.PasswordHasher
	Secret    []byte // signs tokens (ResetCodeKey derives the reset codes' key from it)
	Logger    *slog.Logger
	Stations  *catalog.Catalog
	Router    routing.Router
	Geocoder  routing.Geocoder
}

// NewServer returns a server over d with settings c.
func NewServer(d Deps, c Config) *Server {
	if c.Limits == (Limits{}) {
		c.Limits = DefaultLimits
	}
	return &Server{
		Config:        c,
		Logger:        d.Logger,
		Passwords:     d.Passwords,
		Tokens:        NewTokenIssuer(d.Secret),
		Now:           time.Now,
		Stations:      d.Stations,
		Router:        d.Router,
		Geocoder:      d.Geocoder,
		Cards:         d.Services.Cards,
		Payments:      d.Services.Payments,
		Trips:         d.Services.Trips,
		Purchases:     d.Services.Purchases,
		Prices:        d.Services.Prices,
		IFTA:          d.Services.IFTA,
		Telematics:    d.Services.Telematics,
		Connectors:    d.Services.Connectors,
		Members:       d.Services.Members,
		Audit:         d.Services.Audit,
		Accounts:      d.Services.Accounts,
		Overrides:     d.Services.Overrides,
		Webhooks:      d.Services.Webhooks,
		Odometer:      d.Services.Odometer,
		Vehicles:      d.Services.Vehicles,
		Contracts:     d.Services.Contracts,
		Notifications: d.Services.Notifications,
		Statements:    d.Services.Statements,
		QuickBooks:    d.Services.QuickBooks,
		Coding:        d.Services.Coding,
		PumpCheck:     d.Services.PumpCheck,
		stores:        newStores(d.Store),
	}
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
