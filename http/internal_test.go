package http

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestRequireRole runs on each engine: the session behind a token is read
// from the store.
func TestRequireRole(t *testing.T) {
	engines := []store.Engine{store.SQLite}
	if os.Getenv(storetest.PostgresEnv) != "" {
		engines = append(engines, store.Postgres)
	}
	for _, engine := range engines {
		t.Run(string(engine), func(t *testing.T) {
			db := storetest.OpenFromTemplate(t, engine, "migrated", func(*store.DB) error { return nil })
			s := &Server{stores: newStores(db), Tokens: NewTokenIssuer([]byte("0123456789abcdef0123456789abcdef")), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: time.Now}
			handler := s.requireRole(fuelportal.RoleCompany, func(w http.ResponseWriter, r *http.Request) {
				respond(w, http.StatusOK, PrincipalFromContext(r.Context()))
			})
			owner := &fuelportal.User{Email: "owner@example.com", PasswordHash: "hash"}
			if err := db.CreateCompanyOwner(context.Background(), &fuelportal.Company{Name: "Acme", CarrierID: 1234567}, owner); err != nil {
				t.Fatal(err)
			}
			if err := db.CreateRefreshToken(context.Background(), &store.RefreshToken{TokenHash: "h", FamilyID: "s", UserID: owner.ID, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			token := func(role fuelportal.Role) string {
				tok, err := s.Tokens.Issue(Principal{UserID: owner.ID, CompanyID: owner.CompanyID, Role: role, SessionID: "s"}, time.Now())
				if err != nil {
					t.Fatal(err)
				}
				return tok
			}
			tests := []struct {
				name   string
				auth   string
				status int
			}{
				{"company role passes", "Bearer " + token(fuelportal.RoleCompany), 200},
				{"user role is forbidden", "Bearer " + token(fuelportal.RoleUser), 403},
				{"no token is unauthorised", "", 401},
				{"other scheme is unauthorised", "Basic abc", 401},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					req := httptest.NewRequest("GET", "/x", nil)
					if tt.auth != "" {
						req.Header.Set("Authorization", tt.auth)
					}
					rec := httptest.NewRecorder()
					handler(rec, req)
					if rec.Code != tt.status {
						t.Fatalf("status = %d, want %d: %s", rec.Code, tt.status, rec.Body)
					}
				})
			}
		})
	}
}

func TestRespondError_HidesInternalErrors(t *testing.T) {
	var logs bytes.Buffer
	s := &Server{Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	rec := httptest.NewRecorder()
	s.respondError(rec, httptest.NewRequest("GET", "/api/x", nil), errors.New("pq: secret table exploded"))
	if rec.Code != 500 || bytes.Contains(rec.Body.Bytes(), []byte("secret")) {
		t.Fatalf("answer = %d %s", rec.Code, rec.Body)
	}
	if !bytes.Contains(logs.Bytes(), []byte("secret table exploded")) {
		t.Fatalf("internal error not logged: %s", logs.String())
	}
}

func TestRespondError_CanceledRequestIsNotAnInternalError(t *testing.T) {
	var logs bytes.Buffer
	s := &Server{Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the caller has gone
	rec := httptest.NewRecorder()
	err := fmt.Errorf("begin transaction: %w", context.Canceled)
	s.respondError(rec, httptest.NewRequest("GET", "/api/x", nil).WithContext(ctx), err)
	if rec.Code != StatusClientClosedRequest {
		t.Fatalf("status = %d, want %d", rec.Code, StatusClientClosedRequest)
	}
	if bytes.Contains(logs.Bytes(), []byte("level=ERROR")) || !bytes.Contains(logs.Bytes(), []byte("request canceled")) {
		t.Fatalf("logs = %s", logs.String())
	}

	// The same error while the caller still waits stays an internal error.
	logs.Reset()
	rec = httptest.NewRecorder()
	s.respondError(rec, httptest.NewRequest("GET", "/api/x", nil), err)
	if rec.Code != 500 || !bytes.Contains(logs.Bytes(), []byte("level=ERROR")) {
		t.Fatalf("answer = %d, logs = %s", rec.Code, logs.String())
	}
}

// TestPanics_AnswerOne500LoggedWithStackAndAccessLogLine: a handler's
// panic, through the server's middleware, is answered one 500 in the error
// shape, logged with its stack, and has its access-log line; a panic after
// the answer started aborts the connection, logged the same way.
func TestPanics_AnswerOne500LoggedWithStackAndAccessLogLine(t *testing.T) {
	var logs bytes.Buffer
	s := &Server{Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/boom", func(http.ResponseWriter, *http.Request) { panic("boom") })
	mux.HandleFunc("GET /api/half", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"partial":`))
		panic("half-way")
	})
	h := s.withMiddleware(mux)

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/boom", nil))
	var answer struct {
		Status  int
		Message string
	}
	if rec.Code != 500 || json.Unmarshal(rec.Body.Bytes(), &answer) != nil || answer.Status != 500 || answer.Message == "" {
		t.Fatalf("answer = %d %s", rec.Code, rec.Body)
	}
	for _, want := range []string{"level=ERROR msg=\"internal error\"", "panic: boom", "runtime/debug.Stack",
		"msg=request method=GET path=\"GET /api/boom\" status=500"} {
		if !strings.Contains(logs.String(), want) {
			t.Fatalf("logs lack %q:\n%s", want, logs.String())
		}
	}
	if n := strings.Count(logs.String(), "msg=request "); n != 1 {
		t.Fatalf("%d access-log lines:\n%s", n, logs.String())
	}

	logs.Reset()
	rec = httptest.NewRecorder()
	func() {
		defer func() {
			if p := recover(); p != http.ErrAbortHandler {
				t.Fatalf("panic after the answer started: recovered %v, want http.ErrAbortHandler", p)
			}
		}()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/half", nil))
	}()
	for _, want := range []string{"connection aborted", "panic: half-way", "runtime/debug.Stack",
		"msg=request method=GET path=\"GET /api/half\" status=200", "aborted=true"} {
		if !strings.Contains(logs.String(), want) {
			t.Fatalf("logs lack %q:\n%s", want, logs.String())
		}
	}
}

func TestErrorStatus_MapsEveryCode(t *testing.T) {
	want := map[string]int{
		fuelportal.EINVALID: 400, fuelportal.EUNAUTHORIZED: 401, fuelportal.EFORBIDDEN: 403, fuelportal.EPENDING: 403, fuelportal.ENOTFOUND: 404,
		fuelportal.ECONFLICT: 409, fuelportal.EUNPROCESSABLE: 422, fuelportal.ETOOMANYREQUESTS: 429,
		fuelportal.EUNAVAILABLE: 503, fuelportal.EINTERNAL: 500, "unknown": 500,
	}
	for code, status := range want {
		if got := ErrorStatus(code); got != status {
			t.Errorf("ErrorStatus(%q) = %d, want %d", code, got, status)
		}
	}
}
