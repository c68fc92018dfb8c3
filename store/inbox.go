package store

import (
	"context"
	"database/sql"
	"strings"

	"fuelportal"
)

// The inboxes (fuelportal.Inbox): a company's owners' alerts (table
// alerts, one row for all owners) and each user's notices (table
// notifications), both written by the event dispatcher, read and marked
// read here alike.

// inboxTable returns the table and the filter of inbox i's rows.
func inboxTable(i fuelportal.Inbox) (table, where string, args []any) {
	if i.Owners() && i.GroupID != 0 {
		return "alerts", "company_id = ? AND (card_id IS NULL OR card_id IN (SELECT id FROM cards WHERE company_id = ? AND group_id = ?))",
			[]any{i.CompanyID, i.CompanyID, i.GroupID}
	}
	if i.Owners() {
		return "alerts", "company_id = ?", []any{i.CompanyID}
	}
	return "notifications", "user_id = ?", []any{i.UserID}
}

// Inbox returns a page of inbox f.Inbox (only unread entries with
// f.UnreadOnly, only one kind with f.Kind), newest first, with the number
// matching, the inbox's unread count and the language of its reader
// (f.Reader); each alert with how the request it is about was decided and
// by whom, and what words it in the reader's language.
func (db *DB) Inbox(ctx context.Context, f fuelportal.InboxFilter) (*fuelportal.InboxPage, error) {
	page := &fuelportal.InboxPage{Items: []*fuelportal.InboxItem{}, Language: fuelportal.LanguageEnglish}
	table, owned, args := inboxTable(f.Inbox)
	where, kind := owned, "event"
	if f.Inbox.Owners() {
		kind = "kind"
	}
	if f.UnreadOnly {
		where += ` AND read_at IS NULL`
	}
	if f.Kind != "" {
		where += ` AND ` + kind + ` = ?`
		args = append(args, f.Kind)
	}
	err := db.InReadTx(ctx, func(tx *Tx) error {
		var err error
		if f.Inbox.Owners() {
			page.Items, err = tx.alertItems(ctx, where, args, f.Offset, f.Limit)
		} else {
			page.Items, err = tx.noticeItems(ctx, where, args, f.Offset, f.Limit)
		}
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM `+table+` WHERE `+where, args...).Scan(&page.Total); err != nil {
			return err
		}
		_, _, ownedArgs := inboxTable(f.Inbox)
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM `+table+` WHERE `+owned+` AND read_at IS NULL`, ownedArgs...).Scan(&page.Unread); err != nil {
			return err
		}
		if f.Reader == 0 {
			return nil
		}
		var lang string
		if err := tx.QueryRow(ctx, `SELECT language FROM users WHERE id = ?`, f.Reader).Scan(&lang); err != nil && !isNoRows(err) {
			return err
		}
		if lang != "" {
			page.Language = fuelportal.Language(lang)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return page, nil
}

func (tx *Tx) alertItems(ctx context.Context, where string, args []any, offset, limit int) ([]*fuelportal.InboxItem, error) {
	rows, err := tx.Query(ctx, `
		SELECT a.*, COALESCE(o.status, r.status), COALESCE(o.decided_at, r.decided_at), u.first_name, u.last_name
		FROM (SELECT id, kind, message, notice, card_id, card_number, driver_name, transaction_id, override_request_id, trip_id, trip_request_id, read_at, created_at
			FROM alerts WHERE `+where+` ORDER BY id DESC LIMIT ? OFFSET ?) a
		LEFT JOIN override_requests o ON o.id = a.override_request_id
		LEFT JOIN trip_requests r ON r.id = a.trip_request_id
		LEFT JOIN users u ON u.id = COALESCE(o.decided_by, r.decided_by)
		ORDER BY a.id DESC`, append(args, limit, offset)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := []*fuelportal.InboxItem{}
	for rows.Next() {
		a := &fuelportal.InboxItem{}
		var card, txID, request, trip, tripRequest sql.NullInt64
		var read, created, decided nullTime
		var notice, status, first, last sql.NullString
		if err := rows.Scan(&a.ID, &a.Kind, &a.Message, &notice, &card, &a.CardNumber, &a.DriverName, &txID, &request, &trip, &tripRequest, &read, &created,
			&status, &decided, &first, &last); err != nil {
			return nil, err
		}
		a.CardID, a.TransactionID, a.OverrideRequestID = card.Int64, txID.Int64, request.Int64
		a.TripID, a.TripRequestID = trip.Int64, tripRequest.Int64
		a.ReadAt, a.CreatedAt, a.Notice = read.Ptr(), created.Time, loadAlertNotice(notice)
		if status.Valid && status.String != "PENDING" && decided.Valid {
			a.Decision = &fuelportal.RequestDecision{Status: status.String, DecidedAt: decided.Time.UTC(),
				DecidedBy: strings.TrimSpace(first.String + " " + last.String)}
		}
		items = append(items, a)
	}
	return items, rows.Err()
}

func (tx *Tx) noticeItems(ctx context.Context, where string, args []any, offset, limit int) ([]*fuelportal.InboxItem, error) {
	rows, err := tx.Query(ctx, `
		SELECT id, event, title, body, url, transaction_id, trip_id, override_request_id, read_at, created_at
		FROM notifications WHERE `+where+` ORDER BY id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := []*fuelportal.InboxItem{}
	for rows.Next() {
		n := &fuelportal.InboxItem{}
		var txID, tripID, reqID sql.NullInt64
		var read, created nullTime
		if err := rows.Scan(&n.ID, &n.Kind, &n.Title, &n.Body, &n.URL, &txID, &tripID, &reqID, &read, &created); err != nil {
			return nil, err
		}
		n.TransactionID, n.TripID, n.OverrideRequestID = txID.Int64, tripID.Int64, reqID.Int64
		n.ReadAt, n.CreatedAt = read.Ptr(), created.Time
		items = append(items, n)
	}
	return items, rows.Err()
}

// MarkInboxRead marks entry id of inbox i read (again is fine); an entry
// of another inbox (another company's, another user's), or none, is
// ENOTFOUND saying missing.
func (db *DB) MarkInboxRead(ctx context.Context, i fuelportal.Inbox, id int64, missing string) error {
	table, where, args := inboxTable(i)
	return db.InTx(ctx, func(tx *Tx) error {
		var found int64
		if err := tx.QueryRow(ctx, `SELECT id FROM `+table+` WHERE id = ? AND `+where, append([]any{id}, args...)...).Scan(&found); err != nil {
			return notFound(err, "%s", missing)
		}
		_, err := tx.Exec(ctx, `UPDATE `+table+` SET read_at = ? WHERE id = ? AND read_at IS NULL`, tx.Now, id)
		return err
	})
}

// MarkInboxAllRead marks every unread entry of inbox i read.
func (db *DB) MarkInboxAllRead(ctx context.Context, i fuelportal.Inbox) error {
	table, where, args := inboxTable(i)
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE `+table+` SET read_at = ? WHERE `+where+` AND read_at IS NULL`, append([]any{tx.Now}, args...)...)
		return err
	})
}
