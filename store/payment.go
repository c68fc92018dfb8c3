package store

// Payments through Stripe (migrations 00300_payments.sql): the Stripe
// customer of each company, payment attempts, processed webhook events and
// reported failures. Money reaches the wallet only in ApplyPaymentEvent,
// through the ledger's CreditWallet, in the same transaction that records
// the event id.

import (
	"context"
	"strconv"

	"fuelportal"
)

// StripeCustomerID returns the company's Stripe customer id, "" when it
// has none yet.
func (db *DB) StripeCustomerID(ctx context.Context, companyID int64) (id string, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT customer_id FROM stripe_customers WHERE company_id = ?`, companyID).Scan(&id)
		if isNoRows(err) {
			return nil
		}
		return err
	})
	return id, err
}

// SaveStripeCustomer stores customerID as the company's Stripe customer
// unless one is stored already, and returns the stored one (the first
// writer wins when two first requests race).
func (db *DB) SaveStripeCustomer(ctx context.Context, companyID int64, customerID string) (stored string, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `
			INSERT INTO stripe_customers (company_id, customer_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, companyID, customerID, tx.Now); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT customer_id FROM stripe_customers WHERE company_id = ?`, companyID).Scan(&stored)
	})
	return stored, err
}

const paymentColumns = `id, company_id, idempotency_key, payment_method_id, payment_method_type,
	amount_cents, fee_cents, total_cents, currency, COALESCE(payment_intent_id, ''), client_secret,
	status, failure_message, created_at, updated_at, credited_at`

func scanPayment(row interface{ Scan(...any) error }) (*fuelportal.Payment, error) {
	p := &fuelportal.Payment{}
	var created, updated, credited nullTime
	if err := row.Scan(&p.ID, &p.CompanyID, &p.IdempotencyKey, &p.PaymentMethodID, &p.PaymentMethodType,
		&p.AmountCents, &p.FeeCents, &p.TotalCents, &p.Currency, &p.PaymentIntentID, &p.ClientSecret,
		&p.Status, &p.FailureMessage, &created, &updated, &credited); err != nil {
		return nil, err
	}
	p.CreatedAt, p.UpdatedAt, p.CreditedAt = created.Time, updated.Time, credited.Ptr()
	return p, nil
}

// BeginPayment records p (status creating) before the provider is asked to
// charge. When the company already has a payment with p's idempotency key,
// nothing is written and that payment is returned with created == false.
func (db *DB) BeginPayment(ctx context.Context, p *fuelportal.Payment) (stored *fuelportal.Payment, created bool, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		p.Status, p.CreatedAt, p.UpdatedAt = fuelportal.PaymentCreating, tx.Now, tx.Now
		err := tx.QueryRow(ctx, `
			INSERT INTO payments (company_id, idempotency_key, payment_method_id, payment_method_type,
				amount_cents, fee_cents, total_cents, currency, status, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (company_id, idempotency_key) DO NOTHING
			RETURNING id`,
			p.CompanyID, p.IdempotencyKey, p.PaymentMethodID, p.PaymentMethodType,
			p.AmountCents, p.FeeCents, p.TotalCents, p.Currency, p.Status, p.CreatedAt, p.UpdatedAt,
		).Scan(&p.ID)
		if err == nil {
			stored, created = p, true
			return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: p.CompanyID, Kind: fuelportal.AuditFundingStarted, ObjectType: fuelportal.AuditObjectFunding,
				ObjectID: strconv.FormatInt(p.ID, 10), After: map[string]any{"amountCents": p.AmountCents, "feeCents": p.FeeCents,
					"currency": p.Currency, "paymentMethodType": p.PaymentMethodType, "paymentMethodId": p.PaymentMethodID}})
		} else if !isNoRows(err) {
			return err
		}
		stored, err = scanPayment(tx.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments
			WHERE company_id = ? AND idempotency_key = ?`, p.CompanyID, p.IdempotencyKey))
		return err
	})
	return stored, created, err
}

// SetPaymentIntent stores the provider's intent for payment id. The status
// only moves on from creating: a webhook may have settled it already.
func (db *DB) SetPaymentIntent(ctx context.Context, id int64, intent *fuelportal.PaymentIntent) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `
			UPDATE payments SET payment_intent_id = ?, client_secret = ?, updated_at = ?,
				status = CASE WHEN status = ? THEN ? ELSE status END
			WHERE id = ?`,
			intent.ID, intent.ClientSecret, tx.Now, fuelportal.PaymentCreating, intent.Status, id)
		return err
	})
}

// FailPayment marks payment id failed with message when the provider
// refused to create its intent (a retry with the same key gets the same
// refusal from the provider).
func (db *DB) FailPayment(ctx context.Context, id int64, message string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `
			UPDATE payments SET status = ?, failure_message = ?, updated_at = ?
			WHERE id = ? AND status = ?`,
			fuelportal.PaymentFailed, message, tx.Now, id, fuelportal.PaymentCreating)
		return err
	})
}

// PaymentByID returns the company's payment id, or ENOTFOUND.
func (db *DB) PaymentByID(ctx context.Context, companyID, id int64) (p *fuelportal.Payment, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		p, err = scanPayment(tx.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE company_id = ? AND id = ?`, companyID, id))
		return notFound(err, "Payment not found")
	})
	return p, err
}

// paymentForEvent finds the payment an event is about: by intent id, else
// by the payment id in the intent's metadata (the intent may be reported
// before SetPaymentIntent stored its id). Nil when neither matches.
func (tx *Tx) paymentForEvent(ctx context.Context, ev *fuelportal.PaymentEvent) (*fuelportal.Payment, error) {
	p, err := scanPayment(tx.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE payment_intent_id = ?`, ev.PaymentIntentID))
	if err == nil || !isNoRows(err) {
		return p, err
	}
	if ev.PaymentID == 0 {
		return nil, nil
	}
	p, err = scanPayment(tx.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = ?`, ev.PaymentID))
	if isNoRows(err) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	if p.PaymentIntentID != "" && p.PaymentIntentID != ev.PaymentIntentID {
		return nil, nil // metadata names a payment charged by another intent
	}
	return p, nil
}

// ApplyPaymentEvent applies a verified provider event once: the event id is
// recorded in the same transaction as its effect, so a redelivery, even to
// another process at the same moment, waits on the event id's unique key
// and then does nothing (EventOutcomeDuplicate).
//
// payment_intent.succeeded credits the wallet with the payment's amount
// (without the card fee) through the ledger, as a top-up on prepaid
// contracts and an invoice payment on invoice contracts (a credit to a
// negative balance reduces what is owed). payment_intent.processing (ACH
// in flight) is not spendable and only updates the status;
// payment_intent.payment_failed records the failure.
func (db *DB) ApplyPaymentEvent(ctx context.Context, ev *fuelportal.PaymentEvent) (outcome string, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `
			INSERT INTO stripe_webhook_events (event_id, type, payment_intent_id, outcome, received_at)
			VALUES (?, ?, ?, '', ?)
			ON CONFLICT (event_id) DO NOTHING`, ev.ID, ev.Type, ev.PaymentIntentID, tx.Now)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			outcome = fuelportal.EventOutcomeDuplicate
			return nil
		}
		if outcome, err = tx.applyPaymentEvent(ctx, ev); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE stripe_webhook_events SET outcome = ? WHERE event_id = ?`, outcome, ev.ID)
		return err
	})
	return outcome, err
}

func (tx *Tx) applyPaymentEvent(ctx context.Context, ev *fuelportal.PaymentEvent) (string, error) {
	switch ev.Type {
	case fuelportal.EventPaymentSucceeded, fuelportal.EventPaymentFailed,
		fuelportal.EventPaymentProcessing, fuelportal.EventPaymentCanceled:
	default:
		return fuelportal.EventOutcomeIgnored, nil
	}
	p, err := tx.paymentForEvent(ctx, ev)
	if err != nil {
		return "", err
	} else if p == nil {
		return fuelportal.EventOutcomeUnknownPayment, nil
	}

	switch ev.Type {
	case fuelportal.EventPaymentSucceeded:
		if ev.AmountReceived != p.TotalCents || (ev.Currency != "" && ev.Currency != p.Currency) {
			msg := "Received " + strconv.FormatInt(ev.AmountReceived, 10) + " " + ev.Currency +
				", charged " + strconv.FormatInt(p.TotalCents, 10) + " " + p.Currency
			return fuelportal.EventOutcomeAmountMismatch, tx.recordPaymentFailure(ctx, p, ev, "amount_mismatch", msg)
		}
		contract, err := tx.Contract(ctx, p.CompanyID)
		if err != nil {
			return "", err
		}
		kind := fuelportal.LedgerTopUp
		if contract.Billing == fuelportal.BillingInvoice {
			kind = fuelportal.LedgerInvoicePayment
		}
		// The ledger reference is the intent: even two distinct events about
		// one intent credit it once.
		if _, _, err := tx.CreditWallet(ctx, p.CompanyID, p.AmountCents, kind, "stripe:"+ev.PaymentIntentID); err != nil {
			return "", err
		}
		_, err = tx.Exec(ctx, `
			UPDATE payments SET status = ?, payment_intent_id = ?, failure_message = '', credited_at = ?, updated_at = ?
			WHERE id = ?`, fuelportal.PaymentSucceeded, ev.PaymentIntentID, tx.Now, tx.Now, p.ID)
		return fuelportal.EventOutcomeCredited, err

	case fuelportal.EventPaymentFailed:
		if err := tx.setPaymentStatus(ctx, p, ev, fuelportal.PaymentFailed, ev.FailureMessage); err != nil {
			return "", err
		}
		return fuelportal.EventOutcomeFailed, tx.recordPaymentFailure(ctx, p, ev, ev.FailureCode, ev.FailureMessage)

	case fuelportal.EventPaymentProcessing:
		return fuelportal.EventOutcomeProcessing, tx.setPaymentStatus(ctx, p, ev, fuelportal.PaymentProcessing, "")

	default: // canceled
		return fuelportal.EventOutcomeCanceled, tx.setPaymentStatus(ctx, p, ev, "canceled", "")
	}
}

// setPaymentStatus moves a payment that is not settled (credited) on.
func (tx *Tx) setPaymentStatus(ctx context.Context, p *fuelportal.Payment, ev *fuelportal.PaymentEvent, status, message string) error {
	_, err := tx.Exec(ctx, `
		UPDATE payments SET status = ?, payment_intent_id = ?, failure_message = ?, updated_at = ?
		WHERE id = ? AND credited_at IS NULL`, status, ev.PaymentIntentID, message, tx.Now, p.ID)
	return err
}

func (tx *Tx) recordPaymentFailure(ctx context.Context, p *fuelportal.Payment, ev *fuelportal.PaymentEvent, code, message string) error {
	_, err := tx.Exec(ctx, `
		INSERT INTO payment_failures (payment_id, company_id, payment_intent_id, event_id, code, message, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, p.ID, p.CompanyID, ev.PaymentIntentID, ev.ID, code, message, tx.Now)
	return err
}

// PaymentFailures returns the company's recorded payment failures, newest
// first, at most limit.
func (db *DB) PaymentFailures(ctx context.Context, companyID int64, limit int) (fs []PaymentFailure, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT payment_intent_id, event_id, code, message FROM payment_failures
			WHERE company_id = ? ORDER BY id DESC LIMIT ?`, companyID, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var f PaymentFailure
			if err := rows.Scan(&f.PaymentIntentID, &f.EventID, &f.Code, &f.Message); err != nil {
				return err
			}
			fs = append(fs, f)
		}
		return rows.Err()
	})
	return fs, err
}

// PaymentFailure is a failure the provider reported for a payment.
type PaymentFailure struct {
	PaymentIntentID string
	EventID         string
	Code            string
	Message         string
}
