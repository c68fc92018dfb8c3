package store

import (
	"context"
	"database/sql"
	"time"
	"strings"

	"fuelportal"
)

// insertAlert records alert a of its company (derived from an event
// created at created) and sets a.ID and a.CreatedAt.
func (tx *Tx) insertAlert(ctx context.Context, a *fuelportal.Alert, created time.Time) error {
	a.CreatedAt = created
	return tx.QueryRow(ctx, `
		INSERT INTO alerts (company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id,
			trip_id, trip_request_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		a.CompanyID, a.Kind, a.Message, nullInt(a.CardID), a.CardNumber, a.DriverName,
		nullInt(a.TransactionID), nullInt(a.OverrideRequestID), nullInt(a.TripID), nullInt(a.TripRequestID), a.CreatedAt).Scan(&a.ID)
}

// ownerMailTarget is an owner to mail: their address and language.
type ownerMailTarget struct {
	email    string
	language fuelportal.Language
}

// ownerEmails returns the addresses of the owners of company companyID.
func (tx *Tx) ownerEmails(ctx context.Context, companyID int64) ([]ownerMailTarget, error) {
	rows, err := tx.Query(ctx, `SELECT email, language FROM users WHERE company_id = ? AND role = ? ORDER BY id`, companyID, fuelportal.RoleCompany)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []ownerMailTarget
	for rows.Next() {
		var o ownerMailTarget
		if err := rows.Scan(&o.email, &o.language); err != nil {
			return nil, err
		}
		list = append(list, o)
	}
	return list, rows.Err()
}

const alertColumns = `id, company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id, trip_id, trip_request_id, read_at, created_at`

// Alerts returns a page of the company's alerts (only unread ones with
// f.UnreadOnly, only one kind with f.Kind), newest first, with the number
// matching and the company's unread count; each with how the request it is
// about was decided and by whom.
func (db *DB) Alerts(ctx context.Context, f fuelportal.AlertFilter) (*fuelportal.AlertPage, error) {
	page := &fuelportal.AlertPage{Alerts: []*fuelportal.Alert{}}
	where := `company_id = ?`
	args := []any{f.CompanyID}
	if f.UnreadOnly {
		where += ` AND read_at IS NULL`
	}
	if f.Kind != "" {
		where += ` AND kind = ?`
		args = append(args, f.Kind)
	}
	err := db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT a.*, COALESCE(o.status, r.status), COALESCE(o.decided_at, r.decided_at), u.first_name, u.last_name
			FROM (SELECT `+alertColumns+` FROM alerts WHERE `+where+` ORDER BY id DESC LIMIT ? OFFSET ?) a
			LEFT JOIN override_requests o ON o.id = a.override_request_id
			LEFT JOIN trip_requests r ON r.id = a.trip_request_id
			LEFT JOIN users u ON u.id = COALESCE(o.decided_by, r.decided_by)
			ORDER BY a.id DESC`,
			append(args, f.Limit, f.Offset)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			a := &fuelportal.Alert{}
			var card, txID, request, trip, tripRequest sql.NullInt64
			var read, created, decided nullTime
			var status, first, last sql.NullString
			if err := rows.Scan(&a.ID, &a.CompanyID, &a.Kind, &a.Message, &card, &a.CardNumber, &a.DriverName, &txID, &request, &trip, &tripRequest, &read, &created,
				&status, &decided, &first, &last); err != nil {
				return err
			}
			a.CardID, a.TransactionID, a.OverrideRequestID = card.Int64, txID.Int64, request.Int64
			a.TripID, a.TripRequestID = trip.Int64, tripRequest.Int64
			a.ReadAt, a.CreatedAt = read.Ptr(), created.Time
			if status.Valid && status.String != "PENDING" && decided.Valid {
				a.Decision = &fuelportal.RequestDecision{Status: status.String, DecidedAt: decided.Time.UTC(),
					DecidedBy: strings.TrimSpace(first.String + " " + last.String)}
			}
			page.Alerts = append(page.Alerts, a)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM alerts WHERE `+where, args...).Scan(&page.Total); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM alerts WHERE company_id = ? AND read_at IS NULL`, f.CompanyID).Scan(&page.Unread)
	})
	if err != nil {
		return nil, err
	}
	return page, nil
}

// MarkAlertRead marks alert id of company companyID read (again is fine).
// Another company's alert, or none, is ENOTFOUND.
func (db *DB) MarkAlertRead(ctx context.Context, companyID, id int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var found int64
		err := tx.QueryRow(ctx, `SELECT id FROM alerts WHERE id = ? AND company_id = ?`, id, companyID).Scan(&found)
		if err != nil {
			return notFound(err, "Alert not found")
		}
		_, err = tx.Exec(ctx, `UPDATE alerts SET read_at = ? WHERE id = ? AND read_at IS NULL`, tx.Now, id)
		return err
	})
}

// MarkAllAlertsRead marks every unread alert of company companyID read.
func (db *DB) MarkAllAlertsRead(ctx context.Context, companyID int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE alerts SET read_at = ? WHERE company_id = ? AND read_at IS NULL`, tx.Now, companyID)
		return err
	})
}
