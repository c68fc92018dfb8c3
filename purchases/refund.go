package purchases

import (
	"context"

	"fuelportal"
	"fuelportal/store"
)

// Refund records Stripe's refund transaction c (a negative capture: a
// merchant's refund, or a capture the merchant reversed) as money back to
// the wallet of its card's company: one REFUND ledger transfer from the
// fuel-purchases account, in the same database transaction as the
// card_refunds row naming the purchase its authorization captured. What
// is credited is at most what is left of that purchase's fuel (its net
// total less earlier refunds: the wallet paid the contract's net price,
// the merchant refunds at its own); the fee stays. A refund naming no
// purchase of ours is credited as the issuer tells. Idempotent on c's
// transaction id (created false with the first outcome); a card that is
// not ours, or a purchase refunded in full already, records nothing (nil,
// logged for the latter). A refund credited publishes refund.created in
// that transaction (the office's REFUND alert, the webhooks).
func (s *Service) Refund(ctx context.Context, c *fuelportal.IssuingCapture) (r *fuelportal.Refund, created bool, err error) {
	if c.AmountCents >= 0 {
		return nil, false, fuelportal.Errorf(fuelportal.EINVALID, "A refund moves money back: its amount is negative")
	}
	if err := fuelportal.CheckCaptureAmount(c.AmountCents); err != nil {
		return nil, false, err
	}
	err = s.DB.InTx(ctx, func(tx *store.Tx) error {
		f, err := tx.RefundFacts(ctx, c)
		switch {
		case err != nil:
			return err
		case f.Recorded != nil:
			r = f.Recorded
			return nil
		case f.CompanyID == 0:
			return nil
		}
		amount := -c.AmountCents
		next := &fuelportal.Refund{CompanyID: f.CompanyID, IssuerTransactionID: c.TransactionID}
		if p := f.Purchase; p != nil {
			next.TransactionID, next.InvoiceRef, next.Purchase = p.ID, p.InvoiceRef, p
			amount = min(amount, f.RefundableCents)
		}
		if amount <= 0 {
			s.logger().WarnContext(ctx, "card refund beyond what is left of its purchase: nothing credited", "transaction", c.TransactionID,
				"purchase", f.Purchase.ID, "amount_cents", -c.AmountCents)
			return nil
		}
		next.AmountCents = amount
		if err := tx.RecordRefund(ctx, next); err != nil {
			return err
		}
		r, created = next, true
		return tx.Publish(ctx, fuelportal.RefundEvent(next))
	})
	return r, created, err
}
