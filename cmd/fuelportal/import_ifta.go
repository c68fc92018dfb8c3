package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"fuelportal/flows"
)

// runImportIFTARates loads an IFTA rate file (docs/ifta.md, "Rate file")
// through the return flow: the rows of each quarter in the file replace
// that quarter's stored rates. -sample marks them made up (the returns
// computed with them warn sample_rates: not for filing).
func runImportIFTARates(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import ifta-rates", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: fuelportal import ifta-rates [-db DSN] [-sample] FILE.csv   (FILE - reads standard input)")
		fmt.Fprintln(stderr, "Columns: year,quarter,jurisdiction,fuelType,rate,surcharge (dollars per US gallon, four decimals)")
		fs.PrintDefaults()
	}
	dsn := dbFlag(fs)
	sample := fs.Bool("sample", false, "the rates are made up, not for filing")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("import ifta-rates: give exactly one CSV file")
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
	quarters, rows, err := flows.New(flows.Deps{DB: db, Logger: logger}, flows.Config{}).IFTA.ImportRates(ctx, in, *sample)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d rates stored; they replace the stored rates of %d quarters.\n", rows, quarters)
	return nil
}
