package accounting

import (
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"fuelportal"
)

func TestSafeCell_NeutralisesFormulasNotAmounts(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`=HYPERLINK("http://x","y")`, `'=HYPERLINK("http://x","y")`},
		{"+1+2", "'+1+2"},
		{"-A1", "'-A1"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\tcmd", "'\tcmd"},
		{"\rcmd", "'\rcmd"},
		{"-123.45", "-123.45"},
		{"Fuel:Linehaul", "Fuel:Linehaul"},
		{"", ""},
	} {
		if got := SafeCell(c.in); got != c.want {
			t.Errorf("SafeCell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestWriter_ARefundIsMoneyBackAndTheJournalStillBalances(t *testing.T) {
	p := &fuelportal.Transaction{InvoiceRef: "INV-1", LocationName: "Pilot", Product: fuelportal.ProductDiesel, Gallons: 10_000,
		Status: fuelportal.TransactionApproved, FundedTotalCents: 40_00, FeeCents: 1_50, TransactionDate: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC),
		CardNumber: "7071000000000001234", Coding: fuelportal.Coding{Account: "=cmd()", Class: "East"}}
	r := &fuelportal.Refund{AmountCents: 12_00, IssuerTransactionID: "ipi_1", CreatedAt: time.Date(2026, 3, 5, 10, 0, 0, 0, time.UTC), Purchase: p}
	for _, f := range Formats {
		var b strings.Builder
		x, err := NewWriter(&b, f, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		if err := x.Add(p); err != nil {
			t.Fatal(err)
		}
		if err := x.AddRefund(r); err != nil {
			t.Fatal(err)
		}
		if err := x.AddRefund(&fuelportal.Refund{AmountCents: 3_00, IssuerTransactionID: "ipi_2", CreatedAt: r.CreatedAt}); err != nil {
			t.Fatal(err)
		}
		if err := x.Flush(); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var sum int64
		for _, row := range rows[1:] {
			for _, cell := range row {
				if strings.HasPrefix(cell, "=") {
					t.Errorf("%s: cell %q would be a formula", f, cell)
				}
			}
			switch f {
			case Journal:
				sum += cents(t, row[2]) - cents(t, row[3])
			case QBOBank:
				sum += cents(t, row[2])
			case XeroBank:
				sum += cents(t, row[1])
			}
		}
		if f == Journal && sum != 0 {
			t.Errorf("journal sums to %d", sum)
		}
		if (f == QBOBank || f == XeroBank) && sum != -40_00+12_00+3_00 {
			t.Errorf("%s: the bank lines sum to %d", f, sum)
		}
	}
}

func cents(t *testing.T, s string) int64 {
	if s == "" {
		return 0
	}
	neg := strings.HasPrefix(s, "-")
	n, err := fuelportal.ParseDecimal(strings.TrimPrefix(s, "-"), 2)
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	if neg {
		return -n
	}
	return n
}
