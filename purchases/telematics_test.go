package purchases_test

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/ifta"
	"fuelportal/jurisdiction"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/telematics"
)

// TestIFTAReturn_OneSourceAUnitDay is docs/ifta.md's worked example of
// the order of trust: per unit and day, telematics miles, else a
// completed trip's planned miles, else manual entries; never two.
func TestIFTAReturn_OneSourceAUnitDay(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 10:00 in Chicago
		svc := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
		tlm := telematics.New(telematics.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := svc.ImportRates(ctx, strings.NewReader(storetest.IFTARates2025Q1), false); err != nil {
			t.Fatal(err)
		}
		u1 := storetest.AddVehicle(t, db, f.Company.ID, "U-1", fuelportal.FuelDiesel)
		owner := f.OwnerID(t, db)

		// March 10: U-1's telematics (19.6 mi in GA) and a trip sheet of
		// 500 GA miles for the same day; U-2's trip sheet of 150.5 IN.
		storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", time.Date(2025, 3, 10, 15, 0, 0, 0, time.UTC), storetest.AtlantaEast)
		// March 12: U-1's trip sheet of 800 GA miles, no other source.
		// March 14: U-1's completed trip Ocala → Tampa (84.89 planned FL
		// miles) and a trip sheet of 40 FL miles for the same day.
		for _, in := range []ifta.MilesInput{
			{UnitNumber: "U-1", Date: "2025-03-10", Jurisdiction: "GA", Miles: "500"},
			{UnitNumber: "U-2", Date: "2025-03-10", Jurisdiction: "IN", Miles: "150.5"},
			{UnitNumber: "U-1", Date: "2025-03-12", Jurisdiction: "GA", Miles: "800"},
			{UnitNumber: "U-1", Date: "2025-03-14", Jurisdiction: "FL", Miles: "40"},
		} {
			in.CompanyID, in.UserID = f.Company.ID, owner
			if _, err := svc.AddMiles(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		trip := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, false)
		scope := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		if err := storetest.CreateTrip(ctx, db, scope, trip); err != nil {
			t.Fatal(err)
		}
		if _, err := storetest.EndTrip(ctx, db, scope, trip.ID, fuelportal.TripCompleted); err != nil {
			t.Fatal(err)
		}

		got, err := svc.Return(ctx, f.Company.ID, 2025, 1, "diesel")
		if err != nil {
			t.Fatal(err)
		}
		// By hand: GA 19.6 (telematics, Mar 10) + 800 (manual, Mar 12) =
		// 819.6 → 820; FL 84.89 (trip, Mar 14) → 85; IN 150.5 (U-2's
		// manual) → 151. Not counted: U-1's 500 GA (telematics that day)
		// and 40 FL (a trip that day).
		if math.Abs(storetest.DriveMiles-19.6) > 0.1 {
			t.Fatalf("the drive is %.2f miles in GA", storetest.DriveMiles)
		}
		miles := map[string]int64{}
		for _, r := range got.Rows {
			miles[r.Jurisdiction] = r.TotalMiles
		}
		if miles["GA"] != 820 || miles["FL"] != 85 || miles["IN"] != 151 || len(miles) != 3 || got.TotalMiles != 1056 {
			t.Fatalf("miles %v, total %d", miles, got.TotalMiles)
		}
		if got.Sources.SupersededByTelematics != 1 || got.Sources.SupersededByTrips != 1 || got.Sources.TelematicsVehicleDays != 1 ||
			got.Sources.MilesEntries != 4 || got.Sources.CompletedTrips != 1 {
			t.Fatalf("sources %+v", got.Sources)
		}

		// The vehicle's mileage record shows the same one source a day.
		m, err := tlm.Mileage(ctx, f.Company.ID, u1.ID, "2025-03-01", "2025-03-31")
		if err != nil {
			t.Fatal(err)
		}
		var days []string
		for _, d := range m.Days {
			for _, mi := range d.Miles {
				days = append(days, d.Date+" "+mi.Source+" "+mi.Jurisdiction)
			}
		}
		if strings.Join(days, ", ") != "2025-03-10 telematics GA, 2025-03-12 manual GA, 2025-03-14 trip FL" {
			t.Fatalf("mileage record %v", days)
		}
	})
}

// TestIFTAReturn_AfterCloseListsLateTelematicsAndPurchases: positions and
// a card purchase of a closed quarter recorded after its close are listed
// (the purchase under its own vehicle's unit, not its card's unit of
// today), and the closed return does not change.
func TestIFTAReturn_AfterCloseListsLateTelematicsAndPurchases(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		svc := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
		tlm := telematics.New(telematics.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := svc.ImportRates(ctx, strings.NewReader(storetest.IFTARates2025Q1), false); err != nil {
			t.Fatal(err)
		}
		u1 := storetest.AddVehicle(t, db, f.Company.ID, "U-1", fuelportal.FuelDiesel)
		storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", time.Date(2025, 3, 10, 15, 0, 0, 0, time.UTC), storetest.AtlantaEast)
		if _, _, err := flow(db).Record(ctx, purchase("ifta-before", f.Active.CardNumber, f.Station.ID, 10_000)); err != nil {
			t.Fatal(err)
		}

		clock.Advance(20 * 24 * time.Hour) // April 3
		closed, err := svc.Close(ctx, f.Company.ID, f.OwnerID(t, db), 2025, 1, "diesel")
		if err != nil {
			t.Fatal(err)
		}
		frozen := returnJSON(t, closed.Return)

		// After the close: the device sends a buffered drive of March 20,
		// and a purchase of March 20 arrives late; then the card moves to
		// another unit.
		clock.Advance(time.Hour)
		res := storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", time.Date(2025, 3, 20, 15, 0, 0, 0, time.UTC), [2]jurisdiction.Point{storetest.AtlantaEast[1], storetest.AtlantaEast[0]})
		if res.Stored != 2 {
			t.Fatalf("late positions %+v", res)
		}
		late := purchase("ifta-late", f.Active.CardNumber, f.Station.ID, 25_000)
		late.TransactionDate = time.Date(2025, 3, 20, 14, 0, 0, 0, time.UTC)
		if _, _, err := flow(db).Record(ctx, late); err != nil {
			t.Fatal(err)
		}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE cards SET unit_number = 'U-9' WHERE card_number = ?`, f.Active.CardNumber)
			return err
		}); err != nil {
			t.Fatal(err)
		}

		got, err := svc.Return(ctx, f.Company.ID, 2025, 1, "diesel")
		if err != nil {
			t.Fatal(err)
		}
		if returnJSON(t, got.Return) != frozen || got.ClosedAt == nil {
			t.Fatalf("the closed return changed:\n got %s\nwant %s", returnJSON(t, got.Return), frozen)
		}
		var items []string
		for _, it := range got.AfterClose {
			items = append(items, it.Kind+" "+it.UnitNumber+" "+it.Date)
			if it.Kind == "telematics" && (it.ID != u1.ID || it.Miles == nil || math.Abs(*it.Miles-storetest.DriveMiles) > 0.051) {
				t.Errorf("telematics item %+v", it)
			}
		}
		// Both were recorded at the same instant: purchases list first.
		if strings.Join(items, ", ") != "cardPurchase U-1 2025-03-20, telematics U-1 2025-03-20" {
			t.Fatalf("after close %v", items)
		}
	})
}

// TestTelematics_PositionsPastFourYearsAreDeleted: retention deletes
// positions fixed more than four years ago, keeps the rolled-up miles,
// and refuses positions already past it.
func TestTelematics_PositionsPastFourYearsAreDeleted(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 15:00 UTC
		tlm := telematics.New(telematics.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		u1 := storetest.AddVehicle(t, db, f.Company.ID, "U-1", fuelportal.FuelDiesel)
		old := time.Date(2021, 3, 14, 16, 0, 0, 0, time.UTC) // an hour inside the four years
		storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", old, storetest.AtlantaEast)
		storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", time.Date(2025, 3, 13, 15, 0, 0, 0, time.UTC), storetest.AtlantaEast)

		if n, err := tlm.DeleteExpiredPositions(ctx); err != nil || n != 0 {
			t.Fatalf("nothing is four years old yet: %d, %v", n, err)
		}
		clock.Advance(2 * time.Hour)
		if n, err := tlm.DeleteExpiredPositions(ctx); err != nil || n != 2 {
			t.Fatalf("deleted %d, %v; want the two of 2021", n, err)
		}
		if n, err := tlm.DeleteExpiredPositions(ctx); err != nil || n != 0 {
			t.Fatalf("again: %d, %v", n, err)
		}
		// The mileage record of 2021 stays.
		m, err := tlm.Mileage(ctx, f.Company.ID, u1.ID, "2021-03-14", "2021-03-14")
		if err != nil || len(m.Days) != 1 || math.Abs(m.TotalMiles-storetest.DriveMiles) > 0.051 {
			t.Fatalf("2021 record %+v, %v", m, err)
		}
		// A position already past the four years is refused.
		_, err = tlm.Ingest(ctx, f.Company.ID, []telematics.Position{{DeviceUniqueID: "U-1", FixTime: old, Lat: 33.75, Lon: -84.39}})
		if fe := fuelportal.ErrorFields(err); fe["positions[0].fixTime"] == nil {
			t.Fatalf("old fix: %v", err)
		}
	})
}
