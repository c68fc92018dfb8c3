package purchases_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/ifta"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/telematics"
)

// iftaWorkedExample records the worked example of docs/ifta.md ("A worked
// example") for f's company in 2025Q1: card purchases at the Ocala, FL
// station (100 gal of diesel counted; reefer fuel, gasoline and a declined
// purchase not), off-card diesel in Georgia (50 gal tax-paid, 30 gal from
// a bulk tank), 800.0 miles entered in Georgia and 150.5 in Indiana, and a
// completed trip of 84.89 planned miles in Florida. Units U-1 and U-2 are
// diesel tractors.
func iftaWorkedExample(t *testing.T, db *store.DB, f *storetest.Fleet, svc *ifta.Service) {
	t.Helper()
	ctx := context.Background()
	storetest.AddVehicle(t, db, f.Company.ID, "U-1", fuelportal.FuelDiesel)
	storetest.AddVehicle(t, db, f.Company.ID, "U-2", fuelportal.FuelDiesel)
	if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.ImportRates(ctx, strings.NewReader(storetest.IFTARates2025Q1), false); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*fuelportal.CardPurchase{
		purchase("ifta-dsl", f.Active.CardNumber, f.Station.ID, 100_000),
		func() *fuelportal.CardPurchase {
			p := purchase("ifta-rfr", f.Active.CardNumber, f.Station.ID, 20_000)
			p.Product = fuelportal.ProductReefer
			return p
		}(),
		func() *fuelportal.CardPurchase {
			p := purchase("ifta-gas", f.Active.CardNumber, f.Station.ID, 12_000)
			p.Product = fuelportal.ProductGasoline
			return p
		}(),
		purchase("ifta-declined", f.Inactive.CardNumber, f.Station.ID, 70_000),
	} {
		if _, _, err := flow(db).Record(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	owner := f.OwnerID(t, db)
	for _, in := range []ifta.FuelInput{
		{UnitNumber: "U-1", Date: "2025-02-03", Jurisdiction: "ga", Gallons: "50", FuelType: "diesel", TaxPaid: true, Vendor: "Flying J Dalton"},
		{UnitNumber: "U-1", Date: "2025-02-04", Jurisdiction: "GA", Gallons: "30.000", FuelType: "diesel", TaxPaid: false, Vendor: "Yard tank"},
	} {
		in.CompanyID, in.UserID = f.Company.ID, owner
		if _, err := svc.AddFuel(ctx, in); err != nil {
			t.Fatal(err)
		}
	}
	for _, in := range []ifta.MilesInput{
		{UnitNumber: "U-1", Date: "2025-01-20", Jurisdiction: "GA", Miles: "800", Note: "odometer"},
		{UnitNumber: "U-2", Date: "2025-02-11", Jurisdiction: "IN", Miles: "150.5"},
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
}

// returnJSON is the API's JSON of r's return fields, for comparing.
func returnJSON(t *testing.T, r ifta.Return) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestIFTAReturn_WorkedExample(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		svc := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		iftaWorkedExample(t, db, f, svc)

		got, err := svc.Return(ctx, f.Company.ID, 2025, 1, "diesel")
		if err != nil {
			t.Fatal(err)
		}
		// By hand: miles FL 84.89 → 85, GA 800, IN 150.5 → 151: 1,036.
		// Gallons 100 (card, FL) + 50 (GA, tax-paid) + 30 (bulk): 180.
		// MPG 1,036 ÷ 180 = 5.7556 → 5.76. Taxable gallons FL 85 ÷ 5.76 =
		// 14.76 → 15, GA 138.89 → 139, IN 26.22 → 26. Net FL −85, GA 89, IN 26.
		// Tax FL −85 × 0.35 = −29.75; GA 89 × 0.361 = 32.129 → 32.13;
		// IN 26 × 0.59 = 15.34 + surcharge 26 × 0.11 = 2.86: 18.20.
		// Due −29.75 + 32.13 + 18.20 = 20.58.
		want := ifta.Return{Year: 2025, Quarter: 1, FuelType: ifta.Diesel, Status: ifta.Open,
			TotalMiles: 1036, TotalTaxableMiles: 1036, TotalGallons: 180, MPG: 576, TotalDue: 20_58,
			Rows: []ifta.Row{
				{Jurisdiction: "FL", TotalMiles: 85, TaxableMiles: 85, TaxableGallons: 15, TaxPaidGallons: 100, NetTaxableGallons: -85, Rate: rate(3500), Surcharge: rate(0), Tax: -29_75, SurchargeTax: 0, Total: -29_75},
				{Jurisdiction: "GA", TotalMiles: 800, TaxableMiles: 800, TaxableGallons: 139, TaxPaidGallons: 50, NetTaxableGallons: 89, Rate: rate(3610), Surcharge: rate(0), Tax: 32_13, SurchargeTax: 0, Total: 32_13},
				{Jurisdiction: "IN", TotalMiles: 151, TaxableMiles: 151, TaxableGallons: 26, TaxPaidGallons: 0, NetTaxableGallons: 26, Rate: rate(5900), Surcharge: rate(1100), Tax: 15_34, SurchargeTax: 2_86, Total: 18_20},
			}}
		gotRows := got.Return
		gotRows.Warnings = nil
		if returnJSON(t, gotRows) != returnJSON(t, want) {
			t.Fatalf("return\n got %s\nwant %s", returnJSON(t, gotRows), returnJSON(t, want))
		}
		var codes []string
		for _, w := range got.Warnings {
			codes = append(codes, string(w.Code))
			if w.Code == ifta.WarnMilesEstimated && !strings.Contains(w.Message, "1 completed trips (#") {
				t.Fatalf("miles_estimated does not name the trip: %q", w.Message)
			}
		}
		if strings.Join(codes, ",") != "quarter_open,miles_estimated,miles_without_purchases" {
			t.Fatalf("warnings %v", codes)
		}
		if got.DueDate != "2025-04-30" || got.ClosedAt != nil || got.Sources != (ifta.Sources{CardPurchases: 1, FuelEntries: 2, MilesEntries: 2, CompletedTrips: 1}) {
			t.Fatalf("due %s closed %v sources %+v", got.DueDate, got.ClosedAt, got.Sources)
		}

		// Gasoline counts the GAS purchase only; no gasoline rate: a warning.
		gas, err := svc.Return(ctx, f.Company.ID, 2025, 1, "gasoline")
		if err != nil || gas.TotalGallons != 12 || gas.Rows[0].Rate != nil {
			t.Fatalf("gasoline = %+v, %v", gas, err)
		}
	})
}

func rate(v int64) *ifta.PerGallon { r := ifta.PerGallon(v); return &r }

// TestIFTAReturn_MilesFollowTheirUnitsFuel is docs/ifta.md's example of
// miles by fuel: the diesel tractor U-1's miles count in the diesel
// return only, the gasoline pickup P-9's in the gasoline one only, and
// U-2, no vehicle of the fleet, counts in both with a warning naming it.
func TestIFTAReturn_MilesFollowTheirUnitsFuel(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 10:00 in Chicago
		svc := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
		tlm := telematics.New(telematics.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := svc.ImportRates(ctx, strings.NewReader(storetest.IFTARates2025Q1+`2025,1,FL,gasoline,0.3000,
2025,1,GA,gasoline,0.3300,
2025,1,IN,gasoline,0.3300,
`), false); err != nil {
			t.Fatal(err)
		}
		storetest.AddVehicle(t, db, f.Company.ID, "U-1", fuelportal.FuelDiesel) // the active card's unit
		storetest.AddVehicle(t, db, f.Company.ID, "P-9", fuelportal.FuelGasoline)
		owner := f.OwnerID(t, db)

		// U-1: telematics of March 10 (19.6 GA), a trip sheet of March 12
		// (GA 800), a completed trip of March 14 (FL 84.89 planned) and
		// 100 gal of diesel on its card. P-9: telematics of March 10 (19.6
		// GA), a trip sheet of March 11 (IN 300), 50 gal of gasoline off
		// the card. U-2: a trip sheet of March 11 (IN 150.5).
		storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", time.Date(2025, 3, 10, 15, 0, 0, 0, time.UTC), storetest.AtlantaEast)
		storetest.IngestDrive(t, tlm, f.Company.ID, "P-9", time.Date(2025, 3, 10, 15, 0, 0, 0, time.UTC), storetest.AtlantaEast)
		for _, in := range []ifta.MilesInput{
			{UnitNumber: "U-1", Date: "2025-03-12", Jurisdiction: "GA", Miles: "800"},
			{UnitNumber: "P-9", Date: "2025-03-11", Jurisdiction: "IN", Miles: "300"},
			{UnitNumber: "U-2", Date: "2025-03-11", Jurisdiction: "IN", Miles: "150.5"},
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
		if _, _, err := flow(db).Record(ctx, purchase("ifta-dsl", f.Active.CardNumber, f.Station.ID, 100_000)); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AddFuel(ctx, ifta.FuelInput{CompanyID: f.Company.ID, UserID: owner, UnitNumber: "P-9", Date: "2025-03-11",
			Jurisdiction: "GA", Gallons: "50", FuelType: "gasoline", TaxPaid: true, Vendor: "QuikTrip"}); err != nil {
			t.Fatal(err)
		}

		// By hand. Diesel: GA 19.6 + 800 = 819.6 → 820, FL 84.89 → 85,
		// IN 150.5 (U-2) → 151: 1,056 miles, 100 gal, MPG 10.56.
		// Gasoline: GA 19.6 → 20, IN 300 + 150.5 (U-2) = 450.5 → 451: 471
		// miles, 50 gal, MPG 9.42. Counting every unit in both would have
		// given 1,375 miles to each.
		for _, c := range []struct {
			fuel    string
			miles   string
			total   int64
			gallons int64
			mpg     ifta.MPG
			sources ifta.Sources
		}{
			{"diesel", "FL 85, GA 820, IN 151", 1056, 100, 1056,
				ifta.Sources{CardPurchases: 1, MilesEntries: 2, CompletedTrips: 1, TelematicsVehicleDays: 1}},
			{"gasoline", "GA 20, IN 451", 471, 50, 942,
				ifta.Sources{FuelEntries: 1, MilesEntries: 2, TelematicsVehicleDays: 1}},
		} {
			got, err := svc.Return(ctx, f.Company.ID, 2025, 1, c.fuel)
			if err != nil {
				t.Fatal(err)
			}
			var rows []string
			for _, r := range got.Rows {
				rows = append(rows, fmt.Sprintf("%s %d", r.Jurisdiction, r.TotalMiles))
			}
			if strings.Join(rows, ", ") != c.miles || got.TotalMiles != c.total || got.TotalGallons != c.gallons || got.MPG != c.mpg || got.Sources != c.sources {
				t.Fatalf("%s: rows %v, %d miles, %d gal, MPG %s, sources %+v", c.fuel, rows, got.TotalMiles, got.TotalGallons, got.MPG, got.Sources)
			}
			var named []string
			for _, w := range got.Warnings {
				if w.Code == ifta.WarnUnitsWithoutFuelType {
					named = append(named, w.Message)
				}
			}
			if len(named) != 1 || !strings.HasPrefix(named[0], "No vehicle with a fuel type for units U-2:") {
				t.Fatalf("%s: units_without_fuel_type warnings %q", c.fuel, named)
			}
		}
	})
}

func TestIFTAReturn_CloseFreezesIt(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		svc := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		iftaWorkedExample(t, db, f, svc)
		owner := f.OwnerID(t, db)

		if _, err := svc.Close(ctx, f.Company.ID, owner, 2025, 1, "diesel"); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("closing an open quarter = %v", err)
		}
		clock.Advance(19 * 24 * time.Hour) // April 2
		hook, err := db.CreateWebhookEndpoint(ctx, f.Company.ID, fuelportal.WebhookEndpointInput{URL: "https://93.184.215.14/hook",
			Events: []fuelportal.WebhookEventType{fuelportal.WebhookIFTAReturnClosed}, Active: true}, fuelportal.CheckWebhookEndpointAdded)
		if err != nil {
			t.Fatal(err)
		}
		before, err := svc.Return(ctx, f.Company.ID, 2025, 1, "diesel")
		if err != nil || before.Status != ifta.Closed {
			t.Fatalf("after the quarter = %+v, %v", before, err)
		}
		closed, err := svc.Close(ctx, f.Company.ID, owner, 2025, 1, "diesel")
		if err != nil || closed.ClosedAt == nil || !closed.ClosedAt.Equal(clock.Now()) || closed.TotalDue != 20_58 {
			t.Fatalf("Close = %+v, %v", closed, err)
		}
		if _, err := svc.Close(ctx, f.Company.ID, owner, 2025, 1, "diesel"); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("closing twice = %v", err)
		}
		// The company's endpoint hears of the close once, with the return as closed.
		deliveries, err := db.WebhookDeliveries(ctx, f.Company.ID, hook.ID)
		if err != nil || len(deliveries) != 1 {
			t.Fatalf("deliveries %d, %v; want 1", len(deliveries), err)
		}
		var event struct {
			Data fuelportal.WebhookIFTAReturn `json:"data"`
		}
		var sent ifta.Return
		if err := json.Unmarshal(deliveries[0].Payload, &event); err != nil || event.Data.Year != 2025 || event.Data.Quarter != 1 ||
			json.Unmarshal(event.Data.Return, &sent) != nil || returnJSON(t, sent) != returnJSON(t, closed.Return) {
			t.Fatalf("ifta.return_closed payload %s: %v", deliveries[0].Payload, err)
		}

		// Recorded after the close, dated in the quarter: listed, not counted.
		clock.Advance(time.Hour)
		late := purchase("ifta-late", f.Active.CardNumber, f.Station.ID, 80_000)
		late.TransactionDate = time.Date(2025, 3, 20, 15, 0, 0, 0, time.UTC)
		lateTx, _, err := flow(db).Record(ctx, late)
		if err != nil {
			t.Fatal(err)
		}
		lateMiles, err := svc.AddMiles(ctx, ifta.MilesInput{CompanyID: f.Company.ID, UserID: owner, UnitNumber: "U-1", Date: "2025-03-30", Jurisdiction: "AL", Miles: "120"})
		if err != nil {
			t.Fatal(err)
		}
		after, err := svc.Return(ctx, f.Company.ID, 2025, 1, "diesel")
		if err != nil {
			t.Fatal(err)
		}
		if returnJSON(t, after.Return) != returnJSON(t, closed.Return) {
			t.Fatalf("the closed return moved:\n%s\n%s", returnJSON(t, after.Return), returnJSON(t, closed.Return))
		}
		if len(after.AfterClose) != 2 || after.AfterClose[0].Kind != "cardPurchase" || after.AfterClose[0].ID != lateTx.ID || after.AfterClose[0].Jurisdiction != "FL" ||
			*after.AfterClose[0].Gallons != 80 || after.AfterClose[1].Kind != "milesEntry" || after.AfterClose[1].ID != lateMiles.ID || after.AfterClose[0].Date != "2025-03-20" {
			t.Fatalf("after close = %+v", after.AfterClose)
		}
		// The entries of a closed quarter stay as filed.
		entries, _ := svc.MilesEntries(ctx, f.Company.ID, 2025, 1)
		if err := svc.DeleteMiles(ctx, f.Company.ID, entries[0].ID); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("deleting a closed quarter's entry = %v", err)
		}
		list, err := svc.ClosedReturns(ctx, f.Company.ID)
		if err != nil || len(list) != 1 || list[0].TotalDue != 20_58 || list[0].Quarter != 1 || list[0].DueDate != "2025-04-30" {
			t.Fatalf("closed list = %+v, %v", list, err)
		}
	})
}

func TestIFTAReturn_NeverClosesWithAMissingRate(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		svc := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		iftaWorkedExample(t, db, f, svc)
		// The quarter's rates replaced by a file without Indiana.
		quarters, rows, err := svc.ImportRates(ctx, strings.NewReader("year,quarter,jurisdiction,fuelType,rate,surcharge\n2025,1,FL,diesel,0.35,\n2025,1,GA,diesel,0.361,\n"), true)
		if err != nil || quarters != 1 || rows != 2 {
			t.Fatalf("ImportRates = %d, %d, %v", quarters, rows, err)
		}
		clock.Advance(19 * 24 * time.Hour)
		got, _ := svc.Return(ctx, f.Company.ID, 2025, 1, "diesel")
		var codes []string
		for _, w := range got.Warnings {
			codes = append(codes, string(w.Code))
		}
		if !strings.Contains(strings.Join(codes, ","), "missing_rate") || !strings.Contains(strings.Join(codes, ","), "sample_rates") {
			t.Fatalf("warnings %v", codes)
		}
		_, err = svc.Close(ctx, f.Company.ID, f.OwnerID(t, db), 2025, 1, "diesel")
		if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT || !strings.Contains(fuelportal.ErrorMessage(err), "IN") {
			t.Fatalf("Close with a missing rate = %v", err)
		}
		if _, _, err := svc.ImportRates(ctx, strings.NewReader("year,quarter,jurisdiction,fuelType,rate,surcharge\n2025,1,XX,diesel,0.35,\n"), false); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("a bad rate file = %v", err)
		}
	})
}

func TestIFTAEntries_CompanyScopedAndNeverTwice(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		svc := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		iftaWorkedExample(t, db, f, svc)
		other := &fuelportal.Company{Name: "Other Co", CarrierID: 1234567}
		if err := db.CreateCompanyOwner(ctx, other, &fuelportal.User{Email: "other@example.com", PasswordHash: "hash"}); err != nil {
			t.Fatal(err)
		}
		owner := f.OwnerID(t, db)

		// The other company sees none of it, and cannot delete it.
		ret, err := svc.Return(ctx, other.ID, 2025, 1, "diesel")
		if err != nil || ret.TotalMiles != 0 || ret.TotalGallons != 0 || len(ret.Rows) != 0 || ret.Sources != (ifta.Sources{}) {
			t.Fatalf("other company's return = %+v, %v", ret, err)
		}
		mine, _ := svc.MilesEntries(ctx, f.Company.ID, 2025, 1)
		theirs, _ := svc.MilesEntries(ctx, other.ID, 2025, 1)
		fuel, _ := svc.FuelEntries(ctx, f.Company.ID, 2025, 1)
		if len(mine) != 2 || len(theirs) != 0 || len(fuel) != 2 || mine[1].MilesTenths != 1505 || mine[0].Note != "odometer" || fuel[0].Gallons != 50_000 || !fuel[0].TaxPaid || fuel[1].TaxPaid {
			t.Fatalf("entries %+v / %+v / %+v", mine, theirs, fuel)
		}
		if err := svc.DeleteMiles(ctx, other.ID, mine[0].ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("deleting another company's entry = %v", err)
		}
		if err := svc.DeleteFuel(ctx, other.ID, fuel[0].ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("deleting another company's fuel = %v", err)
		}

		// A purchase is never counted twice: the same off-card entry again, or
		// one that is the card purchase of that day.
		again := ifta.FuelInput{CompanyID: f.Company.ID, UserID: owner, UnitNumber: "U-1", Date: "2025-02-03", Jurisdiction: "GA", Gallons: "50.000", FuelType: "diesel", TaxPaid: true}
		if _, err := svc.AddFuel(ctx, again); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("the same entry twice = %v", err)
		}
		card := ifta.FuelInput{CompanyID: f.Company.ID, UserID: owner, UnitNumber: "U-1", Date: "2025-03-14", Jurisdiction: "FL", Gallons: "100", FuelType: "diesel", TaxPaid: true}
		if _, err := svc.AddFuel(ctx, card); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("the card purchase entered by hand = %v", err)
		}
		card.CompanyID = other.ID // not the other company's purchase
		if _, err := svc.AddFuel(ctx, card); err != nil {
			t.Fatalf("another company's own entry = %v", err)
		}

		// Deleting an entry of an open quarter takes it out of the return.
		if err := svc.DeleteMiles(ctx, f.Company.ID, mine[1].ID); err != nil {
			t.Fatal(err)
		}
		ret, _ = svc.Return(ctx, f.Company.ID, 2025, 1, "diesel")
		if ret.TotalMiles != 885 {
			t.Fatalf("after delete total miles = %d", ret.TotalMiles)
		}
	})
}

func TestIFTAEntries_BadInputIsFieldErrors(t *testing.T) {
	db := storetest.OpenSQLite(t)
	clock := storetest.NewClock(db)
	svc := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
	ctx := context.Background()
	for _, tt := range []struct {
		name  string
		in    ifta.MilesInput
		field string
	}{
		{"no unit", ifta.MilesInput{Date: "2025-01-02", Jurisdiction: "TX", Miles: "10"}, "unitNumber"},
		{"DC is not a member", ifta.MilesInput{UnitNumber: "1", Date: "2025-01-02", Jurisdiction: "DC", Miles: "10"}, "jurisdiction"},
		{"future date", ifta.MilesInput{UnitNumber: "1", Date: "2025-06-02", Jurisdiction: "TX", Miles: "10"}, "date"},
		{"before 2000", ifta.MilesInput{UnitNumber: "1", Date: "1999-12-31", Jurisdiction: "TX", Miles: "10"}, "date"},
		{"not a date", ifta.MilesInput{UnitNumber: "1", Date: "2025-02-30", Jurisdiction: "TX", Miles: "10"}, "date"},
		{"zero miles", ifta.MilesInput{UnitNumber: "1", Date: "2025-01-02", Jurisdiction: "TX", Miles: "0"}, "miles"},
		{"too many miles", ifta.MilesInput{UnitNumber: "1", Date: "2025-01-02", Jurisdiction: "TX", Miles: "50000.1"}, "miles"},
		{"negative miles", ifta.MilesInput{UnitNumber: "1", Date: "2025-01-02", Jurisdiction: "TX", Miles: "-3"}, "miles"},
		{"miles not a number", ifta.MilesInput{UnitNumber: "1", Date: "2025-01-02", Jurisdiction: "TX", Miles: "1e3"}, "miles"},
		{"long note", ifta.MilesInput{UnitNumber: "1", Date: "2025-01-02", Jurisdiction: "TX", Miles: "1", Note: strings.Repeat("n", 256)}, "note"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := svc.AddMiles(ctx, tt.in)
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID || len(fuelportal.ErrorFields(err)[tt.field]) == 0 {
				t.Fatalf("AddMiles = %v (fields %v)", err, fuelportal.ErrorFields(err))
			}
		})
	}
	_, err := svc.AddFuel(ctx, ifta.FuelInput{UnitNumber: "1", Date: "2025-01-02", Jurisdiction: "TX", Gallons: "20000.001", FuelType: "kerosene"})
	if f := fuelportal.ErrorFields(err); len(f["gallons"]) == 0 || len(f["fuelType"]) == 0 {
		t.Fatalf("AddFuel = %v", err)
	}
	_, err = svc.Return(ctx, 1, 1999, 5, "jet")
	if f := fuelportal.ErrorFields(err); len(f["year"]) == 0 || len(f["quarter"]) == 0 || len(f["fuelType"]) == 0 {
		t.Fatalf("Return = %v", err)
	}
}
