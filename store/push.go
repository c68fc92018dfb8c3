package store

import (
	"context"
	"encoding/json"
	"time"

	"fuelportal"
)

// MaxPushSubscriptionsPerUser bounds the devices one user keeps
// subscribed; saving one more forgets the oldest.
const MaxPushSubscriptionsPerUser = 20

// SavePushSubscription stores s for s.UserID, or updates the keys of the
// user's subscription with its endpoint (a browser renews its keys). It
// sets s.ID and s.CreatedAt. A subscription never moves to another user:
// an endpoint another user holds is ECONFLICT, nothing changed (the
// browser subscribes afresh, with a new endpoint; the old one's push
// service then answers gone, and the sender forgets it).
func (db *DB) SavePushSubscription(ctx context.Context, s *fuelportal.PushSubscription) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var created nullTime
		err := tx.QueryRow(ctx, `
			INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
			VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
				WHERE push_subscriptions.user_id = excluded.user_id
			RETURNING id, created_at`, s.UserID, s.Endpoint, s.P256DH, s.Auth, tx.Now).Scan(&s.ID, &created)
		if isNoRows(err) {
			return fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgPushEndpointTaken)
		} else if err != nil {
			return err
		}
		s.CreatedAt = created.Time
		_, err = tx.Exec(ctx, `
			DELETE FROM push_subscriptions WHERE user_id = ? AND id NOT IN (
				SELECT id FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
			s.UserID, s.UserID, MaxPushSubscriptionsPerUser)
		return err
	})
}

// DeletePushSubscription deletes user userID's subscription with endpoint
// and its queued messages; another user's, or none, is left as it is
// (no error: signing out deletes whatever this browser had).
func (db *DB) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?`, userID, endpoint)
		return err
	})
}

// RemovePushSubscription deletes subscription id and its queued messages:
// the push service said it no longer exists.
func (db *DB) RemovePushSubscription(ctx context.Context, id int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE id = ?`, id)
		return err
	})
}

// PushSubscriptions returns user userID's subscriptions, oldest first.
func (db *DB) PushSubscriptions(ctx context.Context, userID int64) ([]*fuelportal.PushSubscription, error) {
	var subs []*fuelportal.PushSubscription
	err := db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT id, user_id, endpoint, p256dh, auth, created_at, last_success_at
			FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, id`, userID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			s := &fuelportal.PushSubscription{}
			var created, success nullTime
			if err := rows.Scan(&s.ID, &s.UserID, &s.Endpoint, &s.P256DH, &s.Auth, &created, &success); err != nil {
				return err
			}
			s.CreatedAt, s.LastSuccessAt = created.Time, success.Ptr()
			subs = append(subs, s)
		}
		return rows.Err()
	})
	return subs, err
}

// EnqueuePush queues notification n, bounded (PushNotification.Bounded),
// for every subscription of the recipients, due now, and returns how many
// messages it queued (0 when none of them has a subscription). In the
// transaction of the change it reports, the notification is queued
// exactly when the change commits.
func (tx *Tx) EnqueuePush(ctx context.Context, to fuelportal.PushRecipients, n fuelportal.PushNotification) (int, error) {
	payload, err := json.Marshal(n.Bounded())
	if err != nil {
		return 0, err
	}
	args := []any{string(payload), tx.Now, tx.Now, tx.Now}
	var ids []any
	for _, id := range to.UserIDs {
		if id != 0 {
			ids = append(ids, id)
		}
	}
	where := "1 = 0"
	if len(ids) > 0 {
		where = "user_id IN (" + placeholders(len(ids)) + ")"
		args = append(args, ids...)
	}
	if to.OwnersOf != 0 {
		where += " OR user_id IN (SELECT id FROM users WHERE company_id = ? AND role = ?)"
		args = append(args, to.OwnersOf, fuelportal.RoleCompany)
	}
	res, err := tx.Exec(ctx, `
		INSERT INTO push_messages (subscription_id, user_id, payload, status, attempts, next_attempt_at, last_error, created_at, updated_at)
		SELECT id, user_id, ?, 'pending', 0, ?, '', ?, ? FROM push_subscriptions WHERE `+where, args...)
	if err != nil {
		return 0, err
	}
	queued, err := res.RowsAffected()
	tx.queued = tx.queued || queued > 0
	return int(queued), err
}

// EnqueuePush queues n for the recipients' subscriptions in a transaction
// of its own (Tx.EnqueuePush).
func (db *DB) EnqueuePush(ctx context.Context, to fuelportal.PushRecipients, n fuelportal.PushNotification) (int, error) {
	var queued int
	err := db.InTx(ctx, func(tx *Tx) (err error) {
		queued, err = tx.EnqueuePush(ctx, to, n)
		return err
	})
	return queued, err
}

const pushMessageColumns = `m.id, m.payload, m.attempts, m.status, m.last_error,
	s.id, s.user_id, s.endpoint, s.p256dh, s.auth, s.created_at, s.last_success_at`

func scanPushMessage(row interface{ Scan(...any) error }) (*fuelportal.PushMessage, error) {
	m := &fuelportal.PushMessage{}
	var payload string
	var created, success nullTime
	s := &m.Subscription
	if err := row.Scan(&m.ID, &payload, &m.Attempts, &m.Status, &m.LastError,
		&s.ID, &s.UserID, &s.Endpoint, &s.P256DH, &s.Auth, &created, &success); err != nil {
		return nil, err
	}
	m.Payload = []byte(payload)
	s.CreatedAt, s.LastSuccessAt = created.Time, success.Ptr()
	return m, nil
}

// ClaimPushMessages claims up to limit pending messages that are due,
// oldest due first, for one attempt each: a claimed message's attempts
// grow by one and it is not due again for lease, so another process (or
// this one after a crash) retries it only once the lease ran out. Two
// processes never claim one message: the claim is a conditional update
// that only one of them wins.
func (db *DB) ClaimPushMessages(ctx context.Context, lease time.Duration, limit int) ([]*fuelportal.PushMessage, error) {
	var claimed []*fuelportal.PushMessage
	err := db.InTx(ctx, func(tx *Tx) error {
		claimed = claimed[:0]
		rows, err := tx.Query(ctx, `
			SELECT `+pushMessageColumns+`
			FROM push_messages m JOIN push_subscriptions s ON s.id = m.subscription_id
			WHERE m.status = 'pending' AND m.next_attempt_at <= ?
			ORDER BY m.next_attempt_at, m.id LIMIT ?`, tx.Now, limit)
		if err != nil {
			return err
		}
		var candidates []*fuelportal.PushMessage
		for rows.Next() {
			m, err := scanPushMessage(rows)
			if err != nil {
				rows.Close()
				return err
			}
			candidates = append(candidates, m)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, m := range candidates {
			res, err := tx.Exec(ctx, `
				UPDATE push_messages SET attempts = attempts + 1, next_attempt_at = ?, updated_at = ?
				WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?`, tx.Now.Add(lease), tx.Now, m.ID, tx.Now)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 1 {
				m.Attempts++
				claimed = append(claimed, m)
			}
		}
		return nil
	})
	return claimed, err
}

// MarkPushSent records that the push service accepted message id for
// subscription subscriptionID.
func (db *DB) MarkPushSent(ctx context.Context, id, subscriptionID int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE push_messages SET status = 'sent', last_error = '', updated_at = ? WHERE id = ?`, tx.Now, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE push_subscriptions SET last_success_at = ? WHERE id = ?`, tx.Now, subscriptionID)
		return err
	})
}

// MarkPushFailed records a failed attempt of message id: it is due again
// after retryIn, or with retryIn 0 it is given up (status failed).
func (db *DB) MarkPushFailed(ctx context.Context, id int64, reason string, retryIn time.Duration) error {
	if len(reason) > 500 {
		reason = reason[:500]
	}
	return db.InTx(ctx, func(tx *Tx) error {
		if retryIn <= 0 {
			_, err := tx.Exec(ctx, `UPDATE push_messages SET status = 'failed', last_error = ?, updated_at = ? WHERE id = ?`, reason, tx.Now, id)
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE push_messages SET next_attempt_at = ?, last_error = ?, updated_at = ? WHERE id = ? AND status = 'pending'`,
			tx.Now.Add(retryIn), reason, tx.Now, id)
		return err
	})
}

// PushMessagesFor returns the messages queued for user userID's
// subscriptions, in any status, oldest first (for tests and support).
func (db *DB) PushMessagesFor(ctx context.Context, userID int64) ([]*fuelportal.PushMessage, error) {
	var msgs []*fuelportal.PushMessage
	err := db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT `+pushMessageColumns+`
			FROM push_messages m JOIN push_subscriptions s ON s.id = m.subscription_id
			WHERE m.user_id = ? ORDER BY m.id`, userID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			m, err := scanPushMessage(rows)
			if err != nil {
				return err
			}
			msgs = append(msgs, m)
		}
		return rows.Err()
	})
	return msgs, err
}
