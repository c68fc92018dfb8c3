package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"fuelportal"
)

// alertNotice is what an alert's row keeps of its notice (alerts.notice,
// JSON): the text key and the values that word the alert again in each
// reader's language (fuelportal.AlertItemText).
type alertNotice struct {
	Key    string                   `json:"key"`
	Params map[string]string        `json:"params,omitempty"`
	Days   map[string]string        `json:"days,omitempty"`
	Times  fuelportal.NoticeTimes   `json:"times,omitempty"`
	Words  map[string]string        `json:"words,omitempty"`
	Reason fuelportal.DeclineReason `json:"reason,omitempty"`
}

// storedAlertNotice is the alerts.notice value of notice n (NULL for none).
func storedAlertNotice(n *fuelportal.Notice) (sql.NullString, error) {
	if n == nil || n.Key == "" {
		return sql.NullString{}, nil
	}
	raw, err := json.Marshal(alertNotice{Key: n.Key, Params: n.Params, Days: n.Days, Times: n.Times, Words: n.Words, Reason: n.Reason})
	return sql.NullString{String: string(raw), Valid: err == nil}, err
}

// loadAlertNotice reads an alerts.notice value back (nil for NULL, and
// for a value that no longer reads: the alert shows its message).
func loadAlertNotice(v sql.NullString) *fuelportal.Notice {
	var n alertNotice
	if !v.Valid || json.Unmarshal([]byte(v.String), &n) != nil || n.Key == "" {
		return nil
	}
	return &fuelportal.Notice{Key: n.Key, Params: n.Params, Days: n.Days, Times: n.Times, Words: n.Words, Reason: n.Reason}
}

// insertAlert records alert a of its company (derived from an event
// created at created), with what words its notice, and sets a.ID and
// a.CreatedAt.
func (tx *Tx) insertAlert(ctx context.Context, a *fuelportal.Alert, created time.Time) error {
	a.CreatedAt = created
	if a.CardID == 0 && a.CardNumber != "" {
		// The card an alert names decides which members see it (a group).
		if err := tx.QueryRow(ctx, `SELECT id FROM cards WHERE company_id = ? AND card_number = ?`, a.CompanyID, a.CardNumber).Scan(&a.CardID); err != nil && !isNoRows(err) {
			return err
		}
	}
	notice, err := storedAlertNotice(a.Notice)
	if err != nil {
		return err
	}
	return tx.QueryRow(ctx, `
		INSERT INTO alerts (company_id, kind, message, notice, card_id, card_number, driver_name, transaction_id, override_request_id,
			trip_id, trip_request_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		a.CompanyID, a.Kind, a.Message, notice, nullInt(a.CardID), a.CardNumber, a.DriverName,
		nullInt(a.TransactionID), nullInt(a.OverrideRequestID), nullInt(a.TripID), nullInt(a.TripRequestID), a.CreatedAt).Scan(&a.ID)
}

// ownerMailTarget is an owner to mail: their address and language.
type ownerMailTarget struct {
	email    string
	language fuelportal.Language
}

// memberSeesCard is the condition on user u that they see card ? (its
// one argument): they are limited to no group, or to the card's.
const memberSeesCard = `(u.group_id IS NULL OR u.group_id = (SELECT c.group_id FROM cards c WHERE c.id = ?))`

// ownerEmails returns the addresses of the active office members of
// company companyID whose role is in roles and, for an alert about card
// cardID (0: none), who see that card.
func (tx *Tx) ownerEmails(ctx context.Context, companyID int64, roles []fuelportal.MemberRole, cardID int64) ([]ownerMailTarget, error) {
	args := []any{companyID, fuelportal.MemberActive}
	for _, r := range roles {
		args = append(args, r)
	}
	query := `SELECT email, language FROM users u WHERE company_id = ? AND member_status = ? AND member_role IN (` + placeholders(len(roles)) + `)`
	if cardID != 0 {
		query += ` AND ` + memberSeesCard
		args = append(args, cardID)
	}
	rows, err := tx.Query(ctx, query+` ORDER BY id`, args...)
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
