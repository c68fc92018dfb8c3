package xlsx_test

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"

	"fuelportal/xlsx"
)

// A sheet's title may hold a user's text (a unit number of 50
// characters, with slashes or brackets): the sheet is still written, named
// as Excel allows, and opens with its rows.
func TestNewSheet_AnyTitleMakesAWorkbook(t *testing.T) {
	for _, tc := range []struct{ title, want string }{
		{"Mileage TRK/12:[A]*?\\", "Mileage TRK-12--A----"},
		{"Mileage " + strings.Repeat("U", 50), "Mileage " + strings.Repeat("U", 23)},
		{"'quoted'", "quoted"},
		{"Mileage " + strings.Repeat("🚚", 20), "Mileage " + strings.Repeat("🚚", 11)},
		{"''", "Sheet1"},
		{"IFTA 2026Q1 diesel", "IFTA 2026Q1 diesel"},
	} {
		sheet, err := xlsx.NewSheet(tc.title, []xlsx.Column{{Title: "Unit", Kind: xlsx.Text}, {Title: "Miles", Kind: xlsx.Decimal2}})
		if err != nil {
			t.Fatalf("NewSheet(%q): %v", tc.title, err)
		}
		if err := sheet.AddRow("U-1", int64(12_345)); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := sheet.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		sheet.Close()
		f, err := excelize.OpenReader(&buf)
		if err != nil {
			t.Fatalf("%q: %v", tc.title, err)
		}
		names := f.GetSheetList()
		if len(names) != 1 || names[0] != tc.want || len(utf16.Encode([]rune(names[0]))) > 31 {
			t.Fatalf("sheets of %q = %q, want [%q]", tc.title, names, tc.want)
		}
		if v, err := f.GetCellValue(names[0], "A2"); err != nil || v != "U-1" {
			t.Fatalf("%q: A2 = %q, %v", tc.title, v, err)
		}
		f.Close()
	}
}
