package feed

import (
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"fuelportal"
)

// csvFile is one feed file being read: a header naming the columns, then
// one record per data row. Both feeds read their files through it, so they
// report bad files and bad rows alike.
type csvFile struct {
	kind   string // "price" or "transactions", for messages
	cr     *csv.Reader
	header []string
	// rules holds, by field index, the documented column read there and
	// the name of its text rule (fuelportal.TextRules); set by columns.
	rules map[int][2]string
}

// columnRules names the text rule of each documented column; every field of
// a read column is checked against it before the row is parsed, so no
// database sees text it cannot store. Columns not listed use "text".
var columnRules = map[string]string{
	colLocationID: "id", colState: "code", colZipCode: "code", colCountry: "code", colLatitude: "code",
	colLongitude: "code", colChain: "code", colAffiliate: "code", colRetailPrice: "code", colNetPrice: "code",
	colIFTARefund: "code", colPriceDate: "date",
	colNetworkTransactionID: "networkTransactionId", colCardNumber: "cardNumber", colGallons: "code",
	colTransactionDate: "date", colProductCode: "code",
	colVehicleUnitNumber: "unitNumber", colVehicleVIN: "vin", colVehiclePlate: "plate", colVehiclePlateState: "code",
	colVehicleFuelType: "code", colVehicleTankCapacity: "code", colVehicleIFTAQualified: "code", colVehicleActive: "code",
}

// openCSV reads the header of a feed file. An empty file or one that is not
// CSV is EINVALID; a failing reader is returned as it is.
func openCSV(r io.Reader, kind string) (*csvFile, error) {
	f := &csvFile{kind: kind, cr: csv.NewReader(r)}
	f.cr.FieldsPerRecord = -1 // checked per row, to report and skip
	f.cr.ReuseRecord = true
	header, err := f.cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "The %s file is empty: the first line must name the columns", kind)
	} else if err != nil {
		return nil, f.readError(err)
	}
	f.header = slices.Clone(header)
	return f, nil
}

func (f *csvFile) readError(err error) error {
	var parseErr *csv.ParseError
	if errors.As(err, &parseErr) {
		return fuelportal.Errorf(fuelportal.EINVALID, "The %s file is not valid CSV: %v", f.kind, err)
	}
	return fmt.Errorf("read %s file: %w", f.kind, err)
}

// columnKey normalises a header name: "Retail Price", "retail_price" and
// "retailPrice" all become "retailprice".
func columnKey(name string) string {
	var b strings.Builder
	for _, r := range strings.TrimPrefix(name, "\ufeff") {
		if r == '_' || r == '-' || unicode.IsSpace(r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// columns maps each of columns to its index in the header (-1 when
// absent). A header naming a column twice, or lacking one of required, is
// EINVALID.
func (f *csvFile) columns(columns, required []string) (map[string]int, error) {
	byKey := map[string]int{}
	for i, name := range f.header {
		if _, dup := byKey[columnKey(name)]; dup {
			return nil, fuelportal.Errorf(fuelportal.EINVALID, "The %s file names column %q twice", f.kind, strings.TrimSpace(name))
		}
		byKey[columnKey(name)] = i
	}
	at := make(map[string]int, len(columns))
	f.rules = map[int][2]string{}
	for _, col := range columns {
		i, ok := byKey[columnKey(col)]
		if !ok {
			i = -1
		} else {
			f.rules[i] = [2]string{col, cmp.Or(columnRules[col], "text")}
		}
		at[col] = i
	}
	var missing []string
	for _, col := range required {
		if at[col] < 0 {
			missing = append(missing, col)
		}
	}
	if len(missing) > 0 {
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "The %s file lacks required columns: %s (see the feed documentation)", f.kind, strings.Join(missing, ", "))
	}
	return at, nil
}

// rows calls parse with each data row and its line (1-based, where the row
// starts). Blank lines are skipped. A row that is not valid CSV, has another
// number of fields than the header, or that parse refuses is appended to
// rejected with its line. The error is for a failing reader.
func (f *csvFile) rows(rejected *[]RowError, parse func(line int, record []string) *RowError) error {
	for {
		record, err := f.cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		var parseErr *csv.ParseError
		if errors.As(err, &parseErr) {
			*rejected = append(*rejected, RowError{Line: parseErr.StartLine, Message: parseErr.Err.Error()})
			continue
		} else if err != nil {
			return f.readError(err)
		}
		line, _ := f.cr.FieldPos(0)
		if len(record) == 1 && strings.TrimSpace(record[0]) == "" {
			continue // blank line
		}
		if len(record) != len(f.header) {
			*rejected = append(*rejected, RowError{Line: line, Message: fmt.Sprintf("has %d fields, the header has %d", len(record), len(f.header))})
			continue
		}
		if rowErr := f.checkText(record); rowErr != nil {
			rowErr.Line = line
			*rejected = append(*rejected, *rowErr)
			continue
		}
		if rowErr := parse(line, record); rowErr != nil {
			rowErr.Line = line
			*rejected = append(*rejected, *rowErr)
		}
	}
}

// checkText checks the (trimmed) fields of the read columns against their
// text rules: UTF-8, no control characters, a maximum length.
func (f *csvFile) checkText(record []string) *RowError {
	for i, field := range record {
		rule, ok := f.rules[i]
		if !ok {
			continue
		}
		if problem := fuelportal.Rule(rule[1]).TextProblem(strings.TrimSpace(field)); problem != "" {
			return &RowError{Column: rule[0], Message: problem}
		}
	}
	return nil
}
