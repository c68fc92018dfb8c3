package store

import (
	"context"
	"database/sql"

	"fuelportal"
)

const cardColumns = `id, company_id, card_number, driver_name, driver_id, unit_number, status, driver_user_id, created_at, updated_at`

func scanCard(row interface{ Scan(...any) error }) (*fuelportal.Card, error) {
	c := &fuelportal.Card{}
	var driverUser sql.NullInt64
	var created, updated nullTime
	if err := row.Scan(&c.ID, &c.CompanyID, &c.CardNumber, &c.DriverName, &c.DriverID, &c.UnitNumber, &c.Status, &driverUser, &created, &updated); err != nil {
		return nil, err
	}
	c.DriverUserID = driverUser.Int64
	c.CreatedAt, c.UpdatedAt = created.Time, updated.Time
	return c, nil
}

// CreateCard inserts c and sets its ID and timestamps (CreatedAt only when
// zero). A taken card number
// is ECONFLICT.
func (tx *Tx) CreateCard(ctx context.Context, c *fuelportal.Card) error {
	if c.Status == "" {
		c.Status = fuelportal.CardActive
	}
	// A given CreatedAt stands (the demo's cards predate their history).
	if c.CreatedAt.IsZero() {
		c.CreatedAt = tx.Now
	}
	c.UpdatedAt = tx.Now
	err := tx.QueryRow(ctx, `
		INSERT INTO cards (company_id, card_number, driver_name, driver_id, unit_number, status, driver_user_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		c.CompanyID, c.CardNumber, c.DriverName, c.DriverID, c.UnitNumber, c.Status, nullInt(c.DriverUserID), c.CreatedAt, c.UpdatedAt,
	).Scan(&c.ID)
	if isUniqueViolation(err) {
		return fuelportal.Errorf(fuelportal.ECONFLICT, "Card number already exists")
	}
	return err
}

// CardByNumber returns the card with number, or ENOTFOUND.
func (tx *Tx) CardByNumber(ctx context.Context, number string) (*fuelportal.Card, error) {
	c, err := scanCard(tx.QueryRow(ctx, `SELECT `+cardColumns+` FROM cards WHERE card_number = ?`, number))
	if err != nil {
		return nil, notFound(err, fuelportal.MsgCardNumberInvalid)
	}
	return c, nil
}

// LinkCardDriver links the card to the driver user. It fails with ENOTFOUND
// when the card is already linked to someone.
func (tx *Tx) LinkCardDriver(ctx context.Context, cardID, userID int64) error {
	res, err := tx.Exec(ctx, `UPDATE cards SET driver_user_id = ?, updated_at = ? WHERE id = ? AND driver_user_id IS NULL`, userID, tx.Now, cardID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgCardNumberInvalid)
	}
	return nil
}

// UnlinkedCard returns the card with number if no driver is linked to it
// yet; otherwise ENOTFOUND with the "Invalid card number" message, so callers
// cannot tell a missing card from a taken one.
func (db *DB) UnlinkedCard(ctx context.Context, number string) (*fuelportal.Card, error) {
	var card *fuelportal.Card
	err := db.InReadTx(ctx, func(tx *Tx) error {
		c, err := tx.CardByNumber(ctx, number)
		if err != nil {
			return err
		}
		if c.DriverUserID != 0 {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgCardNumberInvalid)
		}
		card = c
		return nil
	})
	return card, err
}
