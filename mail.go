package fuelportal

import "time"

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
}
