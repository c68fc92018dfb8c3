package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"fuelportal"
)

// The audit trail (migration 00740): Tx.Audit records a change of the
// actor in the context; the rows are written, chained per company, right
// before the transaction commits (writeAudits), so a change and its row
// commit together or not at all, and the chain's head is locked for the
// shortest time, after every other lock the transaction took.

// Audit records change c in tx for the actor of ctx (fuelportal.Actor),
// with the fields of c.Before and c.After that differ and no secret
// (fuelportal.AuditDiff). A change with no actor in ctx is the system's
// and is not recorded, nor one of no company.
func (tx *Tx) Audit(ctx context.Context, c fuelportal.AuditChange) error {
	actor, ok := fuelportal.ActorFromContext(ctx)
	if !ok || c.CompanyID == 0 {
		return nil
	}
	before, after, err := fuelportal.AuditDiff(c.Before, c.After)
	if err != nil {
		return fmt.Errorf("audit %s: %w", c.Kind, err)
	}
	tx.audits = append(tx.audits, &fuelportal.AuditEvent{
		CompanyID: c.CompanyID, ActorID: actor.UserID, ActorEmail: actor.Email, ActorRole: actor.Role,
		ActorToken: actor.Token, Kind: c.Kind, ObjectType: c.ObjectType, ObjectID: c.ObjectID,
		Before: before, After: after, ClientAddress: actor.ClientAddress, RequestID: actor.RequestID,
	})
	return nil
}

// writeAudits writes the rows Tx.Audit recorded, each chained to its
// company's last row: the company's head row is locked (on PostgreSQL
// by the UPDATE; SQLite's writers are serialised), so two transactions of
// one company append one after the other and the chain never forks.
func (tx *Tx) writeAudits(ctx context.Context) error {
	for _, e := range tx.audits {
		e.At = tx.Now.Truncate(time.Microsecond)
		if e.ActorEmail == "" && e.ActorID != 0 {
			if err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = ?`, e.ActorID).Scan(&e.ActorEmail); err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("audit actor: %w", err)
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO audit_chain_heads (company_id, seq, hash) VALUES (?, 0, '') ON CONFLICT (company_id) DO NOTHING`, e.CompanyID); err != nil {
			return fmt.Errorf("audit chain head: %w", err)
		}
		if err := tx.QueryRow(ctx, `UPDATE audit_chain_heads SET seq = seq + 1 WHERE company_id = ? RETURNING seq, hash`, e.CompanyID).Scan(&e.Seq, &e.PrevHash); err != nil {
			return fmt.Errorf("audit chain head: %w", err)
		}
		e.Hash = fuelportal.AuditHash(e)
		if err := tx.QueryRow(ctx, `INSERT INTO audit_events (company_id, seq, at, actor_id, actor_email, actor_role, actor_token,
			kind, object_type, object_id, before_fields, after_fields, client_address, request_id, prev_hash, hash)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			e.CompanyID, e.Seq, e.At, e.ActorID, e.ActorEmail, e.ActorRole, e.ActorToken, string(e.Kind), e.ObjectType, e.ObjectID,
			string(e.Before), string(e.After), e.ClientAddress, e.RequestID, e.PrevHash, e.Hash).Scan(&e.ID); err != nil {
			return fmt.Errorf("audit: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE audit_chain_heads SET hash = ? WHERE company_id = ?`, e.Hash, e.CompanyID); err != nil {
			return fmt.Errorf("audit chain head: %w", err)
		}
	}
	tx.audits = nil
	return nil
}

const auditColumns = `id, company_id, seq, at, actor_id, actor_email, actor_role, actor_token, kind, object_type, object_id,
	before_fields, after_fields, client_address, request_id, prev_hash, hash`

func scanAuditEvent(rows *sql.Rows) (*fuelportal.AuditEvent, error) {
	var e fuelportal.AuditEvent
	var at nullTime
	var kind, before, after string
	if err := rows.Scan(&e.ID, &e.CompanyID, &e.Seq, &at, &e.ActorID, &e.ActorEmail, &e.ActorRole, &e.ActorToken, &kind,
		&e.ObjectType, &e.ObjectID, &before, &after, &e.ClientAddress, &e.RequestID, &e.PrevHash, &e.Hash); err != nil {
		return nil, err
	}
	e.At, e.Kind, e.Before, e.After = at.Time, fuelportal.AuditKind(kind), []byte(before), []byte(after)
	return &e, nil
}

// AuditEvents returns one page of company f.CompanyID's audit rows that f
// selects, newest first, and how many it selects in all.
func (db *DB) AuditEvents(ctx context.Context, f fuelportal.AuditFilter) (page []*fuelportal.AuditEvent, total int, err error) {
	where := []string{`company_id = ?`}
	args := []any{f.CompanyID}
	if f.ActorID != 0 {
		where, args = append(where, `actor_id = ?`), append(args, f.ActorID)
	}
	if f.Kind != "" {
		where, args = append(where, `kind = ?`), append(args, string(f.Kind))
	}
	if f.ObjectType != "" {
		where, args = append(where, `object_type = ?`), append(args, f.ObjectType)
	}
	if f.ObjectID != "" {
		where, args = append(where, `object_id = ?`), append(args, f.ObjectID)
	}
	if !f.From.IsZero() {
		where, args = append(where, `at >= ?`), append(args, f.From)
	}
	if !f.To.IsZero() {
		where, args = append(where, `at < ?`), append(args, f.To)
	}
	cond := strings.Join(where, ` AND `)
	err = db.InReadTx(ctx, func(tx *Tx) error {
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM audit_events WHERE `+cond, args...).Scan(&total); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT `+auditColumns+` FROM audit_events WHERE `+cond+` ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
			append(args, f.Limit, f.Offset)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			e, err := scanAuditEvent(rows)
			if err != nil {
				return err
			}
			page = append(page, e)
		}
		return rows.Err()
	})
	return page, total, err
}

// AuditBreak is the first row of a company's chain that does not hold:
// its hash is not that of its content, it does not point at the row
// before it, or rows are missing before it (Seq is then the first
// missing sequence number, and ID the row found in its place, 0 at the
// end of the chain).
type AuditBreak struct {
	CompanyID int64
	ID        int64
	Seq       int64
	Reason    string
}

func (b *AuditBreak) Error() string {
	return fmt.Sprintf("audit chain of company %d breaks at row %d (seq %d): %s", b.CompanyID, b.ID, b.Seq, b.Reason)
}

// auditVerifyBatch is how many rows VerifyAudit reads per query.
const auditVerifyBatch = 5000

// VerifyAudit checks every company's audit chain, row by row in sequence,
// and returns the number of rows checked and the first break found
// (*AuditBreak), or nil when every chain holds. It reads in batches of
// its own read transactions, so it needs no more than read access.
func (db *DB) VerifyAudit(ctx context.Context) (rows int64, brk *AuditBreak, err error) {
	var companies []int64
	err = db.InReadTx(ctx, func(tx *Tx) error {
		r, err := tx.Query(ctx, `SELECT company_id FROM audit_chain_heads ORDER BY company_id`)
		if err != nil {
			return err
		}
		defer r.Close()
		for r.Next() {
			var c int64
			if err := r.Scan(&c); err != nil {
				return err
			}
			companies = append(companies, c)
		}
		return r.Err()
	})
	if err != nil {
		return 0, nil, err
	}
	for _, company := range companies {
		n, b, err := db.verifyCompanyAudit(ctx, company)
		rows += n
		if err != nil || b != nil {
			return rows, b, err
		}
	}
	return rows, nil, nil
}

// verifyCompanyAudit checks company's chain up to its head.
func (db *DB) verifyCompanyAudit(ctx context.Context, company int64) (checked int64, brk *AuditBreak, err error) {
	var headSeq int64
	var headHash string
	if err := db.InReadTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `SELECT seq, hash FROM audit_chain_heads WHERE company_id = ?`, company).Scan(&headSeq, &headHash)
	}); err != nil {
		return 0, nil, err
	}
	prevHash, nextSeq := "", int64(1)
	for nextSeq <= headSeq {
		var batch []*fuelportal.AuditEvent
		if err := db.InReadTx(ctx, func(tx *Tx) error {
			r, err := tx.Query(ctx, `SELECT `+auditColumns+` FROM audit_events WHERE company_id = ? AND seq >= ? AND seq <= ? ORDER BY seq LIMIT ?`,
				company, nextSeq, headSeq, auditVerifyBatch)
			if err != nil {
				return err
			}
			defer r.Close()
			for r.Next() {
				e, err := scanAuditEvent(r)
				if err != nil {
					return err
				}
				batch = append(batch, e)
			}
			return r.Err()
		}); err != nil {
			return checked, nil, err
		}
		if len(batch) == 0 {
			return checked, &AuditBreak{CompanyID: company, Seq: nextSeq, Reason: "rows missing at the end of the chain"}, nil
		}
		for _, e := range batch {
			switch {
			case e.Seq != nextSeq:
				return checked, &AuditBreak{CompanyID: company, ID: e.ID, Seq: nextSeq, Reason: "row of seq " + strconv.FormatInt(nextSeq, 10) + " missing"}, nil
			case e.PrevHash != prevHash:
				return checked, &AuditBreak{CompanyID: company, ID: e.ID, Seq: e.Seq, Reason: "does not point at the row before it"}, nil
			case fuelportal.AuditHash(e) != e.Hash:
				return checked, &AuditBreak{CompanyID: company, ID: e.ID, Seq: e.Seq, Reason: "content does not match its hash"}, nil
			}
			prevHash, nextSeq = e.Hash, nextSeq+1
			checked++
		}
	}
	if prevHash != headHash {
		return checked, &AuditBreak{CompanyID: company, Seq: headSeq, Reason: "last row does not match the chain's head"}, nil
	}
	return checked, nil, nil
}

// cardAudit is what the audit trail keeps of a card: its driver details
// and status, and the last four digits of its number.
func cardAudit(c *fuelportal.Card) map[string]any {
	return map[string]any{"cardNumber": c.CardNumber, "driverName": c.DriverName, "driverId": c.DriverID,
		"unitNumber": c.UnitNumber, "status": c.Status, "prompt": c.Prompt}
}

// auditCard records change kind of the company's card cardID.
func (tx *Tx) auditCard(ctx context.Context, companyID, cardID int64, kind fuelportal.AuditKind, before, after any) error {
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: kind, ObjectType: fuelportal.AuditObjectCard,
		ObjectID: strconv.FormatInt(cardID, 10), Before: before, After: after})
}

// auditCompany records a change of the company's settings.
func (tx *Tx) auditCompany(ctx context.Context, companyID int64, before, after any) error {
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditCompanySettingsSet,
		ObjectType: fuelportal.AuditObjectCompany, ObjectID: strconv.FormatInt(companyID, 10), Before: before, After: after})
}

// Audit records change c in a transaction of its own (Tx.Audit), for an
// act that changes nothing else in the database (a card's details
// revealed, a delivery sent again).
func (db *DB) Audit(ctx context.Context, c fuelportal.AuditChange) error {
	return db.InTx(ctx, func(tx *Tx) error { return tx.Audit(ctx, c) })
}
