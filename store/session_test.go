package store_test

import (
	"context"
	"testing"
	"time"

	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestSessionAlive_EndsWithSignOutPasswordChangeAndExpiry(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		_, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		_, other, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000002")
		session := func(hash, family string, userID int64) {
			t.Helper()
			if err := db.CreateRefreshToken(ctx, &store.RefreshToken{TokenHash: hash, FamilyID: family, UserID: userID, ExpiresAt: clock.Now().Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		alive := func(userID int64, family string) bool {
			t.Helper()
			ok, err := db.SessionAlive(ctx, userID, family)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		session("a1", "laptop", owner.ID)
		session("b1", "phone", owner.ID)
		session("c1", "tablet", owner.ID)
		session("o1", "theirs", other.ID)

		if !alive(owner.ID, "laptop") || !alive(owner.ID, "phone") || alive(owner.ID, "nosuch") {
			t.Fatal("fresh sessions: wrong liveness")
		}
		if alive(other.ID, "laptop") {
			t.Fatal("a family is alive for another user")
		}
		// Another user cannot end the session.
		if err := db.EndSession(ctx, other.ID, "laptop"); err != nil || !alive(owner.ID, "laptop") {
			t.Fatalf("another user's sign-out: %v", err)
		}
		if err := db.EndSession(ctx, owner.ID, "laptop"); err != nil || alive(owner.ID, "laptop") || !alive(owner.ID, "phone") {
			t.Fatalf("sign-out: %v", err)
		}
		// A password change keeps only the family it was made from.
		if err := db.SetPassword(ctx, owner.ID, "new-hash", "phone"); err != nil {
			t.Fatal(err)
		}
		if !alive(owner.ID, "phone") || alive(owner.ID, "tablet") || !alive(other.ID, "theirs") {
			t.Fatal("password change ended the wrong sessions")
		}
		if u, _ := db.UserByID(ctx, owner.ID); u.PasswordHash != "new-hash" {
			t.Fatalf("hash = %q", u.PasswordHash)
		}
		// A reset (no family kept) ends them all.
		if err := db.SetPassword(ctx, owner.ID, "reset-hash", ""); err != nil || alive(owner.ID, "phone") {
			t.Fatalf("reset: %v", err)
		}
		clock.Advance(time.Hour)
		if alive(other.ID, "theirs") {
			t.Fatal("an expired session is alive")
		}
	})
}
