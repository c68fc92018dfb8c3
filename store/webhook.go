package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"fuelportal"
)

// The outgoing webhooks' tables (see migrations 00480): a company's
// endpoints and one delivery per event and endpoint. Events are enqueued
// by the event dispatcher from the events flows publish (Tx.Publish); the
// webhooks package's worker claims due deliveries (ClaimWebhookDeliveries)
// and records each attempt (Tx.RecordWebhookAttempt) and its endpoint's
// failing flag in one transaction of its own.

// webhookEvent is the body POSTed for an event.
type webhookEvent struct {
	ID      string                      `json:"id"`
	Type    fuelportal.WebhookEventType `json:"type"`
	Created string                      `json:"created"`
	Data    any                         `json:"data"`
}

// enqueueWebhookEvent writes event e's webhook (type typ, e.Data the
// payload's data) for every active endpoint of e's company subscribed to
// typ: one PENDING delivery each, due at once, all with one fresh event id
// and e's time as "created". The dispatcher calls it once per event.
func (tx *Tx) enqueueWebhookEvent(ctx context.Context, e *fuelportal.Event, typ fuelportal.WebhookEventType) error {
	endpoints, err := tx.subscribedEndpoints(ctx, e.CompanyID, typ)
	if err != nil || len(endpoints) == 0 {
		return err
	}
	id := "evt_" + randomHex(16)
	body, err := json.Marshal(webhookEvent{ID: id, Type: typ, Created: e.CreatedAt.UTC().Format(time.RFC3339), Data: e.Data})
	if err != nil {
		return fmt.Errorf("webhook event %s: %w", typ, err)
	}
	for _, endpointID := range endpoints {
		if _, err := tx.Exec(ctx, `
			INSERT INTO webhook_deliveries (endpoint_id, company_id, event_id, event_type, payload, next_attempt_at, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, endpointID, e.CompanyID, id, typ, string(body), tx.Now, tx.Now, tx.Now); err != nil {
			return err
		}
	}
	tx.queued = true
	return nil
}

// subscribedEndpoints returns the ids of the company's active endpoints
// subscribed to typ.
func (tx *Tx) subscribedEndpoints(ctx context.Context, companyID int64, typ fuelportal.WebhookEventType) ([]int64, error) {
	rows, err := tx.Query(ctx, `SELECT id, events FROM webhook_endpoints WHERE company_id = ? AND active = ? ORDER BY id`, companyID, true)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		var events string
		if err := rows.Scan(&id, &events); err != nil {
			return nil, err
		}
		for _, e := range strings.Split(events, ",") {
			if fuelportal.WebhookEventType(e) == typ {
				ids = append(ids, id)
				break
			}
		}
	}
	return ids, rows.Err()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// NewWebhookSecret returns a fresh signing secret.
func NewWebhookSecret() string { return "whsec_" + randomHex(32) }

const webhookEndpointColumns = `id, company_id, url, events, secret, active, failing, created_at, updated_at`

func scanWebhookEndpoint(row interface{ Scan(...any) error }) (*fuelportal.WebhookEndpoint, error) {
	e := &fuelportal.WebhookEndpoint{}
	var events string
	var created, updated nullTime
	if err := row.Scan(&e.ID, &e.CompanyID, &e.URL, &events, &e.Secret, &e.Active, &e.Failing, &created, &updated); err != nil {
		return nil, err
	}
	for _, v := range strings.Split(events, ",") {
		if v != "" {
			e.Events = append(e.Events, fuelportal.WebhookEventType(v))
		}
	}
	e.CreatedAt, e.UpdatedAt = created.Time, updated.Time
	return e, nil
}

func joinEvents(events []fuelportal.WebhookEventType) string {
	s := make([]string, len(events))
	for i, e := range events {
		s[i] = string(e)
	}
	return strings.Join(s, ",")
}

// CreateWebhookEndpoint adds an endpoint with a fresh secret to the
// company (in at validated), as decide allows: it is called in the
// transaction with the company's count of endpoints
// (fuelportal.CheckWebhookEndpointAdded decides) and its error is returned.
func (db *DB) CreateWebhookEndpoint(ctx context.Context, companyID int64, in fuelportal.WebhookEndpointInput, decide func(endpoints int) error) (*fuelportal.WebhookEndpoint, error) {
	var e *fuelportal.WebhookEndpoint
	err := db.InTx(ctx, func(tx *Tx) error {
		// Serialise the count per company on PostgreSQL (SQLite's writers
		// are serialised already).
		if tx.Engine() == Postgres {
			if _, err := tx.Exec(ctx, `SELECT id FROM companies WHERE id = ? FOR UPDATE`, companyID); err != nil {
				return err
			}
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM webhook_endpoints WHERE company_id = ?`, companyID).Scan(&n); err != nil {
			return err
		}
		if err := decide(n); err != nil {
			return err
		}
		var err error
		e, err = scanWebhookEndpoint(tx.QueryRow(ctx, `
			INSERT INTO webhook_endpoints (company_id, url, events, secret, active, failing, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			RETURNING `+webhookEndpointColumns, companyID, in.URL, joinEvents(in.Events), NewWebhookSecret(), in.Active, false, tx.Now, tx.Now))
		if err != nil {
			return err
		}
		return tx.auditWebhook(ctx, fuelportal.AuditWebhookCreated, companyID, e.ID, nil, e)
	})
	return e, err
}

// WebhookEndpoints returns the company's endpoints, oldest first.
func (db *DB) WebhookEndpoints(ctx context.Context, companyID int64) ([]*fuelportal.WebhookEndpoint, error) {
	list := []*fuelportal.WebhookEndpoint{}
	err := db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+webhookEndpointColumns+` FROM webhook_endpoints WHERE company_id = ? ORDER BY id`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			e, err := scanWebhookEndpoint(rows)
			if err != nil {
				return err
			}
			list = append(list, e)
		}
		return rows.Err()
	})
	return list, err
}

// WebhookEndpoint returns the company's endpoint id; ENOTFOUND for
// another company's or none.
func (db *DB) WebhookEndpoint(ctx context.Context, companyID, id int64) (*fuelportal.WebhookEndpoint, error) {
	var e *fuelportal.WebhookEndpoint
	err := db.InReadTx(ctx, func(tx *Tx) error {
		var err error
		e, err = scanWebhookEndpoint(tx.QueryRow(ctx, `SELECT `+webhookEndpointColumns+` FROM webhook_endpoints WHERE id = ? AND company_id = ?`, id, companyID))
		return notFound(err, fuelportal.MsgWebhookNotFound)
	})
	return e, err
}

// UpdateWebhookEndpoint sets the URL, events and active flag of the
// company's endpoint id (in validated); ENOTFOUND for another company's.
// A new URL clears the failing flag.
func (db *DB) UpdateWebhookEndpoint(ctx context.Context, companyID, id int64, in fuelportal.WebhookEndpointInput) (*fuelportal.WebhookEndpoint, error) {
	var e *fuelportal.WebhookEndpoint
	err := db.InTx(ctx, func(tx *Tx) error {
		before, err := scanWebhookEndpoint(tx.QueryRow(ctx, `SELECT `+webhookEndpointColumns+` FROM webhook_endpoints WHERE id = ? AND company_id = ?`, id, companyID))
		if err != nil {
			return notFound(err, fuelportal.MsgWebhookNotFound)
		}
		e, err = scanWebhookEndpoint(tx.QueryRow(ctx, `
			UPDATE webhook_endpoints SET failing = CASE WHEN url = ? THEN failing ELSE ? END, url = ?, events = ?, active = ?, updated_at = ?
			WHERE id = ? AND company_id = ?
			RETURNING `+webhookEndpointColumns, in.URL, false, in.URL, joinEvents(in.Events), in.Active, tx.Now, id, companyID))
		if err != nil {
			return notFound(err, fuelportal.MsgWebhookNotFound)
		}
		return tx.auditWebhook(ctx, fuelportal.AuditWebhookUpdated, companyID, id, before, e)
	})
	return e, err
}

// DeleteWebhookEndpoint deletes the company's endpoint id and its
// deliveries; ENOTFOUND for another company's.
func (db *DB) DeleteWebhookEndpoint(ctx context.Context, companyID, id int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		before, err := scanWebhookEndpoint(tx.QueryRow(ctx, `SELECT `+webhookEndpointColumns+` FROM webhook_endpoints WHERE id = ? AND company_id = ?`, id, companyID))
		if err != nil {
			return notFound(err, fuelportal.MsgWebhookNotFound)
		}
		res, err := tx.Exec(ctx, `DELETE FROM webhook_endpoints WHERE id = ? AND company_id = ?`, id, companyID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgWebhookNotFound)
		}
		return tx.auditWebhook(ctx, fuelportal.AuditWebhookDeleted, companyID, id, before, nil)
	})
}

// webhookDeliveryColumns are a delivery's columns unqualified (RETURNING
// clauses), webhookDeliveryColumnsOfD qualified by the alias d (joins).
const (
	webhookDeliveryColumns = `id, endpoint_id, company_id, event_id, event_type, payload, status, attempts, next_attempt_at,
	last_error, response_code, created_at, updated_at, delivered_at`
	webhookDeliveryColumnsOfD = `d.id, d.endpoint_id, d.company_id, d.event_id, d.event_type, d.payload, d.status, d.attempts, d.next_attempt_at,
	d.last_error, d.response_code, d.created_at, d.updated_at, d.delivered_at`
)

func scanWebhookDelivery(row interface{ Scan(...any) error }, extra ...any) (*fuelportal.WebhookDelivery, error) {
	d := &fuelportal.WebhookDelivery{}
	var payload string
	var next, created, updated, delivered nullTime
	dest := append([]any{&d.ID, &d.EndpointID, &d.CompanyID, &d.EventID, &d.EventType, &payload, &d.Status, &d.Attempts, &next,
		&d.LastError, &d.ResponseCode, &created, &updated, &delivered}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	d.Payload = []byte(payload)
	d.NextAttemptAt, d.CreatedAt, d.UpdatedAt, d.DeliveredAt = next.Time, created.Time, updated.Time, delivered.Ptr()
	return d, nil
}

// WebhookDeliveries returns the newest fuelportal.MaxWebhookDeliveriesListed
// deliveries of the company's endpoint id, newest first; ENOTFOUND for
// another company's endpoint.
func (db *DB) WebhookDeliveries(ctx context.Context, companyID, endpointID int64) ([]*fuelportal.WebhookDelivery, error) {
	list := []*fuelportal.WebhookDelivery{}
	err := db.InReadTx(ctx, func(tx *Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, `SELECT id FROM webhook_endpoints WHERE id = ? AND company_id = ?`, endpointID, companyID).Scan(&id); err != nil {
			return notFound(err, fuelportal.MsgWebhookNotFound)
		}
		rows, err := tx.Query(ctx, `SELECT `+webhookDeliveryColumnsOfD+` FROM webhook_deliveries d
			WHERE d.endpoint_id = ? ORDER BY d.id DESC LIMIT ?`, endpointID, fuelportal.MaxWebhookDeliveriesListed)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			d, err := scanWebhookDelivery(rows)
			if err != nil {
				return err
			}
			list = append(list, d)
		}
		return rows.Err()
	})
	return list, err
}

// ResendWebhookDelivery queues delivery id of the company again: a new
// PENDING delivery of the same event (same id and body) to the same
// endpoint, due at once, retried for a new 24 hours, as decide allows: it
// is called in the transaction with whether the endpoint is active
// (fuelportal.CheckWebhookResent decides) and its error is returned.
// ENOTFOUND for another company's delivery.
func (db *DB) ResendWebhookDelivery(ctx context.Context, companyID, deliveryID int64, decide func(endpointActive bool) error) (*fuelportal.WebhookDelivery, error) {
	var d *fuelportal.WebhookDelivery
	err := db.InTx(ctx, func(tx *Tx) error {
		var active bool
		old, err := scanWebhookDelivery(tx.QueryRow(ctx, `SELECT `+webhookDeliveryColumnsOfD+`, e.active
			FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
			WHERE d.id = ? AND d.company_id = ?`, deliveryID, companyID), &active)
		if err != nil {
			return notFound(err, fuelportal.MsgWebhookDeliveryNotFound)
		}
		if err := decide(active); err != nil {
			return err
		}
		d, err = scanWebhookDelivery(tx.QueryRow(ctx, `
			INSERT INTO webhook_deliveries (endpoint_id, company_id, event_id, event_type, payload, next_attempt_at, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			RETURNING `+webhookDeliveryColumns, old.EndpointID, companyID, old.EventID, old.EventType, string(old.Payload), tx.Now, tx.Now, tx.Now))
		if err != nil {
			return err
		}
		tx.queued = true
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditWebhookResent, ObjectType: fuelportal.AuditObjectWebhook,
			ObjectID: strconv.FormatInt(old.EndpointID, 10), After: map[string]any{"deliveryId": d.ID, "resentDeliveryId": deliveryID, "eventType": d.EventType}})
	})
	return d, err
}

// deleteOldWebhookDeliveries deletes the delivered and failed deliveries
// older than fuelportal.WebhookDeliveryHistory (DeleteExpired's job).
func (tx *Tx) deleteOldWebhookDeliveries(ctx context.Context) error {
	_, err := tx.Exec(ctx, `DELETE FROM webhook_deliveries WHERE created_at < ? AND status <> ?`,
		tx.Now.Add(-fuelportal.WebhookDeliveryHistory), fuelportal.WebhookPending)
	return err
}

// ClaimWebhookDeliveries claims up to limit PENDING deliveries of active
// endpoints that are due, for this caller only: each gets a new claim
// token and its next attempt moves lease ahead, so no other worker takes
// it until the lease ends (the worker died). On PostgreSQL rows another
// transaction is claiming are skipped (FOR UPDATE SKIP LOCKED); SQLite's
// writers are serialised. The deliveries carry their endpoint's URL and
// secret.
func (db *DB) ClaimWebhookDeliveries(ctx context.Context, lease time.Duration, limit int) ([]*fuelportal.WebhookDelivery, error) {
	var claimed []*fuelportal.WebhookDelivery
	err := db.InTx(ctx, func(tx *Tx) error {
		lock := ""
		if tx.Engine() == Postgres {
			lock = ` FOR UPDATE OF d SKIP LOCKED`
		}
		rows, err := tx.Query(ctx, `
			SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
			WHERE d.status = ? AND d.next_attempt_at <= ? AND e.active = ?
			ORDER BY d.next_attempt_at, d.id LIMIT ?`+lock, fuelportal.WebhookPending, tx.Now, true, limit)
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			token := randomHex(16)
			d, err := scanWebhookDelivery(tx.QueryRow(ctx, `
				UPDATE webhook_deliveries SET claim_token = ?, next_attempt_at = ?, updated_at = ?
				WHERE id = ? AND status = ? AND next_attempt_at <= ?
				RETURNING `+webhookDeliveryColumns, token, tx.Now.Add(lease), tx.Now, id, fuelportal.WebhookPending, tx.Now))
			if isNoRows(err) {
				continue // taken meanwhile
			} else if err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, `SELECT url, secret FROM webhook_endpoints WHERE id = ?`, d.EndpointID).Scan(&d.URL, &d.Secret); err != nil {
				return err
			}
			d.ClaimToken = token
			claimed = append(claimed, d)
		}
		return nil
	})
	return claimed, err
}

// RecordWebhookAttempt records the outcome of one attempt of a claimed
// delivery, if the claim is still the caller's, and returns the delivery
// as recorded; nil, recording nothing, when the lease ended and another
// worker owns the delivery. Delivered: the delivery is DELIVERED.
// Otherwise it is retried at a.NextAttemptAt, or, when that is nil,
// FAILED. The endpoint's failing flag is the caller's
// (ClearWebhookEndpointFailing, MarkWebhookEndpointFailing).
func (tx *Tx) RecordWebhookAttempt(ctx context.Context, a fuelportal.WebhookAttempt) (*fuelportal.WebhookDelivery, error) {
	status, next := fuelportal.WebhookPending, sql.NullTime{}
	var delivered *time.Time
	switch {
	case a.Delivered:
		status, delivered = fuelportal.WebhookDelivered, &tx.Now
	case a.NextAttemptAt != nil:
		next = sql.NullTime{Time: *a.NextAttemptAt, Valid: true}
	default:
		status = fuelportal.WebhookFailed
	}
	nextAt := tx.Now
	if next.Valid {
		nextAt = next.Time
	}
	errText := a.Error
	if r := []rune(errText); len(r) > fuelportal.MaxWebhookErrorLength {
		errText = string(r[:fuelportal.MaxWebhookErrorLength])
	}
	d, err := scanWebhookDelivery(tx.QueryRow(ctx, `
		UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?, claim_token = NULL,
			last_error = ?, response_code = ?, updated_at = ?, delivered_at = ?
		WHERE id = ? AND claim_token = ? AND status = ?
		RETURNING `+webhookDeliveryColumns,
		status, nextAt, errText, a.ResponseCode, tx.Now, delivered, a.DeliveryID, a.ClaimToken, fuelportal.WebhookPending))
	if isNoRows(err) {
		return nil, nil
	}
	return d, err
}

// ClearWebhookEndpointFailing marks webhook endpoint id not failing (a
// delivery reached it).
func (tx *Tx) ClearWebhookEndpointFailing(ctx context.Context, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE webhook_endpoints SET failing = ? WHERE id = ? AND failing = ?`, false, id, true)
	return err
}

// MarkWebhookEndpointFailing marks webhook endpoint id failing and
// returns its URL; marked is false, changing nothing, when it was failing
// already. The update locks the endpoint's row, so of concurrent marks
// one alone finds it not failing.
func (tx *Tx) MarkWebhookEndpointFailing(ctx context.Context, id int64) (url string, marked bool, err error) {
	err = tx.QueryRow(ctx, `UPDATE webhook_endpoints SET failing = ?, updated_at = ? WHERE id = ? AND failing = ? RETURNING url`,
		true, tx.Now, id, false).Scan(&url)
	if isNoRows(err) {
		return "", false, nil
	}
	return url, err == nil, err
}

// auditWebhook records change kind of the company's endpoint id: its
// URL without its query (which may hold a key), events and active flag;
// never its signing secret.
func (tx *Tx) auditWebhook(ctx context.Context, kind fuelportal.AuditKind, companyID, id int64, before, after *fuelportal.WebhookEndpoint) error {
	fields := func(e *fuelportal.WebhookEndpoint) any {
		if e == nil {
			return nil
		}
		u, _, _ := strings.Cut(e.URL, "?")
		return map[string]any{"url": u, "events": e.Events, "active": e.Active}
	}
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: kind, ObjectType: fuelportal.AuditObjectWebhook,
		ObjectID: strconv.FormatInt(id, 10), Before: fields(before), After: fields(after)})
}
