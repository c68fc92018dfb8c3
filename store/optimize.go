package store

import "context"

// Optimize refreshes the planner's statistics after bulk writes: VACUUM
// ANALYZE on PostgreSQL (also sets the visibility map, which index-only
// scans need; autovacuum does the same some time after large inserts),
// nothing on SQLite (its planner works without statistics).
func (db *DB) Optimize(ctx context.Context, table string) error {
	if db.engine != Postgres {
		return nil
	}
	_, err := db.write.ExecContext(ctx, `VACUUM ANALYZE `+table)
	return err
}
