package store

import "database/sql"

// SQLDB exposes the reading pool to the external tests that inspect the
// migrated schema itself.
func SQLDB(db *DB) *sql.DB { return db.read }
