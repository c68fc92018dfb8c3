package store

import (
	"context"
	"time"

	"fuelportal"
)

// insertAlert records alert a of its company (derived from an event
// created at created) and sets a.ID and a.CreatedAt.
func (tx *Tx) insertAlert(ctx context.Context, a *fuelportal.Alert, created time.Time) error {
	a.CreatedAt = created
	return tx.QueryRow(ctx, `
		INSERT INTO alerts (company_id, kind, message, card_id, card_number, driver_name, transaction_id, override_request_id,
			trip_id, trip_request_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		a.CompanyID, a.Kind, a.Message, nullInt(a.CardID), a.CardNumber, a.DriverName,
		nullInt(a.TransactionID), nullInt(a.OverrideRequestID), nullInt(a.TripID), nullInt(a.TripRequestID), a.CreatedAt).Scan(&a.ID)
}

// ownerMailTarget is an owner to mail: their address and language.
type ownerMailTarget struct {
	email    string
	language fuelportal.Language
}

// ownerEmails returns the addresses of the active office members of
// company companyID whose role is in roles.
func (tx *Tx) ownerEmails(ctx context.Context, companyID int64, roles []fuelportal.MemberRole) ([]ownerMailTarget, error) {
	args := []any{companyID, fuelportal.MemberActive}
	for _, r := range roles {
		args = append(args, r)
	}
	rows, err := tx.Query(ctx, `SELECT email, language FROM users WHERE company_id = ? AND member_status = ? AND member_role IN (`+placeholders(len(roles))+`) ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []ownerMailTarget
	for rows.Next() {
		var o ownerMailTarget
		if err := rows.Scan(&o.email, &o.language); err != nil {
			return nil, err
		}
		list = append(list, o)
	}
	return list, rows.Err()
}
