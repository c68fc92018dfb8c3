package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"fuelportal/feed"
)

// runImportTransactions records a card network purchase file (columns:
// see package feed, transactions.go). Bad rows are listed by line and
// skipped; the command fails only when the file cannot be read or the
// database fails.
func runImportTransactions(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import transactions", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: fuelportal import transactions [flags] FILE.csv")
		fmt.Fprintln(stderr, "Columns: network_transaction_id, card_number, location_id, gallons, retail_price, transaction_date")
		fs.PrintDefaults()
	}
	dsn := dbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("import transactions: give one CSV file")
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return err
	}
	defer f.Close()
	db, err := openMigrated(ctx, *dsn)
	if err != nil {
		return err
	}
	defer db.Close()

	report, err := feed.ImportPurchases(ctx, db, f)
	if report != nil {
		fmt.Fprintf(stdout, "Read %d rows: %d approved, %d declined, %d already recorded, %d skipped.\n",
			report.Rows, report.Approved, report.Declined, report.Repeats, len(report.Rejected))
		for _, r := range report.Rejected {
			fmt.Fprintf(stdout, "  skipped %v\n", r)
		}
	}
	return err
}
