package storetest

import (
	"context"
	"testing"

	"fuelportal"
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

// EventPayloads are the payloads of company companyID's events of type
// typ, oldest first: what a flow wrote in its transactions.
func EventPayloads(t testing.TB, db *store.DB, companyID int64, typ fuelportal.EventType) []string {
	t.Helper()
	var payloads []string
	err := db.InReadTx(context.Background(), func(tx *store.Tx) error {
		rows, err := tx.Query(context.Background(), `SELECT payload FROM events WHERE company_id = ? AND type = ? ORDER BY id`, companyID, typ)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				return err
			}
			payloads = append(payloads, p)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return payloads
}
