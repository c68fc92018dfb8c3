package store

import (
	"context"
	"time"

	"fuelportal"
)

// RefreshToken is one issued refresh token, stored by its hash. Every token
// of one sign-in shares FamilyID and the family's absolute ExpiresAt.
type RefreshToken struct {
	ID        int64
	TokenHash string
	FamilyID  string
	UserID    int64
	ExpiresAt time.Time
	CreatedAt time.Time
}

// errRefreshExpired is the one answer for an unknown, expired, revoked or
// reused refresh token.
func errRefreshExpired() error {
	return fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Refresh token expired")
}

// CreateRefreshToken stores t, the first token of a new family.
func (db *DB) CreateRefreshToken(ctx context.Context, t *RefreshToken) error {
	return db.InTx(ctx, func(tx *Tx) error {
		return tx.createRefreshToken(ctx, t)
	})
}

func (tx *Tx) createRefreshToken(ctx context.Context, t *RefreshToken) error {
	t.CreatedAt = tx.Now
	return tx.QueryRow(ctx, `
		INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at, created_at)
		VALUES (?, ?, ?, ?, ?)
		RETURNING id`,
		t.TokenHash, t.FamilyID, t.UserID, t.ExpiresAt, t.CreatedAt,
	).Scan(&t.ID)
}

// RotateRefreshToken spends the token with oldHash and issues its successor
// with newHash in the same family. An unknown, expired or revoked token is
// EUNAUTHORIZED "Refresh token expired"; so is a token that was already
// spent, and that also revokes its whole family, since someone holds a copy.
func (db *DB) RotateRefreshToken(ctx context.Context, oldHash, newHash string) (*RefreshToken, error) {
	var next *RefreshToken
	var reused bool
	err := db.InTx(ctx, func(tx *Tx) error {
		var old RefreshToken
		var expires, used, revoked nullTime
		err := tx.QueryRow(ctx, `
			SELECT id, family_id, user_id, expires_at, used_at, revoked_at
			FROM refresh_tokens WHERE token_hash = ?`, oldHash).
			Scan(&old.ID, &old.FamilyID, &old.UserID, &expires, &used, &revoked)
		if err != nil {
			return notFound(err, "Refresh token expired")
		}
		switch {
		case revoked.Valid:
			return errRefreshExpired()
		case used.Valid:
			reused = true
			// Committed below: the revocation must outlive this failed request.
			return tx.revokeFamily(ctx, old.FamilyID)
		case !tx.Now.Before(expires.Time):
			return errRefreshExpired()
		}
		res, err := tx.Exec(ctx, `UPDATE refresh_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL`, tx.Now, old.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errRefreshExpired() // spent concurrently
		}
		next = &RefreshToken{TokenHash: newHash, FamilyID: old.FamilyID, UserID: old.UserID, ExpiresAt: expires.Time}
		return tx.createRefreshToken(ctx, next)
	})
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		return nil, errRefreshExpired()
	} else if err != nil {
		return nil, err
	} else if reused {
		return nil, errRefreshExpired()
	}
	return next, nil
}

func (tx *Tx) revokeFamily(ctx context.Context, familyID string) error {
	_, err := tx.Exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL`, tx.Now, familyID)
	return err
}

// revokeUserSessions ends every session of user id except keepFamily.
func (tx *Tx) revokeUserSessions(ctx context.Context, userID int64, keepFamily string) error {
	_, err := tx.Exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND family_id <> ? AND revoked_at IS NULL`, tx.Now, userID, keepFamily)
	return err
}

// SessionAlive reports whether the session familyID of user userID still
// holds: some token of the family is neither revoked nor past the family's
// end. Signing out, a password change or reset, the account's deletion
// (which deletes its tokens) and a detected token reuse all end it, for
// every server process at once. One read by the family_id index.
func (db *DB) SessionAlive(ctx context.Context, userID int64, familyID string) (alive bool, err error) {
	if familyID == "" {
		return false, nil
	}
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var n int
		err := tx.QueryRow(ctx, `
			SELECT COUNT(*) FROM (
				SELECT 1 FROM refresh_tokens
				WHERE family_id = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ?
				LIMIT 1) alive`, familyID, userID, tx.Now).Scan(&n)
		alive = n > 0
		return err
	})
	return alive, err
}

// EndSession ends the session familyID of user userID (signing out). A
// family of another user is left alone.
func (db *DB) EndSession(ctx context.Context, userID int64, familyID string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND user_id = ? AND revoked_at IS NULL`,
			tx.Now, familyID, userID)
		return err
	})
}
