package store

// Real-time authorizations and their holds on the wallet (schema and
// invariants: migrations 00500_card_authorizations.sql). A hold moves no
// money: it raises the wallet row's held_cents, under the same guard and
// lock as a debit (the available balance, balance_cents - held_cents, may
// not go below the contract's floor), in the transaction that records the
// decision; a capture or release lowers it again in the transaction that
// ends the hold.

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/rules"
)

// errHoldTooLarge: the wallet's available balance cannot take the hold.
var errHoldTooLarge = errors.New("ledger: hold above the available balance")

// authorizationColumns are card_authorizations' columns scanAuthorization reads.
const authorizationColumns = `a.id, a.authorization_id, a.issuer, a.company_id, a.card_id, COALESCE(c.card_number, ''), a.merchant_name, a.station_id,
	a.product, a.requested_cents, a.approved, a.amount_cents, a.decline_code, a.rules_fired, a.timed_out, a.status, a.held_cents,
	a.captured_cents, a.transaction_id, a.authorized_at, a.received_at, a.answered_at, a.latency_micros`

const authorizationFrom = ` FROM card_authorizations a LEFT JOIN cards c ON c.id = a.card_id`

func scanAuthorization(row interface{ Scan(...any) error }) (*fuelportal.Authorization, error) {
	a := &fuelportal.Authorization{}
	var company, card, station, txID sql.NullInt64
	var fired string
	var authorized, received, answered nullTime
	if err := row.Scan(&a.ID, &a.AuthorizationID, &a.Issuer, &company, &card, &a.CardNumber, &a.MerchantName, &station,
		&a.Product, &a.RequestedCents, &a.Approved, &a.AmountCents, &a.DeclineCode, &fired, &a.TimedOut, &a.Status, &a.HeldCents,
		&a.CapturedCents, &txID, &authorized, &received, &answered, &a.LatencyMicros); err != nil {
		return nil, err
	}
	a.CompanyID, a.CardID, a.StationID, a.TransactionID = company.Int64, card.Int64, station.Int64, txID.Int64
	a.AuthorizedAt, a.ReceivedAt, a.AnsweredAt = authorized.Time, received.Time, answered.Time
	if fired != "" {
		a.RulesFired = strings.Split(fired, ",")
	}
	return a, nil
}

// authorizationByID returns the authorization with the issuer's id, or
// sql.ErrNoRows.
func (tx *Tx) authorizationByID(ctx context.Context, id string) (*fuelportal.Authorization, error) {
	return scanAuthorization(tx.QueryRow(ctx, `SELECT `+authorizationColumns+authorizationFrom+` WHERE a.authorization_id = ?`, id))
}

// AuthorizationDecider decides an authorization on its facts (the
// authorizations service passes rules.DecideAuthorization; a test may
// pass a slower one).
type AuthorizationDecider func(rules.AuthorizationFacts) rules.AuthorizationDecision

// DecideAuthorization decides authorization request r and records the
// decision, in one database transaction; it returns the recorded
// authorization with created == true.
//
// It is idempotent on r.ID: an authorization already recorded (also by a
// concurrent call, which waits on the unique index, or by a capture that
// arrived first) is returned as recorded, created == false, and nothing
// more is held.
//
// The facts are read under the card's lock (as RecordPurchase takes it):
// the card (by its issuer's id, or its number on the network), its
// contract, effective controls, override and active trip; the station the
// merchant matches in the catalog (same postal code and a name that
// starts alike; none: the state's average pump price estimates gallons);
// the card's history with its open holds added as purchases; the wallet's
// available balance. An approval holds its amount on the wallet under the
// wallet row's guard (a concurrent hold or debit that took the room first
// makes it a funds decline). answeredAt stamps the answer.
func (db *DB) DecideAuthorization(ctx context.Context, r *fuelportal.AuthorizationRequest, decide AuthorizationDecider) (a *fuelportal.Authorization, created bool, err error) {
	var o *AuthorizationOutcome
	err = db.InTx(ctx, func(tx *Tx) error {
		o, err = tx.DecideAuthorization(ctx, r, decide)
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return o.Authorization, o.Created, nil
}

// AuthorizationOutcome is what deciding an authorization request did.
type AuthorizationOutcome struct {
	Authorization *fuelportal.Authorization
	// Created is false for a request already decided (replayed): nothing
	// more was recorded.
	Created bool
	// Declined is the declined purchase a new decline on a company card
	// recorded (nil otherwise): the driver's and owner's record of it, with
	// its DECLINE alert, as every declined purchase has (purchaseDecided).
	Declined *fuelportal.Transaction
}

// DecideAuthorization is DB.DecideAuthorization within tx, answering what
// it recorded. A new decline on a company card is also recorded as a
// declined purchase of the card (network transaction id: the
// authorization's id; linked as the authorization's transaction) with its
// DECLINE alert and transaction.declined event.
func (tx *Tx) DecideAuthorization(ctx context.Context, r *fuelportal.AuthorizationRequest, decide AuthorizationDecider) (*AuthorizationOutcome, error) {
	d, err := tx.decideAuthorization(ctx, r, decide)
	if err != nil {
		return nil, err
	}
	o := &AuthorizationOutcome{Authorization: d.a, Created: d.created}
	if d.created && !d.a.Approved {
		if o.Declined, err = tx.recordAuthorizationDecline(ctx, d); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// authorizationDecision is a decided request with what was read for it.
type authorizationDecision struct {
	a       *fuelportal.Authorization
	created bool
	r       *fuelportal.AuthorizationRequest
	pc      *purchaseCardRead
	station *fuelportal.Station // the merchant's (nil: not read, an unknown card)
	price   fuelportal.TenthCents
}

func (tx *Tx) decideAuthorization(ctx context.Context, r *fuelportal.AuthorizationRequest, decide AuthorizationDecider) (*authorizationDecision, error) {
	pc, err := tx.authorizationCard(ctx, r)
	if err != nil {
		return nil, err
	}
	a := &fuelportal.Authorization{AuthorizationID: r.ID, Issuer: r.Issuer, MerchantName: r.MerchantName, Product: r.Product,
		RequestedCents: r.AmountCents, AuthorizedAt: r.Created.UTC(), ReceivedAt: r.ReceivedAt.UTC(), Status: fuelportal.AuthorizationDeclined}
	if pc.card != nil {
		a.CompanyID, a.CardID, a.CardNumber = pc.card.CompanyID, pc.card.ID, pc.card.CardNumber
	}
	// A station the issuer names (the network's location id) is read
	// first: an unknown one records nothing, and a station's wall-clock
	// time is read in its zone; its date is checked as a purchase's is.
	var station *fuelportal.Station
	var price fuelportal.TenthCents
	if r.LocationID != 0 {
		if station, price, err = tx.merchantStation(ctx, r); err != nil {
			return nil, err
		}
		a.MerchantName = station.Name
		if r.StationClock {
			a.AuthorizedAt = (&fuelportal.CardPurchase{TransactionDate: r.Created, StationClock: true}).Instant(stationLocation(station))
		}
		var cardCreated time.Time
		if pc.card != nil {
			cardCreated = pc.card.CreatedAt
		}
		if err := fuelportal.CheckPurchaseDate(a.AuthorizedAt, tx.Now, cardCreated); err != nil {
			return nil, err
		}
	}
	// The row first: a concurrent request with the same id waits here.
	err = tx.QueryRow(ctx, `
		INSERT INTO card_authorizations (authorization_id, issuer, company_id, card_id, issuer_card_id, merchant_name, merchant_city,
			merchant_state, merchant_postal_code, merchant_category, product, gallons_milli, prompt_driver_id, prompt_unit_number,
			prompt_odometer, requested_cents, amount_controllable, status, authorized_at, received_at, answered_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (authorization_id) DO NOTHING
		RETURNING id`,
		r.ID, r.Issuer, nullInt(a.CompanyID), nullInt(a.CardID), r.IssuerCardID, a.MerchantName, r.MerchantCity,
		r.MerchantState, r.MerchantPostalCode, r.MerchantCategory, r.Product, r.Gallons, r.Prompt.DriverID, r.Prompt.UnitNumber,
		nullOdometer(r.Prompt.Odometer), r.AmountCents, r.AmountControllable, a.Status, a.AuthorizedAt, a.ReceivedAt, tx.Now, tx.Now,
	).Scan(&a.ID)
	if isNoRows(err) {
		first, err := tx.authorizationByID(ctx, r.ID)
		return &authorizationDecision{a: first, r: r, pc: pc}, err
	} else if err != nil {
		return nil, err
	}
	d := &authorizationDecision{a: a, created: true, r: r, pc: pc}
	facts := rules.AuthorizationFacts{RequestCents: r.AmountCents, Controllable: r.AmountControllable}
	f := &facts.PurchaseFacts
	f.Card, f.Product, f.Gallons, f.Time, f.Contract = pc.card, r.Product, r.Gallons, a.AuthorizedAt, pc.contract
	f.PromptMode, f.Prompt = pc.prompt, r.Prompt
	if pc.vehicleID != 0 && (pc.prompt.AsksOdometer() || r.Prompt.Odometer != nil) {
		if f.LastOdometer, err = tx.lastOdometer(ctx, pc.vehicleID, a.AuthorizedAt); err != nil {
			return nil, err
		}
	}
	if pc.card != nil {
		if station == nil {
			if station, price, err = tx.merchantStation(ctx, r); err != nil {
				return nil, err
			}
		}
		a.StationID = station.ID
		f.Station, f.RetailPrice, f.Price = station, price, price
		d.station, d.price = station, price
		f.Controls, f.Location, f.Overridden = pc.rules.Controls, pc.rules.Location, pc.rules.Overridden(tx.Now)
		t := &fuelportal.Transaction{CompanyID: pc.card.CompanyID, CardID: pc.card.ID, TransactionDate: a.AuthorizedAt}
		sums := rules.NeedsHistory(f.Controls) && !f.Overridden
		if f.History, f.WalletCents, err = tx.cardHistory(ctx, t, rules.PeriodsOf(a.AuthorizedAt, f.Location), sums); err != nil {
			return nil, err
		}
		if pc.tripID != 0 && station.ID != 0 {
			trip, err := tx.trip(ctx, fuelportal.TransactionScope{CompanyID: pc.card.CompanyID, CardID: pc.card.ID}, pc.tripID, false)
			if err != nil {
				return nil, err
			}
			bought, err := tx.tripBought(ctx, trip)
			if err != nil {
				return nil, err
			}
			f.Trip = trip
			if trip.Plan != nil {
				f.Fit = trip.Plan.Fit(bought, station.ID, r.Gallons)
			}
		}
	}
	dec := decide(facts)
	a.Approved, a.AmountCents, a.DeclineCode, a.RulesFired = dec.Approved, dec.AmountCents, dec.Reason, dec.Fired
	if dec.Approved {
		a.Status, a.HeldCents = fuelportal.AuthorizationHeld, dec.AmountCents
	}
	// The answer is written before the hold, which goes last: the wallet
	// row it locks (on PostgreSQL) is then held only until the commit, so
	// the company's concurrent decisions queue on it for as short a time
	// as can be. A hold the wallet cannot take after all rewrites it.
	if err := tx.finishAuthorization(ctx, a, f.Price); err != nil {
		return nil, err
	}
	if dec.Approved {
		switch err := tx.hold(ctx, pc.accounts.wallet, a.CompanyID, dec.AmountCents, pc.contract.MinBalanceCents()); {
		case errors.Is(err, errHoldTooLarge):
			reason := rules.FundsDecline(pc.contract)
			a.Approved, a.AmountCents, a.DeclineCode = false, 0, reason
			a.RulesFired = append(a.RulesFired, string(reason))
			a.Status, a.HeldCents = fuelportal.AuthorizationDeclined, 0
			if err := tx.finishAuthorization(ctx, a, f.Price); err != nil {
				return nil, err
			}
		case err != nil:
			return nil, err
		}
	}
	return d, nil
}

// finishAuthorization writes a's answer to its row, stamped answered now.
func (tx *Tx) finishAuthorization(ctx context.Context, a *fuelportal.Authorization, price fuelportal.TenthCents) error {
	a.AnsweredAt = time.Now().UTC()
	if tx.Now.After(a.AnsweredAt) {
		a.AnsweredAt = tx.Now
	}
	a.LatencyMicros = max(a.AnsweredAt.Sub(a.ReceivedAt).Microseconds(), 0)
	_, err := tx.Exec(ctx, `
		UPDATE card_authorizations SET station_id = ?, price_tenth_cents = ?, approved = ?, amount_cents = ?, decline_code = ?,
			rules_fired = ?, timed_out = ?, status = ?, held_cents = ?, answered_at = ?, latency_micros = ?, updated_at = ?
		WHERE id = ?`,
		nullInt(a.StationID), price, a.Approved, a.AmountCents, a.DeclineCode, strings.Join(a.RulesFired, ","), a.TimedOut,
		a.Status, a.HeldCents, a.AnsweredAt, a.LatencyMicros, tx.Now, a.ID)
	return err
}

// RecordAuthorizationTimeout records the answer to request r given when
// its decision could not finish in time: the company's setting (approve,
// holding the request's amount without the floor's guard, or decline
// AUTHORIZATION_TIMEOUT; an unknown card declines), once per r.ID (a
// decision recorded meanwhile is returned as recorded), with an
// AUTHORIZATION alert for the company's owners (a decline on timeout is
// not a declined purchase: its code is not one of a purchase's).
func (db *DB) RecordAuthorizationTimeout(ctx context.Context, r *fuelportal.AuthorizationRequest) (a *fuelportal.Authorization, created bool, err error) {
	var o *AuthorizationOutcome
	err = db.InTx(ctx, func(tx *Tx) error {
		o, err = tx.RecordAuthorizationTimeout(ctx, r)
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return o.Authorization, o.Created, nil
}

// RecordAuthorizationTimeout is DB.RecordAuthorizationTimeout within tx,
// answering what it recorded.
func (tx *Tx) RecordAuthorizationTimeout(ctx context.Context, r *fuelportal.AuthorizationRequest) (*AuthorizationOutcome, error) {
	d, err := tx.decideAuthorization(ctx, r, func(f rules.AuthorizationFacts) rules.AuthorizationDecision {
		return rules.AuthorizationDecision{Reason: fuelportal.DeclineAuthorizationTimeout, Fired: []string{string(fuelportal.DeclineAuthorizationTimeout)}}
	})
	if err != nil {
		return nil, err
	}
	a := d.a
	o := &AuthorizationOutcome{Authorization: a, Created: d.created}
	if !d.created || a.CompanyID == 0 {
		return o, nil
	}
	var setting fuelportal.AuthorizationTimeout
	if err := tx.QueryRow(ctx, `SELECT authorization_on_timeout FROM companies WHERE id = ?`, a.CompanyID).Scan(&setting); err != nil {
		return nil, err
	}
	a.TimedOut = true
	if setting == fuelportal.TimeoutApprove {
		wallet, err := tx.walletAccount(ctx, a.CompanyID)
		if err != nil {
			return nil, err
		}
		if err := tx.hold(ctx, wallet, a.CompanyID, r.AmountCents, math.MinInt64/4); err != nil {
			return nil, err
		}
		a.Approved, a.AmountCents, a.DeclineCode, a.Status, a.HeldCents = true, r.AmountCents, "", fuelportal.AuthorizationHeld, r.AmountCents
		a.RulesFired = []string{"APPROVED_ON_TIMEOUT"}
	}
	if err := tx.finishAuthorization(ctx, a, 0); err != nil {
		return nil, err
	}
	answer := "declined"
	if a.Approved {
		answer = "approved"
	}
	err = tx.addAuthorizationAlert(ctx, a, 0, fmt.Sprintf("A card authorization of %s could not be decided in time and was %s by your timeout setting",
		formatCents(r.AmountCents), answer))
	if err != nil {
		return nil, err
	}
	return o, nil
}

// recordAuthorizationDecline records new declined authorization d on a
// company card as a declined purchase of the card, as a declined network
// purchase is (purchaseDecided: its DECLINE alert and
// transaction.declined event), and links it as the authorization's
// transaction, so the driver's and the owner's lists show it with its
// reason and the owner's detail shows the decision. An unknown card
// records nothing (nil).
func (tx *Tx) recordAuthorizationDecline(ctx context.Context, d *authorizationDecision) (*fuelportal.Transaction, error) {
	card, a, r := d.pc.card, d.a, d.r
	if card == nil || a.CompanyID == 0 {
		return nil, nil
	}
	station := d.station
	if station == nil {
		station = &fuelportal.Station{}
	}
	// Gallons are unknown at the pump: those the request would buy at the
	// merchant's price (as a capture without a quantity), else one.
	gallons := r.Gallons
	if gallons <= 0 {
		gallons = 1_000
		if d.price > 0 {
			gallons = fuelportal.Gallons(min(max(r.AmountCents*10_000/int64(d.price), 1), int64(fuelportal.MaxPurchaseGallons)))
		}
	}
	t := &fuelportal.Transaction{NetworkTransactionID: a.AuthorizationID, CompanyID: card.CompanyID, CardID: card.ID, CardNumber: card.CardNumber,
		DriverCardName: card.DriverName, DriverID: card.DriverID, HolderUserID: card.DriverUserID, UnitNumber: card.UnitNumber,
		VehicleID: d.pc.vehicleID, Odometer: r.Prompt.Odometer, LocationID: station.ID, LocationName: cmp.Or(station.Name, r.MerchantName),
		LocationAddress: stationAddress(station), TransactionDate: a.AuthorizedAt, Product: r.Product, Gallons: gallons,
		RetailPrice: d.price, NetPrice: d.price, Status: fuelportal.TransactionDeclined, DeclineReason: a.DeclineCode, CreatedAt: tx.Now}
	switch inserted, err := tx.insertPurchase(ctx, t, t.Status, t.DeclineReason); {
	case err != nil:
		return nil, err
	case !inserted:
		return nil, nil // a purchase with this id is recorded already
	}
	if err := tx.updatePurchase(ctx, t); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE card_authorizations SET transaction_id = ? WHERE id = ?`, t.ID, a.ID); err != nil {
		return nil, err
	}
	a.TransactionID = t.ID
	if err := tx.purchaseDecided(ctx, t); err != nil {
		return nil, err
	}
	return t, nil
}

func nullOdometer(o *int64) sql.NullInt64 {
	if o == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: *o, Valid: true}
}

// authorizationCard reads the card of request r with all its decision
// needs (purchaseCardColumns), locking the card's row as purchaseCard
// does; a card that is not ours reads as a nil card.
func (tx *Tx) authorizationCard(ctx context.Context, r *fuelportal.AuthorizationRequest) (*purchaseCardRead, error) {
	lock := ""
	if tx.Engine() == Postgres {
		lock = ` FOR NO KEY UPDATE OF c`
	}
	where, arg := `c.issuer = 'stripe' AND c.issuer_card_id = ?`, r.IssuerCardID
	if r.Issuer != fuelportal.IssuerStripe {
		where, arg = `c.card_number = ?`, r.CardNumber
	}
	var cs purchaseCardScan
	err := tx.QueryRow(ctx, `SELECT `+purchaseCardColumns+` FROM cards c`+purchaseCardJoins+` WHERE `+where+lock, arg).Scan(cs.dest()...)
	if isNoRows(err) {
		return &purchaseCardRead{}, nil
	} else if err != nil {
		return nil, err
	}
	pc := &purchaseCardRead{}
	return pc, cs.fill(pc)
}

// merchantStation is the catalog's station of r's merchant and its pump
// price: the station r names by location id (EUNPROCESSABLE when unknown;
// priced at r's reported pump price, else the catalog's); else one with the merchant's postal code whose name starts with the
// merchant name's first word (or the only one at that postal code). None
// matching: a station of the merchant's state and city without an id or
// coordinates, priced at the state's average pump price (0: no station of
// the state has a price).
func (tx *Tx) merchantStation(ctx context.Context, r *fuelportal.AuthorizationRequest) (*fuelportal.Station, fuelportal.TenthCents, error) {
	if r.LocationID != 0 {
		s, err := tx.GetStation(ctx, r.LocationID)
		if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
			return nil, 0, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "Unknown location %d", r.LocationID)
		} else if err != nil {
			return nil, 0, err
		}
		if r.RetailPrice > 0 {
			return s, r.RetailPrice, nil
		}
		return s, s.RetailPrice, nil
	}
	zip := strings.TrimSpace(r.MerchantPostalCode)
	if len(zip) > 5 {
		zip = zip[:5]
	}
	if zip != "" {
		rows, err := tx.Query(ctx, `SELECT `+stationColumns+` FROM stations WHERE zip_code = ? ORDER BY id LIMIT 50`, zip)
		if err != nil {
			return nil, 0, err
		}
		var found []*fuelportal.Station
		for rows.Next() {
			s, err := scanStation(rows)
			if err != nil {
				rows.Close()
				return nil, 0, err
			}
			found = append(found, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, 0, err
		}
		word := firstWord(r.MerchantName)
		for _, s := range found {
			if word != "" && (firstWord(s.Name) == word || strings.EqualFold(s.Chain, word)) {
				return s, s.RetailPrice, nil
			}
		}
		if len(found) == 1 {
			return found[0], found[0].RetailPrice, nil
		}
	}
	s := &fuelportal.Station{Name: r.MerchantName, City: r.MerchantCity, State: strings.ToUpper(strings.TrimSpace(r.MerchantState)), ZipCode: zip}
	var avg sql.NullFloat64
	if err := tx.QueryRow(ctx, `SELECT AVG(retail_price_tenth_cents) FROM stations WHERE state = ? AND retail_price_tenth_cents > 0`, s.State).Scan(&avg); err != nil {
		return nil, 0, err
	}
	s.RetailPrice = fuelportal.TenthCents(math.Round(avg.Float64))
	return s, s.RetailPrice, nil
}

// firstWord is the first word of a name, upper case, without punctuation
// ("Pilot Travel Center #412" → "PILOT", "LOVE'S #201" → "LOVES").
func firstWord(name string) string {
	fields := strings.Fields(name)
	if len(fields) == 0 {
		return ""
	}
	return strings.ToUpper(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, fields[0]))
}

// heldGallonsSQL is the gallons an open hold of card_authorizations
// stands for: what the pump reported, else the held amount's at the price
// it was decided at (rounded down, as the decision estimates them).
const heldGallonsSQL = `CASE WHEN gallons_milli > 0 THEN gallons_milli
	WHEN price_tenth_cents > 0 THEN held_cents * 10000 / price_tenth_cents ELSE 0 END`

// hold raises the wallet's held cents by cents when its available balance
// stays at or above floor (errHoldTooLarge otherwise, nothing written),
// opening the wallet on first use (walletID 0).
func (tx *Tx) hold(ctx context.Context, wallet ledgerAccount, companyID, cents, floor int64) error {
	if wallet.id == 0 {
		var err error
		if wallet, err = tx.walletAccount(ctx, companyID); err != nil {
			return err
		}
	}
	var available int64
	var threshold sql.NullInt64
	err := tx.QueryRow(ctx, `
		UPDATE ledger_accounts SET held_cents = held_cents + ?
		WHERE id = ? AND balance_cents - held_cents - ? >= ?
		RETURNING balance_cents - held_cents, (SELECT wallet_low_threshold_cents FROM companies WHERE id = ?)`,
		cents, wallet.id, cents, floor, companyID).Scan(&available, &threshold)
	if isNoRows(err) {
		return errHoldTooLarge
	} else if err != nil {
		return err
	}
	// A hold lowers the wallet's available balance as a debit does.
	return tx.walletMoved(ctx, companyID, available+cents, available, threshold)
}

// releaseHold ends authorization a's hold (HELD) as status, lowering its
// wallet's held cents by what it held.
func (tx *Tx) releaseHold(ctx context.Context, a *fuelportal.Authorization, status fuelportal.AuthorizationStatus) error {
	if a.Status == fuelportal.AuthorizationHeld && a.HeldCents > 0 {
		if _, err := tx.Exec(ctx, `UPDATE ledger_accounts SET held_cents = held_cents - ? WHERE company_id = ?`, a.HeldCents, a.CompanyID); err != nil {
			return err
		}
	}
	a.Status, a.HeldCents = status, 0
	_, err := tx.Exec(ctx, `UPDATE card_authorizations SET status = ?, held_cents = 0, updated_at = ? WHERE id = ?`, status, tx.Now, a.ID)
	return err
}

// ReleaseAuthorization releases the hold of the authorization with the
// issuer's id id (reversed or expired). An unknown id, or one not HELD,
// changes nothing (found == false for an unknown one).
func (db *DB) ReleaseAuthorization(ctx context.Context, id string) (a *fuelportal.Authorization, found bool, err error) {
	return db.releaseAuthorization(ctx, "", id)
}

// NetworkHoldLifetime is how long a network authorization's hold lasts
// without a capture or reversal: then it expires and is released, as
// Stripe expires its own (the network never told the portal the pump's
// outcome).
const NetworkHoldLifetime = 7 * 24 * time.Hour

// ExpireNetworkHolds releases the holds of the network's authorizations
// authorized more than NetworkHoldLifetime before now, each in its own
// transaction under its row's lock (a capture arriving meanwhile wins or
// finds it released), and answers how many it released.
func (db *DB) ExpireNetworkHolds(ctx context.Context, now time.Time) (released int, err error) {
	var ids []string
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT authorization_id FROM card_authorizations
			WHERE status = ? AND issuer = ? AND authorized_at < ? ORDER BY authorized_at LIMIT 1000`,
			fuelportal.AuthorizationHeld, fuelportal.IssuerNetwork, now.Add(-NetworkHoldLifetime).UTC())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	for _, id := range ids {
		if err != nil {
			break
		}
		var a *fuelportal.Authorization
		if a, _, err = db.releaseAuthorization(ctx, fuelportal.IssuerNetwork, id); err == nil && a != nil && a.Status == fuelportal.AuthorizationReleased {
			released++
		}
	}
	return released, err
}

// ReleaseIssuerAuthorization is ReleaseAuthorization of one issuer's
// authorization: another issuer's id reads as unknown (found == false).
func (db *DB) ReleaseIssuerAuthorization(ctx context.Context, issuer, id string) (a *fuelportal.Authorization, found bool, err error) {
	return db.releaseAuthorization(ctx, issuer, id)
}

func (db *DB) releaseAuthorization(ctx context.Context, issuer, id string) (a *fuelportal.Authorization, found bool, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		a, err = tx.lockedAuthorization(ctx, id)
		if isNoRows(err) || err == nil && issuer != "" && a.Issuer != issuer {
			a = nil
			return nil
		} else if err != nil {
			return err
		}
		found = true
		if a.Status != fuelportal.AuthorizationHeld {
			return nil
		}
		return tx.releaseHold(ctx, a, fuelportal.AuthorizationReleased)
	})
	return a, found, err
}

// lockedAuthorization reads the authorization with the issuer's id id,
// locking its row (PostgreSQL) so a release and a capture of it wait for
// each other.
func (tx *Tx) lockedAuthorization(ctx context.Context, id string) (*fuelportal.Authorization, error) {
	lock := ""
	if tx.Engine() == Postgres {
		lock = ` FOR UPDATE OF a`
	}
	return scanAuthorization(tx.QueryRow(ctx, `SELECT `+authorizationColumns+authorizationFrom+` WHERE a.authorization_id = ?`+lock, id))
}

// TransactionAuthorization returns the authorization decision that the
// purchase transactionID of the company became; nil when none.
func (db *DB) TransactionAuthorization(ctx context.Context, companyID, transactionID int64) (a *fuelportal.Authorization, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		a, err = scanAuthorization(tx.QueryRow(ctx, `SELECT `+authorizationColumns+authorizationFrom+`
			WHERE a.transaction_id = ? AND a.company_id = ?`, transactionID, companyID))
		if isNoRows(err) {
			a, err = nil, nil
		}
		return err
	})
	return a, err
}

// Authorization returns the authorization with the issuer's id id, or
// ENOTFOUND.
func (db *DB) Authorization(ctx context.Context, id string) (a *fuelportal.Authorization, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		a, err = tx.authorizationByID(ctx, id)
		return notFound(err, "Authorization not found")
	})
	return a, err
}

// CompanyAuthorizationTimeout returns the company's answer on timeout.
func (db *DB) CompanyAuthorizationTimeout(ctx context.Context, companyID int64) (t fuelportal.AuthorizationTimeout, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		return notFound(tx.QueryRow(ctx, `SELECT authorization_on_timeout FROM companies WHERE id = ?`, companyID).Scan(&t), "Company not found")
	})
	return t, err
}

// SetCompanyAuthorizationTimeout saves the company's answer on timeout.
func (db *DB) SetCompanyAuthorizationTimeout(ctx context.Context, companyID int64, t fuelportal.AuthorizationTimeout) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE companies SET authorization_on_timeout = ? WHERE id = ?`, t, companyID)
		return err
	})
}

// addAuthorizationAlert publishes authorization.alert (an AUTHORIZATION
// alert for the owners of authorization a's company, also mailed), on its
// card, saying message.
func (tx *Tx) addAuthorizationAlert(ctx context.Context, a *fuelportal.Authorization, transactionID int64, message string) error {
	var driverName string
	if a.CardID != 0 {
		if err := tx.QueryRow(ctx, `SELECT driver_name FROM cards WHERE id = ?`, a.CardID).Scan(&driverName); err != nil {
			return err
		}
	}
	return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventAuthorizationAlert, CompanyID: a.CompanyID, Alert: &fuelportal.Alert{
		Message: message, CardID: a.CardID, CardNumber: a.CardNumber, DriverName: driverName, TransactionID: transactionID}})
}

// formatCents writes cents as dollars ("$1234.50").
func formatCents(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s$%d.%02d", sign, cents/100, cents%100)
}
