package fuelportal

import (
	"fmt"
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
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d", sign, cents/100, cents%100)
}
