// Package xlsx writes spreadsheets row by row with typed cells, through
// excelize's StreamWriter: rows go to a temporary file once the sheet
// passes excelize's 16 MiB chunk, and the finished file is compressed
// straight into the destination, so memory stays flat however many rows
// there are.
package xlsx

import (
	"archive/zip"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"
)

// ContentType is the media type of an .xlsx file.
const ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Kind is how a column's cells are typed and formatted.
type Kind int

// Column kinds.
const (
	Text     Kind = iota // string
	DateTime             // time.Time, shown as yyyy-mm-dd hh:mm
	Money                // int64 cents, stored as dollars with a $ format
	Decimal3             // int64 thousandths (gallons), 3 decimals
	Price3               // int64 tenths of a cent (a price per gallon), as dollars with 3 decimals
	Integer              // int64, whole with thousands separators
	Decimal2             // int64 hundredths, 2 decimals
	Rate4                // int64 ten-thousandths of a dollar (a tax rate per gallon), as dollars with 4 decimals
)

// Column is one column of the sheet.
type Column struct {
	Title string
	Kind  Kind
	Width float64 // 0: a default width
}

// MaxSheetTitle is the longest name Excel gives a sheet, in UTF-16 units.
const MaxSheetTitle = 31

// SheetTitle is title as a sheet's name may be: each character Excel
// refuses in one (: \ / ? * [ ]) made a "-", cut to MaxSheetTitle UTF-16
// units, without an apostrophe at either end; "Sheet1" for nothing left.
func SheetTitle(title string) string {
	title = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/?*[]`, r) {
			return '-'
		}
		return r
	}, title)
	units := 0
	for i, r := range title {
		if units += utf16.RuneLen(r); units > MaxSheetTitle {
			title = title[:i]
			break
		}
	}
	if title = strings.Trim(title, "'"); title == "" {
		return sheetName
	}
	return title
}

// Sheet is a spreadsheet being written. Create it with NewSheet, add rows,
// then WriteTo once; Close it in any case to remove temporary files.
type Sheet struct {
	file    *excelize.File
	stream  *excelize.StreamWriter
	columns []Column
	styles  []int // cell style per column
	row     int
}

const sheetName = "Sheet1"

// NewSheet starts a sheet with a bold header row of the columns' titles.
// The sheet is named after title as Excel allows a sheet's name
// (SheetTitle): a title may hold the user's text (a unit number).
func NewSheet(title string, columns []Column) (*Sheet, error) {
	title = SheetTitle(title)
	f := excelize.NewFile()
	s := &Sheet{file: f, columns: columns, styles: make([]int, len(columns))}
	if err := f.SetSheetName(sheetName, title); err != nil {
		f.Close()
		return nil, err
	}
	var err error
	if s.stream, err = f.NewStreamWriter(title); err != nil {
		f.Close()
		return nil, err
	}
	formats := map[Kind]string{DateTime: "yyyy-mm-dd hh:mm", Money: `"$"#,##0.00`, Decimal3: "0.000", Price3: `"$"0.000`,
		Integer: "#,##0", Decimal2: "0.00", Rate4: `"$"0.0000`}
	for i, c := range columns {
		if format, ok := formats[c.Kind]; ok {
			if s.styles[i], err = f.NewStyle(&excelize.Style{CustomNumFmt: &format}); err != nil {
				f.Close()
				return nil, err
			}
		}
		width := c.Width
		if width == 0 {
			width = 16
		}
		if err := s.stream.SetColWidth(i+1, i+1, width); err != nil {
			f.Close()
			return nil, err
		}
	}
	header, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		f.Close()
		return nil, err
	}
	cells := make([]any, len(columns))
	for i, c := range columns {
		cells[i] = excelize.Cell{StyleID: header, Value: c.Title}
	}
	s.row = 1
	if err := s.stream.SetRow("A1", cells); err != nil {
		f.Close()
		return nil, err
	}
	return s, nil
}

// AddRow appends a row; values follow the columns' kinds: string for Text,
// time.Time for DateTime, int64 for Money (cents), Decimal3, Price3,
// Integer, Decimal2 and Rate4. A nil value or "" is an empty cell.
func (s *Sheet) AddRow(values ...any) error {
	if len(values) != len(s.columns) {
		return fmt.Errorf("xlsx: %d values for %d columns", len(values), len(s.columns))
	}
	cells := make([]any, len(values))
	for i, v := range values {
		if v == nil || v == "" {
			cells[i] = excelize.Cell{StyleID: s.styles[i]}
			continue
		}
		switch s.columns[i].Kind {
		case Money:
			cents, ok := v.(int64)
			if !ok {
				return fmt.Errorf("xlsx: column %q wants int64 cents, got %T", s.columns[i].Title, v)
			}
			v = float64(cents) / 100
		case Decimal3, Price3:
			thousandths, ok := v.(int64)
			if !ok {
				return fmt.Errorf("xlsx: column %q wants int64 thousandths, got %T", s.columns[i].Title, v)
			}
			v = float64(thousandths) / 1000
		case Integer, Decimal2, Rate4:
			n, ok := v.(int64)
			if !ok {
				return fmt.Errorf("xlsx: column %q wants int64, got %T", s.columns[i].Title, v)
			}
			switch s.columns[i].Kind {
			case Decimal2:
				v = float64(n) / 100
			case Rate4:
				v = float64(n) / 10000
			default:
				v = n
			}
		case DateTime:
			if _, ok := v.(time.Time); !ok {
				return fmt.Errorf("xlsx: column %q wants a time, got %T", s.columns[i].Title, v)
			}
		}
		cells[i] = excelize.Cell{StyleID: s.styles[i], Value: v}
	}
	s.row++
	cell, err := excelize.CoordinatesToCellName(1, s.row)
	if err != nil {
		return err
	}
	return s.stream.SetRow(cell, cells)
}

// WriteTo finishes the sheet and writes the .xlsx file to w. The zip
// archive is compressed straight into w (excelize would otherwise build the
// whole file in a memory buffer first), at klauspost/compress's fastest
// level (about a quarter of the standard library's default time for a sheet's
// repetitive XML, a somewhat larger file).
func (s *Sheet) WriteTo(w io.Writer) (int64, error) {
	if err := s.stream.Flush(); err != nil {
		return 0, err
	}
	out := &countingWriter{w: w}
	var zw *zip.Writer
	s.file.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		zw = zip.NewWriter(out)
		zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
		return zw
	})
	if _, err := s.file.WriteToBuffer(); err != nil {
		return out.n, err
	}
	return out.n, nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Close removes the temporary files.
func (s *Sheet) Close() error { return s.file.Close() }
