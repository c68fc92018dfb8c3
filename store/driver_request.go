package store

import (
	"context"
	"database/sql"
	"strconv"

	"fuelportal"
)

// DriverStatus returns the approval status of user id, or ENOTFOUND. A
// pending request older than fuelportal.DriverRequestTTL has expired and
// reads as DriverRejected.
func (db *DB) DriverStatus(ctx context.Context, id int64) (status fuelportal.DriverStatus, err error) {
	status, _, err = db.DriverAccess(ctx, id)
	return status, err
}

// DriverAccess returns DriverStatus and the id of the card user id holds
// now (0 for none): a token issued before an approval, or before the card
// went to another driver, must not decide which card's purchases they see.
func (db *DB) DriverAccess(ctx context.Context, id int64) (status fuelportal.DriverStatus, cardID int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var requested nullTime
		var card sql.NullInt64
		err := tx.QueryRow(ctx, `SELECT u.driver_status, u.created_at, k.id FROM users u LEFT JOIN cards k ON k.driver_user_id = u.id WHERE u.id = ?`,
			id).Scan(&status, &requested, &card)
		if err != nil {
			return notFound(err, "User not found")
		}
		if status == fuelportal.DriverPending && fuelportal.DriverRequestExpired(requested.Time, tx.Now) {
			status = fuelportal.DriverRejected
		}
		cardID = card.Int64
		return nil
	})
	return status, cardID, err
}

// RequestCard records that pending driver userID asks for the card cardID.
// The request does not hold the card: any number of requests may name it.
func (tx *Tx) RequestCard(ctx context.Context, userID, cardID int64) error {
	_, err := tx.Exec(ctx, `UPDATE users SET requested_card_id = ? WHERE id = ?`, cardID, userID)
	return err
}

// DriverRequests returns the pending driver requests in scope (the
// company's; for a member limited to a group, those for the group's cards)
// that have not expired, oldest first. Several may name one card.
func (db *DB) DriverRequests(ctx context.Context, scope fuelportal.MemberScope) ([]*fuelportal.DriverRequest, error) {
	list := []*fuelportal.DriverRequest{}
	err := db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT u.id, u.first_name, u.last_name, u.email, u.phone_number, COALESCE(k.card_number, ''), u.created_at
			FROM users u
			LEFT JOIN cards k ON k.id = u.requested_card_id AND k.company_id = u.company_id
			WHERE u.company_id = ? AND u.role = ? AND u.driver_status = ? AND u.created_at > ?`+cardGroupWhere(scope.GroupID)+`
			ORDER BY u.created_at, u.id`, append([]any{scope.CompanyID, fuelportal.RoleUser, fuelportal.DriverPending, tx.Now.Add(-fuelportal.DriverRequestTTL)},
			cardGroupArgs(scope.GroupID)...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			r := &fuelportal.DriverRequest{}
			var requested nullTime
			if err := rows.Scan(&r.UserID, &r.FirstName, &r.LastName, &r.Email, &r.PhoneNumber, &r.CardNumber, &requested); err != nil {
				return err
			}
			r.RequestedAt = requested.Time
			list = append(list, r)
		}
		return rows.Err()
	})
	return list, err
}

// DriverRequestToDecide reads the pending request of driver userID in
// scope (the company's; for a member limited to a group, a request for one
// of the group's cards) and the card it names, the facts
// fuelportal.DecideDriverRequest decides on: on PostgreSQL the card's row
// is locked first, so decisions on one card queue here and the second
// finds its request declined by the first. A driver of another company, a
// request out of scope or already decided is ENOTFOUND.
func (tx *Tx) DriverRequestToDecide(ctx context.Context, scope fuelportal.MemberScope, userID int64) (fuelportal.DriverRequestFacts, error) {
	var cardID sql.NullInt64
	var requested nullTime
	err := tx.QueryRow(ctx, `
		SELECT u.requested_card_id, u.created_at FROM users u
		LEFT JOIN cards k ON k.id = u.requested_card_id AND k.company_id = u.company_id
		WHERE u.id = ? AND u.company_id = ? AND u.role = ? AND u.driver_status = ?`+cardGroupWhere(scope.GroupID),
		append([]any{userID, scope.CompanyID, fuelportal.RoleUser, fuelportal.DriverPending}, cardGroupArgs(scope.GroupID)...)...).Scan(&cardID, &requested)
	if isNoRows(err) {
		return fuelportal.DriverRequestFacts{}, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgDriverRequestMissing)
	} else if err != nil {
		return fuelportal.DriverRequestFacts{}, err
	}
	facts := fuelportal.DriverRequestFacts{UserID: userID, RequestedAt: requested.Time, Now: tx.Now, CardID: cardID.Int64}
	if !cardID.Valid {
		return facts, nil
	}
	if tx.Engine() == Postgres {
		if _, err := tx.Exec(ctx, `SELECT id FROM cards WHERE id = ? FOR UPDATE`, cardID.Int64); err != nil {
			return fuelportal.DriverRequestFacts{}, err
		}
	}
	facts.Others, err = tx.pendingRequestsFor(ctx, cardID.Int64, userID)
	return facts, err
}

// DecideDriverRequest writes decision d of driver d.UserID's pending
// request for card cardID (0: none) of company companyID, audited, and
// returns the driver as decided. An approved driver becomes the card's
// holder (see assignCardHolder: the card's name becomes theirs, its driver
// id stays, and they see only purchases from now on); a declined driver's
// sessions end. A request decided meanwhile is ENOTFOUND.
func (tx *Tx) DecideDriverRequest(ctx context.Context, companyID, cardID int64, d fuelportal.DriverDecision) (*fuelportal.User, error) {
	if err := tx.decideDriver(ctx, d.UserID, d.Status); err != nil {
		return nil, err
	}
	if d.Status == fuelportal.DriverApproved && cardID != 0 {
		u, err := tx.UserByID(ctx, d.UserID)
		if err != nil {
			return nil, err
		}
		if err := tx.assignCardHolder(ctx, cardID, u); err != nil {
			return nil, err
		}
	}
	u, err := tx.UserByID(ctx, d.UserID)
	if err != nil {
		return nil, err
	}
	return u, tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditDriverDecided,
		ObjectType: fuelportal.AuditObjectDriver, ObjectID: strconv.FormatInt(u.ID, 10),
		Before: map[string]any{"status": fuelportal.DriverPending}, After: map[string]any{"status": d.Status, "email": u.Email}})
}

// pendingRequestsFor returns the ids of the drivers other than userID
// whose pending requests name the card, expired ones included.
func (tx *Tx) pendingRequestsFor(ctx context.Context, cardID, userID int64) ([]int64, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM users WHERE requested_card_id = ? AND driver_status = ? AND id <> ? ORDER BY id`,
		cardID, fuelportal.DriverPending, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// decideDriver moves pending driver id to decision, dropping their card
// request; a declined driver's sessions end. ENOTFOUND when the request
// was decided meanwhile.
func (tx *Tx) decideDriver(ctx context.Context, id int64, decision fuelportal.DriverStatus) error {
	res, err := tx.Exec(ctx, `
		UPDATE users SET driver_status = ?, requested_card_id = NULL, updated_at = ?
		WHERE id = ? AND driver_status = ?`, decision, tx.Now, id, fuelportal.DriverPending)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgDriverRequestMissing)
	}
	if decision == fuelportal.DriverRejected {
		return tx.revokeUserSessions(ctx, id, "")
	}
	return nil
}
