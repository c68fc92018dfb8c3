package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func openTestSQLite(t *testing.T, path string) *DB {
	t.Helper()
	db, err := Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// keptStmt returns the statement the writing connection keeps for query.
func keptStmt(t *testing.T, db *DB, query string) *sqliteStmt {
	t.Helper()
	conn, err := db.write.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var s *sqliteStmt
	if err := conn.Raw(func(dc any) error {
		c, ok := dc.(*sqliteConn)
		if !ok {
			t.Fatalf("SQLite connection is a %T, not one that keeps its statements", dc)
		}
		s = c.stmts[query]
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSQLiteKeepsStatements(t *testing.T) {
	ctx := context.Background()
	db := openTestSQLite(t, filepath.Join(t.TempDir(), "stmts.db"))
	const insert = `INSERT INTO t (n) VALUES (?)`
	const list = `SELECT n FROM t ORDER BY n`
	if err := db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `CREATE TABLE t (n INTEGER PRIMARY KEY)`)
		for n := 1; n <= 3 && err == nil; n++ {
			_, err = tx.Exec(ctx, insert, n)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	first := keptStmt(t, db, insert)
	if first == nil {
		t.Fatal("the insert's statement was not kept")
	}

	t.Run("a query run again uses its statement", func(t *testing.T) {
		if err := db.InTx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, insert, 4)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if again := keptStmt(t, db, insert); again != first {
			t.Fatal("the insert was prepared again")
		}
	})

	t.Run("the same query inside its own open rows", func(t *testing.T) {
		var outer, inner []int
		if err := db.InTx(ctx, func(tx *Tx) error {
			rows, err := tx.Query(ctx, list)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var n, m int
				if err := rows.Scan(&n); err != nil {
					return err
				}
				if err := tx.QueryRow(ctx, list).Scan(&m); err != nil {
					return err
				}
				outer, inner = append(outer, n), append(inner, m)
			}
			return rows.Err()
		}); err != nil {
			t.Fatal(err)
		}
		if len(outer) != 4 || outer[0] != 1 || outer[3] != 4 || len(inner) != 4 || inner[0] != 1 || inner[3] != 1 {
			t.Fatalf("outer rows %v, inner first rows %v; want 1…4 and 1 each time", outer, inner)
		}
	})

	t.Run("a statement that failed runs again", func(t *testing.T) {
		err := db.InTx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, insert, 1)
			return err
		})
		if err == nil {
			t.Fatal("a duplicate key was inserted")
		}
		if err := db.InTx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, insert, 5)
			return err
		}); err != nil {
			t.Fatalf("the insert after a failed one: %v", err)
		}
	})

	t.Run("a closed database's file holds every row", func(t *testing.T) {
		// Closing checkpoints the write-ahead log into the file only once
		// no statement is left open (storetest copies files so closed).
		dir := t.TempDir()
		path := filepath.Join(dir, "closed.db")
		closed, err := Open(ctx, "sqlite:"+path)
		if err != nil {
			t.Fatal(err)
		}
		if err := closed.InTx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, `CREATE TABLE t (n INTEGER PRIMARY KEY)`)
			for n := 1; n <= 3 && err == nil; n++ {
				_, err = tx.Exec(ctx, insert, n)
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if err := closed.InReadTx(ctx, func(tx *Tx) error {
			var n int
			return tx.QueryRow(ctx, `SELECT count(*) FROM t`).Scan(&n)
		}); err != nil {
			t.Fatal(err)
		}
		if err := closed.Close(); err != nil {
			t.Fatal(err)
		}
		file, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		copied := filepath.Join(dir, "copy.db")
		if err := os.WriteFile(copied, file, 0o600); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := openTestSQLite(t, copied).InReadTx(ctx, func(tx *Tx) error {
			return tx.QueryRow(ctx, `SELECT count(*) FROM t`).Scan(&n)
		}); err != nil || n != 3 {
			t.Fatalf("the closed file's copy holds %d rows, %v; want 3", n, err)
		}
	})
}

// The reading pool keeps statements too.
func TestSQLiteReadersKeepStatements(t *testing.T) {
	db := openTestSQLite(t, filepath.Join(t.TempDir(), "read.db"))
	conn, err := db.read.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.Raw(func(dc any) error {
		if _, ok := dc.(*sqliteConn); !ok {
			t.Fatalf("SQLite reader is a %T", dc)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
