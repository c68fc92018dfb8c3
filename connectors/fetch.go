package connectors

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"fuelportal/netguard"
)

// Bounds of one vendor call.
const (
	// MaxAnswerBytes bounds one answer: a larger one is an error and
	// nothing of it is ingested.
	MaxAnswerBytes = 5 << 20
	// CallTimeout bounds one call: connecting, sending and the answer.
	CallTimeout = 30 * time.Second
	// MaxRetryAfter caps a vendor's Retry-After.
	MaxRetryAfter = time.Hour
)

// vendorError is a failed vendor call: the vendor's reason, and for 429
// and 5xx answers that the call may be retried later (after RetryAfter
// when the vendor said).
type vendorError struct {
	Status     int
	Reason     string
	Retryable  bool
	RetryAfter time.Duration
}

func (e *vendorError) Error() string {
	if e.Status == 0 {
		return e.Reason
	}
	return fmt.Sprintf("HTTP %d: %s", e.Status, e.Reason)
}

// newClient is the HTTP client of vendor calls: every connection passes
// policy (netguard), and each call is bounded by CallTimeout.
func newClient(policy netguard.Policy) *http.Client {
	transport := &http.Transport{
		Proxy:                 nil,
		DialContext:           policy.Dialer(10 * time.Second).DialContext,
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: CallTimeout,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       90 * time.Second,
	}
	return &http.Client{
		Transport: transport,
		Timeout:   CallTimeout,
		// A vendor's redirect would carry the token elsewhere.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// call sends one request and decodes a 2xx JSON answer into out; reason
// reads the vendor's error message from an error answer's body.
func call(ctx context.Context, client *http.Client, policy netguard.Policy, method, url string, header http.Header, body any, out any, reason func([]byte) string) error {
	if err := policy.CheckURLWithoutLookup(url); err != nil {
		return &vendorError{Reason: "vendor address refused: " + err.Error()}
	}
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return &vendorError{Reason: "bad vendor address"}
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &vendorError{Reason: "vendor unreachable: " + netguard.TransportError(err), Retryable: true}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswerBytes+1))
	if err != nil {
		return &vendorError{Status: resp.StatusCode, Reason: "answer cut off: " + netguard.TransportError(err), Retryable: true}
	}
	if len(raw) > MaxAnswerBytes {
		return &vendorError{Status: resp.StatusCode, Reason: fmt.Sprintf("answer larger than %d MB, ignored", MaxAnswerBytes>>20), Retryable: true}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		e := &vendorError{Status: resp.StatusCode, Reason: netguard.OneLine(reason(raw), resp.Status)}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			e.Retryable, e.RetryAfter = true, retryAfter(resp.Header.Get("Retry-After"), time.Now())
		}
		return e
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return &vendorError{Status: resp.StatusCode, Reason: "answer is not the vendor's JSON: " + err.Error(), Retryable: true}
	}
	return nil
}

// jsonReason reads a JSON error body's message at one of keys.
func jsonReason(keys ...string) func([]byte) string {
	return func(raw []byte) string {
		var m map[string]any
		if json.Unmarshal(raw, &m) != nil {
			return ""
		}
		for _, k := range keys {
			if s, ok := m[k].(string); ok && s != "" {
				return s
			}
		}
		return ""
	}
}

// retryAfter is a Retry-After header's wait, at most MaxRetryAfter.
func retryAfter(v string, now time.Time) time.Duration {
	return netguard.RetryAfter(v, now, MaxRetryAfter)
}
