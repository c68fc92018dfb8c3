// Package apitest drives the HTTP API in tests and checks every request and
// answer against the OpenAPI contract (http/openapi.json). Use it for every
// HTTP test, so a route that answers outside its contract fails the build:
//
//	api := apitest.New(t, srv.Handler())
//	res := api.Do(apitest.Request{Method: "POST", Path: "/api/authenticate", Body: creds})
//	res.ExpectStatus(t, 200).Decode(t, &tokens)
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/flows"
	fphttp "fuelportal/http"
	"fuelportal/routing"
	"fuelportal/store"
)

var (
	loadOnce  sync.Once
	contract  routers.Router
	loadError error
)

// Router returns the router over the parsed, validated contract.
func Router(tb testing.TB) routers.Router {
	tb.Helper()
	loadOnce.Do(func() {
		// Logos are SVG: check their content type, not their content.
		openapi3filter.RegisterBodyDecoder("image/svg+xml", openapi3filter.FileBodyDecoder)
		openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.FileBodyDecoder)
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(fphttp.OpenAPI)
		if err != nil {
			loadError = err
			return
		}
		if err = doc.Validate(context.Background()); err != nil {
			loadError = err
			return
		}
		contract, loadError = legacy.NewRouter(doc)
	})
	if loadError != nil {
		tb.Fatalf("openapi.json: %v", loadError)
	}
	return contract
}

// Secret signs access tokens of servers made by NewServer.
var Secret = []byte("apitest-secret-apitest-secret-0123456789")

// NewServer returns a server over db with the services of flows.New, cheap
// password hashing, the test Secret, a logger writing to the test log, and
// the built-in router and geocoder (the catalog adds the stations to its
// gazetteer), as the command wires them. An authorization's deadline is a
// minute, so that a loaded test host never answers by the stand-in; a test
// of the deadline sets its own (Purchases.Deadline). Set more fields before
// calling Handler.
func NewServer(tb testing.TB, db *store.DB) *fphttp.Server {
	tb.Helper()
	logger := slog.New(slog.NewTextHandler(testWriter{tb}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	gazetteer := routing.BuiltinGazetteer()
	stations := catalog.New(db, gazetteer)
	passwords := fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params)
	services := flows.New(flows.Deps{DB: db, Stations: stations, Passwords: passwords, Logger: logger}, flows.Config{AuthorizationDeadline: time.Minute, ResetCodeKey: fphttp.ResetCodeKey(Secret)})
	return fphttp.NewServer(fphttp.Deps{
		Services: services, Store: db, Passwords: passwords,
		Secret: Secret, Logger: logger, Stations: stations, Router: routing.Builtin(), Geocoder: gazetteer,
	}, fphttp.Config{})
}

type testWriter struct{ tb testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.tb.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// API sends requests to a handler in-process.
type API struct {
	tb      testing.TB
	handler http.Handler
}

// New returns an API over handler.
func New(tb testing.TB, handler http.Handler) *API {
	Router(tb)
	return &API{tb: tb, handler: handler}
}

// Request describes one call.
type Request struct {
	Method string
	Path   string // with query string
	// Body is sent as JSON; a string or []byte is sent as is. The content
	// type is application/json unless Header sets another.
	Body any
	// Token is sent as a bearer token when set.
	Token string
	// RemoteAddr is the client address (default 192.0.2.1:1234).
	RemoteAddr string
	Header     http.Header
	// BreaksContract marks a request the contract forbids (bad JSON, wrong
	// types, unknown path) sent on purpose: only the answer is checked, and
	// an unknown path only needs the error shape.
	BreaksContract bool
}

// Response is a recorded answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Do sends r and checks the request (unless r.BreaksContract) and the answer
// against the contract, failing the test on any mismatch.
func (a *API) Do(r Request) *Response {
	a.tb.Helper()
	body := encodeBody(a.tb, r.Body)
	req := httptest.NewRequest(r.Method, r.Path, bytes.NewReader(body))
	if r.RemoteAddr != "" {
		req.RemoteAddr = r.RemoteAddr
	} else {
		req.RemoteAddr = "192.0.2.1:1234"
	}
	for k, vs := range r.Header {
		req.Header[k] = vs
	}
	if r.Body != nil && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}

	rec := httptest.NewRecorder()
	a.handler.ServeHTTP(rec, req)
	res := &Response{Status: rec.Code, Header: rec.Result().Header, Body: rec.Body.Bytes()}

	if strings.HasPrefix(req.URL.Path, "/api/") {
		a.check(r, req, body, res)
	}
	return res
}

func (a *API) check(r Request, req *http.Request, body []byte, res *Response) {
	a.tb.Helper()
	// A fresh copy: the handler consumed req's body.
	vreq := req.Clone(context.Background())
	vreq.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := Router(a.tb).FindRoute(vreq)
	if err != nil {
		if !r.BreaksContract {
			a.tb.Errorf("%s %s is not in openapi.json: %v", r.Method, r.Path, err)
		}
		var e struct {
			Status  int `json:"status"`
			Message any `json:"message"`
		}
		if json.Unmarshal(res.Body, &e) != nil || e.Status != res.Status || e.Message == nil {
			a.tb.Errorf("%s %s: answer is not the error shape: %d %s", r.Method, r.Path, res.Status, res.Body)
		}
		return
	}
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, IncludeResponseStatus: true, MultiError: true}
	in := &openapi3filter.RequestValidationInput{Request: vreq, PathParams: params, Route: route, Options: opts}
	if !r.BreaksContract {
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			a.tb.Errorf("%s %s: request breaks openapi.json: %v", r.Method, r.Path, err)
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.Status, Header: res.Header, Options: opts}
	out.SetBodyBytes(res.Body)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		a.tb.Errorf("%s %s: answer %d breaks openapi.json: %v\nbody: %s", r.Method, r.Path, res.Status, err, res.Body)
	}
}

func encodeBody(tb testing.TB, v any) []byte {
	tb.Helper()
	switch v := v.(type) {
	case nil:
		return nil
	case string:
		return []byte(v)
	case []byte:
		return v
	default:
		b, err := json.Marshal(v)
		if err != nil {
			tb.Fatalf("encode request body: %v", err)
		}
		return b
	}
}

// Get sends a GET.
func (a *API) Get(path, token string) *Response {
	a.tb.Helper()
	return a.Do(Request{Method: http.MethodGet, Path: path, Token: token})
}

// Post sends a POST with a JSON body.
func (a *API) Post(path string, body any, token string) *Response {
	a.tb.Helper()
	return a.Do(Request{Method: http.MethodPost, Path: path, Body: body, Token: token})
}

// Put sends a PUT with a JSON body.
func (a *API) Put(path string, body any, token string) *Response {
	a.tb.Helper()
	return a.Do(Request{Method: http.MethodPut, Path: path, Body: body, Token: token})
}

// ExpectStatus fails the test unless the answer has status.
func (r *Response) ExpectStatus(tb testing.TB, status int) *Response {
	tb.Helper()
	if r.Status != status {
		tb.Fatalf("status = %d, want %d; body: %s", r.Status, status, r.Body)
	}
	return r
}

// Decode unmarshals the JSON body into v.
func (r *Response) Decode(tb testing.TB, v any) {
	tb.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		tb.Fatalf("decode %s: %v", r.Body, err)
	}
}

// ErrorMessage returns the message of an error answer when it is a string.
func (r *Response) ErrorMessage(tb testing.TB) string {
	tb.Helper()
	var e struct {
		Message any `json:"message"`
	}
	r.Decode(tb, &e)
	s, _ := e.Message.(string)
	return s
}

// FieldErrors returns the field messages of a validation error answer.
func (r *Response) FieldErrors(tb testing.TB) map[string][]string {
	tb.Helper()
	var e struct {
		Message map[string][]string `json:"message"`
	}
	if err := json.Unmarshal(r.Body, &e); err != nil {
		tb.Fatalf("answer has no field errors: %s", r.Body)
	}
	return e.Message
}

// ExpectFieldError fails unless the answer is a 400 whose field errors
// give field the message (among others).
func (r *Response) ExpectFieldError(tb testing.TB, field, message string) {
	tb.Helper()
	fields := r.ExpectStatus(tb, http.StatusBadRequest).FieldErrors(tb)
	if !slices.Contains(fields[field], message) {
		tb.Fatalf("field errors %v, want %s: %q", fields, field, message)
	}
}

// Tokens is the answer of a sign-in or refresh.
type Tokens struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
}

// Login signs in through POST /api/authenticate and returns the tokens,
// failing the test unless it succeeds.
func (a *API) Login(email, password string) Tokens {
	a.tb.Helper()
	var tokens Tokens
	a.Post("/api/authenticate", map[string]string{"username": email, "password": password}, "").
		ExpectStatus(a.tb, http.StatusOK).Decode(a.tb, &tokens)
	return tokens
}
