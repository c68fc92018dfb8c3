package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/demo"
	fphttp "fuelportal/http"
	"fuelportal/mail"
	"fuelportal/store"
	"fuelportal/web"
)

// Config is everything the server process is configured with.
type Config struct {
	Addr string // listen address; port 0 picks a free port
	DB   string // sqlite:PATH or postgres://…
	Demo bool   // fill an empty database with the demo data set

	// JWTSecret signs access tokens; empty: a secret generated on first
	// start and kept in the database (shared by all processes on it).
	JWTSecret string
	SMTP      *mail.SMTPConfig // nil: mail stays in the outbox

	StripeSecretKey      string
	StripePublishableKey string
	MapStyleURL          string
	TrustProxy           bool
	// PublicURL is the address users reach the app at, for mailed links;
	// default: the listening URL.
	PublicURL string

	Argon2 fuelportal.Argon2Params
	Static fs.FS // the web app; default web.Dist
}

// Main is a running server process. Tests create one with NewMain, set
// Config (Addr "127.0.0.1:0", a temp DB), call Run, and Close it.
type Main struct {
	Config Config
	Stdout io.Writer
	Logger *slog.Logger

	DB        *store.DB
	Server    *fphttp.Server
	Passwords *fuelportal.PasswordHasher

	httpServer *http.Server
	listener   net.Listener
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
	if m.DB, err = store.Open(ctx, m.Config.DB); err != nil {
		return err
	}
	if err := m.DB.Migrate(ctx); err != nil {
		return err
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

	sender := mail.NewSender(m.DB, m.Config.SMTP, m.Logger)
	m.Server = fphttp.NewServer(m.DB, m.Passwords, secret, m.Logger)
	m.Server.Static = m.Config.Static
	m.Server.TrustProxy = m.Config.TrustProxy
	m.Server.MailQueued = sender.Queued
	m.Server.Public = fphttp.PublicConfig{
		StripePublishableKey: m.Config.StripePublishableKey,
		PaymentsConfigured:   m.Config.StripeSecretKey != "" && m.Config.StripePublishableKey != "",
		MapStyleURL:          m.Config.MapStyleURL,
	}

	if m.listener, err = net.Listen("tcp", m.Config.Addr); err != nil {
		return err
	}
	m.httpServer = &http.Server{
		Handler:           m.Server.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(m.Logger.Handler(), slog.LevelWarn),
	}
	m.Server.PublicURL = m.Config.PublicURL
	if m.Server.PublicURL == "" {
		m.Server.PublicURL = m.URL()
	}
	go func() {
		if err := m.httpServer.Serve(m.listener); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.Logger.Error("http server stopped", "err", err)
		}
	}()

	jobsCtx, stop := context.WithCancel(context.Background())
	m.stopJobs = stop
	m.goJob(func() { sender.Run(jobsCtx) })
	m.goJob(func() { m.deleteExpiredEvery(jobsCtx, 10*time.Minute) })

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

func (m *Main) deleteExpiredEvery(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := m.DB.DeleteExpired(ctx); err != nil && ctx.Err() == nil {
				m.Logger.Warn("delete expired rows", "err", err)
			}
		}
	}
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

func (m *Main) printBanner(seeded bool) {
	fmt.Fprintf(m.Stdout, "Fuel portal listening on %s\n", m.URL())
	if m.Config.Demo {
		if seeded {
			fmt.Fprintln(m.Stdout, "Demo data loaded into the empty database.")
		}
		fmt.Fprintf(m.Stdout, "Demo logins (password %s):\n", demo.Password)
		fmt.Fprintf(m.Stdout, "  %-18s company owner, Demo Freight LLC\n", demo.OwnerEmail)
		fmt.Fprintf(m.Stdout, "  %-18s driver, Demo Freight LLC\n", demo.DriverEmail)
		fmt.Fprintf(m.Stdout, "  %-18s company owner, Other Haulers Inc\n", demo.OtherOwnerEmail)
		if len(demo.FreeCardNumbers) > 0 {
			fmt.Fprintf(m.Stdout, "Card number free for a driver sign-up: %s\n", demo.FreeCardNumbers[len(demo.FreeCardNumbers)-1])
		}
	}
}

// URL returns the base URL the server listens on.
func (m *Main) URL() string {
	if m.listener == nil {
		return ""
	}
	addr := m.listener.Addr().(*net.TCPAddr)
	host := addr.IP.String()
	if addr.IP.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(addr.Port))
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
	if err := fs.Parse(args); err != nil {
		return err
	}
	m.Config.DB = *db
	m.Config.JWTSecret = os.Getenv("FUELPORTAL_JWT_SECRET")
	m.Config.StripeSecretKey = os.Getenv("FUELPORTAL_STRIPE_SECRET_KEY")
	m.Config.StripePublishableKey = os.Getenv("FUELPORTAL_STRIPE_PUBLISHABLE_KEY")
	m.Config.MapStyleURL = os.Getenv("FUELPORTAL_MAP_STYLE_URL")
	m.Config.TrustProxy, _ = strconv.ParseBool(os.Getenv("FUELPORTAL_TRUST_PROXY"))
	m.Config.PublicURL = strings.TrimSuffix(os.Getenv("FUELPORTAL_PUBLIC_URL"), "/")
	var err error
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
