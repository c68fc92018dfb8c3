package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"fuelportal/statements"
	"fuelportal/store"
)

// runStatementsVerify checks every closed and open period of every
// company against the ledger (statements.Service.Verify) and fails naming
// the first that differs. It only reads and does not migrate.
func runStatementsVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("statements verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dsn := dbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, err := store.Open(ctx, *dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	bad, err := statements.New(statements.Deps{Store: db}).Verify(ctx)
	if err != nil {
		return err
	}
	if bad != nil {
		return fmt.Errorf("statement does not equal the ledger: %w", bad)
	}
	fmt.Fprintln(stdout, "Every statement equals the ledger.")
	return nil
}
