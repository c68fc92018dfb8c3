package store

import (
	"context"
	"database/sql"

	"fuelportal"
	"fuelportal/timezone"
)

// Receipt returns the e-receipt of approved purchase id if scope may see
// it: ENOTFOUND for any other id, and for a declined purchase (it has no
// receipt: nothing was bought).
func (db *DB) Receipt(ctx context.Context, scope fuelportal.TransactionScope, id int64) (r *fuelportal.Receipt, err error) {
	where, args := scopeWhere(scope)
	err = db.InReadTx(ctx, func(tx *Tx) error {
		t, err := scanTransaction(tx.QueryRow(ctx, `SELECT `+transactionColumns+` FROM card_transactions WHERE id = ? AND `+where, append([]any{id}, args...)...))
		if err != nil {
			return notFound(err, "Transaction not found")
		}
		if t.Status != fuelportal.TransactionApproved {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, "A declined purchase has no receipt")
		}
		r = &fuelportal.Receipt{Transaction: t}
		var unit sql.NullString
		err = tx.QueryRow(ctx, `
			SELECT co.name, co.carrier_id, (SELECT unit_number FROM cards WHERE id = ?)
			FROM companies co WHERE co.id = ?`, t.CardID, t.CompanyID).Scan(&r.CompanyName, &r.CarrierID, &unit)
		if err != nil && !isNoRows(err) {
			return err
		}
		r.UnitNumber = unit.String
		var lat, lon sql.NullFloat64
		err = tx.QueryRow(ctx, `SELECT latitude, longitude FROM stations WHERE id = ?`, t.LocationID).Scan(&lat, &lon)
		switch {
		case err == nil && lat.Valid && lon.Valid:
			r.TimeZone = timezone.Name(lat.Float64, lon.Float64)
		case err != nil && !isNoRows(err):
			return err
		}
		return nil
	})
	return r, err
}
