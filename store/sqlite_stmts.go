package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"strings"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// SQLite connections keep the statements they prepared. SQLite compiles
// every statement before running it, and the driver compiled each query
// again on every call (a purchase's dozen statements spent more time being
// parsed than run). PostgreSQL's driver keeps its own per connection
// (pgx's statement cache).

// sqliteStmtsPerConn bounds the statements one connection keeps.
const sqliteStmtsPerConn = 256

// sqliteDriver is the driver modernc.org/sqlite registers as "sqlite".
var sqliteDriver = func() driver.Driver {
	db, err := sql.Open("sqlite", "")
	if err != nil {
		panic(err)
	}
	defer db.Close()
	return db.Driver()
}()

// sqliteConnector opens SQLite connections for dsn (a path and its
// parameters, as the driver reads them) that keep their statements.
type sqliteConnector struct{ dsn string }

func (c sqliteConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := sqliteDriver.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	sc, ok := conn.(sqliteDriverConn)
	if !ok {
		return conn, nil
	}
	return &sqliteConn{sqliteDriverConn: sc, stmts: map[string]*sqliteStmt{}}, nil
}

func (sqliteConnector) Driver() driver.Driver { return sqliteDriver }

// openSQLite opens a pool of SQLite connections that keep their statements.
func openSQLite(dsn string) *sql.DB { return sql.OpenDB(sqliteConnector{dsn: dsn}) }

// sqliteDriverConn is what database/sql uses of the driver's connection.
type sqliteDriverConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// sqliteRows is what database/sql uses of the driver's rows.
type sqliteRows interface {
	driver.Rows
	driver.RowsColumnTypeDatabaseTypeName
	driver.RowsColumnTypeLength
	driver.RowsColumnTypeNullable
	driver.RowsColumnTypePrecisionScale
	driver.RowsColumnTypeScanType
}

// sqliteConn is a driver connection that runs each query through a
// statement it prepared the first time it saw the query's text. database/sql
// uses a connection from one goroutine at a time (rows included), so stmts
// needs no lock.
type sqliteConn struct {
	sqliteDriverConn
	stmts map[string]*sqliteStmt
}

// sqliteStmt is a kept statement; busy while rows of it are open (a query
// run again before its earlier rows are closed gets a statement of its own).
type sqliteStmt struct {
	stmt interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	}
	busy bool
}

// stmt returns the kept statement of query, preparing it on first use, or
// nil when query is not kept: a script of several statements (migrations,
// run once), or one whose kept statement is busy.
func (c *sqliteConn) stmt(ctx context.Context, query string) (*sqliteStmt, error) {
	if s, ok := c.stmts[query]; ok {
		if s.busy {
			return nil, nil
		}
		return s, nil
	}
	if strings.Contains(query, ";") {
		return nil, nil
	}
	ds, err := c.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	s := &sqliteStmt{}
	var ok bool
	if s.stmt, ok = ds.(interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	}); !ok {
		_ = ds.Close()
		return nil, nil
	}
	if len(c.stmts) >= sqliteStmtsPerConn {
		c.evict()
	}
	c.stmts[query] = s
	return s, nil
}

// evict closes a kept statement that is not busy.
func (c *sqliteConn) evict() {
	for query, s := range c.stmts {
		if !s.busy {
			_ = s.stmt.Close()
			delete(c.stmts, query)
			return
		}
	}
}

// drop closes and forgets the kept statement of query (after an error: it
// is prepared again on next use).
func (c *sqliteConn) drop(query string, s *sqliteStmt) {
	if c.stmts[query] == s {
		delete(c.stmts, query)
	}
	_ = s.stmt.Close()
}

func (c *sqliteConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return c.sqliteDriverConn.ExecContext(ctx, query, args)
	}
	res, err := s.stmt.ExecContext(ctx, args)
	if err != nil {
		c.drop(query, s)
	}
	return res, err
}

func (c *sqliteConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return c.sqliteDriverConn.QueryContext(ctx, query, args)
	}
	rows, err := s.stmt.QueryContext(ctx, args)
	if err != nil {
		c.drop(query, s)
		return nil, err
	}
	r, ok := rows.(sqliteRows)
	if !ok {
		// Rows database/sql could not be handed whole: they keep the
		// statement, which is forgotten here and closed with them.
		delete(c.stmts, query)
		return &closingRows{Rows: rows, stmt: s.stmt}, nil
	}
	s.busy = true
	return &sqliteKeptRows{sqliteRows: r, stmt: s}, nil
}

// Close closes the kept statements first: a SQLite connection closed with
// statements open only closes once they are (and a closed file's write-ahead
// log is checkpointed into it only then).
func (c *sqliteConn) Close() error {
	var errs []error
	for query, s := range c.stmts {
		errs = append(errs, s.stmt.Close())
		delete(c.stmts, query)
	}
	return errors.Join(append(errs, c.sqliteDriverConn.Close())...)
}

// sqliteKeptRows are rows of a kept statement, which they free on Close.
type sqliteKeptRows struct {
	sqliteRows
	stmt *sqliteStmt
}

func (r *sqliteKeptRows) Close() error {
	err := r.sqliteRows.Close()
	r.stmt.busy = false
	return err
}

// closingRows close their statement with them.
type closingRows struct {
	driver.Rows
	stmt driver.Stmt
}

func (r *closingRows) Close() error {
	return errors.Join(r.Rows.Close(), r.stmt.Close())
}
