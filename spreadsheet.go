package fuelportal

import (
	"strconv"
	"strings"
)

// SpreadsheetSafe returns a text cell of an export so that no spreadsheet
// runs it as a formula: a cell starting with =, +, -, @, a tab or a
// carriage return gets a leading apostrophe (OWASP's advice against CSV
// injection). Numbers an export writes itself are not text cells and are
// written as they are.
func SpreadsheetSafe(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

// PlainCents writes cents as a plain signed decimal ("-123.45", "7.00"):
// no currency sign, no thousands separator, as spreadsheets and accounting
// importers read a number.
func PlainCents(cents int64) string {
	var b [24]byte
	out := b[:0]
	if cents < 0 {
		out, cents = append(out, '-'), -cents
	}
	out = strconv.AppendInt(out, cents/100, 10)
	return string(append(out, '.', byte('0'+cents%100/10), byte('0'+cents%10)))
}
