package ifta

import (
	"fmt"
	"time"
)

// DueDate is the day a quarter's return is due: the last day of the month
// after the quarter (April 30, July 31, October 31, and January 31 of the
// next year), as midnight UTC of that date. IFTA accepts a return due on a
// weekend or legal holiday on the next business day; DueDate does not move
// it. An error for a quarter outside 1–4 or a year outside 2000–2100.
func DueDate(year, quarter int) (time.Time, error) {
	if err := checkPeriod(year, quarter); err != nil {
		return time.Time{}, err
	}
	// Day 0 of the month after next is the last day of the month after the
	// quarter.
	return time.Date(year, time.Month(3*quarter+2), 0, 0, 0, 0, 0, time.UTC), nil
}

// quarterEnd is the first instant after the quarter, UTC.
func quarterEnd(year, quarter int) time.Time {
	return time.Date(year, time.Month(3*quarter+1), 1, 0, 0, 0, 0, time.UTC)
}

func checkPeriod(year, quarter int) error {
	if year < 2000 || year > 2100 {
		return fmt.Errorf("year must be from 2000 to 2100, not %d", year)
	}
	if quarter < 1 || quarter > 4 {
		return fmt.Errorf("quarter must be from 1 to 4, not %d", quarter)
	}
	return nil
}
