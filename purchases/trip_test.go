package purchases_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestTrips(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		// Across the street from the planned stop: purchases here at the same
		// time are not the fraud check's business.
		other := &fuelportal.Station{ID: 413, Name: "Love's #413", Latitude: f.Station.Latitude + 0.005, Longitude: f.Station.Longitude, RetailPrice: 3999, NetPrice: 3899,
			PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
		if err := db.InTx(ctx, func(tx *store.Tx) error { _, err := tx.UpsertStations(ctx, []*fuelportal.Station{other}); return err }); err != nil {
			t.Fatal(err)
		}
		company := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		trip := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, true)

		t.Run("create", func(t *testing.T) {
			if err := storetest.CreateTrip(ctx, db, fuelportal.TransactionScope{CompanyID: f.Company.ID + 1000}, storetest.NewTrip(f.Active.CardNumber, f.Station.ID, true)); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("another company's card: %v", err)
			}
			if err := storetest.CreateTrip(ctx, db, fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: f.Inactive.ID}, storetest.NewTrip(f.Active.CardNumber, f.Station.ID, true)); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("a driver for another card: %v", err)
			}
			if err := db.CheckTripCard(ctx, company, f.Active.CardNumber, fuelportal.CheckTripCardFree); err != nil {
				t.Fatalf("CheckTripCard before = %v", err)
			}
			if err := db.CheckTripCard(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: f.Inactive.ID}, f.Active.CardNumber, fuelportal.CheckTripCardFree); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("CheckTripCard for another card = %v", err)
			}
			if err := storetest.CreateTrip(ctx, db, company, trip); err != nil {
				t.Fatal(err)
			}
			if err := db.CheckTripCard(ctx, company, f.Active.CardNumber, fuelportal.CheckTripCardFree); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("CheckTripCard with an active trip = %v", err)
			}
			if err := storetest.CreateTrip(ctx, db, company, storetest.NewTrip(f.Active.CardNumber, f.Station.ID, false)); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("second active trip: %v", err)
			}
			got, err := db.Trip(ctx, company, trip.ID)
			if err != nil || got.Status != fuelportal.TripActive || got.Plan.Version != 1 || len(got.Plan.Stops) != 1 ||
				got.Plan.Stops[0] != trip.Plan.Stops[0] || len(got.Route) != 2 || got.DriverName != "Dan Driver" || !got.Plan.NaiveAvailable {
				t.Fatalf("Trip = %+v, %v", got, err)
			}
			if _, err := db.Trip(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID + 1000}, trip.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("another company reads the trip: %v", err)
			}
		})

		t.Run("the lock allows the planned stop up to the gallons plus 10 percent", func(t *testing.T) {
			for _, c := range []struct {
				id      string
				station int64
				gallons fuelportal.Gallons
				want    fuelportal.DeclineReason
			}{
				{"l-1", other.ID, 10_000, fuelportal.DeclineNotPlannedStop},
				{"l-2", f.Station.ID, 110_001, fuelportal.DeclineOverPlannedGallons},
				{"l-3", f.Station.ID, 110_000, ""},
			} {
				tr, _, err := flow(db).Record(ctx, purchase(c.id, f.Active.CardNumber, c.station, c.gallons))
				if err != nil || tr.DeclineReason != c.want || (c.want == "") != (tr.Status == fuelportal.TransactionApproved) {
					t.Fatalf("%s: %+v, %v", c.id, tr, err)
				}
			}
			purchases, err := db.TripPurchases(ctx, trip.ID)
			if err != nil || len(purchases) != 3 || purchases[0].OnPlan || purchases[1].OnPlan || !purchases[2].OnPlan {
				t.Fatalf("TripPurchases = %+v, %v", purchases, err)
			}
		})

		t.Run("a new plan version is current and the old one kept", func(t *testing.T) {
			next := storetest.NewTrip(f.Active.CardNumber, other.ID, true).Plan
			next.Reason, next.StartIndex = fuelportal.TripPlanReplanned, 1
			got, err := tripFlow(db).AddPlan(ctx, company, trip.ID, next)
			if err != nil || got.Plan.Version != 2 {
				t.Fatalf("AddPlan = %+v, %v", got, err)
			}
			plans, err := db.TripPlanVersions(ctx, got, 0, 10) // newest first
			if err != nil || len(plans) != 2 || plans[1].Stops[0].StationID != f.Station.ID || plans[0].Stops[0].StationID != other.ID || plans[0].StartIndex != 1 {
				t.Fatalf("versions = %+v, %v", plans, err)
			}
			// Now the other station is the planned stop.
			if tr, _, _ := flow(db).Record(ctx, purchase("l-4", f.Active.CardNumber, f.Station.ID, 10_000)); tr.DeclineReason != fuelportal.DeclineNotPlannedStop {
				t.Fatalf("old plan's stop after a re-plan: %+v", tr)
			}
		})

		t.Run("an unlocked trip records off-plan purchases with their missed savings", func(t *testing.T) {
			card := &fuelportal.Card{CompanyID: f.Company.ID, CardNumber: "7071000000000000003", DriverName: "Olga Open", DriverID: "D-3", UnitNumber: "U-3", CreatedAt: storetest.CardIssued}
			if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, card) }); err != nil {
				t.Fatal(err)
			}
			open := storetest.NewTrip(card.CardNumber, f.Station.ID, false)
			if err := storetest.CreateTrip(ctx, db, company, open); err != nil {
				t.Fatal(err)
			}
			tr, _, err := flow(db).Record(ctx, purchase("o-1", card.CardNumber, other.ID, 50_000))
			if err != nil || tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("unlocked off-plan purchase = %+v, %v", tr, err)
			}
			tripID, onPlan, err := db.TripOfTransaction(ctx, tr.ID)
			if err != nil || tripID != open.ID || onPlan {
				t.Fatalf("TripOfTransaction = %d, %v, %v", tripID, onPlan, err)
			}
			purchases, _ := db.TripPurchases(ctx, open.ID)
			// 50 gal at the net price against the plan's $3.500.
			want := fuelportal.PriceOf(50_000, tr.NetPrice) - fuelportal.PriceOf(50_000, 3500)
			if len(purchases) != 1 || purchases[0].MissedSavingsCents != want || want <= 0 {
				t.Fatalf("missed savings = %+v, want %d", purchases, want)
			}
		})

		t.Run("compliance sums the purchases to the cent", func(t *testing.T) {
			// The day of the purchases (the trips were created today).
			day := time.Date(2025, 3, 14, 0, 0, 0, 0, time.UTC)
			rows, err := db.Compliance(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, day, day.AddDate(0, 0, 1))
			if err != nil || len(rows) != 2 {
				t.Fatalf("Compliance = %+v, %v", rows, err)
			}
			var missed int64
			for _, row := range rows {
				var on, off fuelportal.Gallons
				var actual int64
				trips, _, _ := db.Trips(ctx, fuelportal.TripFilter{Scope: fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: row.CardID}, Limit: 100})
				for _, tr := range trips {
					purchases, _ := db.TripPurchases(ctx, tr.ID)
					for _, p := range purchases {
						if p.Transaction.Status != fuelportal.TransactionApproved {
							continue
						}
						if p.OnPlan {
							on += p.Transaction.Gallons
						} else {
							off += p.Transaction.Gallons
						}
						actual += p.Transaction.FundedTotalCents
					}
				}
				if row.Trips != len(trips) || row.OnPlanGallons != on || row.OffPlanGallons != off || row.ActualCostCents != actual || row.PlannedCostCents != 350_00*int64(len(trips)) {
					t.Errorf("row %+v: on %d off %d actual %d", row, on, off, actual)
				}
				missed += row.MissedSavingsCents
			}
			if rows[0].MissedSavingsCents < rows[1].MissedSavingsCents || rows[0].DriverName != "Olga Open" {
				t.Errorf("not worst first: %+v", rows)
			}
			if total, err := db.MissedSavings(ctx, company, day); err != nil || total != missed {
				t.Errorf("MissedSavings = %d, %v; rows sum %d", total, err, missed)
			}
			if rows, _ := db.Compliance(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, day.AddDate(0, 0, 1), day.AddDate(0, 0, 2)); len(rows) != 0 {
				t.Errorf("tomorrow's compliance = %+v", rows)
			}
		})

		t.Run("ending a trip lifts the lock and is final", func(t *testing.T) {
			if _, err := storetest.EndTrip(ctx, db, fuelportal.TransactionScope{CompanyID: f.Company.ID + 1000}, trip.ID, fuelportal.TripCompleted); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("another company ends the trip: %v", err)
			}
			ended, err := storetest.EndTrip(ctx, db, company, trip.ID, fuelportal.TripCancelled)
			if err != nil || ended.Status != fuelportal.TripCancelled {
				t.Fatalf("EndTrip = %+v, %v", ended, err)
			}
			if _, err := storetest.EndTrip(ctx, db, company, trip.ID, fuelportal.TripCompleted); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("ending twice: %v", err)
			}
			if _, err := tripFlow(db).AddPlan(ctx, company, trip.ID, storetest.NewTrip(f.Active.CardNumber, other.ID, true).Plan); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("re-planning an ended trip: %v", err)
			}
			tr, _, err := flow(db).Record(ctx, purchase("e-1", f.Active.CardNumber, other.ID, 10_000))
			if err != nil || tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("purchase after the trip = %+v, %v", tr, err)
			}
			if id, _, _ := db.TripOfTransaction(ctx, tr.ID); id != 0 {
				t.Fatalf("a purchase after the trip went against trip %d", id)
			}
			active, err := db.ActiveTrips(ctx)
			if err != nil || len(active) != 1 {
				t.Fatalf("ActiveTrips = %d, %v", len(active), err)
			}
			page, total, err := db.Trips(ctx, fuelportal.TripFilter{Scope: company, Status: fuelportal.TripCancelled, Limit: 10})
			if err != nil || total != 1 || len(page) != 1 || page[0].ID != trip.ID || page[0].Plan.Version != 2 {
				t.Fatalf("Trips(CANCELLED) = %+v, %d, %v", page, total, err)
			}
		})
	})
}

// Compliance counts a period by the purchases' dates: a trip created before
// the period counts with the purchases made in it, purchases outside the
// period count in no row, a trip created in the period counts without
// purchases, and a trip merely under way in a period without purchases
// does not count.
func TestCompliance_CountsPurchasesByTheirDate(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 15:00 UTC
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		other := &fuelportal.Station{ID: 413, Name: "Love's #413", Latitude: f.Station.Latitude + 0.005, Longitude: f.Station.Longitude, RetailPrice: 3999, NetPrice: 3899,
			PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
		second := &fuelportal.Card{CompanyID: f.Company.ID, CardNumber: "7071000000000000003", DriverName: "Olga Open", DriverID: "D-3", UnitNumber: "U-3", CreatedAt: storetest.CardIssued}
		err := db.InTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.UpsertStations(ctx, []*fuelportal.Station{other}); err != nil {
				return err
			}
			return tx.CreateCard(ctx, second)
		})
		if err != nil {
			t.Fatal(err)
		}
		company := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		early := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, false) // created 2025-03-14
		if err := storetest.CreateTrip(ctx, db, company, early); err != nil {
			t.Fatal(err)
		}
		date := func(day, hour int) time.Time { return time.Date(2025, 3, day, hour, 0, 0, 0, time.UTC) }
		type bought struct {
			on              bool
			gallons         fuelportal.Gallons
			funded, missed  int64
			transactionDate time.Time
		}
		var purchases []bought
		clock.Advance(7 * 24 * time.Hour) // 2025-03-21 15:00: no purchase dated more than a day ahead
		for i, p := range []struct {
			station int64
			gallons fuelportal.Gallons
			at      time.Time
		}{
			{f.Station.ID, 40_000, date(20, 8)}, // on plan, in the period
			{other.ID, 30_123, date(21, 23)},    // off plan, in the period (its last hour)
			{other.ID, 20_000, date(22, 0)},     // off plan, the day after the period
			{other.ID, 10_000, date(13, 23)},    // off plan, the day before the period and the trip
		} {
			clock.Advance(time.Hour)
			cp := purchase(fmt.Sprintf("d-%d", i), f.Active.CardNumber, p.station, p.gallons)
			cp.TransactionDate = p.at
			tr, _, err := flow(db).Record(ctx, cp)
			if err != nil || tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("purchase %d = %+v, %v", i, tr, err)
			}
			recorded, err := db.TripPurchases(ctx, early.ID)
			if err != nil || len(recorded) != i+1 {
				t.Fatalf("TripPurchases = %+v, %v", recorded, err)
			}
			last := recorded[len(recorded)-1]
			for _, r := range recorded {
				if r.Transaction.ID == tr.ID {
					last = r
				}
			}
			purchases = append(purchases, bought{last.OnPlan, tr.Gallons, tr.FundedTotalCents, last.MissedSavingsCents, p.at})
		}
		if !purchases[0].on || purchases[1].on || purchases[1].missed <= 0 || purchases[2].missed <= 0 {
			t.Fatalf("purchases = %+v", purchases)
		}
		late := storetest.NewTrip(second.CardNumber, f.Station.ID, false)
		if err := storetest.CreateTrip(ctx, db, company, late); err != nil {
			t.Fatal(err)
		}

		// sums is the row the purchases dated in [from, to) make.
		sums := func(from, to time.Time) fuelportal.ComplianceRow {
			row := fuelportal.ComplianceRow{CardID: f.Active.ID, DriverName: f.Active.DriverName, CardNumber: f.Active.CardNumber,
				Trips: 1, PlannedGallons: 100_000, PlannedCostCents: 350_00}
			for _, p := range purchases {
				if p.transactionDate.Before(from) || !p.transactionDate.Before(to) {
					continue
				}
				if p.on {
					row.OnPlanGallons += p.gallons
				} else {
					row.OffPlanGallons += p.gallons
				}
				row.ActualCostCents += p.funded
				row.MissedSavingsCents += p.missed
			}
			return row
		}
		lateRow := fuelportal.ComplianceRow{CardID: second.ID, DriverName: second.DriverName, CardNumber: second.CardNumber,
			Trips: 1, PlannedGallons: 100_000, PlannedCostCents: 350_00}
		for _, c := range []struct {
			name     string
			from, to time.Time
			want     []fuelportal.ComplianceRow
		}{
			{"created before the period, purchases in it", date(20, 0), date(22, 0), []fuelportal.ComplianceRow{sums(date(20, 0), date(22, 0)), lateRow}},
			{"created in the period, its purchases after it", date(14, 0), date(15, 0), []fuelportal.ComplianceRow{sums(date(14, 0), date(15, 0))}},
			{"only a purchase in the period", date(22, 0), date(23, 0), []fuelportal.ComplianceRow{sums(date(22, 0), date(23, 0))}},
			{"a purchase dated before the trip", date(13, 0), date(14, 0), []fuelportal.ComplianceRow{sums(date(13, 0), date(14, 0))}},
			{"under way without purchases", date(15, 0), date(20, 0), nil},
		} {
			got, err := db.Compliance(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, c.from, c.to)
			if err != nil || len(got) != len(c.want) {
				t.Fatalf("%s: Compliance = %+v, %v; want %+v", c.name, got, err, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("%s: row %d = %+v, want %+v", c.name, i, got[i], c.want[i])
				}
			}
		}
		if row := sums(date(20, 0), date(22, 0)); row.OnPlanGallons != 40_000 || row.OffPlanGallons != 30_123 {
			t.Fatalf("the period's purchases = %+v", row)
		}
		if rows, err := db.Compliance(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID + 1000}, date(1, 0), date(31, 0)); err != nil || len(rows) != 0 {
			t.Fatalf("another company's compliance = %+v, %v", rows, err)
		}
		missed, err := db.MissedSavings(ctx, company, date(21, 0))
		if want := purchases[1].missed + purchases[2].missed; err != nil || missed != want {
			t.Fatalf("MissedSavings since the 21st = %d, %v; want %d", missed, err, want)
		}
	})
}
