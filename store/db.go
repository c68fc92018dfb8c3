// Package store keeps the portal's data in SQLite (embedded default) or
// PostgreSQL (production). SQL is written once with '?' placeholders and
// rebound for PostgreSQL in one place (Tx.rebind); the few statements that
// must differ between engines go through DB.Engine.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/crc64"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"fuelportal"
)

// Engine names a database engine.
type Engine string

// Supported engines.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// DB is a handle on the portal's database. It is safe for concurrent use.
type DB struct {
	engine Engine
	dsn    string
	// write runs every writing transaction. For SQLite it holds one
	// connection opened with BEGIN IMMEDIATE, so writers of this process queue
	// in Go and writers of other processes wait on busy_timeout instead of
	// failing with SQLITE_BUSY half-way through a transaction.
	write *sql.DB
	// read serves read-only transactions; for PostgreSQL it is write.
	read *sql.DB

	// Now returns the current time; tests replace it to move the clock.
	Now func() time.Time
}

// Open opens the database named by dsn: "sqlite:PATH" (the directory of PATH
// is created) or "postgres://…". It does not migrate; call Migrate.
func Open(ctx context.Context, dsn string) (*DB, error) {
	db := &DB{dsn: dsn, Now: time.Now}
	switch {
	case strings.HasPrefix(dsn, "sqlite:"):
		path := strings.TrimPrefix(dsn, "sqlite:")
		if path == "" {
			return nil, fmt.Errorf("open database: empty sqlite path in %q", dsn)
		}
		if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("open database: %w", err)
			}
		}
		// WAL lets readers run beside the writer; busy_timeout makes a writer of
		// another process wait for the lock instead of failing at once.
		params := "_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)"
		var err error
		if db.write, err = sql.Open("sqlite", path+"?"+params+"&_pragma=journal_mode(WAL)&_txlock=immediate"); err != nil {
			return nil, fmt.Errorf("open database: %w", err)
		}
		db.write.SetMaxOpenConns(1)
		db.write.SetConnMaxIdleTime(0)
		if db.read, err = sql.Open("sqlite", path+"?"+params+"&_pragma=query_only(1)"); err != nil {
			return nil, fmt.Errorf("open database: %w", err)
		}
		db.read.SetMaxOpenConns(8)
		db.engine = SQLite
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		var err error
		if db.write, err = sql.Open("pgx", withConnectTimeout(dsn)); err != nil {
			return nil, fmt.Errorf("open database: %w", err)
		}
		db.write.SetMaxOpenConns(20)
		db.write.SetMaxIdleConns(10)
		db.write.SetConnMaxLifetime(30 * time.Minute)
		db.read = db.write
		db.engine = Postgres
	default:
		return nil, fmt.Errorf("open database: unsupported DSN %q (want sqlite:PATH or postgres://…)", dsn)
	}
	if err := db.Ping(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database: %w", err)
	}
	return db, nil
}

// defaultConnectTimeout bounds a PostgreSQL connect when the DSN sets no
// connect_timeout, so an unreachable server is an answer (503), not a hang.
const defaultConnectTimeout = "5"

func withConnectTimeout(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn // pgx reports the bad DSN
	}
	q := u.Query()
	if q.Get("connect_timeout") != "" {
		return dsn
	}
	q.Set("connect_timeout", defaultConnectTimeout)
	u.RawQuery = q.Encode()
	return u.String()
}

// Engine reports which engine db runs on.
func (db *DB) Engine() Engine { return db.engine }

// Close closes the connection pools.
func (db *DB) Close() error {
	var errs []error
	if db.read != nil && db.read != db.write {
		errs = append(errs, db.read.Close())
	}
	if db.write != nil {
		errs = append(errs, db.write.Close())
	}
	return errors.Join(errs...)
}

// Ping checks that the database answers; an unreachable database is
// EUNAVAILABLE (see Unavailable).
func (db *DB) Ping(ctx context.Context) error {
	if err := db.write.PingContext(ctx); err != nil {
		return Unavailable(err)
	}
	return Unavailable(db.read.PingContext(ctx))
}

// Migrate applies every pending migration of db's engine, in version order
// and also those older than the newest applied one (parallel branches own
// separate version ranges, see migrations/README.md).
func (db *DB) Migrate(ctx context.Context) error {
	provider, err := db.migrationProvider(ctx)
	if err != nil {
		return err
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

func (db *DB) migrationProvider(ctx context.Context) (*goose.Provider, error) {
	opts := []goose.ProviderOption{goose.WithAllowOutofOrder(true), goose.WithDisableGlobalRegistry(true)}
	dialect := goose.DialectSQLite3
	if db.engine == Postgres {
		dialect = goose.DialectPostgres
		// Serialise migrations of processes sharing one database; the lock id
		// is per schema so test schemas do not wait on each other.
		var schema string
		if err := db.write.QueryRowContext(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
			return nil, fmt.Errorf("migrate: %w", err)
		}
		id := int64(crc64.Checksum([]byte("fuelportal:"+schema), crc64.MakeTable(crc64.ECMA)) >> 1)
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(id), lock.WithLockTimeout(1, 300))
		if err != nil {
			return nil, fmt.Errorf("migrate: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	fsys, err := migrationFS(db.engine)
	if err != nil {
		return nil, err
	}
	p, err := goose.NewProvider(dialect, db.write, fsys, opts...)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return p, nil
}

// MigrationVersion returns the highest applied migration version.
func (db *DB) MigrationVersion(ctx context.Context) (int64, error) {
	provider, err := db.migrationProvider(ctx)
	if err != nil {
		return 0, err
	}
	return provider.GetDBVersion(ctx)
}

// Tx is a database transaction. Its Exec, Query and QueryRow take SQL with
// '?' placeholders on every engine.
type Tx struct {
	tx *sql.Tx
	db *DB
	// Now is the time the transaction started, by db.Now: use it for every
	// timestamp written in the transaction.
	Now time.Time
	// MuteAlertMail records alerts without mailing the owners: the demo
	// data's history is not news to anyone.
	MuteAlertMail bool
}

// InTx runs fn in a writing transaction, committing when fn returns nil and
// rolling back otherwise. On SQLite writers are serialised.
func (db *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	return db.inTx(ctx, db.write, nil, fn)
}

// InReadTx runs fn in a read-only transaction.
func (db *DB) InReadTx(ctx context.Context, fn func(tx *Tx) error) error {
	var opts *sql.TxOptions
	if db.engine == Postgres {
		opts = &sql.TxOptions{ReadOnly: true}
	}
	return db.inTx(ctx, db.read, opts, fn)
}

// inTx runs fn in a transaction of pool; an error that means the database
// cannot be reached comes back as EUNAVAILABLE (see Unavailable).
func (db *DB) inTx(ctx context.Context, pool *sql.DB, opts *sql.TxOptions, fn func(tx *Tx) error) error {
	return Unavailable(db.runTx(ctx, pool, opts, fn))
}

func (db *DB) runTx(ctx context.Context, pool *sql.DB, opts *sql.TxOptions, fn func(tx *Tx) error) (err error) {
	sqlTx, err := pool.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	tx := &Tx{tx: sqlTx, db: db, Now: db.Now().UTC()}
	defer func() {
		if p := recover(); p != nil {
			_ = sqlTx.Rollback()
			panic(p)
		}
	}()
	if err := fn(tx); err != nil {
		_ = sqlTx.Rollback()
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Engine reports which engine the transaction runs on.
func (tx *Tx) Engine() Engine { return tx.db.engine }

// Exec runs a statement.
func (tx *Tx) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return tx.tx.ExecContext(ctx, tx.rebind(query), tx.bindArgs(args)...)
}

// Query runs a query returning rows.
func (tx *Tx) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return tx.tx.QueryContext(ctx, tx.rebind(query), tx.bindArgs(args)...)
}

// QueryRow runs a query returning at most one row.
func (tx *Tx) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return tx.tx.QueryRowContext(ctx, tx.rebind(query), tx.bindArgs(args)...)
}

// rebind turns '?' placeholders into PostgreSQL's $1, $2… outside quoted
// strings and identifiers. This is the one place SQL text differs by engine.
func (tx *Tx) rebind(query string) string {
	if tx.db.engine != Postgres {
		return query
	}
	return rebindDollar(query)
}

func rebindDollar(query string) string {
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	var quote byte
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// sqliteTimeLayout is how times are stored in SQLite: UTC, fixed width, so
// that text comparison in SQL orders them like time does.
const sqliteTimeLayout = "2006-01-02 15:04:05.000000"

// bindArgs converts arguments whose storage differs by engine: times are
// written as fixed-width UTC text on SQLite.
func (tx *Tx) bindArgs(args []any) []any {
	if tx.db.engine != SQLite {
		return args
	}
	var bound []any // copied on first change: args may be the caller's slice
	for i, a := range args {
		var text string
		switch v := a.(type) {
		case time.Time:
			text = v.UTC().Format(sqliteTimeLayout)
		case *time.Time:
			if v == nil {
				continue
			}
			text = v.UTC().Format(sqliteTimeLayout)
		default:
			continue
		}
		if bound == nil {
			bound = append([]any(nil), args...)
		}
		bound[i] = text
	}
	if bound == nil {
		return args
	}
	return bound
}

// isUniqueViolation reports whether err is a unique-constraint failure.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		return liteErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || liteErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// notFound wraps sql.ErrNoRows as an ENOTFOUND *fuelportal.Error.
func notFound(err error, format string, args ...any) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fuelportal.Errorf(fuelportal.ENOTFOUND, format, args...)
	}
	return err
}
