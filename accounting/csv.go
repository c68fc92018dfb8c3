// Package accounting writes a company's purchases as files accounting
// systems import: QuickBooks Online's bank-transactions CSV (the 3-column
// file its "Upload from file" reads) and the same coded as expenses,
// Xero's bank statement CSV, and a general-journal CSV that balances to
// zero. Refunds of purchases are written as money back (AddRefund). Rows are written as they come (Writer.Add), so a file of any
// length takes flat memory; text cells are neutralised so a spreadsheet
// never reads them as formulas (SafeCell).
package accounting

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"time"

	"fuelportal"
)

// Format is an export's file format.
type Format string

// Formats.
const (
	// QBOBank is QuickBooks Online's 3-column bank file: Date,
	// Description, Amount (money out negative), MM/DD/YYYY dates.
	QBOBank Format = "qbo-csv"
	// QBOExpenses is the same purchases coded as expenses: one line per
	// purchase leg (fuel, fee) with its account, class, job and memo.
	QBOExpenses Format = "qbo-expenses-csv"
	// XeroBank is Xero's bank statement import: Date, Amount, Payee,
	// Description, Reference.
	XeroBank Format = "xero-csv"
	// Journal is a general journal: two or three lines per purchase (fuel
	// and fee debited, the card account credited) summing to zero.
	Journal Format = "journal-csv"
)

// Formats lists the formats in the order the web app offers them.
var Formats = []Format{QBOBank, QBOExpenses, XeroBank, Journal}

// Valid reports whether f is a known format.
func (f Format) Valid() bool {
	for _, g := range Formats {
		if f == g {
			return true
		}
	}
	return false
}

// Accounts the files book to when a purchase is not coded to one.
const (
	FuelAccount = "Fuel"           // a purchase's fuel without a coded account
	FeeAccount  = "Fuel card fees" // every purchase's fee
	CardAccount = "Fuel card"      // what the purchases are paid from (the wallet)
)

// headers are each format's header row.
var headers = map[Format][]string{
	QBOBank:     {"Date", "Description", "Amount"},
	QBOExpenses: {"Date", "Ref No", "Payee", "Account", "Amount", "Class", "Customer/Project", "Memo"},
	XeroBank:    {"Date", "Amount", "Payee", "Description", "Reference"},
	Journal:     {"Date", "Account", "Debit", "Credit", "Class", "Job", "Memo", "Reference"},
}

// Writer writes purchases in one format.
type Writer struct {
	format Format
	loc    *time.Location
	csv    *csv.Writer
}

// NewWriter writes f's header row to w and returns the writer of its
// rows; dates are read in loc (the company's time zone).
func NewWriter(w io.Writer, f Format, loc *time.Location) (*Writer, error) {
	if !f.Valid() {
		return nil, fmt.Errorf("accounting: unknown format %q", f)
	}
	x := &Writer{format: f, loc: loc, csv: csv.NewWriter(w)}
	x.csv.UseCRLF = true
	return x, x.csv.Write(headers[f])
}

// Add writes purchase t's rows; a declined purchase moved no money and
// writes none.
func (x *Writer) Add(t *fuelportal.Transaction) error {
	if t.Status != fuelportal.TransactionApproved || t.FundedTotalCents == 0 {
		return nil
	}
	date := t.TransactionDate.In(x.loc).Format("01/02/2006")
	c := t.Coding
	net := t.FundedTotalCents - t.FeeCents
	var rows [][]string
	switch x.format {
	case QBOBank:
		rows = [][]string{{date, description(t), fuelportal.PlainCents(-t.FundedTotalCents)}}
	case QBOExpenses:
		rows = append(rows, []string{date, t.InvoiceRef, t.LocationName, or(c.Account, FuelAccount), fuelportal.PlainCents(net), c.Class, c.Job, memo(t)})
		if t.FeeCents != 0 {
			rows = append(rows, []string{date, t.InvoiceRef, t.LocationName, FeeAccount, fuelportal.PlainCents(t.FeeCents), c.Class, c.Job, memo(t)})
		}
	case XeroBank:
		rows = [][]string{{date, fuelportal.PlainCents(-t.FundedTotalCents), t.LocationName, description(t), t.InvoiceRef}}
	case Journal:
		rows = append(rows, []string{date, or(c.Account, FuelAccount), fuelportal.PlainCents(net), "", c.Class, c.Job, memo(t), t.InvoiceRef})
		if t.FeeCents != 0 {
			rows = append(rows, []string{date, FeeAccount, fuelportal.PlainCents(t.FeeCents), "", c.Class, c.Job, memo(t), t.InvoiceRef})
		}
		rows = append(rows, []string{date, CardAccount, "", fuelportal.PlainCents(t.FundedTotalCents), c.Class, c.Job, memo(t), t.InvoiceRef})
	}
	return x.write(rows)
}

// AddRefund writes refund r's rows: money back to the card account,
// booked against its purchase's coded account (the fuel account when it
// has none or names no purchase), dated when it posted.
func (x *Writer) AddRefund(r *fuelportal.Refund) error {
	if r.AmountCents <= 0 {
		return nil
	}
	date := r.CreatedAt.In(x.loc).Format("01/02/2006")
	var c fuelportal.Coding
	payee, ref, what := "", r.IssuerTransactionID, "Refund "+r.IssuerTransactionID
	if p := r.Purchase; p != nil {
		c, payee, ref = p.Coding, p.LocationName, p.InvoiceRef
		what = "Refund of " + description(p)
	}
	note := or(c.Memo, what)
	amount := fuelportal.PlainCents(r.AmountCents)
	var rows [][]string
	switch x.format {
	case QBOBank:
		rows = [][]string{{date, what, amount}}
	case QBOExpenses:
		rows = [][]string{{date, ref, payee, or(c.Account, FuelAccount), fuelportal.PlainCents(-r.AmountCents), c.Class, c.Job, note}}
	case XeroBank:
		rows = [][]string{{date, amount, payee, what, ref}}
	case Journal:
		rows = [][]string{
			{date, CardAccount, amount, "", c.Class, c.Job, note, ref},
			{date, or(c.Account, FuelAccount), "", amount, c.Class, c.Job, note, ref},
		}
	}
	return x.write(rows)
}

func (x *Writer) write(rows [][]string) error {
	for _, row := range rows {
		for i, cell := range row {
			row[i] = SafeCell(cell)
		}
		if err := x.csv.Write(row); err != nil {
			return err
		}
	}
	return nil
}

// Flush writes what is buffered and returns the first write error.
func (x *Writer) Flush() error {
	x.csv.Flush()
	return x.csv.Error()
}

// description is what a bank line says of purchase t: the station, the
// product and gallons, the card's last four digits.
func description(t *fuelportal.Transaction) string {
	card := t.CardNumber
	if len(card) > 4 {
		card = card[len(card)-4:]
	}
	return fmt.Sprintf("%s %s %s gal card %s %s", t.LocationName, t.Product, gallons(t.Gallons), card, t.InvoiceRef)
}

// memo is the coded memo, else the invoice reference and product.
func memo(t *fuelportal.Transaction) string {
	if t.Coding.Memo != "" {
		return t.Coding.Memo
	}
	return t.InvoiceRef + " " + string(t.Product)
}

func gallons(g fuelportal.Gallons) string {
	return fmt.Sprintf("%d.%03d", int64(g)/1000, int64(g)%1000)
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// SafeCell returns text cell s so that no spreadsheet reads it as a
// formula: a cell starting with = + - @, a tab or a carriage return gets
// a leading apostrophe (OWASP's advice for CSV injection). Amounts are
// not text cells and are written as they are.
func SafeCell(s string) string {
	if s == "" || isAmount(s) {
		return s
	}
	return fuelportal.SpreadsheetSafe(s)
}

// isAmount reports whether s is an amount this package wrote
// ("-123.45", "7.00"): only digits, one point, one leading minus.
func isAmount(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, ok := strings.Cut(s, ".")
	if !ok || whole == "" || len(frac) != 2 {
		return false
	}
	for _, r := range whole + frac {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
