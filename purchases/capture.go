package purchases

import (
	"context"
	"fmt"
	"strings"

	"fuelportal"
	"fuelportal/rules"
	"fuelportal/store"
)

// MsgAuthorizationNotOpen refuses a network capture whose authorization
// is not an open (approved, held) one of the purchase's card.
const MsgAuthorizationNotOpen = "No open authorization of this card has this ID"

func errAuthorizationNotOpen() error {
	fe := fuelportal.FieldErrors{}
	fe.Add("authorizationId", MsgAuthorizationNotOpen)
	return fe.Err()
}

// MsgAuthorizationNotRecordedYet answers a network capture whose
// authorization id the portal has no record of: its answer may be a
// stand-in's that another process has not recorded yet, so the network
// sends the capture again (503), and nothing is recorded meanwhile.
const MsgAuthorizationNotRecordedYet = "The authorization of this capture is not recorded yet. Send the capture again shortly."

func errAuthorizationNotRecordedYet() error {
	return fuelportal.Errorf(fuelportal.EUNAVAILABLE, MsgAuthorizationNotRecordedYet)
}

// Capture records Stripe's captured transaction c as a purchase (capture)
// and, once committed, runs what follows every new purchase (Recorded:
// the re-plan of a purchase off its trip's plan). A refund (an amount
// below 0) is recorded by Refund, not as a purchase; an amount of 0 records nothing; a capture beyond fuelportal.MaxCaptureCents
// either way is logged and acknowledged, recording nothing (Stripe would
// deliver it again on an error). A capture whose event lacks the fuel is
// completed from the issuer (Transactions) first; when the issuer cannot
// answer, it is recorded with what the event and its authorization tell
// (logged). One above its authorization's approved amount is logged (and
// raises the owners' AUTHORIZATION alert).
func (s *Service) Capture(ctx context.Context, c *fuelportal.IssuingCapture) (Captured, error) {
	if err := fuelportal.CheckCaptureAmount(c.AmountCents); err != nil {
		s.logger().WarnContext(ctx, "card capture refused: its amount is beyond any purchase", "transaction", c.TransactionID,
			"authorization", c.AuthorizationID, "amount_cents", c.AmountCents)
		return Captured{}, nil
	}
	if c.AmountCents < 0 {
		_, _, err := s.Refund(ctx, c) // money back: not a purchase
		return Captured{}, err
	}
	if c.AmountCents == 0 {
		return Captured{}, nil
	}
	if !c.FuelReported && s.Transactions != nil {
		fuel, err := s.Transactions.TransactionFuel(ctx, c.TransactionID)
		switch {
		case err != nil:
			s.logger().WarnContext(ctx, "card capture's fuel could not be retrieved from the issuer", "transaction", c.TransactionID, "err", err)
		case fuel != nil:
			c.Gallons, c.Product, c.FuelReported = fuel.Gallons, fuel.Product, true
		}
	}
	return s.capture(ctx, c)
}

// Captured is what a capture recorded.
type Captured struct {
	// Transaction is the purchase the capture became (nil for a card that
	// is not the portal's, a refund or a refused capture: nothing is
	// recorded); Created is false when it was recorded before.
	Transaction *fuelportal.Transaction
	Created     bool
	// OverHoldCents is how much the capture exceeds its authorization's
	// approved amount (0 when within it).
	OverHoldCents int64
}

// captureNetwork records network purchase p, which names the network
// authorization it captures (p.AuthorizationID), as that authorization's
// capture: the hold becomes the purchase (never declined: the
// authorization approved it). Idempotent on p's network transaction id
// (created == false with the first outcome). Errors: EINVALID for an
// implausible date or amount, or an authorization that is not an open one
// of p's card (of another card, declined, reversed or captured already:
// one message, nothing recorded, so nothing of another company's
// authorization leaks); EUNAVAILABLE for an authorization id the portal
// has no record of (yet: a stand-in's answer another process has still to
// record; the network sends the capture again); EUNPROCESSABLE for an
// unknown location.
func (s *Service) captureNetwork(ctx context.Context, p *fuelportal.CardPurchase) (*fuelportal.Transaction, bool, error) {
	c := &fuelportal.IssuingCapture{TransactionID: strings.TrimSpace(p.NetworkTransactionID), AuthorizationID: p.AuthorizationID,
		Issuer: fuelportal.IssuerNetwork, CardNumber: strings.TrimSpace(p.CardNumber), LocationID: p.LocationID, RetailPrice: p.RetailPrice,
		Gallons: p.Gallons, Product: p.Product, Created: p.TransactionDate, StationClock: p.StationClock,
		AmountCents: fuelportal.PriceOf(p.Gallons, p.RetailPrice)}
	if err := fuelportal.CheckCaptureAmount(c.AmountCents); err != nil {
		return nil, false, err
	}
	res, err := s.capture(ctx, c)
	return res.Transaction, res.Created, err
}

// capture records captured transaction c as an approved purchase of its
// card in one database transaction, ends its authorization's hold
// (CAPTURED, linked to the purchase) and, once committed, runs Recorded.
// It is idempotent on c.TransactionID (the purchase's network transaction
// id: created == false with the first outcome).
//
// A capture is never declined: the issuer has paid (or, on the network,
// the authorization approved it). Its purchase is rules.DecideCapture's
// on the facts read under the card's lock (store.Tx.CaptureFacts); the
// wallet is debited the funded total (net price and fee) without the
// floor's guard. A Stripe capture arriving before its authorization's
// request records the authorization as CAPTURED with nothing held
// (store.Tx.InsertCapturedAuthorization). A Stripe card that is not the
// portal's records nothing (nil). On a card's active trip the purchase is
// linked as a network purchase is: its gallons count as bought through
// the link, the released hold's no more.
func (s *Service) capture(ctx context.Context, c *fuelportal.IssuingCapture) (Captured, error) {
	network := c.Issuer == fuelportal.IssuerNetwork
	var t *fuelportal.Transaction
	var created bool
	var over int64 // above the authorization's approved amount
	err := s.DB.InTx(ctx, func(tx *store.Tx) error {
		f, err := tx.CaptureFacts(ctx, c)
		switch {
		case err != nil:
			return err
		case f.Recorded != nil:
			t = f.Recorded
			return nil
		case f.Card == nil && network:
			return errAuthorizationNotOpen()
		case f.Card == nil:
			return nil
		}
		card, a := f.Card, f.Authorization
		if network {
			if a == nil {
				return errAuthorizationNotRecordedYet()
			}
			if a.CardID != card.ID || a.Issuer != fuelportal.IssuerNetwork || a.Status != fuelportal.AuthorizationHeld {
				return errAuthorizationNotOpen()
			}
			if err := fuelportal.CheckPurchaseDate(f.Instant, tx.Now, card.CreatedAt); err != nil {
				return err
			}
		} else if a == nil && c.AuthorizationID != "" {
			if a, err = tx.InsertCapturedAuthorization(ctx, f, c); err != nil {
				return err
			}
		}
		d := rules.DecideCapture(rules.CaptureFacts{AmountCents: c.AmountCents, Gallons: c.Gallons, RetailPrice: c.RetailPrice,
			Product: c.Product, Authorization: a, AuthorizationGallons: f.AuthorizationGallons, Station: f.Station,
			PumpPrice: f.Price, Contract: f.Contract})
		t = &fuelportal.Transaction{NetworkTransactionID: c.TransactionID, LocationID: f.Station.ID, LocationName: f.Station.Name,
			LocationAddress: f.Station.AddressLine(), TransactionDate: f.Instant, Product: d.Product, Gallons: d.Gallons,
			RetailPrice: d.RetailPrice, NetPrice: d.Price, Status: fuelportal.TransactionApproved, CreatedAt: tx.Now,
			DiscountCents: d.Amounts.DiscountCents, FeeCents: d.Amounts.FeeCents, FundedTotalCents: d.Amounts.FundedTotalCents,
			StationMatch: f.StationMatch, CandidateLocationIDs: f.CandidateLocationIDs}
		holder(t, f)
		if err := code(ctx, tx, t); err != nil {
			return err
		}
		switch inserted, err := tx.InsertPurchase(ctx, t); {
		case err != nil:
			return err
		case !inserted:
			return fmt.Errorf("capture %s: a purchase with its id is recorded already", c.TransactionID)
		}
		created = true
		if a != nil {
			if err := tx.ReleaseHold(ctx, a, fuelportal.AuthorizationCaptured); err != nil {
				return err
			}
			if err := tx.LinkAuthorization(ctx, a, t.ID, c.AmountCents); err != nil {
				return err
			}
		}
		var fit fuelportal.PlanFit
		if f.Trip != nil && f.Trip.Plan != nil {
			fit = f.Trip.Plan.Fit(f.Bought, f.Station.ID, t.Gallons)
		}
		if err := tx.RecordTripPurchase(ctx, f, fit, t); err != nil {
			return err
		}
		// The debit after the release: the released hold is room again.
		moved, err := tx.DebitPurchase(ctx, f, t, d.Amounts, store.NoFloor)
		if err != nil {
			return err
		}
		if err := walletMoved(ctx, tx, moved); err != nil {
			return err
		}
		if over = d.OverHoldCents; over > 0 {
			if err := publishAuthorizationAlert(ctx, tx, a, t.ID, fuelportal.CaptureAboveHoldAlert(c.AmountCents, a.AmountCents)); err != nil {
				return err
			}
		}
		return publishDecision(ctx, tx, t)
	})
	if err != nil {
		return Captured{}, err
	}
	if over > 0 {
		s.logger().WarnContext(ctx, "card capture above its authorization's hold", "transaction", c.TransactionID,
			"authorization", c.AuthorizationID, "over_cents", over)
	}
	if created {
		s.Recorded(ctx, t)
	}
	return Captured{Transaction: t, Created: created, OverHoldCents: over}, nil
}
