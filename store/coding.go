package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

	"fuelportal"
)

// Coding: the account, class, job and memo of purchases, the company's
// coding rules and the cards that require a job. The rules' decision is
// fuelportal.CodeByRules; the store reads the rules and writes codings.

const codingRuleColumns = `id, company_id, position, product_code, card_number, vehicle_id, group_id, driver_user_id, account, class, job, memo`

func scanCodingRule(row interface{ Scan(...any) error }) (*fuelportal.CodingRule, error) {
	r := &fuelportal.CodingRule{}
	err := row.Scan(&r.ID, &r.CompanyID, &r.Position, &r.Match.Product, &r.Match.CardNumber, &r.Match.VehicleID, &r.Match.GroupID,
		&r.Match.DriverUserID, &r.Coding.Account, &r.Coding.Class, &r.Coding.Job, &r.Coding.Memo)
	return r, err
}

func (tx *Tx) codingRules(ctx context.Context, companyID int64) ([]fuelportal.CodingRule, error) {
	rows, err := tx.Query(ctx, `SELECT `+codingRuleColumns+` FROM coding_rules WHERE company_id = ? ORDER BY position, id`, companyID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []fuelportal.CodingRule
	for rows.Next() {
		r, err := scanCodingRule(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, *r)
	}
	return list, rows.Err()
}

// CodingRules returns the company's coding rules in their order, each
// with the groups of the card and vehicle it names and of the card its
// driver holds (CardGroupID, VehicleGroupID, DriverGroupID).
func (db *DB) CodingRules(ctx context.Context, companyID int64) (list []fuelportal.CodingRule, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT r.`+strings.ReplaceAll(codingRuleColumns, ", ", ", r.")+`, COALESCE(c.group_id, 0), COALESCE(v.group_id, 0), COALESCE(d.group_id, 0),
				COALESCE(TRIM(u.first_name || ' ' || u.last_name), '')
			FROM coding_rules r
			LEFT JOIN cards c ON c.company_id = r.company_id AND c.card_number = r.card_number AND r.card_number <> ''
			LEFT JOIN vehicles v ON v.company_id = r.company_id AND v.id = r.vehicle_id
			LEFT JOIN cards d ON d.company_id = r.company_id AND d.driver_user_id = r.driver_user_id
			LEFT JOIN users u ON u.company_id = r.company_id AND u.id = r.driver_user_id AND r.driver_user_id <> 0
			WHERE r.company_id = ? ORDER BY r.position, r.id`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r fuelportal.CodingRule
			if err := rows.Scan(&r.ID, &r.CompanyID, &r.Position, &r.Match.Product, &r.Match.CardNumber, &r.Match.VehicleID, &r.Match.GroupID,
				&r.Match.DriverUserID, &r.Coding.Account, &r.Coding.Class, &r.Coding.Job, &r.Coding.Memo, &r.CardGroupID, &r.VehicleGroupID, &r.DriverGroupID, &r.DriverName); err != nil {
				return err
			}
			list = append(list, r)
		}
		return rows.Err()
	})
	return list, err
}

// readRuleGroups sets r's CardGroupID, VehicleGroupID and DriverGroupID:
// the groups of the company's card and vehicle its match names and of the
// company's card its driver holds (0: none).
func (tx *Tx) readRuleGroups(ctx context.Context, r *fuelportal.CodingRule) error {
	var card, vehicle, driver sql.NullInt64
	err := tx.QueryRow(ctx, `SELECT (SELECT group_id FROM cards WHERE company_id = ? AND card_number = ?),
		(SELECT group_id FROM vehicles WHERE company_id = ? AND id = ?),
		(SELECT group_id FROM cards WHERE company_id = ? AND driver_user_id = ?)`,
		r.CompanyID, r.Match.CardNumber, r.CompanyID, r.Match.VehicleID, r.CompanyID, r.Match.DriverUserID).Scan(&card, &vehicle, &driver)
	r.CardGroupID, r.VehicleGroupID, r.DriverGroupID = card.Int64, vehicle.Int64, driver.Int64
	return err
}

// codingRuleBefore reads the company's rule id with its group facts
// (ENOTFOUND for another company's).
func (tx *Tx) codingRuleBefore(ctx context.Context, companyID, id int64) (*fuelportal.CodingRule, error) {
	before, err := scanCodingRule(tx.QueryRow(ctx, `SELECT `+codingRuleColumns+` FROM coding_rules WHERE id = ? AND company_id = ?`, id, companyID))
	if err != nil {
		return nil, notFound(err, "Coding rule not found")
	}
	return before, tx.readRuleGroups(ctx, before)
}

// CodingFacts are what coding a new purchase needs: its company's rules
// in their order, its card's group and whether the card requires a job.
type CodingFacts struct {
	Rules      []fuelportal.CodingRule
	GroupID    int64
	RequireJob bool
}

// PurchaseCodingFacts reads the coding facts of purchase t (of a card of
// a company; nil facts for a purchase on an unknown card).
func (tx *Tx) PurchaseCodingFacts(ctx context.Context, t *fuelportal.Transaction) (*CodingFacts, error) {
	if t.CompanyID == 0 || t.CardID == 0 {
		return nil, nil
	}
	f := &CodingFacts{}
	var group sql.NullInt64
	if err := tx.QueryRow(ctx, `SELECT group_id, require_job FROM cards WHERE id = ?`, t.CardID).Scan(&group, &f.RequireJob); err != nil {
		return nil, err
	}
	f.GroupID = group.Int64
	var err error
	f.Rules, err = tx.codingRules(ctx, t.CompanyID)
	return f, err
}

// codingAudit is what the audit trail keeps of a coding.
func codingAudit(c fuelportal.Coding) map[string]any {
	return map[string]any{"account": c.Account, "class": c.Class, "job": c.Job, "memo": c.Memo}
}

// SetCoding sets the coding of the company's purchases ids (at most
// fuelportal.MaxCodingIDs, no repeats) to what recode answers for each
// one's coding, one audit row each whose coding changes, with the coding
// before and after, all or nothing: an id that is not one of the
// company's approved purchases is ENOTFOUND and nothing changes. scope
// narrows the purchases further (a driver's own card).
func (db *DB) SetCoding(ctx context.Context, scope fuelportal.TransactionScope, ids []int64, recode func(fuelportal.Coding) fuelportal.Coding) (list []*fuelportal.Transaction, err error) {
	where, args := scopeWhere(scope)
	err = db.InTx(ctx, func(tx *Tx) error {
		list = list[:0]
		for _, id := range ids {
			t, err := scanTransaction(tx.QueryRow(ctx, `SELECT `+transactionColumns+` FROM card_transactions WHERE id = ? AND status = ? AND `+where,
				append([]any{id, fuelportal.TransactionApproved}, args...)...))
			if err != nil {
				return notFound(err, "Transaction %d not found", id)
			}
			next := recode(t.Coding)
			if next == t.Coding {
				list = append(list, t)
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE card_transactions SET coding_account = ?, coding_class = ?, coding_job = ?, coding_memo = ? WHERE id = ?`,
				next.Account, next.Class, next.Job, next.Memo, t.ID); err != nil {
				return err
			}
			if err := tx.Audit(ctx, fuelportal.AuditChange{CompanyID: t.CompanyID, Kind: fuelportal.AuditTransactionCoded,
				ObjectType: fuelportal.AuditObjectTransaction, ObjectID: strconv.FormatInt(t.ID, 10),
				Before: codingAudit(t.Coding), After: codingAudit(next)}); err != nil {
				return err
			}
			t.Coding = next
			list = append(list, t)
		}
		return nil
	})
	return list, err
}

func codingRuleAudit(r *fuelportal.CodingRule) map[string]any {
	if r == nil {
		return nil
	}
	return map[string]any{"position": r.Position, "product": r.Match.Product, "cardNumber": r.Match.CardNumber,
		"vehicleId": r.Match.VehicleID, "groupId": r.Match.GroupID, "driverUserId": r.Match.DriverUserID,
		"account": r.Coding.Account, "class": r.Coding.Class, "job": r.Coding.Job, "memo": r.Coding.Memo}
}

// placeRules renumbers the company's rules 1… in order, with moved (an id
// of the list, or 0) at position (1-based; beyond the end: last).
func (tx *Tx) placeRules(ctx context.Context, companyID, moved int64, position int) error {
	list, err := tx.codingRules(ctx, companyID)
	if err != nil {
		return err
	}
	ids := make([]int64, 0, len(list))
	for _, r := range list {
		if r.ID != moved {
			ids = append(ids, r.ID)
		}
	}
	if moved != 0 {
		at := min(max(position-1, 0), len(ids))
		ids = append(ids[:at], append([]int64{moved}, ids[at:]...)...)
	}
	for i, id := range ids {
		if _, err := tx.Exec(ctx, `UPDATE coding_rules SET position = ? WHERE id = ? AND position <> ?`, i+1, id, i+1); err != nil {
			return err
		}
	}
	return nil
}

// checkRuleMatch returns field errors for a rule whose match names a
// card, vehicle, group or driver that is not its company's (another
// company's are refused like ids that do not exist).
func (tx *Tx) checkRuleMatch(ctx context.Context, r *fuelportal.CodingRule) error {
	fe := fuelportal.FieldErrors{}
	for _, c := range []struct {
		field, query string
		arg          any
		set          bool
	}{
		{"match.cardNumber", `SELECT 1 FROM cards WHERE company_id = ? AND card_number = ?`, r.Match.CardNumber, r.Match.CardNumber != ""},
		{"match.vehicleId", `SELECT 1 FROM vehicles WHERE company_id = ? AND id = ?`, r.Match.VehicleID, r.Match.VehicleID != 0},
		{"match.groupId", `SELECT 1 FROM member_groups WHERE company_id = ? AND id = ?`, r.Match.GroupID, r.Match.GroupID != 0},
		{"match.driverUserId", `SELECT 1 FROM users WHERE company_id = ? AND id = ?`, r.Match.DriverUserID, r.Match.DriverUserID != 0},
	} {
		if !c.set {
			continue
		}
		var one int
		switch err := tx.QueryRow(ctx, c.query, r.CompanyID, c.arg).Scan(&one); {
		case isNoRows(err):
			fe.Add(c.field, fuelportal.MsgRuleMatchUnknown)
		case err != nil:
			return err
		}
	}
	return fe.Err()
}

// CreateCodingRule adds rule r of its company at r.Position (0: last) and
// sets its ID; audited; as decide allows: it is called in the transaction
// with r's group facts read and the company's count of rules, before the
// match is checked against the company's cards, vehicles, groups and
// drivers, and its error is returned.
func (db *DB) CreateCodingRule(ctx context.Context, r *fuelportal.CodingRule, decide func(r *fuelportal.CodingRule, rules int) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM coding_rules WHERE company_id = ?`, r.CompanyID).Scan(&n); err != nil {
			return err
		}
		if err := tx.readRuleGroups(ctx, r); err != nil {
			return err
		}
		if err := decide(r, n); err != nil {
			return err
		}
		if err := tx.checkRuleMatch(ctx, r); err != nil {
			return err
		}
		if r.Position == 0 || r.Position > n+1 {
			r.Position = n + 1
		}
		err := tx.QueryRow(ctx, `INSERT INTO coding_rules (company_id, position, product_code, card_number, vehicle_id, group_id, driver_user_id,
				account, class, job, memo, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			r.CompanyID, n+1, r.Match.Product, r.Match.CardNumber, r.Match.VehicleID, r.Match.GroupID, r.Match.DriverUserID,
			r.Coding.Account, r.Coding.Class, r.Coding.Job, r.Coding.Memo, tx.Now, tx.Now).Scan(&r.ID)
		if err != nil {
			return err
		}
		if err := tx.placeRules(ctx, r.CompanyID, r.ID, r.Position); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: r.CompanyID, Kind: fuelportal.AuditCodingRuleCreated,
			ObjectType: fuelportal.AuditObjectCodingRule, ObjectID: strconv.FormatInt(r.ID, 10), After: codingRuleAudit(r)})
	})
}

// UpdateCodingRule replaces the company's rule r.ID (its match and
// coding; r.Position 0 keeps its place, another moves it there); audited;
// as decide allows: it is called with the rule before and r, both with
// their group facts read, and its error is returned. Another company's
// rule is ENOTFOUND.
func (db *DB) UpdateCodingRule(ctx context.Context, r *fuelportal.CodingRule, decide func(before, after *fuelportal.CodingRule) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		before, err := tx.codingRuleBefore(ctx, r.CompanyID, r.ID)
		if err != nil {
			return err
		}
		if err := tx.readRuleGroups(ctx, r); err != nil {
			return err
		}
		if err := decide(before, r); err != nil {
			return err
		}
		if err := tx.checkRuleMatch(ctx, r); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE coding_rules SET product_code = ?, card_number = ?, vehicle_id = ?, group_id = ?, driver_user_id = ?,
				account = ?, class = ?, job = ?, memo = ?, updated_at = ? WHERE id = ?`,
			r.Match.Product, r.Match.CardNumber, r.Match.VehicleID, r.Match.GroupID, r.Match.DriverUserID,
			r.Coding.Account, r.Coding.Class, r.Coding.Job, r.Coding.Memo, tx.Now, r.ID); err != nil {
			return err
		}
		if r.Position == 0 {
			r.Position = before.Position
		} else if err := tx.placeRules(ctx, r.CompanyID, r.ID, r.Position); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT position FROM coding_rules WHERE id = ?`, r.ID).Scan(&r.Position); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: r.CompanyID, Kind: fuelportal.AuditCodingRuleUpdated,
			ObjectType: fuelportal.AuditObjectCodingRule, ObjectID: strconv.FormatInt(r.ID, 10), Before: codingRuleAudit(before), After: codingRuleAudit(r)})
	})
}

// DeleteCodingRule removes the company's rule id (the rest keep their
// order); audited; as decide allows: it is called with the rule, its group
// facts read, and its error is returned. Another company's rule is
// ENOTFOUND.
func (db *DB) DeleteCodingRule(ctx context.Context, companyID, id int64, decide func(before *fuelportal.CodingRule) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		before, err := tx.codingRuleBefore(ctx, companyID, id)
		if err != nil {
			return err
		}
		if err := decide(before); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM coding_rules WHERE id = ?`, id); err != nil {
			return err
		}
		if err := tx.placeRules(ctx, companyID, 0, 0); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditCodingRuleDeleted,
			ObjectType: fuelportal.AuditObjectCodingRule, ObjectID: strconv.FormatInt(id, 10), Before: codingRuleAudit(before)})
	})
}

// SetCardRequireJob sets whether the company's card number requires a job
// on its purchases (from the next purchase on); audited as a card change.
// Another company's card is ENOTFOUND.
func (db *DB) SetCardRequireJob(ctx context.Context, companyID int64, number string, require bool) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var id int64
		var was bool
		err := tx.QueryRow(ctx, `SELECT id, require_job FROM cards WHERE company_id = ? AND card_number = ?`, companyID, strings.TrimSpace(number)).Scan(&id, &was)
		if err != nil {
			return notFound(err, "Card not found")
		}
		if _, err := tx.Exec(ctx, `UPDATE cards SET require_job = ?, updated_at = ? WHERE id = ?`, require, tx.Now, id); err != nil {
			return err
		}
		return tx.auditCard(ctx, companyID, id, fuelportal.AuditCardUpdated, map[string]any{"requireJob": was}, map[string]any{"requireJob": require})
	})
}

// CardsRequiringJob returns the numbers of the company's cards in group
// groupID (0: every card) that require a job.
func (db *DB) CardsRequiringJob(ctx context.Context, companyID, groupID int64) (numbers []string, err error) {
	query, args := `SELECT card_number FROM cards WHERE company_id = ? AND require_job = ?`, []any{companyID, true}
	if groupID != 0 {
		query += ` AND group_id = ?`
		args = append(args, groupID)
	}
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, query+` ORDER BY card_number`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				return err
			}
			numbers = append(numbers, n)
		}
		return rows.Err()
	})
	return numbers, err
}
