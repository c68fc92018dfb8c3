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

// LineError is one bad line of a rate file (Line 0: the file as a whole):
// its English Message, and the same as a stable Code with the values it
// names (Params: "line", and as the code needs "column", "value", "limit",
// "header", "fields", "want", "jurisdiction", "fuelType", "year",
// "quarter"), for a reader in another language.
type LineError struct {
	Line    int
	Code    string
	Params  map[string]any
	Message string
}

// Codes of a rate file's bad lines (LineError.Code). The API answers them
// with the English messages (docs/api.md "Uploads"); the web app words
// them from its locales (ifta.json rates.errors).
const (
	RatesFileTooLarge   = "file_too_large"       // limit: bytes
	RatesCSVSyntax      = "csv_syntax"           // the CSV's quoting is broken
	RatesHeader         = "header"               // header: the one expected
	RatesEmpty          = "empty"                // header: the one expected
	RatesTooManyRows    = "too_many_rows"        // limit: rows
	RatesFieldCount     = "field_count"          // fields: found, want, header
	RatesNotWholeNumber = "not_whole_number"     // column year or quarter, value
	RatesYearRange      = "year_out_of_range"    // column, value
	RatesQuarterRange   = "quarter_out_of_range" // column, value
	RatesJurisdiction   = "jurisdiction_not_member"
	RatesFuelType       = "fuel_type_unknown"
	RatesAmount         = "amount_malformed" // column rate or surcharge, value
	RatesAmountDecimals = "amount_decimals"  // more than four decimals
	RatesAmountTooLarge = "amount_too_large" // more than $100 a gallon
	RatesDuplicate      = "duplicate_rate"   // jurisdiction, fuelType, year, quarter
)

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

// lineError is a bad line's code, values and English message (its line
// is set by the parse).
func lineError(code string, params map[string]any, format string, args ...any) *LineError {
	if params == nil {
		params = map[string]any{}
	}
	return &LineError{Code: code, Params: params, Message: fmt.Sprintf(format, args...)}
}

// fieldError is a bad field's lineError: its column and (shortened) value.
func fieldError(code, column, value, format string, args ...any) *LineError {
	return lineError(code, map[string]any{"column": column, "value": echo(value)}, format, args...)
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
	add := func(line int, e *LineError) {
		e.Line = line
		if line > 0 {
			e.Params["line"] = line
		}
		bad.Lines = append(bad.Lines, *e)
	}
	fail := func(line int, e *LineError) (Rates, error) {
		add(line, e)
		return nil, bad
	}
	header := strings.Join(ratesHeader, ",")
	seenHeader := false
	rows := 0
	for {
		rec, err := cr.Read()
		if limited.N <= 0 {
			return fail(0, lineError(RatesFileTooLarge, map[string]any{"limit": MaxRatesBytes}, "the rate file is larger than %d bytes", MaxRatesBytes))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return fail(pe.Line, lineError(RatesCSVSyntax, nil, "%v", pe.Err))
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if !seenHeader {
			if !sameHeader(rec) {
				return fail(line, lineError(RatesHeader, map[string]any{"header": header}, "the header must be %s", header))
			}
			seenHeader = true
			continue
		}
		if rows == MaxRatesRows {
			return fail(line, lineError(RatesTooManyRows, map[string]any{"limit": MaxRatesRows}, "a rate file has at most %d rows", MaxRatesRows))
		}
		rows++
		key, rate, rowErr := parseRateRow(rec)
		if rowErr == nil {
			if _, dup := rates[key]; dup {
				rowErr = lineError(RatesDuplicate, map[string]any{"jurisdiction": key.Jurisdiction, "fuelType": string(key.FuelType), "year": key.Year, "quarter": key.Quarter},
					"a second rate for %s %s in %dQ%d", key.Jurisdiction, key.FuelType, key.Year, key.Quarter)
			}
		}
		if rowErr != nil {
			if len(bad.Lines) == MaxRatesLineErrors {
				return nil, bad
			}
			add(line, rowErr)
			continue
		}
		rates[key] = rate
	}
	if !seenHeader {
		return fail(0, lineError(RatesEmpty, map[string]any{"header": header}, "the rate file is empty: it needs the header %s", header))
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

func parseRateRow(rec []string) (RateKey, Rate, *LineError) {
	if len(rec) != len(ratesHeader) {
		header := strings.Join(ratesHeader, ",")
		return RateKey{}, Rate{}, lineError(RatesFieldCount, map[string]any{"fields": len(rec), "want": len(ratesHeader), "header": header},
			"%d fields, want %d (%s)", len(rec), len(ratesHeader), header)
	}
	for i := range rec {
		rec[i] = strings.TrimSpace(rec[i])
	}
	year, err := strconv.Atoi(rec[0])
	if err != nil {
		return RateKey{}, Rate{}, fieldError(RatesNotWholeNumber, "year", rec[0], "year %q is not a whole number", echo(rec[0]))
	}
	quarter, err := strconv.Atoi(rec[1])
	if err != nil {
		return RateKey{}, Rate{}, fieldError(RatesNotWholeNumber, "quarter", rec[1], "quarter %q is not a whole number", echo(rec[1]))
	}
	if err := checkPeriod(year, quarter); err != nil {
		if year < 2000 || year > 2100 {
			return RateKey{}, Rate{}, fieldError(RatesYearRange, "year", rec[0], "%v", err)
		}
		return RateKey{}, Rate{}, fieldError(RatesQuarterRange, "quarter", rec[1], "%v", err)
	}
	code := strings.ToUpper(rec[2])
	if !jurisdiction.IsMember(code) {
		return RateKey{}, Rate{}, fieldError(RatesJurisdiction, "jurisdiction", rec[2], "jurisdiction %q is not an IFTA member's two-letter code", echo(rec[2]))
	}
	fuel := FuelType(strings.ToLower(rec[3]))
	if !fuel.Valid() {
		return RateKey{}, Rate{}, fieldError(RatesFuelType, "fuelType", rec[3], "fuel type %q must be diesel or gasoline", echo(rec[3]))
	}
	rate, bad := parsePerGallon("rate", rec[4])
	if bad != nil {
		return RateKey{}, Rate{}, bad
	}
	surcharge := PerGallon(0)
	if rec[5] != "" {
		if surcharge, bad = parsePerGallon("surcharge", rec[5]); bad != nil {
			return RateKey{}, Rate{}, bad
		}
	}
	return RateKey{Year: year, Quarter: quarter, Jurisdiction: code, FuelType: fuel}, Rate{Rate: rate, Surcharge: surcharge}, nil
}

// parsePerGallon reads column's dollars a gallon such as "0.285" or
// "1.0230": digits, at most four decimals, no sign, at most $100.
func parsePerGallon(column, s string) (PerGallon, *LineError) {
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" || !digits(whole) || (hasDot && (frac == "" || !digits(frac))) {
		return 0, fieldError(RatesAmount, column, s, "%s: %q is not an amount in dollars such as 0.2850", column, echo(s))
	}
	if len(frac) > 4 {
		return 0, fieldError(RatesAmountDecimals, column, s, "%s: %q has more than four decimals", column, echo(s))
	}
	if len(whole) > 3 {
		return 0, fieldError(RatesAmountTooLarge, column, s, "%s: %q is more than $100 a gallon", column, echo(s))
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	f, _ := strconv.ParseInt((frac + "0000")[:4], 10, 64)
	v := w*1_0000 + f
	if v > maxRate {
		return 0, fieldError(RatesAmountTooLarge, column, s, "%s: %q is more than $100 a gallon", column, echo(s))
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
