package statements

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/pdfstream"
	"fuelportal/xlsx"
)

// Format is a statement's downloadable document.
type Format string

// Document formats.
const (
	FormatPDF  Format = "pdf"
	FormatCSV  Format = "csv"
	FormatXLSX Format = "xlsx"
)

// ParseFormat validates a requested format (EINVALID when unknown).
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case FormatPDF, FormatCSV, FormatXLSX:
		return f, nil
	}
	return "", fuelportal.Errorf(fuelportal.EINVALID, "format must be pdf, csv or xlsx")
}

// ContentType is the media type of documents of format f.
func (f Format) ContentType() string {
	switch f {
	case FormatPDF:
		return "application/pdf"
	case FormatXLSX:
		return xlsx.ContentType
	}
	return "text/csv; charset=utf-8"
}

// FileName is the download name of st's document of format f.
func (f Format) FileName(st *fuelportal.Statement, loc *time.Location) string {
	return fmt.Sprintf("statement-%s-%s.%s", st.Start.In(loc).Format(time.DateOnly), st.End.In(loc).AddDate(0, 0, -1).Format(time.DateOnly), f)
}

// Section is the part of a statement a movement is listed in.
func Section(k fuelportal.LedgerKind) string {
	switch k {
	case fuelportal.LedgerTopUp:
		return "Top-ups"
	case fuelportal.LedgerFuelPurchase:
		return "Purchases"
	case fuelportal.LedgerTransactionFee:
		return "Fees"
	case fuelportal.LedgerInvoicePayment:
		return "Invoice payments"
	}
	return "Refunds and reversals"
}

// row is one row of a statement's document, as text and numbers.
type row struct {
	section, posted, reference, late                         string
	card, driver, unit, station, jurisdiction, product, date string
	gallons, price                                           int64 // thousandths; tenths of a cent
	discount, fee, amount                                    int64 // cents
	purchase                                                 bool
}

func lineRow(l *fuelportal.StatementLine, loc *time.Location) row {
	r := row{section: Section(l.Kind), posted: l.PostedAt.In(loc).Format("2006-01-02 15:04"), reference: l.Reference, amount: l.AmountCents}
	if l.Late {
		r.late = "late"
	}
	if p := l.Purchase; p != nil {
		// A refund names its purchase's card, driver, unit, station and
		// product; the gallons, price, discount and fee are the purchase's
		// own line's.
		r.purchase = l.Kind != fuelportal.LedgerRefund
		r.date = p.Date.In(loc).Format("2006-01-02 15:04")
		r.card, r.driver, r.unit, r.station, r.jurisdiction, r.product = p.CardNumber, p.Driver, p.Unit, p.Station, p.Jurisdiction, p.Product
		r.gallons, r.price, r.discount, r.fee = int64(p.Gallons), int64(p.PriceTenthCents), p.DiscountCents, p.FeeCents
	}
	return r
}

// Write writes statement st of the company as a document of format f to
// w, streamed: the lines are read and written one at a time (a PDF page
// leaves memory when the next begins), so memory does not grow with the
// statement's size. An error after the first byte leaves w with a
// truncated document.
func (s *Service) Write(ctx context.Context, st *fuelportal.Statement, f Format, w io.Writer) error {
	loc, err := s.Location(ctx, st.CompanyID)
	if err != nil {
		return err
	}
	name, err := s.Store.CompanyName(ctx, st.CompanyID)
	if err != nil {
		return err
	}
	var doc document
	switch f {
	case FormatCSV:
		doc = newCSVDoc(w)
	case FormatXLSX:
		if doc, err = newXLSXDoc(w); err != nil {
			return err
		}
	case FormatPDF:
		doc = newPDFDoc(w)
	default:
		return fuelportal.Errorf(fuelportal.EINVALID, "format must be pdf, csv or xlsx")
	}
	defer doc.close()
	title := fmt.Sprintf("%s statement %s to %s (%s)", name, st.Start.In(loc).Format(time.DateOnly),
		st.End.In(loc).AddDate(0, 0, -1).Format(time.DateOnly), strings.ToLower(string(st.Status)))
	if err := doc.begin(title); err != nil {
		return err
	}
	if err := doc.balance("Opening balance", st.OpeningCents); err != nil {
		return err
	}
	sum, err := s.Walk(ctx, st, func(l *fuelportal.StatementLine) error {
		return doc.line(lineRow(l, loc))
	})
	if err != nil {
		return err
	}
	if err := doc.balance("Closing balance", st.OpeningCents+sum); err != nil {
		return err
	}
	if err := s.Holds(ctx, st, func(h *fuelportal.StatementHold) error { return doc.hold(h, loc) }); err != nil {
		return err
	}
	return doc.end()
}

// document is one format's writer of a statement.
type document interface {
	begin(title string) error
	balance(label string, cents int64) error
	line(r row) error
	hold(h *fuelportal.StatementHold, loc *time.Location) error
	end() error
	close()
}

// columns are the statement's columns, in every format.
var columns = []xlsx.Column{
	{Title: "Section", Kind: xlsx.Text, Width: 20},
	{Title: "Posted", Kind: xlsx.Text, Width: 17},
	{Title: "Reference", Kind: xlsx.Text, Width: 26},
	{Title: "Late", Kind: xlsx.Text, Width: 6},
	{Title: "Purchased", Kind: xlsx.Text, Width: 17},
	{Title: "Card", Kind: xlsx.Text, Width: 7},
	{Title: "Driver", Kind: xlsx.Text, Width: 18},
	{Title: "Unit", Kind: xlsx.Text, Width: 10},
	{Title: "Station", Kind: xlsx.Text, Width: 24},
	{Title: "Jurisdiction", Kind: xlsx.Text, Width: 11},
	{Title: "Product", Kind: xlsx.Text, Width: 8},
	{Title: "Gallons", Kind: xlsx.Decimal3, Width: 10},
	{Title: "Price", Kind: xlsx.Price3, Width: 9},
	{Title: "Discount", Kind: xlsx.Money, Width: 10},
	{Title: "Fee", Kind: xlsx.Money, Width: 9},
	{Title: "Amount", Kind: xlsx.Money, Width: 13},
}

func thousandths(n int64) string { return strconv.FormatFloat(float64(n)/1000, 'f', 3, 64) }

// csvDoc writes the statement as CSV: a header, the opening balance, one
// row per movement, the closing balance, then the open holds. Text cells
// are SpreadsheetSafe; numbers are plain (a minus sign is a number's).
type csvDoc struct {
	buf *bufio.Writer
	w   *csv.Writer
}

func newCSVDoc(w io.Writer) *csvDoc {
	buf := bufio.NewWriterSize(w, 64<<10)
	return &csvDoc{buf: buf, w: csv.NewWriter(buf)}
}

func (d *csvDoc) text(cells ...string) []string {
	for i, c := range cells {
		cells[i] = fuelportal.SpreadsheetSafe(c)
	}
	return cells
}

func (d *csvDoc) begin(title string) error {
	titles := make([]string, len(columns))
	for i, c := range columns {
		titles[i] = c.Title
	}
	if err := d.w.Write(titles); err != nil {
		return err
	}
	cells := make([]string, len(columns))
	cells[0], cells[2] = "Statement", fuelportal.SpreadsheetSafe(title)
	return d.w.Write(cells)
}

func (d *csvDoc) balance(label string, cents int64) error {
	cells := make([]string, len(columns))
	cells[0], cells[len(cells)-1] = label, fuelportal.PlainCents(cents)
	return d.w.Write(cells)
}

func (d *csvDoc) line(r row) error {
	cells := d.text(r.section, r.posted, r.reference, r.late, r.date, r.card, r.driver, r.unit, r.station, r.jurisdiction, r.product)
	if r.purchase {
		cells = append(cells, thousandths(r.gallons), thousandths(r.price), fuelportal.PlainCents(r.discount), fuelportal.PlainCents(r.fee))
	} else {
		cells = append(cells, "", "", "", "")
	}
	return d.w.Write(append(cells, fuelportal.PlainCents(r.amount)))
}

func (d *csvDoc) hold(h *fuelportal.StatementHold, loc *time.Location) error {
	cells := d.text("Open hold", h.AuthorizedAt.In(loc).Format("2006-01-02 15:04"), h.AuthorizationID, "", "", h.CardNumber, "", "", h.Merchant, "", h.Product)
	return d.w.Write(append(cells, "", "", "", "", fuelportal.PlainCents(-h.HeldCents)))
}

func (d *csvDoc) end() error {
	d.w.Flush()
	if err := d.w.Error(); err != nil {
		return err
	}
	return d.buf.Flush()
}

func (d *csvDoc) close() {}

// xlsxDoc writes the statement as a spreadsheet through xlsx.Sheet (its
// rows stream to a temporary file): typed cells (money as dollars,
// gallons and prices as numbers), text cells kept as text.
type xlsxDoc struct {
	w     io.Writer
	sheet *xlsx.Sheet
}

func newXLSXDoc(w io.Writer) (*xlsxDoc, error) {
	sheet, err := xlsx.NewSheet("Statement", columns)
	if err != nil {
		return nil, err
	}
	return &xlsxDoc{w: w, sheet: sheet}, nil
}

func (d *xlsxDoc) begin(title string) error {
	return d.sheet.AddRow("Statement", nil, title, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)
}

func (d *xlsxDoc) balance(label string, cents int64) error {
	return d.sheet.AddRow(label, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, cents)
}

func (d *xlsxDoc) line(r row) error {
	var gallons, price, discount, fee any
	if r.purchase {
		gallons, price, discount, fee = r.gallons, r.price, r.discount, r.fee
	}
	return d.sheet.AddRow(r.section, r.posted, r.reference, r.late, r.date, r.card, r.driver, r.unit, r.station, r.jurisdiction, r.product,
		gallons, price, discount, fee, r.amount)
}

func (d *xlsxDoc) hold(h *fuelportal.StatementHold, loc *time.Location) error {
	return d.sheet.AddRow("Open hold", h.AuthorizedAt.In(loc).Format("2006-01-02 15:04"), h.AuthorizationID, "", "", h.CardNumber, "", "",
		h.Merchant, "", h.Product, nil, nil, nil, nil, -h.HeldCents)
}

func (d *xlsxDoc) end() error {
	_, err := d.sheet.WriteTo(d.w)
	return err
}

func (d *xlsxDoc) close() { _ = d.sheet.Close() }

// pdfDoc writes the statement as a PDF through pdfstream, page by page
// (each page leaves memory when the next begins): US Letter landscape, a
// heading per section, one table row per movement, the columns' titles
// again at the top of each page of a section, a page number at the foot.
type pdfDoc struct {
	w       io.Writer
	pdf     *pdfstream.Writer
	title   string
	y       float64 // the next row's top, millimetres from the page's top
	section string  // the section whose rows are being written ("": none)
	holds   bool
}

// The page (US Letter landscape) and its margins, in millimetres.
const (
	pdfWidth     = 279.4
	pdfHeight    = 215.9
	pdfMargin    = 10
	pdfBottom    = pdfHeight - 12 // no row goes below
	pdfCellInset = 1              // text's distance from its cell's side
	pdfRow       = 4.2
)

// pdfColumns are the PDF's columns (the CSV's, less the section and the
// purchase time) and their widths in millimetres (259 in all).
var pdfColumns = []struct {
	title string
	width float64
	right bool
}{
	{"Posted", 25, false}, {"Reference", 36, false}, {"Card", 11, false}, {"Driver", 28, false}, {"Unit", 14, false},
	{"Station", 40, false}, {"St", 8, false}, {"Product", 13, false}, {"Gallons", 17, true}, {"Price", 14, true},
	{"Discount", 15, true}, {"Fee", 12, true}, {"Amount", 20, true}, {"Late", 6, false},
}

func newPDFDoc(w io.Writer) *pdfDoc {
	return &pdfDoc{w: w, pdf: pdfstream.New(w, pdfWidth, pdfHeight)}
}

// cell writes t in a cell of width w and height h at x on the current
// row, left or right aligned, cut to fit.
func (d *pdfDoc) cell(x, w, h float64, t pdfstream.Text, right bool, font pdfstream.Font, size float64) {
	t = pdfstream.Fit(t, font, size, w-2*pdfCellInset)
	dx := float64(pdfCellInset)
	if right {
		dx = w - pdfCellInset - pdfstream.Width(t, font, size)
	}
	d.pdf.Text(x+dx, d.y+h/2+0.3*size*25.4/72, font, size, t)
}

// newPage ends the page with its number and starts the next one.
func (d *pdfDoc) newPage() {
	if d.pdf.Pages() > 0 {
		d.pageNumber()
	}
	d.pdf.NewPage()
	d.y = pdfMargin
}

// room starts a new page unless h millimetres fit on this one; a section
// goes on with its columns' titles.
func (d *pdfDoc) room(h float64) {
	if d.y+h <= pdfBottom {
		return
	}
	d.newPage()
	if d.section != "" {
		d.columnTitles()
	}
}

func (d *pdfDoc) begin(title string) error {
	d.title = title
	d.newPage()
	d.cell(pdfMargin, pdfWidth-2*pdfMargin, 8, pdfstream.Encode(title), false, pdfstream.HelveticaBold, 13)
	d.y += 8
	d.cell(pdfMargin, pdfWidth-2*pdfMargin, 5,
		pdfstream.Text("A movement belongs to the period in which it posts. Late: it posted after an earlier period was closed."), false, pdfstream.Helvetica, 8)
	d.y += 5
	return d.pdf.Err()
}

func (d *pdfDoc) balance(label string, cents int64) error {
	d.section = ""
	d.y += 2
	d.room(6)
	d.cell(pdfMargin, 120, 6, pdfstream.Encode(label), false, pdfstream.HelveticaBold, 10)
	d.cell(pdfMargin+120, pdfWidth-2*pdfMargin-120, 6, pdfstream.Encode(fuelportal.FormatDollars(cents)), true, pdfstream.HelveticaBold, 10)
	d.y += 6
	return d.pdf.Err()
}

// heading starts a section: its name, underlined, and its columns'
// titles, on the page of its first row.
func (d *pdfDoc) heading(section string) {
	d.section = ""
	d.y += 2
	d.room(6 + 5 + pdfRow)
	d.section = section
	d.cell(pdfMargin, pdfWidth-2*pdfMargin, 6, pdfstream.Encode(section), false, pdfstream.HelveticaBold, 10)
	d.pdf.Line(pdfMargin, d.y+6, pdfWidth-pdfMargin, d.y+6)
	d.y += 6
	d.columnTitles()
}

func (d *pdfDoc) columnTitles() {
	x := float64(pdfMargin)
	for _, c := range pdfColumns {
		d.cell(x, c.width, 5, pdfstream.Text(c.title), c.right, pdfstream.HelveticaBold, 7)
		x += c.width
	}
	d.y += 5
}

func (d *pdfDoc) cells(values []string) error {
	d.room(pdfRow)
	x := float64(pdfMargin)
	for i, c := range pdfColumns {
		if values[i] != "" {
			d.cell(x, c.width, pdfRow, pdfstream.Encode(values[i]), c.right, pdfstream.Helvetica, 7)
		}
		x += c.width
	}
	d.y += pdfRow
	return d.pdf.Err()
}

func (d *pdfDoc) line(r row) error {
	if r.section != d.section {
		d.heading(r.section)
	}
	values := []string{r.posted, r.reference, r.card, r.driver, r.unit, r.station, r.jurisdiction, r.product, "", "", "", "", fuelportal.PlainCents(r.amount), r.late}
	if r.purchase {
		values[8], values[9], values[10], values[11] = thousandths(r.gallons), thousandths(r.price), fuelportal.PlainCents(r.discount), fuelportal.PlainCents(r.fee)
	}
	return d.cells(values)
}

func (d *pdfDoc) hold(h *fuelportal.StatementHold, loc *time.Location) error {
	if !d.holds {
		d.holds = true
		d.heading("Open holds (not in any period until they post)")
	}
	return d.cells([]string{h.AuthorizedAt.In(loc).Format("2006-01-02 15:04"), h.AuthorizationID, h.CardNumber, "", "", h.Merchant, "", h.Product,
		"", "", "", "", fuelportal.PlainCents(-h.HeldCents), ""})
}

func (d *pdfDoc) end() error {
	d.pageNumber()
	return d.pdf.Close(d.title, "Fuel Portal")
}

// pageNumber writes the current page's number at its foot.
func (d *pdfDoc) pageNumber() {
	d.y = pdfHeight - 10
	d.cell(pdfMargin, pdfWidth-2*pdfMargin, 4, pdfstream.Text("Page "+strconv.Itoa(d.pdf.Pages())), true, pdfstream.Helvetica, 7)
}

func (d *pdfDoc) close() {}
