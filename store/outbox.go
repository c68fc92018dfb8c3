package store

import (
	"context"
	"database/sql"
	"time"

	"fuelportal"
)

// EnqueueMail adds m to the outbox and sets its ID and CreatedAt. It also
// deletes the messages whose one-time code expired, so no code outlives its
// use in the table.
func (tx *Tx) EnqueueMail(ctx context.Context, m *fuelportal.MailMessage) error {
	if err := tx.enqueueMail(ctx, m, "", nil, 0); err != nil {
		return err
	}
	tx.mails = append(tx.mails, m)
	return nil
}

// enqueueMail is EnqueueMail for a message about coalesceKey (none when
// ""), not delivered before sendAfter (when not nil), standing for
// repeats events (enqueueRepeatable).
func (tx *Tx) enqueueMail(ctx context.Context, m *fuelportal.MailMessage, coalesceKey string, sendAfter *time.Time, repeats int) error {
	m.CreatedAt, tx.queued = tx.Now, true
	if err := tx.deleteExpiredMail(ctx); err != nil {
		return err
	}
	var key sql.NullString
	if coalesceKey != "" {
		key = sql.NullString{String: coalesceKey, Valid: true}
	}
	return tx.QueryRow(ctx, `
		INSERT INTO outbox (to_address, subject, body, created_at, expires_at, coalesce_key, send_after, repeats)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`, m.To, m.Subject, m.Body, m.CreatedAt, m.ExpiresAt, key, sendAfter, repeats).Scan(&m.ID)
}

// EnqueueMail adds m to the outbox.
func (db *DB) EnqueueMail(ctx context.Context, m *fuelportal.MailMessage) error {
	return db.InTx(ctx, func(tx *Tx) error { return tx.EnqueueMail(ctx, m) })
}

// deleteExpiredMail deletes the messages whose one-time code has expired:
// the code is useless by then and must not stay readable at rest.
func (tx *Tx) deleteExpiredMail(ctx context.Context) error {
	_, err := tx.Exec(ctx, `DELETE FROM outbox WHERE expires_at <= ?`, tx.Now)
	return err
}

const outboxColumns = `id, to_address, subject, body, created_at, sent_at, last_error, expires_at`

func scanMail(row interface{ Scan(...any) error }) (*fuelportal.MailMessage, error) {
	m := &fuelportal.MailMessage{}
	var created, sent, expires nullTime
	if err := row.Scan(&m.ID, &m.To, &m.Subject, &m.Body, &created, &sent, &m.LastError, &expires); err != nil {
		return nil, err
	}
	m.CreatedAt, m.SentAt, m.ExpiresAt = created.Time, sent.Ptr(), expires.Ptr()
	return m, nil
}

// OutboxMessages returns up to limit messages, newest first, only those to
// the address to when it is not empty. Messages whose one-time code expired
// are deleted first.
func (db *DB) OutboxMessages(ctx context.Context, to string, limit int) ([]*fuelportal.MailMessage, error) {
	var list []*fuelportal.MailMessage
	err := db.InTx(ctx, func(tx *Tx) error {
		if err := tx.deleteExpiredMail(ctx); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
			SELECT `+outboxColumns+` FROM outbox
			WHERE ? = '' OR to_address = ?
			ORDER BY id DESC LIMIT ?`, to, fuelportal.NormalizeEmail(to), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			m, err := scanMail(rows)
			if err != nil {
				return err
			}
			list = append(list, m)
		}
		return rows.Err()
	})
	return list, err
}

// ClaimUnsentMail claims up to limit unsent messages for delivery by this
// process (a digest only once its send_after passed). A claim older than staleAfter is taken over, so a message whose
// sender died or failed is retried after that delay.
func (db *DB) ClaimUnsentMail(ctx context.Context, staleAfter time.Duration, limit int) ([]*fuelportal.MailMessage, error) {
	var claimed []*fuelportal.MailMessage
	err := db.InTx(ctx, func(tx *Tx) error {
		staleBefore := tx.Now.Add(-staleAfter)
		rows, err := tx.Query(ctx, `
			SELECT `+outboxColumns+` FROM outbox
			WHERE sent_at IS NULL AND (claimed_at IS NULL OR claimed_at < ?)
			  AND (expires_at IS NULL OR expires_at > ?) AND (send_after IS NULL OR send_after <= ?)
			ORDER BY id LIMIT ?`, staleBefore, tx.Now, tx.Now, limit)
		if err != nil {
			return err
		}
		var candidates []*fuelportal.MailMessage
		for rows.Next() {
			m, err := scanMail(rows)
			if err != nil {
				rows.Close()
				return err
			}
			candidates = append(candidates, m)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, m := range candidates {
			res, err := tx.Exec(ctx, `
				UPDATE outbox SET claimed_at = ?
				WHERE id = ? AND sent_at IS NULL AND (claimed_at IS NULL OR claimed_at < ?)`, tx.Now, m.ID, staleBefore)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 1 {
				claimed = append(claimed, m)
			}
		}
		return nil
	})
	return claimed, err
}

// MarkMailSent records that message id was delivered.
func (db *DB) MarkMailSent(ctx context.Context, id int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE outbox SET sent_at = ?, last_error = '' WHERE id = ?`, tx.Now, id)
		return err
	})
}

// MarkMailFailed records a delivery failure of message id; its claim stays,
// so the message is retried once the claim is stale.
func (db *DB) MarkMailFailed(ctx context.Context, id int64, reason string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE outbox SET last_error = ? WHERE id = ?`, reason, id)
		return err
	})
}
