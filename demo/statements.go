package demo

import (
	"context"
)

func init() {
	Register(Step{Order: OrderStatements, Name: "the ledger dated as its history happened", Run: seedStatementHistory})
}

// OrderStatements runs after every step that moves money.
const OrderStatements = OrderDriverRequests + 100

// seedStatementHistory dates the seeded ledger at its purchases' times, so
// the companies' statements have past periods (Seed closes them once the
// seed is written).
func seedStatementHistory(ctx context.Context, env *Env) error {
	return env.Tx.PostLedgerAtPurchaseTimes(ctx)
}
