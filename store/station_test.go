package store_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func testStation(id int64, retail, net fuelportal.TenthCents, date time.Time) *fuelportal.Station {
	return &fuelportal.Station{
		ID: id, Name: "Pilot Travel Center #412", StationLocation: "I-40 Exit 155",
		Address: "1200 N Main St", City: "Amarillo", State: "TX", ZipCode: "79107", Country: "US",
		Latitude: 35.22, Longitude: -101.83, Chain: "PILOT", Affiliate: "PILOT_FLYINGJ",
		RetailPrice: retail, NetPrice: net, IFTARefund: 200, PriceDate: date,
	}
}

func upsert(t *testing.T, db *store.DB, stations ...*fuelportal.Station) store.StationChanges {
	t.Helper()
	var changes store.StationChanges
	err := db.InTx(context.Background(), func(tx *store.Tx) error {
		var err error
		changes, err = tx.UpsertStations(context.Background(), stations)
		return err
	})
	if err != nil {
		t.Fatalf("UpsertStations: %v", err)
	}
	return changes
}

func TestUpsertStations(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		day1 := time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC)
		day2 := day1.Add(24 * time.Hour)
		version := func() int64 {
			v, err := db.StationsVersion(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}

		t.Run("new stations are inserted and readable by id", func(t *testing.T) {
			got := upsert(t, db, testStation(1042, 3859, 3579, day1), testStation(1043, 3799, 3599, day1))
			if got != (store.StationChanges{Inserted: 2}) {
				t.Fatalf("changes = %+v", got)
			}
			s, err := db.GetStation(ctx, 1042)
			if err != nil {
				t.Fatal(err)
			}
			if s.Name != "Pilot Travel Center #412" || s.Address != "1200 N Main St" || s.RetailPrice != 3859 || s.NetPrice != 3579 || s.Savings() != 280 ||
				s.IFTARefund != 200 || !s.PriceDate.Equal(day1) || s.Latitude != 35.22 || s.Longitude != -101.83 || s.Chain != "PILOT" {
				t.Fatalf("got %+v", s)
			}
		})

		t.Run("the same stations again change nothing", func(t *testing.T) {
			before := version()
			got := upsert(t, db, testStation(1042, 3859, 3579, day1), testStation(1043, 3799, 3599, day1))
			if got != (store.StationChanges{Unchanged: 2}) {
				t.Fatalf("changes = %+v", got)
			}
			if after := version(); after != before {
				t.Fatalf("version moved from %d to %d", before, after)
			}
		})

		t.Run("newer prices update in place and keep history", func(t *testing.T) {
			before := version()
			got := upsert(t, db, testStation(1042, 3899, 3609, day2))
			if got != (store.StationChanges{Updated: 1}) {
				t.Fatalf("changes = %+v", got)
			}
			if after := version(); after <= before {
				t.Fatalf("version stayed at %d", after)
			}
			s, err := db.GetStation(ctx, 1042)
			if err != nil || s.RetailPrice != 3899 || s.NetPrice != 3609 || !s.PriceDate.Equal(day2) {
				t.Fatalf("got %+v, %v", s, err)
			}
			history, err := db.StationPriceHistory(ctx, 1042)
			if err != nil {
				t.Fatal(err)
			}
			if len(history) != 2 || history[0].RetailPrice != 3859 || !history[0].PriceDate.Equal(day1) || history[1].RetailPrice != 3899 {
				t.Fatalf("history = %+v", history)
			}
		})

		t.Run("older prices go to history without replacing current prices", func(t *testing.T) {
			got := upsert(t, db, testStation(1042, 3700, 3500, day1.Add(-24*time.Hour)))
			if got != (store.StationChanges{Unchanged: 1}) {
				t.Fatalf("changes = %+v", got)
			}
			s, _ := db.GetStation(ctx, 1042)
			if s.RetailPrice != 3899 {
				t.Fatalf("current retail = %d, want 3899", s.RetailPrice)
			}
			history, _ := db.StationPriceHistory(ctx, 1042)
			if len(history) != 3 || history[0].RetailPrice != 3700 {
				t.Fatalf("history = %+v", history)
			}
		})

		t.Run("a repeated id in one batch keeps the newest price", func(t *testing.T) {
			got := upsert(t, db, testStation(2000, 3500, 3400, day2), testStation(2000, 3400, 3300, day1))
			if got != (store.StationChanges{Inserted: 1}) {
				t.Fatalf("changes = %+v", got)
			}
			s, _ := db.GetStation(ctx, 2000)
			if s.RetailPrice != 3500 {
				t.Fatalf("retail = %d, want 3500", s.RetailPrice)
			}
		})

		t.Run("an unknown id is not found", func(t *testing.T) {
			_, err := db.GetStation(ctx, 999999)
			if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("err = %v", err)
			}
		})

		t.Run("all stations come with their version", func(t *testing.T) {
			all, v, err := db.Stations(ctx)
			if err != nil || len(all) != 3 || v != version() {
				t.Fatalf("got %d stations, version %d, %v", len(all), v, err)
			}
		})
	})
}
