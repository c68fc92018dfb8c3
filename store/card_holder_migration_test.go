package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
)

func TestMigration00455_CardHolders(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "old.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := store.MigrateTo(db, 445); err != nil {
		t.Fatal(err)
	}
	w := store.WriteDB(db)
	for _, q := range []string{
		`INSERT INTO companies (id, name, carrier_id, created_at) VALUES (5, 'Acme', 1234567, '2026-01-01 00:00:00')`,
		`INSERT INTO users (id, email, password_hash, role, company_id, created_at, updated_at) VALUES (7, 'o@x.test', 'h', 'ROLE_COMPANY', 5, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
		`INSERT INTO users (id, email, password_hash, role, company_id, driver_status, created_at, updated_at) VALUES (9, 'd@x.test', 'h', 'ROLE_USER', 5, 'APPROVED', '2026-02-01 00:00:00', '2026-02-01 00:00:00')`,
		`INSERT INTO users (id, email, password_hash, role, company_id, driver_status, created_at, updated_at) VALUES (10, 'p@x.test', 'h', 'ROLE_USER', 5, 'PENDING', '2026-03-01 00:00:00', '2026-03-01 00:00:00')`,
		`INSERT INTO cards (id, company_id, card_number, driver_user_id, created_at, updated_at) VALUES (3, 5, '7071000000000000001', 9, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
		`INSERT INTO cards (id, company_id, card_number, driver_user_id, created_at, updated_at) VALUES (4, 5, '7071000000000000002', 10, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`,
		`INSERT INTO card_transactions (id, network_transaction_id, company_id, card_id, card_number, location_id, transaction_date, gallons_milli, retail_price_tenth_cents, net_price_tenth_cents, status, created_at)
			VALUES (1, 'before', 5, 3, '7071000000000000001', 1, '2026-01-15 00:00:00', 1000, 3000, 3000, 'APPROVED', '2026-01-15 00:00:00')`,
		`INSERT INTO card_transactions (id, network_transaction_id, company_id, card_id, card_number, location_id, transaction_date, gallons_milli, retail_price_tenth_cents, net_price_tenth_cents, status, created_at)
			VALUES (2, 'after', 5, 3, '7071000000000000001', 1, '2026-02-15 00:00:00', 1000, 3000, 3000, 'APPROVED', '2026-02-15 00:00:00')`,
		`INSERT INTO card_transactions (id, network_transaction_id, company_id, card_id, card_number, location_id, transaction_date, gallons_milli, retail_price_tenth_cents, net_price_tenth_cents, status, created_at)
			VALUES (3, 'pending-card', 5, 4, '7071000000000000002', 1, '2026-03-15 00:00:00', 1000, 3000, 3000, 'APPROVED', '2026-03-15 00:00:00')`,
	} {
		if _, err := w.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	holders := map[int64]int64{}
	rows, err := w.QueryContext(ctx, `SELECT id, COALESCE(driver_user_id, 0) FROM card_transactions`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, holder int64
		if err := rows.Scan(&id, &holder); err != nil {
			t.Fatal(err)
		}
		holders[id] = holder
	}
	rows.Close()
	if holders[1] != 0 || holders[2] != 9 || holders[3] != 0 {
		t.Fatalf("holders = %v, want only the purchase after the approved driver signed up to be theirs", holders)
	}
	var requested, pendingCardDriver, heldSince sql.NullString
	if err := w.QueryRowContext(ctx, `SELECT CAST(requested_card_id AS TEXT) FROM users WHERE id = 10`).Scan(&requested); err != nil || requested.String != "4" {
		t.Fatalf("pending driver's request = %v, %v; want card 4", requested, err)
	}
	if err := w.QueryRowContext(ctx, `SELECT CAST(driver_user_id AS TEXT) FROM cards WHERE id = 4`).Scan(&pendingCardDriver); err != nil || pendingCardDriver.Valid {
		t.Fatalf("the pending driver still holds card 4: %v, %v", pendingCardDriver, err)
	}
	if err := w.QueryRowContext(ctx, `SELECT holder_since FROM cards WHERE id = 3`).Scan(&heldSince); err != nil || !strings.HasPrefix(heldSince.String, "2026-02-01") {
		t.Fatalf("card 3 held since %v, %v; want the driver's sign-up", heldSince, err)
	}
	db.Now = func() time.Time { return time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC) }
	list, err := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: 5})
	if err != nil || len(list) != 1 || list[0].UserID != 10 || list[0].CardNumber != "7071000000000000002" {
		t.Fatalf("requests = %+v, %v; want the pending driver's, for card 4", list, err)
	}
}
