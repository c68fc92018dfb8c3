package main

import (
	"strings"
	"testing"
)

// The stand-in journal lives beside a SQLite file, under data/ named after
// a PostgreSQL database (two databases never share one), and nowhere for a
// database in memory.
func TestDefaultStandInJournal(t *testing.T) {
	for _, c := range []struct{ dsn, want string }{
		{"sqlite:data/fuelportal.db", "data/fuelportal.db-standin"},
		{"sqlite:/var/lib/fp/fp.db?_pragma=x", "/var/lib/fp/fp.db-standin"},
		{"sqlite::memory:", ""},
		{"sqlite:file:x?mode=memory", ""},
	} {
		if got := defaultStandInJournal(c.dsn); got != c.want {
			t.Errorf("%s: %q, want %q", c.dsn, got, c.want)
		}
	}
	a := defaultStandInJournal("postgres://u@h/one")
	b := defaultStandInJournal("postgres://u@h/two")
	if !strings.HasPrefix(a, "data/standin-") || a == b {
		t.Errorf("PostgreSQL journals %q and %q: want two under data/", a, b)
	}
}
