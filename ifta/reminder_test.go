package ifta

import (
	"testing"
	"time"
)

func TestReminderStage(t *testing.T) {
	due := time.Date(2027, 1, 31, 0, 0, 0, 0, time.UTC)
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	for _, c := range []struct {
		today       string
		stage, left int
		ok          bool
	}{
		{"2026-12-31", 0, 31, false},
		{"2027-01-01", 30, 30, true},
		{"2027-01-15", 30, 16, true}, // between stages: the 30-day one (sent once)
		{"2027-01-24", 7, 7, true},
		{"2027-01-26", 7, 5, true},
		{"2027-01-30", 1, 1, true},
		{"2027-01-31", 1, 0, true}, // due today: the last reminder if it was missed
		{"2027-02-01", 0, -1, false},
	} {
		stage, left, ok := ReminderStage(due, day(c.today))
		if stage != c.stage || left != c.left || ok != c.ok {
			t.Errorf("%s: stage %d, %d days left, %v; want %d, %d, %v", c.today, stage, left, ok, c.stage, c.left, c.ok)
		}
	}
}
