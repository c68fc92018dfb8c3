package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/rules"
	"fuelportal/timezone"
)

// RecordPurchase authorises and records a purchase reported by the card
// network, in one database transaction, and returns the recorded
// transaction with created == true.
//
// It is idempotent on p.NetworkTransactionID: a purchase already recorded
// (also by a concurrent call: the second waits on the unique index) is
// returned as first recorded, with created == false, whatever p says now.
//
// Authorisation is rules.DecidePurchase on the facts read under the card's
// lock: an unknown card is declined UNKNOWN_CARD, an INACTIVE one
// CARD_INACTIVE; then the card's controls (its own over the company
// default, lifted by an active override), the fraud check and a locked
// active trip's plan (NOT_PLANNED_STOP, OVER_PLANNED_GALLONS,
// OVER_GALLONS_LEFT, lifted by the same override) may decline it with the
// code of the first rule it breaks; otherwise the wallet is debited by the
// funded total (fuel at the contract's net price, then the contract's fee)
// unless that would take it below the contract's floor, in which case the
// purchase is declined INSUFFICIENT_FUNDS (prepaid) or CREDIT_LIMIT
// (invoice); the ledger's guarded debit declines it so too when the
// balance moved since the decision read it. Declines are recorded without
// money; a decline on a company card also raises a DECLINE alert mailed to
// the company's owner. Errors: EINVALID for a malformed report or an
// implausible date (fuelportal.CheckPurchaseDate:
// in the future, or before the card existed), EUNPROCESSABLE for a station the price feed does not
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
// history with the wallet's balance, the row's final state, the wallet
// debit (three statements for fuel and fee), the company's endpoints
// subscribed to the decision's webhook event (a delivery row each); more
// only for a purchase on a card with an active trip, a wallet used for the
// first time, a decline or a near-limit alert.
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
	if err := checkPurchaseDate(p, pc, tx.Now); err != nil {
		return nil, false, err
	}
	t := newPurchase(p, netID, pc, tx.Now)
	card := pc.card
	var trip *fuelportal.Trip  // the card's active trip, if any
	var fit fuelportal.PlanFit // how the purchase fits the trip's plan
	if card != nil && pc.tripID != 0 {
		if trip, err = tx.trip(ctx, fuelportal.TransactionScope{CompanyID: card.CompanyID, CardID: card.ID}, pc.tripID, false); err != nil {
			return nil, false, err
		}
		// Read under the card's lock: the purchases before this one on the
		// card are all committed or all waiting behind it.
		bought, err := tx.tripBought(ctx, trip)
		if err != nil {
			return nil, false, err
		}
		if trip.Plan != nil {
			fit = trip.Plan.Fit(bought, pc.station.ID, t.Gallons)
		}
	}

	// The row first (its state is the decision's below): a concurrent
	// report of the same purchase waits here (or on the card's lock) and
	// then finds this one.
	switch inserted, err := tx.insertPurchase(ctx, t, fuelportal.TransactionDeclined, ""); {
	case err != nil:
		return nil, false, err
	case !inserted:
		first, err := tx.transactionByNetworkID(ctx, netID)
		return first, false, err
	}

	// The decision, on what the card's lock (taken by purchaseCard) holds
	// still: the card's history, so concurrent purchases on one card cannot
	// slip past a limit, and the wallet's balance as of now. Another card's
	// purchase on the same wallet may move it before the debit: the
	// debit's guard then declines this one (declineForFunds).
	var h rules.CardHistory
	var wallet int64
	var last *fuelportal.OdometerReading // the vehicle's, when an odometer is asked or keyed
	if pc.vehicleID != 0 && (pc.prompt.AsksOdometer() || t.Odometer != nil) {
		if last, err = tx.lastOdometer(ctx, pc.vehicleID, t.TransactionDate); err != nil {
			return nil, false, err
		}
	}
	if card != nil {
		sums := rules.NeedsHistory(pc.rules.Controls) && !pc.rules.Overridden(tx.Now)
		if h, wallet, err = tx.cardHistory(ctx, t, rules.PeriodsOf(t.TransactionDate, pc.rules.Location), sums); err != nil {
			return nil, false, err
		}
	}
	d := rules.DecidePurchase(purchaseFacts(pc, p.Prompt, last, t, h, wallet, trip, fit, tx.Now))
	applyDecision(t, d)

	// The row's final state before the debit, which goes last: the wallet
	// row it locks (on PostgreSQL) is then held only until the commit.
	if err := tx.updatePurchase(ctx, t); err != nil {
		return nil, false, err
	}
	if d.Approved() {
		err := tx.debitPurchase(ctx, t, d.Amounts, pc.contract, pc.accounts)
		switch {
		case errors.Is(err, errBalanceTooLow):
			declineForFunds(t, pc.contract)
			if err := tx.updatePurchase(ctx, t); err != nil {
				return nil, false, err
			}
		case err != nil:
			return nil, false, err
		}
	}
	if t.Status == fuelportal.TransactionApproved {
		for _, near := range d.NearLimits {
			if err := tx.Publish(ctx, fuelportal.NearLimitEvent(t, near.Name, near.Used, near.Limit)); err != nil {
				return nil, false, err
			}
		}
	}
	if err := tx.recordTripPurchase(ctx, trip, fit, t); err != nil {
		return nil, false, err
	}
	if err := tx.recordPumpOdometer(ctx, t, last); err != nil {
		return nil, false, err
	}
	if err := tx.purchaseDecided(ctx, t); err != nil {
		return nil, false, err
	}
	return t, true, nil
}

// purchaseDecided publishes the decision on new purchase t in its
// transaction, whatever its entry point (a network purchase, a card
// authorization declined, a capture): transaction.approved or
// transaction.declined (fuelportal.PurchaseEvent: a decline on a company
// card is an alert and a mail for its owners, pushes to them and a notice
// to the card's driver); recorded purchase and event stand or fall
// together.
func (tx *Tx) purchaseDecided(ctx context.Context, t *fuelportal.Transaction) error {
	if t.CompanyID == 0 {
		return nil
	}
	return tx.Publish(ctx, fuelportal.PurchaseEvent(t))
}

// checkPurchaseDate refuses (EINVALID, nothing recorded) a purchase dated
// in the future or before its card (as read in pc) existed.
func checkPurchaseDate(p *fuelportal.CardPurchase, pc *purchaseCardRead, now time.Time) error {
	var cardCreated time.Time
	if pc.card != nil {
		cardCreated = pc.card.CreatedAt
	}
	return fuelportal.CheckPurchaseDate(p.TransactionDate, now, cardCreated)
}

// newPurchase returns the row of purchase p (network id netID) as read
// (pc, its station known), before the decision: priced at the card's
// contract price (the pump's for an unknown card). Created at now; no id
// yet.
func newPurchase(p *fuelportal.CardPurchase, netID string, pc *purchaseCardRead, now time.Time) *fuelportal.Transaction {
	station := pc.station
	t := &fuelportal.Transaction{
		NetworkTransactionID: netID,
		CardNumber:           strings.TrimSpace(p.CardNumber),
		LocationID:           station.ID,
		LocationName:         station.Name,
		LocationAddress:      stationAddress(station),
		TransactionDate:      purchaseInstant(p, station),
		Product:              cmp.Or(p.Product, fuelportal.ProductDiesel),
		Gallons:              p.Gallons,
		RetailPrice:          p.RetailPrice,
		NetPrice:             p.RetailPrice,
		CreatedAt:            now,
	}
	if card := pc.card; card != nil {
		t.CompanyID, t.CardID, t.DriverCardName, t.DriverID = card.CompanyID, card.ID, card.DriverName, card.DriverID
		t.UnitNumber, t.VehicleID, t.Odometer = card.UnitNumber, pc.vehicleID, p.Prompt.Odometer
		t.HolderUserID = card.DriverUserID // the card's history stays the company's: this purchase is its holder's
		t.NetPrice = pc.contract.Price(p.RetailPrice, station.NetPrice)
	}
	return t
}

// purchaseInstant is when purchase p at station s happened: a report of
// the station's clock is read in the station's time zone (from its
// coordinates; fuelportal.DefaultTimeZone where the zone map has none),
// which is looked up only then.
func purchaseInstant(p *fuelportal.CardPurchase, s *fuelportal.Station) time.Time {
	if !p.StationClock {
		return p.Instant(nil)
	}
	return p.Instant(stationLocation(s))
}

// stationLocation is station s's time zone, from its coordinates
// (fuelportal.DefaultTimeZone where the zone map has none).
func stationLocation(s *fuelportal.Station) *time.Location {
	loc, _ := timezone.At(s.Latitude, s.Longitude, defaultLocation)
	return loc
}

var defaultLocation = (&fuelportal.CompanyControls{}).Location()

// purchaseFacts are the facts of the decision on purchase t (its row
// before the decision) as read (pc), with what was keyed at the pump and
// the vehicle's last odometer reading (nil: none), the card's history h, its
// company's wallet balance, and its active trip (nil: none) that t fits as
// fit, at now.
func purchaseFacts(pc *purchaseCardRead, keyed fuelportal.PumpPrompt, last *fuelportal.OdometerReading, t *fuelportal.Transaction, h rules.CardHistory, walletCents int64,
	trip *fuelportal.Trip, fit fuelportal.PlanFit, now time.Time) rules.PurchaseFacts {
	f := rules.PurchaseFacts{Card: pc.card, Station: pc.station, Product: t.Product, Gallons: t.Gallons,
		RetailPrice: t.RetailPrice, Price: t.NetPrice, Time: t.TransactionDate, Contract: pc.contract,
		History: h, Trip: trip, Fit: fit, WalletCents: walletCents, PromptMode: pc.prompt, Prompt: keyed, LastOdometer: last}
	if pc.rules != nil {
		f.Controls, f.Location, f.Overridden = pc.rules.Controls, pc.rules.Location, pc.rules.Overridden(now)
	}
	return f
}

// applyDecision sets t's outcome: its status, decline code and amounts.
func applyDecision(t *fuelportal.Transaction, d rules.Decision) {
	t.Status, t.DeclineReason = d.Status, d.Reason
	t.DiscountCents, t.FeeCents, t.FundedTotalCents = d.Amounts.DiscountCents, d.Amounts.FeeCents, d.Amounts.FundedTotalCents
}

// declineForFunds declines t, approved, when the ledger's guarded debit
// finds the wallet too low to pay it after all (moved since the decision
// read it).
func declineForFunds(t *fuelportal.Transaction, contract *fuelportal.Contract) {
	applyDecision(t, rules.Decision{Status: fuelportal.TransactionDeclined, Reason: rules.FundsDecline(contract)})
}

// insertPurchase inserts purchase t's row with status and code (the
// decision's, or a placeholder a later updatePurchase replaces), setting
// t.ID and t.InvoiceRef; false, with nothing written, when a purchase with
// t's network transaction id is recorded already.
func (tx *Tx) insertPurchase(ctx context.Context, t *fuelportal.Transaction, status fuelportal.TransactionStatus, code fuelportal.DeclineReason) (bool, error) {
	err := tx.QueryRow(ctx, `
		INSERT INTO card_transactions (network_transaction_id, company_id, card_id, card_number, driver_card_name, driver_id,
			location_id, location_name, location_address, transaction_date, product_code, gallons_milli,
			retail_price_tenth_cents, net_price_tenth_cents, status, decline_code, created_at, driver_user_id,
			unit_number, vehicle_id, odometer_miles)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (network_transaction_id) DO NOTHING
		RETURNING id`,
		t.NetworkTransactionID, nullInt(t.CompanyID), nullInt(t.CardID), t.CardNumber, t.DriverCardName, t.DriverID,
		t.LocationID, t.LocationName, t.LocationAddress, t.TransactionDate, t.Product, t.Gallons,
		t.RetailPrice, t.NetPrice, status, code, t.CreatedAt, nullInt(t.HolderUserID),
		t.UnitNumber, nullInt(t.VehicleID), t.Odometer,
	).Scan(&t.ID)
	if isNoRows(err) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	t.InvoiceRef = fuelportal.InvoiceRef(t.ID)
	return true, nil
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
	// prompt is the card's effective pump prompt; vehicleID the company's
	// vehicle with the card's unit number (0: none).
	prompt    fuelportal.PromptMode
	vehicleID int64
}

// purchaseCardColumns are the columns of a card with all that the
// decision on its purchases needs (purchaseCardJoins); purchaseColumns adds
// the station (as s) and the system accounts' ids.
var purchaseCardColumns = qualify("c", cardColumns) + `,
	ct.company_id, ct.pricing, ct.retail_minus_tenth_cents, ct.billing, ct.credit_limit_cents, ct.fee_cents,
	ct.out_of_route_tenth_cents_per_mile, ct.stop_cost_cents, ct.created_at, ct.updated_at,
	cc.rules, co.rules, co.time_zone, co.prompt, ov.until, tr.id, la.id, v.id`

const purchaseCardJoins = `
		LEFT JOIN contracts ct ON ct.company_id = c.company_id
		LEFT JOIN card_controls cc ON cc.card_id = c.id
		LEFT JOIN company_controls co ON co.company_id = c.company_id
		LEFT JOIN card_overrides ov ON ov.card_id = c.id
		LEFT JOIN trips tr ON tr.card_id = c.id AND tr.status = 'ACTIVE'
		LEFT JOIN ledger_accounts la ON la.company_id = c.company_id
		LEFT JOIN vehicles v ON v.company_id = c.company_id AND v.unit_number = c.unit_number`

var purchaseColumns = qualify("s", stationColumns) + `, ` + purchaseCardColumns + `,
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
		JOIN stations s ON s.id = ?`+purchaseCardJoins+`
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
	s := &fuelportal.Station{}
	var priceDate, stationUpdated nullTime
	var cs purchaseCardScan
	r := &purchaseCardRead{station: s}
	dest := append([]any{&s.ID, &s.Name, &s.StationLocation, &s.Address, &s.City, &s.State, &s.ZipCode, &s.Country,
		&s.Latitude, &s.Longitude, &s.Chain, &s.Affiliate, &s.RetailPrice, &s.NetPrice, &s.IFTARefund, &priceDate, &stationUpdated},
		cs.dest()...)
	if err := row.Scan(append(dest, &r.accounts.fuel.id, &r.accounts.fees.id)...); err != nil {
		return nil, err
	}
	s.PriceDate, s.UpdatedAt = priceDate.Time, stationUpdated.Time
	return r, cs.fill(r)
}

// purchaseCardScan scans purchaseCardColumns into a purchaseCardRead.
type purchaseCardScan struct {
	c                                                                    fuelportal.Card
	cardCreated, cardUpdated                                             nullTime
	driverUser                                                           sql.NullInt64
	contractCompany, retailMinus, creditLimit, fee, outOfRoute, stopCost sql.NullInt64
	pricing, billing                                                     sql.NullString
	contractCreated, contractUpdated, overrideUntil                      nullTime
	cardRules, companyRules, timeZone, companyPrompt                     sql.NullString
	tripID, walletID, vehicleID                                          sql.NullInt64
}

// dest returns the scan destinations of purchaseCardColumns, in order.
func (cs *purchaseCardScan) dest() []any {
	c := &cs.c
	return []any{&c.ID, &c.CompanyID, &c.CardNumber, &c.DriverName, &c.DriverID, &c.UnitNumber, &c.Status, &cs.driverUser, &cs.cardCreated, &cs.cardUpdated, &c.Prompt,
		&cs.contractCompany, &cs.pricing, &cs.retailMinus, &cs.billing, &cs.creditLimit, &cs.fee, &cs.outOfRoute, &cs.stopCost, &cs.contractCreated, &cs.contractUpdated,
		&cs.cardRules, &cs.companyRules, &cs.timeZone, &cs.companyPrompt, &cs.overrideUntil, &cs.tripID, &cs.walletID, &cs.vehicleID}
}

// fill sets r's card, contract, rules, trip id and wallet from the scanned
// values (r.accounts.wallet.id is 0 when the wallet is not opened yet).
func (cs *purchaseCardScan) fill(r *purchaseCardRead) error {
	c := cs.c
	c.DriverUserID, c.CreatedAt, c.UpdatedAt = cs.driverUser.Int64, cs.cardCreated.Time, cs.cardUpdated.Time
	r.card = &c
	if cs.contractCompany.Valid {
		r.contract = &fuelportal.Contract{CompanyID: c.CompanyID, Pricing: fuelportal.PricingPlan(cs.pricing.String), RetailMinusTenthCents: cs.retailMinus.Int64,
			Billing: fuelportal.BillingPlan(cs.billing.String), CreditLimitCents: cs.creditLimit.Int64, FeeCents: cs.fee.Int64,
			OutOfRouteTenthCentsPerMile: cs.outOfRoute.Int64, StopCostCents: cs.stopCost.Int64,
			CreatedAt: cs.contractCreated.Time, UpdatedAt: cs.contractUpdated.Time}
	} else {
		r.contract = fuelportal.DefaultContract(c.CompanyID)
	}
	var err error
	if r.rules, err = newCardRules(cs.cardRules, cs.companyRules, cs.timeZone, cs.overrideUntil); err != nil {
		return err
	}
	r.tripID = cs.tripID.Int64
	r.prompt = c.Prompt.Or(fuelportal.PromptMode(cs.companyPrompt.String))
	r.vehicleID = cs.vehicleID.Int64
	r.accounts.wallet = ledgerAccount{id: cs.walletID.Int64, wallet: true}
	return nil
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
