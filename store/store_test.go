package store_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestMigrate_RunsTwiceWithoutChange(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("second Migrate: %v", err)
		}
		v, err := db.MigrationVersion(ctx)
		if err != nil || v < 1 {
			t.Fatalf("MigrationVersion = %d, %v; want >= 1", v, err)
		}
	})
}

func TestAccounts(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, owner, card := storetest.NewCompanyWithCard(t, db, "Owner@Example.com", "7071000000000000001")

		t.Run("owner is found by normalised email with company", func(t *testing.T) {
			u, err := db.UserByEmail(ctx, " OWNER@example.com ")
			if err != nil {
				t.Fatal(err)
			}
			if u.ID != owner.ID || u.Role != fuelportal.RoleCompany || u.Company == nil || u.Company.Name != company.Name || u.Company.CarrierID != 7654321 {
				t.Fatalf("got %+v", u)
			}
			if u.CreatedAt.IsZero() {
				t.Fatal("CreatedAt not loaded")
			}
		})
		t.Run("taken email is a conflict", func(t *testing.T) {
			err := db.CreateCompanyOwner(ctx, &fuelportal.Company{Name: "X Co", CarrierID: 1234567}, &fuelportal.User{Email: "owner@example.com", PasswordHash: "h"})
			if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT || fuelportal.ErrorMessage(err) != fuelportal.MsgEmailTaken {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("an approved driver holds the card of their company at once", func(t *testing.T) {
			if _, err := db.UnlinkedCard(ctx, card.CardNumber); err != nil {
				t.Fatalf("UnlinkedCard before sign-up: %v", err)
			}
			driver := &fuelportal.User{Email: "driver@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
			if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, card.CardNumber, fuelportal.SignUpCardOf(company.Name)); err != nil {
				t.Fatal(err)
			}
			u, err := db.UserByID(ctx, driver.ID)
			if err != nil {
				t.Fatal(err)
			}
			if u.Role != fuelportal.RoleUser || u.CompanyID != company.ID || u.CardNumber != card.CardNumber || u.CardID != card.ID {
				t.Fatalf("got %+v", u)
			}
			if _, err := db.UnlinkedCard(ctx, card.CardNumber); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("UnlinkedCard after sign-up err = %v, want ENOTFOUND", err)
			}
		})
		t.Run("second driver on a linked card is refused and leaves no user", func(t *testing.T) {
			err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, &fuelportal.User{Email: "second@example.com", PasswordHash: "h"}, card.CardNumber, fuelportal.SignUpCardOf(company.Name))
			storetest.AssertMismatch(t, err)
			if taken, _ := db.EmailTaken(ctx, "second@example.com"); taken {
				t.Fatal("user created despite refused card")
			}
		})
		t.Run("unknown card is refused", func(t *testing.T) {
			err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, &fuelportal.User{Email: "third@example.com", PasswordHash: "h"}, "7071999999999999999", fuelportal.SignUpCardOf(company.Name))
			storetest.AssertMismatch(t, err)
		})
		t.Run("account update saves details and refuses a taken email", func(t *testing.T) {
			u, err := db.UpdateAccount(ctx, owner.ID, fuelportal.AccountUpdate{FirstName: "Anna", LastName: "Owens", Email: "anna@example.com", PhoneNumber: "555-0101"}, nil)
			if err != nil || u.FirstName != "Anna" || u.Email != "anna@example.com" {
				t.Fatalf("UpdateAccount = %+v, %v", u, err)
			}
			if u.Language != fuelportal.LanguageEnglish {
				t.Fatalf("a new user's language = %q, want en", u.Language)
			}
			u, err = db.UpdateAccount(ctx, owner.ID, fuelportal.AccountUpdate{FirstName: "Anna", LastName: "Owens", Email: "anna@example.com", PhoneNumber: "555-0101", Language: fuelportal.LanguageSpanish}, nil)
			if err != nil || u.Language != fuelportal.LanguageSpanish {
				t.Fatalf("UpdateAccount to es = %+v, %v", u, err)
			}
			u, err = db.UpdateAccount(ctx, owner.ID, fuelportal.AccountUpdate{FirstName: "Anna", LastName: "Owens", Email: "anna@example.com", PhoneNumber: "555-0101"}, nil)
			if err != nil || u.Language != fuelportal.LanguageSpanish {
				t.Fatalf("an update without a language changed it: %+v, %v", u, err)
			}
			_, err = db.UpdateAccount(ctx, owner.ID, fuelportal.AccountUpdate{FirstName: "Anna", LastName: "Owens", Email: "driver@example.com"}, nil)
			if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("err = %v, want ECONFLICT", err)
			}
		})
		t.Run("only owner cannot be deleted, driver can and frees the card", func(t *testing.T) {
			if err := db.DeleteUser(ctx, owner.ID, fuelportal.CheckUserDeleted); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("DeleteUser(owner) err = %v, want ECONFLICT", err)
			}
			driver, _ := db.UserByEmail(ctx, "driver@example.com")
			if err := db.DeleteUser(ctx, driver.ID, fuelportal.CheckUserDeleted); err != nil {
				t.Fatal(err)
			}
			if _, err := db.UnlinkedCard(ctx, card.CardNumber); err != nil {
				t.Fatalf("card not freed: %v", err)
			}
		})
	})
}

func TestInTx_ConcurrentWritersAllCommit(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000002")
		const writers = 16
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		for i := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- db.InTx(ctx, func(tx *store.Tx) error {
					// Read then write: on SQLite a deferred transaction would
					// fail with SQLITE_BUSY when upgrading its lock.
					if _, err := tx.CompanyByID(ctx, company.ID); err != nil {
						return err
					}
					return tx.CreateCard(ctx, &fuelportal.Card{CompanyID: company.ID, CardNumber: fmt.Sprintf("70719%014d", i)})
				})
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("writer failed: %v", err)
			}
		}
	})
}

func TestRotateRefreshToken(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		_, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000003")
		first := &store.RefreshToken{TokenHash: "h1", FamilyID: "fam", UserID: owner.ID, ExpiresAt: clock.Now().Add(time.Hour)}
		if err := db.CreateRefreshToken(ctx, first); err != nil {
			t.Fatal(err)
		}
		other := &store.RefreshToken{TokenHash: "o1", FamilyID: "other", UserID: owner.ID, ExpiresAt: clock.Now().Add(time.Hour)}
		if err := db.CreateRefreshToken(ctx, other); err != nil {
			t.Fatal(err)
		}

		next, err := db.RotateRefreshToken(ctx, "h1", "h2")
		if err != nil || next.UserID != owner.ID || next.FamilyID != "fam" || !next.ExpiresAt.Equal(first.ExpiresAt) {
			t.Fatalf("rotate = %+v, %v", next, err)
		}
		// Reusing h1 revokes the family: h2 stops working too.
		if _, err := db.RotateRefreshToken(ctx, "h1", "h3"); fuelportal.ErrorCode(err) != fuelportal.EUNAUTHORIZED {
			t.Fatalf("reuse err = %v, want EUNAUTHORIZED", err)
		}
		if _, err := db.RotateRefreshToken(ctx, "h2", "h4"); fuelportal.ErrorCode(err) != fuelportal.EUNAUTHORIZED {
			t.Fatalf("successor after reuse err = %v, want EUNAUTHORIZED", err)
		}
		// Another family is untouched until it expires.
		if _, err := db.RotateRefreshToken(ctx, "o1", "o2"); err != nil {
			t.Fatalf("other family: %v", err)
		}
		clock.Advance(time.Hour)
		if _, err := db.RotateRefreshToken(ctx, "o2", "o3"); fuelportal.ErrorCode(err) != fuelportal.EUNAUTHORIZED {
			t.Fatalf("expired err = %v, want EUNAUTHORIZED", err)
		}
		if _, err := db.RotateRefreshToken(ctx, "unknown", "x"); fuelportal.ErrorCode(err) != fuelportal.EUNAUTHORIZED {
			t.Fatalf("unknown err = %v, want EUNAUTHORIZED", err)
		}
	})
}

func TestPasswordReset(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		_, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000004")
		start := func(code string) {
			t.Helper()
			mail := &fuelportal.MailMessage{To: owner.Email, Subject: "Code", Body: code}
			if err := db.StartPasswordReset(ctx, owner.ID, code, clock.Now().Add(10*time.Minute), mail); err != nil {
				t.Fatal(err)
			}
		}
		invalid := func(err error) bool { return fuelportal.ErrorCode(err) == fuelportal.EINVALID }

		start("right")
		if err := db.CheckPasswordReset(ctx, "OWNER@example.com", "right", 5); err != nil {
			t.Fatalf("check right code: %v", err)
		}
		if err := db.CheckPasswordReset(ctx, "nobody@example.com", "right", 5); !invalid(err) {
			t.Fatalf("unknown email err = %v", err)
		}
		// Attempts 2..5 are wrong; the 6th try fails even with the right code.
		for range 4 {
			if err := db.CheckPasswordReset(ctx, owner.Email, "wrong", 5); !invalid(err) {
				t.Fatalf("wrong code err = %v", err)
			}
		}
		if err := db.CheckPasswordReset(ctx, owner.Email, "right", 5); !invalid(err) {
			t.Fatalf("exhausted code err = %v", err)
		}

		start("second")
		clock.Advance(10 * time.Minute)
		if err := db.CompletePasswordReset(ctx, owner.Email, "second", 5, "new-hash"); !invalid(err) {
			t.Fatalf("expired code err = %v", err)
		}

		start("third")
		if err := db.CompletePasswordReset(ctx, owner.Email, "third", 5, "new-hash"); err != nil {
			t.Fatalf("complete: %v", err)
		}
		if u, _ := db.UserByID(ctx, owner.ID); u.PasswordHash != "new-hash" {
			t.Fatalf("password hash = %q", u.PasswordHash)
		}
		if err := db.CompletePasswordReset(ctx, owner.Email, "third", 5, "again"); !invalid(err) {
			t.Fatalf("used code err = %v", err)
		}
		// The mails of the two expired codes are gone; the live one stays.
		msgs, err := db.OutboxMessages(ctx, owner.Email, 10)
		if err != nil || len(msgs) != 1 || msgs[0].Body != "third" || msgs[0].ExpiresAt == nil {
			t.Fatalf("outbox = %v, %v", msgs, err)
		}
	})
}

func TestRateLimit(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		limit := store.RateLimit{Bucket: "test", Max: 3, Window: time.Minute}
		for i := range 3 {
			if wait, err := db.HitRateLimit(ctx, limit, "k"); err != nil || wait != 0 {
				t.Fatalf("hit %d: wait=%v err=%v", i+1, wait, err)
			}
		}
		if wait, _ := db.RateLimitReached(ctx, limit, "k"); wait != time.Minute {
			t.Fatalf("RateLimitReached wait = %v, want 1m", wait)
		}
		clock.Advance(20 * time.Second)
		if wait, err := db.HitRateLimit(ctx, limit, "k"); err != nil || wait != 40*time.Second {
			t.Fatalf("4th hit: wait=%v err=%v, want 40s", wait, err)
		}
		if wait, _ := db.HitRateLimit(ctx, limit, "other"); wait != 0 {
			t.Fatalf("other key limited: %v", wait)
		}
		clock.Advance(40 * time.Second)
		if wait, _ := db.HitRateLimit(ctx, limit, "k"); wait != 0 {
			t.Fatalf("new window still limited: %v", wait)
		}
		if err := db.ResetRateLimit(ctx, limit, "k"); err != nil {
			t.Fatal(err)
		}
		if wait, _ := db.RateLimitReached(ctx, limit, "k"); wait != 0 {
			t.Fatalf("after reset wait = %v", wait)
		}
		if err := db.DeleteExpired(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

func TestOutboxClaim(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		for i := range 3 {
			if err := db.EnqueueMail(ctx, &fuelportal.MailMessage{To: fmt.Sprintf("u%d@example.com", i), Subject: "s", Body: "b"}); err != nil {
				t.Fatal(err)
			}
		}
		claimed, err := db.ClaimUnsentMail(ctx, time.Minute, 10)
		if err != nil || len(claimed) != 3 {
			t.Fatalf("claim = %d, %v", len(claimed), err)
		}
		if again, _ := db.ClaimUnsentMail(ctx, time.Minute, 10); len(again) != 0 {
			t.Fatalf("claimed twice: %d", len(again))
		}
		_ = db.MarkMailSent(ctx, claimed[0].ID)
		_ = db.MarkMailFailed(ctx, claimed[1].ID, "smtp down")
		clock.Advance(2 * time.Minute)
		retry, _ := db.ClaimUnsentMail(ctx, time.Minute, 10)
		if len(retry) != 2 {
			t.Fatalf("stale claims retried = %d, want 2", len(retry))
		}
		all, _ := db.OutboxMessages(ctx, "", 10)
		if len(all) != 3 || all[2].SentAt == nil || all[1].LastError != "smtp down" {
			t.Fatalf("outbox = %+v", all)
		}
	})
}

func TestOutbox_KeepsOneTimeCodesOnlyUntilTheyExpire(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		enqueue := func(to, body string, ttl time.Duration) *fuelportal.MailMessage {
			t.Helper()
			m := &fuelportal.MailMessage{To: to, Subject: "s", Body: body}
			if ttl > 0 {
				expires := clock.Now().Add(ttl)
				m.ExpiresAt = &expires
			}
			if err := db.EnqueueMail(ctx, m); err != nil {
				t.Fatal(err)
			}
			return m
		}
		bodies := func() []string {
			t.Helper()
			msgs, err := db.OutboxMessages(ctx, "", 10)
			if err != nil {
				t.Fatal(err)
			}
			var list []string
			for _, m := range msgs {
				list = append(list, m.Body)
			}
			return list
		}
		enqueue("a@example.com", "code 111111", 10*time.Minute)
		enqueue("b@example.com", "welcome", 0)
		if got := bodies(); !slices.Equal(got, []string{"welcome", "code 111111"}) {
			t.Fatalf("before expiry: %q", got)
		}
		clock.Advance(10 * time.Minute)
		// An expired code is not delivered, even before it is deleted.
		claimed, err := db.ClaimUnsentMail(ctx, time.Minute, 10)
		if err != nil || len(claimed) != 1 || claimed[0].Body != "welcome" {
			t.Fatalf("claimed %+v, %v; want only the message without a code", claimed, err)
		}
		// Any write, read or sweep deletes it.
		enqueue("c@example.com", "code 222222", 10*time.Minute)
		if got := bodies(); !slices.Equal(got, []string{"code 222222", "welcome"}) {
			t.Fatalf("after expiry: %q", got)
		}
		clock.Advance(10 * time.Minute)
		if err := db.DeleteExpired(ctx); err != nil {
			t.Fatal(err)
		}
		if got := bodies(); !slices.Equal(got, []string{"welcome"}) {
			t.Fatalf("after the sweep: %q", got)
		}
	})
}

func TestEnsureSetting_KeepsFirstValue(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if v, err := db.EnsureSetting(ctx, "k", "first"); err != nil || v != "first" {
			t.Fatalf("first = %q, %v", v, err)
		}
		if v, _ := db.EnsureSetting(ctx, "k", "second"); v != "first" {
			t.Fatalf("second = %q, want first", v)
		}
		if v, _ := db.Setting(ctx, "missing"); v != "" {
			t.Fatalf("missing = %q", v)
		}
	})
}

// TestRateLimit_Refund: a refunded event no longer counts, and refunding
// more than was counted never goes below zero.
func TestRateLimit_Refund(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		limit := store.RateLimit{Bucket: "refund", Max: 2, Window: time.Minute}
		for range 2 {
			if _, err := db.HitRateLimit(ctx, limit, "k"); err != nil {
				t.Fatal(err)
			}
		}
		if wait, _ := db.RateLimitReached(ctx, limit, "k"); wait == 0 {
			t.Fatal("two hits of two not reached")
		}
		if err := db.RefundRateLimit(ctx, limit, "k"); err != nil {
			t.Fatal(err)
		}
		if wait, _ := db.RateLimitReached(ctx, limit, "k"); wait != 0 {
			t.Fatalf("after a refund still reached: %v", wait)
		}
		for range 3 {
			if err := db.RefundRateLimit(ctx, limit, "k"); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 2 {
			if wait, _ := db.HitRateLimit(ctx, limit, "k"); wait != 0 {
				t.Fatalf("hit %d after refunds below zero limited: %v", i+1, wait)
			}
		}
		if wait, _ := db.HitRateLimit(ctx, limit, "k"); wait == 0 {
			t.Fatal("third hit allowed: refunds went below zero")
		}
		if err := db.RefundRateLimit(ctx, limit, "unknown"); err != nil {
			t.Fatalf("refund of an unknown key: %v", err)
		}
	})
}
