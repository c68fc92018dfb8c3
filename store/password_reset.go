package store

import (
	"context"
	"crypto/subtle"
	"time"

	"fuelportal"
)

// MsgInvalidResetCode is the one answer for a wrong, expired, used or
// exhausted password-reset code and for an unknown email.
const MsgInvalidResetCode = "Invalid or expired code"

// StartPasswordReset replaces any pending reset of user id by one whose code
// hashes to codeHash, valid until expiresAt, and queues mail (the code's
// e-mail, kept in the outbox until expiresAt) in the same transaction.
func (db *DB) StartPasswordReset(ctx context.Context, userID int64, codeHash string, expiresAt time.Time, mail *fuelportal.MailMessage) error {
	return db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL`, tx.Now, userID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO password_resets (user_id, code_hash, attempts, expires_at, created_at)
			VALUES (?, ?, 0, ?, ?)`, userID, codeHash, expiresAt, tx.Now)
		if err != nil {
			return err
		}
		mail.ExpiresAt = &expiresAt
		return tx.EnqueueMail(ctx, mail)
	})
}

// CheckPasswordReset reports whether codeHash matches the pending reset of
// the user signing in with email. Every check spends one of maxAttempts
// tries. A mismatch is EINVALID MsgInvalidResetCode.
func (db *DB) CheckPasswordReset(ctx context.Context, email, codeHash string, maxAttempts int) error {
	var ok bool
	err := db.InTx(ctx, func(tx *Tx) (err error) {
		_, ok, err = tx.spendResetAttempt(ctx, email, codeHash, maxAttempts)
		return err
	})
	if err != nil {
		return err
	} else if !ok {
		return fuelportal.Errorf(fuelportal.EINVALID, MsgInvalidResetCode)
	}
	return nil
}

// CompletePasswordReset checks the code like CheckPasswordReset and, when it
// matches, stores passwordHash, uses up the code and ends every session of
// the user.
func (db *DB) CompletePasswordReset(ctx context.Context, email, codeHash string, maxAttempts int, passwordHash string) error {
	var ok bool
	err := db.InTx(ctx, func(tx *Tx) error {
		resetID, matched, err := tx.spendResetAttempt(ctx, email, codeHash, maxAttempts)
		if err != nil || !matched {
			return err // a spent attempt is committed
		}
		var userID int64
		if err := tx.QueryRow(ctx, `UPDATE password_resets SET used_at = ? WHERE id = ? RETURNING user_id`, tx.Now, resetID).Scan(&userID); err != nil {
			return err
		}
		ok = true
		return tx.setPassword(ctx, userID, passwordHash, "")
	})
	if err != nil {
		return err
	} else if !ok {
		return fuelportal.Errorf(fuelportal.EINVALID, MsgInvalidResetCode)
	}
	return nil
}

// spendResetAttempt counts one try against the newest pending reset of the
// user with email, then compares codes. The try is counted first, in one
// statement, so parallel guesses cannot exceed maxAttempts.
func (tx *Tx) spendResetAttempt(ctx context.Context, email, codeHash string, maxAttempts int) (resetID int64, matched bool, err error) {
	var stored string
	err = tx.QueryRow(ctx, `
		UPDATE password_resets SET attempts = attempts + 1
		WHERE id = (
			SELECT r.id FROM password_resets r JOIN users u ON u.id = r.user_id
			WHERE u.email = ? AND r.used_at IS NULL AND r.expires_at > ?
			ORDER BY r.id DESC LIMIT 1)
		  AND attempts < ?
		RETURNING id, code_hash`, fuelportal.NormalizeEmail(email), tx.Now, maxAttempts).Scan(&resetID, &stored)
	if err != nil {
		if isNoRows(err) {
			return 0, false, nil
		}
		return 0, false, err
	}
	return resetID, subtle.ConstantTimeCompare([]byte(stored), []byte(codeHash)) == 1, nil
}
