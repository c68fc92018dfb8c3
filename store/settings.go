package store

import (
	"context"
	"database/sql"
	"errors"
)

// Setting returns the value stored under key, or "" with no error when none is.
func (db *DB) Setting(ctx context.Context, key string) (string, error) {
	var value string
	err := db.InReadTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&value)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return value, err
}

// EnsureSetting stores value under key unless a value is already there, and
// returns the stored value. Processes starting together agree on one value.
func (db *DB) EnsureSetting(ctx context.Context, key, value string) (string, error) {
	var stored string
	err := db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`, key, value); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&stored)
	})
	return stored, err
}
