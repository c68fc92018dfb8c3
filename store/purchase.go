package store

import (
	"cmp"
	"context"
	"database/sql"
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
//
// Round trips (they bound ingest on PostgreSQL): one read of the card with
// everything the decision needs (locking the card), the row, the card's
// history, the wallet debit (three statements for fuel and fee), the row's
// final state; more only for a purchase on a card with an active trip, a
// wallet used for the first time, a decline or a near-limit alert.
func (tx *Tx) RecordPurchase(ctx context.Context, p *fuelportal.CardPurchase) (*fuelportal.Transaction, bool, error) {
	netID := strings.TrimSpace(p.NetworkTransactionID)
	pc, err := tx.purchaseCard(ctx, strings.TrimSpace(p.CardNumber), p.LocationID)
	if err != nil {
		return nil, false, err
	}
	if pc.station == nil {
		// An unknown location: nothing to record, unless the purchase was
		// recorded before (a retry is answered as first recorded).
		if t, err := tx.transactionByNetworkID(ctx, netID); err == nil {
			return t, false, nil
		} else if !isNoRows(err) {
			return nil, false, err
		}
		return nil, false, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "Unknown location %d", p.LocationID)
	}
	station := pc.station
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

	card, contract := pc.card, pc.contract
	var trip *fuelportal.Trip // the card's active trip, if any
	if card == nil {
		t.Status, t.DeclineReason = fuelportal.TransactionDeclined, fuelportal.DeclineUnknownCard
	} else {
		t.CompanyID, t.CardID, t.DriverCardName, t.DriverID = card.CompanyID, card.ID, card.DriverName, card.DriverID
		t.NetPrice = min(fuelportal.TenthCents(contract.NetPriceTenthCents(int64(p.RetailPrice), int64(station.NetPrice))), p.RetailPrice)
		if pc.tripID != 0 {
			if trip, err = tx.trip(ctx, fuelportal.TransactionScope{CompanyID: card.CompanyID, CardID: card.ID}, pc.tripID, false); err != nil {
				return nil, false, err
			}
		}
		if card.Status != fuelportal.CardActive {
			t.Status, t.DeclineReason = fuelportal.TransactionDeclined, fuelportal.DeclineCardInactive
		}
	}

	// The row first: a concurrent report of the same purchase waits here
	// (or on the card's lock) and then finds this one.
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
	// card's row was locked by purchaseCard, so concurrent purchases on one
	// card cannot slip past a limit. An active override lifts every card
	// rule (never the wallet below).
	var nearLimits []fuelportal.NearLimit // of an allowed purchase: alerts once it is approved
	if t.Status == fuelportal.TransactionApproved && !pc.rules.Overridden(tx.Now) {
		var reason fuelportal.DeclineReason
		reason, nearLimits, err = tx.checkCardControls(ctx, pc.rules, t, station, amounts.FundedTotalCents)
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

	// The row's final state before the debit, which goes last: the wallet
	// row it locks (on PostgreSQL) is then held only until the commit.
	if t.Status == fuelportal.TransactionApproved {
		t.DiscountCents, t.FeeCents, t.FundedTotalCents = amounts.DiscountCents, amounts.FeeCents, amounts.FundedTotalCents
	}
	if err := tx.updatePurchase(ctx, t); err != nil {
		return nil, false, err
	}
	if t.Status == fuelportal.TransactionApproved {
		err := tx.debitPurchase(ctx, t, amounts, contract, pc.accounts)
		switch {
		case errors.Is(err, errBalanceTooLow):
			t.Status, t.DeclineReason = fuelportal.TransactionDeclined, fuelportal.DeclineInsufficientFunds
			if contract.Billing == fuelportal.BillingInvoice {
				t.DeclineReason = fuelportal.DeclineCreditLimitReached
			}
			t.DiscountCents, t.FeeCents, t.FundedTotalCents = 0, 0, 0
			if err := tx.updatePurchase(ctx, t); err != nil {
				return nil, false, err
			}
		case err != nil:
			return nil, false, err
		}
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

// updatePurchase writes purchase t's outcome to its row.
func (tx *Tx) updatePurchase(ctx context.Context, t *fuelportal.Transaction) error {
	_, err := tx.Exec(ctx, `
		UPDATE card_transactions SET invoice_ref = ?, search_text = ?, status = ?, decline_code = ?,
			discount_cents = ?, fee_cents = ?, funded_total_cents = ?
		WHERE id = ?`,
		t.InvoiceRef, transactionSearchText(t), t.Status, t.DeclineReason,
		t.DiscountCents, t.FeeCents, t.FundedTotalCents, t.ID)
	return err
}

// purchaseAccounts are the ledger accounts a purchase's debit moves money
// between; wallet.id is 0 while the company's wallet is not opened yet.
type purchaseAccounts struct {
	wallet, fuel, fees ledgerAccount
}

// debitPurchase moves the purchase's money out of the company's wallet:
// the fuel (net total) to the fuel-purchases account and the fee to the
// fees account, as two transfers of one guarded debit: either both fit
// above the contract's floor or errBalanceTooLow comes back with nothing
// written.
func (tx *Tx) debitPurchase(ctx context.Context, t *fuelportal.Transaction, a fuelportal.PurchaseAmounts, c *fuelportal.Contract, accounts purchaseAccounts) error {
	wallet := accounts.wallet
	if wallet.id == 0 {
		var err error
		if wallet, err = tx.walletAccount(ctx, t.CompanyID); err != nil {
			return err
		}
	}
	var legs []ledgerLeg
	if a.NetTotalCents > 0 {
		legs = append(legs, ledgerLeg{to: accounts.fuel, t: &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerFuelPurchase,
			Reference: "purchase:" + t.InvoiceRef, CompanyID: t.CompanyID, AmountCents: a.NetTotalCents}})
	}
	if a.FeeCents > 0 {
		legs = append(legs, ledgerLeg{to: accounts.fees, t: &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerTransactionFee,
			Reference: "fee:" + t.InvoiceRef, CompanyID: t.CompanyID, AmountCents: a.FeeCents}})
	}
	return tx.debit(ctx, wallet, c.MinBalanceCents(), legs)
}

// purchaseCardRead is what a purchase needs to know before its row is
// written: the station (nil when unknown) and, for a known card, the card,
// its company's contract, its effective rules, its active trip's id (0:
// none) and the ledger accounts.
type purchaseCardRead struct {
	station  *fuelportal.Station
	card     *fuelportal.Card
	contract *fuelportal.Contract
	rules    *cardRules
	tripID   int64
	accounts purchaseAccounts
}

// purchaseColumns are the columns purchaseCard reads, station and card
// qualified as s and c.
var purchaseColumns = qualify("s", stationColumns) + `, ` + qualify("c", cardColumns) + `,
	ct.company_id, ct.pricing, ct.retail_minus_tenth_cents, ct.billing, ct.credit_limit_cents, ct.fee_cents,
	ct.out_of_route_tenth_cents_per_mile, ct.stop_cost_cents, ct.created_at, ct.updated_at,
	cc.rules, co.rules, co.time_zone, ov.until, tr.id, la.id,
	(SELECT id FROM ledger_accounts WHERE code = ?), (SELECT id FROM ledger_accounts WHERE code = ?)`

// purchaseCard reads in one statement the station locationID and the card
// with number and all that the decision on its purchase needs, locking the
// card's row. On PostgreSQL the lock serialises concurrent purchases on one
// card, so none slips past a limit between reading its history (after this
// statement) and the debit; SQLite serialises writers anyway. Either the
// card or the station being unknown finds no row: then each is read alone.
func (tx *Tx) purchaseCard(ctx context.Context, number string, locationID int64) (*purchaseCardRead, error) {
	lock := ""
	if tx.Engine() == Postgres {
		// NO KEY UPDATE: the purchase row inserted next holds a KEY SHARE
		// lock on the card through its foreign key, which FOR UPDATE
		// would conflict with (a deadlock between two purchases on one
		// card when another transaction inserted first).
		lock = ` FOR NO KEY UPDATE OF c`
	}
	row := tx.QueryRow(ctx, `
		SELECT `+purchaseColumns+`
		FROM cards c
		JOIN stations s ON s.id = ?
		LEFT JOIN contracts ct ON ct.company_id = c.company_id
		LEFT JOIN card_controls cc ON cc.card_id = c.id
		LEFT JOIN company_controls co ON co.company_id = c.company_id
		LEFT JOIN card_overrides ov ON ov.card_id = c.id
		LEFT JOIN trips tr ON tr.card_id = c.id AND tr.status = 'ACTIVE'
		LEFT JOIN ledger_accounts la ON la.company_id = c.company_id
		WHERE c.card_number = ?`+lock,
		accountFuelPurchases, accountFees, locationID, number)
	r, err := scanPurchaseCard(row)
	if !isNoRows(err) {
		return r, err
	}

	// The card or the station is unknown.
	r = &purchaseCardRead{}
	if r.station, err = tx.GetStation(ctx, locationID); fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		return &purchaseCardRead{}, nil
	} else if err != nil {
		return nil, err
	}
	if _, err := tx.CardByNumber(ctx, number); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
		if err == nil {
			// Created since the first read: read again, with the lock.
			return tx.purchaseCard(ctx, number, locationID)
		}
		return nil, err
	}
	return r, nil
}

func scanPurchaseCard(row *sql.Row) (*purchaseCardRead, error) {
	s, c := &fuelportal.Station{}, &fuelportal.Card{}
	var priceDate, stationUpdated, cardCreated, cardUpdated nullTime
	var driverUser sql.NullInt64
	var contractCompany, retailMinus, creditLimit, fee, outOfRoute, stopCost sql.NullInt64
	var pricing, billing sql.NullString
	var contractCreated, contractUpdated, overrideUntil nullTime
	var cardRules, companyRules, timeZone sql.NullString
	var tripID, walletID sql.NullInt64
	r := &purchaseCardRead{station: s, card: c}
	err := row.Scan(&s.ID, &s.Name, &s.StationLocation, &s.Address, &s.City, &s.State, &s.ZipCode, &s.Country,
		&s.Latitude, &s.Longitude, &s.Chain, &s.Affiliate, &s.RetailPrice, &s.NetPrice, &s.IFTARefund, &priceDate, &stationUpdated,
		&c.ID, &c.CompanyID, &c.CardNumber, &c.DriverName, &c.DriverID, &c.UnitNumber, &c.Status, &driverUser, &cardCreated, &cardUpdated,
		&contractCompany, &pricing, &retailMinus, &billing, &creditLimit, &fee, &outOfRoute, &stopCost, &contractCreated, &contractUpdated,
		&cardRules, &companyRules, &timeZone, &overrideUntil, &tripID, &walletID,
		&r.accounts.fuel.id, &r.accounts.fees.id)
	if err != nil {
		return nil, err
	}
	s.PriceDate, s.UpdatedAt = priceDate.Time, stationUpdated.Time
	c.DriverUserID, c.CreatedAt, c.UpdatedAt = driverUser.Int64, cardCreated.Time, cardUpdated.Time
	if contractCompany.Valid {
		r.contract = &fuelportal.Contract{CompanyID: c.CompanyID, Pricing: fuelportal.PricingPlan(pricing.String), RetailMinusTenthCents: retailMinus.Int64,
			Billing: fuelportal.BillingPlan(billing.String), CreditLimitCents: creditLimit.Int64, FeeCents: fee.Int64,
			OutOfRouteTenthCentsPerMile: outOfRoute.Int64, StopCostCents: stopCost.Int64,
			CreatedAt: contractCreated.Time, UpdatedAt: contractUpdated.Time}
	} else {
		r.contract = fuelportal.DefaultContract(c.CompanyID)
	}
	if r.rules, err = newCardRules(cardRules, companyRules, timeZone, overrideUntil); err != nil {
		return nil, err
	}
	r.tripID = tripID.Int64
	r.accounts.wallet = ledgerAccount{id: walletID.Int64, wallet: true}
	return r, nil
}

// qualify prefixes each of the comma-separated columns with table.
func qualify(table, columns string) string {
	list := strings.Split(columns, ",")
	for i, c := range list {
		list[i] = table + "." + strings.TrimSpace(c)
	}
	return strings.Join(list, ", ")
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
