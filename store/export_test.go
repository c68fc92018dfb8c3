package store

import (
	"context"
	"database/sql"
)

// SQLDB exposes the reading pool to the external tests that inspect the
// migrated schema itself.
func SQLDB(db *DB) *sql.DB { return db.read }

// MigrateTo applies the migrations up to version only, so a test can fill an
// older schema and then check what a later migration does to the rows.
func MigrateTo(db *DB, version int64) error {
	provider, err := db.migrationProvider(context.Background())
	if err != nil {
		return err
	}
	_, err = provider.UpTo(context.Background(), version)
	return err
}

// WriteDB exposes the writing pool to tests that fill an older schema.
func WriteDB(db *DB) *sql.DB { return db.write }
