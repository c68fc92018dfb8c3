package purchases_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/pumpcheck"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/telematics"
)

// pumpFleet is newPump's company with the pump check on, the open card
// on unit U-702 (a vehicle with a 100-gallon tank) held by a driver.
type pumpFleet struct {
	*pump
	driver int64
	tel    *telematics.Service
}

func newPumpFleet(t testing.TB, db *store.DB, settings fuelportal.PumpCheckSettings) *pumpFleet {
	t.Helper()
	ctx := context.Background()
	f := &pumpFleet{pump: newPump(t, db, fuelportal.TimeoutDecline), tel: telematics.New(telematics.Deps{Store: db})}
	if _, err := db.CreateVehicle(ctx, f.company, fuelportal.Vehicle{UnitNumber: "U-702", FuelType: "diesel", TankCapacity: 100_000, Active: true}); err != nil {
		t.Fatal(err)
	}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		u := &fuelportal.User{Email: "driver702@example.com", PasswordHash: "hash", CompanyID: f.company, Role: fuelportal.RoleUser}
		if err := tx.CreateUser(ctx, u); err != nil {
			return err
		}
		f.driver = u.ID
		card, err := tx.CardByNumber(ctx, f.open)
		if err != nil {
			return err
		}
		return tx.LinkCardDriver(ctx, card.ID, u.ID)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SetCompanyPumpCheck(ctx, f.company, settings); err != nil {
		t.Fatal(err)
	}
	return f
}

// fix feeds one Traccar position of U-702 at lat, lon, age ago.
func (f *pumpFleet) fix(t testing.TB, lat, lon float64, age time.Duration, fuel *float64) {
	t.Helper()
	res, err := f.tel.Ingest(context.Background(), f.company, []telematics.Position{{DeviceUniqueID: "U-702", FixTime: time.Now().Add(-age), Lat: lat, Lon: lon, FuelPercent: fuel}})
	if err != nil || res.Stored != 1 {
		t.Fatalf("ingest: %+v %v", res, err)
	}
}

func (f *pumpFleet) authorize(t testing.TB, id string, cents int64) *fuelportal.Authorization {
	t.Helper()
	a, _, err := f.svc.AuthorizeNetwork(context.Background(), f.request(id, f.open, cents))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

var pumpOn = fuelportal.PumpCheckSettings{Enabled: true, RadiusMiles: 1, FreshnessMinutes: 10, StaleChoice: fuelportal.PumpStaleChallenge}

func TestPumpCheck_EachBranch(t *testing.T) {
	half, full := 50.0, 95.0
	tests := []struct {
		name     string
		stale    fuelportal.PumpCheckStaleChoice
		lat, lon float64
		age      time.Duration
		fuel     *float64
		cents    int64
		approved bool
		amount   int64
		code     fuelportal.DeclineReason
		outcome  fuelportal.PumpCheckOutcome
	}{
		{name: "near: approved", lat: 29.1005, lon: -82.1, age: time.Minute, cents: 100_00, approved: true, amount: 100_00, outcome: fuelportal.PumpNear},
		{name: "far: declined", lat: 30.5, lon: -84.3, age: time.Minute, cents: 100_00, code: fuelportal.DeclineVehicleNotAtStation, outcome: fuelportal.PumpFar},
		{name: "stale, approve: approved", stale: fuelportal.PumpStaleApprove, lat: 30.5, lon: -84.3, age: time.Hour, cents: 100_00, approved: true, amount: 100_00, outcome: fuelportal.PumpStaleApproved},
		{name: "stale, decline: declined", stale: fuelportal.PumpStaleDecline, lat: 29.1, lon: -82.1, age: time.Hour, cents: 100_00, code: fuelportal.DeclineVehicleNotAtStation, outcome: fuelportal.PumpStaleDeclined},
		{name: "stale, challenge: declined and asked", stale: fuelportal.PumpStaleChallenge, lat: 29.1, lon: -82.1, age: time.Hour, cents: 100_00, code: fuelportal.DeclinePumpCheckChallenge, outcome: fuelportal.PumpChallenged},
		// Half a 100-gallon tank: 60 gallons fit; at $3.859 that is $231.54.
		{name: "fuel level: cut to what fits", lat: 29.1, lon: -82.1, age: time.Minute, fuel: &half, cents: 400_00, approved: true, amount: 231_54, outcome: fuelportal.PumpCutToTank},
		{name: "fuel level: a nearly full tank is cut to 15 gallons", lat: 29.1, lon: -82.1, age: time.Minute, fuel: &full, cents: 400_00, approved: true, amount: 57_88, outcome: fuelportal.PumpCutToTank},
	}
	storetest.EachEngine(t, func(t *testing.T, engine store.Engine) {
		for i, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				settings := pumpOn
				if tc.stale != "" {
					settings.StaleChoice = tc.stale
				}
				f := newPumpFleet(t, storetest.Open(t, engine), settings)
				f.fix(t, tc.lat, tc.lon, tc.age, tc.fuel)
				a := f.authorize(t, "pc-"+string(rune('a'+i)), tc.cents)
				if a.Approved != tc.approved || a.DeclineCode != tc.code || (tc.approved && a.AmountCents != tc.amount) {
					t.Fatalf("approved %v %d %q, want %v %d %q", a.Approved, a.AmountCents, a.DeclineCode, tc.approved, tc.amount, tc.code)
				}
				if a.PumpCheck == nil || a.PumpCheck.Outcome != tc.outcome || a.PumpCheck.Source != "traccar" {
					t.Fatalf("pumpCheck %+v, want outcome %s", a.PumpCheck, tc.outcome)
				}
				var logged string
				if err := f.db.InTx(context.Background(), func(tx *store.Tx) error {
					return tx.QueryRow(context.Background(), `SELECT pump_check FROM card_authorizations WHERE authorization_id = ?`, a.AuthorizationID).Scan(&logged)
				}); err != nil || logged == "" {
					t.Fatalf("authorization log's pump_check %q %v", logged, err)
				}
				challenges := storetest.Count(t, f.db, `SELECT COUNT(*) FROM pump_check_challenges`)
				events := storetest.Count(t, f.db, `SELECT COUNT(*) FROM events WHERE type = 'pump_check.challenge'`)
				if want := map[bool]int{true: 1, false: 0}[tc.code == fuelportal.DeclinePumpCheckChallenge]; challenges != want || events != want {
					t.Fatalf("%d challenges, %d events; want %d", challenges, events, want)
				}
			})
		}
	})
}

func TestPumpCheck_CompanyWithoutTelematicsSeesNoChange(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		f := newPumpFleet(t, db, pumpOn) // on, but U-702 never reported a position
		a := f.authorize(t, "no-telematics", 100_00)
		if !a.Approved || a.AmountCents != 100_00 || a.PumpCheck != nil {
			t.Fatalf("%+v", a)
		}
		off := pumpOn
		off.Enabled = false
		if err := db.SetCompanyPumpCheck(context.Background(), f.company, off); err != nil {
			t.Fatal(err)
		}
		f.fix(t, 40, -100, time.Minute, nil) // far away, but the check is off
		if a := f.authorize(t, "off", 100_00); !a.Approved || a.PumpCheck != nil {
			t.Fatalf("off: %+v", a)
		}
	})
}

func TestPumpCheck_GroupSettingWinsOverTheCompanys(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		off := pumpOn
		off.Enabled = false
		f := newPumpFleet(t, db, off)
		g := &fuelportal.Group{CompanyID: f.company, Name: "Night"}
		if err := db.CreateGroup(ctx, g); err != nil {
			t.Fatal(err)
		}
		if err := db.SetCardGroup(ctx, f.company, f.open, g.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.SetGroupPumpCheck(ctx, f.company, g.ID, &pumpOn); err != nil {
			t.Fatal(err)
		}
		f.fix(t, 30.5, -84.3, time.Minute, nil)
		if a := f.authorize(t, "group-far", 100_00); a.DeclineCode != fuelportal.DeclineVehicleNotAtStation {
			t.Fatalf("%+v", a)
		}
		if _, _, err := db.GroupPumpCheck(ctx, f.company+1000, g.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's group: %v", err)
		}
	})
}

func TestPumpChallenge_RoundTrip(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newPumpFleet(t, db, pumpOn)
		checks := pumpcheck.New(pumpcheck.Deps{Store: db})
		f.fix(t, 29.1, -82.1, time.Hour, nil) // stale
		if a := f.authorize(t, "ch-1", 100_00); a.DeclineCode != fuelportal.DeclinePumpCheckChallenge {
			t.Fatalf("first: %+v", a)
		}
		open, err := checks.OpenChallenges(ctx, f.company, f.driver)
		if err != nil || len(open) != 1 || open[0].Question() != "Are you fueling unit U-702 at Pilot Travel Center #412? Yes / No" {
			t.Fatalf("open: %+v %v", open, err)
		}
		if _, err := checks.Answer(ctx, f.company, f.driver+1000, open[0].ID, fuelportal.PumpAnswerYes); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another driver: %v", err)
		}
		if _, err := checks.Answer(ctx, f.company+1000, f.driver, open[0].ID, fuelportal.PumpAnswerYes); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company: %v", err)
		}
		driverCtx := fuelportal.NewContextWithActor(ctx, fuelportal.Actor{UserID: f.driver, Role: string(fuelportal.MemberDriver)})
		if _, err := checks.Answer(driverCtx, f.company, f.driver, open[0].ID, fuelportal.PumpAnswerYes); err != nil {
			t.Fatal(err)
		}
		if _, err := checks.Answer(driverCtx, f.company, f.driver, open[0].ID, fuelportal.PumpAnswerYes); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("answered twice: %v", err)
		}
		if n := storetest.Count(t, f.db, `SELECT COUNT(*) FROM audit_events WHERE kind = 'pump_check.answered'`); n != 1 {
			t.Fatalf("%d audit rows", n)
		}
		a := f.authorize(t, "ch-2", 100_00)
		if !a.Approved || a.PumpCheck.Outcome != fuelportal.PumpConfirmed {
			t.Fatalf("retry: %+v %+v", a, a.PumpCheck)
		}
		if a := f.authorize(t, "ch-3", 100_00); a.DeclineCode != fuelportal.DeclinePumpCheckChallenge {
			t.Fatalf("a Yes passes once only: %+v", a)
		}

		// No freezes the card and alerts the owners.
		open, _ = checks.OpenChallenges(ctx, f.company, f.driver)
		if len(open) != 1 {
			t.Fatalf("open after the third: %d", len(open))
		}
		if _, err := checks.Answer(driverCtx, f.company, f.driver, open[0].ID, fuelportal.PumpAnswerNo); err != nil {
			t.Fatal(err)
		}
		if n := storetest.Count(t, f.db, `SELECT COUNT(*) FROM cards WHERE card_number = ? AND status = 'INACTIVE'`, f.open); n != 1 {
			t.Fatal("the card is not frozen")
		}
		if n := storetest.Count(t, f.db, `SELECT COUNT(*) FROM events WHERE type = 'pump_check.refused'`); n != 1 {
			t.Fatalf("%d refused events", n)
		}
		if a := f.authorize(t, "ch-4", 100_00); a.DeclineCode != fuelportal.DeclineCardInactive {
			t.Fatalf("frozen card: %+v", a)
		}
	})
}

func TestPumpCheck_NetworkPurchaseIsFlaggedNotDeclined(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		f := newPumpFleet(t, db, pumpOn)
		f.fix(t, 30.5, -84.3, time.Minute, nil)
		tr, _, err := f.svc.Record(context.Background(), &fuelportal.CardPurchase{NetworkTransactionID: "net-far", CardNumber: f.open, LocationID: 412,
			TransactionDate: time.Now().UTC().Add(-time.Minute), Gallons: 20_000, RetailPrice: 3859, Product: fuelportal.ProductDiesel})
		if err != nil {
			t.Fatal(err)
		}
		if tr.Status != fuelportal.TransactionApproved || tr.PumpCheck == nil || tr.PumpCheck.Outcome != fuelportal.PumpFar {
			t.Fatalf("%+v %+v", tr, tr.PumpCheck)
		}
		if n := storetest.Count(t, f.db, `SELECT COUNT(*) FROM events WHERE type = 'pump_check.flagged'`); n != 1 {
			t.Fatalf("%d flagged events", n)
		}
		c, err := db.TransactionPumpCheck(context.Background(), f.company, tr.ID)
		if err != nil || c == nil || c.Outcome != fuelportal.PumpFar {
			t.Fatalf("%+v %v", c, err)
		}
		if _, err := db.TransactionPumpCheck(context.Background(), f.company+1000, tr.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's: %v", err)
		}
	})
}

// A card that names no unit, on a trip driven with U-702: the check looks
// at U-702. A trip may name only a vehicle of its company.
func TestPumpCheck_TheTripsUnitWhenTheCardNamesNone(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newPumpFleet(t, db, pumpOn)
		f.fix(t, 30.5, -84.3, time.Minute, nil) // U-702, 200 miles from the station
		request := func(id string) *fuelportal.Authorization {
			a, _, err := f.svc.AuthorizeNetwork(ctx, f.request(id, f.other, 100_00))
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		// The card's unit U-703 is no vehicle: nothing to check.
		if a := request("trip-unit-1"); !a.Approved || a.PumpCheck != nil {
			t.Fatalf("before the trip: %+v", a)
		}
		other, _, _ := storetest.NewCompanyWithCard(t, db, "owner-other@example.com", "7071000000000000888")
		if _, err := db.CreateVehicle(ctx, other.ID, fuelportal.Vehicle{UnitNumber: "U-888", FuelType: "diesel", TankCapacity: 100_000, Active: true}); err != nil {
			t.Fatal(err)
		}
		scope := fuelportal.TransactionScope{CompanyID: f.company}
		for _, unit := range []string{"U-888", "U-999"} { // another company's vehicle, none
			trip := storetest.NewTrip(f.other, 412, false)
			trip.UnitNumber = unit
			if err := storetest.CreateTrip(ctx, db, scope, trip); fuelportal.ErrorCode(err) != fuelportal.EINVALID || fuelportal.ErrorFields(err)["unitNumber"] == nil {
				t.Fatalf("a trip driven with %s: %v, want a unitNumber field error", unit, err)
			}
		}
		trip := storetest.NewTrip(f.other, 412, false)
		trip.UnitNumber = " U-702 "
		if err := storetest.CreateTrip(ctx, db, scope, trip); err != nil {
			t.Fatal(err)
		}
		if got, err := db.Trip(ctx, scope, trip.ID); err != nil || got.UnitNumber != "U-702" {
			t.Fatalf("trip read back: %+v %v", got, err)
		}
		a := request("trip-unit-2")
		if a.Approved || a.DeclineCode != fuelportal.DeclineVehicleNotAtStation || a.PumpCheck == nil || a.PumpCheck.Outcome != fuelportal.PumpFar {
			t.Fatalf("on the trip: %+v %+v", a, a.PumpCheck)
		}
	})
}
