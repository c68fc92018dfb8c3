package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/rules"
)

// CardFacts are what a decision on a card's money needs (a network
// purchase, an authorization request, a capture), read in one call under
// the card's lock (PurchaseFacts, AuthorizationFacts, CaptureFacts): on
// PostgreSQL the lock serialises the decisions on one card, so none slips
// past a limit between reading the card's history and writing its
// outcome; SQLite serialises writers anyway. The purchases service decides
// on them (rules) and writes the outcome with the store's primitives in
// the same transaction.
type CardFacts struct {
	// Station is where (nil: a location the catalog does not know, for a
	// purchase; the merchant's name and address without an id when no
	// station matches, for an authorization or capture); Price is its pump
	// price per gallon the authorization's or capture's gallons are
	// estimated at (the issuer's report, the station's, else the state's
	// average).
	Station *fuelportal.Station
	Price   fuelportal.TenthCents
	// StationMatch is how an authorization's or capture's merchant matched
	// the catalog (merchantStation; exact for a purchase's location);
	// CandidateLocationIDs the stations an ambiguous one may be.
	StationMatch         fuelportal.StationMatch
	CandidateLocationIDs []int64
	// Card is nil for a number (or issuer card id) that is no card of
	// ours; the rest is read only for a card of ours.
	Card     *fuelportal.Card
	Contract *fuelportal.Contract
	Rules    *CardRules // its own controls over the company's, the override
	// PromptMode is the card's effective pump prompt; VehicleID the
	// company's vehicle with the card's unit number (0: none).
	PromptMode fuelportal.PromptMode
	VehicleID  int64
	// OnTimeout is the company's answer when a decision passes its
	// deadline.
	OnTimeout fuelportal.AuthorizationTimeout
	// PumpSettings is the pump check that applies to the card (its
	// group's, else its company's); Pump the check's facts, read when it
	// is on and the purchase's unit has a fix (nil: the check does not
	// apply).
	PumpSettings fuelportal.PumpCheckSettings
	Pump         *rules.PumpFacts
	// Instant is when the purchase happened (UTC): a station's wall-clock
	// reading placed in its time zone.
	Instant time.Time
	// History is what the card's approved purchases and open holds add up
	// to around Instant (the sums only when a rule needs them), WalletCents
	// the wallet's available balance (balance less holds; 0 while it is
	// not opened).
	History     rules.CardHistory
	WalletCents int64
	// LastOdometer is the vehicle's latest reading up to Instant (read only
	// when the card asks for an odometer or one was keyed; nil: none).
	LastOdometer *fuelportal.OdometerReading
	// Trip is the card's active trip (nil: none) and Bought what was bought
	// under its current plan, open holds at their stations included.
	Trip   *fuelportal.Trip
	Bought fuelportal.TripBought
	// Recorded is the purchase already recorded under the network id (a
	// retry), when the facts read looked for it: a capture always, a
	// purchase at an unknown location.
	Recorded *fuelportal.Transaction
	// Authorization is a capture's authorization, its row locked (nil: the
	// portal never saw it), with the pump's gallons its updates reported.
	Authorization        *fuelportal.Authorization
	AuthorizationGallons fuelportal.Gallons

	tripID   int64
	accounts purchaseAccounts
}

// Overridden reports whether an override lifts the card's rules at now.
func (f *CardFacts) Overridden(now time.Time) bool { return f.Rules != nil && f.Rules.Overridden(now) }

// PurchaseFacts reads the facts of network purchase p (its card by number,
// its station by location id). Round trips: one locking read of the card
// with its station, contract, rules, active trip and accounts; the card's
// history with the wallet's balance; the trip and what it bought, and the
// vehicle's last odometer, only when there are some.
func (tx *Tx) PurchaseFacts(ctx context.Context, p *fuelportal.CardPurchase) (*CardFacts, error) {
	f, err := tx.purchaseCard(ctx, strings.TrimSpace(p.CardNumber), p.LocationID)
	if err != nil {
		return nil, err
	}
	if f.Station == nil {
		// An unknown location: nothing to decide, unless the purchase was
		// recorded before (a retry is answered as first recorded).
		if t, err := tx.transactionByNetworkID(ctx, strings.TrimSpace(p.NetworkTransactionID)); err == nil {
			f.Recorded = t
		} else if !isNoRows(err) {
			return nil, err
		}
		return f, nil
	}
	f.Instant = purchaseInstant(p, f.Station)
	f.Price = p.RetailPrice
	if err := tx.cardFacts(ctx, f, p.Prompt.Odometer != nil); err != nil {
		return nil, err
	}
	return f, tx.pumpFacts(ctx, f, p.Prompt.UnitNumber)
}

// AuthorizationFacts reads the facts of authorization request r: its card
// (by the issuer's card id, or its number on the network), the catalog's
// station of its merchant (merchantStation: the station r names, else a
// match by postal code and name), the card's history with its open holds,
// the wallet's available balance, the trip and the odometer. A station r
// names that the catalog does not know is EUNPROCESSABLE.
func (tx *Tx) AuthorizationFacts(ctx context.Context, r *fuelportal.AuthorizationRequest) (*CardFacts, error) {
	f, err := tx.authorizationCard(ctx, r)
	if err != nil {
		return nil, err
	}
	f.Instant = r.Created.UTC()
	if r.LocationID == 0 && f.Card == nil {
		return f, nil // a card that is not ours: nothing more to read
	}
	if err := tx.matchMerchant(ctx, f, r); err != nil {
		return nil, err
	}
	if r.LocationID != 0 && r.StationClock {
		f.Instant = (&fuelportal.CardPurchase{TransactionDate: r.Created, StationClock: true}).Instant(stationLocation(f.Station))
	}
	if err := tx.cardFacts(ctx, f, r.Prompt.Odometer != nil); err != nil {
		return nil, err
	}
	return f, tx.pumpFacts(ctx, f, r.Prompt.UnitNumber)
}

// CaptureFacts reads the facts of captured transaction c: its card, the
// purchase recorded under c's id before (a retry: nothing else is read),
// its authorization (locked), the merchant's station, the card's active
// trip with what it bought.
func (tx *Tx) CaptureFacts(ctx context.Context, c *fuelportal.IssuingCapture) (*CardFacts, error) {
	r := captureRequest(c)
	f, err := tx.authorizationCard(ctx, r) // the card's lock: captures and decisions on it queue
	if err != nil {
		return nil, err
	}
	if t, err := tx.transactionByNetworkID(ctx, c.TransactionID); err == nil {
		f.Recorded = t
		return f, nil
	} else if !isNoRows(err) {
		return nil, err
	}
	if f.Card == nil {
		return f, nil
	}
	if c.AuthorizationID != "" {
		switch a, err := tx.lockedAuthorization(ctx, c.AuthorizationID); {
		case err == nil:
			f.Authorization = a
			if err := tx.QueryRow(ctx, `SELECT gallons_milli FROM card_authorizations WHERE id = ?`, a.ID).Scan(&f.AuthorizationGallons); err != nil {
				return nil, err
			}
		case !isNoRows(err):
			return nil, err
		}
	}
	if err := tx.matchMerchant(ctx, f, r); err != nil {
		return nil, err
	}
	f.Instant = c.Created.UTC()
	if c.StationClock {
		f.Instant = (&fuelportal.CardPurchase{TransactionDate: c.Created, StationClock: true}).Instant(stationLocation(f.Station))
	}
	return f, tx.tripFacts(ctx, f)
}

// captureRequest is the request shape of capture c by which its card and
// merchant station are read.
func captureRequest(c *fuelportal.IssuingCapture) *fuelportal.AuthorizationRequest {
	r := &fuelportal.AuthorizationRequest{ID: c.AuthorizationID, Issuer: fuelportal.IssuerStripe, IssuerCardID: c.IssuerCardID,
		MerchantName: c.MerchantName, MerchantCity: c.MerchantCity, MerchantState: c.MerchantState, MerchantPostalCode: c.MerchantPostalCode,
		Created: c.Created, AmountCents: c.AmountCents, Product: c.Product, Gallons: c.Gallons,
		CardNumber: c.CardNumber, LocationID: c.LocationID, RetailPrice: c.RetailPrice}
	if c.Issuer == fuelportal.IssuerNetwork {
		r.Issuer = fuelportal.IssuerNetwork
	}
	return r
}

// cardFacts reads, for f's card of ours at f.Station and f.Instant, the
// vehicle's last odometer (when the card asks for one or one was keyed),
// the card's history with the wallet's available balance, and the
// active trip.
func (tx *Tx) cardFacts(ctx context.Context, f *CardFacts, keyedOdometer bool) error {
	var err error
	if f.VehicleID != 0 && (f.PromptMode.AsksOdometer() || keyedOdometer) {
		if f.LastOdometer, err = tx.lastOdometer(ctx, f.VehicleID, f.Instant); err != nil {
			return err
		}
	}
	if f.Card == nil {
		return nil
	}
	sums := rules.NeedsHistory(f.Rules.Controls) && !f.Overridden(tx.Now)
	at := &fuelportal.Transaction{CompanyID: f.Card.CompanyID, CardID: f.Card.ID, TransactionDate: f.Instant}
	if f.History, f.WalletCents, err = tx.cardHistory(ctx, at, rules.PeriodsOf(f.Instant, f.Rules.Location), sums); err != nil {
		return err
	}
	if (f.Station == nil || f.Station.ID == 0) && f.StationMatch != fuelportal.StationAmbiguous {
		return nil // no plan has a stop at an unknown station
	}
	return tx.tripFacts(ctx, f)
}

// matchMerchant sets f's station, price and match for r's merchant
// (merchantStation; on an ambiguous match the candidate that is a stop of
// the card's active trip's plan counts as that stop).
func (tx *Tx) matchMerchant(ctx context.Context, f *CardFacts, r *fuelportal.AuthorizationRequest) error {
	m, err := tx.merchantStation(ctx, r, f.tripID)
	if err != nil {
		return err
	}
	f.Station, f.Price, f.StationMatch, f.CandidateLocationIDs = m.station, m.price, m.match, m.candidates
	return nil
}

// tripFacts reads f's card's active trip and what was bought under its
// plan (none: nothing read).
func (tx *Tx) tripFacts(ctx context.Context, f *CardFacts) error {
	if f.tripID == 0 {
		return nil
	}
	var err error
	if f.Trip, err = tx.trip(ctx, fuelportal.TransactionScope{CompanyID: f.Card.CompanyID, CardID: f.Card.ID}, f.tripID, false); err != nil {
		return err
	}
	var except int64 // a capture's authorization: its purchase counts instead of its hold
	if f.Authorization != nil {
		except = f.Authorization.ID
	}
	f.Bought, err = tx.tripBought(ctx, f.Trip, except)
	return err
}

// purchaseCardColumns are the columns of a card with all that the
// decision on its purchases needs (purchaseCardJoins); purchaseColumns adds
// the station (as s) and the system accounts' ids.
var purchaseCardColumns = qualify("c", cardColumns) + `,
	ct.company_id, ct.pricing, ct.retail_minus_tenth_cents, ct.billing, ct.credit_limit_cents, ct.fee_cents,
	ct.out_of_route_tenth_cents_per_mile, ct.stop_cost_cents, ct.created_at, ct.updated_at,
	cc.rules, co.rules, co.time_zone, co.prompt, ov.until, ov.lifts_prompt, tr.id, la.id, v.id, cm.authorization_on_timeout,
	cm.pump_check, mg.pump_check, c.group_id`

const purchaseCardJoins = `
		LEFT JOIN contracts ct ON ct.company_id = c.company_id
		LEFT JOIN card_controls cc ON cc.card_id = c.id
		LEFT JOIN company_controls co ON co.company_id = c.company_id
		LEFT JOIN card_overrides ov ON ov.card_id = c.id
		LEFT JOIN trips tr ON tr.card_id = c.id AND tr.status = 'ACTIVE'
		LEFT JOIN ledger_accounts la ON la.company_id = c.company_id
		LEFT JOIN vehicles v ON v.company_id = c.company_id AND v.unit_number = c.unit_number
		LEFT JOIN companies cm ON cm.id = c.company_id
		LEFT JOIN member_groups mg ON mg.id = c.group_id`

var purchaseColumns = qualify("s", stationColumns) + `, ` + purchaseCardColumns + `,
	(SELECT id FROM ledger_accounts WHERE code = ?), (SELECT id FROM ledger_accounts WHERE code = ?)`

// cardLock is the lock the facts' read of a card takes (PostgreSQL; SQLite
// serialises writers). NO KEY UPDATE: the purchase row inserted next holds
// a KEY SHARE lock on the card through its foreign key, which FOR UPDATE
// would conflict with (a deadlock between two purchases on one card when
// another transaction inserted first).
func (tx *Tx) cardLock() string {
	if tx.Engine() == Postgres {
		return ` FOR NO KEY UPDATE OF c`
	}
	return ""
}

// purchaseCard reads in one statement the station locationID and the card
// with number and all that the decision on its purchase needs, locking the
// card's row. Either the card or the station being unknown finds no row:
// then each is read alone.
func (tx *Tx) purchaseCard(ctx context.Context, number string, locationID int64) (*CardFacts, error) {
	row := tx.QueryRow(ctx, `
		SELECT `+purchaseColumns+`
		FROM cards c
		JOIN stations s ON s.id = ?`+purchaseCardJoins+`
		WHERE c.card_number = ?`+tx.cardLock(),
		accountFuelPurchases, accountFees, locationID, number)
	f, err := scanPurchaseCard(row)
	if !isNoRows(err) {
		return f, err
	}

	// The card or the station is unknown.
	f = &CardFacts{}
	if f.Station, err = tx.GetStation(ctx, locationID); fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		return &CardFacts{}, nil
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
	return f, nil
}

func scanPurchaseCard(row *sql.Row) (*CardFacts, error) {
	s := &fuelportal.Station{}
	var priceDate, stationUpdated nullTime
	var cs purchaseCardScan
	f := &CardFacts{Station: s}
	dest := append([]any{&s.ID, &s.Name, &s.StationLocation, &s.Address, &s.City, &s.State, &s.ZipCode, &s.Country,
		&s.Latitude, &s.Longitude, &s.Chain, &s.Affiliate, &s.RetailPrice, &s.NetPrice, &s.IFTARefund, &priceDate, &stationUpdated},
		cs.dest()...)
	if err := row.Scan(append(dest, &f.accounts.fuel.id, &f.accounts.fees.id)...); err != nil {
		return nil, err
	}
	s.PriceDate, s.UpdatedAt = priceDate.Time, stationUpdated.Time
	return f, cs.fill(f)
}

// authorizationCard reads the card of request r with all its decision
// needs (purchaseCardColumns), locking the card's row as purchaseCard
// does; a card that is not ours reads as a nil card.
func (tx *Tx) authorizationCard(ctx context.Context, r *fuelportal.AuthorizationRequest) (*CardFacts, error) {
	where, arg := `c.issuer = 'stripe' AND c.issuer_card_id = ?`, r.IssuerCardID
	if r.Issuer != fuelportal.IssuerStripe {
		where, arg = `c.card_number = ?`, r.CardNumber
	}
	var cs purchaseCardScan
	err := tx.QueryRow(ctx, `SELECT `+purchaseCardColumns+` FROM cards c`+purchaseCardJoins+` WHERE `+where+tx.cardLock(), arg).Scan(cs.dest()...)
	if isNoRows(err) {
		return &CardFacts{}, nil
	} else if err != nil {
		return nil, err
	}
	f := &CardFacts{}
	return f, cs.fill(f)
}

// purchaseCardScan scans purchaseCardColumns into CardFacts.
type purchaseCardScan struct {
	c                                                                    fuelportal.Card
	cardCreated, cardUpdated                                             nullTime
	driverUser                                                           sql.NullInt64
	contractCompany, retailMinus, creditLimit, fee, outOfRoute, stopCost sql.NullInt64
	pricing, billing                                                     sql.NullString
	contractCreated, contractUpdated, overrideUntil                      nullTime
	overrideLiftsPrompt                                                  sql.NullBool
	cardRules, companyRules, timeZone, companyPrompt, onTimeout          sql.NullString
	tripID, walletID, vehicleID                                          sql.NullInt64
	companyPump, groupPump                                               sql.NullString
	groupID                                                              sql.NullInt64
}

// dest returns the scan destinations of purchaseCardColumns, in order.
func (cs *purchaseCardScan) dest() []any {
	c := &cs.c
	return []any{&c.ID, &c.CompanyID, &c.CardNumber, &c.DriverName, &c.DriverID, &c.UnitNumber, &c.Status, &cs.driverUser, &cs.cardCreated, &cs.cardUpdated, &c.Prompt,
		&cs.contractCompany, &cs.pricing, &cs.retailMinus, &cs.billing, &cs.creditLimit, &cs.fee, &cs.outOfRoute, &cs.stopCost, &cs.contractCreated, &cs.contractUpdated,
		&cs.cardRules, &cs.companyRules, &cs.timeZone, &cs.companyPrompt, &cs.overrideUntil, &cs.overrideLiftsPrompt, &cs.tripID, &cs.walletID, &cs.vehicleID, &cs.onTimeout,
		&cs.companyPump, &cs.groupPump, &cs.groupID}
}

// fill sets f's card, contract, rules, trip id and wallet from the scanned
// values (f.accounts.wallet.id is 0 when the wallet is not opened yet).
func (cs *purchaseCardScan) fill(f *CardFacts) error {
	c := cs.c
	c.DriverUserID, c.CreatedAt, c.UpdatedAt = cs.driverUser.Int64, cs.cardCreated.Time, cs.cardUpdated.Time
	f.Card = &c
	if cs.contractCompany.Valid {
		f.Contract = &fuelportal.Contract{CompanyID: c.CompanyID, Pricing: fuelportal.PricingPlan(cs.pricing.String), RetailMinusTenthCents: cs.retailMinus.Int64,
			Billing: fuelportal.BillingPlan(cs.billing.String), CreditLimitCents: cs.creditLimit.Int64, FeeCents: cs.fee.Int64,
			OutOfRouteTenthCentsPerMile: cs.outOfRoute.Int64, StopCostCents: cs.stopCost.Int64,
			CreatedAt: cs.contractCreated.Time, UpdatedAt: cs.contractUpdated.Time}
	} else {
		f.Contract = fuelportal.DefaultContract(c.CompanyID)
	}
	var err error
	if f.Rules, err = newCardRules(cs.cardRules, cs.companyRules, cs.timeZone, cs.overrideUntil, cs.overrideLiftsPrompt); err != nil {
		return err
	}
	f.tripID = cs.tripID.Int64
	f.PromptMode = c.Prompt.Or(fuelportal.PromptMode(cs.companyPrompt.String))
	f.VehicleID = cs.vehicleID.Int64
	f.OnTimeout = fuelportal.AuthorizationTimeout(cs.onTimeout.String)
	if f.PumpSettings, err = pumpSettings(cs.companyPump, cs.groupPump); err != nil {
		return err
	}
	f.accounts.wallet = ledgerAccount{id: cs.walletID.Int64, wallet: true}
	return nil
}
