package store

import (
	"context"
	"time"

	"fuelportal"
)

// RateLimit allows Max events per Window for one key of a Bucket. Counters
// live in the database, so every server process sees the same counts. The
// window is fixed: it starts at the first event after the previous one ended.
type RateLimit struct {
	Bucket string
	Max    int
	Window time.Duration
}

// HitRateLimit counts one event for key and returns how long the caller
// must wait when the event is over the limit (0 when it is allowed). The
// count is raised and read in one statement, so it reserves the event:
// of any number of concurrent callers at most Max are allowed per window.
func (db *DB) HitRateLimit(ctx context.Context, l RateLimit, key string) (retryAfter time.Duration, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		windowEnd := tx.Now.Add(-l.Window)
		var hits int
		var start nullTime
		err := tx.QueryRow(ctx, `
			INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES (?, ?, ?, 1)
			ON CONFLICT (bucket, key) DO UPDATE SET
				hits = CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.hits + 1 END,
				window_start = CASE WHEN rate_limits.window_start <= ? THEN excluded.window_start ELSE rate_limits.window_start END
			RETURNING hits, window_start`,
			l.Bucket, key, tx.Now, windowEnd, windowEnd).Scan(&hits, &start)
		if err != nil {
			return err
		}
		if hits > l.Max {
			retryAfter = start.Time.Add(l.Window).Sub(tx.Now)
		}
		return nil
	})
	return retryAfter, err
}

// RateLimitReached reports, without counting an event, how long the caller
// must wait because key already used up its Max events (0 when not).
func (db *DB) RateLimitReached(ctx context.Context, l RateLimit, key string) (retryAfter time.Duration, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var hits int
		var start nullTime
		err := tx.QueryRow(ctx, `SELECT hits, window_start FROM rate_limits WHERE bucket = ? AND key = ?`, l.Bucket, key).Scan(&hits, &start)
		if err != nil {
			if isNoRows(err) {
				return nil
			}
			return err
		}
		if end := start.Time.Add(l.Window); hits >= l.Max && tx.Now.Before(end) {
			retryAfter = end.Sub(tx.Now)
		}
		return nil
	})
	return retryAfter, err
}

// RefundRateLimit gives back one event of key counted by HitRateLimit (an
// attempt that turned out not to count, such as a successful sign-in).
func (db *DB) RefundRateLimit(ctx context.Context, l RateLimit, key string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE rate_limits SET hits = hits - 1 WHERE bucket = ? AND key = ? AND hits > 0`, l.Bucket, key)
		return err
	})
}

// ResetRateLimit forgets the events of key.
func (db *DB) ResetRateLimit(ctx context.Context, l RateLimit, key string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM rate_limits WHERE bucket = ? AND key = ?`, l.Bucket, key)
		return err
	})
}

// DeleteExpired removes rows that no longer matter: rate-limit windows,
// refresh tokens, reset codes and finished push messages that ended more
// than a day ago, events dispatched more than fuelportal.EventHistory ago,
// and at once the outbox messages whose one-time code expired.
func (db *DB) DeleteExpired(ctx context.Context) error {
	return db.InTx(ctx, func(tx *Tx) error {
		if err := tx.deleteExpiredMail(ctx); err != nil {
			return err
		}
		if err := tx.deleteOldWebhookDeliveries(ctx); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM events WHERE dispatched_at < ?`, tx.Now.Add(-fuelportal.EventHistory)); err != nil {
			return err
		}
		dayAgo := tx.Now.Add(-24 * time.Hour)
		for _, q := range []string{
			`DELETE FROM rate_limits WHERE window_start < ?`,
			`DELETE FROM refresh_tokens WHERE expires_at < ?`,
			`DELETE FROM password_resets WHERE expires_at < ?`,
			`DELETE FROM push_messages WHERE status <> 'pending' AND updated_at < ?`,
		} {
			if _, err := tx.Exec(ctx, q, dayAgo); err != nil {
				return err
			}
		}
		return nil
	})
}
