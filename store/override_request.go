package store

import (
	"context"
	"database/sql"
	"strconv"

	"fuelportal"
)

// CreateOverrideRequest records driver driverUserID's request to lift their
// card's rules after its last declined purchase, with an optional message
// (checked by overrides.Service), and audits it, as decide allows: it is
// called with what the store read (fuelportal.CheckOverrideRequest
// decides) and its error is returned. Of two concurrent requests for a
// card one wins; the other is ECONFLICT. The caller publishes the request
// (overrides.Service).
func (tx *Tx) CreateOverrideRequest(ctx context.Context, driverUserID int64, message string, decide func(fuelportal.OverrideRequestFacts) error) (*fuelportal.OverrideRequest, error) {
	req := &fuelportal.OverrideRequest{DriverUserID: driverUserID, Message: message, Status: fuelportal.OverridePending, CreatedAt: tx.Now}
	var facts fuelportal.OverrideRequestFacts
	err := tx.QueryRow(ctx, `SELECT id, company_id, card_number, driver_name FROM cards WHERE driver_user_id = ?`, driverUserID).
		Scan(&req.CardID, &req.CompanyID, &req.CardNumber, &req.DriverName)
	if err != nil && !isNoRows(err) {
		return nil, err
	}
	if facts.HasCard = err == nil; facts.HasCard {
		err = tx.QueryRow(ctx, `
			SELECT id, decline_code FROM card_transactions
			WHERE card_id = ? AND company_id = ? AND status = ? AND driver_user_id = ?
			ORDER BY transaction_date DESC, id DESC LIMIT 1`, req.CardID, req.CompanyID, fuelportal.TransactionDeclined, driverUserID).
			Scan(&req.TransactionID, &req.DeclineCode)
		if err != nil && !isNoRows(err) {
			return nil, err
		}
		facts.HasDecline = err == nil
	}
	if facts.HasDecline {
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM override_requests WHERE card_id = ? AND status = ?`, req.CardID, fuelportal.OverridePending).Scan(&facts.Pending); err != nil {
			return nil, err
		}
	}
	if err := decide(facts); err != nil {
		return nil, err
	}
	err = tx.QueryRow(ctx, `
		INSERT INTO override_requests (company_id, card_id, driver_user_id, transaction_id, message, status, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		RETURNING id`, req.CompanyID, req.CardID, req.DriverUserID, req.TransactionID, req.Message, req.Status, req.CreatedAt).Scan(&req.ID)
	if isUniqueViolation(err) {
		return nil, fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgOverrideRequestPending)
	} else if err != nil {
		return nil, err
	}
	if err := tx.auditOverrideRequest(ctx, fuelportal.AuditOverrideRequested, req, nil,
		map[string]any{"cardId": req.CardID, "message": req.Message, "status": req.Status}); err != nil {
		return nil, err
	}
	return req, nil
}

const overrideRequestSelect = `
	SELECT r.id, r.company_id, r.card_id, k.card_number, k.driver_name, r.driver_user_id, r.transaction_id, t.decline_code,
		r.message, r.status, r.created_at, r.decided_at, r.decided_by, r.override_until, r.lifts_prompt,
		t.transaction_date, t.location_name, t.gallons_milli, t.retail_price_tenth_cents
	FROM override_requests r
	JOIN cards k ON k.id = r.card_id
	JOIN card_transactions t ON t.id = r.transaction_id`

func scanOverrideRequest(row interface{ Scan(...any) error }) (*fuelportal.OverrideRequest, error) {
	r := &fuelportal.OverrideRequest{}
	var driver, decidedBy sql.NullInt64
	var created, decided, until, declined nullTime
	var gallons fuelportal.Gallons
	var retail fuelportal.TenthCents
	err := row.Scan(&r.ID, &r.CompanyID, &r.CardID, &r.CardNumber, &r.DriverName, &driver, &r.TransactionID, &r.DeclineCode,
		&r.Message, &r.Status, &created, &decided, &decidedBy, &until, &r.LiftsPrompt, &declined, &r.LocationName, &gallons, &retail)
	if err != nil {
		return nil, err
	}
	r.DeclinedAt, r.AttemptedAmount = declined.Time, fuelportal.PriceOf(gallons, retail)
	r.DriverUserID, r.DecidedBy = driver.Int64, decidedBy.Int64
	r.CreatedAt, r.DecidedAt, r.OverrideUntil = created.Time, decided.Ptr(), until.Ptr()
	return r, nil
}

func (tx *Tx) overrideRequests(ctx context.Context, where string, args ...any) ([]*fuelportal.OverrideRequest, error) {
	return queryList(ctx, tx, scanOverrideRequest, overrideRequestSelect+` WHERE `+where+` ORDER BY r.id DESC LIMIT ?`, append(args, fuelportal.MaxOverrideRequestsListed)...)
}

// DriverOverrideRequests returns driver driverUserID's override requests,
// newest first, at most fuelportal.MaxOverrideRequestsListed.
func (db *DB) DriverOverrideRequests(ctx context.Context, driverUserID int64) (list []*fuelportal.OverrideRequest, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		list, err = tx.overrideRequests(ctx, `r.driver_user_id = ?`, driverUserID)
		return err
	})
	return list, err
}

// OverrideRequests returns the override requests of scope's company (of
// its group's cards when scope names a group), only those with status when
// it is not empty, newest first, at most fuelportal.MaxOverrideRequestsListed.
func (db *DB) OverrideRequests(ctx context.Context, scope fuelportal.TransactionScope, status fuelportal.OverrideRequestStatus) (list []*fuelportal.OverrideRequest, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		where, args := `r.company_id = ?`+cardGroupWhere(scope.GroupID), append([]any{scope.CompanyID}, cardGroupArgs(scope.GroupID)...)
		if status != "" {
			where, args = where+` AND r.status = ?`, append(args, status)
		}
		list, err = tx.overrideRequests(ctx, where, args...)
		return err
	})
	return list, err
}

// cardGroupWhere narrows a query joining the request's card as k to the
// cards of group groupID (0: every card), with cardGroupArgs.
func cardGroupWhere(groupID int64) string {
	if groupID == 0 {
		return ""
	}
	return ` AND k.group_id = ?`
}

func cardGroupArgs(groupID int64) []any {
	if groupID == 0 {
		return nil
	}
	return []any{groupID}
}

// OverrideDecision is an owner's answer to an override request.
type OverrideDecision struct {
	CompanyID int64 // the owner's company
	GroupID   int64 // the deciding member's group: another group's request is not found (0: every card)
	OwnerID   int64
	Approve   bool
	Hours     int // of the override an approval grants (1 to 168)
	// LiftsPrompt: the approval lifts the card's pump prompt too.
	LiftsPrompt bool
}

// DecideOverrideRequest approves or denies pending override request id of
// the owner's company: an approval grants the card an override of d.Hours
// from now; the request's alert is marked read; the decision is audited.
// Another company's request, or none, is ENOTFOUND; decide is called with
// the request (fuelportal.CheckOverrideDecision decides) and its error is
// returned; of two concurrent decisions one wins, the other is ECONFLICT.
// The caller has checked the hours and publishes the decision
// (overrides.Service).
func (tx *Tx) DecideOverrideRequest(ctx context.Context, id int64, d OverrideDecision, decide func(*fuelportal.OverrideRequest) error) (*fuelportal.OverrideRequest, error) {
	req, err := scanOverrideRequest(tx.QueryRow(ctx, overrideRequestSelect+` WHERE r.id = ? AND r.company_id = ?`+cardGroupWhere(d.GroupID),
		append([]any{id, d.CompanyID}, cardGroupArgs(d.GroupID)...)...))
	if err != nil {
		return nil, notFound(err, fuelportal.MsgOverrideRequestMissing)
	}
	if err := decide(req); err != nil {
		return nil, err
	}
	now := tx.Now
	req.Status, req.DecidedAt, req.DecidedBy = fuelportal.OverrideDenied, &now, d.OwnerID
	if d.Approve {
		until, err := tx.GrantOverride(ctx, req.CompanyID, req.CardID, d.Hours, d.LiftsPrompt)
		if err != nil {
			return nil, err
		}
		req.Status, req.OverrideUntil, req.LiftsPrompt = fuelportal.OverrideApproved, &until, d.LiftsPrompt
	}
	res, err := tx.Exec(ctx, `
		UPDATE override_requests SET status = ?, decided_at = ?, decided_by = ?, override_until = ?, lifts_prompt = ?
		WHERE id = ? AND status = ?`,
		req.Status, req.DecidedAt, nullInt(req.DecidedBy), req.OverrideUntil, req.LiftsPrompt, req.ID, fuelportal.OverridePending)
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, err
	} else if n == 0 {
		return nil, fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgOverrideRequestDecided)
	}
	if _, err := tx.Exec(ctx, `UPDATE alerts SET read_at = ? WHERE override_request_id = ? AND read_at IS NULL`, now, req.ID); err != nil {
		return nil, err
	}
	if err := tx.auditOverrideRequest(ctx, fuelportal.AuditOverrideDecided, req, map[string]any{"status": fuelportal.OverridePending},
		map[string]any{"status": req.Status, "hours": d.Hours, "overrideUntil": req.OverrideUntil, "liftsPrompt": req.LiftsPrompt}); err != nil {
		return nil, err
	}
	return req, nil
}

// auditOverrideRequest records change kind of override request req.
func (tx *Tx) auditOverrideRequest(ctx context.Context, kind fuelportal.AuditKind, req *fuelportal.OverrideRequest, before, after any) error {
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: req.CompanyID, Kind: kind, ObjectType: fuelportal.AuditObjectOverride,
		ObjectID: strconv.FormatInt(req.ID, 10), Before: before, After: after})
}
