package storetest

import (
	"context"
	"testing"

	"fuelportal/store"
)

// Count is the count query answers (SELECT COUNT(*) …): how many rows a
// flow left behind.
func Count(t testing.TB, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.InReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), query, args...).Scan(&n)
	}); err != nil {
		t.Fatal(err)
	}
	return n
}
