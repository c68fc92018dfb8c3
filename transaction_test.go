package fuelportal

import (
	"testing"
	"time"
)

func TestWallClockIn_DaylightSavingChanges(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	denver, _ := time.LoadLocation("America/Denver")
	phoenix, _ := time.LoadLocation("America/Phoenix")
	wall := func(s string) time.Time {
		w, zoned, err := ParseTransactionTime(s)
		if err != nil || zoned {
			t.Fatalf("%s: %v %v", s, zoned, err)
		}
		return w
	}
	for _, c := range []struct {
		name  string
		wall  string
		loc   *time.Location
		want  string
		local string // the clock's reading of the result
	}{
		{"standard time", "2026-11-20T09:52:00", chicago, "2026-11-20T15:52:00Z", "09:52 CST"},
		{"daylight time", "2026-07-04T09:52:00", chicago, "2026-07-04T14:52:00Z", "09:52 CDT"},
		{"Mountain time", "2026-11-20T21:30:00", denver, "2026-11-21T04:30:00Z", "21:30 MST"},
		{"Arizona keeps standard time in summer", "2026-07-04T09:52:00", phoenix, "2026-07-04T16:52:00Z", "09:52 MST"},
		{"before the spring-forward gap", "2026-03-08T01:59:00", chicago, "2026-03-08T07:59:00Z", "01:59 CST"},
		{"in the gap: read with the offset before it", "2026-03-08T02:30:00", chicago, "2026-03-08T08:30:00Z", "03:30 CDT"},
		{"after the gap", "2026-03-08T03:00:00", chicago, "2026-03-08T08:00:00Z", "03:00 CDT"},
		{"the repeated hour: the first time", "2026-11-01T01:30:00", chicago, "2026-11-01T06:30:00Z", "01:30 CDT"},
		{"after the repeated hour", "2026-11-01T02:00:00", chicago, "2026-11-01T08:00:00Z", "02:00 CST"},
		{"a date alone is its midnight", "2026-11-01", chicago, "2026-11-01T05:00:00Z", "00:00 CDT"},
		{"fractions of a second are kept", "2026-11-20T09:52:00.25", chicago, "2026-11-20T15:52:00.25Z", "09:52 CST"},
	} {
		got := WallClockIn(wall(c.wall), c.loc)
		if got.Format(time.RFC3339Nano) != c.want || got.In(c.loc).Format("15:04 MST") != c.local {
			t.Errorf("%s: %s in %s = %s (%s), want %s (%s)", c.name, c.wall, c.loc, got.Format(time.RFC3339Nano), got.In(c.loc).Format("15:04 MST"), c.want, c.local)
		}
	}
}

func TestParseTransactionTime_ZoneOrWallClock(t *testing.T) {
	for _, c := range []struct {
		in    string
		zoned bool
		want  string // UTC for an instant; the wall clock's fields otherwise
	}{
		{"2026-11-21T14:03:00", false, "2026-11-21T14:03:00Z"},
		{"2026-11-21 14:03:00", false, "2026-11-21T14:03:00Z"},
		{"2026-11-21T14:03", false, "2026-11-21T14:03:00Z"},
		{"2026-11-21", false, "2026-11-21T00:00:00Z"},
		{"2026-11-21T14:03:00Z", true, "2026-11-21T14:03:00Z"},
		{"2026-11-21T14:03:00-06:00", true, "2026-11-21T20:03:00Z"},
		{" 2026-11-21T14:03:00+01:00 ", true, "2026-11-21T13:03:00Z"},
	} {
		got, zoned, err := ParseTransactionTime(c.in)
		if err != nil || zoned != c.zoned || got.Format(time.RFC3339) != c.want {
			t.Errorf("%q: %s zoned %v (%v), want %s zoned %v", c.in, got.Format(time.RFC3339), zoned, err, c.want, c.zoned)
		}
	}
	for _, bad := range []string{"", "yesterday", "2026-13-01", "2026-11-21T25:00:00", "2026-11-21T14:03:00 CST", "1700000000"} {
		if _, _, err := ParseTransactionTime(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestCardPurchase_InstantReadsTheStationClockOnlyWhenToldTo(t *testing.T) {
	denver, _ := time.LoadLocation("America/Denver")
	at := time.Date(2026, 11, 20, 21, 30, 0, 0, time.UTC)
	station := CardPurchase{TransactionDate: at, StationClock: true}
	instant := CardPurchase{TransactionDate: at}
	if got := station.Instant(denver); !got.Equal(at.Add(7 * time.Hour)) {
		t.Errorf("station clock: %v", got)
	}
	if got := instant.Instant(denver); !got.Equal(at) {
		t.Errorf("instant: %v", got)
	}
}

// A day range (the accounting export's, the QuickBooks push's): both days
// required and from 2000 to 2099, to not before from, at most maxDays
// days; the instants are the days' bounds in the zone, DST included.
func TestDayRange(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	for _, tc := range []struct {
		from, to string
		fields   []string
	}{
		{"", "", []string{"from", "to"}},
		{"2026-13-01", "2026-11-30", []string{"from"}},
		{"1999-12-31", "2000-01-01", []string{"from"}},
		{"2026-11-30", "2026-11-01", []string{"to"}},
		{"2026-01-01", "2027-01-01", []string{"to"}}, // 366 days
		{"2026-01-01", "2026-12-31", nil},
	} {
		_, _, err := DayRange(tc.from, tc.to, chicago, 365)
		fields := ErrorFields(err)
		if len(fields) != len(tc.fields) {
			t.Errorf("%s..%s: %v, want errors on %v", tc.from, tc.to, err, tc.fields)
		}
		for _, f := range tc.fields {
			if len(fields[f]) == 0 {
				t.Errorf("%s..%s: no error on %s: %v", tc.from, tc.to, f, err)
			}
		}
	}
	start, end, err := DayRange("2026-03-08", "2026-03-08", chicago, 1) // the day clocks spring forward: 23 hours
	if err != nil || !start.Equal(time.Date(2026, 3, 8, 6, 0, 0, 0, time.UTC)) || !end.Equal(time.Date(2026, 3, 9, 5, 0, 0, 0, time.UTC).Add(-time.Nanosecond)) {
		t.Fatalf("DayRange = %s, %s, %v", start, end, err)
	}
}
