package store_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestStationsByID_SpansBatchesAndLeavesOutUnknownIDs reads more ids than
// one statement takes (batches of 400), some of them unknown.
func TestStationsByID_SpansBatchesAndLeavesOutUnknownIDs(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		day := time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC)
		var stations []*fuelportal.Station
		for id := int64(1); id <= 900; id++ {
			stations = append(stations, testStation(id, fuelportal.TenthCents(3500+id), 3400, day))
		}
		upsert(t, db, stations...)

		ids := []int64{0, -5}
		for id := int64(1); id <= 950; id += 1 { // 901..950 are unknown
			ids = append(ids, id)
		}
		var found map[int64]*fuelportal.Station
		err := db.InReadTx(ctx, func(tx *store.Tx) error {
			var err error
			found, err = tx.StationsByID(ctx, ids)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(found) != 900 {
			t.Fatalf("found %d stations, want 900", len(found))
		}
		for _, id := range []int64{1, 400, 401, 800, 801, 900} {
			if s := found[id]; s == nil || s.ID != id || s.RetailPrice != fuelportal.TenthCents(3500+id) {
				t.Fatalf("station %d = %+v", id, s)
			}
		}
		if found[901] != nil || found[0] != nil {
			t.Fatal("an unknown id was returned")
		}

		err = db.InReadTx(ctx, func(tx *store.Tx) error {
			var err error
			found, err = tx.StationsByID(ctx, nil)
			return err
		})
		if err != nil || len(found) != 0 {
			t.Fatalf("no ids: %v, %d stations", err, len(found))
		}
	})
}

// TestAddStationPrices_AddsReplacesAndCountsOnlyChanges covers the price
// history on its own: a new date is added, the same prices again change
// nothing, different prices for a recorded date replace it.
func TestAddStationPrices_AddsReplacesAndCountsOnlyChanges(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		day1 := time.Date(2026, 11, 20, 6, 0, 0, 0, time.UTC)
		day2 := day1.Add(24 * time.Hour)
		upsert(t, db, testStation(7, 3900, 3700, day1), testStation(8, 3800, 3600, day1))
		add := func(prices ...fuelportal.StationPrice) int {
			t.Helper()
			var n int
			err := db.InTx(ctx, func(tx *store.Tx) error {
				var err error
				n, err = tx.AddStationPrices(ctx, prices)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		price := func(id int64, day time.Time, retail, net fuelportal.TenthCents) fuelportal.StationPrice {
			return fuelportal.StationPrice{StationID: id, PriceDate: day, RetailPrice: retail, NetPrice: net, IFTARefund: 200}
		}
		history := func(id int64) []fuelportal.StationPrice {
			t.Helper()
			h, err := db.StationPriceHistory(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return h
		}
		before := len(history(7))

		if n := add(price(7, day2, 3950, 3750), price(8, day2, 3850, 3650)); n != 2 {
			t.Fatalf("new dates: %d changed, want 2", n)
		}
		if n := add(price(7, day2, 3950, 3750), price(8, day2, 3850, 3650)); n != 0 {
			t.Fatalf("the same prices again: %d changed, want 0", n)
		}
		if n := add(price(7, day2, 3990, 3750), price(8, day2, 3850, 3650)); n != 1 {
			t.Fatalf("one price differs: %d changed, want 1", n)
		}
		h := history(7)
		if len(h) != before+1 {
			t.Fatalf("history of 7 has %d entries, want %d", len(h), before+1)
		}
		last := h[len(h)-1]
		if !last.PriceDate.Equal(day2) || last.RetailPrice != 3990 || last.NetPrice != 3750 {
			t.Fatalf("latest entry = %+v", last)
		}
		if n := add(); n != 0 {
			t.Fatalf("nothing to add: %d", n)
		}
	})
}

// TestDBPlumbing covers the engine report, Ping and the read-only
// transaction (PostgreSQL refuses a write in it; SQLite has no such mode,
// so there it only reads).
func TestDBPlumbing(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if e := db.Engine(); e != store.SQLite && e != store.Postgres {
			t.Fatalf("Engine() = %q", e)
		}
		if err := db.Ping(ctx); err != nil {
			t.Fatalf("Ping: %v", err)
		}
		var one int
		err := db.InReadTx(ctx, func(tx *store.Tx) error {
			if tx.Engine() != db.Engine() {
				t.Fatalf("tx engine %q, db engine %q", tx.Engine(), db.Engine())
			}
			return tx.QueryRow(ctx, `SELECT 1`).Scan(&one)
		})
		if err != nil || one != 1 {
			t.Fatalf("read: %v, %d", err, one)
		}
		if db.Engine() == store.Postgres {
			err := db.InReadTx(ctx, func(tx *store.Tx) error {
				_, err := tx.Exec(ctx, `UPDATE stations SET name = name`)
				return err
			})
			if err == nil {
				t.Fatal("a write in a read-only transaction succeeded")
			}
		}
		// An error from fn rolls the writing transaction back.
		upsert(t, db, testStation(99, 3900, 3700, time.Date(2026, 11, 20, 6, 0, 0, 0, time.UTC)))
		errBoom := fuelportal.Errorf(fuelportal.EINVALID, "boom")
		err = db.InTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.Exec(ctx, `UPDATE stations SET name = 'changed' WHERE id = 99`); err != nil {
				return err
			}
			return errBoom
		})
		if err != errBoom {
			t.Fatalf("InTx returned %v", err)
		}
		if s, err := db.GetStation(ctx, 99); err != nil || s.Name == "changed" {
			t.Fatalf("the failed transaction was kept: %v %+v", err, s)
		}
	})
}
