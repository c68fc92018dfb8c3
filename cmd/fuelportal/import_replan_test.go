package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/flows"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// The import commands run the same flows as the endpoints: a purchase file
// with an approved purchase off an unlocked trip's plan re-plans the trip,
// and a price file that moves a planned stop's price re-plans it.

func TestImportTransactions_OffPlanPurchaseReplansTheTrip(t *testing.T) {
	forEachEngineDSN(t, func(t *testing.T, db *store.DB, dsn string) {
		trip := newPlannedTrip(t, db)
		off := offPlanStation(t, trip)
		at := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
		file := writeFile(t, "network_transaction_id,card_number,location_id,gallons,retail_price,transaction_date\n"+
			fmt.Sprintf("OFF-1,%s,%d,40,3.900,%s\n", trip.CardNumber, off, at))
		out := runCommand(t, "import", "transactions", "-db", dsn, file)
		if !strings.Contains(out, "Read 1 rows: 1 approved, 0 declined") {
			t.Fatalf("output %q", out)
		}
		got := readTrip(t, db, trip)
		if got.Plan.Version != 2 || got.Plan.Reason != fuelportal.TripPlanOffPlan {
			t.Fatalf("plan version %d, reason %s; want 2, %s", got.Plan.Version, got.Plan.Reason, fuelportal.TripPlanOffPlan)
		}
		// Importing the file again records nothing and re-plans nothing.
		runCommand(t, "import", "transactions", "-db", dsn, file)
		if again := readTrip(t, db, trip); again.Plan.Version != 2 {
			t.Fatalf("plan version %d after a repeat", again.Plan.Version)
		}
	})
}

func TestImportPrices_MovedPlannedStopReplansTheTrip(t *testing.T) {
	forEachEngineDSN(t, func(t *testing.T, db *store.DB, dsn string) {
		trip := newPlannedTrip(t, db)
		stop := trip.Plan.Stops[0]
		s := routeStation(stop.StationID)
		// A move of exactly the threshold keeps the plan; past it re-plans.
		price := func(tenths fuelportal.TenthCents) string {
			return fmt.Sprintf("location_id,name,latitude,longitude,retail_price,net_price,price_date\n%d,%s,%f,%f,%s,%s,%s\n",
				s.ID, s.Name, s.Latitude, s.Longitude, tenths.String(), (tenths - 280).String(), time.Now().UTC().Format("2006-01-02T15:04:05"))
		}
		runCommand(t, "import", "prices", "-db", dsn, writeFile(t, price(s.RetailPrice+fuelportal.TripReplanPriceDelta)))
		if got := readTrip(t, db, trip); got.Plan.Version != 1 {
			t.Fatalf("plan version %d after a move of %v", got.Plan.Version, fuelportal.TripReplanPriceDelta)
		}
		out := runCommand(t, "import", "prices", "-db", dsn, writeFile(t, price(s.RetailPrice+3*fuelportal.TripReplanPriceDelta)))
		if !strings.Contains(out, "1 active trips re-planned") {
			t.Fatalf("output %q", out)
		}
		got := readTrip(t, db, trip)
		if got.Plan.Version != 2 || got.Plan.Reason != fuelportal.TripPlanPriceChange {
			t.Fatalf("plan version %d, reason %s; want 2, %s", got.Plan.Version, got.Plan.Reason, fuelportal.TripPlanPriceChange)
		}
	})
}

// forEachEngineDSN runs fn on a fresh database of each engine, with the DSN
// a command opens it by; the engines side by side (storetest.EachEngine).
func forEachEngineDSN(t *testing.T, fn func(t *testing.T, db *store.DB, dsn string)) {
	t.Helper()
	storetest.EachEngine(t, func(t *testing.T, engine store.Engine) {
		db, dsn := openWithDSN(t, engine)
		fn(t, db, dsn)
	})
}

// openWithDSN returns a fresh migrated database of engine and the DSN a
// command (or a second process) opens it by.
func openWithDSN(t *testing.T, engine store.Engine) (*store.DB, string) {
	t.Helper()
	if engine == store.Postgres {
		return storetest.OpenPostgresShared(t)
	}
	path := filepath.Join(t.TempDir(), "cli.db")
	return storetest.OpenSQLiteAt(t, path), "sqlite:" + path
}

// routeStations are truck stops every half degree along 32°N from 100°W
// to 94°W (about 350 miles), priced so the cheapest lie mid-route.
func routeStation(id int64) *fuelportal.Station {
	lon := -100 + 0.5*float64(id-1)
	retail := fuelportal.TenthCents(3_900 - 40*min(id, 13-id))
	return &fuelportal.Station{ID: id, Name: fmt.Sprintf("Stop %d", id), State: "TX", Latitude: 32, Longitude: lon,
		RetailPrice: retail, NetPrice: retail - 280, PriceDate: time.Now().UTC().Add(-time.Hour)}
}

const routeStationCount = 13

// newPlannedTrip stores the route's stations, a company with a funded
// wallet and a card, and an unlocked trip along the route planned by the
// trip flow, and returns the trip.
func newPlannedTrip(t *testing.T, db *store.DB) *fuelportal.Trip {
	t.Helper()
	ctx := context.Background()
	company := &fuelportal.Company{Name: "Acme", CarrierID: 1234567}
	if err := db.CreateCompanyOwner(ctx, company, &fuelportal.User{Email: "o@example.com", PasswordHash: "h"}); err != nil {
		t.Fatal(err)
	}
	card := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000001", Status: fuelportal.CardActive,
		CreatedAt: time.Now().UTC().AddDate(0, 0, -30)}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.CreateCard(ctx, card); err != nil {
			return err
		}
		var stations []*fuelportal.Station
		for id := int64(1); id <= routeStationCount; id++ {
			stations = append(stations, routeStation(id))
		}
		_, err := tx.UpsertStations(ctx, stations)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.CreditWallet(ctx, company.ID, 10_000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
		t.Fatal(err)
	}
	stations := catalog.New(db, nil)
	if err := stations.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	trip := &fuelportal.Trip{CardNumber: card.CardNumber, TankGallons: 200_000, CurrentFuel: 40_000, SearchRadius: 5_000, MinGallons: 20_000}
	for lon := -100.0; lon <= -94.0+1e-9; lon += 0.1 {
		trip.Route = append(trip.Route, fuelportal.TripPoint{Lat: 32, Lon: lon})
	}
	if err := flows.New(flows.Deps{DB: db, Stations: stations}, flows.Config{}).Trips.Create(ctx, fuelportal.TransactionScope{CompanyID: company.ID}, trip); err != nil {
		t.Fatal(err)
	}
	if trip.Plan == nil || len(trip.Plan.Stops) == 0 {
		t.Fatalf("plan %+v: want at least one stop", trip.Plan)
	}
	return trip
}

// offPlanStation is a route station the trip's plan does not stop at.
func offPlanStation(t *testing.T, trip *fuelportal.Trip) int64 {
	t.Helper()
	planned := map[int64]bool{}
	for _, s := range trip.Plan.Stops {
		planned[s.StationID] = true
	}
	for id := int64(2); id < routeStationCount; id++ {
		if !planned[id] {
			return id
		}
	}
	t.Fatal("the plan stops everywhere")
	return 0
}

func readTrip(t *testing.T, db *store.DB, trip *fuelportal.Trip) *fuelportal.Trip {
	t.Helper()
	got, err := db.Trip(context.Background(), fuelportal.TransactionScope{CompanyID: trip.CompanyID}, trip.ID)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func writeFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "import.csv")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// runCommand runs the command with args and returns what it printed.
func runCommand(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := run(context.Background(), args, &out, &out); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String()
}
