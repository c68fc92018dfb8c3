package store

import (
	"context"

	"fuelportal"
)

// DriverStatus returns the approval status of user id, or ENOTFOUND.
func (db *DB) DriverStatus(ctx context.Context, id int64) (status fuelportal.DriverStatus, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT driver_status FROM users WHERE id = ?`, id).Scan(&status)
		return notFound(err, "User not found")
	})
	return status, err
}

// DriverRequests returns the pending driver requests of company companyID,
// oldest first.
func (db *DB) DriverRequests(ctx context.Context, companyID int64) ([]*fuelportal.DriverRequest, error) {
	list := []*fuelportal.DriverRequest{}
	err := db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT u.id, u.first_name, u.last_name, u.email, u.phone_number, COALESCE(k.card_number, ''), u.created_at
			FROM users u
			LEFT JOIN cards k ON k.driver_user_id = u.id
			WHERE u.company_id = ? AND u.role = ? AND u.driver_status = ?
			ORDER BY u.created_at, u.id`, companyID, fuelportal.RoleUser, fuelportal.DriverPending)
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

// DecideDriverRequest approves (DriverApproved) or declines
// (DriverRejected) the pending request of driver userID in company
// companyID, and queues the notice mail returns for the driver in the same
// transaction. Declining frees the driver's card for another sign-up and
// ends the driver's sessions. A driver of another company, or one whose
// request was already decided, is ENOTFOUND; of two concurrent decisions
// exactly one wins.
func (db *DB) DecideDriverRequest(ctx context.Context, companyID, userID int64, decision fuelportal.DriverStatus,
	notice func(*fuelportal.User) *fuelportal.MailMessage) (u *fuelportal.User, err error) {
	if decision != fuelportal.DriverApproved && decision != fuelportal.DriverRejected {
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "Decision must be APPROVED or REJECTED")
	}
	err = db.InTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `
			UPDATE users SET driver_status = ?, updated_at = ?
			WHERE id = ? AND company_id = ? AND role = ? AND driver_status = ?`,
			decision, tx.Now, userID, companyID, fuelportal.RoleUser, fuelportal.DriverPending)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgDriverRequestMissing)
		}
		if u, err = tx.UserByID(ctx, userID); err != nil {
			return err
		}
		if decision == fuelportal.DriverRejected {
			if _, err := tx.Exec(ctx, `UPDATE cards SET driver_user_id = NULL, updated_at = ? WHERE driver_user_id = ?`, tx.Now, userID); err != nil {
				return err
			}
			if err := tx.revokeUserSessions(ctx, userID, ""); err != nil {
				return err
			}
		}
		if notice != nil {
			if m := notice(u); m != nil {
				return tx.EnqueueMail(ctx, m)
			}
		}
		return nil
	})
	return u, err
}
