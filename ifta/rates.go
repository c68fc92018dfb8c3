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
// jurisdiction that taxes a fuel otherwise (Oregon's diesel) has no entry.
type Rates map[RateKey]Rate

// Bounds of a rate file.
const (
	MaxRatesBytes = 1 << 20
	MaxRatesRows  = 10_000
	// maxRate bounds a rate or surcharge: $100.0000 a gallon.
	maxRate = 100_0000
)

var ratesHeader = []string{"year", "quarter", "jurisdiction", "fuelType", "rate", "surcharge"}

// ParseRatesCSV reads a rate file (docs/ifta.md): a header row
// "year,quarter,jurisdiction,fuelType,rate,surcharge", then one row per
// quarter, member jurisdiction and fuel, with rate and surcharge in US
// dollars per US gallon to at most four decimals (an empty surcharge is
// 0). Lines starting with # are comments. The file may hold at most
// MaxRatesBytes and MaxRatesRows rows. The first bad line ends the parse
// with an error naming it: an unknown or non-member jurisdiction, a fuel
// type other than diesel or gasoline, a quarter outside 1–4, a year outside
// 2000–2100, a malformed or negative amount, more than four decimals, or a
// second row for the same quarter, jurisdiction and fuel.
func ParseRatesCSV(r io.Reader) (Rates, error) {
	limited := &io.LimitedReader{R: r, N: MaxRatesBytes + 1}
	cr := csv.NewReader(limited)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	rates := Rates{}
	header := false
	for {
		rec, err := cr.Read()
		if limited.N <= 0 {
			return nil, fmt.Errorf("the rate file is larger than %d bytes", MaxRatesBytes)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("line %d: %v", pe.Line, pe.Err)
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if !header {
			if !sameHeader(rec) {
				return nil, fmt.Errorf("line %d: the header must be %s", line, strings.Join(ratesHeader, ","))
			}
			header = true
			continue
		}
		if len(rates) == MaxRatesRows {
			return nil, fmt.Errorf("line %d: a rate file has at most %d rows", line, MaxRatesRows)
		}
		key, rate, err := parseRateRow(rec)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if _, dup := rates[key]; dup {
			return nil, fmt.Errorf("line %d: a second rate for %s %s in %dQ%d", line, key.Jurisdiction, key.FuelType, key.Year, key.Quarter)
		}
		rates[key] = rate
	}
	if !header {
		return nil, fmt.Errorf("the rate file is empty: it needs the header %s", strings.Join(ratesHeader, ","))
	}
	return rates, nil
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
		return RateKey{}, Rate{}, fmt.Errorf("year %q is not a whole number", rec[0])
	}
	quarter, err := strconv.Atoi(rec[1])
	if err != nil {
		return RateKey{}, Rate{}, fmt.Errorf("quarter %q is not a whole number", rec[1])
	}
	if err := checkPeriod(year, quarter); err != nil {
		return RateKey{}, Rate{}, err
	}
	code := strings.ToUpper(rec[2])
	if !jurisdiction.IsMember(code) {
		return RateKey{}, Rate{}, fmt.Errorf("jurisdiction %q is not an IFTA member's two-letter code", rec[2])
	}
	fuel := FuelType(strings.ToLower(rec[3]))
	if !fuel.Valid() {
		return RateKey{}, Rate{}, fmt.Errorf("fuel type %q must be diesel or gasoline", rec[3])
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
		return 0, fmt.Errorf("%q is not an amount in dollars such as 0.2850", s)
	}
	if len(frac) > 4 {
		return 0, fmt.Errorf("%q has more than four decimals", s)
	}
	if len(whole) > 3 {
		return 0, fmt.Errorf("%q is more than $100 a gallon", s)
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	f, _ := strconv.ParseInt((frac + "0000")[:4], 10, 64)
	v := w*1_0000 + f
	if v > maxRate {
		return 0, fmt.Errorf("%q is more than $100 a gallon", s)
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
