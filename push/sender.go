package push

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"fuelportal"
	"fuelportal/netguard"
)

// Outbox is the part of the store the sender uses (*store.DB).
type Outbox interface {
	ClaimPushMessages(ctx context.Context, lease time.Duration, limit int) ([]*fuelportal.PushMessage, error)
	MarkPushSent(ctx context.Context, id, subscriptionID int64) error
	MarkPushFailed(ctx context.Context, id int64, reason string, retryIn time.Duration) error
	RemovePushSubscription(ctx context.Context, id int64) error
}

const (
	// lease is how long a claimed message is not claimed again: longer
	// than one attempt can take (the client's timeout).
	lease = 2 * time.Minute
	// MaxAttempts is how many times a message is tried before it is given
	// up; the waits between them (Backoff) add up to about an hour.
	MaxAttempts = 5
	// DefaultTick is how often the sender looks for due messages without
	// being woken: retries, and messages other processes queued.
	DefaultTick = 15 * time.Second
	// batch is how many messages one claim takes, parallel the most sent
	// at once.
	batch, parallel = 50, 4
	// ttl is how long a push service keeps a message for a device that is
	// offline.
	ttl = 24 * time.Hour
)

// Backoff is the wait after failed attempt number attempt (1-based):
// 45 s, 3 min, 12 min, 48 min.
func Backoff(attempt int) time.Duration {
	d := 45 * time.Second
	for i := 1; i < attempt; i++ {
		d *= 4
	}
	return d
}

// Sender delivers queued messages. Create it with New, run Run in a
// goroutine and call Wake after queueing.
type Sender struct {
	outbox  Outbox
	keys    Keys
	subject string
	policy  netguard.Policy
	logger  *slog.Logger
	wake    chan struct{}
	// Client posts to the push services: by default it connects only to
	// the addresses policy allows, follows no redirect and gives up after
	// 30 s.
	Client *http.Client
	// Tick is how often Run looks for due messages unwoken (DefaultTick).
	Tick time.Duration
}

// Deps are what a sender is built from. Keys sign the messages; Subject
// is the VAPID contact, a mailto: or https: URL the push services may use
// to reach the operator. Endpoints are posted to only as Policy allows
// (the webhooks' too: netguard), checked before each attempt and on each
// address dialled. Logger nil discards.
type Deps struct {
	Outbox  Outbox
	Keys    Keys
	Subject string
	Policy  netguard.Policy
	Logger  *slog.Logger
}

// New returns a sender over d.
func New(d Deps) *Sender {
	logger := d.Logger
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	dialer := d.Policy.Dialer(10 * time.Second)
	return &Sender{
		outbox: d.Outbox, keys: d.Keys, subject: d.Subject, policy: d.Policy, logger: logger, wake: make(chan struct{}, 1),
		Tick: DefaultTick,
		Client: &http.Client{
			Timeout:       30 * time.Second,
			Transport:     &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: 10 * time.Second, MaxIdleConnsPerHost: parallel, IdleConnTimeout: time.Minute, ForceAttemptHTTP2: true},
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
}

// Wake makes Run look for due messages now (the event dispatcher calls
// it).
func (s *Sender) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run delivers due messages until ctx ends: at start, when woken and on
// every tick.
func (s *Sender) Run(ctx context.Context) {
	ticker := time.NewTicker(s.Tick)
	defer ticker.Stop()
	for {
		s.DeliverDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		case <-ticker.C:
		}
	}
}

// DeliverDue claims and sends the messages due now, batch after batch,
// and returns how many it attempted.
func (s *Sender) DeliverDue(ctx context.Context) int {
	attempted := 0
	for ctx.Err() == nil {
		msgs, err := s.outbox.ClaimPushMessages(ctx, lease, batch)
		if err != nil {
			if ctx.Err() == nil {
				s.logger.Error("claim push messages", "err", err)
			}
			return attempted
		}
		var wg sync.WaitGroup
		slots := make(chan struct{}, parallel)
		for _, m := range msgs {
			wg.Add(1)
			slots <- struct{}{}
			go func() {
				defer func() { <-slots; wg.Done() }()
				s.deliver(ctx, m)
			}()
		}
		wg.Wait()
		attempted += len(msgs)
		if len(msgs) < batch {
			return attempted
		}
	}
	return attempted
}

// deliver makes one attempt at m and records its outcome.
func (s *Sender) deliver(ctx context.Context, m *fuelportal.PushMessage) {
	sub := m.Subscription
	status, retryAfter, err := s.send(ctx, m)
	log := s.logger.With("message", m.ID, "subscription", sub.ID, "attempt", m.Attempts)
	switch {
	case err == nil && status >= 200 && status < 300:
		err = s.outbox.MarkPushSent(ctx, m.ID, sub.ID)
	case status == http.StatusNotFound || status == http.StatusGone:
		log.Info("push subscription gone; removed", "status", status)
		err = s.outbox.RemovePushSubscription(ctx, sub.ID)
	default:
		reason := fmt.Sprintf("push service answered %d", status)
		if err != nil {
			reason = err.Error()
		}
		retryIn := time.Duration(0)
		if m.Attempts < MaxAttempts && retriable(status) {
			retryIn = max(Backoff(m.Attempts), retryAfter)
			log.Warn("push delivery failed; will retry", "reason", reason, "retry_in", retryIn)
		} else {
			log.Warn("push delivery failed; given up", "reason", reason)
		}
		err = s.outbox.MarkPushFailed(ctx, m.ID, reason, retryIn)
	}
	if err != nil && ctx.Err() == nil {
		log.Error("record push outcome", "err", err)
	}
}

// retriable reports whether an attempt answered status (0: no answer) may
// succeed later: no answer, too many requests, a server error. Other
// answers (a malformed request, a key the push service refuses, a payload
// too large) would fail again the same way.
func retriable(status int) bool {
	return status == 0 || status == http.StatusTooManyRequests || status == http.StatusRequestTimeout || status >= 500
}

// send posts m to its subscription's push service and returns the answer's
// status (0 when none) and its Retry-After (0 when none).
func (s *Sender) send(ctx context.Context, m *fuelportal.PushMessage) (int, time.Duration, error) {
	if err := s.policy.CheckURLWithoutLookup(m.Subscription.Endpoint); err != nil {
		return http.StatusBadRequest, 0, fmt.Errorf("endpoint refused: %s: %w", m.Subscription.Endpoint, err) // never retried
	}
	resp, err := webpush.SendNotificationWithContext(ctx, m.Payload, &webpush.Subscription{
		Endpoint: m.Subscription.Endpoint,
		Keys:     webpush.Keys{P256dh: m.Subscription.P256DH, Auth: m.Subscription.Auth},
	}, &webpush.Options{
		HTTPClient:      s.Client,
		Subscriber:      vapidSubscriber(s.subject),
		TTL:             int(ttl / time.Second),
		Urgency:         webpush.UrgencyNormal,
		VAPIDPublicKey:  s.keys.Public,
		VAPIDPrivateKey: s.keys.Private,
	})
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	var retryAfter time.Duration
	if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && secs > 0 {
		retryAfter = min(time.Duration(secs)*time.Second, 2*time.Hour)
	}
	return resp.StatusCode, retryAfter, nil
}

// vapidSubscriber is subject as webpush-go wants it: it adds "mailto:"
// itself to anything that is not an https: URL.
func vapidSubscriber(subject string) string {
	return strings.TrimPrefix(subject, "mailto:")
}
