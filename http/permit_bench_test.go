package http

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// BenchmarkPermit compares a signed-in request through requireAuth alone
// (the token and the session's read) with the same through permit (plus
// the role's check), on SQLite, run in parallel as a server does.
func BenchmarkPermit(b *testing.B) {
	db := storetest.OpenFromTemplate(b, store.SQLite, "migrated", func(*store.DB) error { return nil })
	s := &Server{stores: newStores(db), Tokens: NewTokenIssuer([]byte("0123456789abcdef0123456789abcdef")), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: time.Now}
	ctx := context.Background()
	owner := &fuelportal.User{Email: "owner@example.com", PasswordHash: "hash"}
	if err := db.CreateCompanyOwner(ctx, &fuelportal.Company{Name: "Acme", CarrierID: 1234567}, owner); err != nil {
		b.Fatal(err)
	}
	if err := db.CreateRefreshToken(ctx, &store.RefreshToken{TokenHash: "h", FamilyID: "s", UserID: owner.ID, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		b.Fatal(err)
	}
	token, err := s.Tokens.Issue(principalOf(owner, "s"), time.Now())
	if err != nil {
		b.Fatal(err)
	}
	noop := func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }
	for _, gate := range []struct {
		name    string
		handler http.HandlerFunc
	}{
		{"requireAuth", s.requireAuth(noop)},
		{"permit", s.permit(fuelportal.ActionCompanySettings, noop)},
	} {
		b.Run(gate.name, func(b *testing.B) {
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req := httptest.NewRequest("GET", "/x", nil)
					req.Header.Set("Authorization", "Bearer "+token)
					rec := httptest.NewRecorder()
					gate.handler(rec, req)
					if rec.Code != http.StatusNoContent {
						b.Fatalf("status %d", rec.Code)
					}
				}
			})
		})
	}
}
