package feed

// The card network's purchase feed: a CSV file with one card purchase per
// row, imported by `fuelportal import transactions FILE.csv` (the same
// purchases also arrive one by one at POST /api/network/transactions).
//
// # Columns
//
// The first line names the columns, in any order, matched as for the price
// feed (case, spaces and underscores do not matter). All but product_code
// and the pump prompt's driver_id, unit_number and odometer are required.
//
//	column                  example               meaning
//	network_transaction_id  WEX-2026-000123       the network's id; a purchase is recorded once per id
//	card_number             7071011234567890123   the fleet card, 19 digits
//	location_id             1042                  the station's location_id in the price feed
//	gallons                 128.4                 fuel quantity, at most 3 decimals are kept
//	retail_price            3.859                 pump price, dollars per gallon, at most 3 decimals
//	transaction_date        2026-11-21T14:03:00   the station's wall-clock time (no zone), read in
//	                                              the station's time zone (from its coordinates);
//	                                              also "2026-11-21 14:03:00"; or an instant in
//	                                              RFC 3339 with Z or an offset
//	product_code            RFR                   DSL (tractor diesel, the default when empty or
//	                                              absent), RFR (reefer diesel), DEF, GAS or OTH
//	driver_id               D-17                  what the driver keyed at the pump (optional; checked
//	unit_number             TRK-110               when the card's prompt asks for it)
//	odometer                412345                whole miles, 0 to 9999999 (optional)
//
// A row that breaks a rule, names a station the price feed does not know,
// or is dated more than a day ahead of now or before its card was issued
// (a day's slack for the station's time zone), is reported with its line number and skipped; the others are
// recorded. A row whose id was already recorded changes nothing (it counts
// as a repeat), so importing the same file twice records nothing new.

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"fuelportal"
)

// Purchase feed columns.
const (
	colNetworkTransactionID = "network_transaction_id"
	colCardNumber           = "card_number"
	colGallons              = "gallons"
	colTransactionDate      = "transaction_date"
	colProductCode          = "product_code"
	colDriverID             = "driver_id"
	colUnitNumber           = "unit_number"
	colOdometer             = "odometer"
)

// PurchaseColumns lists the purchase feed's required columns in documented
// order; purchaseColumns adds the optional ones.
var (
	PurchaseColumns = []string{colNetworkTransactionID, colCardNumber, colLocationID, colGallons, colRetailPrice, colTransactionDate}
	purchaseColumns = append(slices.Clone(PurchaseColumns), colProductCode, colDriverID, colUnitNumber, colOdometer)
)

// purchaseFieldColumns maps CardPurchase field names (as in its field
// errors) to feed columns.
var purchaseFieldColumns = map[string]string{
	"networkTransactionId": colNetworkTransactionID, "cardNumber": colCardNumber, "locationId": colLocationID,
	"gallons": colGallons, "retailPrice": colRetailPrice, "transactionDate": colTransactionDate,
	"productCode": colProductCode, "driverId": colDriverID, "unitNumber": colUnitNumber, "odometer": colOdometer,
}

// PurchaseRow is a good row of a purchase file.
type PurchaseRow struct {
	Line     int
	Purchase *fuelportal.CardPurchase
}

// PurchaseFile is a parsed purchase feed file.
type PurchaseFile struct {
	Purchases []PurchaseRow // good rows in file order
	Rejected  []RowError    // skipped rows in file order
}

// ParsePurchases reads a purchase feed. Bad rows land in Rejected; the
// error is for a file that cannot be read at all (empty, not CSV, a missing
// column: EINVALID) or a failing reader.
func ParsePurchases(r io.Reader) (*PurchaseFile, error) {
	f, err := openCSV(r, "transactions")
	if err != nil {
		return nil, err
	}
	at, err := f.columns(purchaseColumns, PurchaseColumns)
	if err != nil {
		return nil, err
	}
	file := &PurchaseFile{}
	err = f.rows(&file.Rejected, func(line int, record []string) *RowError {
		p, rowErr := parsePurchase(record, at)
		if rowErr == nil {
			file.Purchases = append(file.Purchases, PurchaseRow{Line: line, Purchase: p})
		}
		return rowErr
	})
	if err != nil {
		return nil, err
	}
	return file, nil
}

func parsePurchase(record []string, at map[string]int) (*fuelportal.CardPurchase, *RowError) {
	get := func(col string) string {
		if at[col] < 0 {
			return "" // an optional column the file lacks
		}
		return strings.TrimSpace(record[at[col]])
	}
	bad := func(col, format string, args ...any) *RowError {
		return &RowError{Column: col, Message: fmt.Sprintf(format, args...)}
	}
	p := &fuelportal.CardPurchase{NetworkTransactionID: get(colNetworkTransactionID), CardNumber: get(colCardNumber),
		Product: fuelportal.ProductCode(strings.ToUpper(get(colProductCode))),
		Prompt:  fuelportal.PumpPrompt{DriverID: get(colDriverID), UnitNumber: get(colUnitNumber)}}
	var err error
	if v := get(colOdometer); v != "" {
		miles, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, bad(colOdometer, "must be whole miles, got %q", v)
		}
		p.Prompt.Odometer = &miles
	}
	if v := get(colLocationID); v != "" {
		if p.LocationID, err = strconv.ParseInt(v, 10, 64); err != nil {
			return nil, bad(colLocationID, "must be a positive whole number, got %q", v)
		}
	}
	if v := get(colGallons); v != "" {
		g, err := fuelportal.ParseDecimal(v, 3)
		if err != nil {
			return nil, bad(colGallons, "must be a positive number, got %q", v)
		}
		p.Gallons = fuelportal.Gallons(g)
	}
	if v := get(colRetailPrice); v != "" {
		if p.RetailPrice, err = ParsePrice(v); err != nil {
			return nil, bad(colRetailPrice, "%v", err)
		}
	}
	if v := get(colTransactionDate); v != "" {
		var zoned bool
		if p.TransactionDate, zoned, err = fuelportal.ParseTransactionTime(v); err != nil {
			return nil, bad(colTransactionDate, "must be a date like 2026-11-21T14:03:00, got %q", v)
		}
		p.StationClock = !zoned
	}
	if err := p.Validate(); err != nil {
		for _, col := range purchaseColumns { // the first broken column, in documented order
			for field, msgs := range fuelportal.ErrorFields(err) {
				if purchaseFieldColumns[field] == col {
					return nil, bad(col, "%s", strings.Join(msgs, ", "))
				}
			}
		}
		return nil, bad("", "%v", err)
	}
	return p, nil
}

// PurchaseRowError is the report of row line the store refused with err: an unknown
// station (location_id) or a field error (an implausible date).
func PurchaseRowError(line int, err error) RowError {
	for field, msgs := range fuelportal.ErrorFields(err) {
		if col := purchaseFieldColumns[field]; col != "" {
			return RowError{Line: line, Column: col, Message: strings.Join(msgs, ", ")}
		}
	}
	return RowError{Line: line, Column: colLocationID, Message: fuelportal.ErrorMessage(err)}
}

// PurchaseReport says what a purchase import did.
type PurchaseReport struct {
	Rows     int // data rows read
	Approved int // new purchases approved
	Declined int // new purchases declined (inactive or unknown card, funds)
	Repeats  int // rows whose id was already recorded: nothing changed
	Rejected []RowError
}
