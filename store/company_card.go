package store

import (
	"context"
	"database/sql"
	"strings"

	"fuelportal"
)

// CompanyCards returns the company's cards ordered by driver name, then
// card number. A non-empty search keeps the cards whose number, driver name,
// driver id or unit number contains it (case-insensitive).
func (db *DB) CompanyCards(ctx context.Context, companyID int64, search string) (cards []*fuelportal.Card, err error) {
	return db.CompanyCardsIn(ctx, companyID, 0, search)
}

// CompanyCardsIn is CompanyCards of the cards in group groupID (0: every
// card): what a member limited to the group sees.
func (db *DB) CompanyCardsIn(ctx context.Context, companyID, groupID int64, search string) (cards []*fuelportal.Card, err error) {
	query := `SELECT ` + ownerCardColumns + ` FROM cards WHERE company_id = ?`
	args := []any{companyID}
	if groupID != 0 {
		query += ` AND group_id = ?`
		args = append(args, groupID)
	}
	if strings.TrimSpace(search) != "" {
		p := likePattern(search)
		query += ` AND (card_number LIKE ? ESCAPE '\' OR LOWER(driver_name) LIKE ? ESCAPE '\'
			OR LOWER(driver_id) LIKE ? ESCAPE '\' OR LOWER(unit_number) LIKE ? ESCAPE '\')`
		args = append(args, p, p, p, p)
	}
	query += ` ORDER BY driver_name, card_number`
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c, err := scanOwnerCard(rows)
			if err != nil {
				return err
			}
			cards = append(cards, c)
		}
		return rows.Err()
	})
	return cards, err
}

// UpdateCard saves the driver details and status of the company's card
// upd.CardNumber (upd validated by the caller) and returns the card as it
// was and as it is now. A card of another company is ENOTFOUND, like a
// missing one.
func (tx *Tx) UpdateCard(ctx context.Context, companyID int64, upd fuelportal.CardUpdate) (was, card *fuelportal.Card, err error) {
	was, err = scanOwnerCard(tx.QueryRow(ctx, `SELECT `+ownerCardColumns+` FROM cards WHERE company_id = ? AND card_number = ?`, companyID, upd.CardNumber))
	if isNoRows(err) {
		return nil, nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "Card not found")
	} else if err != nil {
		return nil, nil, err
	}
	res, err := tx.Exec(ctx, `
		UPDATE cards SET driver_name = ?, driver_id = ?, unit_number = ?, status = ?, prompt = COALESCE(?, prompt), updated_at = ?
		WHERE company_id = ? AND card_number = ?`,
		upd.DriverName, upd.DriverID, upd.UnitNumber, upd.Status, upd.Prompt, tx.Now, companyID, upd.CardNumber)
	if err != nil {
		return nil, nil, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, nil, err
	} else if n == 0 {
		return nil, nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "Card not found")
	}
	card, err = scanOwnerCard(tx.QueryRow(ctx, `SELECT `+ownerCardColumns+` FROM cards WHERE company_id = ? AND card_number = ?`, companyID, upd.CardNumber))
	if err != nil {
		return nil, nil, err
	}
	if err := tx.auditCard(ctx, companyID, card.ID, fuelportal.AuditCardUpdated, cardAudit(was), cardAudit(card)); err != nil {
		return nil, nil, err
	}
	return was, card, nil
}

// CardGroup returns the group of the company's card number (0: none);
// another company's card is ENOTFOUND.
func (db *DB) CardGroup(ctx context.Context, companyID int64, number string) (groupID int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var group sql.NullInt64
		if err := tx.QueryRow(ctx, `SELECT group_id FROM cards WHERE company_id = ? AND card_number = ?`, companyID, number).Scan(&group); err != nil {
			return notFound(err, "Card not found")
		}
		groupID = group.Int64
		return nil
	})
	return groupID, err
}
