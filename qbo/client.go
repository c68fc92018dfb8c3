package qbo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"fuelportal/netguard"
)

// Intuit's API, as its documentation describes it: OAuth 2.0 tokens from
// the token endpoint (HTTP Basic client id and secret, a form body), the
// v3 accounting API under /v3/company/{realmId} (query, batch), errors as
// {"Fault": {"Error": [{"Message", "Detail", "code"}], "type"}}, and its
// limits per company (realm): 500 requests a minute, 10 at once, 30
// operations a batch.

// Bounds of one Intuit call.
const (
	maxAnswerBytes = 10 << 20
	callTimeout    = 60 * time.Second
	maxRetryAfter  = 5 * time.Minute
	// maxTries bounds the tries of one call answered 429 or 5xx.
	maxTries = 8
)

// apiError is a failed Intuit call: its status and reason, and whether a
// later try may succeed (429, 5xx, network).
type apiError struct {
	Status     int
	Reason     string
	Retryable  bool
	RetryAfter time.Duration
	// OAuth is the token endpoint's error code (invalid_grant, …).
	OAuth string
	// Code is the accounting API's Fault code (6240: a duplicate name).
	Code string
}

func (e *apiError) Error() string {
	if e.Status == 0 {
		return e.Reason
	}
	return fmt.Sprintf("HTTP %d: %s", e.Status, e.Reason)
}

// newHTTPClient is the client of Intuit calls: every connection passes
// policy (netguard), each call is bounded, redirects are not followed (a
// redirect would carry a token elsewhere).
func newHTTPClient(policy netguard.Policy) *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                 nil,
			DialContext:           policy.Dialer(10 * time.Second).DialContext,
			ForceAttemptHTTP2:     true,
			TLSHandshakeTimeout:   10 * time.Second,
			ResponseHeaderTimeout: callTimeout,
			MaxIdleConnsPerHost:   10,
			IdleConnTimeout:       90 * time.Second,
		},
		Timeout:       callTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// send makes one request and reads its answer (at most maxAnswerBytes).
func send(ctx context.Context, client *http.Client, policy netguard.Policy, req *http.Request) (int, http.Header, []byte, error) {
	if err := policy.CheckURLWithoutLookup(req.URL.String()); err != nil {
		return 0, nil, nil, &apiError{Reason: "QuickBooks address refused: " + err.Error()}
	}
	resp, err := client.Do(req.WithContext(ctx))
	if err != nil {
		if ctx.Err() != nil {
			return 0, nil, nil, ctx.Err()
		}
		return 0, nil, nil, &apiError{Reason: "QuickBooks unreachable: " + netguard.TransportError(err), Retryable: true}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	if err != nil {
		return resp.StatusCode, resp.Header, nil, &apiError{Status: resp.StatusCode, Reason: "answer cut off", Retryable: true}
	}
	if len(raw) > maxAnswerBytes {
		return resp.StatusCode, resp.Header, nil, &apiError{Status: resp.StatusCode, Reason: "answer too large"}
	}
	return resp.StatusCode, resp.Header, raw, nil
}

// tokenAnswer is the token endpoint's answer.
type tokenAnswer struct {
	AccessToken           string `json:"access_token"`
	RefreshToken          string `json:"refresh_token"`
	TokenType             string `json:"token_type"`
	ExpiresIn             int64  `json:"expires_in"`
	RefreshTokenExpiresIn int64  `json:"x_refresh_token_expires_in"`
	Error                 string `json:"error"`
	ErrorDescription      string `json:"error_description"`
}

// oauth is the app's side of Intuit's OAuth 2.0.
type oauth struct {
	clientID, clientSecret string
	authURL, tokenURL      string
	revokeURL              string
	client                 *http.Client
	policy                 netguard.Policy
}

// Scope is the OAuth scope the portal asks for: the accounting API.
const Scope = "com.intuit.quickbooks.accounting"

// authorizeURL is where the browser goes to consent.
func (o *oauth) authorizeURL(state, redirectURI string) string {
	q := url.Values{}
	q.Set("client_id", o.clientID)
	q.Set("response_type", "code")
	q.Set("scope", Scope)
	q.Set("redirect_uri", redirectURI)
	q.Set("state", state)
	sep := "?"
	if strings.Contains(o.authURL, "?") {
		sep = "&"
	}
	return o.authURL + sep + q.Encode()
}

// token calls the token endpoint with form (grant_type and its fields).
func (o *oauth) token(ctx context.Context, form url.Values) (*tokenAnswer, error) {
	req, err := http.NewRequest(http.MethodPost, o.tokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, &apiError{Reason: "bad token address"}
	}
	req.SetBasicAuth(o.clientID, o.clientSecret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	status, header, raw, err := send(ctx, o.client, o.policy, req)
	if err != nil {
		return nil, err
	}
	var ans tokenAnswer
	_ = json.Unmarshal(raw, &ans)
	if status < 200 || status > 299 {
		e := &apiError{Status: status, OAuth: ans.Error, Reason: netguard.OneLine(cmpOr(ans.ErrorDescription, ans.Error), http.StatusText(status))}
		if status == http.StatusTooManyRequests || status >= 500 {
			e.Retryable, e.RetryAfter = true, netguard.RetryAfter(header.Get("Retry-After"), time.Now(), maxRetryAfter)
		}
		return nil, e
	}
	if ans.AccessToken == "" || ans.RefreshToken == "" {
		return nil, &apiError{Status: status, Reason: "the token endpoint answered no token"}
	}
	return &ans, nil
}

// revoke revokes token (a refresh or access token) at the revoke
// endpoint.
func (o *oauth) revoke(ctx context.Context, token string) error {
	body, _ := json.Marshal(map[string]string{"token": token})
	req, err := http.NewRequest(http.MethodPost, o.revokeURL, bytes.NewReader(body))
	if err != nil {
		return &apiError{Reason: "bad revoke address"}
	}
	req.SetBasicAuth(o.clientID, o.clientSecret)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	status, _, _, err := send(ctx, o.client, o.policy, req)
	if err != nil {
		return err
	}
	if status < 200 || status > 299 {
		return &apiError{Status: status, Reason: http.StatusText(status)}
	}
	return nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// fault is Intuit's error body.
type fault struct {
	Fault *faultBody `json:"Fault"`
}

type faultBody struct {
	Type  string `json:"type"`
	Error []struct {
		Message string `json:"Message"`
		Detail  string `json:"Detail"`
		Code    string `json:"code"`
	} `json:"Error"`
}

// code is the first error's code ("" for none).
func (f *faultBody) code() string {
	if f == nil || len(f.Error) == 0 {
		return ""
	}
	return f.Error[0].Code
}

func (f *faultBody) reason() string {
	if f == nil || len(f.Error) == 0 {
		return ""
	}
	e := f.Error[0]
	r := e.Message
	if e.Detail != "" && e.Detail != e.Message {
		r += ": " + e.Detail
	}
	if e.Code != "" {
		r += " (code " + e.Code + ")"
	}
	return r
}

// limiter keeps one realm's calls within Intuit's limits: at most perMinute
// in any minute and at most concurrent at once.
type limiter struct {
	slots     chan struct{}
	perMinute int

	mu    sync.Mutex
	times []time.Time // starts of the calls of the last minute, oldest first
}

func newLimiter(perMinute, concurrent int) *limiter {
	return &limiter{slots: make(chan struct{}, concurrent), perMinute: perMinute}
}

// acquire waits for a slot and for the minute's room; release gives the
// slot back.
func (l *limiter) acquire(ctx context.Context) error {
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	for {
		l.mu.Lock()
		now := time.Now()
		cut := 0
		for cut < len(l.times) && now.Sub(l.times[cut]) >= time.Minute {
			cut++
		}
		l.times = l.times[cut:]
		if len(l.times) < l.perMinute {
			l.times = append(l.times, now)
			l.mu.Unlock()
			return nil
		}
		wait := time.Minute - now.Sub(l.times[0])
		l.mu.Unlock()
		if err := sleep(ctx, wait); err != nil {
			<-l.slots
			return err
		}
	}
}

func (l *limiter) release() { <-l.slots }

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
