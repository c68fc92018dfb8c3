package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"fuelportal"
)

const transactionColumns = `id, network_transaction_id, invoice_ref, company_id, card_id, card_number, driver_card_name, driver_id,
	location_id, location_name, location_address, transaction_date, gallons_milli, retail_price_tenth_cents, net_price_tenth_cents,
	discount_cents, fee_cents, funded_total_cents, status, decline_code, product_code, created_at, card_transactions.driver_user_id,
	(SELECT TRIM(h.first_name || ' ' || h.last_name) FROM users h WHERE h.id = card_transactions.driver_user_id),
	card_transactions.unit_number, card_transactions.vehicle_id, card_transactions.odometer_miles, card_transactions.station_match,
	card_transactions.candidate_location_ids, card_transactions.coding_account, card_transactions.coding_class,
	card_transactions.coding_job, card_transactions.coding_memo, card_transactions.job_required`

func scanTransaction(row interface{ Scan(...any) error }) (*fuelportal.Transaction, error) {
	t := &fuelportal.Transaction{}
	var companyID, cardID, holder sql.NullInt64
	var holderName sql.NullString
	var date, created nullTime
	var vehicleID, odometer sql.NullInt64
	var candidates string
	err := row.Scan(&t.ID, &t.NetworkTransactionID, &t.InvoiceRef, &companyID, &cardID, &t.CardNumber, &t.DriverCardName, &t.DriverID,
		&t.LocationID, &t.LocationName, &t.LocationAddress, &date, &t.Gallons, &t.RetailPrice, &t.NetPrice,
		&t.DiscountCents, &t.FeeCents, &t.FundedTotalCents, &t.Status, &t.DeclineReason, &t.Product, &created, &holder, &holderName,
		&t.UnitNumber, &vehicleID, &odometer, &t.StationMatch, &candidates,
		&t.Coding.Account, &t.Coding.Class, &t.Coding.Job, &t.Coding.Memo, &t.JobRequired)
	if err != nil {
		return nil, err
	}
	t.CompanyID, t.CardID = companyID.Int64, cardID.Int64
	t.CandidateLocationIDs = splitIDs(candidates)
	t.VehicleID = vehicleID.Int64
	if odometer.Valid {
		t.Odometer = &odometer.Int64
	}
	t.HolderUserID, t.HolderName = holder.Int64, holderName.String
	t.TransactionDate, t.CreatedAt = date.Time, created.Time
	return t, nil
}

func (tx *Tx) transactionByNetworkID(ctx context.Context, networkID string) (*fuelportal.Transaction, error) {
	return scanTransaction(tx.QueryRow(ctx, `SELECT `+transactionColumns+` FROM card_transactions WHERE network_transaction_id = ?`, networkID))
}

// scopeWhere returns the scope's conditions.
func scopeWhere(s fuelportal.TransactionScope) (string, []any) {
	if s.CardID != 0 && s.HolderUserID != 0 {
		return `company_id = ? AND card_id = ? AND card_transactions.driver_user_id = ?`, []any{s.CompanyID, s.CardID, s.HolderUserID}
	}
	if s.CardID != 0 {
		return `company_id = ? AND card_id = ?`, []any{s.CompanyID, s.CardID}
	}
	if s.GroupID != 0 {
		return `company_id = ? AND card_id IN (SELECT id FROM cards WHERE company_id = ? AND group_id = ?)`, []any{s.CompanyID, s.CompanyID, s.GroupID}
	}
	return `company_id = ?`, []any{s.CompanyID}
}

// filterWhere returns the table to read (card_transactions, with a hint for
// SQLite's planner when a search drives the query) and the filter's
// conditions, resolving CardNumber to its card id within the scope
// (ENOTFOUND when the scope does not hold it).
func filterWhere(ctx context.Context, tx *Tx, f fuelportal.TransactionFilter) (from, where string, args []any, err error) {
	from = `card_transactions`
	where, args = scopeWhere(f.Scope)
	if number := strings.TrimSpace(f.CardNumber); number != "" {
		var cardID int64
		var group sql.NullInt64
		err := tx.QueryRow(ctx, `SELECT id, group_id FROM cards WHERE company_id = ? AND card_number = ?`, f.Scope.CompanyID, number).Scan(&cardID, &group)
		if err != nil || (f.Scope.CardID != 0 && cardID != f.Scope.CardID) || (f.Scope.GroupID != 0 && group.Int64 != f.Scope.GroupID) {
			if err != nil && !isNoRows(err) {
				return "", "", nil, err
			}
			return "", "", nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "Card not found")
		}
		if f.Scope.CardID == 0 {
			where += ` AND card_id = ?`
			args = append(args, cardID)
		}
	}
	if tx.Engine() == SQLite && (f.Scope.CardID != 0 || strings.TrimSpace(f.CardNumber) != "") {
		// One card: its index range (card, company, date) holds the card's
		// rows in page order. Without statistics SQLite picks the company's
		// date index for the page query (not covering, so either index
		// fetches rows) and walks the company's whole date range, ~200 times
		// the card's entries; the count already took the card index.
		from = `card_transactions INDEXED BY card_transactions_card_date`
	}
	if !f.From.IsZero() {
		where += ` AND transaction_date >= ?`
		args = append(args, f.From)
	}
	if !f.To.IsZero() {
		where += ` AND transaction_date <= ?`
		args = append(args, f.To)
	}
	if st := f.Statement; st != nil {
		movements, margs := statementMovements(st)
		where += ` AND card_transactions.invoice_ref IN (SELECT substr(t.reference, 10) FROM ledger_transfers t
			WHERE t.kind = 'FUEL_PURCHASE' AND ` + movements + `)`
		args = append(args, margs...)
	}
	if f.Uncoded {
		where += ` AND status = ? AND coding_account = ''`
		args = append(args, fuelportal.TransactionApproved)
	}
	if f.MissingJob {
		where += ` AND job_required = ? AND coding_job = ''`
		args = append(args, true)
	}
	if strings.TrimSpace(f.Search) != "" {
		if phrase, ok := trigramPhrase(f.Search); ok && tx.Engine() == SQLite {
			// The FTS5 trigram index finds the candidate rows; when they are
			// few, they drive the query (rowid lookups, then a sort) instead
			// of a scan of the company's index checking every search_text.
			// When they are many, that scan finds a page sooner. The LIKE
			// below still decides, so results are the LIKE's either way.
			ids, err := tx.searchCandidates(ctx, phrase)
			if err != nil {
				return "", "", nil, err
			}
			if ids != "" {
				// NOT INDEXED: no company or card index scan; the rows are
				// fetched by rowid from the candidates, then sorted.
				from = `card_transactions NOT INDEXED`
				where += ` AND id IN (` + ids + `)`
			}
		}
		if tx.Engine() == Postgres {
			// A pg_trgm GIN index serves this LIKE directly, but only a plan
			// made for the pattern at hand knows whether to use it (a rare
			// "inv-0004" wants the index, a common "love's" the company's
			// date-ordered index); cached statements would otherwise settle
			// on one generic plan for every pattern.
			if _, err := tx.Exec(ctx, `SET LOCAL plan_cache_mode = force_custom_plan`); err != nil {
				return "", "", nil, err
			}
		}
		where += ` AND search_text LIKE ? ESCAPE '\'`
		args = append(args, likePattern(f.Search))
	}
	return from, where, args, nil
}

// searchCandidates returns the ids of the rows whose search_text the FTS5
// phrase matches, as an SQL list ("1, 2, 3"; "NULL" for none), or ""
// when there are searchDriveLimit or more. One FTS5 query serves both the
// count and the page that follow.
func (tx *Tx) searchCandidates(ctx context.Context, phrase string) (string, error) {
	rows, err := tx.Query(ctx, `SELECT rowid FROM card_transactions_search WHERE card_transactions_search MATCH ? LIMIT ?`,
		phrase, searchDriveLimit)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var list strings.Builder
	n := 0
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return "", err
		}
		if n > 0 {
			list.WriteString(", ")
		}
		list.WriteString(strconv.FormatInt(id, 10))
		n++
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	switch {
	case n >= searchDriveLimit:
		return "", nil
	case n == 0:
		return "NULL", nil
	}
	return list.String(), nil
}

// searchDriveLimit is how many trigram candidates a SQLite search may have
// for them to drive the query: up to it, fetching them by rowid and sorting
// takes a few ms; more (a common word such as a station brand) are better
// found by scanning the company's date-ordered index, which stops as soon as
// a page and the bounded count are full. Not tuned finely: rare searches have
// tens of candidates, common ones tens of thousands.
const searchDriveLimit = 2000

// trigramPhrase returns the FTS5 phrase query matching search as a
// substring of search_text (both lower-cased), and whether the trigram
// index can answer it: not for fewer than 3 characters (no trigram), nor
// for text the tokenizer could split differently from the stored text
// (invalid UTF-8, NUL).
func trigramPhrase(search string) (string, bool) {
	s := strings.ToLower(strings.TrimSpace(search))
	if utf8.RuneCountInString(s) < 3 || !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
		return "", false
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`, true
}

func orderBy(f fuelportal.TransactionFilter) string {
	if f.Ascending {
		return ` ORDER BY transaction_date, id`
	}
	return ` ORDER BY transaction_date DESC, id DESC`
}

// Transactions returns one page of the transactions f selects and how many
// it selects in all (at most f.CountAtMost when set).
func (db *DB) Transactions(ctx context.Context, f fuelportal.TransactionFilter) (page []*fuelportal.Transaction, total int, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		from, where, args, err := filterWhere(ctx, tx, f)
		if err != nil {
			return err
		}
		query := `SELECT ` + transactionColumns + ` FROM ` + from + ` WHERE ` + where + orderBy(f)
		pageArgs := args
		if f.Limit > 0 {
			query += ` LIMIT ? OFFSET ?`
			pageArgs = append(append([]any(nil), args...), f.Limit, f.Offset)
		}
		count := `SELECT COUNT(*) FROM ` + from + ` WHERE ` + where
		countArgs := args
		if f.CountAtMost > 0 {
			count = `SELECT COUNT(*) FROM (SELECT 1 FROM ` + from + ` WHERE ` + where + ` LIMIT ?) AS matching`
			countArgs = append(append([]any(nil), args...), f.CountAtMost)
		}
		if err := tx.QueryRow(ctx, count, countArgs...).Scan(&total); err != nil {
			return err
		}
		if total <= f.Offset {
			return nil
		}
		return tx.eachTransaction(ctx, query, pageArgs, func(t *fuelportal.Transaction) error {
			page = append(page, t)
			return nil
		})
	})
	return page, total, err
}

// eachTransaction calls fn for every row of query (which selects
// transactionColumns), streaming; it stops at fn's first error.
func (tx *Tx) eachTransaction(ctx context.Context, query string, args []any, fn func(*fuelportal.Transaction) error) error {
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		t, err := scanTransaction(rows)
		if err != nil {
			return err
		}
		if err := fn(t); err != nil {
			return err
		}
	}
	return rows.Err()
}

// EachTransaction calls fn for every transaction f selects (Offset and
// Limit apply), in order, streaming rows from one read transaction so
// memory stays flat however many there are. It stops at fn's first error.
func (db *DB) EachTransaction(ctx context.Context, f fuelportal.TransactionFilter, fn func(*fuelportal.Transaction) error) error {
	return db.InReadTx(ctx, func(tx *Tx) error {
		from, where, args, err := filterWhere(ctx, tx, f)
		if err != nil {
			return err
		}
		query := `SELECT ` + transactionColumns + ` FROM ` + from + ` WHERE ` + where + orderBy(f)
		if f.Limit > 0 {
			query += ` LIMIT ? OFFSET ?`
			args = append(args, f.Limit, f.Offset)
		}
		return tx.eachTransaction(ctx, query, args, fn)
	})
}

// Transaction returns transaction id if scope may see it, else ENOTFOUND.
func (db *DB) Transaction(ctx context.Context, scope fuelportal.TransactionScope, id int64) (t *fuelportal.Transaction, err error) {
	where, args := scopeWhere(scope)
	err = db.InReadTx(ctx, func(tx *Tx) error {
		t, err = scanTransaction(tx.QueryRow(ctx, `SELECT `+transactionColumns+` FROM card_transactions WHERE id = ? AND `+where, append([]any{id}, args...)...))
		return notFound(err, "Transaction not found")
	})
	return t, err
}

// Spendings sums the approved purchases scope may see dated from since on.
func (db *DB) Spendings(ctx context.Context, scope fuelportal.TransactionScope, since time.Time) (s fuelportal.Spendings, err error) {
	where, args := scopeWhere(scope)
	args = append(args, fuelportal.TransactionApproved, since)
	err = db.InReadTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `
			SELECT COALESCE(SUM(funded_total_cents), 0), COALESCE(SUM(discount_cents), 0)
			FROM card_transactions WHERE `+where+` AND status = ? AND transaction_date >= ?`, args...).Scan(&s.TotalCents, &s.SavedCents)
	})
	return s, err
}
