package demo_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestSeed seeds an empty database once per engine (seeding is the slow
// part under -race) and checks each part of the demo on it; the part
// checks only read.
func TestSeed(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		storetest.NewClock(db)
		passwords := fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params)
		start := time.Now()
		seeded, err := demo.Seed(ctx, db, passwords)
		if err != nil || !seeded {
			t.Fatalf("Seed = %v, %v", seeded, err)
		}
		t.Logf("seeded in %v", time.Since(start))
		t.Run("logins, cards and trips", func(t *testing.T) { checkAccounts(t, db, passwords) })
		t.Run("vehicles carry their cards", func(t *testing.T) { checkVehicles(t, db) })
		t.Run("purchases agree with the ledger", func(t *testing.T) { checkFleet(t, db) })
		t.Run("IFTA returns have content on sample rates", func(t *testing.T) { checkIFTA(t, db) })
		t.Run("stations with their price history", func(t *testing.T) { checkStations(t, db) })

		again, err := demo.Seed(ctx, db, passwords)
		if err != nil || again {
			t.Fatalf("second Seed = %v, %v; want false, nil", again, err)
		}
	})
}

// checkAccounts: the demo logins work, the pending driver waits, free cards
// are free, and recent trips give the compliance page content.
func checkAccounts(t *testing.T, db *store.DB, passwords *fuelportal.PasswordHasher) {
	ctx := context.Background()
	driver, err := db.UserByEmail(ctx, demo.DriverEmail)
	if err != nil {
		t.Fatal(err)
	}
	if driver.Role != fuelportal.RoleUser || driver.CardNumber != demo.CardPlans[demo.DemoFreight.Name][0].CardNumber || driver.Company.Name != "Demo Freight LLC" {
		t.Fatalf("driver = %+v", driver)
	}
	if driver.DriverStatus != fuelportal.DriverApproved {
		t.Fatalf("demo driver status = %q, want APPROVED", driver.DriverStatus)
	}
	requests, err := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: driver.CompanyID})
	if err != nil || len(requests) != 1 || requests[0].Email != demo.PendingDriverEmail || requests[0].CardNumber != demo.PendingCardNumber {
		t.Fatalf("Demo Freight driver requests = %+v, %v; want the pending demo driver", requests, err)
	}
	if slices.Contains(demo.FreeCardNumbers, demo.PendingCardNumber) {
		t.Fatal("the pending driver's card is listed as free")
	}
	owner, _ := db.UserByEmail(ctx, demo.OwnerEmail)
	if ok, _ := passwords.Verify(ctx, demo.Password, owner.PasswordHash); !ok || owner.Role != fuelportal.RoleCompany {
		t.Fatalf("owner login does not work: %+v", owner)
	}
	if len(demo.FreeCardNumbers) < 3 {
		t.Fatalf("only %d free cards", len(demo.FreeCardNumbers))
	}
	for _, n := range demo.FreeCardNumbers {
		if !fuelportal.ValidCardNumber(n) {
			t.Fatalf("bad card number %q", n)
		}
		if _, err := db.UnlinkedCard(ctx, n); err != nil {
			t.Fatalf("free card %s: %v", n, err)
		}
	}

	// Trips of the last weeks give the compliance page content, and no card starts locked.
	rows, err := db.Compliance(ctx, fuelportal.TransactionScope{CompanyID: owner.CompanyID}, db.Now().AddDate(0, 0, -60), db.Now().AddDate(0, 0, 1))
	if err != nil || len(rows) < 5 || rows[0].MissedSavingsCents <= 0 || rows[len(rows)-1].OffPlanGallons != 0 {
		t.Fatalf("demo compliance = %+v, %v", rows, err)
	}
	if active, err := db.ActiveTrips(ctx); err != nil || len(active) != 0 {
		t.Fatalf("demo active trips = %d, %v", len(active), err)
	}
}

func TestCardPlans_AreDeterministicAndShaped(t *testing.T) {
	plans := demo.CardPlans[demo.DemoFreight.Name]
	if len(plans) < 30 {
		t.Fatalf("%d demo cards, want >= 30", len(plans))
	}
	inactive := 0
	for _, p := range plans {
		if p.Status == fuelportal.CardInactive {
			inactive++
		}
	}
	if inactive != 5 {
		t.Fatalf("%d inactive cards, want 5", inactive)
	}
	for _, p := range plans {
		if !fuelportal.ValidCardNumber(p.CardNumber) || p.CardNumber[:4] != "7071" {
			t.Fatalf("card number %q is not a 19-digit 7071 number", p.CardNumber)
		}
	}
}

// checkVehicles: every demo card's unit is a vehicle carrying that card.
func checkVehicles(t *testing.T, db *store.DB) {
	ctx := context.Background()
	owner, _ := db.UserByEmail(ctx, demo.OwnerEmail)
	list, err := db.CompanyVehicles(ctx, owner.CompanyID)
	if err != nil || len(list) != len(demo.CardPlans[demo.DemoFreight.Name]) {
		t.Fatalf("demo vehicles = %d, %v", len(list), err)
	}
	for _, v := range list {
		if len(v.Cards) != 1 {
			t.Errorf("vehicle %s has cards %+v, want its one card", v.UnitNumber, v.Cards)
		}
	}

	// The diesel tractors that bought fuel lately show their MPG, a class 8
	// tractor's, now and in the window before (no MPG drop alert).
	mpgs, err := db.VehicleMPGs(ctx, owner.CompanyID, 0, db.Now())
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, v := range list {
		cur, ok := mpgs[v.ID].Current.MPG()
		if v.FuelType != fuelportal.FuelDiesel {
			if ok {
				t.Errorf("pickup %s has MPG %.1f, want none (no readings)", v.UnitNumber, cur)
			}
			continue
		}
		if !ok {
			continue // no fill in the window
		}
		shown++
		prior, _ := mpgs[v.ID].Prior.MPG()
		if cur < 5.95 || cur > 7.55 || prior != 0 && (prior < 5.95 || prior > 7.55) {
			t.Errorf("tractor %s MPG %.2f (before %.2f), want 6 to 7.5", v.UnitNumber, cur, prior)
		}
	}
	if shown < 10 {
		t.Errorf("%d tractors show an MPG, want most of the active ones", shown)
	}
}
