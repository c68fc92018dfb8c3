// Package feed reads the station price feed: a CSV file with one station
// per row, as sent by the fuel-price provider.
//
// # Columns
//
// The first line names the columns, in any order; names are matched without
// regard to case, spaces and underscores, so "retail_price", "Retail Price"
// and "retailPrice" are the same column. Unknown columns are ignored.
//
//	column            required  example                 meaning
//	location_id       yes       1042                    the provider's station id (positive integer)
//	name              yes       Pilot Travel Center #412
//	station_location  no        I-40 Exit 155           where it is on the road
//	address           no        1200 N Main St
//	city              no        Amarillo
//	state             no        TX                      two-letter code
//	zip_code          no        79107
//	country           no        US                      two-letter code, default US
//	latitude          yes       35.2201                 degrees, -90..90
//	longitude         yes       -101.8313               degrees, -180..180
//	chain             no        PILOT                   chain code, empty for independents
//	affiliate         no        PILOT_FLYINGJ           affiliate code
//	retail_price      yes       3.859                   pump price, dollars per gallon, at most 3 decimals
//	net_price         yes       3.579                   fuel-card price, not above retail_price
//	ifta_refund       no        0.200                   state fuel tax refund estimate, dollars per gallon
//	price_date        yes       2026-11-21T06:00:00     UTC; also 2026-11-21, or RFC 3339 with a zone
//
// Optional columns missing from the header keep the values already stored
// for existing stations (a file of prices only does not erase addresses).
//
// Every field read must be UTF-8 text without control characters, of at
// most 255 characters (codes, numbers and dates at most 64, 40 for dates,
// 20 for ids: fuelportal.TextRules via columnRules).
//
// A row that breaks a rule is reported with its line number and skipped;
// the other rows are imported. A file whose header lacks a required column
// is rejected as a whole.
package feed

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"fuelportal"
)

// Column names, in the order Columns lists them.
const (
	colLocationID      = "location_id"
	colName            = "name"
	colStationLocation = "station_location"
	colAddress         = "address"
	colCity            = "city"
	colState           = "state"
	colZipCode         = "zip_code"
	colCountry         = "country"
	colLatitude        = "latitude"
	colLongitude       = "longitude"
	colChain           = "chain"
	colAffiliate       = "affiliate"
	colRetailPrice     = "retail_price"
	colNetPrice        = "net_price"
	colIFTARefund      = "ifta_refund"
	colPriceDate       = "price_date"
)

// Columns lists the feed's columns in their documented order; a file
// written with this header is read back unchanged.
var Columns = []string{
	colLocationID, colName, colStationLocation, colAddress, colCity, colState, colZipCode, colCountry,
	colLatitude, colLongitude, colChain, colAffiliate, colRetailPrice, colNetPrice, colIFTARefund, colPriceDate,
}

var requiredColumns = []string{colLocationID, colName, colLatitude, colLongitude, colRetailPrice, colNetPrice, colPriceDate}

// RowError is a row that was skipped, with the reason.
type RowError struct {
	Line    int    // 1-based line of the file where the row starts
	Column  string // documented column name; empty when the row as a whole is bad
	Message string
}

func (e RowError) Error() string {
	if e.Column == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Message)
	}
	return fmt.Sprintf("line %d: %s: %s", e.Line, e.Column, e.Message)
}

// PriceFile is a parsed feed file.
type PriceFile struct {
	// Stations holds the good rows in file order.
	Stations []*fuelportal.Station
	// Rejected holds the skipped rows in file order.
	Rejected []RowError
	// Missing lists the optional columns the header lacks.
	Missing []string
}

// Rows is the number of data rows read (good and rejected).
func (f *PriceFile) Rows() int { return len(f.Stations) + len(f.Rejected) }

// ParsePrices reads a price feed. Bad rows land in PriceFile.Rejected; the
// error is for a file that cannot be read at all: empty, not CSV, or
// missing a required column (an EINVALID *fuelportal.Error), or a failing
// reader.
func ParsePrices(r io.Reader) (*PriceFile, error) {
	f, err := openCSV(r, "price")
	if err != nil {
		return nil, err
	}
	at, err := f.columns(Columns, requiredColumns)
	if err != nil {
		return nil, err
	}
	file := &PriceFile{}
	for _, col := range Columns {
		if at[col] < 0 {
			file.Missing = append(file.Missing, col)
		}
	}
	err = f.rows(&file.Rejected, func(_ int, record []string) *RowError {
		s, rowErr := parseRow(record, at)
		if rowErr == nil {
			file.Stations = append(file.Stations, s)
		}
		return rowErr
	})
	if err != nil {
		return nil, err
	}
	return file, nil
}

// parseRow turns one record into a station, or says what is wrong with it.
func parseRow(record []string, at map[string]int) (*fuelportal.Station, *RowError) {
	get := func(col string) string {
		if i := at[col]; i >= 0 {
			return strings.TrimSpace(record[i])
		}
		return ""
	}
	bad := func(col, format string, args ...any) *RowError {
		return &RowError{Column: col, Message: fmt.Sprintf(format, args...)}
	}
	for _, col := range requiredColumns {
		if get(col) == "" {
			return nil, bad(col, "is required")
		}
	}
	s := &fuelportal.Station{
		Name: get(colName), StationLocation: get(colStationLocation), Address: get(colAddress),
		City: get(colCity), State: strings.ToUpper(get(colState)), ZipCode: get(colZipCode),
		Country: strings.ToUpper(get(colCountry)), Chain: strings.ToUpper(get(colChain)), Affiliate: strings.ToUpper(get(colAffiliate)),
	}
	if s.Country == "" {
		s.Country = "US"
	}
	id, err := strconv.ParseInt(get(colLocationID), 10, 64)
	if err != nil || id <= 0 {
		return nil, bad(colLocationID, "must be a positive whole number, got %q", get(colLocationID))
	}
	s.ID = id
	if s.State != "" && !isLetters(s.State, 2) {
		return nil, bad(colState, "must be a two-letter code, got %q", get(colState))
	}
	if !isLetters(s.Country, 2) {
		return nil, bad(colCountry, "must be a two-letter code, got %q", get(colCountry))
	}
	if s.Latitude, err = parseDegrees(get(colLatitude), 90); err != nil {
		return nil, bad(colLatitude, "%v", err)
	}
	if s.Longitude, err = parseDegrees(get(colLongitude), 180); err != nil {
		return nil, bad(colLongitude, "%v", err)
	}
	if s.RetailPrice, err = ParsePrice(get(colRetailPrice)); err != nil {
		return nil, bad(colRetailPrice, "%v", err)
	}
	if s.NetPrice, err = ParsePrice(get(colNetPrice)); err != nil {
		return nil, bad(colNetPrice, "%v", err)
	}
	if s.NetPrice > s.RetailPrice {
		return nil, bad(colNetPrice, "%s is above the retail price %s", s.NetPrice, s.RetailPrice)
	}
	if v := get(colIFTARefund); v != "" {
		if s.IFTARefund, err = ParsePrice(v); err != nil {
			return nil, bad(colIFTARefund, "%v", err)
		}
	}
	if s.PriceDate, err = parseDate(get(colPriceDate)); err != nil {
		return nil, bad(colPriceDate, "%v", err)
	}
	return s, nil
}

func isLetters(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

func parseDegrees(text string, limit float64) (float64, error) {
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsNaN(v) || v < -limit || v > limit {
		return 0, fmt.Errorf("must be a number from %g to %g, got %q", -limit, limit, text)
	}
	return v, nil
}

// maxPrice bounds a per-gallon price ($100.000) to catch unit mistakes such
// as prices in cents.
const maxPrice fuelportal.TenthCents = 100_000

// ParsePrice reads a dollars-per-gallon amount with at most three decimals
// ("3.859", "$3.85", "4") exactly, without floating point.
func ParsePrice(text string) (fuelportal.TenthCents, error) {
	t := strings.TrimPrefix(strings.TrimSpace(text), "$")
	whole, frac, _ := strings.Cut(t, ".")
	if whole == "" && frac == "" || len(frac) > 3 || !allDigits(whole) || !allDigits(frac) {
		return 0, fmt.Errorf("must be dollars per gallon with at most 3 decimals, got %q", text)
	}
	frac += strings.Repeat("0", 3-len(frac))
	var dollars int64
	if whole != "" {
		var err error
		if dollars, err = strconv.ParseInt(whole, 10, 64); err != nil || dollars > int64(maxPrice/1000) {
			return 0, fmt.Errorf("must be at most $%s per gallon, got %q", maxPrice, text)
		}
	}
	thousandths, _ := strconv.ParseInt(frac, 10, 64)
	p := fuelportal.TenthCents(dollars*1000 + thousandths)
	if p > maxPrice {
		return 0, fmt.Errorf("must be at most $%s per gallon, got %q", maxPrice, text)
	}
	return p, nil
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// dateLayouts are the accepted price_date forms; those without a zone are
// UTC.
var dateLayouts = []string{"2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02", time.RFC3339}

func parseDate(text string) (time.Time, error) {
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, text); err == nil {
			return t.UTC().Truncate(time.Second), nil
		}
	}
	return time.Time{}, fmt.Errorf("must be a date like 2026-11-21T06:00:00 (UTC), got %q", text)
}
