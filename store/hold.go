package store

// Holds on a company's wallet (docs/decisions.md, "Holds: the wallet
// touched last"). An authorization's hold is its own row
// (card_authorizations: status HELD, held_cents), and the wallet row keeps
// the sum of its company's open holds (ledger_accounts.held_cents) beside
// its running balance, so the available balance, balance_cents -
// held_cents, is one row's read.
//
// The wallet row is the one row every hold, capture and release of a
// company writes. A transaction does not write it where the flow changes
// it: Tx.hold, Tx.releaseHold and a capture's unguarded debit note the
// change, and the transaction writes all its notes in one guarded UPDATE
// per wallet as its last statement, right before COMMIT
// (Tx.settleWallets, called by the transaction runner). The row's lock is
// then held for one statement and the commit, not for the reads, rules,
// purchase, trip and event rows of the transaction: a company's
// concurrent decisions and captures queue on it only that long.
//
// A guarded hold that the wallet cannot take at that point (a concurrent
// hold or debit took the room after the decision read the wallet) fails
// the whole transaction with ErrHoldTooLarge, nothing written; the
// decision is then taken again on the new balance (DB.InHoldTx), where it
// becomes a smaller approval or a funds decline.

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"fuelportal"
)

// ErrHoldTooLarge: the wallet's available balance could not take a guarded
// hold when the transaction wrote it; nothing was written.
var ErrHoldTooLarge = errors.New("ledger: hold above the available balance")

// holdAttempts bounds how often InHoldTx decides again after
// ErrHoldTooLarge.
const holdAttempts = 8

// walletChange is what one transaction changes on one company's wallet
// row, written by settleWallets.
type walletChange struct {
	companyID     int64
	held, balance int64 // deltas of held_cents and balance_cents
	// floor is the lowest the available balance may be after the change
	// (noFloor: unguarded).
	floor int64
	// held by a guarded hold: a drop of the available balance the owner
	// may be told of (wallet.low), as of a debit.
	notify bool
}

// change returns tx's pending change of the company's wallet.
func (tx *Tx) walletChange(companyID int64) *walletChange {
	for _, c := range tx.wallets {
		if c.companyID == companyID {
			return c
		}
	}
	c := &walletChange{companyID: companyID, floor: noFloor}
	tx.wallets = append(tx.wallets, c)
	return c
}

// hold raises the company's wallet's held cents by cents, guarded: the
// available balance must stay at or above floor (noFloor: unguarded). It
// opens the wallet on first use (wallet.id 0). Written last
// (settleWallets); when the wallet cannot take it then, the transaction
// fails with ErrHoldTooLarge.
func (tx *Tx) hold(ctx context.Context, wallet ledgerAccount, companyID, cents, floor int64) error {
	if wallet.id == 0 {
		if _, err := tx.walletAccount(ctx, companyID); err != nil {
			return err
		}
	}
	c := tx.walletChange(companyID)
	c.held += cents
	if floor != noFloor {
		c.floor, c.notify = max(c.floor, floor), true
	}
	return nil
}

// releaseHold ends authorization a's hold (HELD) as status: its row now,
// the wallet's held cents last (settleWallets).
func (tx *Tx) releaseHold(ctx context.Context, a *fuelportal.Authorization, status fuelportal.AuthorizationStatus) error {
	if a.Status == fuelportal.AuthorizationHeld && a.HeldCents > 0 {
		tx.walletChange(a.CompanyID).held -= a.HeldCents
	}
	a.Status, a.HeldCents = status, 0
	_, err := tx.Exec(ctx, `UPDATE card_authorizations SET status = ?, held_cents = 0, updated_at = ? WHERE id = ?`, status, tx.Now, a.ID)
	return err
}

// debitLast lowers the company's wallet balance by cents without a guard
// (a capture: the issuer has paid), written last (settleWallets).
func (tx *Tx) debitLast(companyID, cents int64) {
	tx.walletChange(companyID).balance -= cents
}

// settleWallets writes tx's wallet changes, one UPDATE per wallet in the
// order of company ids (two transactions never wait on each other's
// wallets crosswise), and tells the owners of a guarded hold that took the
// available balance below their threshold (wallet.low). ErrHoldTooLarge
// when a guard does not hold. It runs right before COMMIT.
func (tx *Tx) settleWallets(ctx context.Context) error {
	changes := tx.wallets
	tx.wallets = nil
	slices.SortFunc(changes, func(a, b *walletChange) int { return cmp.Compare(a.companyID, b.companyID) })
	for _, c := range changes {
		if c.held == 0 && c.balance == 0 {
			continue
		}
		var available int64
		var threshold sql.NullInt64
		err := tx.QueryRow(ctx, `
			UPDATE ledger_accounts SET held_cents = held_cents + ?, balance_cents = balance_cents + ?
			WHERE company_id = ? AND balance_cents + ? - held_cents - ? >= ?
			RETURNING balance_cents - held_cents, (SELECT wallet_low_threshold_cents FROM companies WHERE id = ?)`,
			c.held, c.balance, c.companyID, c.balance, c.held, c.floor, c.companyID).Scan(&available, &threshold)
		if isNoRows(err) {
			if c.floor == noFloor {
				return fmt.Errorf("ledger: company %d has no wallet to settle", c.companyID)
			}
			return ErrHoldTooLarge
		} else if err != nil {
			return err
		}
		if c.notify {
			if err := tx.walletMoved(ctx, c.companyID, available-c.balance+c.held, available, threshold); err != nil {
				return err
			}
		}
	}
	return nil
}

// InHoldTx is InTx for a decision that may hold money with a guard: when
// the wallet cannot take the hold at the end (ErrHoldTooLarge), fn runs
// again in a new transaction, which reads the wallet anew, at most
// holdAttempts times (then ErrHoldTooLarge).
func (db *DB) InHoldTx(ctx context.Context, fn func(tx *Tx) error) error {
	var err error
	for range holdAttempts {
		if err = db.InTx(ctx, fn); !errors.Is(err, ErrHoldTooLarge) {
			return err
		}
	}
	return err
}

// StandInCard is what the stand-in answer of a card's authorization needs
// without the database (authorizations.StandIn keeps them in memory): the
// card, its company's answer on timeout and the card's effective
// per-purchase and daily limits (its own over the company's).
type StandInCard struct {
	CardID, CompanyID          int64
	CardNumber                 string
	Issuer, IssuerCardID       string
	Active                     bool
	OnTimeout                  fuelportal.AuthorizationTimeout
	PerPurchaseCents, DayCents *int64
}

// StandInCards returns every card's StandInCard, or those of company
// companyID when it is not 0.
func (db *DB) StandInCards(ctx context.Context, companyID int64) (cards []StandInCard, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT c.id, c.company_id, c.card_number, c.issuer, COALESCE(c.issuer_card_id, ''), c.status,
				co.authorization_on_timeout, cc.rules, cd.rules
			FROM cards c JOIN companies co ON co.id = c.company_id
			LEFT JOIN card_controls cc ON cc.card_id = c.id
			LEFT JOIN company_controls cd ON cd.company_id = c.company_id
			WHERE ? = 0 OR c.company_id = ?`, companyID, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c StandInCard
			var status string
			var own, company sql.NullString
			if err := rows.Scan(&c.CardID, &c.CompanyID, &c.CardNumber, &c.Issuer, &c.IssuerCardID, &status, &c.OnTimeout, &own, &company); err != nil {
				return err
			}
			cardControls, err := parseControls(own)
			if err != nil {
				return err
			}
			defaults, err := parseControls(company)
			if err != nil {
				return err
			}
			eff := cardControls.Over(defaults)
			c.Active, c.PerPurchaseCents, c.DayCents = fuelportal.CardStatus(status) == fuelportal.CardActive, eff.PerPurchaseCents, eff.DailyCents
			cards = append(cards, c)
		}
		return rows.Err()
	})
	return cards, err
}

// RecordAnswer records answer, given to authorization request r without a
// decision in the database (the stand-in's answer when the decision could
// not finish in time, or a decision whose commit was lost after it was
// answered): once per r.ID, like every decision. An approval holds its
// amount without the floor's guard (the answer is given: the books follow
// it) and counts in the card's limits from then on, as every hold. A
// decision recorded meanwhile (created == false) stays as it is: the
// first record of an id wins. An answer given on timeout (answer.TimedOut)
// raises an AUTHORIZATION alert for the company's owners. The card is
// found by r's card (a card that is not the portal's records no company).
func (tx *Tx) RecordAnswer(ctx context.Context, r *fuelportal.AuthorizationRequest, answer *fuelportal.Authorization) (*AuthorizationOutcome, error) {
	where, arg := `issuer = 'stripe' AND issuer_card_id = ?`, r.IssuerCardID
	if r.Issuer != fuelportal.IssuerStripe {
		where, arg = `card_number = ?`, r.CardNumber
	}
	a := *answer
	a.AuthorizationID, a.Issuer, a.RequestedCents, a.MerchantName = r.ID, r.Issuer, r.AmountCents, r.MerchantName
	a.AuthorizedAt, a.ReceivedAt, a.Product = r.Created.UTC(), r.ReceivedAt.UTC(), r.Product
	a.CompanyID, a.CardID, a.CardNumber, a.StationID, a.HeldCents = 0, 0, "", 0, 0
	err := tx.QueryRow(ctx, `SELECT id, company_id, card_number FROM cards WHERE `+where, arg).Scan(&a.CardID, &a.CompanyID, &a.CardNumber)
	if err != nil && !isNoRows(err) {
		return nil, err
	}
	if a.CompanyID == 0 {
		a.Approved, a.AmountCents = false, 0
		if a.DeclineCode == "" {
			a.DeclineCode = fuelportal.DeclineAuthorizationTimeout
		}
	}
	a.Status = fuelportal.AuthorizationDeclined
	if a.Approved {
		a.Status, a.HeldCents, a.DeclineCode = fuelportal.AuthorizationHeld, a.AmountCents, ""
	} else {
		a.AmountCents = 0
	}
	if a.AnsweredAt.IsZero() {
		a.AnsweredAt = tx.Now
	}
	a.LatencyMicros = max(a.AnsweredAt.Sub(a.ReceivedAt).Microseconds(), 0)
	err = tx.QueryRow(ctx, `
		INSERT INTO card_authorizations (authorization_id, issuer, company_id, card_id, issuer_card_id, merchant_name, merchant_city,
			merchant_state, merchant_postal_code, merchant_category, product, gallons_milli, prompt_driver_id, prompt_unit_number,
			prompt_odometer, requested_cents, amount_controllable, approved, amount_cents, decline_code, rules_fired, timed_out, status,
			held_cents, authorized_at, received_at, answered_at, latency_micros, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (authorization_id) DO NOTHING
		RETURNING id`,
		r.ID, r.Issuer, nullInt(a.CompanyID), nullInt(a.CardID), r.IssuerCardID, a.MerchantName, r.MerchantCity,
		r.MerchantState, r.MerchantPostalCode, r.MerchantCategory, r.Product, r.Gallons, r.Prompt.DriverID, r.Prompt.UnitNumber,
		nullOdometer(r.Prompt.Odometer), r.AmountCents, r.AmountControllable, a.Approved, a.AmountCents, a.DeclineCode,
		strings.Join(a.RulesFired, ","), a.TimedOut, a.Status, a.HeldCents, a.AuthorizedAt, a.ReceivedAt, a.AnsweredAt, a.LatencyMicros, tx.Now,
	).Scan(&a.ID)
	if isNoRows(err) {
		first, err := tx.authorizationByID(ctx, r.ID)
		return &AuthorizationOutcome{Authorization: first}, err
	} else if err != nil {
		return nil, err
	}
	if a.Approved {
		if err := tx.hold(ctx, ledgerAccount{}, a.CompanyID, a.AmountCents, noFloor); err != nil {
			return nil, err
		}
	}
	if a.TimedOut && a.CompanyID != 0 {
		answer := "declined"
		if a.Approved {
			answer = "approved"
		}
		msg := fmt.Sprintf("A card authorization of %s could not be decided in time and was %s by your timeout setting", formatCents(r.AmountCents), answer)
		if err := tx.addAuthorizationAlert(ctx, &a, 0, msg); err != nil {
			return nil, err
		}
	}
	return &AuthorizationOutcome{Authorization: &a, Created: true}, nil
}
