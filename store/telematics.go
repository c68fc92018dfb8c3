package store

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"time"

	"fuelportal"
)

// Telematics (docs/ifta.md, "Telematics"): the forwarding token, positions
// and their rollup. The flow is telematics.Service's; these are its
// reads and writes.

// SetTelematicsToken stores hash as the company's forwarding token hash,
// replacing the one before (which stops working).
func (db *DB) SetTelematicsToken(ctx context.Context, companyID, userID int64, hash string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO telematics_tokens (company_id, token_hash, created_by, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (company_id) DO UPDATE SET token_hash = excluded.token_hash, created_by = excluded.created_by, created_at = excluded.created_at`,
			companyID, hash, userID, tx.Now)
		if err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditTokenIssued, ObjectType: fuelportal.AuditObjectToken,
			ObjectID: "telematics", After: map[string]any{"createdAt": tx.Now}})
	})
}

// TelematicsTokenCompany returns the company whose token has hash:
// ENOTFOUND for none.
func (db *DB) TelematicsTokenCompany(ctx context.Context, hash string) (companyID int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT company_id FROM telematics_tokens WHERE token_hash = ?`, hash).Scan(&companyID)
		return notFound(err, "Unknown telematics token")
	})
	return companyID, err
}

// TelematicsTokenCreatedAt says when the company's token was made (nil:
// it has none).
func (db *DB) TelematicsTokenCreatedAt(ctx context.Context, companyID int64) (at *time.Time, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var t nullTime
		err := tx.QueryRow(ctx, `SELECT created_at FROM telematics_tokens WHERE company_id = ?`, companyID).Scan(&t)
		if isNoRows(err) {
			return nil
		}
		at = t.Ptr()
		return err
	})
	return at, err
}

// VehicleIDsByUnit maps those of units that are unit numbers of the
// company's vehicles to the vehicles' IDs.
func (db *DB) VehicleIDsByUnit(ctx context.Context, companyID int64, units []string) (ids map[string]int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		ids, err = tx.vehicleIDsByUnit(ctx, companyID, units, "")
		return err
	})
	return ids, err
}

func (tx *Tx) vehicleIDsByUnit(ctx context.Context, companyID int64, units []string, lock string) (map[string]int64, error) {
	ids := map[string]int64{}
	read := func(start, end int) error {
		args := []any{companyID}
		for _, u := range units[start:end] {
			args = append(args, u)
		}
		rows, err := tx.Query(ctx, `SELECT id, unit_number FROM vehicles WHERE company_id = ? AND unit_number IN (`+placeholders(end-start)+`) ORDER BY id`+lock, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var unit string
			if err := rows.Scan(&id, &unit); err != nil {
				return err
			}
			ids[unit] = id
		}
		return rows.Err()
	}
	if lock != "" && len(units) > 0 {
		// One statement, so the locks are taken in one id order (an
		// ingest has at most 2,000 device names).
		return ids, read(0, len(units))
	}
	return ids, chunks(len(units), 1, read)
}

// TelematicsTx is one ingest transaction of a company's positions (the
// rollup runs in it, so miles always match the kept positions).
type TelematicsTx struct {
	tx        *Tx
	companyID int64
}

// InTelematicsTx runs fn in one transaction over the company's positions.
func (db *DB) InTelematicsTx(ctx context.Context, companyID int64, fn func(t *TelematicsTx) error) error {
	return db.InTx(ctx, func(tx *Tx) error { return fn(&TelematicsTx{tx: tx, companyID: companyID}) })
}

// Now is the transaction's clock.
func (t *TelematicsTx) Now() time.Time { return t.tx.Now }

// LockVehiclesByUnit is DB.VehicleIDsByUnit of the company in the
// transaction, and locks those vehicles in id order in the same statement
// (PostgreSQL; SQLite has one writer at a time): ingests of a vehicle
// queue on its row, and two ingests never wait on each other in a cycle.
func (t *TelematicsTx) LockVehiclesByUnit(ctx context.Context, units []string) (map[string]int64, error) {
	lock := ""
	if t.tx.Engine() == Postgres {
		lock = " FOR NO KEY UPDATE"
	}
	return t.tx.vehicleIDsByUnit(ctx, t.companyID, units, lock)
}

// Location is the company's time zone (its card controls').
func (t *TelematicsTx) Location(ctx context.Context) (*time.Location, error) {
	c, err := t.tx.CompanyControls(ctx, t.companyID)
	if err != nil {
		return nil, err
	}
	return c.Location(), nil
}

const fixColumns = `id, vehicle_id, fix_time, latitude, longitude, speed_knots, odometer_miles, kept, thinned_before`

func scanFix(row interface{ Scan(...any) error }) (*fuelportal.TelematicsFix, error) {
	f := &fuelportal.TelematicsFix{}
	var at nullTime
	var speed, odo sql.NullFloat64
	var kept, thinned int64
	if err := row.Scan(&f.ID, &f.VehicleID, &at, &f.Lat, &f.Lon, &speed, &odo, &kept, &thinned); err != nil {
		return nil, err
	}
	f.FixTime, f.Kept, f.ThinnedBefore = at.Time, kept == 1, thinned == 1
	if speed.Valid {
		f.SpeedKnots = &speed.Float64
	}
	if odo.Valid {
		f.OdometerMiles = &odo.Float64
	}
	return f, nil
}

func (t *TelematicsTx) oneFix(ctx context.Context, query string, args ...any) (*fuelportal.TelematicsFix, error) {
	f, err := scanFix(t.tx.QueryRow(ctx, query, args...))
	if isNoRows(err) {
		return nil, nil
	}
	return f, err
}

// TrackEnd is where a vehicle's stored track ends: its latest kept
// position (nil: none) and the fix time of its latest position, kept or
// not (zero: none).
type TrackEnd struct {
	LastKept *fuelportal.TelematicsFix
	Latest   time.Time
}

// TrackEnds reads the track ends of vehicles ids in one statement (each
// from the (vehicle_id, fix_time) indexes, never a scan of a track; the
// last kept position is joined by its key, which holds the partition key
// on PostgreSQL).
func (t *TelematicsTx) TrackEnds(ctx context.Context, ids []int64) (map[int64]TrackEnd, error) {
	ends := make(map[int64]TrackEnd, len(ids))
	err := chunks(len(ids), 3, func(start, end int) error {
		parts := make([]string, 0, end-start)
		args := make([]any, 0, 3*(end-start))
		var query string
		if t.tx.Engine() == Postgres {
			// One lateral read per end, planned once over the month
			// partitions (a subquery per vehicle multiplied the planning
			// by the partitions), each an ordered index scan of the
			// newest partitions first.
			for _, id := range ids[start:end] {
				parts = append(parts, "(CAST(? AS BIGINT))")
				args = append(args, id)
			}
			query = `SELECT e.vehicle_id, l.latest, p.` + strings.ReplaceAll(fixColumns, ", ", ", p.") + `
				FROM (VALUES ` + strings.Join(parts, ", ") + `) e (vehicle_id)
				LEFT JOIN LATERAL (SELECT MAX(fix_time) AS latest FROM telematics_positions WHERE vehicle_id = e.vehicle_id) l ON true
				LEFT JOIN LATERAL (SELECT ` + fixColumns + ` FROM telematics_positions
					WHERE vehicle_id = e.vehicle_id AND kept = 1 ORDER BY fix_time DESC LIMIT 1) p ON true`
		} else {
			for _, id := range ids[start:end] {
				parts = append(parts, `SELECT CAST(? AS BIGINT) AS vehicle_id,
					(SELECT MAX(fix_time) FROM telematics_positions WHERE vehicle_id = ?) AS latest,
					(SELECT fix_time FROM telematics_positions WHERE vehicle_id = ? AND kept = 1 ORDER BY fix_time DESC LIMIT 1) AS kept_at`)
				args = append(args, id, id, id)
			}
			query = `SELECT e.vehicle_id, e.latest, p.` + strings.ReplaceAll(fixColumns, ", ", ", p.") + `
				FROM (` + strings.Join(parts, " UNION ALL ") + `) e LEFT JOIN telematics_positions p ON p.vehicle_id = e.vehicle_id AND p.fix_time = e.kept_at`
		}
		rows, err := t.tx.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var vehicle int64
			var latest, at nullTime
			var id, vid, kept, thinned sql.NullInt64
			var lat, lon, speed, odo sql.NullFloat64
			if err := rows.Scan(&vehicle, &latest, &id, &vid, &at, &lat, &lon, &speed, &odo, &kept, &thinned); err != nil {
				return err
			}
			e := TrackEnd{Latest: latest.Time}
			if id.Valid {
				f := &fuelportal.TelematicsFix{ID: id.Int64, VehicleID: vid.Int64, FixTime: at.Time, Lat: lat.Float64, Lon: lon.Float64, Kept: true,
					ThinnedBefore: thinned.Int64 == 1}
				if speed.Valid {
					f.SpeedKnots = &speed.Float64
				}
				if odo.Valid {
					f.OdometerMiles = &odo.Float64
				}
				e.LastKept = f
			}
			ends[vehicle] = e
		}
		return rows.Err()
	})
	return ends, err
}

// KeptAround are the vehicle's kept positions just before and just after
// at (nil: none).
func (t *TelematicsTx) KeptAround(ctx context.Context, vehicleID int64, at time.Time) (prev, next *fuelportal.TelematicsFix, err error) {
	prev, err = t.oneFix(ctx, `SELECT `+fixColumns+` FROM telematics_positions WHERE vehicle_id = ? AND kept = 1 AND fix_time < ? ORDER BY fix_time DESC LIMIT 1`, vehicleID, at)
	if err != nil {
		return nil, nil, err
	}
	next, err = t.oneFix(ctx, `SELECT `+fixColumns+` FROM telematics_positions WHERE vehicle_id = ? AND kept = 1 AND fix_time > ? ORDER BY fix_time LIMIT 1`, vehicleID, at)
	return prev, next, err
}

// InsertFixes stores fixes (of any vehicles, in one statement per 1,000)
// with their Kept flags, and sets the ID of each it stored; a fix whose
// vehicle already has a position at the same instant is a duplicate: not
// stored, its ID stays 0.
func (t *TelematicsTx) InsertFixes(ctx context.Context, fixes []*fuelportal.TelematicsFix) error {
	type key struct{ vehicle, micros int64 }
	byTime := make(map[key]*fuelportal.TelematicsFix, len(fixes))
	for _, f := range fixes {
		byTime[key{f.VehicleID, f.FixTime.UnixMicro()}] = f
	}
	return chunks(len(fixes), 9, func(start, end int) error {
		args := make([]any, 0, 9*(end-start))
		values := make([]string, 0, end-start)
		for _, f := range fixes[start:end] {
			values = append(values, "(?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, t.companyID, f.VehicleID, f.FixTime, f.Lat, f.Lon, nullFloat(f.SpeedKnots), nullFloat(f.OdometerMiles), boolInt(f.Kept), t.tx.Now)
		}
		rows, err := t.tx.Query(ctx, `INSERT INTO telematics_positions (company_id, vehicle_id, fix_time, latitude, longitude, speed_knots, odometer_miles, kept, received_at)
			VALUES `+strings.Join(values, ", ")+` ON CONFLICT (vehicle_id, fix_time) DO NOTHING RETURNING id, vehicle_id, fix_time`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, vehicle int64
			var at nullTime
			if err := rows.Scan(&id, &vehicle, &at); err != nil {
				return err
			}
			if f := byTime[key{vehicle, at.Time.UnixMicro()}]; f != nil {
				f.ID = id
			}
		}
		return rows.Err()
	})
}

func nullFloat(v *float64) sql.NullFloat64 {
	if v == nil {
		return sql.NullFloat64{}
	}
	return sql.NullFloat64{Float64: *v, Valid: true}
}

// MarkKept marks fixes (stored positions) as kept in their vehicle's
// track. They are found by their key (vehicle, fix time), never by id:
// on PostgreSQL that key holds the partition key.
func (t *TelematicsTx) MarkKept(ctx context.Context, fixes []*fuelportal.TelematicsFix) error {
	return setPositionFlag(ctx, t.tx, "kept", fixes)
}

// setPositionFlag sets column (kept or thinned_before) to 1 on fixes,
// found by vehicle and fix time.
func setPositionFlag(ctx context.Context, tx *Tx, column string, fixes []*fuelportal.TelematicsFix) error {
	byVehicle := map[int64][]time.Time{}
	var vehicles []int64
	for _, f := range fixes {
		if _, ok := byVehicle[f.VehicleID]; !ok {
			vehicles = append(vehicles, f.VehicleID)
		}
		byVehicle[f.VehicleID] = append(byVehicle[f.VehicleID], f.FixTime)
	}
	slices.Sort(vehicles)
	for _, v := range vehicles {
		times := byVehicle[v]
		err := chunks(len(times), 1, func(start, end int) error {
			args := make([]any, 0, 1+end-start)
			args = append(args, v)
			for _, at := range times[start:end] {
				args = append(args, at)
			}
			_, err := tx.Exec(ctx, `UPDATE telematics_positions SET `+column+` = 1 WHERE vehicle_id = ? AND fix_time IN (`+placeholders(end-start)+`)`, args...)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// AddMiles adds each row's miles and bridged miles to its vehicle's day
// and jurisdiction (negative figures take a segment back out).
func (t *TelematicsTx) AddMiles(ctx context.Context, rows []fuelportal.TelematicsMiles) error {
	return chunks(len(rows), 6, func(start, end int) error {
		args := make([]any, 0, 6*(end-start))
		values := make([]string, 0, end-start)
		for _, m := range rows[start:end] {
			values = append(values, "(?, ?, ?, ?, ?, ?)")
			args = append(args, t.companyID, m.VehicleID, m.Date, m.Jurisdiction, m.Miles, m.Bridged)
		}
		_, err := t.tx.Exec(ctx, `INSERT INTO telematics_miles (company_id, vehicle_id, date, jurisdiction, miles, bridged_miles)
			VALUES `+strings.Join(values, ", ")+` ON CONFLICT (vehicle_id, date, jurisdiction) DO UPDATE SET
			miles = telematics_miles.miles + excluded.miles, bridged_miles = telematics_miles.bridged_miles + excluded.bridged_miles`, args...)
		return err
	})
}

// AddDays adds each row's counts and miles to its vehicle's day, stamps
// the day as changed now, and widens the day's odometer readings:
// StartOdometer is the reading of the earliest fix given (its time in
// start), EndOdometer of the latest (in end).
func (t *TelematicsTx) AddDays(ctx context.Context, rows []fuelportal.TelematicsDay, start, end []time.Time) error {
	return chunks(len(rows), 12, func(first, last int) error {
		args := make([]any, 0, 12*(last-first))
		values := make([]string, 0, last-first)
		for i := first; i < last; i++ {
			d := rows[i]
			var startAt, endAt any
			if d.StartOdometer != nil {
				startAt = start[i]
			}
			if d.EndOdometer != nil {
				endAt = end[i]
			}
			values = append(values, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, t.companyID, d.VehicleID, d.Date, d.Positions, d.DroppedJumps, d.BridgedGaps, d.Miles,
				nullFloat(d.StartOdometer), startAt, nullFloat(d.EndOdometer), endAt, t.tx.Now)
		}
		_, err := t.tx.Exec(ctx, `INSERT INTO telematics_days (company_id, vehicle_id, date, positions, dropped_jumps, bridged_gaps, miles,
				start_odometer, start_at, end_odometer, end_at, received_at)
			VALUES `+strings.Join(values, ", ")+` ON CONFLICT (vehicle_id, date) DO UPDATE SET
			positions = telematics_days.positions + excluded.positions,
			dropped_jumps = telematics_days.dropped_jumps + excluded.dropped_jumps,
			bridged_gaps = telematics_days.bridged_gaps + excluded.bridged_gaps,
			miles = telematics_days.miles + excluded.miles,
			received_at = excluded.received_at,
			start_odometer = CASE WHEN excluded.start_at IS NOT NULL AND (telematics_days.start_at IS NULL OR excluded.start_at < telematics_days.start_at)
				THEN excluded.start_odometer ELSE telematics_days.start_odometer END,
			start_at = CASE WHEN excluded.start_at IS NOT NULL AND (telematics_days.start_at IS NULL OR excluded.start_at < telematics_days.start_at)
				THEN excluded.start_at ELSE telematics_days.start_at END,
			end_odometer = CASE WHEN excluded.end_at IS NOT NULL AND (telematics_days.end_at IS NULL OR excluded.end_at > telematics_days.end_at)
				THEN excluded.end_odometer ELSE telematics_days.end_odometer END,
			end_at = CASE WHEN excluded.end_at IS NOT NULL AND (telematics_days.end_at IS NULL OR excluded.end_at > telematics_days.end_at)
				THEN excluded.end_at ELSE telematics_days.end_at END`, args...)
		return err
	})
}

// DeleteTelematicsPositionsBefore deletes the positions fixed before
// cutoff (the four-year record rule): on PostgreSQL it drops the month
// partitions wholly before cutoff, then deletes the rest a vehicle at a
// time from its (vehicle_id, fix_time) index; the rolled-up miles and
// days stay. It answers how many it deleted.
func (db *DB) DeleteTelematicsPositionsBefore(ctx context.Context, cutoff time.Time) (int64, error) {
	deleted, err := db.dropPositionMonthsBefore(ctx, cutoff)
	if err != nil {
		return deleted, err
	}
	var vehicles []int64
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var err error
		vehicles, err = queryList(ctx, tx, func(row interface{ Scan(...any) error }) (int64, error) {
			var id int64
			return id, row.Scan(&id)
		}, `SELECT id FROM vehicles ORDER BY id`)
		return err
	})
	if err != nil {
		return deleted, err
	}
	for _, id := range vehicles {
		err := db.InTx(ctx, func(tx *Tx) error {
			res, err := tx.Exec(ctx, `DELETE FROM telematics_positions WHERE vehicle_id = ? AND fix_time < ?`, id, cutoff)
			if err != nil {
				return err
			}
			n, err := res.RowsAffected()
			deleted += n
			return err
		})
		if err != nil {
			return deleted, err
		}
	}
	return deleted, nil
}

// telematicsMiles lists the company's vehicle's telematics miles dated
// from fromDate to before toDate, by date and jurisdiction.
func (tx *Tx) telematicsMiles(ctx context.Context, companyID, vehicleID int64, fromDate, toDate string) ([]fuelportal.TelematicsMiles, error) {
	return queryList(ctx, tx, func(row interface{ Scan(...any) error }) (fuelportal.TelematicsMiles, error) {
		var m fuelportal.TelematicsMiles
		err := row.Scan(&m.VehicleID, &m.UnitNumber, &m.Date, &m.Jurisdiction, &m.Miles, &m.Bridged)
		return m, err
	}, `SELECT m.vehicle_id, v.unit_number, m.date, m.jurisdiction, m.miles, m.bridged_miles
		FROM telematics_miles m JOIN vehicles v ON v.id = m.vehicle_id
		WHERE m.company_id = ? AND m.vehicle_id = ? AND m.date >= ? AND m.date < ?
		ORDER BY m.date, m.jurisdiction`, companyID, vehicleID, fromDate, toDate)
}

const telematicsDayColumns = `d.vehicle_id, v.unit_number, d.date, d.positions, d.dropped_jumps, d.bridged_gaps, d.miles, d.start_odometer, d.end_odometer, d.received_at`

func scanTelematicsDay(row interface{ Scan(...any) error }) (fuelportal.TelematicsDay, error) {
	var d fuelportal.TelematicsDay
	var start, end sql.NullFloat64
	var received nullTime
	err := row.Scan(&d.VehicleID, &d.UnitNumber, &d.Date, &d.Positions, &d.DroppedJumps, &d.BridgedGaps, &d.Miles, &start, &end, &received)
	d.ReceivedAt = received.Time
	if start.Valid {
		d.StartOdometer = &start.Float64
	}
	if end.Valid {
		d.EndOdometer = &end.Float64
	}
	return d, err
}

// iftaTelematics reads period p's telematics figures (IFTATelematics):
// units are those with manual entries or trips in it; closedAt, when not
// zero, is when its return was closed.
func (tx *Tx) iftaTelematics(ctx context.Context, p fuelportal.IFTAPeriod, units []string, closedAt time.Time) (t fuelportal.IFTATelematics, err error) {
	if !closedAt.IsZero() {
		t.ChangedAfterClose, err = queryList(ctx, tx, scanTelematicsDay, `SELECT `+telematicsDayColumns+`
			FROM telematics_days d JOIN vehicles v ON v.id = d.vehicle_id
			WHERE d.company_id = ? AND d.date >= ? AND d.date < ? AND d.received_at > ?
			ORDER BY d.received_at, v.unit_number, d.date`, p.CompanyID, p.FromDate, p.ToDate, closedAt)
		return t, err // a closed return is frozen: nothing else is read
	}
	// Per vehicle: a vehicle's miles count in its fuel's return only.
	t.Miles, err = queryList(ctx, tx, func(row interface{ Scan(...any) error }) (fuelportal.TelematicsMiles, error) {
		var m fuelportal.TelematicsMiles
		err := row.Scan(&m.VehicleID, &m.Jurisdiction, &m.Miles, &m.Bridged)
		return m, err
	}, `SELECT vehicle_id, jurisdiction, SUM(miles), SUM(bridged_miles) FROM telematics_miles
		WHERE company_id = ? AND date >= ? AND date < ? GROUP BY vehicle_id, jurisdiction ORDER BY vehicle_id, jurisdiction`, p.CompanyID, p.FromDate, p.ToDate)
	if err != nil {
		return t, err
	}
	// A day's miles are its jurisdictions' added: above a hundredth of a
	// mile (a segment taken back leaves rounding dust) it has miles.
	type vehicleDays struct {
		vehicle int64
		days    int
	}
	counts, err := queryList(ctx, tx, func(row interface{ Scan(...any) error }) (vehicleDays, error) {
		var d vehicleDays
		err := row.Scan(&d.vehicle, &d.days)
		return d, err
	}, `SELECT vehicle_id, COUNT(*) FROM telematics_days
		WHERE company_id = ? AND date >= ? AND date < ? AND miles > 0.01 GROUP BY vehicle_id`, p.CompanyID, p.FromDate, p.ToDate)
	if err != nil {
		return t, err
	}
	t.VehicleDays = make(map[int64]int, len(counts))
	for _, d := range counts {
		t.VehicleDays[d.vehicle] = d.days
	}
	t.Flagged, err = queryList(ctx, tx, scanTelematicsDay, `SELECT `+telematicsDayColumns+`
		FROM telematics_days d JOIN vehicles v ON v.id = d.vehicle_id
		WHERE d.company_id = ? AND d.date >= ? AND d.date < ? AND (d.dropped_jumps > 0 OR d.bridged_gaps > 0)
		ORDER BY v.unit_number, d.date`, p.CompanyID, p.FromDate, p.ToDate)
	if err != nil {
		return t, err
	}
	slices.Sort(units)
	units = slices.Compact(units)
	return t, chunks(len(units), 1, func(start, end int) error {
		args := []any{p.CompanyID, p.FromDate, p.ToDate}
		for _, u := range units[start:end] {
			args = append(args, u)
		}
		covered, err := queryList(ctx, tx, scanTelematicsDay, `SELECT `+telematicsDayColumns+`
			FROM telematics_days d JOIN vehicles v ON v.id = d.vehicle_id
			WHERE d.company_id = ? AND d.date >= ? AND d.date < ? AND v.unit_number IN (`+placeholders(end-start)+`)
			AND d.miles > 0.01
			ORDER BY v.unit_number, d.date`, args...)
		t.Covered = append(t.Covered, covered...)
		return err
	})
}

// telematicsDays lists the company's vehicle's telematics days dated from
// fromDate to before toDate, by date.
func (tx *Tx) telematicsDays(ctx context.Context, companyID, vehicleID int64, fromDate, toDate string) ([]fuelportal.TelematicsDay, error) {
	return queryList(ctx, tx, scanTelematicsDay, `SELECT `+telematicsDayColumns+`
		FROM telematics_days d JOIN vehicles v ON v.id = d.vehicle_id
		WHERE d.company_id = ? AND d.vehicle_id = ? AND d.date >= ? AND d.date < ?
		ORDER BY d.date`, companyID, vehicleID, fromDate, toDate)
}

// VehicleMileage is what a vehicle's mileage record is made of, dated
// from FromDate to before ToDate.
type VehicleMileage struct {
	Vehicle    *fuelportal.Vehicle
	Telematics []fuelportal.TelematicsMiles
	Days       []fuelportal.TelematicsDay
	Manual     []fuelportal.IFTAMilesEntry
	Trips      []fuelportal.IFTATrip
}

// VehicleMileage reads the company's vehicle id's telematics miles and
// days, manual miles entries of its unit number and its unit's completed
// trips started from from to before to (the same days' instants in the
// company's zone): ENOTFOUND for another company's vehicle or none.
func (db *DB) VehicleMileage(ctx context.Context, companyID, id int64, fromDate, toDate string, from, to time.Time) (m *VehicleMileage, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		m = &VehicleMileage{}
		if m.Vehicle, err = tx.vehicle(ctx, companyID, id); err != nil {
			return err
		}
		if m.Telematics, err = tx.telematicsMiles(ctx, companyID, id, fromDate, toDate); err != nil {
			return err
		}
		if m.Days, err = tx.telematicsDays(ctx, companyID, id, fromDate, toDate); err != nil {
			return err
		}
		if m.Manual, err = queryList(ctx, tx, scanIFTAMiles, `SELECT `+iftaMilesColumns+` FROM ifta_miles
			WHERE company_id = ? AND unit_number = ? AND date >= ? AND date < ? ORDER BY date, id`, companyID, m.Vehicle.UnitNumber, fromDate, toDate); err != nil {
			return err
		}
		m.Trips, err = tx.completedTrips(ctx, companyID, m.Vehicle.UnitNumber, from, to)
		return err
	})
	return m, err
}

// VehicleHasPositions reports whether the vehicle has telematics
// positions (kept as IFTA records: the vehicle is not deleted).
func (tx *Tx) vehicleHasPositions(ctx context.Context, vehicleID int64) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM telematics_positions WHERE vehicle_id = ? LIMIT 1) p`, vehicleID).Scan(&n)
	return n > 0, err
}

// UpsertLastFixes keeps each fix as its vehicle's last fix when it is
// newer than the one kept (vehicle_last_fixes), in the ingest's
// transaction: the pump check reads it.
func (t *TelematicsTx) UpsertLastFixes(ctx context.Context, fixes []fuelportal.LastFix) error {
	for _, f := range fixes {
		if _, err := t.tx.Exec(ctx, `
			INSERT INTO vehicle_last_fixes (vehicle_id, company_id, fix_time, latitude, longitude, speed_mph, fuel_percent, odometer_miles, source, received_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (vehicle_id) DO UPDATE SET fix_time = excluded.fix_time, latitude = excluded.latitude, longitude = excluded.longitude,
				speed_mph = excluded.speed_mph, fuel_percent = excluded.fuel_percent, odometer_miles = excluded.odometer_miles,
				source = excluded.source, received_at = excluded.received_at
			WHERE vehicle_last_fixes.fix_time < excluded.fix_time`,
			f.VehicleID, t.companyID, f.At, f.Lat, f.Lon, nullFloat(f.SpeedMph), nullFloat(f.FuelPercent), nullFloat(f.OdometerMiles), f.Source, t.tx.Now); err != nil {
			return err
		}
	}
	return nil
}

const lastFixColumns = `vehicle_id, fix_time, latitude, longitude, speed_mph, fuel_percent, odometer_miles, source`

func scanLastFix(row interface{ Scan(...any) error }) (*fuelportal.LastFix, error) {
	f := &fuelportal.LastFix{}
	var at nullTime
	var speed, fuel, odo sql.NullFloat64
	if err := row.Scan(&f.VehicleID, &at, &f.Lat, &f.Lon, &speed, &fuel, &odo, &f.Source); err != nil {
		return nil, err
	}
	f.At = at.Time
	f.SpeedMph, f.FuelPercent, f.OdometerMiles = floatPtr(speed), floatPtr(fuel), floatPtr(odo)
	return f, nil
}

func floatPtr(v sql.NullFloat64) *float64 {
	if !v.Valid {
		return nil
	}
	return &v.Float64
}

// LastFixes returns the last fix of each of the company's vehicles that has
// one, by vehicle id.
func (db *DB) LastFixes(ctx context.Context, companyID int64) (fixes map[int64]*fuelportal.LastFix, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		list, err := queryList(ctx, tx, scanLastFix, `SELECT `+lastFixColumns+` FROM vehicle_last_fixes WHERE company_id = ?`, companyID)
		if err != nil {
			return err
		}
		fixes = make(map[int64]*fuelportal.LastFix, len(list))
		for _, f := range list {
			fixes[f.VehicleID] = f
		}
		return nil
	})
	return fixes, err
}
