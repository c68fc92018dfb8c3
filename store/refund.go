package store

// Refunds of card purchases (migration 00870_card_refunds): the SQL of
// purchases.Service's refund path, which decides what is refunded.

import (
	"context"
	"database/sql"

	"fuelportal"
)

// RefundFacts is what a refund is decided on, read under the card's lock.
type RefundFacts struct {
	// Recorded is the refund already recorded for this issuer transaction
	// (a delivery again), else nil.
	Recorded *fuelportal.Refund
	// CompanyID is the company of the refund's card; 0 when the card is
	// not one of ours (nothing to record).
	CompanyID int64
	// Purchase is the purchase the refund's authorization captured (nil
	// when the issuer named no authorization of ours, or one never
	// captured); RefundableCents is what is left of its fuel's net total
	// after earlier refunds.
	Purchase        *fuelportal.Transaction
	RefundableCents int64
}

const refundColumns = `id, company_id, COALESCE(transaction_id, 0), invoice_ref, issuer_transaction_id, amount_cents, requested_cents, transfer_id, created_at`

func scanRefund(row interface{ Scan(...any) error }) (*fuelportal.Refund, error) {
	r := &fuelportal.Refund{}
	var created nullTime
	var requested sql.NullInt64
	if err := row.Scan(&r.ID, &r.CompanyID, &r.TransactionID, &r.InvoiceRef, &r.IssuerTransactionID, &r.AmountCents, &requested, &r.TransferID, &created); err != nil {
		return nil, err
	}
	if requested.Valid {
		r.RequestedCents = &requested.Int64
	}
	r.CreatedAt = created.Time
	return r, nil
}

// RefundFacts reads the facts of Stripe refund transaction c (its card by
// the issuer's card id, locked; the purchase its authorization captured),
// or of the network's reversal c (Issuer IssuerNetwork: its card by its
// authorization).
func (tx *Tx) RefundFacts(ctx context.Context, c *fuelportal.IssuingCapture) (*RefundFacts, error) {
	f := &RefundFacts{}
	var cardID int64
	q, arg := `SELECT c.id, c.company_id FROM cards c WHERE c.issuer = 'stripe' AND c.issuer_card_id = ?`, c.IssuerCardID
	if c.Issuer == fuelportal.IssuerNetwork {
		// The network names the card by its authorization.
		q = `SELECT c.id, c.company_id FROM card_authorizations a JOIN cards c ON c.id = a.card_id
			WHERE a.issuer = 'network' AND a.authorization_id = ?`
		arg = c.AuthorizationID
	}
	err := tx.QueryRow(ctx, q+tx.cardLock(), arg).Scan(&cardID, &f.CompanyID)
	if isNoRows(err) {
		return f, nil
	} else if err != nil {
		return nil, err
	}
	r, err := scanRefund(tx.QueryRow(ctx, `SELECT `+refundColumns+` FROM card_refunds WHERE issuer_transaction_id = ?`, c.TransactionID))
	if err == nil {
		f.Recorded = r
		return f, nil
	} else if !isNoRows(err) {
		return nil, err
	}
	if c.AuthorizationID == "" {
		return f, nil
	}
	var txID sql.NullInt64
	err = tx.QueryRow(ctx, `SELECT transaction_id FROM card_authorizations WHERE authorization_id = ? AND card_id = ?`, c.AuthorizationID, cardID).Scan(&txID)
	if isNoRows(err) || (err == nil && !txID.Valid) {
		return f, nil
	} else if err != nil {
		return nil, err
	}
	t, err := scanTransaction(tx.QueryRow(ctx, `SELECT `+transactionColumns+` FROM card_transactions WHERE id = ? AND company_id = ?`, txID.Int64, f.CompanyID))
	if isNoRows(err) {
		return f, nil
	} else if err != nil {
		return nil, err
	}
	var refunded int64
	if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM card_refunds WHERE transaction_id = ?`, t.ID).Scan(&refunded); err != nil {
		return nil, err
	}
	if t.Status == fuelportal.TransactionApproved {
		f.Purchase, f.RefundableCents = t, max(t.FundedTotalCents-t.FeeCents-refunded, 0)
	}
	return f, nil
}

// RecordRefund moves r.AmountCents (> 0) from the fuel-purchases account
// to r.CompanyID's wallet as one REFUND transfer (reference
// fuelportal.RefundReference) and records r, setting its ids and time.
func (tx *Tx) RecordRefund(ctx context.Context, r *fuelportal.Refund) error {
	if r.AmountCents <= 0 || r.IssuerTransactionID == "" {
		return fuelportal.Errorf(fuelportal.EINVALID, "Invalid refund")
	}
	fuel, err := tx.systemAccount(ctx, accountFuelPurchases)
	if err != nil {
		return err
	}
	wallet, err := tx.walletAccount(ctx, r.CompanyID)
	if err != nil {
		return err
	}
	t := &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerRefund, Reference: fuelportal.RefundReference(r.IssuerTransactionID),
		CompanyID: r.CompanyID, AmountCents: r.AmountCents}
	if _, err := tx.transfer(ctx, t, fuel, wallet, nil); err != nil {
		return err
	}
	var purchase, requested any
	if r.TransactionID != 0 {
		purchase = r.TransactionID
	}
	if r.RequestedCents != nil {
		requested = *r.RequestedCents
	}
	r.TransferID, r.CreatedAt = t.ID, tx.Now
	return tx.QueryRow(ctx, `
		INSERT INTO card_refunds (company_id, transaction_id, invoice_ref, issuer_transaction_id, amount_cents, requested_cents, transfer_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.CompanyID, purchase, r.InvoiceRef, r.IssuerTransactionID, r.AmountCents, requested, r.TransferID, r.CreatedAt).Scan(&r.ID)
}

// EachRefund calls fn with each refund f chooses, oldest first, with its
// purchase (nil when it has none). Refunds are few beside purchases: they
// are read as a list, then their purchases one by one.
func (db *DB) EachRefund(ctx context.Context, f fuelportal.RefundFilter, fn func(*fuelportal.Refund) error) error {
	var list []*fuelportal.Refund
	err := db.InReadTx(ctx, func(tx *Tx) error {
		where, args := `r.company_id = ?`, []any{f.CompanyID}
		if f.Statement != nil {
			w, a := statementMovements(f.Statement)
			where += ` AND ` + w
			args = append(args, a...)
		} else {
			if !f.From.IsZero() {
				where += ` AND t.created_at >= ?`
				args = append(args, f.From)
			}
			if !f.To.IsZero() {
				where += ` AND t.created_at <= ?`
				args = append(args, f.To)
			}
		}
		rows, err := tx.Query(ctx, `
			SELECT r.id, r.company_id, COALESCE(r.transaction_id, 0), r.invoice_ref, r.issuer_transaction_id, r.amount_cents, r.requested_cents, r.transfer_id, t.created_at
			FROM card_refunds r JOIN ledger_transfers t ON t.id = r.transfer_id
			WHERE `+where+` ORDER BY t.created_at, t.id`, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			r, err := scanRefund(rows)
			if err != nil {
				rows.Close()
				return err
			}
			list = append(list, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, r := range list {
			if r.TransactionID == 0 {
				continue
			}
			if r.Purchase, err = scanTransaction(tx.QueryRow(ctx, `SELECT `+transactionColumns+` FROM card_transactions WHERE id = ?`, r.TransactionID)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range list {
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}
