package http

import (
	"context"
	"math"
	"regexp"
	"strings"
	"time"

	"fuelportal"
)

// Numbers on the wire: money in dollars with 2 decimals (the server keeps
// cents), distances and quantities rounded for display (docs/api.md).

// dollars converts cents to dollars for an answer.
func dollars(cents int64) float64 { return float64(cents) / 100 }

// round1 rounds to one decimal.
func round1(x float64) float64 { return math.Round(x*10) / 10 }

// miles rounds a distance for the wire (hundredths of a mile).
func miles(x float64) *float64 {
	r := math.Round(x*100) / 100
	return &r
}

// Times on the wire (docs/api.md): every instant in an answer is RFC 3339
// in UTC with Z (fuelportal.WireTime); a time in a query is an instant when
// it carries Z or an offset, and otherwise a wall-clock date or time read
// in the company's time zone (its card controls' zone).

// queryTime parses a query's date or time v, reading a wall-clock one in
// loc; dateOnly reports a date alone (its midnight in loc).
func queryTime(v string, loc *time.Location) (t time.Time, dateOnly bool, err error) {
	v = strings.TrimSpace(v)
	// An unescaped "+" of an offset arrives as a space: 2026-11-22T00:00:00 01:00.
	if m := plusAsSpace.FindStringSubmatchIndex(v); m != nil {
		v = v[:m[6]] + "+" + v[m[7]:]
	}
	t, zoned, err := fuelportal.ParseTransactionTime(v)
	if err != nil || zoned {
		return t, false, err
	}
	_, err = time.Parse("2006-01-02", strings.TrimSpace(v))
	return fuelportal.WallClockIn(t, loc), err == nil, nil
}

var plusAsSpace = regexp.MustCompile(`T\d{2}:\d{2}(:\d{2}(\.\d+)?)?( )\d{2}:\d{2}$`)

// companyLocation is the time zone the company's days are counted in.
func (s *Server) companyLocation(ctx context.Context, companyID int64) (*time.Location, error) {
	c, err := s.controlsStore.CompanyControls(ctx, companyID)
	if err != nil {
		return nil, err
	}
	return c.Location(), nil
}

// nextDay returns the start of the day after the one that starts at
// midnight in loc.
func nextDay(midnight time.Time, loc *time.Location) time.Time {
	l := midnight.In(loc)
	return fuelportal.WallClockIn(time.Date(l.Year(), l.Month(), l.Day()+1, 0, 0, 0, 0, time.UTC), loc)
}
