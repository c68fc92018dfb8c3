// Package storetest opens real, freshly migrated databases for tests: a
// SQLite file in a temp directory always, and a PostgreSQL schema of its own
// when TEST_DATABASE_URL is set. Never mock the database: use this.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // "pgx" driver for the admin connection

	"fuelportal/store"
)

// PostgresEnv names the variable holding the URL of a PostgreSQL database
// tests may create schemas in, e.g.
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable.
const PostgresEnv = "TEST_DATABASE_URL"

// ForEachEngine runs fn as a subtest named after each available engine with
// a fresh, migrated database: "sqlite" always, "postgres" when
// TEST_DATABASE_URL is set.
func ForEachEngine(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, OpenSQLite(t)) })
	if os.Getenv(PostgresEnv) != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, OpenPostgres(t)) })
	}
}

// Open returns a fresh migrated database: PostgreSQL when TEST_DATABASE_URL
// is set and engine is store.Postgres, else SQLite.
func Open(tb testing.TB, engine store.Engine) *store.DB {
	tb.Helper()
	if engine == store.Postgres {
		return OpenPostgres(tb)
	}
	return OpenSQLite(tb)
}

// OpenSQLite returns a migrated SQLite database in a temp directory, closed
// when the test ends.
func OpenSQLite(tb testing.TB) *store.DB {
	tb.Helper()
	return openMigrated(tb, "sqlite:"+filepath.Join(tb.TempDir(), "test.db"))
}

// OpenPostgres returns a migrated database in a new PostgreSQL schema,
// dropped when the test ends. It skips the test without TEST_DATABASE_URL
// (fails it under the test script, FUELPORTAL_TEST_STRICT=1).
func OpenPostgres(tb testing.TB) *store.DB {
	tb.Helper()
	return openMigrated(tb, newPostgresSchema(tb))
}

// newPostgresSchema creates a schema dropped when the test ends and
// returns the DSN of the test database with that schema as search path.
func newPostgresSchema(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		if os.Getenv("FUELPORTAL_TEST_STRICT") != "" {
			tb.Fatalf("%s is not set: the test script runs every store test on PostgreSQL too", PostgresEnv)
		}
		tb.Skipf("%s not set", PostgresEnv)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatalf("open admin connection: %v", err)
	}
	tb.Cleanup(func() { admin.Close() })
	suffix := make([]byte, 6)
	_, _ = rand.Read(suffix)
	schema := "test_" + hex.EncodeToString(suffix)
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		tb.Fatalf("create schema: %v", err)
	}
	tb.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			tb.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("parse %s: %v", PostgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// OpenSQLiteAt returns a migrated SQLite database at path, for tests that
// open the same file another way too.
func OpenSQLiteAt(tb testing.TB, path string) *store.DB {
	tb.Helper()
	return openMigrated(tb, "sqlite:"+path)
}

func openMigrated(tb testing.TB, dsn string) *store.DB {
	tb.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		tb.Fatalf("open %s: %v", dsn, err)
	}
	// Registered after the schema drop, so it runs before it.
	tb.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		tb.Fatalf("migrate: %v", err)
	}
	return db
}

// Clock is a settable clock for store.DB.Now and the http server's Now.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock at a fixed instant and makes db use it.
func NewClock(db *store.DB) *Clock {
	c := &Clock{now: time.Date(2025, 3, 14, 15, 0, 0, 0, time.UTC)}
	if db != nil {
		db.Now = c.Now
	}
	return c
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

var (
	templatesMu sync.Mutex
	templates   = map[string][]byte{}
)

// OpenSQLiteFromTemplate returns a fresh SQLite database that is a copy of
// one prepared once per test binary and name: the first call migrates a
// database and runs prepare on it, later calls only copy its file. Use it
// for expensive fixtures such as the demo data set; prepare must give the
// same result every time (fixed clock, fixed seeds).
func OpenSQLiteFromTemplate(tb testing.TB, name string, prepare func(db *store.DB) error) *store.DB {
	tb.Helper()
	templatesMu.Lock()
	image, ok := templates[name]
	if !ok {
		path := filepath.Join(tb.TempDir(), "template.db")
		db := openMigrated(tb, "sqlite:"+path)
		err := prepare(db)
		if err == nil {
			err = db.Close() // checkpoints the WAL into the main file
		}
		if err == nil {
			image, err = os.ReadFile(path)
		}
		if err != nil {
			templatesMu.Unlock()
			tb.Fatalf("prepare template %s: %v", name, err)
		}
		templates[name] = image
	}
	templatesMu.Unlock()
	path := filepath.Join(tb.TempDir(), "test.db")
	if err := os.WriteFile(path, image, 0o600); err != nil {
		tb.Fatalf("copy template %s: %v", name, err)
	}
	return openMigrated(tb, "sqlite:"+path)
}
