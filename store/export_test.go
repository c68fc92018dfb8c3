package store

import (
	"context"
	"database/sql"
	"time"
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

// SetTimeout sets the bound of db's transactions (Options.Timeout) after
// it was opened and migrated without one, so a test's setup has no
// deadline to meet and only the operations it is about run bounded. The
// PostgreSQL server timeouts set at open stay as they were.
func SetTimeout(db *DB, d time.Duration) { db.timeout = d }
