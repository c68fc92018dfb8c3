package statements

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
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

// The sections of a statement, as documentTexts.Sections names them.
const (
	sectionTopUps          = "topUps"
	sectionPurchases       = "purchases"
	sectionFees            = "fees"
	sectionRefunds         = "refunds"
	sectionInvoicePayments = "invoicePayments"
)

// sectionKey is the part of a statement a movement is listed in.
func sectionKey(k fuelportal.LedgerKind) string {
	switch k {
	case fuelportal.LedgerTopUp:
		return sectionTopUps
	case fuelportal.LedgerFuelPurchase:
		return sectionPurchases
	case fuelportal.LedgerTransactionFee:
		return sectionFees
	case fuelportal.LedgerInvoicePayment:
		return sectionInvoicePayments
	}
	return sectionRefunds
}

// row is one row of a statement's document, as text and numbers.
type row struct {
	section, posted, reference, late                         string
	card, driver, unit, station, jurisdiction, product, date string
	gallons, price                                           int64 // thousandths; tenths of a cent
	discount, fee, amount                                    int64 // cents
	purchase                                                 bool
}

// lineRow is l as a document in texts t writes it.
func lineRow(l *fuelportal.StatementLine, loc *time.Location, t *documentTexts) row {
	r := row{section: t.Sections[sectionKey(l.Kind)], posted: t.Moment(l.PostedAt.In(loc)), reference: l.Reference, amount: l.AmountCents}
	if l.Late {
		r.late = t.Late
	}
	if p := l.Purchase; p != nil {
		// A refund names its purchase's card, driver, unit, station and
		// product; the gallons, price, discount and fee are the purchase's
		// own line's.
		r.purchase = l.Kind != fuelportal.LedgerRefund
		r.date = t.Moment(p.Date.In(loc))
		r.card, r.driver, r.unit, r.station, r.jurisdiction, r.product = p.CardNumber, p.Driver, p.Unit, p.Station, p.Jurisdiction, p.Product
		r.gallons, r.price, r.discount, r.fee = int64(p.Gallons), int64(p.PriceTenthCents), p.DiscountCents, p.FeeCents
	}
	return r
}

// Write writes statement st of the company as a document of format f to
// w, streamed: the lines are read and written one at a time (a PDF page
// leaves memory when the next begins), so memory does not grow with the
// statement's size. The PDF and the spreadsheet are written in lang
// (English for a language they do not speak), the CSV in English (its
// column names are what accounting imports read); the amounts are the
// same in every language. An error after the first byte leaves w with a
// truncated document.
func (s *Service) Write(ctx context.Context, st *fuelportal.Statement, f Format, lang fuelportal.Language, w io.Writer) error {
	loc, err := s.Location(ctx, st.CompanyID)
	if err != nil {
		return err
	}
	name, err := s.Store.CompanyName(ctx, st.CompanyID)
	if err != nil {
		return err
	}
	t := textsIn(lang)
	var doc document
	switch f {
	case FormatCSV:
		t = csvTexts
		doc = newCSVDoc(w, t)
	case FormatXLSX:
		if doc, err = newXLSXDoc(w, t); err != nil {
			return err
		}
	case FormatPDF:
		doc = newPDFDoc(w, t)
	default:
		return fuelportal.Errorf(fuelportal.EINVALID, "format must be pdf, csv or xlsx")
	}
	defer doc.close()
	title := fmt.Sprintf(t.Title, name, t.Day(st.Start.In(loc)), t.Day(st.End.In(loc).AddDate(0, 0, -1)), t.Status[st.Status])
	if err := doc.begin(title); err != nil {
		return err
	}
	if err := doc.balance(t.Opening, st.OpeningCents); err != nil {
		return err
	}
	sum, err := s.Walk(ctx, st, func(l *fuelportal.StatementLine) error {
		return doc.line(lineRow(l, loc, t))
	})
	if err != nil {
		return err
	}
	if err := doc.balance(t.Closing, st.OpeningCents+sum); err != nil {
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

// columns are the statement's columns, in the CSV and the spreadsheet:
// their keys in documentTexts.Columns, kinds and widths.
var columns = []xlsx.Column{
	{Title: "section", Kind: xlsx.Text, Width: 22},
	{Title: "posted", Kind: xlsx.Text, Width: 19},
	{Title: "reference", Kind: xlsx.Text, Width: 26},
	{Title: "late", Kind: xlsx.Text, Width: 7},
	{Title: "purchased", Kind: xlsx.Text, Width: 19},
	{Title: "card", Kind: xlsx.Text, Width: 8},
	{Title: "driver", Kind: xlsx.Text, Width: 18},
	{Title: "unit", Kind: xlsx.Text, Width: 10},
	{Title: "station", Kind: xlsx.Text, Width: 24},
	{Title: "jurisdiction", Kind: xlsx.Text, Width: 12},
	{Title: "product", Kind: xlsx.Text, Width: 9},
	{Title: "gallons", Kind: xlsx.Decimal3, Width: 10},
	{Title: "price", Kind: xlsx.Price3, Width: 9},
	{Title: "discount", Kind: xlsx.Money, Width: 10},
	{Title: "fee", Kind: xlsx.Money, Width: 9},
	{Title: "amount", Kind: xlsx.Money, Width: 13},
}

// columnsIn are columns titled in texts t.
func columnsIn(t *documentTexts) []xlsx.Column {
	out := make([]xlsx.Column, len(columns))
	for i, c := range columns {
		out[i] = c
		out[i].Title = t.Columns[c.Title]
	}
	return out
}

func thousandths(n int64) string { return strconv.FormatFloat(float64(n)/1000, 'f', 3, 64) }

// csvDoc writes the statement as CSV: a header, the opening balance, one
// row per movement, the closing balance, then the open holds. Text cells
// are SpreadsheetSafe; numbers are plain (a minus sign is a number's).
type csvDoc struct {
	buf *bufio.Writer
	w   *csv.Writer
	t   *documentTexts
}

func newCSVDoc(w io.Writer, t *documentTexts) *csvDoc {
	buf := bufio.NewWriterSize(w, 64<<10)
	return &csvDoc{buf: buf, w: csv.NewWriter(buf), t: t}
}

func (d *csvDoc) text(cells ...string) []string {
	for i, c := range cells {
		cells[i] = fuelportal.SpreadsheetSafe(c)
	}
	return cells
}

func (d *csvDoc) begin(title string) error {
	titles := make([]string, len(columns))
	for i, c := range columnsIn(d.t) {
		titles[i] = c.Title
	}
	if err := d.w.Write(titles); err != nil {
		return err
	}
	cells := make([]string, len(columns))
	cells[0], cells[2] = d.t.Statement, fuelportal.SpreadsheetSafe(title)
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
	cells := d.text(d.t.OpenHold, d.t.Moment(h.AuthorizedAt.In(loc)), h.AuthorizationID, "", "", h.CardNumber, "", "", h.Merchant, "", h.Product)
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
	t     *documentTexts
}

func newXLSXDoc(w io.Writer, t *documentTexts) (*xlsxDoc, error) {
	sheet, err := xlsx.NewSheet(t.Statement, columnsIn(t))
	if err != nil {
		return nil, err
	}
	return &xlsxDoc{w: w, sheet: sheet, t: t}, nil
}

func (d *xlsxDoc) begin(title string) error {
	return d.sheet.AddRow(d.t.Statement, nil, title, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)
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
	return d.sheet.AddRow(d.t.OpenHold, d.t.Moment(h.AuthorizedAt.In(loc)), h.AuthorizationID, "", "", h.CardNumber, "", "",
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
	t       *documentTexts
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
// purchase time): their keys in documentTexts.Columns and their widths in
// millimetres (259 in all), wide enough for their titles and the times
// and marks of every language (TestPDFColumnsHoldTheirTextsInEveryLanguage).
var pdfColumns = []struct {
	key   string
	width float64
	right bool
}{
	{"posted", 27, false}, {"reference", 34, false}, {"card", 11, false}, {"driver", 28, false}, {"unit", 14, false},
	{"station", 36, false}, {"jurisdictionShort", 8, false}, {"product", 13, false}, {"gallons", 17, true}, {"price", 14, true},
	{"discount", 15, true}, {"fee", 12, true}, {"amount", 20, true}, {"late", 10, false},
}

func newPDFDoc(w io.Writer, t *documentTexts) *pdfDoc {
	return &pdfDoc{w: w, pdf: pdfstream.New(w, pdfWidth, pdfHeight), t: t}
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
		pdfstream.Encode(d.t.Rule), false, pdfstream.Helvetica, 8)
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
		d.cell(x, c.width, 5, pdfstream.Encode(d.t.Columns[c.key]), c.right, pdfstream.HelveticaBold, 7)
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
		d.heading(d.t.Holds)
	}
	return d.cells([]string{d.t.Moment(h.AuthorizedAt.In(loc)), h.AuthorizationID, h.CardNumber, "", "", h.Merchant, "", h.Product,
		"", "", "", "", fuelportal.PlainCents(-h.HeldCents), ""})
}

func (d *pdfDoc) end() error {
	d.pageNumber()
	return d.pdf.Close(d.title, "Fuel Portal")
}

// pageNumber writes the current page's number at its foot.
func (d *pdfDoc) pageNumber() {
	d.y = pdfHeight - 10
	d.cell(pdfMargin, pdfWidth-2*pdfMargin, 4, pdfstream.Encode(fmt.Sprintf(d.t.Page, d.pdf.Pages())), true, pdfstream.Helvetica, 7)
}

func (d *pdfDoc) close() {}
