package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/connectors"
	"fuelportal/demo"
	"fuelportal/flows"
	fphttp "fuelportal/http"
	"fuelportal/issuing"
	"fuelportal/mail"
	"fuelportal/netguard"
	"fuelportal/push"
	"fuelportal/qbo"
	"fuelportal/routing"
	"fuelportal/routing/provider"
	"fuelportal/store"
	"fuelportal/stripe"
	"fuelportal/timezone"
	"fuelportal/web"
)

// Config is everything the server process is configured with.
type Config struct {
	Addr string // listen address; port 0 picks a free port
	DB   string // sqlite:PATH or postgres://…
	Demo bool   // fill an empty database with the demo data set

	// TLSCert and TLSKey are PEM files of the certificate (its chain
	// after it) and its private key: with both the server answers HTTPS
	// on Addr, HTTP/2 and HTTP/1.1, TLS 1.2 at least; with neither, plain
	// HTTP.
	TLSCert, TLSKey string

	// JWTSecret signs access tokens; empty: a secret generated on first
	// start and kept in the database (shared by all processes on it).
	JWTSecret string
	// SecretKey seals stored vendor tokens (telematics connectors); empty:
	// a key generated on first use and kept in the database.
	SecretKey string
	// SamsaraAPIBase and MotiveAPIBase are the telematics vendors' API
	// addresses (empty: their public ones).
	SamsaraAPIBase, MotiveAPIBase string
	SMTP                          *mail.SMTPConfig // nil: mail stays in the outbox
	// QuickBooks is the Intuit app and addresses of the QuickBooks Online
	// connection (FUELPORTAL_QBO_*; no client id: not configured).
	QuickBooks qbo.Deps
	// VAPID signs push notifications; empty: a key pair generated on first
	// start and kept in the database (shared by all processes on it).
	// VAPIDSubject is the operator's contact the push services see
	// (mailto: or https:); empty: PublicURL when https, else a placeholder.
	VAPID        push.Keys
	VAPIDSubject string

	// Stripe: without the secret and publishable keys payments answer
	// 'Payments are not configured'. StripeAPIBase points the SDK elsewhere
	// (stripe-mock in tests); StripeWebhookSecret verifies webhooks.
	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	StripeAPIBase        string
	// Issuer is the card issuer cards are ordered from (fuelportal.IssuerNetwork,
	// the default, or IssuerStripe: needs StripeSecretKey and IssuingAddress).
	// StripeIssuingWebhookSecret verifies Issuing webhooks (real-time
	// authorizations); AuthorizationDeadline bounds one decision
	// (FUELPORTAL_AUTHORIZATION_DEADLINE, default 1.5s).
	Issuer                     string
	IssuingAddress             stripe.Address
	StripeIssuingWebhookSecret string
	AuthorizationDeadline      time.Duration
	// StandInJournal is the directory of the stand-in answers' journal
	// (FUELPORTAL_STANDIN_JOURNAL; default: beside a SQLite database, else
	// data/standin-… named after the database); empty keeps them in memory
	// only.
	StandInJournal string
	MapStyleURL    string
	// TrustedProxies are the load balancers whose forwarding headers are
	// believed (FUELPORTAL_TRUSTED_PROXIES); empty trusts none.
	TrustedProxies fphttp.TrustedProxies
	// NetworkKey authenticates the card network's purchase reports; empty
	// disables POST /api/network/transactions (503).
	NetworkKey string
	// PublicURL is the address users reach the app at, for mailed links;
	// default: the listening URL.
	PublicURL string

	// Router and Geocoder name the maps providers (routing/provider:
	// builtin, osrm, valhalla, graphhopper; builtin, nominatim, photon) and
	// their base URLs; empty kinds are builtin.
	Router, RouterURL     string
	Geocoder, GeocoderURL string
	// FeedKey is the X-Feed-Key of POST /api/feed/prices; empty disables it.
	FeedKey string
	// WebhookAllowPrivate lifts the rule of outgoing requests to URLs users
	// name, webhook endpoints and push subscriptions (https, public
	// addresses only), for tests and private deployments
	// (FUELPORTAL_WEBHOOK_ALLOW_PRIVATE=1).
	WebhookAllowPrivate bool

	// PlanTimeout and PlanConcurrency bound POST /api/assistant/plan (0:
	// the http package's defaults, 10 s and twice GOMAXPROCS).
	PlanTimeout     time.Duration
	PlanConcurrency int
	// DBTimeout bounds each database transaction of a request or background
	// job (store.Options.Timeout; 0: DefaultDBTimeout): past it the request
	// answers 503 with Retry-After. Migrations and the demo seed run
	// unbounded before serving starts.
	DBTimeout time.Duration
	// MemoryLimit is the Go runtime's soft memory limit in bytes
	// (debug.SetMemoryLimit); 0 leaves the runtime's (GOMEMLIMIT or none).
	MemoryLimit int64

	Argon2 fuelportal.Argon2Params
	Static fs.FS // the web app; default web.Dist
}

// DefaultMemoryLimit is the soft memory limit serve sets when neither
// FUELPORTAL_MEMORY_LIMIT nor GOMEMLIMIT is given: the garbage collector
// works harder near it, so one heavy request cannot grow the heap unchecked.
const DefaultMemoryLimit = 1 << 30

// DefaultDBTimeout is the bound of one database transaction of the server
// when FUELPORTAL_DB_TIMEOUT is not set.
const DefaultDBTimeout = 5 * time.Second

// limitsFromEnv reads FUELPORTAL_AUTHORIZATION_DEADLINE and
// FUELPORTAL_PLAN_TIMEOUT (Go durations such as 1.5s, 10s),
// FUELPORTAL_PLAN_CONCURRENCY, FUELPORTAL_DB_TIMEOUT (a Go duration) and
// FUELPORTAL_MEMORY_LIMIT (bytes, or with a KiB/MiB/GiB/KB/MB/GB suffix;
// GOMEMLIMIT is respected when this is unset).
func limitsFromEnv(c *Config, getenv func(string) string) error {
	if v := getenv("FUELPORTAL_DB_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("FUELPORTAL_DB_TIMEOUT must be a positive duration such as 5s, not %q", v)
		}
		c.DBTimeout = d
	}
	if v := getenv("FUELPORTAL_AUTHORIZATION_DEADLINE"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 || d > time.Minute {
			return fmt.Errorf("FUELPORTAL_AUTHORIZATION_DEADLINE must be a positive duration of at most a minute such as 1.5s, not %q", v)
		}
		c.AuthorizationDeadline = d
	}
	if v := getenv("FUELPORTAL_PLAN_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("FUELPORTAL_PLAN_TIMEOUT must be a positive duration such as 10s, not %q", v)
		}
		c.PlanTimeout = d
	}
	if v := getenv("FUELPORTAL_PLAN_CONCURRENCY"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return fmt.Errorf("FUELPORTAL_PLAN_CONCURRENCY must be a positive whole number, not %q", v)
		}
		c.PlanConcurrency = n
	}
	switch v := getenv("FUELPORTAL_MEMORY_LIMIT"); {
	case v != "":
		n, err := parseBytes(v)
		if err != nil {
			return fmt.Errorf("FUELPORTAL_MEMORY_LIMIT: %w", err)
		}
		c.MemoryLimit = n
	case getenv("GOMEMLIMIT") == "":
		c.MemoryLimit = DefaultMemoryLimit
	}
	return nil
}

// issuerFromEnv reads FUELPORTAL_ISSUER (network, the default, or stripe),
// and for stripe STRIPE_ISSUING_ADDRESS ("line 1;city;state;postal
// code;country") and STRIPE_ISSUING_WEBHOOK_SECRET. Stripe needs the
// secret key (c.StripeSecretKey, read before).
func issuerFromEnv(c *Config, getenv func(string) string) error {
	c.Issuer = strings.ToLower(strings.TrimSpace(getenv("FUELPORTAL_ISSUER")))
	c.StripeIssuingWebhookSecret = getenv("STRIPE_ISSUING_WEBHOOK_SECRET")
	switch c.Issuer {
	case "", fuelportal.IssuerNetwork:
		c.Issuer = fuelportal.IssuerNetwork
		return nil
	case fuelportal.IssuerStripe:
	default:
		return fmt.Errorf("FUELPORTAL_ISSUER must be network or stripe, not %q", getenv("FUELPORTAL_ISSUER"))
	}
	if c.StripeSecretKey == "" {
		return fmt.Errorf("FUELPORTAL_ISSUER=stripe needs STRIPE_SECRET_KEY (a key of the Stripe account with Issuing)")
	}
	text := getenv("STRIPE_ISSUING_ADDRESS")
	if text == "" {
		return fmt.Errorf("FUELPORTAL_ISSUER=stripe needs STRIPE_ISSUING_ADDRESS, the cardholders' billing address and where physical cards are shipped: \"line 1;city;state;postal code;country\"")
	}
	address, err := stripe.ParseAddress(text)
	if err != nil {
		return fmt.Errorf("STRIPE_ISSUING_ADDRESS: %w", err)
	}
	c.IssuingAddress = address
	return nil
}

// cardIssuer builds the configured card issuer.
func (c *Config) cardIssuer() fuelportal.CardIssuer {
	if c.Issuer == fuelportal.IssuerStripe {
		return stripe.NewIssuer(stripe.Config{SecretKey: c.StripeSecretKey, APIBase: c.StripeAPIBase}, c.IssuingAddress)
	}
	return issuing.Network{}
}

// parseBytes reads a size such as 1073741824, 1GiB, 600MiB or 512MB.
func parseBytes(text string) (int64, error) {
	units := []struct {
		suffix string
		scale  int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	number, scale := strings.TrimSpace(text), int64(1)
	for _, u := range units {
		if rest, ok := strings.CutSuffix(number, u.suffix); ok {
			number, scale = strings.TrimSpace(rest), u.scale
			break
		}
	}
	n, err := strconv.ParseInt(number, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/scale {
		return 0, fmt.Errorf("a size in bytes such as 1GiB or 600MiB is needed, not %q", text)
	}
	return n * scale, nil
}

// Main is a running server process. Tests create one with NewMain, set
// Config (Addr "127.0.0.1:0", a temp DB), call Run, and Close it.
type Main struct {
	Config Config
	Stdout io.Writer
	Logger *slog.Logger

	DB        *store.DB
	Services  *flows.Services
	Server    *fphttp.Server
	Passwords *fuelportal.PasswordHasher

	httpServer *http.Server
	listener   net.Listener
	tls        *tls.Config // nil: plain HTTP
	stopJobs   context.CancelFunc
	jobs       sync.WaitGroup
}

// NewMain returns a Main with default configuration.
func NewMain() *Main {
	return &Main{
		Config: Config{Addr: "127.0.0.1:8080", DB: DefaultDB, Argon2: fuelportal.DefaultArgon2Params, Static: web.Dist},
		Stdout: os.Stdout,
		Logger: slog.New(slog.NewTextHandler(os.Stderr, nil)),
	}
}

// Run opens and migrates the database, seeds demo data when asked, and
// starts serving in the background. Stop it with Close.
func (m *Main) Run(ctx context.Context) (err error) {
	defer func() {
		if err != nil {
			m.Close()
		}
	}()
	// A certificate that does not load stops the start before the
	// database is touched.
	if m.tls, err = m.Config.tlsConfig(); err != nil {
		return err
	}
	// The stations' time-zone map takes most of a second of one core to
	// build: build it while the database migrates and the demo seeds (the
	// call before the catalog below waits for it).
	go func() { _ = timezone.Load() }()
	if m.DB, err = store.Open(ctx, m.Config.DB); err != nil {
		return err
	}
	m.DB.DispatchOnCommit() // the demo seed's events are derived before serving
	if err := m.DB.Migrate(ctx); err != nil {
		return err
	}
	if m.Config.MemoryLimit > 0 {
		debug.SetMemoryLimit(m.Config.MemoryLimit)
	}
	m.Passwords = fuelportal.NewPasswordHasher(m.Config.Argon2)
	seeded := false
	if m.Config.Demo {
		if seeded, err = demo.Seed(ctx, m.DB, m.Passwords); err != nil {
			return err
		}
	}
	secret, err := m.jwtSecret(ctx)
	if err != nil {
		return err
	}
	vapid, err := push.LoadKeys(ctx, m.DB, m.Config.VAPID)
	if err != nil {
		return err
	}
	// Migrations, the demo seed and the secret ran without a bound; requests
	// and background jobs use a handle whose every transaction has one.
	if err := m.DB.Close(); err != nil {
		return err
	}
	timeout := m.Config.DBTimeout
	if timeout <= 0 {
		timeout = DefaultDBTimeout
	}
	if m.DB, err = store.OpenWith(ctx, m.Config.DB, store.Options{Timeout: timeout}); err != nil {
		return err
	}

	// Every dependency of the server is built here, once: the outside
	// providers and the catalog, then every service (flows.New), then the
	// server over them.
	router, err := provider.NewRouter(m.Config.Router, m.Config.RouterURL)
	if err != nil {
		return err
	}
	// The built-in geocoder learns the stations as the catalog loads them;
	// a remote geocoder has its own data.
	var geocoder routing.Geocoder
	var places catalog.Places
	if provider.IsBuiltin(m.Config.Geocoder) {
		gazetteer := routing.BuiltinGazetteer()
		geocoder, places = gazetteer, gazetteer
	} else if geocoder, err = provider.NewGeocoder(m.Config.Geocoder, m.Config.GeocoderURL); err != nil {
		return err
	}
	// The stations' time-zone map, before the catalog: its build's
	// short-lived memory is freed before the stations are loaded, and no
	// purchase waits for it.
	if err := timezone.Load(); err != nil {
		return fmt.Errorf("time-zone map: %w", err)
	}
	debug.FreeOSMemory() // the ~200 MB it decoded to keep 4 MB: give the pages back now
	stations := catalog.New(m.DB, places)
	if err := stations.Refresh(ctx); err != nil {
		return err
	}
	var paymentProvider fuelportal.PaymentProvider
	paymentsConfigured := m.Config.StripeSecretKey != "" && m.Config.StripePublishableKey != ""
	if paymentsConfigured {
		paymentProvider = stripe.New(stripe.Config{
			SecretKey: m.Config.StripeSecretKey, APIBase: m.Config.StripeAPIBase, Logger: m.Logger,
			WebhookSecret: m.Config.StripeWebhookSecret,
		})
		if m.Config.StripeWebhookSecret == "" {
			m.Logger.Warn("STRIPE_WEBHOOK_SECRET is not set: payments are charged but webhooks are refused, so no wallet is credited")
		}
	}
	outgoing := netguard.Policy{AllowPrivate: m.Config.WebhookAllowPrivate} // webhooks' and push's
	m.Services = flows.New(flows.Deps{
		DB: m.DB, Stations: stations, Issuer: m.Config.cardIssuer(), PaymentProvider: paymentProvider, Passwords: m.Passwords, Logger: m.Logger,
	}, flows.Config{
		PlanTimeout: m.Config.PlanTimeout, PlanSlots: m.Config.PlanConcurrency,
		IssuingWebhookSecret: m.Config.StripeIssuingWebhookSecret, AuthorizationDeadline: m.Config.AuthorizationDeadline,
		SMTP: m.Config.SMTP, PushKeys: vapid, PushSubject: m.vapidSubject(), Outgoing: outgoing,
		ResetCodeKey: fphttp.ResetCodeKey(secret),
		Connectors:   connectors.Deps{SecretKey: m.Config.SecretKey, SamsaraBase: m.Config.SamsaraAPIBase, MotiveBase: m.Config.MotiveAPIBase},
		QuickBooks:   m.Config.QuickBooks,
	})
	// The one wake-up after a commit that published events or queued
	// deliveries.
	m.DB.Queued = m.Services.Events.Queued
	// The stand-in answers from memory: its cards are loaded before the
	// first request may need them (in the background: serving does not
	// wait for them).
	m.Services.Purchases.StandIn().Warm()
	if m.Config.StandInJournal != "" {
		// Before serving: answers a stopped process left unrecorded are
		// recorded, and no answer of this one goes out unjournaled.
		if err := m.Services.Purchases.StandIn().OpenJournal(m.Config.StandInJournal); err != nil {
			return fmt.Errorf("stand-in journal: %w", err)
		}
	}

	if m.listener, err = net.Listen("tcp", m.Config.Addr); err != nil {
		return err
	}
	publicURL := m.Config.PublicURL
	if publicURL == "" {
		publicURL = m.URL()
	}
	m.Server = fphttp.NewServer(fphttp.Deps{
		Services: m.Services, Store: m.DB, Passwords: m.Passwords, Secret: secret, Logger: m.Logger,
		Stations: stations, Router: router, Geocoder: geocoder,
	}, fphttp.Config{
		Static: m.Config.Static, TrustedProxies: m.Config.TrustedProxies, PublicURL: publicURL,
		NetworkKey: m.Config.NetworkKey, FeedKey: m.Config.FeedKey, OutgoingPolicy: outgoing, PushKeys: vapid,
		Public: fphttp.PublicConfig{
			StripePublishableKey: m.Config.StripePublishableKey,
			PaymentsConfigured:   paymentsConfigured,
			MapStyleURL:          m.Config.MapStyleURL,
		},
	})
	m.httpServer = &http.Server{
		Handler:           m.Server.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(m.Logger.Handler(), slog.LevelWarn),
		TLSConfig:         m.tls,
	}
	go func() {
		serve := m.httpServer.Serve
		if m.tls != nil {
			// ServeTLS offers h2 and http/1.1 (ALPN) over TLSConfig's
			// certificate: browsers speak HTTP/2 only over TLS.
			serve = func(l net.Listener) error { return m.httpServer.ServeTLS(l, "", "") }
		}
		if err := serve(m.listener); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.Logger.Error("http server stopped", "err", err)
		}
	}()

	jobsCtx, stop := context.WithCancel(context.Background())
	m.stopJobs = stop
	for _, job := range m.Services.Jobs() {
		m.goJob(func() { job(jobsCtx) })
	}
	m.goJob(func() { stations.Watch(jobsCtx, m.Logger) })

	m.printBanner(seeded)
	return nil
}

func (m *Main) goJob(fn func()) {
	m.jobs.Add(1)
	go func() {
		defer m.jobs.Done()
		fn()
	}()
}

// jwtSecretSetting is the settings key of the generated token secret.
const jwtSecretSetting = "jwt_secret"

func (m *Main) jwtSecret(ctx context.Context) ([]byte, error) {
	if m.Config.JWTSecret != "" {
		if len(m.Config.JWTSecret) < 32 {
			return nil, fmt.Errorf("FUELPORTAL_JWT_SECRET must be at least 32 characters")
		}
		return []byte(m.Config.JWTSecret), nil
	}
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	stored, err := m.DB.EnsureSetting(ctx, jwtSecretSetting, hex.EncodeToString(b))
	if err != nil {
		return nil, fmt.Errorf("token secret: %w", err)
	}
	return []byte(stored), nil
}

// vapidSubject is the configured VAPID subject, else the public URL when
// it is https, else a placeholder address (push services may refuse it;
// set FUELPORTAL_VAPID_SUBJECT in production).
func (m *Main) vapidSubject() string {
	switch {
	case m.Config.VAPIDSubject != "":
		return m.Config.VAPIDSubject
	case strings.HasPrefix(m.Config.PublicURL, "https://"):
		return m.Config.PublicURL
	}
	return "mailto:push@fuelportal.invalid"
}

func (m *Main) printBanner(seeded bool) {
	fmt.Fprintf(m.Stdout, "Fuel portal listening on %s\n", m.URL())
	if m.Config.SMTP == nil {
		fmt.Fprintln(m.Stdout, "No SMTP configured: mail stays in the outbox; read password-reset codes with `fuelportal mail outbox` (kept until they expire).")
	}
	if m.Config.Demo {
		if seeded {
			fmt.Fprintln(m.Stdout, "Demo data loaded into the empty database.")
		}
		fmt.Fprintf(m.Stdout, "Demo logins (password %s):\n", demo.Password)
		fmt.Fprintf(m.Stdout, "  %-20s company owner, Demo Freight LLC\n", demo.OwnerEmail)
		fmt.Fprintf(m.Stdout, "  %-20s driver, Demo Freight LLC\n", demo.DriverEmail)
		fmt.Fprintf(m.Stdout, "  %-20s bookkeeper, Demo Freight LLC\n", demo.BookkeeperEmail)
		fmt.Fprintf(m.Stdout, "  %-20s company owner, Other Haulers Inc\n", demo.OtherOwnerEmail)
		fmt.Fprintf(m.Stdout, "  %-20s driver waiting for Demo Freight LLC's approval\n", demo.PendingDriverEmail)
		if len(demo.FreeCardNumbers) > 0 {
			fmt.Fprintf(m.Stdout, "Card number free for a driver sign-up: %s\n", demo.FreeCardNumbers[len(demo.FreeCardNumbers)-1])
		}
	}
}

// URL returns the base URL the server listens on (https with TLS).
func (m *Main) URL() string {
	if m.listener == nil {
		return ""
	}
	addr := m.listener.Addr().(*net.TCPAddr)
	host := addr.IP.String()
	if addr.IP.IsUnspecified() {
		host = "localhost"
	}
	scheme := "http://"
	if m.tls != nil {
		scheme = "https://"
	}
	return scheme + net.JoinHostPort(host, strconv.Itoa(addr.Port))
}

// tlsConfig loads the certificate and key of TLSCert and TLSKey: nil
// when neither is set (plain HTTP), an error when only one is.
func (c *Config) tlsConfig() (*tls.Config, error) {
	switch {
	case c.TLSCert == "" && c.TLSKey == "":
		return nil, nil
	case c.TLSCert == "" || c.TLSKey == "":
		return nil, errors.New("--tls-cert and --tls-key (FUELPORTAL_TLS_CERT, FUELPORTAL_TLS_KEY) go together: both to serve HTTPS, neither for plain HTTP")
	}
	cert, err := tls.LoadX509KeyPair(c.TLSCert, c.TLSKey)
	if err != nil {
		return nil, fmt.Errorf("TLS certificate %s and key %s: %w", c.TLSCert, c.TLSKey, err)
	}
	// No NextProtos: ServeTLS offers h2 and http/1.1.
	return &tls.Config{MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{cert}}, nil
}

// Close stops accepting requests, lets in-flight ones finish (up to 20 s),
// stops background jobs and closes the database.
func (m *Main) Close() error {
	var errs []error
	if m.httpServer != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		errs = append(errs, m.httpServer.Shutdown(ctx))
		cancel()
	} else if m.listener != nil {
		errs = append(errs, m.listener.Close())
	}
	if m.stopJobs != nil {
		m.stopJobs()
		m.jobs.Wait()
	}
	if m.Services != nil && m.Services.Purchases != nil {
		m.Services.Purchases.StandIn().Close() // what waits stays journaled
	}
	if m.DB != nil {
		errs = append(errs, m.DB.Close())
	}
	return errors.Join(errs...)
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	m := NewMain()
	m.Stdout = stdout
	m.Logger = slog.New(slog.NewTextHandler(stderr, nil))
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&m.Config.Addr, "addr", envOr("FUELPORTAL_ADDR", "127.0.0.1:8080"), "listen address (env FUELPORTAL_ADDR)")
	db := dbFlag(fs)
	fs.BoolVar(&m.Config.Demo, "demo", false, "fill an empty database with demo data and print the demo logins")
	fs.StringVar(&m.Config.TLSCert, "tls-cert", os.Getenv("FUELPORTAL_TLS_CERT"), "PEM certificate (chain) file: with --tls-key, serve HTTPS with HTTP/2 (env FUELPORTAL_TLS_CERT)")
	fs.StringVar(&m.Config.TLSKey, "tls-key", os.Getenv("FUELPORTAL_TLS_KEY"), "PEM private key file of --tls-cert (env FUELPORTAL_TLS_KEY)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	m.Config.DB = *db
	m.Config.StandInJournal = envOr("FUELPORTAL_STANDIN_JOURNAL", defaultStandInJournal(*db))
	m.Config.JWTSecret = os.Getenv("FUELPORTAL_JWT_SECRET")
	m.Config.SecretKey = os.Getenv("FUELPORTAL_SECRET_KEY")
	if k := m.Config.SecretKey; k != "" && len(k) < 32 {
		return fmt.Errorf("FUELPORTAL_SECRET_KEY must be at least 32 characters")
	}
	m.Config.SamsaraAPIBase = os.Getenv("FUELPORTAL_SAMSARA_API_BASE")
	m.Config.MotiveAPIBase = os.Getenv("FUELPORTAL_MOTIVE_API_BASE")
	m.Config.QuickBooks = qbo.Deps{
		ClientID: os.Getenv("FUELPORTAL_QBO_CLIENT_ID"), ClientSecret: os.Getenv("FUELPORTAL_QBO_CLIENT_SECRET"),
		APIBase: os.Getenv("FUELPORTAL_QBO_API_BASE"), AuthURL: os.Getenv("FUELPORTAL_QBO_AUTH_URL"),
		TokenURL: os.Getenv("FUELPORTAL_QBO_TOKEN_URL"), RevokeURL: os.Getenv("FUELPORTAL_QBO_REVOKE_URL"),
	}
	if m.Config.QuickBooks.ClientID != "" && m.Config.QuickBooks.ClientSecret == "" {
		return fmt.Errorf("FUELPORTAL_QBO_CLIENT_ID needs FUELPORTAL_QBO_CLIENT_SECRET (the Intuit app's keys)")
	}
	m.Config.StripeSecretKey = envOr("STRIPE_SECRET_KEY", os.Getenv("FUELPORTAL_STRIPE_SECRET_KEY"))
	m.Config.StripePublishableKey = envOr("STRIPE_PUBLISHABLE_KEY", os.Getenv("FUELPORTAL_STRIPE_PUBLISHABLE_KEY"))
	m.Config.StripeWebhookSecret = envOr("STRIPE_WEBHOOK_SECRET", os.Getenv("FUELPORTAL_STRIPE_WEBHOOK_SECRET"))
	m.Config.StripeAPIBase = envOr("STRIPE_API_BASE", os.Getenv("FUELPORTAL_STRIPE_API_BASE"))
	m.Config.MapStyleURL = os.Getenv("FUELPORTAL_MAP_STYLE_URL")
	if os.Getenv("FUELPORTAL_TRUST_PROXY") != "" {
		return fmt.Errorf("FUELPORTAL_TRUST_PROXY is replaced by FUELPORTAL_TRUSTED_PROXIES: list the load balancers' addresses or CIDR ranges (e.g. 10.0.0.0/8)")
	}
	var err error
	if m.Config.TrustedProxies, err = fphttp.ParseTrustedProxies(os.Getenv("FUELPORTAL_TRUSTED_PROXIES")); err != nil {
		return fmt.Errorf("FUELPORTAL_TRUSTED_PROXIES: %w", err)
	}
	m.Config.NetworkKey = os.Getenv("FUELPORTAL_NETWORK_KEY")
	m.Config.PublicURL = strings.TrimSuffix(os.Getenv("FUELPORTAL_PUBLIC_URL"), "/")
	m.Config.Router, m.Config.RouterURL = os.Getenv("FUELPORTAL_ROUTER"), os.Getenv("FUELPORTAL_ROUTER_URL")
	m.Config.Geocoder, m.Config.GeocoderURL = os.Getenv("FUELPORTAL_GEOCODER"), os.Getenv("FUELPORTAL_GEOCODER_URL")
	m.Config.FeedKey = os.Getenv("FUELPORTAL_FEED_KEY")
	switch v := os.Getenv("FUELPORTAL_WEBHOOK_ALLOW_PRIVATE"); v {
	case "", "0", "false":
	case "1", "true":
		m.Config.WebhookAllowPrivate = true
		m.Logger.Warn("FUELPORTAL_WEBHOOK_ALLOW_PRIVATE is on: webhook endpoints and push subscriptions may be plain http and private addresses")
	default:
		return fmt.Errorf("FUELPORTAL_WEBHOOK_ALLOW_PRIVATE must be 1 or 0, not %q", v)
	}
	m.Config.VAPID = push.Keys{Public: os.Getenv("FUELPORTAL_VAPID_PUBLIC_KEY"), Private: os.Getenv("FUELPORTAL_VAPID_PRIVATE_KEY")}
	m.Config.VAPIDSubject = os.Getenv("FUELPORTAL_VAPID_SUBJECT")
	if v := m.Config.VAPIDSubject; v != "" && !strings.HasPrefix(v, "mailto:") && !strings.HasPrefix(v, "https://") {
		return fmt.Errorf("FUELPORTAL_VAPID_SUBJECT must be a mailto: or https: URL, not %q", v)
	}
	if err := limitsFromEnv(&m.Config, os.Getenv); err != nil {
		return err
	}
	if err := issuerFromEnv(&m.Config, os.Getenv); err != nil {
		return err
	}
	if m.Config.SMTP, err = mail.SMTPConfigFromEnv(); err != nil {
		return err
	}

	if err := m.Run(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	fmt.Fprintln(stdout, "Shutting down: finishing requests in flight…")
	return m.Close()
}

// defaultStandInJournal is the stand-in journal's directory for database
// dsn: beside a SQLite file, else under data/, named after the database
// (a journal is replayed into the database it was written for); none for
// a database in memory.
func defaultStandInJournal(dsn string) string {
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		if path == "" || strings.HasPrefix(path, ":memory:") || strings.Contains(path, "mode=memory") {
			return ""
		}
		path, _, _ = strings.Cut(path, "?")
		return path + "-standin"
	}
	sum := sha256.Sum256([]byte(dsn))
	return filepath.Join("data", "standin-"+hex.EncodeToString(sum[:6]))
}
