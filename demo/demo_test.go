package demo_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestSeed(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		passwords := fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params)
		seeded, err := demo.Seed(ctx, db, passwords)
		if err != nil || !seeded {
			t.Fatalf("Seed = %v, %v", seeded, err)
		}

		driver, err := db.UserByEmail(ctx, demo.DriverEmail)
		if err != nil {
			t.Fatal(err)
		}
		if driver.Role != fuelportal.RoleUser || driver.CardNumber != demo.CardPlans[demo.DemoFreight.Name][0].CardNumber || driver.Company.Name != "Demo Freight LLC" {
			t.Fatalf("driver = %+v", driver)
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

		again, err := demo.Seed(ctx, db, passwords)
		if err != nil || again {
			t.Fatalf("second Seed = %v, %v; want false, nil", again, err)
		}
	})
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
