package accounting

import "testing"

func TestSafeCell_NeutralisesFormulasNotAmounts(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`=HYPERLINK("http://x","y")`, `'=HYPERLINK("http://x","y")`},
		{"+1+2", "'+1+2"},
		{"-A1", "'-A1"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\tcmd", "'\tcmd"},
		{"\rcmd", "'\rcmd"},
		{"-123.45", "-123.45"},
		{"Fuel:Linehaul", "Fuel:Linehaul"},
		{"", ""},
	} {
		if got := SafeCell(c.in); got != c.want {
			t.Errorf("SafeCell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
