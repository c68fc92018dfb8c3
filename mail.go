package fuelportal

import (
	"strings"
	"time"
)

// MailMessage is a plain-text e-mail kept in the outbox until delivered.
type MailMessage struct {
	ID        int64
	To        string
	Subject   string
	Body      string
	CreatedAt time.Time
	// SentAt is set once an SMTP server accepted the message; messages are
	// never sent when no SMTP server is configured.
	SentAt *time.Time
	// LastError holds the latest delivery failure, if any.
	LastError string
	// ExpiresAt, when set, is when the one-time code the message carries
	// expires: the outbox keeps the message only until then and no longer
	// delivers it after.
	ExpiresAt *time.Time
	// Secrets are the one-time codes in Body, masked wherever the message
	// is logged. They are not stored.
	Secrets []string
}

// RedactedBody returns Body with every secret replaced by asterisks, for
// logs.
func (m *MailMessage) RedactedBody() string {
	body := m.Body
	for _, secret := range m.Secrets {
		if secret != "" {
			body = strings.ReplaceAll(body, secret, strings.Repeat("*", len(secret)))
		}
	}
	return body
}
