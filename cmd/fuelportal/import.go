package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"

	"fuelportal/catalog"
	"fuelportal/flows"
	"fuelportal/geo"
)

// runImportPrices imports a price-feed CSV file and re-plans the active
// trips whose planned stops' prices moved, as the feed endpoint does.
// Running servers pick the new prices up within a few seconds
// (catalog.PollInterval).
func runImportPrices(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	usage := []string{"Usage: fuelportal import prices [-db DSN] FILE.csv   (FILE - reads standard input)"}
	return runImport(ctx, args, stderr, "prices", usage, func(f *flows.Services, in io.Reader) error {
		report, err := f.Prices.Import(ctx, in)
		if err != nil {
			return err
		}
		for _, e := range report.Rejected {
			fmt.Fprintf(stdout, "skipped %v\n", e)
		}
		fmt.Fprintf(stdout, "%d rows: %d new stations, %d updated, %d unchanged, %d skipped.\n",
			report.Rows, report.Inserted, report.Updated, report.Unchanged, len(report.Rejected))
		if report.Replanned > 0 {
			fmt.Fprintf(stdout, "%d active trips re-planned: their planned stops' prices moved.\n", report.Replanned)
		}
		return nil
	})
}

// runImportTransactions records a card network purchase file (columns:
// see package feed, transactions.go) through the purchase flow, as the
// network endpoint records one: an approved purchase off its trip's plan
// re-plans the trip. Bad rows are listed by line and skipped; the command
// fails only when the file cannot be read or the database fails.
func runImportTransactions(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	usage := []string{
		"Usage: fuelportal import transactions [-db DSN] FILE.csv   (FILE - reads standard input)",
		"Columns: network_transaction_id, card_number, location_id, gallons, retail_price, transaction_date",
	}
	return runImport(ctx, args, stderr, "transactions", usage, func(f *flows.Services, in io.Reader) error {
		report, err := f.Purchases.Import(ctx, in)
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
// file argument ("-" reads standard input) and the flows over the migrated
// database, handed to run. The station catalog trips are re-planned with
// loads only when a trip is re-planned.
func runImport(ctx context.Context, args []string, stderr io.Writer, what string, usage []string, run func(*flows.Services, io.Reader) error) error {
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
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	return run(flows.New(flows.Deps{DB: db, Stations: &catalogOnDemand{Catalog: catalog.New(db, nil)}, Logger: logger}, flows.Config{}), in)
}

// catalogOnDemand is a station catalog loaded at its first search (an
// import re-plans no trip most of the time, and loading every station
// takes a while).
type catalogOnDemand struct {
	*catalog.Catalog
	once   sync.Once
	loaded error
}

// Refresh does nothing: the catalog loads what is stored at its first
// search.
func (c *catalogOnDemand) Refresh(context.Context) error { return nil }

// NearPolyline loads the catalog if it is not loaded yet, then searches it.
func (c *catalogOnDemand) NearPolyline(ctx context.Context, route *geo.Polyline, radiusMiles float64, chains catalog.Chains) ([]catalog.OnRoute, error) {
	c.once.Do(func() { c.loaded = c.Catalog.Refresh(ctx) })
	if c.loaded != nil {
		return nil, c.loaded
	}
	return c.Catalog.NearPolyline(ctx, route, radiusMiles, chains)
}
