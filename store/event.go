package store

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"time"

	"fuelportal"
)

// The stream of events (migration 00720): Publish writes one row in the
// transaction that makes the event happen; DispatchBatch derives what
// each audience hears of it (fuelportal.EventRoutes) and marks it
// dispatched in one transaction, so an event is fanned out exactly once
// whichever process does it and whenever (a process that stopped after
// the commit leaves the row for the next one's sweep).

// eventPayload is an event's stored payload: everything but its type,
// company and time.
type eventPayload struct {
	UserID int64                   `json:"userId,omitempty"`
	Alert  *fuelportal.Alert       `json:"alert,omitempty"`
	Notice *fuelportal.Notice      `json:"notice,omitempty"`
	Mail   *fuelportal.MailMessage `json:"mail,omitempty"`
	Data   any                     `json:"data,omitempty"`
}

// Publish records event e of company e.CompanyID in tx (one insert), so it
// is delivered exactly when the change it reports commits, and never for
// a change rolled back. It sets e.ID and e.CreatedAt. An event of no
// company (a purchase on an unknown card) is dropped; an unknown type is
// an error. The dispatcher is woken after the commit (DB.Queued).
func (tx *Tx) Publish(ctx context.Context, e *fuelportal.Event) error {
	if _, ok := fuelportal.EventRoutes[e.Type]; !ok {
		return fmt.Errorf("publish: unknown event type %q", e.Type)
	}
	if e.CompanyID == 0 {
		return nil
	}
	payload, err := json.Marshal(eventPayload{UserID: e.UserID, Alert: e.Alert, Notice: e.Notice, Mail: e.Mail, Data: e.Data})
	if err != nil {
		return fmt.Errorf("publish %s: %w", e.Type, err)
	}
	e.CreatedAt, e.Muted = tx.Now, e.Muted || tx.History
	if err := tx.QueryRow(ctx, `INSERT INTO events (type, company_id, payload, muted, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		e.Type, e.CompanyID, string(payload), boolInt(e.Muted), e.CreatedAt).Scan(&e.ID); err != nil {
		return err
	}
	tx.queued = true
	return nil
}

// Publish records e in a transaction of its own (Tx.Publish), for an
// event that reports no change of the database (a reminder).
func (db *DB) Publish(ctx context.Context, e *fuelportal.Event) error {
	return db.InTx(ctx, func(tx *Tx) error { return tx.Publish(ctx, e) })
}

// maxEventAttempts is how many times an event whose fan-out fails is
// tried; it then stays undispatched, with its last error, for a person to
// look at.
const maxEventAttempts = 5

// dispatchBatch is how many events one dispatch transaction derives: a
// burst (the demo's seeded history, an import) commits once per batch,
// not once per event.
const dispatchBatch = 200

// DispatchBatch derives the oldest undispatched events, up to
// dispatchBatch, and marks them dispatched, in one transaction; it
// returns how many (0: none waited). On PostgreSQL events another
// dispatcher holds are skipped (FOR UPDATE SKIP LOCKED); SQLite's writers
// are serialised. A failed fan-out rolls the batch back and is counted
// against its event (maxEventAttempts), so the next batch goes on without
// it once it is spent: then it answers 1 (an attempt counted) with the
// error, and 0 with any other error.
func (db *DB) DispatchBatch(ctx context.Context) (int, error) {
	var failed *fuelportal.Event
	var fanOutErr error
	n := 0
	err := db.InTx(ctx, func(tx *Tx) error {
		n, failed, fanOutErr = 0, nil, nil
		lock := ""
		if tx.Engine() == Postgres {
			lock = ` FOR UPDATE SKIP LOCKED`
		}
		rows, err := tx.Query(ctx, `SELECT id, type, company_id, payload, muted, created_at FROM events
			WHERE dispatched_at IS NULL AND attempts < ? ORDER BY id LIMIT ?`+lock, maxEventAttempts, dispatchBatch)
		if err != nil {
			return err
		}
		var batch []*fuelportal.Event
		var payloads []string
		for rows.Next() {
			e := &fuelportal.Event{}
			var payload string
			var muted int64
			var created nullTime
			if err := rows.Scan(&e.ID, &e.Type, &e.CompanyID, &payload, &muted, &created); err != nil {
				rows.Close()
				return err
			}
			e.Muted, e.CreatedAt = muted == 1, created.Time
			batch, payloads = append(batch, e), append(payloads, payload)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for i, e := range batch {
			var p struct {
				eventPayload
				Data json.RawMessage `json:"data"`
			}
			if fanOutErr = json.Unmarshal([]byte(payloads[i]), &p); fanOutErr == nil {
				e.UserID, e.Alert, e.Notice, e.Mail = p.UserID, p.Alert, p.Notice, p.Mail
				if len(p.Data) > 0 {
					e.Data = p.Data
				}
				fanOutErr = tx.deliverEvent(ctx, e)
			}
			if fanOutErr != nil {
				failed = e
				return fanOutErr
			}
		}
		if len(batch) == 0 {
			return nil
		}
		args := []any{tx.Now}
		for _, e := range batch {
			args = append(args, e.ID)
		}
		if _, err := tx.Exec(ctx, `UPDATE events SET dispatched_at = ? WHERE id IN (`+placeholders(len(batch))+`)`, args...); err != nil {
			return err
		}
		n = len(batch)
		return nil
	})
	if failed != nil {
		if err := db.InTx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, `UPDATE events SET attempts = attempts + 1, last_error = ? WHERE id = ?`, clip(fanOutErr.Error(), 500), failed.ID)
			return err
		}); err != nil {
			return 0, err
		}
		return 1, fmt.Errorf("dispatch event %d (%s): %w", failed.ID, failed.Type, fanOutErr)
	}
	if err != nil {
		return 0, err
	}
	return n, nil
}

// DispatchEvents dispatches events until none is left (or ctx ends, or
// a batch fails) and returns how many it dispatched.
func (db *DB) DispatchEvents(ctx context.Context) (int, error) {
	n := 0
	for ctx.Err() == nil {
		done, err := db.DispatchBatch(ctx)
		if err != nil || done == 0 {
			return n, err
		}
		n += done
	}
	return n, ctx.Err()
}

// DispatchOnCommit makes every commit that published an event or queued
// a delivery dispatch the waiting events at once, in the committing
// goroutine, before the caller goes on: for the command line's one-shot
// commands (no dispatcher runs there) and tests. A server wakes its
// events.Dispatcher instead (DB.Queued). Commits that come while one
// goroutine dispatches leave their events to it.
func (db *DB) DispatchOnCommit() {
	var running, pending atomic.Bool
	db.Queued = func([]*fuelportal.MailMessage) {
		pending.Store(true)
		for pending.Load() && running.CompareAndSwap(false, true) {
			pending.Store(false)
			_, _ = db.DispatchEvents(context.WithoutCancel(context.Background()))
			running.Store(false)
		}
	}
}

func clip(s string, max int) string {
	if r := []rune(s); len(r) > max {
		return string(r[:max])
	}
	return s
}

// deliverEvent writes what each audience of e hears of it, as its route
// says (a muted event: its alert only): the webhook deliveries, the owners' alert and its mails, the
// owners' pushes, and the notice of the user it names (push, e-mail,
// in-app list), each recipient's channels as fuelportal.DecideDelivery
// decides. Recipients are only users of e's company.
func (tx *Tx) deliverEvent(ctx context.Context, e *fuelportal.Event) error {
	route := fuelportal.EventRoutes[e.Type]
	if route.Webhook != "" && e.Data != nil && !e.Muted {
		if err := tx.enqueueWebhookEvent(ctx, e, route.Webhook); err != nil {
			return err
		}
	}
	ownerPref := route.OwnerPreference()
	var alert *fuelportal.Alert
	if route.Alert != "" && e.Alert != nil {
		alert = e.Alert
		alert.CompanyID, alert.Kind = e.CompanyID, route.Alert
		if err := tx.insertAlert(ctx, alert, e.CreatedAt); err != nil {
			return err
		}
		if ownerPref == "" {
			// An alert no owner preference covers is mailed to every owner.
			owners, err := tx.ownerEmails(ctx, e.CompanyID, route.OfficeAudience(), alert.CardID)
			if err != nil {
				return err
			}
			for _, to := range owners {
				if err := tx.enqueueRepeatable(ctx, string(alert.Kind), fuelportal.AlertMail(to.email, to.language, alert), to.language, time.Time{}); err != nil {
					return err
				}
			}
		}
	}
	if e.Muted {
		return nil // history: its alert only
	}
	if route.Invitee && e.Mail != nil {
		if err := tx.EnqueueMail(ctx, e.Mail); err != nil {
			return err
		}
	}
	if route.AnswerMail && e.UserID != 0 && e.Mail != nil {
		if err := tx.mailAnswer(ctx, e); err != nil {
			return err
		}
	}
	var to fuelportal.PushRecipients
	if ownerPref != "" && (alert != nil || route.OwnersPush) {
		to.OwnersOf, to.Roles = e.CompanyID, route.OfficeAudience()
		if alert != nil {
			to.CardID = alert.CardID
		}
	}
	if route.User && e.UserID != 0 && e.Notice != nil {
		to.UserIDs = []int64{e.UserID}
	}
	if to.OwnersOf == 0 && len(to.UserIDs) == 0 {
		return nil
	}
	targets, err := tx.notifyTargets(ctx, e.CompanyID, to, route.Preference)
	if err != nil || len(targets) == 0 {
		return err
	}
	controls, err := tx.CompanyControls(ctx, e.CompanyID)
	if err != nil {
		return err
	}
	for _, u := range targets {
		d := fuelportal.DecideDelivery(u.role, route.Preference, u.pref, u.quiet, tx.Now, controls.Location())
		owner := u.role == fuelportal.RoleCompany
		if d.Push && e.Notice != nil && (owner && route.OwnersPush || !owner && route.User) {
			if err := tx.enqueueNoticePush(ctx, u, *e.Notice, d.NotBefore); err != nil {
				return err
			}
		}
		if owner {
			if alert != nil && d.Email && u.email != "" {
				if err := tx.enqueueRepeatable(ctx, string(alert.Kind), fuelportal.AlertMail(u.email, u.language, alert), u.language, d.NotBefore); err != nil {
					return err
				}
			}
			continue
		}
		if !route.User {
			continue
		}
		if d.Email && u.email != "" {
			if err := tx.enqueueRepeatable(ctx, string(route.Preference), e.Notice.Mail(u.email, u.language), u.language, d.NotBefore); err != nil {
				return err
			}
		}
		if d.InApp {
			if err := tx.addInAppNotification(ctx, u, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// mailAnswer mails e.Mail to the user e names, at their address, when
// they are a user of e's company.
func (tx *Tx) mailAnswer(ctx context.Context, e *fuelportal.Event) error {
	var email string
	err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = ? AND company_id = ?`, e.UserID, e.CompanyID).Scan(&email)
	if isNoRows(err) || err == nil && email == "" {
		return nil
	} else if err != nil {
		return err
	}
	m := *e.Mail
	m.To = email
	return tx.EnqueueMail(ctx, &m)
}

// enqueueNoticePush queues notice n as a push to every subscription of
// u, in u's language and with the actions of u's role, due at notBefore
// (zero: now).
func (tx *Tx) enqueueNoticePush(ctx context.Context, u *notifyTarget, n fuelportal.Notice, notBefore time.Time) error {
	payload, err := json.Marshal(n.Push(u.role, u.language).Bounded())
	if err != nil {
		return err
	}
	due := tx.Now
	if !notBefore.IsZero() {
		due = notBefore
	}
	res, err := tx.Exec(ctx, `
		INSERT INTO push_messages (subscription_id, user_id, payload, status, attempts, next_attempt_at, last_error, created_at, updated_at)
		SELECT id, user_id, ?, 'pending', 0, ?, '', ?, ? FROM push_subscriptions WHERE user_id = ?`,
		string(payload), due, tx.Now, tx.Now, u.id)
	if err != nil {
		return err
	}
	if queued, _ := res.RowsAffected(); queued > 0 {
		tx.queued = true
	}
	return nil
}

// enqueueRepeatable queues mail m, of kind (an alert kind or a
// notification event) for a reader of lang, so that its recipient gets at
// most one mail of the kind per fuelportal.MailDigestWindow, as
// fuelportal.PlanMail decides from the newest such mail: on its own, into
// the digest still held back (fuelportal.DigestMail, with the count), or
// the first of a new digest. The state is the outbox row;
// on PostgreSQL a transaction lock on the digest's key serialises the
// dispatchers writing to one recipient (SQLite's writers are serialised).
func (tx *Tx) enqueueRepeatable(ctx context.Context, kind string, m *fuelportal.MailMessage, lang fuelportal.Language, notBefore time.Time) error {
	key := fuelportal.MailDigestKey(kind, m.To)
	if tx.Engine() == Postgres {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, key); err != nil {
			return err
		}
	}
	var id int64
	var repeats int
	var created, sendAfter, sent nullTime
	err := tx.QueryRow(ctx, `
		SELECT id, repeats, created_at, send_after, sent_at FROM outbox
		WHERE coalesce_key = ? AND to_address = ?
		ORDER BY id DESC LIMIT 1`, key, m.To).Scan(&id, &repeats, &created, &sendAfter, &sent)
	if err != nil && !isNoRows(err) {
		return err
	}
	var last *fuelportal.LastMail
	if err == nil {
		last = &fuelportal.LastMail{Due: created.Time, Sent: sent.Valid}
		if sendAfter.Valid {
			last.Due = sendAfter.Time
		}
	}
	plan := fuelportal.PlanMail(last, tx.Now, notBefore)
	var after *time.Time
	if !plan.SendAfter.IsZero() {
		after = &plan.SendAfter
	}
	switch {
	case plan.Join:
		d := fuelportal.DigestMail(m.To, lang, kind, repeats+1, m)
		_, err := tx.Exec(ctx, `UPDATE outbox SET subject = ?, body = ?, repeats = ? WHERE id = ?`, d.Subject, d.Body, repeats+1, id)
		return err
	case plan.Digest:
		return tx.enqueueMail(ctx, fuelportal.DigestMail(m.To, lang, kind, 1, m), key, after, 1)
	}
	if err := tx.enqueueMail(ctx, m, key, after, 1); err != nil {
		return err
	}
	tx.mails = append(tx.mails, m)
	return nil
}
