package ifta

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Cents is an amount of US money in cents. On the wire it is a JSON number
// of dollars with two decimals (-7.10), written from the integer so no
// float rounding can creep in.
type Cents int64

// MarshalJSON writes c as dollars with two decimals.
func (c Cents) MarshalJSON() ([]byte, error) { return []byte(fixed(int64(c), 2)), nil }

func (c Cents) String() string { return "$" + fixed(int64(c), 2) }

// PerGallon is a tax rate or surcharge in ten-thousandths of a US dollar per
// US gallon (IFTA publishes rates to four decimals). On the wire it is a
// JSON number with four decimals (0.2850).
type PerGallon int64

// MarshalJSON writes r as dollars with four decimals.
func (r PerGallon) MarshalJSON() ([]byte, error) { return []byte(fixed(int64(r), 4)), nil }

func (r PerGallon) String() string { return "$" + fixed(int64(r), 4) + "/gal" }

// MPG is miles per gallon in hundredths (the return rounds it to two
// decimals). On the wire it is a JSON number with two decimals (6.05).
type MPG int64

// MarshalJSON writes m with two decimals.
func (m MPG) MarshalJSON() ([]byte, error) { return []byte(fixed(int64(m), 2)), nil }

func (m MPG) String() string { return fixed(int64(m), 2) }

// fixed writes v / 10^decimals with exactly that many decimals.
func fixed(v int64, decimals int) string {
	sign := ""
	u := uint64(v)
	if v < 0 {
		sign, u = "-", uint64(-v) // -MinInt64 wraps to itself, read as unsigned: still right
	}
	s := strconv.FormatUint(u, 10)
	for len(s) <= decimals {
		s = "0" + s
	}
	return sign + s[:len(s)-decimals] + "." + s[len(s)-decimals:]
}

// divRound is a / b rounded to the nearest integer, halves away from zero;
// b must be positive.
func divRound(a, b int64) int64 {
	q, r := a/b, a%b
	if r < 0 {
		r = -r
	}
	if 2*r >= b {
		if a < 0 {
			q--
		} else {
			q++
		}
	}
	return q
}

// maxQuantity bounds miles and gallons (a billion), so that products with
// rates and hundredths stay far inside int64.
const maxQuantity = 1e9

// whole rounds a quantity of miles or gallons to a whole number, halves
// away from zero.
func whole(field string, v float64) (int64, error) {
	if math.IsNaN(v) || v < 0 || v > maxQuantity {
		return 0, fmt.Errorf("%s must be a number from 0 to %.0f, not %v", field, maxQuantity, v)
	}
	return int64(math.Round(v)), nil
}

// UnmarshalJSON reads dollars with at most two decimals (a closed return
// read back from its stored JSON).
func (c *Cents) UnmarshalJSON(b []byte) error {
	v, err := parseFixed(b, 2)
	*c = Cents(v)
	return err
}

// UnmarshalJSON reads dollars a gallon with at most four decimals.
func (r *PerGallon) UnmarshalJSON(b []byte) error {
	v, err := parseFixed(b, 4)
	*r = PerGallon(v)
	return err
}

// UnmarshalJSON reads miles per gallon with at most two decimals.
func (m *MPG) UnmarshalJSON(b []byte) error {
	v, err := parseFixed(b, 2)
	*m = MPG(v)
	return err
}

// parseFixed reads a JSON number such as -7.10 as an integer of
// 10^-decimals units, exactly: no float on the way.
func parseFixed(b []byte, decimals int) (int64, error) {
	s := string(b)
	neg := strings.HasPrefix(s, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	if whole == "" || len(frac) > decimals || len(whole) > 15 || !digits(whole) || !digits(frac) {
		return 0, fmt.Errorf("%q is not a number with at most %d decimals", s, decimals)
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt((frac + "0000")[:decimals], 10, 64)
	}
	scale := int64(1)
	for range decimals {
		scale *= 10
	}
	v := w*scale + f
	if neg {
		v = -v
	}
	return v, nil
}
