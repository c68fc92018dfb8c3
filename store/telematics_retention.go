package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"fuelportal"
)

// Telematics positions kept only as long as needed (docs/decisions.md,
// "Telematics positions: thinned after 90 days"): the month partitions of
// the positions table on PostgreSQL, the thinning of each vehicle's track
// and the four-year retention. telematics.Service decides; these are its
// reads and writes.

// positionMonths remembers, per database handle, the month partitions
// known to exist (PostgreSQL), so an ingest asks the catalog once per
// month and process.
var positionMonths sync.Map // map[*DB]*sync.Map of "2006_01" → true

const positionPartitionPrefix = "telematics_positions_p"

// monthStart is the first instant of t's month in UTC.
func monthStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// EnsurePositionMonths makes sure the positions table can hold fixes at
// times (PostgreSQL: a partition for each of their UTC months, made
// before the ingest's transaction, each in its own short transaction
// under an advisory lock, so two processes never race to make one; the
// serving process makes the coming months ahead, so this finds them
// made). SQLite's table is one table: nothing to do.
func (db *DB) EnsurePositionMonths(ctx context.Context, times []time.Time) error {
	if db.engine != Postgres {
		return nil
	}
	known, _ := positionMonths.LoadOrStore(db, &sync.Map{})
	months := map[time.Time]bool{}
	for _, t := range times {
		months[monthStart(t)] = true
	}
	for m := range months {
		name := m.Format("2006_01")
		if _, ok := known.(*sync.Map).Load(name); ok {
			continue
		}
		err := db.InTx(ctx, func(tx *Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('telematics_positions partitions', 0))`); err != nil {
				return err
			}
			var exists bool
			if err := tx.QueryRow(ctx, `SELECT to_regclass(?) IS NOT NULL`, positionPartitionPrefix+name).Scan(&exists); err != nil {
				return err
			}
			if exists {
				return nil
			}
			// The bounds are formatted from the month itself, not input.
			_, err := tx.Exec(ctx, fmt.Sprintf(`CREATE TABLE %s%s PARTITION OF telematics_positions FOR VALUES FROM ('%s') TO ('%s')`,
				positionPartitionPrefix, name, m.Format("2006-01-02 15:04:05+00"), m.AddDate(0, 1, 0).Format("2006-01-02 15:04:05+00")))
			return err
		})
		if err != nil {
			return fmt.Errorf("telematics positions partition %s: %w", name, err)
		}
		known.(*sync.Map).Store(name, true)
	}
	return nil
}

// PositionPartitions lists the month partitions of the positions table
// (PostgreSQL; none on SQLite), oldest first, as the UTC month each
// starts.
func (db *DB) PositionPartitions(ctx context.Context) ([]time.Time, error) {
	if db.engine != Postgres {
		return nil, nil
	}
	var months []time.Time
	err := db.InReadTx(ctx, func(tx *Tx) error {
		names, err := queryList(ctx, tx, func(row interface{ Scan(...any) error }) (string, error) {
			var n string
			return n, row.Scan(&n)
		}, `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
			WHERE i.inhparent = to_regclass('telematics_positions') ORDER BY c.relname`)
		if err != nil {
			return err
		}
		for _, n := range names {
			if m, ok := partitionMonth(n); ok {
				months = append(months, m)
			}
		}
		return nil
	})
	return months, err
}

// partitionMonth reads the month of a partition's name
// (telematics_positions_p2026_03).
func partitionMonth(name string) (time.Time, bool) {
	rest, ok := strings.CutPrefix(name, positionPartitionPrefix)
	if !ok {
		return time.Time{}, false
	}
	m, err := time.Parse("2006_01", rest)
	return m, err == nil
}

// dropPositionMonthsBefore drops the partitions whose whole month is
// before cutoff (PostgreSQL) and answers how many positions they held.
func (db *DB) dropPositionMonthsBefore(ctx context.Context, cutoff time.Time) (int64, error) {
	months, err := db.PositionPartitions(ctx)
	if err != nil {
		return 0, err
	}
	var dropped int64
	for _, m := range months {
		if m.AddDate(0, 1, 0).After(cutoff) {
			break
		}
		name := positionPartitionPrefix + m.Format("2006_01")
		err := db.InTx(ctx, func(tx *Tx) error {
			var n int64
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM `+name).Scan(&n); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DROP TABLE `+name); err != nil {
				return err
			}
			dropped += n
			return nil
		})
		if err != nil {
			return dropped, err
		}
		if known, ok := positionMonths.Load(db); ok {
			known.(*sync.Map).Delete(m.Format("2006_01"))
		}
	}
	return dropped, nil
}

// ThinningVehicle is a vehicle with positions and how far its track is
// thinned (zero: not at all yet).
type ThinningVehicle struct {
	VehicleID, CompanyID int64
	ThinnedThrough       time.Time
}

// ThinningVehicles lists the vehicles with positions, by id, with how
// far each one's track is thinned.
func (db *DB) ThinningVehicles(ctx context.Context) (list []ThinningVehicle, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		list, err = queryList(ctx, tx, func(row interface{ Scan(...any) error }) (ThinningVehicle, error) {
			var v ThinningVehicle
			var through nullTime
			err := row.Scan(&v.VehicleID, &v.CompanyID, &through)
			v.ThinnedThrough = through.Time
			return v, err
		}, `SELECT v.id, v.company_id, t.thinned_through FROM vehicles v LEFT JOIN telematics_thinning t ON t.vehicle_id = v.id
			WHERE EXISTS (SELECT 1 FROM telematics_positions p WHERE p.vehicle_id = v.id) ORDER BY v.id`)
		return err
	})
	return list, err
}

// ThinningTx is one step of thinning one vehicle's track, in one
// transaction that holds the vehicle's row lock (ingests of the vehicle
// wait for it).
type ThinningTx struct {
	tx                   *Tx
	companyID, vehicleID int64
}

// InThinningTx runs fn in one transaction over the vehicle's track,
// locking the vehicle as an ingest does.
func (db *DB) InThinningTx(ctx context.Context, companyID, vehicleID int64, fn func(t *ThinningTx) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		lock := ""
		if tx.Engine() == Postgres {
			lock = " FOR NO KEY UPDATE"
		}
		var id int64
		if err := tx.QueryRow(ctx, `SELECT id FROM vehicles WHERE id = ? AND company_id = ?`+lock, vehicleID, companyID).Scan(&id); err != nil {
			return notFound(err, "No such vehicle")
		}
		return fn(&ThinningTx{tx: tx, companyID: companyID, vehicleID: vehicleID})
	})
}

// Location is the company's time zone (its card controls').
func (t *ThinningTx) Location(ctx context.Context) (*time.Location, error) {
	c, err := t.tx.CompanyControls(ctx, t.companyID)
	if err != nil {
		return nil, err
	}
	return c.Location(), nil
}

// Stretch reads the vehicle's kept fixes from from (included) to before
// to, at most limit of them, in time order, with the kept fix just
// before from (nil: none) and the kept fix just after the last one read
// (nil: none).
func (t *ThinningTx) Stretch(ctx context.Context, from, to time.Time, limit int) (prev *fuelportal.TelematicsFix, fixes []*fuelportal.TelematicsFix, next *fuelportal.TelematicsFix, err error) {
	one := func(query string, args ...any) (*fuelportal.TelematicsFix, error) {
		f, err := scanFix(t.tx.QueryRow(ctx, query, args...))
		if isNoRows(err) {
			return nil, nil
		}
		return f, err
	}
	if prev, err = one(`SELECT `+fixColumns+` FROM telematics_positions WHERE vehicle_id = ? AND kept = 1 AND fix_time < ? ORDER BY fix_time DESC LIMIT 1`, t.vehicleID, from); err != nil {
		return nil, nil, nil, err
	}
	fixes, err = queryList(ctx, t.tx, scanFix, `SELECT `+fixColumns+` FROM telematics_positions
		WHERE vehicle_id = ? AND kept = 1 AND fix_time >= ? AND fix_time < ? ORDER BY fix_time LIMIT `+strconv.Itoa(limit), t.vehicleID, from, to)
	if err != nil {
		return nil, nil, nil, err
	}
	after := from
	if len(fixes) > 0 {
		after = fixes[len(fixes)-1].FixTime
		next, err = one(`SELECT `+fixColumns+` FROM telematics_positions WHERE vehicle_id = ? AND kept = 1 AND fix_time > ? ORDER BY fix_time LIMIT 1`, t.vehicleID, after)
	}
	return prev, fixes, next, err
}

// DeleteDropped deletes the vehicle's positions from from to before to
// that are not in its track (dropped jumps, counted on their days), and
// answers how many.
func (t *ThinningTx) DeleteDropped(ctx context.Context, from, to time.Time) (int64, error) {
	res, err := t.tx.Exec(ctx, `DELETE FROM telematics_positions WHERE vehicle_id = ? AND kept = 0 AND fix_time >= ? AND fix_time < ?`, t.vehicleID, from, to)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Delete deletes fixes of the vehicle (by their fix times).
func (t *ThinningTx) Delete(ctx context.Context, fixes []*fuelportal.TelematicsFix) error {
	return chunks(len(fixes), 1, func(start, end int) error {
		args := make([]any, 0, 1+end-start)
		args = append(args, t.vehicleID)
		for _, f := range fixes[start:end] {
			args = append(args, f.FixTime)
		}
		_, err := t.tx.Exec(ctx, `DELETE FROM telematics_positions WHERE vehicle_id = ? AND fix_time IN (`+placeholders(end-start)+`)`, args...)
		return err
	})
}

// MarkThinnedBefore marks fixes as following a thinned-out stretch.
func (t *ThinningTx) MarkThinnedBefore(ctx context.Context, fixes []*fuelportal.TelematicsFix) error {
	return setPositionFlag(ctx, t.tx, "thinned_before", fixes)
}

// SetThinnedThrough records that the vehicle's track is thinned up to
// through (positions fixed before it are).
func (t *ThinningTx) SetThinnedThrough(ctx context.Context, through time.Time) error {
	_, err := t.tx.Exec(ctx, `INSERT INTO telematics_thinning (vehicle_id, company_id, thinned_through) VALUES (?, ?, ?)
		ON CONFLICT (vehicle_id) DO UPDATE SET thinned_through = excluded.thinned_through`, t.vehicleID, t.companyID, through)
	return err
}

// Rethin moves the vehicle's thinned-through mark back to at when it is
// later: a fix stored into the thinned stretch gets thinned again.
func (t *TelematicsTx) Rethin(ctx context.Context, vehicleID int64, at time.Time) error {
	_, err := t.tx.Exec(ctx, `UPDATE telematics_thinning SET thinned_through = ? WHERE vehicle_id = ? AND thinned_through > ?`, at, vehicleID, at)
	return err
}

// DeleteFixes deletes fixes stored in this ingest (by vehicle and fix
// time): a late fix into a thinned stretch is not kept.
func (t *TelematicsTx) DeleteFixes(ctx context.Context, fixes []*fuelportal.TelematicsFix) error {
	slices.SortFunc(fixes, func(a, b *fuelportal.TelematicsFix) int { return a.FixTime.Compare(b.FixTime) })
	for _, f := range fixes {
		if _, err := t.tx.Exec(ctx, `DELETE FROM telematics_positions WHERE vehicle_id = ? AND fix_time = ?`, f.VehicleID, f.FixTime); err != nil {
			return err
		}
	}
	return nil
}

// UncompactedPositionMonths lists the month partitions (PostgreSQL)
// starting before before that were not rewritten since their thinning
// (CompactPositionMonth), oldest first.
func (db *DB) UncompactedPositionMonths(ctx context.Context, before time.Time) ([]time.Time, error) {
	if db.engine != Postgres {
		return nil, nil
	}
	var months []time.Time
	err := db.InReadTx(ctx, func(tx *Tx) error {
		names, err := queryList(ctx, tx, func(row interface{ Scan(...any) error }) (string, error) {
			var n string
			return n, row.Scan(&n)
		}, `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
			WHERE i.inhparent = to_regclass('telematics_positions') AND obj_description(c.oid, 'pg_class') IS DISTINCT FROM 'compacted'
			ORDER BY c.relname`)
		if err != nil {
			return err
		}
		for _, n := range names {
			if m, ok := partitionMonth(n); ok && m.Before(before) {
				months = append(months, m)
			}
		}
		return nil
	})
	return months, err
}

// CompactPositionMonth rewrites a thinned month's partition (PostgreSQL)
// so the space its thinned positions took goes back to the system: no
// new rows land in a past month to reuse it. In one transaction it
// copies the month's rows into a new table (the month's partition locked
// meanwhile: an ingest reaching it waits), then swaps the new table in
// (the positions table locked for the swap alone) and marks it
// compacted.
func (db *DB) CompactPositionMonth(ctx context.Context, month time.Time) error {
	if db.engine != Postgres {
		return nil
	}
	month = monthStart(month)
	name := positionPartitionPrefix + month.Format("2006_01")
	const columns = `id, company_id, vehicle_id, fix_time, latitude, longitude, speed_knots, odometer_miles, kept, received_at, thinned_before`
	return db.InTx(ctx, func(tx *Tx) error {
		for _, stmt := range []string{
			`LOCK TABLE ` + name + ` IN SHARE ROW EXCLUSIVE MODE`,
			`CREATE TABLE ` + name + `_compact (LIKE telematics_positions INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
			`INSERT INTO ` + name + `_compact (` + columns + `) SELECT ` + columns + ` FROM ` + name + ` ORDER BY vehicle_id, fix_time`,
			`ALTER TABLE telematics_positions DETACH PARTITION ` + name,
			`DROP TABLE ` + name,
			`ALTER TABLE ` + name + `_compact RENAME TO ` + name,
			fmt.Sprintf(`ALTER TABLE telematics_positions ATTACH PARTITION %s FOR VALUES FROM ('%s') TO ('%s')`,
				name, month.Format("2006-01-02 15:04:05+00"), month.AddDate(0, 1, 0).Format("2006-01-02 15:04:05+00")),
			`COMMENT ON TABLE ` + name + ` IS 'compacted'`,
		} {
			if _, err := tx.Exec(ctx, stmt); err != nil {
				return fmt.Errorf("compact %s: %w", name, err)
			}
		}
		return nil
	})
}
