package storetest

import (
	"context"
	"encoding/json"
	"testing"

	"fuelportal"
	"fuelportal/store"
)

// PublishedEvent is an event as the events table keeps it: its company,
// whether it is muted, and its payload (its data as written, and Payload
// as stored).
type PublishedEvent struct {
	CompanyID int64
	Muted     bool
	Payload   string                  `json:"-"`
	UserID    int64                   `json:"userId"`
	Alert     *fuelportal.Alert       `json:"alert"`
	Notice    *fuelportal.Notice      `json:"notice"`
	Mail      *fuelportal.MailMessage `json:"mail"`
	Data      json.RawMessage         `json:"data"`
}

// PublishedEvents are the events of type typ published so far, of every
// company, oldest first: what a flow wrote in its transactions.
func PublishedEvents(tb testing.TB, db *store.DB, typ fuelportal.EventType) []PublishedEvent {
	tb.Helper()
	ctx := context.Background()
	var events []PublishedEvent
	err := db.InReadTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.Query(ctx, `SELECT company_id, muted, payload FROM events WHERE type = ? ORDER BY id`, typ)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var e PublishedEvent
			var muted int
			var payload string
			if err := rows.Scan(&e.CompanyID, &muted, &payload); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(payload), &e); err != nil {
				return err
			}
			e.Muted, e.Payload = muted == 1, payload
			events = append(events, e)
		}
		return rows.Err()
	})
	if err != nil {
		tb.Fatal(err)
	}
	return events
}

// EventPayloads are the payloads of company companyID's events of type
// typ, oldest first.
func EventPayloads(tb testing.TB, db *store.DB, companyID int64, typ fuelportal.EventType) []string {
	tb.Helper()
	var payloads []string
	for _, e := range PublishedEvents(tb, db, typ) {
		if e.CompanyID == companyID {
			payloads = append(payloads, e.Payload)
		}
	}
	return payloads
}
