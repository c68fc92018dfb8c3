package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"fuelportal"
)

// MsgUnavailable is the answer to any request that needed the database
// while it could not be reached.
const MsgUnavailable = "The service is temporarily unavailable. Try again shortly."

// errUnavailable is the user-facing side of every outage error.
var errUnavailable = &fuelportal.Error{Code: fuelportal.EUNAVAILABLE, Message: MsgUnavailable}

// unavailableError is a database error that means the database cannot be
// reached right now. It is an EUNAVAILABLE *fuelportal.Error for callers
// and keeps its cause for the log.
type unavailableError struct{ cause error }

func (e *unavailableError) Error() string   { return "database unavailable: " + e.cause.Error() }
func (e *unavailableError) Unwrap() []error { return []error{errUnavailable, e.cause} }

// IsUnavailable reports whether err says the database could not be
// reached (see Unavailable).
func IsUnavailable(err error) bool {
	var u *unavailableError
	return errors.As(err, &u)
}

// Unavailable classifies a database error: an error that means the
// database cannot be reached (refused or broken connections, a connect
// that failed or timed out, a server shutting down, SQLite busy or locked
// past its timeout, an unreadable file) is wrapped so that ErrorCode gives
// EUNAVAILABLE with MsgUnavailable; any other error is returned as is.
// Every transaction's error passes through it, so no outage reaches a
// caller as an internal error.
func Unavailable(err error) error {
	if err == nil || IsUnavailable(err) || !isOutage(err) {
		return err
	}
	return &unavailableError{cause: err}
}

// sqliteOutageCodes are the SQLite primary result codes that mean the
// database cannot be used right now rather than that a statement is wrong.
var sqliteOutageCodes = map[int]bool{
	sqlite3.SQLITE_BUSY:     true, // still locked by another process after busy_timeout
	sqlite3.SQLITE_LOCKED:   true,
	sqlite3.SQLITE_CANTOPEN: true,
	sqlite3.SQLITE_IOERR:    true,
	sqlite3.SQLITE_FULL:     true,
}

func isOutage(err error) bool {
	var fpErr *fuelportal.Error
	if errors.As(err, &fpErr) {
		return false // already an answer for the user
	}
	if errors.Is(err, context.Canceled) {
		return false // the caller went away; nothing is down
	}
	var connectErr *pgconn.ConnectError
	if errors.As(err, &connectErr) || pgconn.SafeToRetry(err) {
		return true // could not connect, or the connection closed before the statement was sent
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; 57P01-03: the server is shutting
		// down, crashed or starting; 53300: too many connections; 57014: a
		// statement canceled (the transaction's deadline passed while it
		// ran, and the driver canceled it, or statement_timeout).
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" ||
			pgErr.Code == "57P03" || pgErr.Code == "53300" || pgErr.Code == "57014"
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		return sqliteOutageCodes[liteErr.Code()&0xff]
	}
	var netErr net.Error
	switch {
	case errors.Is(err, driver.ErrBadConn),
		errors.Is(err, context.DeadlineExceeded), // the database did not answer in time
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.ECONNABORTED), errors.Is(err, syscall.EPIPE),
		errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH),
		errors.As(err, &netErr):
		return true
	}
	return false
}
