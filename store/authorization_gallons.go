package store

import (
	"context"

	"fuelportal"
)

// SetAuthorizationGallons keeps the pump's final gallons an authorization's
// update reports (0: nothing to keep), for the capture that follows.
func (db *DB) SetAuthorizationGallons(ctx context.Context, id string, gallons fuelportal.Gallons) error {
	if gallons <= 0 {
		return nil
	}
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE card_authorizations SET gallons_milli = ?, updated_at = ? WHERE authorization_id = ?`, gallons, tx.Now, id)
		return err
	})
}
