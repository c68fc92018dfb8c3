package store_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestUnavailable_ClassifiesOutagesAndLeavesOtherErrors(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		outage bool
	}{
		{"connection refused", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, true},
		{"connection reset", fmt.Errorf("failed to receive message: %w", &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}), true},
		{"broken pipe", fmt.Errorf("write: %w", syscall.EPIPE), true},
		{"connection cut mid-answer", fmt.Errorf("failed to receive message: %w", io.ErrUnexpectedEOF), true},
		{"bad pooled connection", driver.ErrBadConn, true},
		{"pooled connection closed before sending", fmt.Errorf("begin transaction: %w", connClosedError{}), true},
		{"deadline while waiting for the database", fmt.Errorf("begin transaction: %w", context.DeadlineExceeded), true},
		{"PostgreSQL connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"PostgreSQL shutting down", &pgconn.PgError{Code: "57P01"}, true},
		{"PostgreSQL starting", &pgconn.PgError{Code: "57P03"}, true},
		{"PostgreSQL out of connections", &pgconn.PgError{Code: "53300"}, true},
		{"PostgreSQL statement canceled at the deadline", &pgconn.PgError{Code: "57014"}, true},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"bad text", &pgconn.PgError{Code: "22021"}, false},
		{"the caller went away", fmt.Errorf("query: %w", context.Canceled), false},
		{"no rows", sql.ErrNoRows, false},
		{"a bug", errors.New("sql: expected 3 destination arguments in Scan, not 2"), false},
		{"already an answer", fuelportal.Errorf(fuelportal.ENOTFOUND, "Card not found"), false},
		{"nil", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := store.Unavailable(tt.err)
			if store.IsUnavailable(got) != tt.outage {
				t.Fatalf("outage = %v, want %v (%v)", !tt.outage, tt.outage, got)
			}
			if !tt.outage {
				if got != tt.err {
					t.Fatalf("changed to %v", got)
				}
				return
			}
			if fuelportal.ErrorCode(got) != fuelportal.EUNAVAILABLE || fuelportal.ErrorMessage(got) != store.MsgUnavailable {
				t.Fatalf("code %q message %q", fuelportal.ErrorCode(got), fuelportal.ErrorMessage(got))
			}
			if !errors.Is(got, tt.err) {
				t.Fatal("the cause is lost")
			}
			if again := store.Unavailable(got); again != got {
				t.Fatal("wrapped twice")
			}
		})
	}
}

// connClosedError is like pgx's error for a statement on a connection that
// closed before anything was sent ("conn closed").
type connClosedError struct{}

func (connClosedError) Error() string     { return "conn closed" }
func (connClosedError) SafeToRetry() bool { return true }

func TestUnavailable_RealPostgresConnectFailureIsAnOutage(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	_, err = store.Open(ctx, "postgres://postgres@"+addr+"/test?sslmode=disable")
	if !store.IsUnavailable(err) || fuelportal.ErrorCode(err) != fuelportal.EUNAVAILABLE {
		t.Fatalf("open of a closed port: %v (code %q), want unavailable", err, fuelportal.ErrorCode(err))
	}
}

func TestUnavailable_SQLiteLockedPastItsTimeoutIsAnOutage(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "busy.db")
	db := storetest.OpenSQLiteAt(t, path)
	// Another process holds the write lock longer than our busy timeout.
	other, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(ctx, "ROLLBACK")
	conn2, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close()
	_, busy := conn2.ExecContext(ctx, "BEGIN IMMEDIATE")
	if busy == nil || !store.IsUnavailable(store.Unavailable(busy)) {
		t.Fatalf("SQLITE_BUSY %v not an outage", busy)
	}
	// The store waits for the lock until the request's deadline.
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	err = db.EnqueueMail(short, &fuelportal.MailMessage{To: "a@example.com", Subject: "s", Body: "b"})
	if !store.IsUnavailable(err) {
		t.Fatalf("write while locked: %v, want unavailable", err)
	}
}

// FuzzUnavailable checks the classification of arbitrary PostgreSQL codes
// and wrapped errors: it never panics, keeps the cause, is idempotent and
// never turns an answer for the user into an outage.
func FuzzUnavailable(f *testing.F) {
	for _, code := range []string{"08006", "57P01", "23505", "22021", "", "08"} {
		f.Add(code, "message", uint8(0))
	}
	f.Add("", "x", uint8(3))
	f.Fuzz(func(t *testing.T, code, message string, kind uint8) {
		var err error
		switch kind % 5 {
		case 0:
			err = &pgconn.PgError{Code: code, Message: message}
		case 1:
			err = fmt.Errorf("%s: %w", message, &pgconn.PgError{Code: code})
		case 2:
			err = fuelportal.Errorf(fuelportal.EINVALID, "%s", message)
		case 3:
			err = errors.New(message)
		case 4:
			err = fmt.Errorf("%s: %w", message, io.ErrUnexpectedEOF)
		}
		got := store.Unavailable(err)
		if !errors.Is(got, err) {
			t.Fatalf("cause lost: %v", got)
		}
		if store.Unavailable(got) != got {
			t.Fatal("not idempotent")
		}
		outage := store.IsUnavailable(got)
		if outage != (fuelportal.ErrorCode(got) == fuelportal.EUNAVAILABLE) {
			t.Fatalf("outage %v but code %q", outage, fuelportal.ErrorCode(got))
		}
		switch kind % 5 {
		case 0, 1:
			want := len(code) >= 2 && code[:2] == "08" || code == "57P01" || code == "57P02" || code == "57P03" || code == "53300" || code == "57014"
			if outage != want {
				t.Fatalf("PostgreSQL code %q: outage = %v", code, outage)
			}
		case 2, 3:
			if outage {
				t.Fatalf("%v classified as an outage", err)
			}
		case 4:
			if !outage {
				t.Fatalf("%v not an outage", err)
			}
		}
	})
}
