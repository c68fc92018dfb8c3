package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"fuelportal/feed"
	"fuelportal/store"
)

// runImportPrices imports a price-feed CSV file. Running servers pick the
// new prices up within a few seconds (catalog.PollInterval).
func runImportPrices(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	usage := []string{"Usage: fuelportal import prices [-db DSN] FILE.csv   (FILE - reads standard input)"}
	return runImport(ctx, args, stderr, "prices", usage, func(db *store.DB, in io.Reader) error {
		report, err := feed.ImportPrices(ctx, db, in)
		if err != nil {
			return err
		}
		for _, e := range report.Rejected {
			fmt.Fprintf(stdout, "skipped %v\n", e)
		}
		fmt.Fprintf(stdout, "%d rows: %d new stations, %d updated, %d unchanged, %d skipped.\n",
			report.Rows, report.Inserted, report.Updated, report.Unchanged, len(report.Rejected))
		return nil
	})
}

// runImportTransactions records a card network purchase file (columns:
// see package feed, transactions.go). Bad rows are listed by line and
// skipped; the command fails only when the file cannot be read or the
// database fails.
func runImportTransactions(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	usage := []string{
		"Usage: fuelportal import transactions [-db DSN] FILE.csv   (FILE - reads standard input)",
		"Columns: network_transaction_id, card_number, location_id, gallons, retail_price, transaction_date",
	}
	return runImport(ctx, args, stderr, "transactions", usage, func(db *store.DB, in io.Reader) error {
		report, err := feed.ImportPurchases(ctx, db, in)
		if report != nil {
			fmt.Fprintf(stdout, "Read %d rows: %d approved, %d declined, %d already recorded, %d skipped.\n",
				report.Rows, report.Approved, report.Declined, report.Repeats, len(report.Rejected))
			for _, r := range report.Rejected {
				fmt.Fprintf(stdout, "  skipped %v\n", r)
			}
		}
		return err
	})
}

// runImport is what the import commands share: the -db flag, exactly one
// file argument ("-" reads standard input) and the migrated database,
// handed to run.
func runImport(ctx context.Context, args []string, stderr io.Writer, what string, usage []string, run func(*store.DB, io.Reader) error) error {
	fs := flag.NewFlagSet("import "+what, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		for _, line := range usage {
			fmt.Fprintln(stderr, line)
		}
		fs.PrintDefaults()
	}
	dsn := dbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("import %s: give exactly one CSV file", what)
	}
	var in io.Reader = os.Stdin
	if name := fs.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	db, err := openMigrated(ctx, *dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	return run(db, in)
}
