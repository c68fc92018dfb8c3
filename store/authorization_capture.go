package store

import (
	"context"
	"fmt"
	"math"
	"strings"

	"fuelportal"
)

// noFloor is the floor of a capture's debit: Stripe has paid the merchant,
// so the purchase is recorded and debited whatever the wallet holds.
const noFloor = math.MinInt64 / 4

// CaptureResult is what CaptureAuthorization did.
type CaptureResult struct {
	// Transaction is the purchase the capture became (nil for a card that
	// is not the portal's: nothing is recorded).
	Transaction *fuelportal.Transaction
	Created     bool
	// OverHoldCents is how much the capture exceeds its authorization's
	// approved amount (0 when within it).
	OverHoldCents int64
}

// SetAuthorizationGallons keeps the pump's final gallons an authorization's
// update reports (0: nothing to keep), for the capture that follows.
func (db *DB) SetAuthorizationGallons(ctx context.Context, id string, gallons fuelportal.Gallons) error {
	if gallons <= 0 {
		return nil
	}
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE card_authorizations SET gallons_milli = ?, updated_at = ? WHERE authorization_id = ?`, gallons, tx.Now, id)
		return err
	})
}

// CaptureAuthorization records captured transaction c as an approved
// purchase of its card, in one database transaction, and ends its
// authorization's hold (CAPTURED, linked to the purchase). It is
// idempotent on c.TransactionID (the purchase's network transaction id).
//
// A capture is never declined: the issuer has paid. The purchase's
// gallons are c's, else those the authorization's pump reported; its
// station the catalog's match of the merchant (else the merchant's name
// and address, location 0); its pump price the amount over the gallons;
// the wallet is debited the contract's funded total (net price and fee)
// without the floor's guard. Without a reported quantity the gallons are
// the amount's at the station's (or the state's average) pump price; with
// neither, one gallon at the amount. A capture arriving before its authorization's request records
// the authorization as CAPTURED with nothing held, so the request, when it
// comes, is answered approved and holds nothing. A card that is not the
// portal's records nothing. A capture above the approved amount raises an
// AUTHORIZATION alert for the company's owners.
func (db *DB) CaptureAuthorization(ctx context.Context, c *fuelportal.IssuingCapture) (res CaptureResult, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		res, err = tx.captureAuthorization(ctx, c)
		return err
	})
	return res, err
}

// CaptureNetworkPurchase records network purchase p, which names the
// network authorization it captures (p.AuthorizationID), as that
// authorization's capture: the code of CaptureAuthorization, so the hold
// becomes the purchase (never declined: the authorization approved it) and
// is released in the same transaction. Idempotent on p's network
// transaction id (created == false with the first outcome). Errors:
// EINVALID for a malformed report, an implausible date, or an
// authorization that is not an open one of p's card (unknown, of another
// card, declined, reversed or captured already: one message, nothing
// recorded, so nothing of another company's authorization leaks);
// EUNPROCESSABLE for an unknown location.
func (db *DB) CaptureNetworkPurchase(ctx context.Context, p *fuelportal.CardPurchase) (t *fuelportal.Transaction, created bool, err error) {
	if err := p.Validate(); err != nil {
		return nil, false, err
	}
	c := &fuelportal.IssuingCapture{TransactionID: strings.TrimSpace(p.NetworkTransactionID), AuthorizationID: p.AuthorizationID,
		Issuer: fuelportal.IssuerNetwork, CardNumber: strings.TrimSpace(p.CardNumber), LocationID: p.LocationID, RetailPrice: p.RetailPrice,
		Gallons: p.Gallons, Product: p.Product, Created: p.TransactionDate, StationClock: p.StationClock,
		AmountCents: fuelportal.PriceOf(p.Gallons, p.RetailPrice)}
	err = db.InTx(ctx, func(tx *Tx) error {
		res, err := tx.captureAuthorization(ctx, c)
		t, created = res.Transaction, res.Created
		return err
	})
	return t, created, err
}

// MsgAuthorizationNotOpen refuses a network capture whose authorization
// is not an open (approved, held) one of the purchase's card.
const MsgAuthorizationNotOpen = "No open authorization of this card has this ID"

func (tx *Tx) captureAuthorization(ctx context.Context, c *fuelportal.IssuingCapture) (CaptureResult, error) {
	network := c.Issuer == fuelportal.IssuerNetwork
	req := &fuelportal.AuthorizationRequest{ID: c.AuthorizationID, Issuer: fuelportal.IssuerStripe, IssuerCardID: c.IssuerCardID,
		MerchantName: c.MerchantName, MerchantCity: c.MerchantCity, MerchantState: c.MerchantState, MerchantPostalCode: c.MerchantPostalCode,
		Created: c.Created, AmountCents: c.AmountCents, Product: c.Product, Gallons: c.Gallons, ReceivedAt: tx.Now,
		CardNumber: c.CardNumber, LocationID: c.LocationID, RetailPrice: c.RetailPrice}
	if network {
		req.Issuer = fuelportal.IssuerNetwork
	}
	pc, err := tx.authorizationCard(ctx, req) // the card's lock: captures and decisions on it queue
	if err != nil {
		return CaptureResult{}, err
	}
	if t, err := tx.transactionByNetworkID(ctx, c.TransactionID); err == nil {
		return CaptureResult{Transaction: t}, nil
	} else if !isNoRows(err) {
		return CaptureResult{}, err
	}
	notOpen := func() (CaptureResult, error) {
		fe := fuelportal.FieldErrors{}
		fe.Add("authorizationId", MsgAuthorizationNotOpen)
		return CaptureResult{}, fe.Err()
	}
	if pc.card == nil {
		if network {
			return notOpen()
		}
		return CaptureResult{}, nil
	}
	card := pc.card

	// The authorization, or its row now when the capture came first
	// (Stripe's events may arrive out of order; the network's capture of
	// an authorization the portal never decided is refused).
	var a *fuelportal.Authorization
	var authGallons fuelportal.Gallons
	if network {
		a, err = tx.lockedAuthorization(ctx, c.AuthorizationID)
		if isNoRows(err) || err == nil && (a.CardID != card.ID || a.Issuer != fuelportal.IssuerNetwork || a.Status != fuelportal.AuthorizationHeld) {
			return notOpen()
		} else if err != nil {
			return CaptureResult{}, err
		}
	} else if c.AuthorizationID != "" {
		if a, err = tx.lockedAuthorization(ctx, c.AuthorizationID); isNoRows(err) {
			a = nil
			err = tx.QueryRow(ctx, `
				INSERT INTO card_authorizations (authorization_id, issuer, company_id, card_id, issuer_card_id, merchant_name, merchant_city,
					merchant_state, merchant_postal_code, product, gallons_milli, requested_cents, approved, amount_cents, rules_fired, status,
					authorized_at, received_at, answered_at, updated_at)
				VALUES (?, 'stripe', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'CAPTURED_BEFORE_REQUEST', 'CAPTURED', ?, ?, ?, ?)
				ON CONFLICT (authorization_id) DO NOTHING`,
				c.AuthorizationID, card.CompanyID, card.ID, c.IssuerCardID, c.MerchantName, c.MerchantCity,
				c.MerchantState, c.MerchantPostalCode, c.Product, c.Gallons, c.AmountCents, true, c.AmountCents,
				c.Created, tx.Now, tx.Now, tx.Now).Err()
			if err != nil {
				return CaptureResult{}, err
			}
			if a, err = tx.lockedAuthorization(ctx, c.AuthorizationID); err != nil {
				return CaptureResult{}, err
			}
		} else if err != nil {
			return CaptureResult{}, err
		}
		if err := tx.QueryRow(ctx, `SELECT gallons_milli FROM card_authorizations WHERE id = ?`, a.ID).Scan(&authGallons); err != nil {
			return CaptureResult{}, err
		}
	}

	m, err := tx.merchantStation(ctx, req, pc.tripID)
	if err != nil {
		return CaptureResult{}, err
	}
	station, pump := m.station, m.price
	created := c.Created.UTC()
	if c.StationClock {
		created = (&fuelportal.CardPurchase{TransactionDate: c.Created, StationClock: true}).Instant(stationLocation(station))
	}
	if network {
		if err := fuelportal.CheckPurchaseDate(created, tx.Now, card.CreatedAt); err != nil {
			return CaptureResult{}, err
		}
	}
	gallons := c.Gallons
	if gallons == 0 {
		gallons = authGallons
	}
	retail := pump
	switch {
	case gallons > 0 && c.RetailPrice > 0:
		// The network reports the pump price with the gallons.
		retail = c.RetailPrice
	case gallons > 0:
		retail = fuelportal.TenthCents((c.AmountCents*10_000 + int64(gallons)/2) / int64(gallons))
	case pump > 0:
		// No quantity reported: the gallons the amount buys at the pump.
		gallons = fuelportal.Gallons(max(c.AmountCents*10_000/int64(pump), 1))
	default:
		// Neither quantity nor price: one gallon at the amount.
		gallons, retail = 1_000, fuelportal.TenthCents(c.AmountCents*10)
	}
	net := retail
	if station.ID != 0 {
		net = pc.contract.Price(retail, station.NetPrice)
	}
	amounts := pc.contract.PurchaseAmounts(gallons, retail, net)
	product := c.Product
	if product == "" || product == fuelportal.ProductOther && a != nil && a.Product != "" {
		if a != nil && a.Product != "" {
			product = a.Product
		} else {
			product = fuelportal.ProductOther
		}
	}
	t := &fuelportal.Transaction{NetworkTransactionID: c.TransactionID, CompanyID: card.CompanyID, CardID: card.ID, CardNumber: card.CardNumber,
		DriverCardName: card.DriverName, DriverID: card.DriverID, HolderUserID: card.DriverUserID, UnitNumber: card.UnitNumber,
		VehicleID: pc.vehicleID, LocationID: station.ID,
		LocationName: station.Name, LocationAddress: stationAddress(station), TransactionDate: created, Product: product,
		Gallons: gallons, RetailPrice: retail, NetPrice: net, Status: fuelportal.TransactionApproved, CreatedAt: tx.Now,
		DiscountCents: amounts.DiscountCents, FeeCents: amounts.FeeCents, FundedTotalCents: amounts.FundedTotalCents,
		StationMatch: m.match, CandidateLocationIDs: m.candidates}
	switch inserted, err := tx.insertPurchase(ctx, t, t.Status, ""); {
	case err != nil:
		return CaptureResult{}, err
	case !inserted:
		return CaptureResult{}, fmt.Errorf("capture %s: a purchase with its id is recorded already", c.TransactionID)
	}
	if err := tx.updatePurchase(ctx, t); err != nil {
		return CaptureResult{}, err
	}

	res := CaptureResult{Transaction: t, Created: true}
	if a != nil {
		if a.Approved && c.AmountCents > a.AmountCents {
			res.OverHoldCents = c.AmountCents - a.AmountCents
		}
		if err := tx.releaseHold(ctx, a, fuelportal.AuthorizationCaptured); err != nil {
			return CaptureResult{}, err
		}
		if _, err := tx.Exec(ctx, `UPDATE card_authorizations SET transaction_id = ?, captured_cents = captured_cents + ? WHERE id = ?`,
			t.ID, c.AmountCents, a.ID); err != nil {
			return CaptureResult{}, err
		}
	}
	// On the card's active trip, the purchase is linked as a purchase the
	// feed decided is: its gallons now count as bought through the link,
	// the released hold's no more (tripBought), never both.
	if pc.tripID != 0 {
		trip, err := tx.trip(ctx, fuelportal.TransactionScope{CompanyID: card.CompanyID, CardID: card.ID}, pc.tripID, false)
		if err != nil {
			return CaptureResult{}, err
		}
		var fit fuelportal.PlanFit
		if trip.Plan != nil {
			bought, err := tx.tripBought(ctx, trip)
			if err != nil {
				return CaptureResult{}, err
			}
			fit = trip.Plan.Fit(bought, station.ID, gallons)
		}
		if err := tx.recordTripPurchase(ctx, trip, fit, t); err != nil {
			return CaptureResult{}, err
		}
	}
	// The debit after the release: the released hold is room again.
	if pc.accounts.fuel, err = tx.systemAccount(ctx, accountFuelPurchases); err != nil {
		return CaptureResult{}, err
	}
	if pc.accounts.fees, err = tx.systemAccount(ctx, accountFees); err != nil {
		return CaptureResult{}, err
	}
	var legs []ledgerLeg
	if amounts.NetTotalCents > 0 {
		legs = append(legs, ledgerLeg{to: pc.accounts.fuel, t: &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerFuelPurchase,
			Reference: "purchase:" + t.InvoiceRef, CompanyID: t.CompanyID, AmountCents: amounts.NetTotalCents}})
	}
	if amounts.FeeCents > 0 {
		legs = append(legs, ledgerLeg{to: pc.accounts.fees, t: &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerTransactionFee,
			Reference: "fee:" + t.InvoiceRef, CompanyID: t.CompanyID, AmountCents: amounts.FeeCents}})
	}
	wallet := pc.accounts.wallet
	if wallet.id == 0 {
		if wallet, err = tx.walletAccount(ctx, t.CompanyID); err != nil {
			return CaptureResult{}, err
		}
	}
	if err := tx.debit(ctx, wallet, noFloor, legs); err != nil {
		return CaptureResult{}, err
	}
	if res.OverHoldCents > 0 {
		msg := fmt.Sprintf("A purchase of %s was captured above its approved %s", formatCents(c.AmountCents), formatCents(a.AmountCents))
		if err := tx.addAuthorizationAlert(ctx, a, t.ID, msg); err != nil {
			return CaptureResult{}, err
		}
	}
	if err := tx.purchaseDecided(ctx, t); err != nil {
		return CaptureResult{}, err
	}
	return res, nil
}
