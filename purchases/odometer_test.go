package purchases_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/issuing"
	"fuelportal/odometer"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestOdometer_PromptsReadingsAndMPGDrop(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 15:00 UTC
		now := clock.Now()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		truck, err := db.CreateVehicle(ctx, f.Company.ID, fuelportal.Vehicle{UnitNumber: f.Active.UnitNumber, FuelType: fuelportal.FuelDiesel, TankCapacity: 300_000})
		if err != nil {
			t.Fatal(err)
		}
		day := 24 * time.Hour
		buy := func(id string, at time.Time, keyed fuelportal.PumpPrompt) *fuelportal.Transaction {
			t.Helper()
			p := purchase(id, f.Active.CardNumber, f.Station.ID, 100_000)
			p.TransactionDate, p.Prompt = at, keyed
			tr, _, err := flow(db).Record(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			return tr
		}
		odometers := odometer.New(odometer.Deps{Store: db})
		read := func(miles int64, at time.Time) error {
			return odometers.Record(ctx, f.Company.ID, 0, truck.ID, &fuelportal.OdometerReading{Miles: miles, ReadAt: at, Source: fuelportal.OdometerManual})
		}

		// The company default asks the driver id; the card takes it.
		if _, err := db.SaveCompanyControls(ctx, f.Company.ID, fuelportal.CompanyControls{Prompt: fuelportal.PromptDriverID}); err != nil {
			t.Fatal(err)
		}
		if tr := buy("o-1", now.Add(-50*day), fuelportal.PumpPrompt{}); tr.DeclineReason != fuelportal.DeclineDriverIDInvalid {
			t.Fatalf("no driver id under the company default: %+v", tr)
		}
		odometer := fuelportal.PromptOdometer
		if _, err := issuing.New(issuing.Deps{DB: db}).UpdateCard(ctx, f.Company.ID, fuelportal.CardUpdate{CardNumber: f.Active.CardNumber, DriverName: f.Active.DriverName,
			DriverID: f.Active.DriverID, UnitNumber: f.Active.UnitNumber, Status: fuelportal.CardActive, Prompt: &odometer}); err != nil {
			t.Fatal(err)
		}

		// Prior window: 10,000 → 10,600 miles on 100 gal (6.0 MPG).
		miles := func(m int64) *int64 { return &m }
		tr := buy("o-2", now.Add(-59*day), fuelportal.PumpPrompt{Odometer: miles(10_000)})
		if tr.Status != fuelportal.TransactionApproved || tr.VehicleID != truck.ID || tr.UnitNumber != "U-1" || tr.Odometer == nil || *tr.Odometer != 10_000 {
			t.Fatalf("first keyed purchase: %+v", tr)
		}
		if tr := buy("o-3", now.Add(-45*day), fuelportal.PumpPrompt{Odometer: miles(9_999)}); tr.DeclineReason != fuelportal.DeclineOdometerInvalid {
			t.Fatalf("below the last reading: %+v", tr)
		}
		buy("o-4", now.Add(-45*day), fuelportal.PumpPrompt{Odometer: miles(10_300)})
		if err := read(10_600, now.Add(-31*day)); err != nil {
			t.Fatal(err)
		}
		if err := read(10_599, now.Add(-30*day)); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("a reading below the last: %v", err)
		}
		// Current window: 10,600 → 11,100 on 100 gal (5.0 MPG, down 16.7 %).
		buy("o-5", now.Add(-20*day), fuelportal.PumpPrompt{Odometer: miles(11_100)})
		if n := mpgDrops(t, db, f.Company.ID); n != 1 {
			t.Fatalf("%d MPG_DROP alerts after the purchase whose odometer shows the drop, want 1", n)
		}
		if err := read(11_102, now.Add(-12*time.Hour)); err != nil { // still down: no second alert
			t.Fatal(err)
		}
		m, err := db.VehicleMPGs(ctx, f.Company.ID, 0, now)
		if err != nil {
			t.Fatal(err)
		}
		cur, _ := m[truck.ID].Current.MPG()
		prior, _ := m[truck.ID].Prior.MPG()
		// Current: 10,600 → 11,102 = 502 miles over o-5's 100 gal; prior:
		// 10,000 → 10,600 over o-4's 100 gal (o-2 filled the tank at the
		// first reading: its gallons are before the miles).
		if m[truck.ID].Current.Miles != 502 || m[truck.ID].Current.Gallons != 100_000 || m[truck.ID].Prior.Miles != 600 || m[truck.ID].Prior.Gallons != 100_000 || !m[truck.ID].Dropped() {
			t.Fatalf("MPG = %+v (%.2f, %.2f)", m[truck.ID], cur, prior)
		}
		page, err := db.Inbox(ctx, fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: f.Company.ID}, Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		drops := 0
		for _, a := range page.Items {
			if fuelportal.AlertKind(a.Kind) == fuelportal.AlertMPGDrop {
				drops++
				if a.Message != "Fuel economy dropped: unit U-1 made 5.0 MPG over the last 30 days, down 17% from 6.0 MPG the 30 days before." {
					t.Errorf("message %q", a.Message)
				}
			}
		}
		if drops != 1 {
			t.Fatalf("%d MPG_DROP alerts, want 1", drops)
		}

		readings, err := db.OdometerReadings(ctx, f.Company.ID, truck.ID, 10)
		if err != nil || len(readings) != 5 || readings[0].Miles != 11_102 || readings[len(readings)-1].Source != fuelportal.OdometerPump ||
			readings[len(readings)-1].TransactionID != tr.ID {
			t.Fatalf("readings = %v, %v", readings, err)
		}

		// Another company sees none of it.
		other := &fuelportal.Company{Name: "Other", CarrierID: 1234567}
		if err := db.CreateCompanyOwner(ctx, other, &fuelportal.User{Email: "other@example.com", PasswordHash: "hash"}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.OdometerReadings(ctx, other.ID, truck.ID, 10); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's readings: %v", err)
		}
		if err := odometers.Record(ctx, other.ID, 0, truck.ID, &fuelportal.OdometerReading{Miles: 11_200, Source: fuelportal.OdometerManual}); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("a reading on another company's vehicle: %v", err)
		}
		if m, err := db.VehicleMPGs(ctx, other.ID, 0, now); err != nil || len(m) != 0 {
			t.Fatalf("another company's MPG: %v, %v", m, err)
		}
	})
}

func TestOdometer_AReadingEnteredInTheAppThatShowsADropAlertsOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		now := clock.Now()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		truck, err := db.CreateVehicle(ctx, f.Company.ID, fuelportal.Vehicle{UnitNumber: f.Active.UnitNumber, FuelType: fuelportal.FuelDiesel, TankCapacity: 300_000})
		if err != nil {
			t.Fatal(err)
		}
		day := 24 * time.Hour
		buy := func(id string, at time.Time) {
			t.Helper()
			p := purchase(id, f.Active.CardNumber, f.Station.ID, 100_000)
			p.TransactionDate = at
			if tr, _, err := flow(db).Record(ctx, p); err != nil || tr.VehicleID != truck.ID {
				t.Fatalf("purchase %s = %+v, %v", id, tr, err)
			}
		}
		odometers := odometer.New(odometer.Deps{Store: db})
		read := func(miles int64, at time.Time) {
			t.Helper()
			if err := odometers.Record(ctx, f.Company.ID, 0, truck.ID, &fuelportal.OdometerReading{Miles: miles, ReadAt: at, Source: fuelportal.OdometerManual}); err != nil {
				t.Fatal(err)
			}
		}
		drops := func() []*fuelportal.InboxItem {
			t.Helper()
			var out []*fuelportal.InboxItem
			for _, a := range storetest.AlertsOf(t, db, f.Company.ID, false).Items {
				if fuelportal.AlertKind(a.Kind) == fuelportal.AlertMPGDrop {
					out = append(out, a)
				}
			}
			return out
		}

		// Prior window: 10,000 → 10,600 miles on 100 gal (6.0 MPG); the
		// purchases key no odometer, so only the app's readings move it.
		read(10_000, now.Add(-58*day))
		buy("m-1", now.Add(-45*day))
		read(10_600, now.Add(-31*day))
		buy("m-2", now.Add(-20*day))
		if got := drops(); len(got) != 0 {
			t.Fatalf("alerted before the reading that shows the drop: %+v", got)
		}
		// Current window: 10,600 → 11,100 on 100 gal (5.0 MPG, down 16.7 %).
		read(11_100, now.Add(-day))
		read(11_101, now.Add(-12*time.Hour)) // still down: no second alert
		got := drops()
		if len(got) != 1 || got[0].Message != "Fuel economy dropped: unit U-1 made 5.0 MPG over the last 30 days, down 17% from 6.0 MPG the 30 days before." {
			t.Fatalf("MPG_DROP alerts = %+v, want 1", got)
		}
	})
}

// mpgDrops counts the company's MPG_DROP alerts.
func mpgDrops(t *testing.T, db *store.DB, companyID int64) int {
	t.Helper()
	n := 0
	for _, a := range storetest.AlertsOf(t, db, companyID, false).Items {
		if fuelportal.AlertKind(a.Kind) == fuelportal.AlertMPGDrop {
			n++
		}
	}
	return n
}
