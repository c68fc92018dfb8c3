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
	return s.moneyBack(ctx, c, -c.AmountCents, false)
}

// NetworkReversal is the card network's reversal of one of its
// authorizations: of its hold while it is held, of its purchase once
// captured.
type NetworkReversal struct {
	AuthorizationID string
	// ReversalID names one partial reversal among several ("": the one
	// reversal of the authorization); it is the idempotency key's tail.
	ReversalID string
	// AmountCents is what the network reverses of a captured purchase, in
	// its (retail) terms; 0: all that is left.
	AmountCents int64
}

// NetworkReversalOutcome is an authorization after its reversal and, for
// a captured one, the money it put back in the wallet.
type NetworkReversalOutcome struct {
	Authorization *fuelportal.Authorization
	Refund        *fuelportal.Refund // nil unless a captured purchase was reversed
}

// ReverseNetwork applies the network's reversal rev. A held authorization
// has its hold released (the pump dispensed nothing, or the network voided
// it); a declined one is unchanged. A captured one has its purchase
// reversed through the refund path: one REFUND ledger credit to the
// wallet of what rev reverses (all that is left without an amount), at
// most what is left of the purchase's fuel (the fee stays, as with a
// merchant's refund), with refund.created in the same transaction; the
// statement lists it under refunds and reversals. Idempotent on the
// authorization and rev.ReversalID: a repeat asking the same amount
// answers the first credit; one asking another amount is refused
// (fuelportal.CheckReversalRepeat), nothing credited.
// Errors: ENOTFOUND for an id the network never asked about; a field
// error on amount beyond the captured purchase's retail total; ECONFLICT
// when nothing is left to reverse, its purchase was declined, or the
// reversal's id was used with another amount.
func (s *Service) ReverseNetwork(ctx context.Context, rev NetworkReversal) (*NetworkReversalOutcome, error) {
	a, found, err := s.DB.ReleaseIssuerAuthorization(ctx, fuelportal.IssuerNetwork, rev.AuthorizationID)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "Authorization not found")
	}
	out := &NetworkReversalOutcome{Authorization: a}
	if a.Status != fuelportal.AuthorizationCaptured {
		return out, nil
	}
	c := &fuelportal.IssuingCapture{Issuer: fuelportal.IssuerNetwork, AuthorizationID: a.AuthorizationID,
		TransactionID: fuelportal.NetworkReversalKey(a.AuthorizationID, rev.ReversalID)}
	out.Refund, _, err = s.moneyBack(ctx, c, rev.AmountCents, true)
	return out, err
}

// moneyBack credits the wallet of c's card with amount (a network
// reversal: 0 is all that is left) of the purchase c's authorization
// captured, as Refund and ReverseNetwork say: a reversal (network) is
// refused where a refund is clamped or dropped, and its repeat must ask
// what it asked first.
func (s *Service) moneyBack(ctx context.Context, c *fuelportal.IssuingCapture, amount int64, network bool) (r *fuelportal.Refund, created bool, err error) {
	asked := amount
	err = s.DB.InTx(ctx, func(tx *store.Tx) error {
		f, err := tx.RefundFacts(ctx, c)
		switch {
		case err != nil:
			return err
		case f.Recorded != nil && network:
			if err := fuelportal.CheckReversalRepeat(f.Recorded, asked); err != nil {
				return err
			}
			r = f.Recorded
			return nil
		case f.Recorded != nil:
			r = f.Recorded
			return nil
		case f.CompanyID == 0 && network:
			return fuelportal.Errorf(fuelportal.ENOTFOUND, "Authorization not found")
		case f.CompanyID == 0:
			return nil
		case f.Purchase == nil && network:
			return fuelportal.Errorf(fuelportal.ECONFLICT, "The authorization's purchase was not approved: nothing to reverse")
		}
		next := &fuelportal.Refund{CompanyID: f.CompanyID, IssuerTransactionID: c.TransactionID}
		if network {
			next.RequestedCents = &asked
		}
		if p := f.Purchase; p != nil {
			next.TransactionID, next.InvoiceRef, next.Purchase = p.ID, p.InvoiceRef, p
			if network {
				if captured := p.FundedTotalCents - p.FeeCents + p.DiscountCents; amount > captured {
					return fuelportal.FieldError("amount", "Must not exceed the captured purchase's "+fuelportal.FormatDollars(captured))
				}
				if amount == 0 {
					amount = f.RefundableCents
				}
			}
			amount = min(amount, f.RefundableCents)
		}
		if amount <= 0 && network {
			return fuelportal.Errorf(fuelportal.ECONFLICT, "Nothing is left of this purchase to reverse: it was reversed or refunded in full")
		}
		if amount <= 0 {
			s.logger().WarnContext(ctx, "card refund beyond what is left of its purchase: nothing credited", "transaction", c.TransactionID,
				"purchase", f.Purchase.ID, "amount_cents", asked)
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
