package ifta

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"fuelportal/jurisdiction"
)

// FuelType is the fuel a return is for.
type FuelType string

const (
	Diesel   FuelType = "diesel"
	Gasoline FuelType = "gasoline"
)

// Valid reports whether f is diesel or gasoline.
func (f FuelType) Valid() bool { return f == Diesel || f == Gasoline }

// RateKey names one published rate: a quarter, a member jurisdiction and a
// fuel.
type RateKey struct {
	Year, Quarter int
	Jurisdiction  string
	FuelType      FuelType
}

// Rate is a jurisdiction's tax rate and surcharge for one fuel and quarter.
type Rate struct {
	Rate      PerGallon // on net taxable gallons (a credit when negative)
	Surcharge PerGallon // on all taxable gallons, no credit (Indiana, Kentucky, Virginia)
}

// Rates are the published rates by quarter, jurisdiction and fuel. A
// jurisdiction that collects no tax on a fuel through IFTA (Oregon's
// diesel) has a rate of 0; one with no entry is missing a rate.
type Rates map[RateKey]Rate

// Bounds of a rate file.
const (
	MaxRatesBytes = 1 << 20
	MaxRatesRows  = 10_000
	// maxRate bounds a rate or surcharge: $100.0000 a gallon.
	maxRate = 100_0000
)

var ratesHeader = []string{"year", "quarter", "jurisdiction", "fuelType", "rate", "surcharge"}

// MaxRatesLineErrors bounds the bad lines a rate file's error lists.
const MaxRatesLineErrors = 20

// LineError is one bad line of a rate file (Line 0: the file as a whole).
type LineError struct {
	Line    int
	Message string
}

// RatesFileError lists a rate file's bad lines in order, at most
// MaxRatesLineErrors of them.
type RatesFileError struct{ Lines []LineError }

func (e *RatesFileError) Error() string {
	parts := make([]string, len(e.Lines))
	for i, l := range e.Lines {
		parts[i] = l.Message
		if l.Line > 0 {
			parts[i] = fmt.Sprintf("line %d: %s", l.Line, l.Message)
		}
	}
	return strings.Join(parts, "; ")
}

// ParseRatesCSV reads a rate file (docs/ifta.md): a header row
// "year,quarter,jurisdiction,fuelType,rate,surcharge", then one row per
// quarter, member jurisdiction and fuel, with rate and surcharge in US
// dollars per US gallon to at most four decimals (an empty surcharge is
// 0; a rate of 0 is a rate). Lines starting with # are comments. The file
// may hold at most MaxRatesBytes and MaxRatesRows rows. Its error is a
// *RatesFileError naming every bad row's line (up to MaxRatesLineErrors):
// an unknown or non-member jurisdiction, a fuel type other than diesel or
// gasoline, a quarter outside 1–4, a year outside 2000–2100, a malformed
// or negative amount, more than four decimals, or a second row for the
// same quarter, jurisdiction and fuel. A missing or wrong header, broken
// CSV quoting, too many rows or bytes end the parse at once.
func ParseRatesCSV(r io.Reader) (Rates, error) {
	limited := &io.LimitedReader{R: r, N: MaxRatesBytes + 1}
	cr := csv.NewReader(limited)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	rates := Rates{}
	bad := &RatesFileError{}
	fail := func(line int, format string, args ...any) (Rates, error) {
		bad.Lines = append(bad.Lines, LineError{Line: line, Message: fmt.Sprintf(format, args...)})
		return nil, bad
	}
	header := false
	rows := 0
	for {
		rec, err := cr.Read()
		if limited.N <= 0 {
			return fail(0, "the rate file is larger than %d bytes", MaxRatesBytes)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return fail(pe.Line, "%v", pe.Err)
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if !header {
			if !sameHeader(rec) {
				return fail(line, "the header must be %s", strings.Join(ratesHeader, ","))
			}
			header = true
			continue
		}
		if rows == MaxRatesRows {
			return fail(line, "a rate file has at most %d rows", MaxRatesRows)
		}
		rows++
		key, rate, err := parseRateRow(rec)
		if err == nil {
			if _, dup := rates[key]; dup {
				err = fmt.Errorf("a second rate for %s %s in %dQ%d", key.Jurisdiction, key.FuelType, key.Year, key.Quarter)
			}
		}
		if err != nil {
			if len(bad.Lines) == MaxRatesLineErrors {
				return nil, bad
			}
			bad.Lines = append(bad.Lines, LineError{Line: line, Message: err.Error()})
			continue
		}
		rates[key] = rate
	}
	if !header {
		return fail(0, "the rate file is empty: it needs the header %s", strings.Join(ratesHeader, ","))
	}
	if len(bad.Lines) > 0 {
		return nil, bad
	}
	return rates, nil
}

// maxEchoed is how much of a bad field a message quotes.
const maxEchoed = 40

// echo is a bad field as a message quotes it: its first maxEchoed
// characters and "…" when it is longer (a field may be a megabyte).
func echo(field string) string {
	n := 0
	for i := range field {
		if n == maxEchoed {
			return field[:i] + "…"
		}
		n++
	}
	return field
}

func sameHeader(rec []string) bool {
	if len(rec) != len(ratesHeader) {
		return false
	}
	for i, name := range ratesHeader {
		if strings.TrimSpace(strings.TrimPrefix(rec[i], "\ufeff")) != name {
			return false
		}
	}
	return true
}

func parseRateRow(rec []string) (RateKey, Rate, error) {
	if len(rec) != len(ratesHeader) {
		return RateKey{}, Rate{}, fmt.Errorf("%d fields, want %d (%s)", len(rec), len(ratesHeader), strings.Join(ratesHeader, ","))
	}
	for i := range rec {
		rec[i] = strings.TrimSpace(rec[i])
	}
	year, err := strconv.Atoi(rec[0])
	if err != nil {
		return RateKey{}, Rate{}, fmt.Errorf("year %q is not a whole number", echo(rec[0]))
	}
	quarter, err := strconv.Atoi(rec[1])
	if err != nil {
		return RateKey{}, Rate{}, fmt.Errorf("quarter %q is not a whole number", echo(rec[1]))
	}
	if err := checkPeriod(year, quarter); err != nil {
		return RateKey{}, Rate{}, err
	}
	code := strings.ToUpper(rec[2])
	if !jurisdiction.IsMember(code) {
		return RateKey{}, Rate{}, fmt.Errorf("jurisdiction %q is not an IFTA member's two-letter code", echo(rec[2]))
	}
	fuel := FuelType(strings.ToLower(rec[3]))
	if !fuel.Valid() {
		return RateKey{}, Rate{}, fmt.Errorf("fuel type %q must be diesel or gasoline", echo(rec[3]))
	}
	rate, err := parsePerGallon(rec[4])
	if err != nil {
		return RateKey{}, Rate{}, fmt.Errorf("rate: %w", err)
	}
	surcharge := PerGallon(0)
	if rec[5] != "" {
		if surcharge, err = parsePerGallon(rec[5]); err != nil {
			return RateKey{}, Rate{}, fmt.Errorf("surcharge: %w", err)
		}
	}
	return RateKey{Year: year, Quarter: quarter, Jurisdiction: code, FuelType: fuel}, Rate{Rate: rate, Surcharge: surcharge}, nil
}

// parsePerGallon reads dollars a gallon such as "0.285" or "1.0230": digits,
// at most four decimals, no sign, at most $100.
func parsePerGallon(s string) (PerGallon, error) {
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" || !digits(whole) || (hasDot && (frac == "" || !digits(frac))) {
		return 0, fmt.Errorf("%q is not an amount in dollars such as 0.2850", echo(s))
	}
	if len(frac) > 4 {
		return 0, fmt.Errorf("%q has more than four decimals", echo(s))
	}
	if len(whole) > 3 {
		return 0, fmt.Errorf("%q is more than $100 a gallon", echo(s))
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	f, _ := strconv.ParseInt((frac + "0000")[:4], 10, 64)
	v := w*1_0000 + f
	if v > maxRate {
		return 0, fmt.Errorf("%q is more than $100 a gallon", echo(s))
	}
	return PerGallon(v), nil
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
