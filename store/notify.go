package store

import (
	"context"
	"database/sql"
	"strings"

	"fuelportal"
)

// notifyTarget is one recipient of a notice, with what decides their
// delivery: role, language, address and quiet hours.
type notifyTarget struct {
	id       int64
	role     fuelportal.Role
	email    string
	language fuelportal.Language
	quiet    *fuelportal.QuietHours
	pref     *fuelportal.NotificationPreference
}

// notifyTargets returns the users of company companyID that to names,
// with their preference for event (nil: default).
func (tx *Tx) notifyTargets(ctx context.Context, companyID int64, to fuelportal.PushRecipients, event fuelportal.NotificationEvent) ([]*notifyTarget, error) {
	var ids []any
	for _, id := range to.UserIDs {
		if id != 0 {
			ids = append(ids, id)
		}
	}
	where := []string{}
	args := []any{event, companyID}
	if len(ids) > 0 {
		where = append(where, "u.id IN ("+placeholders(len(ids))+")")
		args = append(args, ids...)
	}
	if to.OwnersOf != 0 {
		if to.OwnersOf != companyID {
			return nil, nil
		}
		roles := to.Roles
		if roles == nil {
			roles = fuelportal.EventRoute{}.OfficeAudience()
		}
		office := "u.member_status = ? AND u.member_role IN (" + placeholders(len(roles)) + ")"
		args = append(args, fuelportal.MemberActive)
		for _, r := range roles {
			args = append(args, r)
		}
		if to.CardID != 0 {
			office += " AND " + memberSeesCard
			args = append(args, to.CardID)
		}
		where = append(where, "("+office+")")
	}
	if len(where) == 0 {
		return nil, nil
	}
	rows, err := tx.Query(ctx, `
		SELECT u.id, u.role, u.email, u.language, u.quiet_start, u.quiet_end, p.event, p.push, p.email, p.in_app
		FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.event = ?
		WHERE u.company_id = ? AND (`+strings.Join(where, " OR ")+`)
		ORDER BY u.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*notifyTarget
	for rows.Next() {
		t := &notifyTarget{}
		var start, end, prefEvent sql.NullString
		var push, email, inApp sql.NullInt64
		if err := rows.Scan(&t.id, &t.role, &t.email, &t.language, &start, &end, &prefEvent, &push, &email, &inApp); err != nil {
			return nil, err
		}
		if start.Valid && end.Valid {
			t.quiet = &fuelportal.QuietHours{Start: start.String, End: end.String}
		}
		if prefEvent.Valid {
			t.pref = &fuelportal.NotificationPreference{Event: event, Push: push.Int64 == 1, Email: email.Int64 == 1, InApp: inApp.Int64 == 1}
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// addInAppNotification adds event e's notice to u's in-app list in u's
// language and forgets the oldest beyond fuelportal.MaxInAppNotifications.
func (tx *Tx) addInAppNotification(ctx context.Context, u *notifyTarget, e *fuelportal.Event) error {
	n := e.Notice
	title, body := n.Texts(u.language)
	if _, err := tx.Exec(ctx, `
		INSERT INTO notifications (user_id, company_id, event, title, body, url, transaction_id, trip_id, override_request_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		u.id, e.CompanyID, n.Event, title, body, n.URL, nullInt(n.TransactionID), nullInt(n.TripID), nullInt(n.OverrideRequestID), e.CreatedAt); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `
		DELETE FROM notifications WHERE user_id = ? AND id NOT IN (
			SELECT id FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT ?)`,
		u.id, u.id, fuelportal.MaxInAppNotifications)
	return err
}

// NotificationSettings returns user userID's (of role) preferences: one
// per event of the role (defaults where never saved), quiet hours and
// their company's time zone.
func (db *DB) NotificationSettings(ctx context.Context, userID int64, role fuelportal.Role) (s *fuelportal.NotificationSettings, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		s, err = tx.notificationSettings(ctx, userID, role)
		return err
	})
	return s, err
}

func (tx *Tx) notificationSettings(ctx context.Context, userID int64, role fuelportal.Role) (*fuelportal.NotificationSettings, error) {
	var companyID sql.NullInt64
	var start, end sql.NullString
	err := tx.QueryRow(ctx, `SELECT company_id, quiet_start, quiet_end FROM users WHERE id = ?`, userID).Scan(&companyID, &start, &end)
	if isNoRows(err) {
		return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "User not found")
	} else if err != nil {
		return nil, err
	}
	s := &fuelportal.NotificationSettings{TimeZone: fuelportal.DefaultTimeZone, Events: []fuelportal.NotificationPreference{}}
	if start.Valid && end.Valid {
		s.QuietHours = &fuelportal.QuietHours{Start: start.String, End: end.String}
	}
	if companyID.Valid {
		c, err := tx.CompanyControls(ctx, companyID.Int64)
		if err != nil {
			return nil, err
		}
		s.TimeZone = c.Location().String()
	}
	saved := map[fuelportal.NotificationEvent]fuelportal.NotificationPreference{}
	rows, err := tx.Query(ctx, `SELECT event, push, email, in_app FROM notification_preferences WHERE user_id = ?`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var p fuelportal.NotificationPreference
		var push, email, inApp int64
		if err := rows.Scan(&p.Event, &push, &email, &inApp); err != nil {
			return nil, err
		}
		p.Push, p.Email, p.InApp = push == 1, email == 1, inApp == 1
		saved[p.Event] = p
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, e := range fuelportal.NotificationEvents(role) {
		p, ok := saved[e]
		if !ok {
			p = fuelportal.DefaultNotificationPreference(role, e)
		}
		if role == fuelportal.RoleCompany {
			p.InApp = true
		}
		s.Events = append(s.Events, p)
	}
	return s, nil
}

// SaveNotificationSettings saves s, validated (notifications.Service), for
// user userID of role: the events it lists (others keep what they had) and
// its quiet hours (nil: none). It returns the settings as saved.
func (db *DB) SaveNotificationSettings(ctx context.Context, userID int64, role fuelportal.Role, s fuelportal.NotificationSettings) (out *fuelportal.NotificationSettings, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		for _, p := range s.Events {
			if _, err := tx.Exec(ctx, `
				INSERT INTO notification_preferences (user_id, event, push, email, in_app) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (user_id, event) DO UPDATE SET push = excluded.push, email = excluded.email, in_app = excluded.in_app`,
				userID, p.Event, boolInt(p.Push), boolInt(p.Email), boolInt(p.InApp)); err != nil {
				return err
			}
		}
		var start, end sql.NullString
		if q := s.QuietHours; q != nil {
			start, end = sql.NullString{String: q.Start, Valid: true}, sql.NullString{String: q.End, Valid: true}
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET quiet_start = ?, quiet_end = ? WHERE id = ?`, start, end, userID); err != nil {
			return err
		}
		out, err = tx.notificationSettings(ctx, userID, role)
		return err
	})
	return out, err
}

// WalletLowThreshold returns company companyID's low-wallet threshold in
// cents (nil: none).
func (db *DB) WalletLowThreshold(ctx context.Context, companyID int64) (cents *int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var v sql.NullInt64
		if err := tx.QueryRow(ctx, `SELECT wallet_low_threshold_cents FROM companies WHERE id = ?`, companyID).Scan(&v); err != nil {
			return err
		}
		if v.Valid {
			cents = &v.Int64
		}
		return nil
	})
	return cents, err
}

// SetWalletLowThreshold sets company companyID's low-wallet threshold
// (nil: none), validated (notifications.Service).
func (db *DB) SetWalletLowThreshold(ctx context.Context, companyID int64, cents *int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var v, was sql.NullInt64
		if cents != nil {
			v = sql.NullInt64{Int64: *cents, Valid: true}
		}
		if err := tx.QueryRow(ctx, `SELECT wallet_low_threshold_cents FROM companies WHERE id = ?`, companyID).Scan(&was); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE companies SET wallet_low_threshold_cents = ? WHERE id = ?`, v, companyID); err != nil {
			return err
		}
		threshold := func(n sql.NullInt64) map[string]any {
			if !n.Valid {
				return map[string]any{"walletLowThresholdCents": nil}
			}
			return map[string]any{"walletLowThresholdCents": n.Int64}
		}
		return tx.auditCompany(ctx, companyID, threshold(was), threshold(v))
	})
}
