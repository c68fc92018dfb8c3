package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"fuelportal/feed"
)

// runImportPrices imports a price-feed CSV file. Running servers pick the
// new prices up within a few seconds (catalog.PollInterval).
func runImportPrices(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import prices", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: fuelportal import prices [-db DSN] FILE.csv   (FILE - reads standard input)")
		fs.PrintDefaults()
	}
	dsn := dbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("import prices: give exactly one CSV file")
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
}
