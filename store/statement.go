package store

// Period statements of a company's wallet (migration 00800_statements):
// the SQL of statements.Service, which decides when periods open and
// close. A closed period's movements are the ledger transfers whose
// statement_id names it; the open period's are those of no statement.

import (
	"context"
	"fmt"
	"time"

	"fuelportal"
)

// StatementPeriod returns the company's statement period (monthly when
// never set).
func (db *DB) StatementPeriod(ctx context.Context, companyID int64) (p fuelportal.StatementPeriod, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		p, err = tx.statementPeriod(ctx, companyID)
		return err
	})
	return p, err
}

func (tx *Tx) statementPeriod(ctx context.Context, companyID int64) (fuelportal.StatementPeriod, error) {
	p := fuelportal.StatementMonthly
	err := tx.QueryRow(ctx, `SELECT period FROM statement_settings WHERE company_id = ?`, companyID).Scan(&p)
	if err != nil && !isNoRows(err) {
		return "", err
	}
	return p, nil
}

// SetStatementPeriod sets the company's statement period, with its audit
// row. It applies from the next period: the open one keeps its end.
func (db *DB) SetStatementPeriod(ctx context.Context, companyID int64, p fuelportal.StatementPeriod) error {
	return db.InTx(ctx, func(tx *Tx) error {
		before, err := tx.statementPeriod(ctx, companyID)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO statement_settings (company_id, period, updated_at) VALUES (?, ?, ?)
			ON CONFLICT (company_id) DO UPDATE SET period = excluded.period, updated_at = excluded.updated_at`,
			companyID, p, tx.Now); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditStatementSettingsSet,
			ObjectType: fuelportal.AuditObjectStatementSettings, ObjectID: fmt.Sprint(companyID),
			Before: map[string]any{"period": before}, After: map[string]any{"period": p}})
	})
}

const statementColumns = `id, company_id, period, period_start, period_end, opening_cents, closing_cents, status, closed_at`

func scanStatement(row interface{ Scan(...any) error }) (*fuelportal.Statement, error) {
	s := &fuelportal.Statement{}
	var start, end, closed nullTime
	if err := row.Scan(&s.ID, &s.CompanyID, &s.Period, &start, &end, &s.OpeningCents, &s.ClosingCents, &s.Status, &closed); err != nil {
		return nil, err
	}
	s.Start, s.End = start.Time, end.Time
	if closed.Valid {
		s.ClosedAt = &closed.Time
	}
	return s, nil
}

// OpenStatement returns the company's open period, opening it when the
// company has none: the period (of bounds, given an instant) that holds
// its first ledger transfer, or now when it has none. The first period
// opens at 0 (a new wallet is empty).
func (db *DB) OpenStatement(ctx context.Context, companyID int64, now time.Time, bounds func(time.Time) (time.Time, time.Time)) (s *fuelportal.Statement, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		s, err = scanStatement(tx.QueryRow(ctx, `SELECT `+statementColumns+` FROM statements WHERE company_id = ? AND status = 'OPEN'`, companyID))
		return err
	})
	if err == nil || !isNoRows(err) {
		return s, err
	}
	err = db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.CompanyByID(ctx, companyID); err != nil {
			return err
		}
		period, err := tx.statementPeriod(ctx, companyID)
		if err != nil {
			return err
		}
		var first nullTime
		if err := tx.QueryRow(ctx, `SELECT MIN(created_at) FROM ledger_transfers WHERE company_id = ?`, companyID).Scan(&first); err != nil {
			return err
		}
		at := now
		if first.Valid && first.Time.Before(now) {
			at = first.Time
		}
		start, end := bounds(at)
		if _, err := tx.Exec(ctx, `
			INSERT INTO statements (company_id, period, period_start, period_end, opening_cents, status, created_at)
			VALUES (?, ?, ?, ?, 0, 'OPEN', ?) ON CONFLICT DO NOTHING`,
			companyID, period, start.UTC(), end.UTC(), tx.Now); err != nil {
			return err
		}
		s, err = scanStatement(tx.QueryRow(ctx, `SELECT `+statementColumns+` FROM statements WHERE company_id = ? AND status = 'OPEN'`, companyID))
		return err
	})
	return s, err
}

// Statements returns the company's periods, the open one first, then the
// closed ones newest first, at most limit.
func (db *DB) Statements(ctx context.Context, companyID int64, limit int) (list []*fuelportal.Statement, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+statementColumns+` FROM statements WHERE company_id = ?
			ORDER BY CASE WHEN status = 'OPEN' THEN 0 ELSE 1 END, period_start DESC LIMIT ?`, companyID, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			s, err := scanStatement(rows)
			if err != nil {
				return err
			}
			list = append(list, s)
		}
		return rows.Err()
	})
	return list, err
}

// Statement returns the company's statement id; ENOTFOUND when the
// company has none of that id (another company's included).
func (db *DB) Statement(ctx context.Context, companyID, id int64) (s *fuelportal.Statement, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		s, err = scanStatement(tx.QueryRow(ctx, `SELECT `+statementColumns+` FROM statements WHERE company_id = ? AND id = ?`, companyID, id))
		if isNoRows(err) {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, "Statement not found")
		}
		return err
	})
	return s, err
}

// walletEntrySQL is transfer t's entry on the wallet (the first
// argument: its account id), read by the entries' transfer index one
// transfer at a time: a join could be planned as a scan of the wallet's
// entries per transfer when the statistics lag a bulk of new rows.
const walletEntrySQL = `(SELECT e.amount_cents FROM ledger_entries e WHERE e.transfer_id = t.id AND e.account_id = ?)`

// walletID is the company's wallet account id, 0 when it has none yet.
func (tx *Tx) walletID(ctx context.Context, companyID int64) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM ledger_accounts WHERE company_id = ?`, companyID).Scan(&id)
	if isNoRows(err) {
		return 0, nil
	}
	return id, err
}

// statementMovements is the condition on ledger_transfers t of statement
// s's movements.
func statementMovements(s *fuelportal.Statement) (string, []any) {
	if s.Status == fuelportal.StatementOpen {
		return `t.company_id = ? AND t.statement_id IS NULL`, []any{s.CompanyID}
	}
	return `t.company_id = ? AND t.statement_id = ?`, []any{s.CompanyID, s.ID}
}

// statementSections are a statement's sections in their order (top-ups,
// purchases, fees, refunds and reversals: any other kind, invoice
// payments): the condition on ledger_transfers t of each, and how its
// transfer names the card purchase it pays for ("": none; a refund's
// card_refunds r, joined when refunds is set, names it). Each section is
// read in the order its movements posted from the index
// ledger_transfers_statement_kind.
var statementSections = []statementSection{
	{kinds: `t.kind = 'TOP_UP'`},
	{kinds: `t.kind = 'FUEL_PURCHASE'`, purchaseRef: `substr(t.reference, 10)`},
	{kinds: `t.kind = 'TRANSACTION_FEE'`, purchaseRef: `substr(t.reference, 5)`},
	{kinds: `t.kind NOT IN ('TOP_UP', 'FUEL_PURCHASE', 'TRANSACTION_FEE', 'INVOICE_PAYMENT')`, purchaseRef: `r.invoice_ref`, refunds: true},
	{kinds: `t.kind = 'INVOICE_PAYMENT'`},
}

type statementSection struct {
	kinds, purchaseRef string
	refunds            bool
}

// linesSQL reads the lines of the section among the movements where; its
// first argument is the wallet's account id.
func (section statementSection) linesSQL(where string) string {
	purchase := `LEFT JOIN card_transactions ct ON FALSE`
	if section.purchaseRef != "" {
		purchase = `LEFT JOIN card_transactions ct ON ct.company_id = t.company_id AND ct.invoice_ref = ` + section.purchaseRef
	}
	if section.refunds {
		purchase = `LEFT JOIN card_refunds r ON r.transfer_id = t.id ` + purchase
	}
	return `
		SELECT t.id, t.kind, t.reference, t.created_at, ` + walletEntrySQL + `,
		       ct.id, ct.invoice_ref, ct.transaction_date, ct.card_number, ct.driver_card_name, ct.unit_number,
		       ct.location_name, COALESCE(st.state, ''), ct.product_code, ct.gallons_milli, ct.net_price_tenth_cents,
		       ct.discount_cents, ct.fee_cents, ct.funded_total_cents
		FROM ledger_transfers t
		` + purchase + `
		LEFT JOIN stations st ON st.id = ct.location_id
		WHERE ` + where + ` AND ` + section.kinds + `
		ORDER BY t.created_at, t.id`
}

// StatementSum answers the sum of statement s's movements (as its wallet
// saw them).
func (db *DB) StatementSum(ctx context.Context, s *fuelportal.Statement) (sum int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		wallet, err := tx.walletID(ctx, s.CompanyID)
		if err != nil || wallet == 0 {
			return err
		}
		where, args := statementMovements(s)
		return tx.QueryRow(ctx, `SELECT COALESCE(SUM(`+walletEntrySQL+`), 0) FROM ledger_transfers t
			WHERE `+where, append([]any{wallet}, args...)...).Scan(&sum)
	})
	return sum, err
}

// StatementLines calls fn with each movement of statement s by section
// (statementSections), each in the order they posted (a refund with the
// purchase it refunds), then answers its movements' sum, all in one read
// transaction (the open period's lines and sum agree), row by row: a
// statement of any size takes the memory of one line, and no section is
// sorted (each streams from an index in its order). A line is late when
// it posted before s began, or pays for a purchase made before s began.
// fn's error stops the walk and is returned.
func (db *DB) StatementLines(ctx context.Context, s *fuelportal.Statement, fn func(*fuelportal.StatementLine) error) (sum int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		sum = 0
		wallet, err := tx.walletID(ctx, s.CompanyID)
		if err != nil || wallet == 0 {
			return err
		}
		if tx.Engine() == Postgres {
			// A month's section is costed past jit_above_cost: PostgreSQL
			// then spent 10 s compiling what runs in 1 s (bench/README.md).
			if _, err := tx.Exec(ctx, `SET LOCAL jit = off`); err != nil {
				return err
			}
		}
		where, args := statementMovements(s)
		for _, section := range statementSections {
			n, err := tx.statementSectionLines(ctx, s, section.linesSQL(where), append([]any{wallet}, args...), fn)
			sum += n
			if err != nil {
				return err
			}
		}
		return nil
	})
	return sum, err
}

// statementSectionLines calls fn with each line query reads of statement
// s and answers their sum.
func (tx *Tx) statementSectionLines(ctx context.Context, s *fuelportal.Statement, query string, args []any, fn func(*fuelportal.StatementLine) error) (sum int64, err error) {
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var last int64
	for rows.Next() {
		l := &fuelportal.StatementLine{}
		var posted, date nullTime
		var ctID, gallons, price, discount, fee, funded *int64
		var ref, card, driver, unit, station, state, product *string
		if err := rows.Scan(&l.TransferID, &l.Kind, &l.Reference, &posted, &l.AmountCents,
			&ctID, &ref, &date, &card, &driver, &unit, &station, &state, &product, &gallons, &price, &discount, &fee, &funded); err != nil {
			return sum, err
		}
		if l.TransferID == last {
			continue // a purchase reference matched twice: one line per transfer
		}
		last = l.TransferID
		l.PostedAt = posted.Time
		if ctID != nil {
			l.Purchase = &fuelportal.StatementPurchase{TransactionID: *ctID, InvoiceRef: *ref, Date: date.Time,
				CardNumber: fuelportal.Last4(*card), Driver: *driver, Unit: *unit, Station: *station, Jurisdiction: *state,
				Product: *product, Gallons: fuelportal.Gallons(*gallons), PriceTenthCents: fuelportal.TenthCents(*price),
				DiscountCents: *discount, FeeCents: *fee, NetTotalCents: *funded}
		}
		// A refund is late only by its own posting: it is news of its
		// period whatever the purchase's date.
		l.Late = l.PostedAt.Before(s.Start) || (l.Purchase != nil && l.Kind != fuelportal.LedgerRefund && l.Purchase.Date.Before(s.Start))
		sum += l.AmountCents
		if err := fn(l); err != nil {
			return sum, err
		}
	}
	return sum, rows.Err()
}

// StatementHolds calls fn with each open hold of the company (an
// authorization still HELD), oldest first, row by row.
func (db *DB) StatementHolds(ctx context.Context, companyID int64, fn func(*fuelportal.StatementHold) error) error {
	return db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT a.authorization_id, a.authorized_at, COALESCE(c.card_number, ''), a.merchant_name, a.product, a.held_cents
			FROM card_authorizations a LEFT JOIN cards c ON c.id = a.card_id
			WHERE a.company_id = ? AND a.status = 'HELD' AND a.held_cents > 0
			ORDER BY a.authorized_at, a.id`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			h := &fuelportal.StatementHold{}
			var at nullTime
			var card string
			if err := rows.Scan(&h.AuthorizationID, &at, &card, &h.Merchant, &h.Product, &h.HeldCents); err != nil {
				return err
			}
			h.AuthorizedAt, h.CardNumber = at.Time, fuelportal.Last4(card)
			if err := fn(h); err != nil {
				return err
			}
		}
		return rows.Err()
	})
}

// CloseStatement closes open statement s at its end: every transfer of
// the company in no statement and posted before s.End becomes s's, its
// closing balance is its opening plus their sum, and the next period
// (from s.End to nextEnd, of period next) opens at that balance. It
// returns s closed (its closing balance and time). A statement closed
// meanwhile by another process is left as it is: nil. The caller
// publishes the closing (statements.Service).
func (tx *Tx) CloseStatement(ctx context.Context, s *fuelportal.Statement, next fuelportal.StatementPeriod, nextEnd time.Time) (*fuelportal.Statement, error) {
	res, err := tx.Exec(ctx, `UPDATE statements SET status = 'CLOSED', closed_at = ? WHERE id = ? AND company_id = ? AND status = 'OPEN'`,
		tx.Now, s.ID, s.CompanyID)
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE ledger_transfers SET statement_id = ? WHERE company_id = ? AND statement_id IS NULL AND created_at < ?`,
		s.ID, s.CompanyID, s.End.UTC()); err != nil {
		return nil, err
	}
	var sum int64
	wallet, err := tx.walletID(ctx, s.CompanyID)
	if err != nil {
		return nil, err
	}
	if err := tx.QueryRow(ctx, `
		SELECT COALESCE(SUM(`+walletEntrySQL+`), 0) FROM ledger_transfers t
		WHERE t.company_id = ? AND t.statement_id = ?`, wallet, s.CompanyID, s.ID).Scan(&sum); err != nil {
		return nil, err
	}
	closed := *s
	closedAt := tx.Now
	closed.Status, closed.ClosingCents, closed.ClosedAt = fuelportal.StatementClosed, s.OpeningCents+sum, &closedAt
	if _, err := tx.Exec(ctx, `UPDATE statements SET closing_cents = ? WHERE id = ?`, closed.ClosingCents, s.ID); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `
		INSERT INTO statements (company_id, period, period_start, period_end, opening_cents, status, created_at)
		VALUES (?, ?, ?, ?, ?, 'OPEN', ?)`, s.CompanyID, next, s.End.UTC(), nextEnd.UTC(), closed.ClosingCents, tx.Now); err != nil {
		return nil, err
	}
	return &closed, nil
}

// StatementCompanies returns the companies that have a wallet or a
// statement: those whose periods the closing job walks.
func (db *DB) StatementCompanies(ctx context.Context) (ids []int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT company_id FROM ledger_accounts WHERE company_id IS NOT NULL
			UNION SELECT company_id FROM statements ORDER BY 1`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	return ids, err
}

// VerifyStatements checks every period of every company against the
// ledger, in one read transaction: each period opens at the previous
// one's closing (the first at 0); a closed period's closing is its
// opening plus its transfers' wallet entries; the open period's opening
// plus the rest of the wallet's entries is the wallet's running balance
// and the sum of all its entries; and no transfer of a company lies
// outside its statements' chain. It answers the first period that does
// not hold (nil: all do).
func (db *DB) VerifyStatements(ctx context.Context) (bad *fuelportal.StatementMismatch, err error) {
	companies, err := db.StatementCompanies(ctx)
	if err != nil {
		return nil, err
	}
	for _, companyID := range companies {
		err = db.InReadTx(ctx, func(tx *Tx) error {
			bad, err = tx.verifyCompanyStatements(ctx, companyID)
			return err
		})
		if err != nil || bad != nil {
			return bad, err
		}
	}
	return nil, nil
}

func (tx *Tx) verifyCompanyStatements(ctx context.Context, companyID int64) (*fuelportal.StatementMismatch, error) {
	rows, err := tx.Query(ctx, `SELECT `+statementColumns+` FROM statements WHERE company_id = ? ORDER BY period_start`, companyID)
	if err != nil {
		return nil, err
	}
	var list []*fuelportal.Statement
	for rows.Next() {
		s, err := scanStatement(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		list = append(list, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	wallet, err := tx.walletID(ctx, companyID)
	if err != nil {
		return nil, err
	}
	sums := map[int64]int64{} // statement id (0: none) → its transfers' wallet entries
	if wallet != 0 {
		rows, err := tx.Query(ctx, `
			SELECT COALESCE(t.statement_id, 0), SUM(`+walletEntrySQL+`) FROM ledger_transfers t
			WHERE t.company_id = ? GROUP BY COALESCE(t.statement_id, 0)`, wallet, companyID)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id, sum int64
			if err := rows.Scan(&id, &sum); err != nil {
				rows.Close()
				return nil, err
			}
			sums[id] = sum
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	var balance, entries int64
	if wallet != 0 {
		if err := tx.QueryRow(ctx, `SELECT a.balance_cents, (SELECT COALESCE(SUM(e.amount_cents), 0) FROM ledger_entries e WHERE e.account_id = a.id)
			FROM ledger_accounts a WHERE a.id = ?`, wallet).Scan(&balance, &entries); err != nil {
			return nil, err
		}
	}
	mismatch := func(s *fuelportal.Statement, format string, args ...any) *fuelportal.StatementMismatch {
		return &fuelportal.StatementMismatch{CompanyID: companyID, StatementID: s.ID, Start: s.Start, Reason: fmt.Sprintf(format, args...)}
	}
	if len(list) == 0 {
		// Not opened yet (the closing job opens it): the implicit open
		// period from 0 holds every movement.
		if sums[0] != balance || balance != entries || len(sums) > 1 {
			return &fuelportal.StatementMismatch{CompanyID: companyID, Reason: fmt.Sprintf("no period yet: movements %s, the ledger's balance %s",
				fuelportal.FormatCents(sums[0]), fuelportal.FormatCents(balance))}, nil
		}
		return nil, nil
	}
	var running int64
	seen := map[int64]bool{}
	for i, s := range list {
		if s.OpeningCents != running {
			return mismatch(s, "opens at %s, the previous period closed at %s", fuelportal.FormatCents(s.OpeningCents), fuelportal.FormatCents(running)), nil
		}
		if s.Status == fuelportal.StatementOpen {
			if i != len(list)-1 {
				return mismatch(s, "an open period before a later one"), nil
			}
			closing := s.OpeningCents + sums[0]
			if closing != balance || closing != entries {
				return mismatch(s, "closes at %s, the ledger's balance is %s (entries %s)", fuelportal.FormatCents(closing),
					fuelportal.FormatCents(balance), fuelportal.FormatCents(entries)), nil
			}
			running = closing
			continue
		}
		seen[s.ID] = true
		if want := s.OpeningCents + sums[s.ID]; s.ClosingCents != want {
			return mismatch(s, "closed at %s, its movements make %s", fuelportal.FormatCents(s.ClosingCents), fuelportal.FormatCents(want)), nil
		}
		running = s.ClosingCents
	}
	for id := range sums {
		if id != 0 && !seen[id] {
			return mismatch(list[0], "transfers of statement %d, not one of the company's closed periods", id), nil
		}
	}
	if last := list[len(list)-1]; last.Status != fuelportal.StatementOpen && (running != balance || sums[0] != 0) {
		return mismatch(last, "the last period closed at %s, the ledger's balance is %s", fuelportal.FormatCents(running), fuelportal.FormatCents(balance)), nil
	}
	return nil, nil
}

// PostLedgerAtPurchaseTimes dates the ledger as if its history had posted
// as it happened, for the demo's seed (whose one transaction writes two
// years of purchases at one instant): each purchase's and fee's transfer
// (and its entries) at its purchase's time, each wallet credit at the
// time of the next purchase of its company written after it (or left as
// it is when none was). Only for a seed: it changes no balance, but a
// closed statement would no longer equal its transfers.
func (tx *Tx) PostLedgerAtPurchaseTimes(ctx context.Context) error {
	for _, q := range []string{
		`UPDATE ledger_transfers SET created_at = COALESCE((SELECT ct.transaction_date FROM card_transactions ct
			WHERE ct.company_id = ledger_transfers.company_id AND ct.invoice_ref =
			CASE ledger_transfers.kind WHEN 'FUEL_PURCHASE' THEN substr(ledger_transfers.reference, 10) ELSE substr(ledger_transfers.reference, 5) END
			ORDER BY ct.id LIMIT 1), created_at)
		WHERE kind IN ('FUEL_PURCHASE', 'TRANSACTION_FEE') AND statement_id IS NULL`,
		`UPDATE ledger_transfers SET created_at = COALESCE((SELECT MIN(n.created_at) FROM ledger_transfers n
			WHERE n.company_id = ledger_transfers.company_id AND n.kind = 'FUEL_PURCHASE' AND n.id > ledger_transfers.id
			AND n.id = (SELECT MIN(m.id) FROM ledger_transfers m WHERE m.company_id = ledger_transfers.company_id AND m.kind = 'FUEL_PURCHASE' AND m.id > ledger_transfers.id)), created_at)
		WHERE kind IN ('TOP_UP', 'INVOICE_PAYMENT') AND statement_id IS NULL`,
		`UPDATE ledger_entries SET created_at = (SELECT t.created_at FROM ledger_transfers t WHERE t.id = ledger_entries.transfer_id)`,
	} {
		if _, err := tx.Exec(ctx, q); err != nil {
			return err
		}
	}
	return nil
}
