package store

// The wallet ledger (double entry). Schema and invariants: migrations
// 00200_contracts_ledger.sql. The API other features use:
//
//	CreditWallet   money into a company wallet (Stripe top-ups, invoice payments)
//	WalletBalance  the balance in cents
//	Wallet         the balance with the contract's canAddFunds/canPayByInvoice
//
// Purchases debit wallets through DebitPurchase (purchase.go).
//
// Concurrency: a wallet's running balance is changed only by one UPDATE
// whose WHERE clause holds the overdraft guard, in the same transaction as
// its entries. On PostgreSQL the UPDATE takes the wallet row's lock and
// re-checks the guard against the committed balance when it had to wait
// (READ COMMITTED), so concurrent debits serialise per wallet and can never
// overdraw it; on SQLite writing transactions are serialised (BEGIN
// IMMEDIATE). Only the wallet row is locked: system accounts are not
// updated (their balance is the sum of their entries), so transfers never
// wait on each other across companies and never deadlock. A purchase's
// debit (Tx.debit) writes its journal rows and entries before that UPDATE
// and the purchase does little after it but commit (an alert, a trip
// link), so debits of one wallet hold its lock only briefly.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fuelportal"
)

// System ledger accounts (seeded by the migration).
const (
	accountFunding       = "system:funding"        // money from outside: card, ACH, invoice payments
	accountFuelPurchases = "system:fuel_purchases" // fuel bought with cards, at net price
	accountFees          = "system:fees"           // per-purchase contract fees
)

// errBalanceTooLow is returned by transfer when the debit would take the
// account below its floor. Nothing has been written when it is returned.
var errBalanceTooLow = errors.New("ledger: balance too low")

func walletCode(companyID int64) string { return "wallet:" + strconv.FormatInt(companyID, 10) }

// CreditWallet moves cents (> 0) from the funding account into the
// company's wallet as one transfer of kind (TOP_UP or INVOICE_PAYMENT),
// within tx. It is idempotent on reference (e.g. the Stripe event or
// payment intent id): when a transfer with that reference exists, nothing
// is written and that transfer is returned with created == false. Errors:
// EINVALID for a non-positive amount, an empty reference or a kind that is
// not a wallet credit; ECONFLICT when the reference was used for a
// different company, kind or amount. On any error roll tx back.
func (tx *Tx) CreditWallet(ctx context.Context, companyID, cents int64, kind fuelportal.LedgerKind, reference string) (t *fuelportal.LedgerTransfer, created bool, err error) {
	if cents <= 0 || reference == "" || !kind.IsWalletCredit() {
		return nil, false, fuelportal.Errorf(fuelportal.EINVALID, "Invalid wallet credit")
	}
	funding, err := tx.systemAccount(ctx, accountFunding)
	if err != nil {
		return nil, false, err
	}
	wallet, err := tx.walletAccount(ctx, companyID)
	if err != nil {
		return nil, false, err
	}
	t = &fuelportal.LedgerTransfer{Kind: kind, Reference: reference, CompanyID: companyID, AmountCents: cents}
	created, err = tx.transfer(ctx, t, funding, wallet, nil)
	return t, created, err
}

// CreditWallet is Tx.CreditWallet in a transaction of its own.
func (db *DB) CreditWallet(ctx context.Context, companyID, cents int64, kind fuelportal.LedgerKind, reference string) (t *fuelportal.LedgerTransfer, created bool, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		t, created, err = tx.CreditWallet(ctx, companyID, cents, kind, reference)
		return err
	})
	return t, created, err
}

// WalletBalance returns the balance of the company's wallet in cents
// (0 for a wallet never used; negative is owed on an invoice contract).
func (tx *Tx) WalletBalance(ctx context.Context, companyID int64) (int64, error) {
	var balance int64
	err := tx.QueryRow(ctx, `SELECT balance_cents FROM ledger_accounts WHERE company_id = ?`, companyID).Scan(&balance)
	if isNoRows(err) {
		return 0, nil
	}
	return balance, err
}

// WalletBalance returns the balance of the company's wallet in cents.
func (db *DB) WalletBalance(ctx context.Context, companyID int64) (balance int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		balance, err = tx.WalletBalance(ctx, companyID)
		return err
	})
	return balance, err
}

// Wallet returns the company's balance with what its contract lets the
// owner do (add funds when prepaid, pay the invoice when on invoice).
func (db *DB) Wallet(ctx context.Context, companyID int64) (w *fuelportal.Wallet, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		contract, err := tx.Contract(ctx, companyID)
		if err != nil {
			return err
		}
		var balance, held int64
		err = tx.QueryRow(ctx, `SELECT balance_cents, `+walletHeldSQL+` FROM ledger_accounts WHERE company_id = ?`, companyID).Scan(&balance, &held)
		if err != nil && !isNoRows(err) {
			return err
		}
		w = fuelportal.NewWallet(contract, balance, held)
		return nil
	})
	return w, err
}

// WalletTransfers returns the company's newest ledger transfers, newest
// first, at most limit.
func (db *DB) WalletTransfers(ctx context.Context, companyID int64, limit int) (ts []*fuelportal.LedgerTransfer, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT id, kind, reference, company_id, amount_cents, created_at
			FROM ledger_transfers WHERE company_id = ? ORDER BY id DESC LIMIT ?`, companyID, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			t, err := scanTransfer(rows)
			if err != nil {
				return err
			}
			ts = append(ts, t)
		}
		return rows.Err()
	})
	return ts, err
}

func scanTransfer(row interface{ Scan(...any) error }) (*fuelportal.LedgerTransfer, error) {
	t := &fuelportal.LedgerTransfer{}
	var created nullTime
	if err := row.Scan(&t.ID, &t.Kind, &t.Reference, &t.CompanyID, &t.AmountCents, &created); err != nil {
		return nil, err
	}
	t.CreatedAt = created.Time
	return t, nil
}

// ledgerAccount is an account id and whether it keeps a running balance.
type ledgerAccount struct {
	id     int64
	wallet bool
}

func (tx *Tx) systemAccount(ctx context.Context, code string) (ledgerAccount, error) {
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM ledger_accounts WHERE code = ?`, code).Scan(&id); err != nil {
		return ledgerAccount{}, fmt.Errorf("ledger account %s: %w", code, err)
	}
	return ledgerAccount{id: id}, nil
}

// walletAccount returns the company's wallet account, opening it on first
// use. ENOTFOUND when the company does not exist.
func (tx *Tx) walletAccount(ctx context.Context, companyID int64) (ledgerAccount, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM ledger_accounts WHERE company_id = ?`, companyID).Scan(&id)
	if err == nil {
		return ledgerAccount{id: id, wallet: true}, nil
	} else if !isNoRows(err) {
		return ledgerAccount{}, err
	}
	if _, err := tx.CompanyByID(ctx, companyID); err != nil {
		return ledgerAccount{}, err
	}
	// Another transaction may open it at the same time: DO NOTHING, then read.
	if _, err := tx.Exec(ctx, `
		INSERT INTO ledger_accounts (code, company_id, balance_cents, created_at) VALUES (?, ?, 0, ?)
		ON CONFLICT DO NOTHING`, walletCode(companyID), companyID, tx.Now); err != nil {
		return ledgerAccount{}, err
	}
	if err := tx.QueryRow(ctx, `SELECT id FROM ledger_accounts WHERE company_id = ?`, companyID).Scan(&id); err != nil {
		return ledgerAccount{}, err
	}
	return ledgerAccount{id: id, wallet: true}, nil
}

// transfer writes t as one journal row and its entry pair (-amount on from,
// +amount on to) and moves the running balances of wallet accounts, all in
// tx. It sets t.ID and t.CreatedAt.
//
// With floor set, from's available balance (less its authorizations'
// holds) must stay >= *floor: the guarded UPDATE
// runs first, and when it matches no row transfer returns errBalanceTooLow
// having written nothing (the caller may go on, e.g. to record a decline).
//
// A reference already in the ledger writes nothing: t is filled from the
// stored transfer and created is false; a stored transfer that differs in
// company, kind or amount is ECONFLICT, as is a repeat after a guarded
// debit (debit references must be fresh). Roll back on any other error.
func (tx *Tx) transfer(ctx context.Context, t *fuelportal.LedgerTransfer, from, to ledgerAccount, floor *int64) (created bool, err error) {
	if floor != nil {
		if !from.wallet {
			return false, fmt.Errorf("ledger: a floor needs a wallet account")
		}
		if err := tx.lockWallet(ctx, from.id); err != nil {
			return false, err
		}
		res, err := tx.Exec(ctx, `
			UPDATE ledger_accounts SET balance_cents = balance_cents - ?
			WHERE id = ? AND balance_cents - `+walletHeldSQL+` - ? >= ?`, t.AmountCents, from.id, t.AmountCents, *floor)
		if err != nil {
			return false, err
		}
		if n, err := res.RowsAffected(); err != nil {
			return false, err
		} else if n == 0 {
			return false, errBalanceTooLow
		}
	}

	// A concurrent transaction inserting the same reference makes this one
	// wait on the unique index and then do nothing (both engines).
	t.CreatedAt = tx.Now
	err = tx.QueryRow(ctx, `
		INSERT INTO ledger_transfers (kind, reference, company_id, amount_cents, created_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (reference) DO NOTHING
		RETURNING id`, t.Kind, t.Reference, t.CompanyID, t.AmountCents, t.CreatedAt).Scan(&t.ID)
	if isNoRows(err) {
		stored, err := scanTransfer(tx.QueryRow(ctx, `
			SELECT id, kind, reference, company_id, amount_cents, created_at
			FROM ledger_transfers WHERE reference = ?`, t.Reference))
		if err != nil {
			return false, err
		}
		if floor != nil || stored.CompanyID != t.CompanyID || stored.Kind != t.Kind || stored.AmountCents != t.AmountCents {
			return false, fuelportal.Errorf(fuelportal.ECONFLICT, "Ledger reference %q is already used by another transfer", t.Reference)
		}
		*t = *stored
		return false, nil
	} else if err != nil {
		return false, err
	}

	if floor == nil && from.wallet {
		if _, err := tx.Exec(ctx, `UPDATE ledger_accounts SET balance_cents = balance_cents - ? WHERE id = ?`, t.AmountCents, from.id); err != nil {
			return false, err
		}
	}
	if to.wallet {
		if _, err := tx.Exec(ctx, `UPDATE ledger_accounts SET balance_cents = balance_cents + ? WHERE id = ?`, t.AmountCents, to.id); err != nil {
			return false, err
		}
	}
	if _, err := tx.Exec(ctx, `
		INSERT INTO ledger_entries (transfer_id, account_id, amount_cents, created_at)
		VALUES (?, ?, ?, ?), (?, ?, ?, ?)`,
		t.ID, from.id, -t.AmountCents, t.CreatedAt,
		t.ID, to.id, t.AmountCents, t.CreatedAt); err != nil {
		return false, err
	}
	return true, nil
}

// lockWallet locks wallet account id's row on PostgreSQL before a guarded
// change, so the guard's statement, run after, reads the company's holds
// as committed meanwhile (SQLite's writers are serialised).
func (tx *Tx) lockWallet(ctx context.Context, id int64) error {
	if tx.Engine() != Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT id FROM ledger_accounts WHERE id = ? FOR NO KEY UPDATE`, id)
	return err
}

// ledgerLeg is one transfer of a debit: t (its kind, reference, company
// and amount) to account to.
type ledgerLeg struct {
	t  *fuelportal.LedgerTransfer
	to ledgerAccount
}

// debit moves legs out of wallet account from as one transfer each, keeping
// from's available balance (less its authorizations' holds) >= floor after
// all of them, in three statements whatever
// the number of legs: the journal rows, their entries, and last the guarded
// UPDATE of the wallet by the legs' total. Last, so that concurrent debits
// of one wallet wait for each other only from that UPDATE to their commit
// (the inserts lock nothing another debit needs). When the total does not
// fit, the journal rows and entries are deleted again and errBalanceTooLow
// comes back with nothing written (on PostgreSQL the deleted rows' ids stay
// unused). The legs' references must be fresh (a used one is ECONFLICT:
// roll back) and their accounts other than wallets. It sets each leg's t.ID
// and t.CreatedAt, and returns the wallet's move (none for NoFloor).
func (tx *Tx) debit(ctx context.Context, from ledgerAccount, floor int64, legs []ledgerLeg) (WalletMove, error) {
	if !from.wallet {
		return WalletMove{}, fmt.Errorf("ledger: a floor needs a wallet account")
	}
	if len(legs) == 0 {
		return WalletMove{}, nil
	}
	var total int64
	journal := make([]string, len(legs))
	journalArgs := make([]any, 0, 5*len(legs))
	byReference := make(map[string]*fuelportal.LedgerTransfer, len(legs))
	for i, leg := range legs {
		if leg.to.wallet {
			return WalletMove{}, fmt.Errorf("ledger: debit legs go to system accounts")
		}
		total += leg.t.AmountCents
		leg.t.ID, leg.t.CreatedAt = 0, tx.Now
		journal[i] = `(?, ?, ?, ?, ?)`
		journalArgs = append(journalArgs, leg.t.Kind, leg.t.Reference, leg.t.CompanyID, leg.t.AmountCents, leg.t.CreatedAt)
		byReference[leg.t.Reference] = leg.t
	}

	// As in transfer: a concurrent insert of a reference waits on the
	// unique index, then inserts nothing, which is a conflict here.
	rows, err := tx.Query(ctx, `
		INSERT INTO ledger_transfers (kind, reference, company_id, amount_cents, created_at)
		VALUES `+strings.Join(journal, ", ")+`
		ON CONFLICT (reference) DO NOTHING
		RETURNING id, reference`, journalArgs...)
	if err != nil {
		return WalletMove{}, err
	}
	for rows.Next() {
		var id int64
		var reference string
		if err := rows.Scan(&id, &reference); err != nil {
			rows.Close()
			return WalletMove{}, err
		}
		if t := byReference[reference]; t != nil {
			t.ID = id
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return WalletMove{}, err
	}
	ids := make([]string, len(legs))
	idArgs := make([]any, len(legs))
	for i, leg := range legs {
		if leg.t.ID == 0 {
			return WalletMove{}, fuelportal.Errorf(fuelportal.ECONFLICT, "Ledger reference %q is already used by another transfer", leg.t.Reference)
		}
		ids[i], idArgs[i] = `?`, leg.t.ID
	}

	entries := make([]string, 0, 2*len(legs))
	entryArgs := make([]any, 0, 8*len(legs))
	for _, leg := range legs {
		entries = append(entries, `(?, ?, ?, ?)`, `(?, ?, ?, ?)`)
		entryArgs = append(entryArgs, leg.t.ID, from.id, -leg.t.AmountCents, leg.t.CreatedAt, leg.t.ID, leg.to.id, leg.t.AmountCents, leg.t.CreatedAt)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO ledger_entries (transfer_id, account_id, amount_cents, created_at) VALUES `+strings.Join(entries, ", "), entryArgs...); err != nil {
		return WalletMove{}, err
	}

	company := legs[0].t.CompanyID
	if floor == NoFloor {
		// A capture's debit (the issuer has paid): unguarded, so it cannot
		// fail, and written with the transaction's other wallet changes as
		// its last statement (settleWallets), after the release of its
		// hold, which lowered the available balance when it was made: it
		// is not a new drop to tell the owner of.
		tx.debitLast(company, total)
		return WalletMove{}, nil
	}
	// The row's lock first, then the guarded UPDATE in a statement of its
	// own: its snapshot then sees the holds that committed while it waited
	// (hold.go).
	if err := tx.lockWallet(ctx, from.id); err != nil {
		return WalletMove{}, err
	}
	var after int64
	var threshold sql.NullInt64 // the company's low-wallet threshold, read with the debit
	err = tx.QueryRow(ctx, `
		UPDATE ledger_accounts SET balance_cents = balance_cents - ?
		WHERE id = ? AND balance_cents - `+walletHeldSQL+` - ? >= ?
		RETURNING balance_cents - `+walletHeldSQL+`, (SELECT wallet_low_threshold_cents FROM companies WHERE id = ?)`,
		total, from.id, total, floor, company).Scan(&after, &threshold)
	if err == nil {
		// after is the wallet's available balance (its balance less its
		// holds) once debited.
		return WalletMove{CompanyID: company, Before: after + total, After: after, Threshold: threshold}, nil
	} else if !isNoRows(err) {
		return WalletMove{}, err
	}
	in := strings.Join(ids, ", ")
	if _, err := tx.Exec(ctx, `DELETE FROM ledger_entries WHERE transfer_id IN (`+in+`)`, idArgs...); err != nil {
		return WalletMove{}, err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM ledger_transfers WHERE id IN (`+in+`)`, idArgs...); err != nil {
		return WalletMove{}, err
	}
	for _, leg := range legs {
		leg.t.ID = 0
	}
	return WalletMove{}, errBalanceTooLow
}

// WalletMove is what a guarded debit or hold did to its company's
// wallet: its available balance (balance less holds) Before and After,
// and the owner's low-wallet Threshold read with it (not Valid: none).
// Debits of one wallet are serialised by its row's lock. An unguarded
// one (NoFloor) reports none: its zero value.
type WalletMove struct {
	CompanyID     int64
	Before, After int64
	Threshold     sql.NullInt64
}

// LedgerAudit is what CheckLedger found; a sound ledger has EntriesSum 0,
// no UnpairedTransfers and no BalanceMismatches.
type LedgerAudit struct {
	EntriesSum        int64
	Transfers         int64
	UnpairedTransfers int64    // transfers without exactly two entries summing to zero
	BalanceMismatches []string // wallet codes whose running balance differs from their entries
}

// CheckLedger audits the double-entry invariants over the whole ledger.
func (db *DB) CheckLedger(ctx context.Context) (a LedgerAudit, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_entries`).Scan(&a.EntriesSum); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM ledger_transfers`).Scan(&a.Transfers); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `
			SELECT COUNT(*) FROM ledger_transfers t
			WHERE (SELECT COUNT(*) FROM ledger_entries e WHERE e.transfer_id = t.id) <> 2
			   OR (SELECT SUM(e.amount_cents) FROM ledger_entries e WHERE e.transfer_id = t.id) <> 0`).Scan(&a.UnpairedTransfers); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
			SELECT a.code FROM ledger_accounts a
			WHERE a.company_id IS NOT NULL
			  AND a.balance_cents <> (SELECT COALESCE(SUM(e.amount_cents), 0) FROM ledger_entries e WHERE e.account_id = a.id)`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var code string
			if err := rows.Scan(&code); err != nil {
				return err
			}
			a.BalanceMismatches = append(a.BalanceMismatches, code)
		}
		return rows.Err()
	})
	return a, err
}
