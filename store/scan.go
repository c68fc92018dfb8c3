package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// nullTime scans a nullable timestamp that may arrive as time.Time or, from
// SQLite expressions without a declared type (RETURNING, aggregates), as text.
type nullTime struct {
	Time  time.Time
	Valid bool
}

// Scan implements sql.Scanner.
func (t *nullTime) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		*t = nullTime{}
	case time.Time:
		*t = nullTime{Time: v.UTC(), Valid: true}
	case string:
		return t.parse(v)
	case []byte:
		return t.parse(string(v))
	default:
		return fmt.Errorf("scan time: unsupported type %T", v)
	}
	return nil
}

func (t *nullTime) parse(s string) error {
	for _, layout := range []string{sqliteTimeLayout, "2006-01-02 15:04:05.999999999", time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00"} {
		if v, err := time.Parse(layout, s); err == nil {
			*t = nullTime{Time: v.UTC(), Valid: true}
			return nil
		}
	}
	return fmt.Errorf("scan time: cannot parse %q", s)
}

// Ptr returns nil for NULL, else a pointer to the time.
func (t nullTime) Ptr() *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time
	return &v
}

// nullInt returns v or nil (SQL NULL) when v is 0: ids are never 0.
func nullInt(v int64) sql.NullInt64 { return sql.NullInt64{Int64: v, Valid: v != 0} }

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// queryList runs query and scans every row with scan, in order; an empty
// answer is an empty (not nil) list, so it encodes as [].
func queryList[T any](ctx context.Context, tx *Tx, scan func(interface{ Scan(...any) error }) (T, error), query string, args ...any) ([]T, error) {
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, v)
	}
	return list, rows.Err()
}
