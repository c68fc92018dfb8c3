package push

import (
	"context"
	"io"
	"log/slog"
)

// SMS sends a text message to a phone number (E.164). It is the seam a
// provider plugs into; none is wired: LogSMS is the default, and no
// notification event uses SMS yet (docs/notifications.md).
type SMS interface {
	Send(ctx context.Context, to, text string) error
}

// LogSMS is the SMS that only logs what it would send (the number's last
// four digits, not the whole number).
type LogSMS struct {
	Logger *slog.Logger // nil: discard
}

// Send logs the message and never fails.
func (s LogSMS) Send(_ context.Context, to, text string) error {
	logger := s.Logger
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	tail := to
	if len(tail) > 4 {
		tail = tail[len(tail)-4:]
	}
	logger.Info("sms not sent (no provider configured)", "to_last4", tail, "text", text)
	return nil
}
