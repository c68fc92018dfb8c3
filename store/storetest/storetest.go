// Package storetest opens real, freshly migrated databases for tests: a
// SQLite file in a temp directory always, and a PostgreSQL database of its
// own when TEST_DATABASE_URL is set, each a copy of a template migrated
// once per test binary. Never mock the database: use this.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // "pgx" driver for the admin connection

	"fuelportal/store"
)

// PostgresEnv names the variable holding the URL of a PostgreSQL database
// beside which tests may create databases, e.g.
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable.
const PostgresEnv = "TEST_DATABASE_URL"

// EachEngine runs fn as a subtest named after each available engine:
// "sqlite" always, "postgres" when TEST_DATABASE_URL is set. The two run
// side by side (t.Parallel), each on a database of its own (fn opens it):
// one engine's test alone keeps one core busy. So fn runs after the
// calling test's function has returned (read what the subtests found in a
// t.Cleanup registered before EachEngine), shares nothing it writes with
// the other engine's run, and sets no environment variable or
// package-level state (t.Setenv panics in a parallel test).
func EachEngine(t *testing.T, fn func(t *testing.T, engine store.Engine)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		fn(t, store.SQLite)
	})
	if os.Getenv(PostgresEnv) != "" {
		t.Run("postgres", func(t *testing.T) {
			t.Parallel()
			fn(t, store.Postgres)
		})
	}
}

// ForEachEngine runs fn with a fresh, migrated database of each available
// engine, side by side (EachEngine).
func ForEachEngine(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	EachEngine(t, func(t *testing.T, engine store.Engine) { fn(t, Open(t, engine)) })
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

// migrated is the name of the template that is only migrated: migrating
// takes seconds under -race, copying it milliseconds.
const migrated = "migrated"

func nothing(*store.DB) error { return nil }

// OpenSQLite returns a migrated SQLite database in a temp directory, closed
// when the test ends (a copy of the binary's migrated template).
func OpenSQLite(tb testing.TB) *store.DB {
	tb.Helper()
	return OpenSQLiteFromTemplate(tb, migrated, nothing)
}

// OpenPostgres returns a migrated PostgreSQL database, dropped when the test
// ends (a copy of the binary's migrated template: the package's TestMain
// calls Main). It skips the test without TEST_DATABASE_URL (fails it under
// the test script, FUELPORTAL_TEST_STRICT=1).
func OpenPostgres(tb testing.TB) *store.DB {
	tb.Helper()
	return OpenPostgresFromTemplate(tb, migrated, nothing)
}

// OpenPostgresShared is OpenPostgres that also returns the DSN of the new
// database, for a test that opens it from a second process too.
func OpenPostgresShared(tb testing.TB) (*store.DB, string) {
	tb.Helper()
	dsn := newPostgresCopy(tb, migrated, nothing)
	return openMigrated(tb, dsn), dsn
}

// SQLiteFile returns the path of a fresh migrated SQLite database in a temp
// directory, not opened: for a test that hands it to another process (a
// copy of the binary's migrated template, as OpenSQLite opens).
func SQLiteFile(tb testing.TB) string {
	tb.Helper()
	return CopySQLiteTemplate(tb, migrated, nothing)
}

// OpenSQLiteAt returns a migrated SQLite database at path, for tests that
// open the same file another way too: a copy of the binary's migrated
// template when path does not exist yet, else the database there (migrated
// up if it is not).
func OpenSQLiteAt(tb testing.TB, path string) *store.DB {
	tb.Helper()
	return OpenSQLiteAtWith(tb, path, store.Options{})
}

// OpenSQLiteAtWith is OpenSQLiteAt with a handle opened with opts (a
// bounded one, say, for a test of what a lock held elsewhere does).
func OpenSQLiteAtWith(tb testing.TB, path string, opts store.Options) *store.DB {
	tb.Helper()
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		writeSQLiteTemplate(tb, path, migrated, nothing)
	}
	return openMigratedWith(tb, "sqlite:"+path, opts)
}

func openMigrated(tb testing.TB, dsn string) *store.DB {
	tb.Helper()
	return openMigratedWith(tb, dsn, store.Options{})
}

func openMigratedWith(tb testing.TB, dsn string, opts store.Options) *store.DB {
	tb.Helper()
	ctx := context.Background()
	db, err := store.OpenWith(ctx, dsn, opts)
	if err != nil {
		tb.Fatalf("open %s: %v", dsn, err)
	}
	// Registered after the database's drop, so it runs before it.
	tb.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		tb.Fatalf("migrate: %v", err)
	}
	// Events are derived as soon as their transaction commits, so a test
	// reads their alerts, notices and deliveries right after the call; a
	// test of the dispatcher itself sets db.Queued.
	db.DispatchOnCommit()
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
	// pgTemplates holds the PostgreSQL template database of each name, made
	// by OpenPostgresFromTemplate and dropped by DropTemplates.
	pgTemplates = map[string]string{}
)

// OpenSQLiteFromTemplate returns a fresh SQLite database that is a copy of
// one prepared once per test binary and name: the first call migrates a
// database and runs prepare on it, later calls only copy its file. Use it
// for expensive fixtures such as the demo data set; prepare must give the
// same result every time (fixed clock, fixed seeds).
func OpenSQLiteFromTemplate(tb testing.TB, name string, prepare func(db *store.DB) error) *store.DB {
	tb.Helper()
	return openMigrated(tb, "sqlite:"+CopySQLiteTemplate(tb, name, prepare))
}

// CopySQLiteTemplate writes a fresh copy of SQLite template name (see
// OpenSQLiteFromTemplate) to a temp directory and returns its path, for a
// test that opens it its own way (OpenSQLiteAtWith) or from another process.
func CopySQLiteTemplate(tb testing.TB, name string, prepare func(db *store.DB) error) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "test.db")
	writeSQLiteTemplate(tb, path, name, prepare)
	return path
}

// writeSQLiteTemplate writes a copy of SQLite template name (prepared on
// first use) to path, a file that does not exist yet.
func writeSQLiteTemplate(tb testing.TB, path, name string, prepare func(db *store.DB) error) {
	tb.Helper()
	image, err := sqliteTemplate(tb, name, prepare)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(path), 0o750)
	}
	if err != nil {
		tb.Fatalf("prepare template %s: %v", name, err)
	}
	if err := os.WriteFile(path, image, 0o600); err != nil {
		tb.Fatalf("copy template %s: %v", name, err)
	}
}

// sqliteTemplate returns the file of SQLite template name, prepared on
// first use. The lock is released by defer, so that a prepare that fails
// its test (runtime.Goexit) does not leave every later test waiting.
func sqliteTemplate(tb testing.TB, name string, prepare func(db *store.DB) error) ([]byte, error) {
	templatesMu.Lock()
	defer templatesMu.Unlock()
	if image, ok := templates[name]; ok {
		return image, nil
	}
	path := filepath.Join(tb.TempDir(), "template.db")
	db := openMigrated(tb, "sqlite:"+path)
	err := prepare(db)
	if err == nil {
		err = db.Close() // checkpoints the WAL into the main file
	}
	if err != nil {
		return nil, err
	}
	image, err := os.ReadFile(path)
	if err == nil {
		templates[name] = image
	}
	return image, err
}

// OpenFromTemplate is OpenSQLiteFromTemplate or OpenPostgresFromTemplate
// by engine.
func OpenFromTemplate(tb testing.TB, engine store.Engine, name string, prepare func(db *store.DB) error) *store.DB {
	tb.Helper()
	if engine == store.Postgres {
		return OpenPostgresFromTemplate(tb, name, prepare)
	}
	return OpenSQLiteFromTemplate(tb, name, prepare)
}

// OpenPostgresFromTemplate returns a fresh PostgreSQL database, dropped when
// the test ends, that is a copy of one prepared once per test binary and
// name (CREATE DATABASE … TEMPLATE, which copies files instead of migrating
// and seeding again). The template databases live beside the one
// TEST_DATABASE_URL names until DropTemplates: call it from TestMain (see
// Main). It skips the test without TEST_DATABASE_URL, as OpenPostgres does.
func OpenPostgresFromTemplate(tb testing.TB, name string, prepare func(db *store.DB) error) *store.DB {
	tb.Helper()
	return openMigrated(tb, newPostgresCopy(tb, name, prepare))
}

// newPostgresCopy creates a database copied from template name (made by
// prepare on first use), dropped once the test has ended (dropCopies), and
// returns its DSN.
func newPostgresCopy(tb testing.TB, name string, prepare func(db *store.DB) error) string {
	tb.Helper()
	base := postgresURL(tb)
	if !inMain.Load() {
		tb.Fatal("storetest: the package's TestMain must run the tests through storetest.Main, which drops the PostgreSQL templates they make")
	}
	admin := adminConnection(tb, base)
	ctx := context.Background()
	tpl, err := postgresTemplate(ctx, admin, base, name, prepare)
	if err != nil {
		tb.Fatalf("prepare template %s: %v", name, err)
	}
	dbName := databaseName(base, "t")
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+dbName+` TEMPLATE `+tpl); err != nil {
		tb.Fatalf("copy template %s: %v", name, err)
	}
	tb.Cleanup(func() {
		dropsPending.Add(1)
		copiesToDrop <- copyToDrop{base, dbName}
	})
	return withDatabase(tb, base, dbName)
}

// postgresTemplate returns the name of PostgreSQL template database name,
// made on first use (after dropping what killed binaries left behind). The
// lock is released by defer, as in sqliteTemplate.
func postgresTemplate(ctx context.Context, admin *sql.DB, base, name string, prepare func(db *store.DB) error) (string, error) {
	templatesMu.Lock()
	defer templatesMu.Unlock()
	if tpl, ok := pgTemplates[name]; ok {
		return tpl, nil
	}
	if err := dropStaleDatabases(ctx, admin, base); err != nil {
		return "", err
	}
	tpl := databaseName(base, "tpl")
	if err := createPreparedDatabase(ctx, admin, base, tpl, prepare); err != nil {
		return "", err
	}
	pgTemplates[name] = tpl
	return tpl, nil
}

// createPreparedDatabase creates database name, migrates it and runs
// prepare, then closes every connection to it so it can be a template.
func createPreparedDatabase(ctx context.Context, admin *sql.DB, base, name string, prepare func(db *store.DB) error) (err error) {
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+name); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_, _ = admin.ExecContext(context.Background(), `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`)
		}
	}()
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	u.Path = "/" + name
	db, err := store.Open(ctx, u.String())
	if err != nil {
		return err
	}
	db.DispatchOnCommit() // the template's events are derived in it, as in openMigratedWith
	err = db.Migrate(ctx)
	if err == nil {
		err = prepare(db)
	}
	return errors.Join(err, db.Close())
}

// inMain is set while Main runs the tests.
var inMain atomic.Bool

// copyToDrop is a PostgreSQL copy whose test has ended, on the server of
// base.
type copyToDrop struct{ base, name string }

// copiesToDrop takes the copies whose tests have ended, which one goroutine
// of Main drops while the next tests run: a drop takes seconds on a loaded
// host (PostgreSQL removes and logs the files), time the test need not
// wait. Its buffer bounds how many copies wait; dropsPending counts them.
var (
	copiesToDrop = make(chan copyToDrop, 4)
	dropsPending sync.WaitGroup
)

// WaitForDrops returns once the copies of the tests that have ended are
// dropped.
func WaitForDrops() { dropsPending.Wait() }

// dropCopies drops each copy copiesToDrop takes, until it is closed, and
// returns the errors. FORCE ends connections a test left open (a leaked
// pool, a cut proxy).
func dropCopies() error {
	admins := map[string]*sql.DB{}
	defer func() {
		for _, admin := range admins {
			admin.Close()
		}
	}()
	var errs []error
	for c := range copiesToDrop {
		if err := dropCopy(admins, c); err != nil {
			errs = append(errs, fmt.Errorf("drop database %s: %w", c.name, err))
		}
		dropsPending.Done()
	}
	return errors.Join(errs...)
}

// dropCopy drops c through the connection pool to its server in admins,
// opened on first use.
func dropCopy(admins map[string]*sql.DB, c copyToDrop) error {
	admin, ok := admins[c.base]
	if !ok {
		var err error
		if admin, err = sql.Open("pgx", c.base); err != nil {
			return err
		}
		admins[c.base] = admin
	}
	_, err := admin.ExecContext(context.Background(), `DROP DATABASE `+c.name+` WITH (FORCE)`)
	return err
}

// DropTemplates drops the PostgreSQL template databases this test binary
// made. Main calls it after the tests.
func DropTemplates() error {
	templatesMu.Lock()
	defer templatesMu.Unlock()
	if len(pgTemplates) == 0 {
		return nil
	}
	admin, err := sql.Open("pgx", os.Getenv(PostgresEnv))
	if err != nil {
		return err
	}
	defer admin.Close()
	var errs []error
	for name, tpl := range pgTemplates {
		if _, err := admin.ExecContext(context.Background(), `DROP DATABASE IF EXISTS `+tpl+` WITH (FORCE)`); err != nil {
			errs = append(errs, fmt.Errorf("drop template %s (%s): %w", name, tpl, err))
		}
		delete(pgTemplates, name)
	}
	return errors.Join(errs...)
}

// Main runs the tests of a package that uses OpenPostgresFromTemplate and
// drops its template databases afterwards:
//
//	func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
func Main(m *testing.M) int {
	inMain.Store(true)
	dropped := make(chan error, 1)
	go func() { dropped <- dropCopies() }()
	code := m.Run()
	close(copiesToDrop)
	if err := errors.Join(<-dropped, DropTemplates()); err != nil {
		fmt.Fprintln(os.Stderr, "storetest:", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// postgresURL returns TEST_DATABASE_URL, skipping the test without it (or
// failing it under the test script, FUELPORTAL_TEST_STRICT=1).
func postgresURL(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		if os.Getenv("FUELPORTAL_TEST_STRICT") != "" {
			tb.Fatalf("%s is not set: the test script runs every store test on PostgreSQL too", PostgresEnv)
		}
		tb.Skipf("%s not set", PostgresEnv)
	}
	return base
}

// adminConnection opens a connection pool to base, closed when the test
// ends (after the cleanups registered later, such as a drop).
func adminConnection(tb testing.TB, base string) *sql.DB {
	tb.Helper()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatalf("open admin connection: %v", err)
	}
	tb.Cleanup(func() { admin.Close() })
	return admin
}

// staleAfter is the age past which a test database or template is taken
// for one a killed test binary left behind (test timeouts are 30 minutes).
const staleAfter = 2 * time.Hour

// databaseName returns a new database name within PostgreSQL's 63 bytes:
// the name of base's database, kind, the Unix time and random hex, so that
// dropStaleDatabases can tell its age.
func databaseName(base, kind string) string {
	suffix := make([]byte, 6)
	_, _ = rand.Read(suffix)
	return databasePrefix(base) + "_" + kind + "_" + strconv.FormatInt(time.Now().Unix(), 10) + "_" + hex.EncodeToString(suffix)
}

// databasePrefix is the lower-case name of base's database, at most 30 bytes.
func databasePrefix(base string) string {
	prefix := "test"
	if u, err := url.Parse(base); err == nil && strings.Trim(u.Path, "/") != "" {
		prefix = strings.ToLower(strings.Trim(u.Path, "/"))
	}
	return prefix[:min(len(prefix), 30)]
}

// dropStaleDatabases drops the test databases and templates named after
// base's database (databaseName) that are older than staleAfter: what a
// test binary killed before its cleanups left behind.
func dropStaleDatabases(ctx context.Context, admin *sql.DB, base string) error {
	pattern := "^" + regexp.QuoteMeta(databasePrefix(base)) + "_(t|tpl)_([0-9]+)_[0-9a-f]+$"
	rows, err := admin.QueryContext(ctx, `SELECT datname FROM pg_database WHERE datname ~ $1`, pattern)
	if err != nil {
		return err
	}
	var stale []string
	re := regexp.MustCompile(pattern)
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return err
		}
		created, _ := strconv.ParseInt(re.FindStringSubmatch(name)[2], 10, 64)
		if time.Since(time.Unix(created, 0)) > staleAfter {
			stale = append(stale, name)
		}
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return err
	}
	for _, name := range stale {
		if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`); err != nil {
			return err
		}
	}
	return nil
}

// withDatabase returns base naming database name instead of its own.
func withDatabase(tb testing.TB, base, name string) string {
	tb.Helper()
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("parse %s: %v", PostgresEnv, err)
	}
	u.Path = "/" + name
	return u.String()
}
