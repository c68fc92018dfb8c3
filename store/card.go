package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

	"fuelportal"
)

const cardColumns = `id, company_id, card_number, driver_name, driver_id, unit_number, status, driver_user_id, created_at, updated_at, prompt`

func scanCard(row interface{ Scan(...any) error }) (*fuelportal.Card, error) {
	c := &fuelportal.Card{}
	var driverUser sql.NullInt64
	var created, updated nullTime
	if err := row.Scan(&c.ID, &c.CompanyID, &c.CardNumber, &c.DriverName, &c.DriverID, &c.UnitNumber, &c.Status, &driverUser, &created, &updated, &c.Prompt); err != nil {
		return nil, err
	}
	c.DriverUserID = driverUser.Int64
	c.CreatedAt, c.UpdatedAt = created.Time, updated.Time
	return c, nil
}

// CreateCard inserts c and sets its ID and timestamps (CreatedAt only when
// zero); an empty Issuer is the network's. A taken card number is
// ECONFLICT.
func (tx *Tx) CreateCard(ctx context.Context, c *fuelportal.Card) error {
	if c.Status == "" {
		c.Status = fuelportal.CardActive
	}
	// A given CreatedAt stands (the demo's cards predate their history).
	if c.CreatedAt.IsZero() {
		c.CreatedAt = tx.Now
	}
	c.UpdatedAt = tx.Now
	if c.Issuer == "" {
		c.Issuer = fuelportal.IssuerNetwork
	}
	err := tx.QueryRow(ctx, `
		INSERT INTO cards (company_id, card_number, driver_name, driver_id, unit_number, status, driver_user_id,
			issuer, issuer_card_id, last4, exp_month, exp_year, created_at, updated_at,
			shipping_status, shipping_carrier, shipping_tracking_number, shipping_tracking_url, shipping_eta)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		append([]any{c.CompanyID, c.CardNumber, c.DriverName, c.DriverID, c.UnitNumber, c.Status, nullInt(c.DriverUserID),
			c.Issuer, nullText(c.IssuerCardID), nullText(c.Last4), nullInt(int64(c.ExpMonth)), nullInt(int64(c.ExpYear)), c.CreatedAt, c.UpdatedAt},
			shippingArgs(c.Shipping)...)...,
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

// CardPrompts returns what the pump asks on card cardID of companyID under
// its effective prompt (its own over the company default) and the values
// to type. A card of another company is ENOTFOUND.
func (db *DB) CardPrompts(ctx context.Context, companyID, cardID int64) (p fuelportal.PumpPrompts, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var card fuelportal.Card
		var companyPrompt sql.NullString
		err := tx.QueryRow(ctx, `
			SELECT c.driver_id, c.unit_number, c.prompt, co.prompt
			FROM cards c LEFT JOIN company_controls co ON co.company_id = c.company_id
			WHERE c.id = ? AND c.company_id = ?`, cardID, companyID).Scan(&card.DriverID, &card.UnitNumber, &card.Prompt, &companyPrompt)
		if err != nil {
			return notFound(err, "Card not found")
		}
		p = fuelportal.PromptsOf(card.Prompt.Or(fuelportal.PromptMode(companyPrompt.String)), &card)
		return nil
	})
	return p, err
}

// LinkCardDriver links the card to the driver user as if they had held it
// from the start (seeded data: their trips planned before count). It fails
// with ENOTFOUND when the card is already linked to someone.
func (tx *Tx) LinkCardDriver(ctx context.Context, cardID, userID int64) error {
	res, err := tx.Exec(ctx, `UPDATE cards SET driver_user_id = ?, holder_since = NULL, updated_at = ? WHERE id = ? AND driver_user_id IS NULL`, userID, tx.Now, cardID)
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

// assignCardHolder makes driver u the holder of the card: the card is
// linked to them (taken from any earlier holder, who then sees none of its
// purchases) and its driver name becomes theirs, for the owner to edit.
// The card's driver id stays the one the owner set (the id the pump asks
// for); only a card without one gets the driver's user id. Purchases
// recorded from now on are u's, and so are the card's trips planned from
// now on (holder_since).
func (tx *Tx) assignCardHolder(ctx context.Context, cardID int64, u *fuelportal.User) error {
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	res, err := tx.Exec(ctx, `
		UPDATE cards SET driver_user_id = ?, driver_name = ?, driver_id = CASE WHEN TRIM(driver_id) = '' THEN ? ELSE driver_id END,
			holder_since = ?, updated_at = ?
		WHERE id = ?`,
		u.ID, name, strconv.FormatInt(u.ID, 10), tx.Now, tx.Now, cardID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fuelportal.Errorf(fuelportal.ENOTFOUND, "Card not found")
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
