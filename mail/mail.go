// Package mail delivers the outbox over SMTP (github.com/wneessen/go-mail).
//
// Every message is first written to the outbox table, in the same
// transaction as the change it reports (a reset code, …), so no message is
// lost when a process stops. With SMTP configured, a Sender in each server
// process claims unsent messages and delivers them; without SMTP, messages
// stay in the outbox (read them with `fuelportal mail outbox`) and are
// logged with one-time codes masked, so the demo works offline. A message
// with a one-time code is kept only until the code expires.
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"

	"fuelportal"
)

// SMTPConfig says how to reach the SMTP server.
type SMTPConfig struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
	// TLS is "starttls" (default: STARTTLS required), "tls" (implicit TLS,
	// e.g. port 465) or "none" (plain, for a local relay or test server).
	TLS string
}

// ParseSMTPURL reads smtp://user:pass@host:port?from=addr&tls=starttls|tls|none.
func ParseSMTPURL(raw string) (*SMTPConfig, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, fmt.Errorf("SMTP URL %q: want smtp://user:pass@host:port?from=address", raw)
	}
	cfg := &SMTPConfig{Host: u.Hostname(), Port: 587, From: u.Query().Get("from"), TLS: u.Query().Get("tls")}
	if u.Scheme == "smtps" {
		cfg.Port, cfg.TLS = 465, "tls"
	}
	if p := u.Port(); p != "" {
		if cfg.Port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("SMTP URL: bad port %q", p)
		}
	}
	if u.User != nil {
		cfg.Username = u.User.Username()
		cfg.Password, _ = u.User.Password()
	}
	return cfg, cfg.check()
}

func (c *SMTPConfig) check() error {
	if c.From == "" {
		return fmt.Errorf("SMTP: a sender address (from) is required")
	}
	switch c.TLS {
	case "":
		c.TLS = "starttls"
	case "starttls", "tls", "none":
	default:
		return fmt.Errorf("SMTP: tls must be starttls, tls or none, not %q", c.TLS)
	}
	return nil
}

// SMTPConfigFromEnv reads FUELPORTAL_SMTP_URL, or else FUELPORTAL_SMTP_HOST,
// _PORT, _USER, _PASSWORD, _FROM and _TLS. It returns nil when neither is set.
func SMTPConfigFromEnv() (*SMTPConfig, error) {
	if raw := os.Getenv("FUELPORTAL_SMTP_URL"); raw != "" {
		return ParseSMTPURL(raw)
	}
	host := os.Getenv("FUELPORTAL_SMTP_HOST")
	if host == "" {
		return nil, nil
	}
	cfg := &SMTPConfig{Host: host, Port: 587, Username: os.Getenv("FUELPORTAL_SMTP_USER"),
		Password: os.Getenv("FUELPORTAL_SMTP_PASSWORD"), From: os.Getenv("FUELPORTAL_SMTP_FROM"), TLS: os.Getenv("FUELPORTAL_SMTP_TLS")}
	if p := os.Getenv("FUELPORTAL_SMTP_PORT"); p != "" {
		var err error
		if cfg.Port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("FUELPORTAL_SMTP_PORT: %w", err)
		}
	}
	return cfg, cfg.check()
}

// Outbox is the part of the store the sender uses.
type Outbox interface {
	ClaimUnsentMail(ctx context.Context, staleAfter time.Duration, limit int) ([]*fuelportal.MailMessage, error)
	MarkMailSent(ctx context.Context, id int64) error
	MarkMailFailed(ctx context.Context, id int64, reason string) error
}

// retryAfter is how long a claimed message waits before another attempt
// (by any process) when delivery failed or its sender died.
const retryAfter = 2 * time.Minute

// Sender delivers outbox messages. Create it with New and run Run in
// a goroutine; the event dispatcher calls Queued with each message a
// transaction queued and Wake after it derived events.
type Sender struct {
	outbox Outbox
	smtp   *SMTPConfig // nil: keep messages in the outbox and log them
	logger *slog.Logger
	wake   chan struct{}
}

// Deps are what a sender is built from; with SMTP nil it only logs queued
// messages.
type Deps struct {
	Outbox Outbox
	SMTP   *SMTPConfig
	Logger *slog.Logger
}

// New returns a sender over d.
func New(d Deps) *Sender {
	logger := d.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Sender{outbox: d.Outbox, smtp: d.SMTP, logger: logger, wake: make(chan struct{}, 1)}
}

// Queued reports that m was added to the outbox. Without SMTP it logs the
// message with its one-time codes masked (logs are kept and shipped
// elsewhere); `fuelportal mail outbox` shows the codes until they expire.
func (s *Sender) Queued(m *fuelportal.MailMessage) {
	if s.smtp == nil {
		attrs := []any{"to", m.To, "subject", m.Subject, "body", m.RedactedBody()}
		if len(m.Secrets) > 0 {
			attrs = append(attrs, "read_code_with", "fuelportal mail outbox --to "+m.To)
		}
		s.logger.Info("mail kept in outbox (no SMTP configured)", attrs...)
		return
	}
	s.Wake()
}

// Wake makes Run look for unsent messages now.
func (s *Sender) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run delivers messages until ctx ends: when woken by Queued and every 30
// seconds (retries, and messages other processes queued). Without SMTP it
// returns at once.
func (s *Sender) Run(ctx context.Context) {
	if s.smtp == nil {
		return
	}
	ticker := time.NewTicker(30 * time.Second)
	defer ticker.Stop()
	for {
		s.deliverPending(ctx)
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		case <-ticker.C:
		}
	}
}

func (s *Sender) deliverPending(ctx context.Context) {
	msgs, err := s.outbox.ClaimUnsentMail(ctx, retryAfter, 20)
	if err != nil {
		s.logger.Error("claim outbox", "err", err)
		return
	}
	for _, m := range msgs {
		if err := s.send(ctx, m); err != nil {
			s.logger.Warn("mail delivery failed; will retry", "id", m.ID, "err", err)
			if err := s.outbox.MarkMailFailed(ctx, m.ID, err.Error()); err != nil {
				s.logger.Error("mark mail failed", "id", m.ID, "err", err)
			}
			continue
		}
		if err := s.outbox.MarkMailSent(ctx, m.ID); err != nil {
			s.logger.Error("mark mail sent", "id", m.ID, "err", err)
		}
	}
}

func (s *Sender) send(ctx context.Context, m *fuelportal.MailMessage) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.smtp.From); err != nil {
		return err
	}
	if err := msg.To(m.To); err != nil {
		return err
	}
	msg.Subject(m.Subject)
	msg.SetBodyString(gomail.TypeTextPlain, m.Body)
	opts := []gomail.Option{gomail.WithPort(s.smtp.Port), gomail.WithTimeout(15 * time.Second)}
	switch s.smtp.TLS {
	case "tls":
		opts = append(opts, gomail.WithSSL())
	case "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.smtp.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(s.smtp.Username), gomail.WithPassword(s.smtp.Password))
	}
	client, err := gomail.NewClient(s.smtp.Host, opts...)
	if err != nil {
		return err
	}
	return client.DialAndSendWithContext(ctx, msg)
}
