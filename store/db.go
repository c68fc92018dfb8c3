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
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
	"github.com/jackc/pgx/v5/stdlib"
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
	// timeout bounds each transaction (see Options.Timeout); 0: unbounded.
	timeout time.Duration

	// Now returns the current time; tests replace it to move the clock.
	Now func() time.Time
	// Queued, when set, is called once after a transaction that published
	// events or queued deliveries committed, with the mails it queued (and
	// their secrets, which are not stored): the one wake-up of the event
	// dispatcher and the senders (events.Dispatcher.Queued).
	Queued func(mails []*fuelportal.MailMessage)
}

// Options tune how a DB handle waits for the database.
type Options struct {
	// Timeout bounds every transaction: waiting for a pooled connection (or,
	// on SQLite, for the writer's turn and another process's write lock),
	// each statement and the commit must all be done within Timeout of its
	// start, or it fails as EUNAVAILABLE (an answer of 503). On PostgreSQL it
	// also sets statement_timeout, so the server stops work nobody waits for,
	// and idle_in_transaction_session_timeout, so a client cut off mid
	// transaction does not keep its locks. 0 leaves transactions unbounded:
	// the command line's imports, migrations and demo seed (see
	// docs/decisions.md, "A stuck database").
	Timeout time.Duration
}

// Open opens the database named by dsn with no bound on transactions (see
// OpenWith).
func Open(ctx context.Context, dsn string) (*DB, error) {
	return OpenWith(ctx, dsn, Options{})
}

// OpenWith opens the database named by dsn: "sqlite:PATH" (the directory of
// PATH is created) or "postgres://…". It does not migrate; call Migrate.
// PostgreSQL connections are opened with a connect timeout, TCP keepalive
// and TCP_USER_TIMEOUT whatever opts say, so a peer that vanished is noticed.
func OpenWith(ctx context.Context, dsn string, opts Options) (*DB, error) {
	if opts.Timeout < 0 {
		return nil, fmt.Errorf("open database: negative timeout %s", opts.Timeout)
	}
	db := &DB{dsn: dsn, Now: time.Now, timeout: opts.Timeout}
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
		// WAL lets readers run beside the writer. A writer waits for another
		// process's lock in slices of sqliteBusySlice (begin retries them until
		// the transaction's deadline): SQLite's own busy wait does not stop
		// when the context ends. Readers rarely wait at all in WAL mode; their
		// busy_timeout is the transaction bound.
		readBusy := sqliteBusyWait
		if opts.Timeout > 0 {
			readBusy = min(opts.Timeout, sqliteBusyWait)
		}
		params := "_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)"
		// Each connection keeps the statements it prepared (sqlite_stmts.go).
		db.write = openSQLite(path + "?" + params + busyTimeout(sqliteBusySlice) + "&_pragma=journal_mode(WAL)&_txlock=immediate")
		db.write.SetMaxOpenConns(1)
		db.write.SetConnMaxIdleTime(0)
		db.read = openSQLite(path + "?" + params + busyTimeout(readBusy) + "&_pragma=query_only(1)")
		db.read.SetMaxOpenConns(8)
		db.engine = SQLite
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		config, err := pgx.ParseConfig(withConnectTimeout(dsn))
		if err != nil {
			return nil, fmt.Errorf("open database: %w", err)
		}
		config.DialFunc = postgresDialer(config.ConnectTimeout).DialContext
		config.BuildContextWatcherHandler = keepConnectionOnCancel
		if opts.Timeout > 0 {
			setDefault(config.RuntimeParams, "statement_timeout", strconv.FormatInt(opts.Timeout.Milliseconds(), 10))
			setDefault(config.RuntimeParams, "idle_in_transaction_session_timeout", strconv.FormatInt(2*opts.Timeout.Milliseconds(), 10))
		}
		db.write = stdlib.OpenDB(*config)
		// Every connection opened stays for reuse (idle up to 5 minutes):
		// with fewer idle slots than connections, each burst closed the
		// connections above them on release and opened new ones for the
		// next (a server process forked per session).
		db.write.SetMaxOpenConns(postgresConns)
		db.write.SetMaxIdleConns(postgresConns)
		db.write.SetConnMaxIdleTime(5 * time.Minute)
		db.write.SetConnMaxLifetime(30 * time.Minute)
		db.read = db.write
		db.engine = Postgres
	default:
		return nil, fmt.Errorf("open database: unsupported DSN %q (want sqlite:PATH or postgres://…)", dsn)
	}
	// Opening is no request: the connections are checked within ctx, not
	// the handle's per-transaction bound (PostgreSQL's connect timeout
	// bounds the dial and its start-up), so a loaded host slows a start
	// down rather than failing it.
	if err := db.checkConnections(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database: %w", err)
	}
	return db, nil
}

// postgresConns is the size of a process's PostgreSQL pool.
const postgresConns = 20

const (
	// sqliteBusySlice is how long one attempt of a SQLite writer waits for
	// another process's lock before begin checks its deadline again.
	sqliteBusySlice = 200 * time.Millisecond
	// sqliteBusyWait is how long a writer waits for another process's lock
	// when its context has no deadline (an unbounded handle's command line
	// work).
	sqliteBusyWait = 10 * time.Second
)

func busyTimeout(d time.Duration) string {
	return fmt.Sprintf("&_pragma=busy_timeout(%d)", d.Milliseconds())
}

// setDefault sets params[key] unless the DSN set it.
func setDefault(params map[string]string, key, value string) {
	if _, ok := params[key]; !ok {
		params[key] = value
	}
}

// TCP settings of PostgreSQL connections. Keepalive probes an idle
// connection after 15 s and gives up after 3 unanswered probes 5 s apart;
// TCP_USER_TIMEOUT drops a connection whose sent data stays unacknowledged
// for 30 s (packets dropped on the way). Requests have their own, shorter
// deadline (Options.Timeout); these free connections nobody waits on.
const (
	tcpKeepAliveIdle     = 15 * time.Second
	tcpKeepAliveInterval = 5 * time.Second
	tcpKeepAliveCount    = 3
	tcpUserTimeout       = 30 * time.Second
)

func postgresDialer(connectTimeout time.Duration) *net.Dialer {
	return &net.Dialer{
		Timeout: connectTimeout,
		KeepAliveConfig: net.KeepAliveConfig{
			Enable: true, Idle: tcpKeepAliveIdle, Interval: tcpKeepAliveInterval, Count: tcpKeepAliveCount,
		},
		Control: tcpUserTimeoutControl(tcpUserTimeout),
	}
}

// cancelGrace is how long a PostgreSQL statement whose context ended may
// take to stop once the server was asked to cancel it, before its
// connection is given up (the server does not answer: it is frozen or
// gone).
const cancelGrace = time.Second

// keepConnectionOnCancel is how a PostgreSQL connection reacts when the
// context of its statement ends (a request's deadline): it asks the
// server to cancel the statement (a cancel request) and keeps the
// connection, which answers the cancellation and goes back to the pool.
// pgx's default closes the connection instead, so every interrupted
// request cost the server a session and the pool a new connection (one
// process forked per session).
func keepConnectionOnCancel(c *pgconn.PgConn) ctxwatch.Handler {
	return &pgconn.CancelRequestContextWatcherHandler{Conn: c, DeadlineDelay: cancelGrace}
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
	ctx, cancel := db.txContext(ctx)
	defer cancel()
	return db.checkConnections(ctx)
}

func (db *DB) checkConnections(ctx context.Context) error {
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
	// ctx is the transaction's context: the caller's with the deadline of
	// the transaction (txContext); parent is the caller's. Statements run
	// under both (stmtContext).
	ctx, parent context.Context
	mu          sync.Mutex
	release     []context.CancelFunc // of statement contexts, called when the transaction ends
	// Now is the time the transaction started, by db.Now: use it for every
	// timestamp written in the transaction.
	Now time.Time
	// History publishes the transaction's events muted (derived into the
	// owners' alerts only): the demo data's history is not news to anyone.
	History bool
	// queued is set when the transaction published an event or queued
	// something to deliver (a mail, a push, a webhook delivery); mails are
	// the mails it queued, with their secrets (DB.Queued).
	queued bool
	mails  []*fuelportal.MailMessage
	// wallets are the wallet changes written last (settleWallets, hold.go).
	wallets []*walletChange
	// beforeCommit are the checks BeforeCommit added.
	beforeCommit []func() error
	// audits are the audit rows Audit recorded, written last (writeAudits).
	audits []*fuelportal.AuditEvent
}

// BeforeCommit adds check, run after every statement of the transaction
// (its wallet changes included) and right before COMMIT: an error rolls
// the transaction back and is InTx's error. The authorization flow uses it
// to commit a decision only while it can still be the answer.
func (tx *Tx) BeforeCommit(check func() error) {
	tx.beforeCommit = append(tx.beforeCommit, check)
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

type txTimeoutKey struct{}

// LongTxTimeout bounds the few transactions of a serving process that are
// long by nature (WithTxTimeout): loading every station, importing a whole
// price feed. It stays under the HTTP server's write timeout (60 s), so an
// upload still gets its answer.
const LongTxTimeout = 50 * time.Second

// WithTxTimeout returns ctx under which each transaction of a bounded
// handle is bounded by d instead of its Options.Timeout; d <= 0 leaves them
// unbounded. It is for the few transactions long by nature (a whole price
// feed in one). A handle without a bound stays without one.
func WithTxTimeout(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, txTimeoutKey{}, d)
}

// txTimeout is the bound of a transaction started under ctx: the handle's
// or the one WithTxTimeout set.
func (db *DB) txTimeout(ctx context.Context) time.Duration {
	if v, ok := ctx.Value(txTimeoutKey{}).(time.Duration); ok && db.timeout > 0 {
		return max(v, 0)
	}
	return db.timeout
}

// txContext derives the context of one transaction from the caller's,
// bounded by txTimeout.
func (db *DB) txContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if d := db.txTimeout(ctx); d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return ctx, func() {}
}

// inTx runs fn in a transaction of pool under the transaction's deadline;
// an error that means the database cannot be reached, or did not answer
// before the deadline, comes back as EUNAVAILABLE (see Unavailable).
func (db *DB) inTx(ctx context.Context, pool *sql.DB, opts *sql.TxOptions, fn func(tx *Tx) error) error {
	txCtx, cancel := db.txContext(ctx)
	defer cancel()
	err := Unavailable(db.runTx(txCtx, ctx, pool, opts, fn))
	var answer *fuelportal.Error
	if err != nil && !IsUnavailable(err) && !errors.As(err, &answer) &&
		errors.Is(txCtx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
		// The deadline ended the transaction; what the driver reported then
		// (an interrupted statement, a transaction already rolled back) is
		// only a consequence.
		return &unavailableError{cause: fmt.Errorf("no answer within the transaction's deadline: %w", err)}
	}
	return err
}

// runTx runs fn in a transaction of pool. Waiting for a connection (and on
// SQLite for the write lock) ends with ctx, the caller's context bounded
// by the transaction's deadline: a caller that cannot get one in time
// gives up at once, holding nothing. Statements run under ctx too. BEGIN,
// COMMIT and ROLLBACK do not: they run under a context the caller's end
// does not cancel (bounded only for a database that stops answering), so
// a request that ends while its transaction runs rolls it back (or, once
// COMMIT is sent, learns its outcome) on a connection that goes back to
// the pool, instead of leaving database/sql and pgx to close it.
func (db *DB) runTx(ctx, parent context.Context, pool *sql.DB, opts *sql.TxOptions, fn func(tx *Tx) error) (err error) {
	conn, err := pool.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer conn.Close()
	endCtx, cancelEnd := db.endContext(ctx)
	defer cancelEnd()
	sqlTx, err := db.begin(ctx, endCtx, conn, opts)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	tx := &Tx{tx: sqlTx, db: db, ctx: ctx, parent: parent, Now: db.Now().UTC()}
	if d := db.txTimeout(parent); db.engine == Postgres && db.timeout > 0 && d != db.timeout {
		// A transaction with a bound of its own (WithTxTimeout) gets the
		// server's timeouts to match, for itself only; 0 turns them off.
		// Its lock waits end at that bound too, on the server, without a
		// cancel request.
		ms := strconv.FormatInt(d.Milliseconds(), 10)
		if _, err := tx.Exec(ctx, `SELECT set_config('statement_timeout', ?, true), set_config('idle_in_transaction_session_timeout', ?, true),
			set_config('lock_timeout', ?, true)`, ms, strconv.FormatInt(2*d.Milliseconds(), 10), ms); err != nil {
			_ = sqlTx.Rollback()
			return fmt.Errorf("set timeouts: %w", err)
		}
	}
	defer func() {
		tx.mu.Lock()
		for _, cancel := range tx.release {
			cancel()
		}
		tx.mu.Unlock()
	}()
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
	if err := tx.settleWallets(ctx); err != nil {
		_ = sqlTx.Rollback()
		return err
	}
	if err := tx.writeAudits(ctx); err != nil {
		_ = sqlTx.Rollback()
		return err
	}
	for _, check := range tx.beforeCommit {
		if err := check(); err != nil {
			_ = sqlTx.Rollback()
			return err
		}
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	// The connection goes back to the pool before what follows the commit:
	// Queued may run transactions of its own (DispatchOnCommit), and
	// SQLite's pool has a single connection. (The deferred Close is then a
	// no-op.)
	_ = conn.Close()
	if tx.queued && db.Queued != nil {
		db.Queued(tx.mails)
	}
	return nil
}

// begin starts a transaction on conn under endCtx (the context of its
// BEGIN, COMMIT and ROLLBACK: endContext). A SQLite writer that finds the
// write lock held by another process (SQLITE_BUSY after one
// sqliteBusySlice) tries again until ctx's deadline, or for sqliteBusyWait
// when ctx has none: SQLite's busy wait itself would not stop at the
// deadline.
func (db *DB) begin(ctx, endCtx context.Context, conn *sql.Conn, opts *sql.TxOptions) (*sql.Tx, error) {
	start := time.Now()
	_, bounded := ctx.Deadline()
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sqlTx, err := conn.BeginTx(endCtx, opts)
		if err == nil || db.engine != SQLite || !isSQLiteBusy(err) || ctx.Err() != nil ||
			!bounded && time.Since(start) >= sqliteBusyWait {
			return sqlTx, err
		}
	}
}

// endGrace is how long past a transaction's deadline its COMMIT or
// ROLLBACK may still take (endContext).
const endGrace = 2 * time.Second

// endContext is the context of a transaction's BEGIN, COMMIT and ROLLBACK:
// ctx's values without its cancellation, so a caller that goes away does
// not leave a transaction half done on a connection database/sql would
// then close; bounded endGrace past ctx's deadline for a database that
// stops answering (then the connection is given up).
func (db *DB) endContext(ctx context.Context) (context.Context, context.CancelFunc) {
	end := context.WithoutCancel(ctx)
	if deadline, ok := ctx.Deadline(); ok {
		return context.WithDeadline(end, deadline.Add(endGrace))
	}
	return end, func() {}
}

func isSQLiteBusy(err error) bool {
	var liteErr *sqlite.Error
	return errors.As(err, &liteErr) && liteErr.Code()&0xff == sqlite3.SQLITE_BUSY
}

// Engine reports which engine the transaction runs on.
func (tx *Tx) Engine() Engine { return tx.db.engine }

// Exec runs a statement.
func (tx *Tx) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return tx.tx.ExecContext(tx.stmtContext(ctx), tx.rebind(query), tx.bindArgs(args)...)
}

// Query runs a query returning rows.
func (tx *Tx) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return tx.tx.QueryContext(tx.stmtContext(ctx), tx.rebind(query), tx.bindArgs(args)...)
}

// QueryRow runs a query returning at most one row.
func (tx *Tx) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return tx.tx.QueryRowContext(tx.stmtContext(ctx), tx.rebind(query), tx.bindArgs(args)...)
}

// stmtContext is the context a statement runs under: the one it was given,
// bounded by the transaction's deadline too. Statements are almost always
// given the context the transaction was started with, whose bounded form
// the transaction already holds; a statement on a connection that stops
// answering would otherwise wait past the deadline, and the rollback with it.
func (tx *Tx) stmtContext(ctx context.Context) context.Context {
	if ctx == tx.parent || ctx == tx.ctx {
		return tx.ctx
	}
	deadline, ok := tx.ctx.Deadline()
	if !ok {
		return ctx
	}
	if d, ok := ctx.Deadline(); ok && !d.After(deadline) {
		return ctx
	}
	bounded, cancel := context.WithDeadline(ctx, deadline)
	tx.mu.Lock()
	tx.release = append(tx.release, cancel) // rows may outlive this call, not the transaction
	tx.mu.Unlock()
	return bounded
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
