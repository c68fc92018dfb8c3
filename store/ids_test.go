package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// A deleted user's id must never name a later account: access tokens and
// links carry ids, so a reused id hands the old holder the new account.
func TestIDs_NeverReusedAfterDelete(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		first := &fuelportal.User{Email: "first@example.com", PasswordHash: "hash"}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, first, card.CardNumber, fuelportal.SignUpCardOf(company.Name)); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteUser(ctx, first.ID, fuelportal.CheckUserDeleted); err != nil {
			t.Fatal(err)
		}
		next := &fuelportal.User{Email: "next@example.com", PasswordHash: "hash"}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, next, card.CardNumber, fuelportal.SignUpCardOf(company.Name)); err != nil {
			t.Fatal(err)
		}
		if next.ID == first.ID {
			t.Fatalf("user id %d was given again after the user was deleted", next.ID)
		}

		// Cards and companies keep their ids the same way.
		var lastCard int64
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			c := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000002"}
			if err := tx.CreateCard(ctx, c); err != nil {
				return err
			}
			lastCard = c.ID
			_, err := tx.Exec(ctx, `DELETE FROM cards WHERE id = ?`, c.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			c := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000003"}
			if err := tx.CreateCard(ctx, c); err != nil {
				return err
			}
			if c.ID == lastCard {
				t.Errorf("card id %d was given again after the card was deleted", c.ID)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	})
}

// The SQLite rebuild that makes ids permanent keeps every row, its id and
// every reference to it, and the cascades still work afterwards.
func TestMigration00400_KeepsRowsAndReferences(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "old.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := store.MigrateTo(db, 399); err != nil {
		t.Fatal(err)
	}
	w := store.WriteDB(db)
	for _, q := range []string{
		`INSERT INTO companies (id, name, carrier_id, created_at) VALUES (5, 'Acme', 1234567, '2026-01-01 00:00:00')`,
		`INSERT INTO users (id, email, password_hash, role, company_id, created_at, updated_at) VALUES (7, 'a@x.test', 'h', 'ROLE_COMPANY', 5, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
		`INSERT INTO users (id, email, password_hash, role, company_id, created_at, updated_at) VALUES (9, 'd@x.test', 'h', 'ROLE_USER', 5, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
		`INSERT INTO cards (id, company_id, card_number, driver_user_id, created_at, updated_at) VALUES (3, 5, '7071000000000000001', 9, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
		`INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at, created_at) VALUES ('t', 'f', 9, '2027-01-01 00:00:00', '2026-01-01 00:00:00')`,
	} {
		if _, err := w.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}

	count := func(q string) int {
		t.Helper()
		var n int
		if err := w.QueryRowContext(ctx, q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	if n := count(`SELECT COUNT(*) FROM users u JOIN cards c ON c.driver_user_id = u.id JOIN companies k ON k.id = u.company_id WHERE u.id = 9 AND c.id = 3 AND k.id = 5`); n != 1 {
		t.Fatalf("rows or references lost: %d", n)
	}
	if n := count(`SELECT COUNT(*) FROM refresh_tokens WHERE user_id = 9`); n != 1 {
		t.Fatalf("the rebuild cascaded into refresh_tokens: %d left", n)
	}
	if n := count(`SELECT COUNT(*) FROM pragma_foreign_key_check`); n != 0 {
		t.Fatalf("%d foreign key violations after the rebuild", n)
	}
	if n := count(`SELECT COUNT(*) FROM pragma_foreign_keys WHERE foreign_keys = 1`); n != 1 {
		t.Fatal("foreign keys left off after the migration")
	}
	// Deleting the driver still frees the card and ends their sessions.
	if err := db.DeleteUser(ctx, 9, fuelportal.CheckUserDeleted); err != nil {
		t.Fatal(err)
	}
	if n := count(`SELECT COUNT(*) FROM cards WHERE id = 3 AND driver_user_id IS NULL`); n != 1 {
		t.Fatal("the card kept the deleted driver")
	}
	if n := count(`SELECT COUNT(*) FROM refresh_tokens`); n != 0 {
		t.Fatal("the deleted driver's sessions survived")
	}
	var id int64
	if err := w.QueryRowContext(ctx, `INSERT INTO users (email, password_hash, role, created_at, updated_at) VALUES ('n@x.test', 'h', 'ROLE_USER', '2026-01-01 00:00:00', '2026-01-01 00:00:00') RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if id == 9 {
		t.Fatal("the deleted driver's id was given again")
	}
}
