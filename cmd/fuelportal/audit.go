package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"fuelportal/audit"
	"fuelportal/store"
)

// runAuditVerify checks every company's audit chain (store.DB.VerifyAudit)
// and fails naming the first row that breaks one. It only reads: it runs
// with a role that may read audit_events and audit_chain_heads, and does
// not migrate.
func runAuditVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("audit verify", flag.ContinueOnError)
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
	start := time.Now()
	rows, brk, err := audit.New(audit.Deps{Store: db}).Verify(ctx)
	if err != nil {
		return err
	}
	if brk != nil {
		return brk
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "Audit trail holds: %d rows checked in %s (%.0f rows/s).\n", rows, elapsed.Round(time.Millisecond), float64(rows)/max(elapsed.Seconds(), 1e-9))
	return nil
}
