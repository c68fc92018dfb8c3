package store

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"fuelportal"
	"fuelportal/rules"
)

const odometerColumns = `r.id, r.company_id, r.vehicle_id, v.unit_number, r.miles, r.read_at, r.source, r.transaction_id, r.user_id, r.created_at`

func scanOdometer(row interface{ Scan(...any) error }) (*fuelportal.OdometerReading, error) {
	r := &fuelportal.OdometerReading{}
	var readAt, created nullTime
	var txID, userID sql.NullInt64
	if err := row.Scan(&r.ID, &r.CompanyID, &r.VehicleID, &r.UnitNumber, &r.Miles, &readAt, &r.Source, &txID, &userID, &created); err != nil {
		return nil, err
	}
	r.ReadAt, r.CreatedAt, r.TransactionID, r.UserID = readAt.Time, created.Time, txID.Int64, userID.Int64
	return r, nil
}

// lastOdometer returns the vehicle's latest reading at or before at (nil:
// none).
func (tx *Tx) lastOdometer(ctx context.Context, vehicleID int64, at time.Time) (*fuelportal.OdometerReading, error) {
	r, err := scanOdometer(tx.QueryRow(ctx, `SELECT `+odometerColumns+`
		FROM odometer_readings r JOIN vehicles v ON v.id = r.vehicle_id
		WHERE r.vehicle_id = ? AND r.read_at <= ? ORDER BY r.read_at DESC, r.id DESC LIMIT 1`, vehicleID, at))
	if isNoRows(err) {
		return nil, nil
	}
	return r, err
}

// addOdometer inserts reading r (its CreatedAt now).
func (tx *Tx) addOdometer(ctx context.Context, r *fuelportal.OdometerReading) error {
	r.CreatedAt = tx.Now
	return tx.QueryRow(ctx, `
		INSERT INTO odometer_readings (company_id, vehicle_id, miles, read_at, source, transaction_id, user_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.CompanyID, r.VehicleID, r.Miles, r.ReadAt, r.Source, nullInt(r.TransactionID), nullInt(r.UserID), r.CreatedAt).Scan(&r.ID)
}

// recordPumpOdometer records the odometer keyed with approved purchase t
// on its vehicle, when it is possible after the vehicle's last reading
// (one that is not possible was declined when asked for, and is dropped
// when keyed unasked); added says whether it did.
func (tx *Tx) recordPumpOdometer(ctx context.Context, t *fuelportal.Transaction, last *fuelportal.OdometerReading) (added bool, err error) {
	if t.Status != fuelportal.TransactionApproved || t.VehicleID == 0 || t.Odometer == nil || !rules.OdometerPossible(last, *t.Odometer, t.TransactionDate) {
		return false, nil
	}
	err = tx.addOdometer(ctx, &fuelportal.OdometerReading{CompanyID: t.CompanyID, VehicleID: t.VehicleID, Miles: *t.Odometer,
		ReadAt: t.TransactionDate, Source: fuelportal.OdometerPump, TransactionID: t.ID})
	return err == nil, err
}

// AddOdometerReading records a reading of the company's vehicle entered
// in the app (r.Source driver or manual, telematics; r.UserID who) and
// returns it, with its audit row; added says whether it was added. It
// must be possible after the vehicle's last reading before it and before
// the next one after it (rules.OdometerPossible), and not in the future:
// else EINVALID. A vehicle of another company is ENOTFOUND. The same
// reading again (vehicle, time, miles and source) is the one kept: r
// becomes it and nothing is added (added false).
func (tx *Tx) AddOdometerReading(ctx context.Context, r *fuelportal.OdometerReading) (added bool, err error) {
	fe := fuelportal.FieldErrors{}
	if r.Miles < 0 || r.Miles > fuelportal.MaxOdometerMiles {
		fe.Add("odometer", fuelportal.MsgOdometerBounds)
		return false, fe.Err()
	}
	if r.ReadAt.IsZero() {
		r.ReadAt = tx.Now
	}
	if r.ReadAt.After(tx.Now.Add(time.Minute)) {
		fe.Add("readAt", fuelportal.MsgOdometerReadAtFuture)
		return false, fe.Err()
	}
	err = tx.QueryRow(ctx, `SELECT unit_number FROM vehicles WHERE id = ? AND company_id = ?`, r.VehicleID, r.CompanyID).Scan(&r.UnitNumber)
	if err != nil {
		return false, notFound(err, "Vehicle not found")
	}
	// The same reading sent again (an app resending what it kept offline,
	// its first answer lost): the one kept, not a second.
	same, err := scanOdometer(tx.QueryRow(ctx, `SELECT `+odometerColumns+`
		FROM odometer_readings r JOIN vehicles v ON v.id = r.vehicle_id
		WHERE r.vehicle_id = ? AND r.read_at = ? AND r.miles = ? AND r.source = ? ORDER BY r.id LIMIT 1`, r.VehicleID, r.ReadAt, r.Miles, r.Source))
	if err == nil {
		*r = *same
		return false, nil
	} else if !isNoRows(err) {
		return false, err
	}
	last, err := tx.lastOdometer(ctx, r.VehicleID, r.ReadAt)
	if err != nil {
		return false, err
	}
	next, err := scanOdometer(tx.QueryRow(ctx, `SELECT `+odometerColumns+`
		FROM odometer_readings r JOIN vehicles v ON v.id = r.vehicle_id
		WHERE r.vehicle_id = ? AND r.read_at > ? ORDER BY r.read_at, r.id LIMIT 1`, r.VehicleID, r.ReadAt))
	if isNoRows(err) {
		next, err = nil, nil
	} else if err != nil {
		return false, err
	}
	if !rules.OdometerPossible(last, r.Miles, r.ReadAt) || next != nil && !rules.OdometerPossible(next, r.Miles, r.ReadAt) {
		// Name the last reading and the readings possible now.
		if lo, hi, ok := rules.OdometerRange(last, next, r.ReadAt); ok && last != nil {
			fe.Add("odometer", fuelportal.OdometerRangeMessage(last.Miles, lo, hi))
		} else {
			fe.Add("odometer", fuelportal.MsgOdometerNotPossible)
		}
		return false, fe.Err()
	}
	if err := tx.addOdometer(ctx, r); err != nil {
		return false, err
	}
	return true, tx.Audit(ctx, fuelportal.AuditChange{CompanyID: r.CompanyID, Kind: fuelportal.AuditOdometerAdded,
		ObjectType: fuelportal.AuditObjectVehicle, ObjectID: strconv.FormatInt(r.VehicleID, 10),
		After: map[string]any{"odometer": r.Miles, "readAt": r.ReadAt, "source": r.Source}})
}

// DriverVehicle returns the company's vehicle whose unit number is the
// driver's card's: ENOTFOUND (with MsgOdometerNoVehicle) when the card
// has none.
func (db *DB) DriverVehicle(ctx context.Context, companyID, cardID int64) (vehicleID int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT v.id FROM cards c JOIN vehicles v ON v.company_id = c.company_id AND v.unit_number = c.unit_number
			WHERE c.id = ? AND c.company_id = ?`, cardID, companyID).Scan(&vehicleID)
		return notFound(err, fuelportal.MsgOdometerNoVehicle)
	})
	return vehicleID, err
}

// OdometerReadings returns the latest readings (at most limit) of the
// company's vehicle, newest first; a vehicle of another company is
// ENOTFOUND.
func (db *DB) OdometerReadings(ctx context.Context, companyID, vehicleID int64, limit int) (list []*fuelportal.OdometerReading, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, `SELECT id FROM vehicles WHERE id = ? AND company_id = ?`, vehicleID, companyID).Scan(&id); err != nil {
			return notFound(err, "Vehicle not found")
		}
		list, err = queryList(ctx, tx, scanOdometer, `SELECT `+odometerColumns+`
			FROM odometer_readings r JOIN vehicles v ON v.id = r.vehicle_id
			WHERE r.vehicle_id = ? AND r.company_id = ? ORDER BY r.read_at DESC, r.id DESC LIMIT ?`, vehicleID, companyID, limit)
		return err
	})
	return list, err
}

// VehicleMPGs returns the MPG windows (fuelportal.MPGWindowsAt) of the
// company's vehicles at now, by vehicle id (vehicleID 0: all of them).
func (db *DB) VehicleMPGs(ctx context.Context, companyID, vehicleID int64, now time.Time) (m map[int64]fuelportal.VehicleMPG, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		m, err = tx.vehicleMPGs(ctx, companyID, vehicleID, now)
		return err
	})
	return m, err
}

// vehicleMPGs reads the readings the MPG windows at now need (those of
// the two windows and the latest before them) and the approved purchases'
// gallons of fuel for the engine (not DEF nor reefer fuel) since the first
// of them, in two statements, and returns the windows by vehicle id.
func (tx *Tx) vehicleMPGs(ctx context.Context, companyID, vehicleID int64, now time.Time) (map[int64]fuelportal.VehicleMPG, error) {
	from := now.Add(-2 * fuelportal.MPGWindowDays * 24 * time.Hour)
	vehicleCond, args := "", []any{companyID, from}
	if vehicleID != 0 {
		vehicleCond = ` AND vehicle_id = ?`
		args = append(args, vehicleID)
	}
	args2 := append([]any{companyID, from}, args[2:]...)
	readings := map[int64][]fuelportal.OdometerReading{}
	earliest := now
	rows, err := tx.Query(ctx, `
		SELECT vehicle_id, miles, read_at FROM odometer_readings WHERE company_id = ? AND read_at > ?`+vehicleCond+`
		UNION ALL
		SELECT r.vehicle_id, r.miles, r.read_at FROM (
			SELECT vehicle_id, MAX(read_at) AS latest FROM odometer_readings WHERE company_id = ? AND read_at <= ?`+vehicleCond+`
			GROUP BY vehicle_id
		) m JOIN odometer_readings r ON r.vehicle_id = m.vehicle_id AND r.read_at = m.latest`, append(args, args2...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var r fuelportal.OdometerReading
		var at nullTime
		if err := rows.Scan(&r.VehicleID, &r.Miles, &at); err != nil {
			return nil, err
		}
		r.ReadAt = at.Time
		readings[r.VehicleID] = append(readings[r.VehicleID], r)
		if r.ReadAt.Before(earliest) {
			earliest = r.ReadAt
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	out := map[int64]fuelportal.VehicleMPG{}
	if len(readings) == 0 {
		return out, nil
	}
	fills, err := tx.VehicleFills(ctx, companyID, vehicleID, earliest)
	if err != nil {
		return nil, err
	}
	for id, rs := range readings {
		out[id] = fuelportal.MPGWindowsAt(rs, fills[id], now)
	}
	return out, nil
}

// VehicleFills returns the fills that count in the MPG of the company's
// vehicles (vehicleID 0: all of them), by vehicle id: the approved
// purchases of fuel for the engine (not DEF nor reefer fuel) after since,
// in time order.
func (tx *Tx) VehicleFills(ctx context.Context, companyID, vehicleID int64, since time.Time) (map[int64][]fuelportal.Fill, error) {
	vehicleCond, args := "", []any{companyID, since}
	if vehicleID != 0 {
		vehicleCond = ` AND vehicle_id = ?`
		args = append(args, vehicleID)
	}
	rows, err := tx.Query(ctx, `
		SELECT vehicle_id, transaction_date, gallons_milli FROM card_transactions
		WHERE company_id = ? AND vehicle_id IS NOT NULL AND status = 'APPROVED' AND product_code NOT IN ('DEF', 'RFR')
			AND transaction_date > ?`+vehicleCond+` ORDER BY transaction_date, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	fills := map[int64][]fuelportal.Fill{}
	for rows.Next() {
		var id int64
		var f fuelportal.Fill
		var at nullTime
		if err := rows.Scan(&id, &at, &f.Gallons); err != nil {
			return nil, err
		}
		f.At = at.Time
		fills[id] = append(fills[id], f)
	}
	return fills, rows.Err()
}

// VehicleMPG returns the MPG windows (fuelportal.MPGWindowsAt) of the
// company's vehicle vehicleID at the transaction's time.
func (tx *Tx) VehicleMPG(ctx context.Context, companyID, vehicleID int64) (fuelportal.VehicleMPG, error) {
	m, err := tx.vehicleMPGs(ctx, companyID, vehicleID, tx.Now)
	return m[vehicleID], err
}

// MarkMPGAlerted sets the company's vehicle vehicleID's mpg_alerted flag
// (its MPG drop was told) and returns its unit number; marked is false,
// changing nothing, when the flag was set already. The update locks the
// vehicle's row, so of concurrent marks one alone finds it unset.
func (tx *Tx) MarkMPGAlerted(ctx context.Context, companyID, vehicleID int64) (unit string, marked bool, err error) {
	err = tx.QueryRow(ctx, `UPDATE vehicles SET mpg_alerted = 1 WHERE id = ? AND company_id = ? AND mpg_alerted = 0 RETURNING unit_number`,
		vehicleID, companyID).Scan(&unit)
	if isNoRows(err) {
		return "", false, nil
	}
	return unit, err == nil, err
}

// ClearMPGAlerted unsets vehicle vehicleID's mpg_alerted flag (its MPG is
// back within the bound).
func (tx *Tx) ClearMPGAlerted(ctx context.Context, vehicleID int64) error {
	_, err := tx.Exec(ctx, `UPDATE vehicles SET mpg_alerted = 0 WHERE id = ? AND mpg_alerted = 1`, vehicleID)
	return err
}
