// Package webhooks delivers a company's events to its own systems: signed
// POSTs of the deliveries the event dispatcher derived from the events
// flows publish (store.Tx.Publish, in the transaction of the change each
// event reports), retried with
// exponential backoff for fuelportal.WebhookRetryWindow.
//
// The Service also keeps the companies' endpoints (endpoints.go). Each
// server process runs its worker (Run). It claims due deliveries from the
// database with a lease (store.DB.ClaimWebhookDeliveries), so a delivery
// is sent by one worker at a time however many processes share the
// database, and one whose worker died is sent again once the lease ends:
// a restart loses none. Connections go through a netguard.Policy, so an
// endpoint's host is checked again after DNS resolution at each delivery.
package webhooks

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/netguard"
	"fuelportal/store"
)

// SignatureHeader is the header carrying a delivery's signature.
const SignatureHeader = "Fuelportal-Signature"

// Sign returns the SignatureHeader value of body sent at t with secret:
// "t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">" (the scheme
// Stripe's webhooks use).
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}

// Backoff is the wait after the attempts-th failed attempt of a delivery:
// 30 s, 2 min, 8 min, 32 min, about 2 h, then every 4 h.
func Backoff(attempts int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < attempts && d < maxBackoff; i++ {
		d *= 4
	}
	return min(d, maxBackoff)
}

const maxBackoff = 4 * time.Hour

// NextAttempt is when a delivery of an event created at created, failed
// for the attempts-th time at now, is tried again: after Backoff, but
// never later than the end of the retry window, where it is tried a last
// time. nil: the window is over, the delivery fails.
func NextAttempt(created, now time.Time, attempts int) *time.Time {
	end := created.Add(fuelportal.WebhookRetryWindow)
	if !now.Before(end) {
		return nil
	}
	next := now.Add(Backoff(attempts))
	if next.After(end) {
		next = end
	}
	return &next
}

// Store is what the service reads and writes (*store.DB): an attempt's
// outcome is recorded in a transaction of the service's (record).
type Store interface {
	EndpointStore
	ClaimWebhookDeliveries(ctx context.Context, lease time.Duration, limit int) ([]*fuelportal.WebhookDelivery, error)
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
}

// Bounds of a worker's work.
const (
	// Timeout bounds one delivery: connecting, sending and the answer.
	Timeout = 10 * time.Second
	// lease is how long a claimed delivery is the worker's alone: longer
	// than a batch takes (batchSize/parallel rounds of Timeout).
	lease     = 2 * time.Minute
	batchSize = 16
	parallel  = 4
	// pollEvery is how often a worker looks for due deliveries (retries,
	// and events other processes queued) besides when woken.
	pollEvery = 15 * time.Second
	// maxResponseBytes is how much of an answer is read (and dropped), so
	// the connection can be reused.
	maxResponseBytes = 64 << 10
)

// Service keeps the companies' webhook endpoints (endpoints.go) and
// delivers their due deliveries. Create it with New, run Run in a
// goroutine; the event dispatcher calls Queued after deriving events.
type Service struct {
	store  Store
	policy netguard.Policy
	client *http.Client
	logger *slog.Logger
	wake   chan struct{}
	// Now returns the current time (the signature's and the backoff's);
	// tests replace it together with the store's clock.
	Now func() time.Time
}

// Deps are what a worker is built from: it sends through connections
// Policy allows.
type Deps struct {
	Store  Store
	Policy netguard.Policy
	Logger *slog.Logger
}

// New returns the service over d.
func New(d Deps) *Service {
	store, policy, logger := d.Store, d.Policy, d.Logger
	transport := &http.Transport{
		Proxy:                 nil, // a proxy would dial for us, past the guard
		DialContext:           policy.Dialer(Timeout).DialContext,
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   Timeout,
		ResponseHeaderTimeout: Timeout,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       90 * time.Second,
	}
	client := &http.Client{
		Transport: transport,
		Timeout:   Timeout,
		// A redirect is an answer other than 2xx: retried, never followed
		// to wherever it points.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return &Service{store: store, policy: policy, client: client, logger: logger, wake: make(chan struct{}, 1), Now: time.Now}
}

// Queued wakes the worker: deliveries were queued.
func (w *Service) Queued() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run delivers until ctx ends: when woken by Queued and every pollEvery.
func (w *Service) Run(ctx context.Context) {
	ticker := time.NewTicker(pollEvery)
	defer ticker.Stop()
	for {
		for w.DeliverDue(ctx) == batchSize && ctx.Err() == nil {
			// A full batch: more may be due.
		}
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-ticker.C:
		}
	}
}

// DeliverDue claims one batch of due deliveries, attempts each and
// records the outcomes; it returns how many it claimed.
func (w *Service) DeliverDue(ctx context.Context) int {
	batch, err := w.store.ClaimWebhookDeliveries(ctx, lease, batchSize)
	if err != nil {
		if ctx.Err() == nil {
			w.logger.Error("claim webhook deliveries", "err", err)
		}
		return 0
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, parallel)
	for _, d := range batch {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			w.attempt(ctx, d)
		}()
	}
	wg.Wait()
	return len(batch)
}

// attempt sends d once and records the outcome.
func (w *Service) attempt(ctx context.Context, d *fuelportal.WebhookDelivery) {
	code, err := w.send(ctx, d)
	if ctx.Err() != nil {
		return // stopping: the lease ends and the delivery is sent again
	}
	a := fuelportal.WebhookAttempt{DeliveryID: d.ID, ClaimToken: d.ClaimToken, ResponseCode: code, Delivered: err == nil}
	if err != nil {
		a.Error = err.Error()
		a.NextAttemptAt = NextAttempt(d.CreatedAt, w.Now(), d.Attempts+1)
		w.logger.Warn("webhook delivery failed", "delivery", d.ID, "endpoint", d.EndpointID, "attempts", d.Attempts+1, "err", err, "gave_up", a.NextAttemptAt == nil)
	}
	if err := w.record(context.WithoutCancel(ctx), a); err != nil {
		w.logger.Error("record webhook attempt", "delivery", d.ID, "err", err)
	}
}

// record records attempt a in one transaction, if its claim is still
// the worker's. A delivery that reached its endpoint clears the
// endpoint's failing flag; one that gave up (FAILED) marks the endpoint
// failing and, when it was not failing already, publishes
// webhook.failing (the owners' WEBHOOK_FAILING alert), so an endpoint's
// failure is told once however many of its deliveries give up, until a
// delivery reaches it again.
func (w *Service) record(ctx context.Context, a fuelportal.WebhookAttempt) error {
	return w.store.InTx(ctx, func(tx *store.Tx) error {
		d, err := tx.RecordWebhookAttempt(ctx, a)
		if err != nil || d == nil {
			return err
		}
		switch d.Status {
		case fuelportal.WebhookDelivered:
			return tx.ClearWebhookEndpointFailing(ctx, d.EndpointID)
		case fuelportal.WebhookFailed:
			url, marked, err := tx.MarkWebhookEndpointFailing(ctx, d.EndpointID)
			if err != nil || !marked {
				return err
			}
			return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventWebhookFailing, CompanyID: d.CompanyID,
				Alert: fuelportal.WebhookFailingAlert(url)})
		}
		return nil
	})
}

// send POSTs d's payload, signed, to its endpoint: nil on a 2xx answer,
// else why not, with the answer's status code when there was one.
func (w *Service) send(ctx context.Context, d *fuelportal.WebhookDelivery) (int, error) {
	u, err := url.Parse(d.URL)
	if err != nil {
		return 0, errors.New("bad endpoint URL")
	}
	if err := w.policy.CheckScheme(u); err != nil {
		return 0, fmt.Errorf("endpoint URL %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.URL, bytes.NewReader(d.Payload))
	if err != nil {
		return 0, errors.New("bad endpoint URL")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Fuelportal-Webhooks/1")
	req.Header.Set(SignatureHeader, Sign(d.Secret, w.Now(), d.Payload))
	res, err := w.client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL is the owner's own, shown beside the error
		}
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, maxResponseBytes))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return res.StatusCode, fmt.Errorf("HTTP %d", res.StatusCode)
	}
	return res.StatusCode, nil
}
