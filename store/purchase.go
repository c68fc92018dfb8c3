package store

import (
	"cmp"
	"context"
	"errors"
	"strings"

	"fuelportal"
)

// RecordPurchase authorises and records a purchase reported by the card
// network, in one database transaction, and returns the recorded
// transaction with created == true.
//
// It is idempotent on p.NetworkTransactionID: a purchase already recorded
// (also by a concurrent call: the second waits on the unique index) is
// returned as first recorded, with created == false, whatever p says now.
//
// Authorisation: an unknown card is declined UNKNOWN_CARD, an INACTIVE one
// CARD_INACTIVE; then the card's controls (its own over the company
// default, lifted by an active override) and the fraud check may decline
// it with the code of the first rule it breaks, and a locked active trip
// declines a purchase off its plan NOT_PLANNED_STOP or OVER_PLANNED_GALLONS
// (tripLockDecision, lifted by the same override); otherwise the wallet is debited by the funded total (fuel
// at the contract's net price, then the contract's fee) unless that would
// take it below the contract's floor, in which case the purchase is
// declined INSUFFICIENT_FUNDS (prepaid) or CREDIT_LIMIT (invoice). Declines
// are recorded without money; a decline on a company card also raises a
// DECLINE alert mailed to the company's owner. Errors: EINVALID for a
// malformed report, EUNPROCESSABLE for a station the price feed does not
// know (nothing is recorded, so the network may retry once the station is
// known).
func (db *DB) RecordPurchase(ctx context.Context, p *fuelportal.CardPurchase) (t *fuelportal.Transaction, created bool, err error) {
	if err := p.Validate(); err != nil {
		return nil, false, err
	}
	err = db.InTx(ctx, func(tx *Tx) error {
		t, created, err = tx.RecordPurchase(ctx, p)
		return err
	})
	return t, created, err
}

// RecordPurchase is DB.RecordPurchase within tx (the demo data uses it to
// record many purchases in one transaction). Roll back on any error.
func (tx *Tx) RecordPurchase(ctx context.Context, p *fuelportal.CardPurchase) (*fuelportal.Transaction, bool, error) {
	netID := strings.TrimSpace(p.NetworkTransactionID)
	if t, err := tx.transactionByNetworkID(ctx, netID); err == nil {
		return t, false, nil
	} else if !isNoRows(err) {
		return nil, false, err
	}

	station, err := tx.GetStation(ctx, p.LocationID)
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		return nil, false, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "Unknown location %d", p.LocationID)
	} else if err != nil {
		return nil, false, err
	}
	t := &fuelportal.Transaction{
		NetworkTransactionID: netID,
		CardNumber:           strings.TrimSpace(p.CardNumber),
		LocationID:           station.ID,
		LocationName:         station.Name,
		LocationAddress:      stationAddress(station),
		TransactionDate:      p.TransactionDate,
		Product:              cmp.Or(p.Product, fuelportal.ProductDiesel),
		Gallons:              p.Gallons,
		RetailPrice:          p.RetailPrice,
		NetPrice:             p.RetailPrice,
		Status:               fuelportal.TransactionApproved,
		CreatedAt:            tx.Now,
	}

	card, err := tx.CardByNumber(ctx, t.CardNumber)
	var contract *fuelportal.Contract
	var trip *fuelportal.Trip // the card's active trip, if any
	switch {
	case fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND:
		t.Status, t.DeclineReason = fuelportal.TransactionDeclined, fuelportal.DeclineUnknownCard
	case err != nil:
		return nil, false, err
	default:
		t.CompanyID, t.CardID, t.DriverCardName, t.DriverID = card.CompanyID, card.ID, card.DriverName, card.DriverID
		if contract, err = tx.Contract(ctx, card.CompanyID); err != nil {
			return nil, false, err
		}
		t.NetPrice = min(fuelportal.TenthCents(contract.NetPriceTenthCents(int64(p.RetailPrice), int64(station.NetPrice))), p.RetailPrice)
		if trip, err = tx.activeTrip(ctx, card); err != nil {
			return nil, false, err
		}
		if card.Status != fuelportal.CardActive {
			t.Status, t.DeclineReason = fuelportal.TransactionDeclined, fuelportal.DeclineCardInactive
		}
	}

	// The row first: a concurrent report of the same purchase waits here
	// and then finds this one.
	err = tx.QueryRow(ctx, `
		INSERT INTO card_transactions (network_transaction_id, company_id, card_id, card_number, driver_card_name, driver_id,
			location_id, location_name, location_address, transaction_date, product_code, gallons_milli,
			retail_price_tenth_cents, net_price_tenth_cents, status, decline_code, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (network_transaction_id) DO NOTHING
		RETURNING id`,
		t.NetworkTransactionID, nullInt(t.CompanyID), nullInt(t.CardID), t.CardNumber, t.DriverCardName, t.DriverID,
		t.LocationID, t.LocationName, t.LocationAddress, t.TransactionDate, t.Product, t.Gallons,
		t.RetailPrice, t.NetPrice, t.Status, t.DeclineReason, t.CreatedAt,
	).Scan(&t.ID)
	if isNoRows(err) {
		first, err := tx.transactionByNetworkID(ctx, netID)
		return first, false, err
	} else if err != nil {
		return nil, false, err
	}
	t.InvoiceRef = fuelportal.InvoiceRef(t.ID)

	var amounts fuelportal.PurchaseAmounts
	if t.Status == fuelportal.TransactionApproved {
		amounts = fuelportal.Amounts(t.Gallons, t.RetailPrice, t.NetPrice, contract.FeeCents)
	}

	// Card rules, each a step that may decline before any money moves: the
	// card's row is locked first, so concurrent purchases on one card
	// cannot slip past a limit. An active override lifts every card rule
	// (never the wallet below).
	var nearLimits []fuelportal.NearLimit // of an allowed purchase: alerts once it is approved
	if t.Status == fuelportal.TransactionApproved {
		rules, err := tx.lockCardRules(ctx, t.CardID)
		if err != nil {
			return nil, false, err
		}
		if !rules.Overridden(tx.Now) {
			var reason fuelportal.DeclineReason
			reason, nearLimits, err = tx.checkCardControls(ctx, rules, t, station, amounts.FundedTotalCents)
			if err != nil {
				return nil, false, err
			}
			if reason == "" {
				// A locked active trip is one more card rule, under the same override.
				reason = tripLockDecision(trip, station.ID, t.Gallons)
			}
			if reason != "" {
				t.Status, t.DeclineReason = fuelportal.TransactionDeclined, reason
			}
		}
	}

	if t.Status == fuelportal.TransactionApproved {
		err := tx.debitPurchase(ctx, t, amounts, contract)
		switch {
		case errors.Is(err, errBalanceTooLow):
			t.Status, t.DeclineReason = fuelportal.TransactionDeclined, fuelportal.DeclineInsufficientFunds
			if contract.Billing == fuelportal.BillingInvoice {
				t.DeclineReason = fuelportal.DeclineCreditLimitReached
			}
		case err != nil:
			return nil, false, err
		default:
			t.DiscountCents, t.FeeCents, t.FundedTotalCents = amounts.DiscountCents, amounts.FeeCents, amounts.FundedTotalCents
		}
	}

	_, err = tx.Exec(ctx, `
		UPDATE card_transactions SET invoice_ref = ?, search_text = ?, status = ?, decline_code = ?,
			discount_cents = ?, fee_cents = ?, funded_total_cents = ?
		WHERE id = ?`,
		t.InvoiceRef, transactionSearchText(t), t.Status, t.DeclineReason,
		t.DiscountCents, t.FeeCents, t.FundedTotalCents, t.ID)
	if err != nil {
		return nil, false, err
	}
	// A decline on a company card is an alert (and a mail) for its owner,
	// in this transaction: recorded purchase and alert stand or fall together.
	if t.Status == fuelportal.TransactionDeclined && t.CompanyID != 0 {
		if err := tx.addDeclineAlert(ctx, t); err != nil {
			return nil, false, err
		}
	}
	if t.Status == fuelportal.TransactionApproved {
		for _, near := range nearLimits {
			if err := tx.AddNearLimitAlert(ctx, t, near.Name, near.Used, near.Limit); err != nil {
				return nil, false, err
			}
		}
	}
	if err := tx.recordTripPurchase(ctx, trip, t); err != nil {
		return nil, false, err
	}
	return t, true, nil
}

// debitPurchase moves the purchase's money out of the company's wallet:
// the fuel (net total) to the fuel-purchases account, then the fee to the
// fees account. The fuel transfer's floor leaves room for the fee, so
// either both fit or errBalanceTooLow comes back with nothing written.
func (tx *Tx) debitPurchase(ctx context.Context, t *fuelportal.Transaction, a fuelportal.PurchaseAmounts, c *fuelportal.Contract) error {
	wallet, err := tx.walletAccount(ctx, t.CompanyID)
	if err != nil {
		return err
	}
	floor := c.MinBalanceCents()
	if a.NetTotalCents > 0 {
		fuel, err := tx.systemAccount(ctx, accountFuelPurchases)
		if err != nil {
			return err
		}
		fuelFloor := floor + a.FeeCents
		transfer := &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerFuelPurchase, Reference: "purchase:" + t.InvoiceRef, CompanyID: t.CompanyID, AmountCents: a.NetTotalCents}
		if _, err := tx.transfer(ctx, transfer, wallet, fuel, &fuelFloor); err != nil {
			return err
		}
	}
	if a.FeeCents > 0 {
		fees, err := tx.systemAccount(ctx, accountFees)
		if err != nil {
			return err
		}
		transfer := &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerTransactionFee, Reference: "fee:" + t.InvoiceRef, CompanyID: t.CompanyID, AmountCents: a.FeeCents}
		if _, err := tx.transfer(ctx, transfer, wallet, fees, &floor); err != nil {
			return err
		}
	}
	return nil
}

func stationAddress(s *fuelportal.Station) string {
	var parts []string
	for _, p := range []string{s.Address, s.City, strings.TrimSpace(s.State + " " + s.ZipCode)} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// transactionSearchText is what the list's search matches (lower case).
func transactionSearchText(t *fuelportal.Transaction) string {
	return strings.ToLower(strings.Join([]string{t.InvoiceRef, t.LocationName, t.DriverCardName, t.CardNumber}, "\x1f"))
}
