package store_test

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/ifta"
	"fuelportal/jurisdiction"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/telematics"
)

// thinningDrive is a day of unit's positions, a fix every 10 s, crossing
// midnight in Chicago (the company's zone) on 2024-11-05/06: a drive
// weaving west from Atlanta into Alabama (the road's curves: a straight
// line between thinned fixes would measure fewer miles), forty minutes
// parked at Birmingham with the GPS jittering, two hours without a fix
// (a gap), then half an hour east. One fix of the drive teleports (a
// jump, dropped).
func thinningDrive(unit string) (all []telematics.Position, track []telematics.Position) {
	start := time.Date(2024, 11, 6, 3, 30, 0, 0, time.UTC) // 21:30 in Chicago
	at := start
	add := func(lat, lon float64) {
		p := telematics.Position{DeviceUniqueID: unit, FixTime: at, Lat: lat, Lon: lon}
		all, track = append(all, p), append(track, p)
		at = at.Add(10 * time.Second)
	}
	const driveFixes = 900 // 2.5 hours
	for i := range driveFixes {
		f := float64(i) / driveFixes
		add(33.75-0.23*f+0.01*math.Sin(float64(i)/3), -84.39-2.41*f)
		if i == 400 {
			all = append(all, telematics.Position{DeviceUniqueID: unit, FixTime: at.Add(-5 * time.Second), Lat: 40.7, Lon: -74.0})
		}
	}
	for i := range 240 { // parked 40 minutes
		add(33.52+0.00003*math.Sin(float64(i)), -86.80+0.00003*math.Cos(float64(i)))
	}
	at = at.Add(2 * time.Hour)
	for i := range 180 { // half an hour east
		add(33.52, -86.80+0.5*float64(i)/180)
	}
	return all, track
}

func ingestAll(t *testing.T, tlm *telematics.Service, companyID int64, positions []telematics.Position) {
	t.Helper()
	for start := 0; start < len(positions); start += telematics.MaxPositions {
		if _, err := tlm.Ingest(context.Background(), companyID, positions[start:min(start+telematics.MaxPositions, len(positions))]); err != nil {
			t.Fatal(err)
		}
	}
}

// milesRows reads a vehicle's rolled-up miles exactly as stored.
func milesRows(t *testing.T, db *store.DB, vehicleID int64) []string {
	t.Helper()
	rows, err := store.SQLDB(db).Query(`SELECT date, jurisdiction, miles, bridged_miles FROM telematics_miles WHERE vehicle_id = ` + fmt.Sprint(vehicleID) + ` ORDER BY date, jurisdiction`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var date, code string
		var miles, bridged float64
		if err := rows.Scan(&date, &code, &miles, &bridged); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %s %v %v", date, code, miles, bridged))
	}
	return out
}

// storedFixes reads a vehicle's stored positions in time order.
func storedFixes(t *testing.T, db *store.DB, vehicleID int64) []telematics.Position {
	t.Helper()
	rows, err := store.SQLDB(db).Query(`SELECT fix_time, latitude, longitude FROM telematics_positions WHERE vehicle_id = ` + fmt.Sprint(vehicleID) + ` ORDER BY fix_time`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []telematics.Position
	for rows.Next() {
		var p telematics.Position
		var at any
		if err := rows.Scan(&at, &p.Lat, &p.Lon); err != nil {
			t.Fatal(err)
		}
		switch v := at.(type) {
		case time.Time:
			p.FixTime = v.UTC()
		case string:
			p.FixTime, err = time.Parse("2006-01-02 15:04:05.999999999-07:00", v)
			if err != nil {
				p.FixTime, err = time.Parse(time.RFC3339Nano, v)
			}
			if err != nil {
				t.Fatalf("fix time %q: %v", v, err)
			}
			p.FixTime = p.FixTime.UTC()
		default:
			t.Fatalf("fix time %T", at)
		}
		out = append(out, p)
	}
	return out
}

// TestTelematics_ThinningKeepsTheIFTAMilesExact: positions over 90 days
// old are thinned to a fix per 10 minutes of driving, every border
// crossing and each day's first and last; the rolled-up miles, the
// mileage record and the IFTA return stay exactly as they were. A late
// fix falling into the thinned stretch changes nothing; one falling into
// a gap whose ends were neighbours is rolled up as before, and thinned
// again.
func TestTelematics_ThinningKeepsTheIFTAMilesExact(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 15:00 UTC: the drive is 128 days old
		tlm := telematics.New(telematics.Deps{Store: db, Now: clock.Now})
		returns := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		u1 := storetest.AddVehicle(t, db, f.Company.ID, "U-1", fuelportal.FuelDiesel)
		all, track := thinningDrive("U-1")
		ingestAll(t, tlm, f.Company.ID, all)
		// A recent drive stays at full rate.
		storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", time.Date(2025, 3, 13, 15, 0, 0, 0, time.UTC), storetest.AtlantaEast)

		milesBefore := milesRows(t, db, u1.ID)
		mileageBefore, err := tlm.Mileage(ctx, f.Company.ID, u1.ID, "2024-11-01", "2024-11-30")
		if err != nil {
			t.Fatal(err)
		}
		returnBefore, err := returns.Return(ctx, f.Company.ID, 2024, 4, "diesel")
		if err != nil {
			t.Fatal(err)
		}
		if len(storedFixes(t, db, u1.ID)) != len(all)+2 {
			t.Fatalf("stored %d", len(storedFixes(t, db, u1.ID)))
		}
		codes := map[string]bool{}
		for _, m := range milesBefore {
			codes[m[11:13]] = true
		}
		if !codes["GA"] || !codes["AL"] {
			t.Fatalf("the drive should cross from Georgia into Alabama: %v", milesBefore)
		}

		res, err := tlm.Retain(ctx)
		if err != nil {
			t.Fatal(err)
		}
		kept := storedFixes(t, db, u1.ID)
		if res.Thinned != int64(len(all)+2-len(kept)) || res.Expired != 0 {
			t.Fatalf("retention %+v, %d of %d left", res, len(kept), len(all)+2)
		}
		// 2.5 h of driving and half an hour: about 18 fixes, plus the
		// border, the days, the stop and the gap's ends.
		// PostgreSQL rewrites the thinned months (November 2024 at least).
		if db.Engine() == store.Postgres && res.Compacted == 0 || db.Engine() != store.Postgres && res.Compacted != 0 {
			t.Fatalf("compacted %d months", res.Compacted)
		}
		if len(kept) > 60 {
			t.Fatalf("%d positions left of %d", len(kept), len(all)+2)
		}
		if got := milesRows(t, db, u1.ID); !slices.Equal(got, milesBefore) {
			t.Fatalf("miles changed:\n%v\n%v", milesBefore, got)
		}
		mileageAfter, err := tlm.Mileage(ctx, f.Company.ID, u1.ID, "2024-11-01", "2024-11-30")
		if err != nil || !reflect.DeepEqual(mileageAfter, mileageBefore) {
			t.Fatalf("mileage record changed: %+v, %v", mileageAfter, err)
		}
		returnAfter, err := returns.Return(ctx, f.Company.ID, 2024, 4, "diesel")
		if err != nil || !reflect.DeepEqual(returnAfter.Rows, returnBefore.Rows) || returnAfter.TotalMiles != returnBefore.TotalMiles {
			t.Fatalf("return changed: %+v, %v", returnAfter, err)
		}

		// What is kept: every border crossing's two fixes, each Chicago
		// day's first and last, and no 10 minutes of driving without a fix.
		isKept := map[time.Time]bool{}
		for _, p := range kept {
			isKept[p.FixTime] = true
		}
		chicago, _ := time.LoadLocation("America/Chicago")
		for i := 1; i < len(track); i++ {
			a, b := track[i-1], track[i]
			ja, _ := jurisdiction.Of(a.Lat, a.Lon)
			jb, _ := jurisdiction.Of(b.Lat, b.Lon)
			if ja != jb && (!isKept[a.FixTime] || !isKept[b.FixTime]) {
				t.Errorf("border crossing %s→%s at %s not kept", ja, jb, b.FixTime)
			}
			if a.FixTime.In(chicago).Day() != b.FixTime.In(chicago).Day() && (!isKept[a.FixTime] || !isKept[b.FixTime]) {
				t.Errorf("the day's last and first fixes at %s not kept", b.FixTime)
			}
		}
		for i := 1; i < len(kept); i++ {
			a, b := kept[i-1], kept[i]
			if b.FixTime.Sub(a.FixTime) <= telematics.ThinnedEvery || b.FixTime.After(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)) {
				continue
			}
			for _, p := range track { // longer: parked, or nothing between them
				if p.FixTime.After(a.FixTime) && p.FixTime.Before(b.FixTime) &&
					geo.DistanceMiles(geo.Point{Lat: a.Lat, Lon: a.Lon}, geo.Point{Lat: p.Lat, Lon: p.Lon}) > telematics.StillMiles {
					t.Fatalf("%s of driving from %s without a fix kept", b.FixTime.Sub(a.FixTime), a.FixTime)
				}
			}
		}
		// The recent drive is untouched.
		if !isKept[time.Date(2025, 3, 13, 15, 0, 0, 0, time.UTC)] || !isKept[time.Date(2025, 3, 13, 15, 20, 0, 0, time.UTC)] {
			t.Fatal("the recent drive was thinned")
		}

		// A fix resent late into the thinned drive, and one nearby: not
		// stored, the miles are final.
		var thinnedOut telematics.Position
		for _, p := range track[100:] {
			if !isKept[p.FixTime] {
				thinnedOut = p
				break
			}
		}
		moved := thinnedOut
		moved.FixTime, moved.Lat = moved.FixTime.Add(time.Second), moved.Lat+0.01
		late, err := tlm.Ingest(ctx, f.Company.ID, []telematics.Position{thinnedOut, moved})
		if err != nil || late.IntoThinned != 2 || late.Stored != 0 {
			t.Fatalf("late into the thinned stretch: %+v, %v", late, err)
		}
		if got := milesRows(t, db, u1.ID); !slices.Equal(got, milesBefore) {
			t.Fatalf("miles changed by a late fix:\n%v\n%v", milesBefore, got)
		}
		if n := len(storedFixes(t, db, u1.ID)); n != len(kept) {
			t.Fatalf("%d positions after the late fixes, want %d", n, len(kept))
		}

		// A fix into the two hours without one: its neighbours were
		// neighbours, so their segment is taken back exactly.
		gapEnd := track[len(track)-180]
		gapStart := track[len(track)-181]
		inGap := telematics.Position{DeviceUniqueID: "U-1", FixTime: gapStart.FixTime.Add(time.Hour), Lat: 33.60, Lon: -86.70}
		want := map[string]float64{}
		fix := func(p telematics.Position) *fuelportal.TelematicsFix {
			return &fuelportal.TelematicsFix{FixTime: p.FixTime, Lat: p.Lat, Lon: p.Lon}
		}
		for code, m := range telematics.SegmentMiles(fix(gapStart), fix(inGap)) {
			want[code] += m
		}
		for code, m := range telematics.SegmentMiles(fix(inGap), fix(gapEnd)) {
			want[code] += m
		}
		for code, m := range telematics.SegmentMiles(fix(gapStart), fix(gapEnd)) {
			want[code] -= m
		}
		before, err := tlm.Mileage(ctx, f.Company.ID, u1.ID, "2024-11-06", "2024-11-06")
		if err != nil {
			t.Fatal(err)
		}
		late, err = tlm.Ingest(ctx, f.Company.ID, []telematics.Position{inGap})
		if err != nil || late.IntoThinned != 0 || late.Stored != 1 {
			t.Fatalf("late into the gap: %+v, %v", late, err)
		}
		after, err := tlm.Mileage(ctx, f.Company.ID, u1.ID, "2024-11-06", "2024-11-06")
		if err != nil || math.Abs(after.TotalMiles-before.TotalMiles-want["AL"]) > 0.11 || want["AL"] < 5 {
			t.Fatalf("the gap's fix added %.2f miles, want %.2f (%v)", after.TotalMiles-before.TotalMiles, want["AL"], err)
		}
		// It is thinned again on the next run, the miles as they are.
		milesNow := milesRows(t, db, u1.ID)
		if _, err := tlm.Retain(ctx); err != nil {
			t.Fatal(err)
		}
		if got := milesRows(t, db, u1.ID); !slices.Equal(got, milesNow) {
			t.Fatalf("miles changed by thinning again:\n%v\n%v", milesNow, got)
		}
		// Thinning again thins nothing more.
		left := len(storedFixes(t, db, u1.ID))
		if res, err := tlm.Retain(ctx); err != nil || res.Thinned != 0 || len(storedFixes(t, db, u1.ID)) != left {
			t.Fatalf("a second run: %+v, %v", res, err)
		}
	})
}

// TestTelematics_RetentionDropsWholeMonths: on PostgreSQL the positions
// are partitioned by month and the months wholly past the four years are
// dropped; on both engines the positions past them are gone and the
// mileage record stays.
func TestTelematics_RetentionDropsWholeMonths(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 15:00 UTC
		tlm := telematics.New(telematics.Deps{Store: db, Now: clock.Now})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		u1 := storetest.AddVehicle(t, db, f.Company.ID, "U-1", fuelportal.FuelDiesel)
		storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", time.Date(2021, 3, 20, 15, 0, 0, 0, time.UTC), storetest.AtlantaEast)
		storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", time.Date(2021, 4, 20, 15, 0, 0, 0, time.UTC), storetest.AtlantaEast)
		storetest.IngestDrive(t, tlm, f.Company.ID, "U-1", time.Date(2025, 3, 13, 15, 0, 0, 0, time.UTC), storetest.AtlantaEast)
		month := func(y int, m time.Month) time.Time { return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC) }

		parts, err := db.PositionPartitions(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if db.Engine() == store.Postgres {
			for _, m := range []time.Time{month(2021, 3), month(2021, 4), month(2025, 3)} {
				if !slices.ContainsFunc(parts, m.Equal) {
					t.Fatalf("no partition for %s: %v", m, parts)
				}
			}
		} else if len(parts) != 0 {
			t.Fatalf("SQLite has one table: %v", parts)
		}

		// 2025-04-10: March 2021 is wholly past the four years, April 2021
		// in part (its positions of the 20th are not).
		clock.Advance(time.Date(2025, 4, 10, 15, 0, 0, 0, time.UTC).Sub(clock.Now()))
		res, err := tlm.Retain(ctx)
		if err != nil || res.Expired != 2 {
			t.Fatalf("retention %+v, %v; want March 2021's two positions expired", res, err)
		}
		parts, err = db.PositionPartitions(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if db.Engine() == store.Postgres {
			if slices.ContainsFunc(parts, month(2021, 3).Equal) || !slices.ContainsFunc(parts, month(2021, 4).Equal) {
				t.Fatalf("partitions after retention: %v", parts)
			}
			// The months ahead are made before their fixes come.
			for _, m := range []time.Time{month(2025, 4), month(2025, 5), month(2025, 6)} {
				if !slices.ContainsFunc(parts, m.Equal) {
					t.Fatalf("no partition made ahead for %s: %v", m, parts)
				}
			}
		}
		fixes := storedFixes(t, db, u1.ID)
		if len(fixes) != 4 || fixes[0].FixTime.Before(month(2021, 4)) {
			t.Fatalf("positions left %v", fixes)
		}
		m, err := tlm.Mileage(ctx, f.Company.ID, u1.ID, "2021-03-20", "2021-03-20")
		if err != nil || len(m.Days) != 1 || math.Abs(m.TotalMiles-storetest.DriveMiles) > 0.051 {
			t.Fatalf("March 2021's record %+v, %v", m, err)
		}
		// A fix in a dropped month is refused as before the four years.
		_, err = tlm.Ingest(ctx, f.Company.ID, []telematics.Position{{DeviceUniqueID: "U-1", FixTime: time.Date(2021, 3, 21, 0, 0, 0, 0, time.UTC), Lat: 33.75, Lon: -84.39}})
		if fe := fuelportal.ErrorFields(err); fe["positions[0].fixTime"] == nil {
			t.Fatalf("fix in a dropped month: %v", err)
		}
	})
}
