package store

// Holds on a company's wallet (docs/decisions.md, "Holds are their own
// rows"). An authorization's hold is its own row (card_authorizations:
// status HELD, held_cents). The wallet's held cents, the sum of its
// company's open holds, are kept in wallet_holds, one row per company and
// card shard (the card's id modulo holdShards), changed in the
// transaction that changes the hold; the available balance is the
// wallet's balance less their sum (walletHeldSQL). A hold or a release
// writes its own row and its shard's, not the wallet row, so concurrent
// decisions on a company's cards do not queue on one row.
//
// The floor's guard (the available balance may not go below the
// contract's floor) is exact where it matters: a hold that leaves less
// than holdMargin above the floor, as the decision read the wallet, locks
// the wallet row and sums the shards again, committed holds included, and
// so does every guarded debit (a purchase on the feed): those wait on
// each other. A hold further above the floor does not wait; only a debit
// or hold that brings the wallet within holdMargin of its floor while
// such holds are still uncommitted could leave it below by what they
// hold. A hold within holdMargin of the owner's low-wallet threshold,
// either side, takes the same path, so the one move that crosses it is
// judged on the balance the moves before it left (wallet.low is told
// once).
//
// A capture's debit (unguarded: the issuer has paid) changes the wallet's
// running balance: the transaction writes it as its last statement, right
// before COMMIT (settleWallets), so the wallet row's lock is held for one
// statement and the commit, not for the capture's purchase, trip and
// event rows.

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

// holdShards is how many rows of wallet_holds a company's held cents are
// spread over (by card).
const holdShards = 32

// walletHeldSQL is the held cents of the wallet row of ledger_accounts in
// the query: the sum of its company's shards of open holds.
const walletHeldSQL = `(SELECT COALESCE(SUM(wh.held_cents), 0) FROM wallet_holds wh WHERE wh.company_id = ledger_accounts.company_id)`

// holdMargin is how far above the floor a hold leaves the available
// balance, as its decision read it, to be taken without waiting on the
// wallet row: more than a process's pool of concurrent decisions (20)
// could hold at the largest fills.
const holdMargin = int64(25_000_00)

// ErrHoldTooLarge: the wallet's available balance could not take a guarded
// hold; nothing was written.
var ErrHoldTooLarge = errors.New("ledger: hold above the available balance")

// walletChange is what one transaction changes on one company's wallet
// row, written by settleWallets.
type walletChange struct {
	companyID int64
	balance   int64 // delta of balance_cents
}

// walletChange returns tx's pending change of the company's wallet.
func (tx *Tx) walletChange(companyID int64) *walletChange {
	for _, c := range tx.wallets {
		if c.companyID == companyID {
			return c
		}
	}
	c := &walletChange{companyID: companyID}
	tx.wallets = append(tx.wallets, c)
	return c
}

// hold counts the hold of cents of the company's card cardID (its
// authorization row, written HELD in tx) in the wallet's held cents (its
// card's shard), guarded: the available balance must stay at or above
// floor (NoFloor: unguarded). available is the available balance the
// decision read, before the hold. Within holdMargin of the floor the
// wallet row is locked and the shards summed again (committed holds
// included): ErrHoldTooLarge when it does not fit, nothing written (the
// decision becomes a funds decline). So it is within holdMargin of the
// owner's low-wallet threshold, either side: there the move's before and
// after decide whether it crossed the threshold (wallet.low, told once),
// and they must follow the moves before it, not a read that concurrent
// holds on other cards have made stale. A guarded hold returns what it
// did to the wallet with the threshold (WalletMove); an unguarded one
// none.
func (tx *Tx) hold(ctx context.Context, companyID, cardID, cents, floor, available int64) (WalletMove, error) {
	if floor == NoFloor {
		return WalletMove{}, tx.addHeld(ctx, companyID, cardID, cents)
	}
	var threshold sql.NullInt64
	if err := tx.QueryRow(ctx, `SELECT wallet_low_threshold_cents FROM companies WHERE id = ?`, companyID).Scan(&threshold); err != nil {
		return WalletMove{}, err
	}
	after := available - cents
	nearThreshold := threshold.Valid && after < threshold.Int64+holdMargin && available >= threshold.Int64-holdMargin
	if after < floor+holdMargin || nearThreshold {
		locked, err := tx.lockedAvailable(ctx, companyID)
		if err != nil {
			return WalletMove{}, err
		}
		if after = locked - cents; after < floor {
			return WalletMove{}, ErrHoldTooLarge
		}
	}
	if err := tx.addHeld(ctx, companyID, cardID, cents); err != nil {
		return WalletMove{}, err
	}
	return WalletMove{CompanyID: companyID, Before: after + cents, After: after, Threshold: threshold}, nil
}

// addHeld adds cents (negative: a release) to the held cents of the
// company's shard of card cardID.
func (tx *Tx) addHeld(ctx context.Context, companyID, cardID, cents int64) error {
	if cents == 0 || companyID == 0 {
		return nil
	}
	if cents < 0 { // a release: its hold made the row
		_, err := tx.Exec(ctx, `UPDATE wallet_holds SET held_cents = held_cents + ? WHERE company_id = ? AND shard = ?`,
			cents, companyID, cardID%holdShards)
		return err
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO wallet_holds (company_id, shard, held_cents) VALUES (?, ?, ?)
		ON CONFLICT (company_id, shard) DO UPDATE SET held_cents = wallet_holds.held_cents + excluded.held_cents`,
		companyID, cardID%holdShards, cents)
	return err
}

// lockedAvailable locks the company's wallet row (PostgreSQL; SQLite's
// writers are serialised) and then, in a statement of its own (whose
// snapshot sees what committed while it waited), returns its available
// balance. A company without a wallet has 0.
func (tx *Tx) lockedAvailable(ctx context.Context, companyID int64) (int64, error) {
	if tx.Engine() == Postgres {
		var id int64
		err := tx.QueryRow(ctx, `SELECT id FROM ledger_accounts WHERE company_id = ? FOR NO KEY UPDATE`, companyID).Scan(&id)
		if isNoRows(err) {
			return 0, nil
		} else if err != nil {
			return 0, err
		}
	}
	var available int64
	err := tx.QueryRow(ctx, `SELECT balance_cents - `+walletHeldSQL+` FROM ledger_accounts WHERE company_id = ?`, companyID).Scan(&available)
	if isNoRows(err) {
		return 0, nil
	}
	return available, err
}

// releaseHold ends authorization a's hold (HELD) as status: its row, and
// its card's shard of the wallet's held cents.
func (tx *Tx) releaseHold(ctx context.Context, a *fuelportal.Authorization, status fuelportal.AuthorizationStatus) error {
	if a.Status == fuelportal.AuthorizationHeld && a.HeldCents > 0 {
		if err := tx.addHeld(ctx, a.CompanyID, a.CardID, -a.HeldCents); err != nil {
			return err
		}
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
// wallets crosswise). It runs right before COMMIT.
func (tx *Tx) settleWallets(ctx context.Context) error {
	changes := tx.wallets
	tx.wallets = nil
	slices.SortFunc(changes, func(a, b *walletChange) int { return cmp.Compare(a.companyID, b.companyID) })
	for _, c := range changes {
		if c.balance == 0 {
			continue
		}
		res, err := tx.Exec(ctx, `UPDATE ledger_accounts SET balance_cents = balance_cents + ? WHERE company_id = ?`, c.balance, c.companyID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return fmt.Errorf("ledger: company %d has no wallet to settle", c.companyID)
		}
	}
	return nil
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
	// FeeCents is the contract's fee of a purchase, held with an approval.
	FeeCents int64
}

// StandInCards returns every card's StandInCard, or those of company
// companyID when it is not 0.
func (db *DB) StandInCards(ctx context.Context, companyID int64) (cards []StandInCard, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT c.id, c.company_id, c.card_number, c.issuer, COALESCE(c.issuer_card_id, ''), c.status,
				co.authorization_on_timeout, cc.rules, cd.rules, COALESCE(ct.fee_cents, ?)
			FROM cards c JOIN companies co ON co.id = c.company_id
			LEFT JOIN card_controls cc ON cc.card_id = c.id
			LEFT JOIN company_controls cd ON cd.company_id = c.company_id
			LEFT JOIN contracts ct ON ct.company_id = c.company_id
			WHERE ? = 0 OR c.company_id = ?`, fuelportal.DefaultContract(0).FeeCents, companyID, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c StandInCard
			var status string
			var own, company sql.NullString
			if err := rows.Scan(&c.CardID, &c.CompanyID, &c.CardNumber, &c.Issuer, &c.IssuerCardID, &status, &c.OnTimeout, &own, &company, &c.FeeCents); err != nil {
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
// amount (its row, HELD) without the floor's guard (the answer is given:
// the books follow it) and counts in the card's limits from then on, as
// every hold. A
// decision recorded meanwhile (created == false) stays as it is: the
// first record of an id wins. The card is found by r's card (a card that
// is not the portal's records no company).
func (tx *Tx) RecordAnswer(ctx context.Context, r *fuelportal.AuthorizationRequest, answer *fuelportal.Authorization) (recorded *fuelportal.Authorization, created bool, err error) {
	where, arg := `issuer = 'stripe' AND issuer_card_id = ?`, r.IssuerCardID
	if r.Issuer != fuelportal.IssuerStripe {
		where, arg = `card_number = ?`, r.CardNumber
	}
	a := *answer
	a.AuthorizationID, a.Issuer, a.RequestedCents, a.MerchantName = r.ID, r.Issuer, r.AmountCents, r.MerchantName
	a.AuthorizedAt, a.ReceivedAt, a.Product = r.Created.UTC(), r.ReceivedAt.UTC(), r.Product
	held := max(a.HeldCents, a.AmountCents) // the stand-in holds the fee too
	a.CompanyID, a.CardID, a.CardNumber, a.StationID, a.HeldCents = 0, 0, "", 0, 0
	err = tx.QueryRow(ctx, `SELECT id, company_id, card_number FROM cards WHERE `+where, arg).Scan(&a.CardID, &a.CompanyID, &a.CardNumber)
	if err != nil && !isNoRows(err) {
		return nil, false, err
	}
	if a.CompanyID == 0 {
		a.Approved, a.AmountCents = false, 0
		if a.DeclineCode == "" {
			a.DeclineCode = fuelportal.DeclineAuthorizationTimeout
		}
	}
	a.Status = fuelportal.AuthorizationDeclined
	if a.Approved {
		a.Status, a.HeldCents, a.DeclineCode = fuelportal.AuthorizationHeld, held, ""
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
		return first, false, err
	} else if err != nil {
		return nil, false, err
	}
	if a.Approved {
		if _, err := tx.hold(ctx, a.CompanyID, a.CardID, a.HeldCents, NoFloor, 0); err != nil {
			return nil, false, err
		}
	}
	return &a, true, nil
}
