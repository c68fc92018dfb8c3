package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"fuelportal"
)

// AddAlert records alert a for its company's owner and, in the same
// transaction, queues a mail with its message to each owner of the company
// (unless tx.MuteAlertMail). It sets a.ID and a.CreatedAt. The purchase
// path adds DECLINE alerts itself (their mails coalesced:
// enqueueAlertMail); card controls add NEAR_LIMIT ones with
// AddNearLimitAlert.
func (tx *Tx) AddAlert(ctx context.Context, a *fuelportal.Alert) error {
	return tx.addAlert(ctx, a, "")
}

// addAlert is AddAlert; reason is a DECLINE alert's decline code.
func (tx *Tx) addAlert(ctx context.Context, a *fuelportal.Alert, reason fuelportal.DeclineReason) error {
	a.CreatedAt = tx.Now
	err := tx.QueryRow(ctx, `
		INSERT INTO alerts (company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id,
			trip_id, trip_request_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		a.CompanyID, a.Kind, a.Message, nullInt(a.CardID), a.CardNumber, a.DriverName,
		nullInt(a.TransactionID), nullInt(a.OverrideRequestID), nullInt(a.TripID), nullInt(a.TripRequestID), a.CreatedAt).Scan(&a.ID)
	if err != nil {
		return err
	}
	if tx.MuteAlertMail {
		return nil
	}
	// Each owner's preference for the alert's event decides (quiet hours
	// hold a non-urgent one's mail).
	owners, err := tx.ownerMailTargets(ctx, a.CompanyID, a.Kind.Event())
	if err != nil {
		return err
	}
	for _, to := range owners {
		if to.after != nil {
			if err := tx.enqueueMail(ctx, fuelportal.AlertMail(to.email, to.language, a), "", to.after, 0); err != nil {
				return err
			}
			continue
		}
		if err := tx.enqueueAlertMail(ctx, to.email, to.language, a, reason); err != nil {
			return err
		}
	}
	return nil
}

// enqueueAlertMail queues the mail of alert a to the owner at to, who
// reads lang. A
// DECLINE (for reason) is mailed at once unless the same decline on the
// same card was mailed to to within fuelportal.DeclineMailWindow: then it
// joins the digest held back until that window ends (created by the first
// repeat, updated by later ones). The state is the outbox row, so every
// process sharing the database coalesces alike; purchases on one card are
// serialised by the card's lock, so one digest is never updated twice at
// once.
func (tx *Tx) enqueueAlertMail(ctx context.Context, to string, lang fuelportal.Language, a *fuelportal.Alert, reason fuelportal.DeclineReason) error {
	if a.Kind != fuelportal.AlertDecline || a.CardID == 0 {
		return tx.EnqueueMail(ctx, fuelportal.AlertMail(to, lang, a))
	}
	key := fmt.Sprintf("decline:%d:%s", a.CardID, reason)
	var id int64
	var repeats int
	var created, sendAfter nullTime
	err := tx.QueryRow(ctx, `
		SELECT id, repeats, created_at, send_after FROM outbox
		WHERE coalesce_key = ? AND to_address = ?
		ORDER BY id DESC LIMIT 1`, key, to).Scan(&id, &repeats, &created, &sendAfter)
	if err != nil && !isNoRows(err) {
		return err
	}
	mailedAt := created.Time // when the newest mail about it goes out
	if sendAfter.Valid {
		mailedAt = sendAfter.Time
	}
	switch {
	case isNoRows(err) || !mailedAt.After(tx.Now.Add(-fuelportal.DeclineMailWindow)):
		return tx.enqueueMail(ctx, fuelportal.AlertMail(to, lang, a), key, nil, 0)
	case mailedAt.After(tx.Now):
		// A digest still held back: one more decline in it.
		m := fuelportal.DeclineDigestMail(to, lang, a, reason, repeats+1)
		_, err := tx.Exec(ctx, `UPDATE outbox SET subject = ?, body = ?, repeats = ? WHERE id = ?`, m.Subject, m.Body, repeats+1, id)
		return err
	default:
		until := mailedAt.Add(fuelportal.DeclineMailWindow)
		return tx.enqueueMail(ctx, fuelportal.DeclineDigestMail(to, lang, a, reason, 1), key, &until, 1)
	}
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

// addDeclineAlert raises the DECLINE alert of declined purchase t on a
// company card.
func (tx *Tx) addDeclineAlert(ctx context.Context, t *fuelportal.Transaction) error {
	return tx.addAlert(ctx, fuelportal.DeclineAlert(t), t.DeclineReason)
}

// AddNearLimitAlert raises the NEAR_LIMIT alert of purchase t, which took
// its card past 80 % of a limit (see fuelportal.NearLimitAlertMessage for
// limitName, used and limit). Card controls call it in the purchase's
// transaction.
func (tx *Tx) AddNearLimitAlert(ctx context.Context, t *fuelportal.Transaction, limitName, used, limit string) error {
	return tx.AddAlert(ctx, &fuelportal.Alert{
		CompanyID: t.CompanyID, Kind: fuelportal.AlertNearLimit, CardID: t.CardID, CardNumber: t.CardNumber, DriverName: t.DriverCardName,
		TransactionID: t.ID, Message: fuelportal.NearLimitAlertMessage(t.DriverCardName, t.CardNumber, limitName, used, limit),
	})
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
