package provider

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"fuelportal/routing"
)

const (
	// DefaultTimeout bounds one request to a remote provider.
	DefaultTimeout = 10 * time.Second
	// userAgent identifies us, as the Nominatim usage policy requires.
	userAgent = "fuelportal/1.0 (fleet route planner)"
	// maxBody bounds an answer; a coast-to-coast route with full geometry
	// is a few MB.
	maxBody = 32 << 20
)

// client is the HTTP plumbing the adapters share.
type client struct {
	provider string
	base     *url.URL
	http     *http.Client
}

func newClient(provider, baseURL string, hc *http.Client) (*client, error) {
	if strings.TrimSpace(baseURL) == "" {
		return nil, fmt.Errorf("%s: base URL is required", provider)
	}
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%s: base URL %q is not an http(s) URL", provider, baseURL)
	}
	if hc == nil {
		hc = &http.Client{Timeout: DefaultTimeout}
	}
	return &client{provider: provider, base: u, http: hc}, nil
}

// endpoint joins the base URL's path with path and sets query, letting the
// base URL's own parameters win so configuration can override defaults.
func (c *client) endpoint(path string, query url.Values) string {
	u := *c.base
	u.Path = strings.TrimSuffix(u.Path, "/") + path
	u.RawPath = ""
	q := url.Values{}
	for k, v := range query {
		q[k] = v
	}
	for k, v := range c.base.Query() {
		q[k] = v
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// get and post return the status and body of any answer the provider gave;
// they fail only when no answer came (ErrUnavailable or the context's error)
// or the provider failed on its side (5xx, 429: ErrUnavailable).
func (c *client) get(ctx context.Context, endpoint string) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	if err != nil {
		return 0, nil, err
	}
	return c.do(ctx, req)
}

func (c *client) post(ctx context.Context, endpoint string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return c.do(ctx, req)
}

func (c *client) do(ctx context.Context, req *http.Request) (int, []byte, error) {
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		return 0, nil, &routing.ProviderError{Provider: c.provider, Err: routing.ErrUnavailable, Message: err.Error()}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		if ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		return 0, nil, &routing.ProviderError{Provider: c.provider, StatusCode: resp.StatusCode, Err: routing.ErrUnavailable, Message: err.Error()}
	}
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		return 0, nil, &routing.ProviderError{Provider: c.provider, StatusCode: resp.StatusCode, Err: routing.ErrUnavailable, Message: snippet(body)}
	}
	return resp.StatusCode, body, nil
}

// fail builds the error for an answer the adapter could not use.
func (c *client) fail(status int, code, message string, sentinel error) error {
	return &routing.ProviderError{Provider: c.provider, StatusCode: status, Code: code, Message: message, Err: sentinel}
}

// unreadable is the error for a 2xx answer that does not decode.
func (c *client) unreadable(status int, err error) error {
	return c.fail(status, "", "unreadable answer: "+err.Error(), routing.ErrRejected)
}

func snippet(body []byte) string {
	s := strings.TrimSpace(string(body))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

func checkPoints(points ...routing.Point) error {
	for _, p := range points {
		if !p.Valid() {
			return fmt.Errorf("%w: %v", routing.ErrInvalidPoint, p)
		}
	}
	return nil
}

var errEmpty = errors.New("empty answer")
