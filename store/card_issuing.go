package store

import (
	"context"
	"database/sql"

	"fuelportal"
)

// ownerCardColumns are cardColumns and what the issuer keeps of the card
// (the owner's view; purchases read cardColumns alone).
const ownerCardColumns = cardColumns + `, issuer, issuer_card_id, last4, exp_month, exp_year, group_id,
	shipping_status, shipping_carrier, shipping_tracking_number, shipping_tracking_url, shipping_eta`

func scanOwnerCard(row interface{ Scan(...any) error }) (*fuelportal.Card, error) {
	c := &fuelportal.Card{}
	var driverUser, expMonth, expYear, group sql.NullInt64
	var issuerCardID, last4, shipStatus, carrier, tracking, trackingURL sql.NullString
	var created, updated, eta nullTime
	if err := row.Scan(&c.ID, &c.CompanyID, &c.CardNumber, &c.DriverName, &c.DriverID, &c.UnitNumber, &c.Status, &driverUser, &created, &updated, &c.Prompt,
		&c.Issuer, &issuerCardID, &last4, &expMonth, &expYear, &group, &shipStatus, &carrier, &tracking, &trackingURL, &eta); err != nil {
		return nil, err
	}
	if shipStatus.Valid {
		c.Shipping = &fuelportal.CardShipping{Status: fuelportal.ShippingStatus(shipStatus.String), Carrier: carrier.String,
			TrackingNumber: tracking.String, TrackingURL: trackingURL.String, ETA: eta.Ptr()}
	}
	c.DriverUserID, c.GroupID = driverUser.Int64, group.Int64
	c.CreatedAt, c.UpdatedAt = created.Time, updated.Time
	c.IssuerCardID, c.Last4 = issuerCardID.String, last4.String
	c.ExpMonth, c.ExpYear = int(expMonth.Int64), int(expYear.Int64)
	return c, nil
}

// nullText returns s or SQL NULL when s is empty.
func nullText(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// CompanyCard returns the company's card with number, with what its issuer
// keeps; a card of another company is ENOTFOUND, like a missing one.
func (db *DB) CompanyCard(ctx context.Context, companyID int64, number string) (card *fuelportal.Card, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		card, err = scanOwnerCard(tx.QueryRow(ctx, `SELECT `+ownerCardColumns+` FROM cards WHERE company_id = ? AND card_number = ?`, companyID, number))
		return notFound(err, "Card not found")
	})
	return card, err
}

// CardNumberTaken reports whether a card has number (of any company).
func (db *DB) CardNumberTaken(ctx context.Context, number string) (taken bool, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM cards WHERE card_number = ?)`, number).Scan(&taken)
	})
	return taken, err
}

// AddCard saves a newly issued card c of its company and sets its ID and
// timestamps. A taken card number is ECONFLICT.
func (db *DB) AddCard(ctx context.Context, c *fuelportal.Card) error {
	return db.InTx(ctx, func(tx *Tx) error {
		if err := tx.CreateCard(ctx, c); err != nil {
			return err
		}
		return tx.auditCard(ctx, c.CompanyID, c.ID, fuelportal.AuditCardOrdered, nil, cardAudit(c))
	})
}

// IssuingCardholder returns the company's cardholder id at issuer, "" when
// it has none yet.
func (db *DB) IssuingCardholder(ctx context.Context, companyID int64, issuer string) (id string, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT cardholder_id FROM issuing_cardholders WHERE company_id = ? AND issuer = ?`, companyID, issuer).Scan(&id)
		if isNoRows(err) {
			return nil
		}
		return err
	})
	return id, err
}

// SaveIssuingCardholder keeps cardholderID as the company's cardholder at
// issuer and returns the one stored: the first saved stands, so two first
// orders racing each other keep one holder.
func (db *DB) SaveIssuingCardholder(ctx context.Context, companyID int64, issuer, cardholderID string) (stored string, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `
			INSERT INTO issuing_cardholders (company_id, issuer, cardholder_id, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT DO NOTHING`, companyID, issuer, cardholderID, tx.Now); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT cardholder_id FROM issuing_cardholders WHERE company_id = ? AND issuer = ?`, companyID, issuer).Scan(&stored)
	})
	return stored, err
}

// shippingArgs are a card's shipping columns' values (all NULL without one).
func shippingArgs(s *fuelportal.CardShipping) []any {
	if s == nil {
		return []any{nil, nil, nil, nil, nil}
	}
	var eta any
	if s.ETA != nil {
		eta = *s.ETA
	}
	return []any{string(s.Status), nullText(s.Carrier), nullText(s.TrackingNumber), nullText(s.TrackingURL), eta}
}

// CardByIssuerID returns the card with issuer's id issuerCardID, with what
// its issuer keeps; none is ENOTFOUND.
func (db *DB) CardByIssuerID(ctx context.Context, issuer, issuerCardID string) (card *fuelportal.Card, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		card, err = scanOwnerCard(tx.QueryRow(ctx, `SELECT `+ownerCardColumns+` FROM cards WHERE issuer = ? AND issuer_card_id = ?`, issuer, issuerCardID))
		return notFound(err, "Card not found")
	})
	return card, err
}

// SetCardShipping replaces card id's shipment with s if its status is
// still prev ("": none) and reports whether it did: a shipment recorded
// meanwhile is left for the caller to read again. Whether the change is
// news is the caller's to decide (issuing.Service.RecordShipping).
func (tx *Tx) SetCardShipping(ctx context.Context, id int64, prev fuelportal.ShippingStatus, s fuelportal.CardShipping) (set bool, err error) {
	args := append(shippingArgs(&s), tx.Now, id, string(prev))
	res, err := tx.Exec(ctx, `
		UPDATE cards SET shipping_status = ?, shipping_carrier = ?, shipping_tracking_number = ?, shipping_tracking_url = ?, shipping_eta = ?, updated_at = ?
		WHERE id = ? AND COALESCE(shipping_status, '') = ?`, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
