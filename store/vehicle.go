package store

import (
	"context"
	"database/sql"
	"strconv"

	"fuelportal"
)

const vehicleColumns = `id, company_id, unit_number, vin, plate, plate_state, fuel_type, tank_capacity_milli, ifta_qualified, active, group_id, created_at, updated_at`

func scanVehicle(row interface{ Scan(...any) error }) (*fuelportal.Vehicle, error) {
	v := &fuelportal.Vehicle{}
	var ifta, active int64
	var created, updated nullTime
	var group sql.NullInt64
	if err := row.Scan(&v.ID, &v.CompanyID, &v.UnitNumber, &v.VIN, &v.Plate, &v.PlateState, &v.FuelType, &v.TankCapacity,
		&ifta, &active, &group, &created, &updated); err != nil {
		return nil, err
	}
	v.GroupID = group.Int64
	v.IFTAQualified, v.Active = ifta == 1, active == 1
	v.CreatedAt, v.UpdatedAt = created.Time, updated.Time
	v.Cards = []fuelportal.VehicleCard{}
	return v, nil
}

// CompanyVehicles returns the company's vehicles ordered by unit number,
// each with the cards assigned to it.
func (db *DB) CompanyVehicles(ctx context.Context, companyID int64) (list []*fuelportal.Vehicle, err error) {
	return db.CompanyVehiclesIn(ctx, companyID, 0)
}

// TripUnits returns the vehicles of scope's company (of its group when the
// scope has one) by unit number, and the unit number scope's card carries
// ("" for none: an office scope, a card without a unit).
func (db *DB) TripUnits(ctx context.Context, scope fuelportal.TransactionScope) (units []fuelportal.VehicleUnit, cardUnit string, err error) {
	query, args := `SELECT unit_number, plate, active FROM vehicles WHERE company_id = ?`, []any{scope.CompanyID}
	if scope.GroupID != 0 {
		query += ` AND group_id = ?`
		args = append(args, scope.GroupID)
	}
	err = db.InReadTx(ctx, func(tx *Tx) error {
		units, err = queryList(ctx, tx, func(row interface{ Scan(...any) error }) (fuelportal.VehicleUnit, error) {
			var u fuelportal.VehicleUnit
			var active int64
			err := row.Scan(&u.UnitNumber, &u.Plate, &active)
			u.Active = active == 1
			return u, err
		}, query+` ORDER BY unit_number, id`, args...)
		if err != nil || scope.CardID <= 0 {
			return err
		}
		err = tx.QueryRow(ctx, `SELECT unit_number FROM cards WHERE id = ? AND company_id = ?`, scope.CardID, scope.CompanyID).Scan(&cardUnit)
		if isNoRows(err) {
			return nil
		}
		return err
	})
	return units, cardUnit, err
}

// CompanyVehiclesIn is CompanyVehicles of the vehicles in group groupID
// (0: every vehicle): what a member limited to the group sees.
func (db *DB) CompanyVehiclesIn(ctx context.Context, companyID, groupID int64) (list []*fuelportal.Vehicle, err error) {
	query, args := `SELECT `+vehicleColumns+` FROM vehicles WHERE company_id = ?`, []any{companyID}
	if groupID != 0 {
		query += ` AND group_id = ?`
		args = append(args, groupID)
	}
	err = db.InReadTx(ctx, func(tx *Tx) error {
		list, err = queryList(ctx, tx, scanVehicle, query+` ORDER BY unit_number, id`, args...)
		if err != nil {
			return err
		}
		if err := tx.vehicleLastFixes(ctx, companyID, list); err != nil {
			return err
		}
		return tx.vehicleCards(ctx, companyID, list)
	})
	return list, err
}

// vehicleLastFixes fills the LastFix of the company's vehicles that have
// one.
func (tx *Tx) vehicleLastFixes(ctx context.Context, companyID int64, list []*fuelportal.Vehicle) error {
	if len(list) == 0 {
		return nil
	}
	fixes, err := queryList(ctx, tx, scanLastFix, `SELECT `+lastFixColumns+` FROM vehicle_last_fixes WHERE company_id = ?`, companyID)
	if err != nil {
		return err
	}
	byID := make(map[int64]*fuelportal.Vehicle, len(list))
	for _, v := range list {
		byID[v.ID] = v
	}
	for _, f := range fixes {
		if v := byID[f.VehicleID]; v != nil {
			v.LastFix = f
		}
	}
	return nil
}

// vehicleCards fills the Cards of the company's vehicles: the company's
// cards whose unit number is the vehicle's, by driver name.
func (tx *Tx) vehicleCards(ctx context.Context, companyID int64, list []*fuelportal.Vehicle) error {
	if len(list) == 0 {
		return nil
	}
	byUnit := make(map[string]*fuelportal.Vehicle, len(list))
	for _, v := range list {
		byUnit[v.UnitNumber] = v
	}
	rows, err := tx.Query(ctx, `
		SELECT c.unit_number, c.card_number, c.driver_name, c.group_id FROM cards c
		JOIN vehicles v ON v.company_id = c.company_id AND v.unit_number = c.unit_number
		WHERE c.company_id = ? ORDER BY c.driver_name, c.card_number`, companyID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var unit string
		var card fuelportal.VehicleCard
		var group sql.NullInt64
		if err := rows.Scan(&unit, &card.CardNumber, &card.DriverName, &group); err != nil {
			return err
		}
		card.GroupID = group.Int64
		if v := byUnit[unit]; v != nil {
			v.Cards = append(v.Cards, card)
		}
	}
	return rows.Err()
}

// Vehicle returns the company's vehicle id with its cards; another
// company's vehicle is ENOTFOUND, like a missing one.
func (db *DB) Vehicle(ctx context.Context, companyID, id int64) (v *fuelportal.Vehicle, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		if v, err = tx.vehicle(ctx, companyID, id); err != nil {
			return err
		}
		fix, err := scanLastFix(tx.QueryRow(ctx, `SELECT `+lastFixColumns+` FROM vehicle_last_fixes WHERE vehicle_id = ?`, v.ID))
		if err == nil {
			v.LastFix = fix
		} else if !isNoRows(err) {
			return err
		}
		return nil
	})
	return v, err
}

func (tx *Tx) vehicle(ctx context.Context, companyID, id int64) (*fuelportal.Vehicle, error) {
	v, err := scanVehicle(tx.QueryRow(ctx, `SELECT `+vehicleColumns+` FROM vehicles WHERE company_id = ? AND id = ?`, companyID, id))
	if err != nil {
		return nil, notFound(err, "Vehicle not found")
	}
	return v, tx.vehicleCards(ctx, companyID, []*fuelportal.Vehicle{v})
}

// CreateVehicle adds v (validated by the vehicles service) to the company,
// setting its ID and timestamps, and returns it with its cards. A unit
// number the company already has is ECONFLICT (with a unitNumber field
// error).
func (db *DB) CreateVehicle(ctx context.Context, companyID int64, v fuelportal.Vehicle) (saved *fuelportal.Vehicle, err error) {
	v.CompanyID = companyID
	err = db.InTx(ctx, func(tx *Tx) error {
		if err := tx.CreateVehicle(ctx, &v); err != nil {
			return err
		}
		if err := tx.auditVehicle(ctx, fuelportal.AuditVehicleCreated, companyID, v.ID, nil, &v); err != nil {
			return err
		}
		saved, err = tx.vehicle(ctx, companyID, v.ID)
		return err
	})
	return saved, err
}

// CreateVehicle inserts the validated vehicle v of v.CompanyID and sets
// its ID and timestamps. A taken unit number is ECONFLICT.
func (tx *Tx) CreateVehicle(ctx context.Context, v *fuelportal.Vehicle) error {
	v.CreatedAt, v.UpdatedAt = tx.Now, tx.Now
	err := tx.QueryRow(ctx, `
		INSERT INTO vehicles (company_id, unit_number, vin, plate, plate_state, fuel_type, tank_capacity_milli, ifta_qualified, active, group_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		v.CompanyID, v.UnitNumber, v.VIN, v.Plate, v.PlateState, v.FuelType, v.TankCapacity, boolInt(v.IFTAQualified), boolInt(v.Active),
		nullInt(v.GroupID), v.CreatedAt, v.UpdatedAt,
	).Scan(&v.ID)
	if isUniqueViolation(err) {
		return fuelportal.UnitNumberTaken()
	}
	return err
}

// UpdateVehicle saves v (validated by the vehicles service) over the
// company's vehicle v.ID, returning it as saved with its cards. Another
// company's vehicle is ENOTFOUND; a unit number another vehicle of the
// company has is ECONFLICT (with a unitNumber field error).
func (db *DB) UpdateVehicle(ctx context.Context, companyID int64, v fuelportal.Vehicle) (saved *fuelportal.Vehicle, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		if err := tx.updateVehicle(ctx, companyID, &v); err != nil {
			return err
		}
		saved, err = tx.vehicle(ctx, companyID, v.ID)
		return err
	})
	return saved, err
}

func (tx *Tx) updateVehicle(ctx context.Context, companyID int64, v *fuelportal.Vehicle) error {
	before, err := tx.vehicle(ctx, companyID, v.ID)
	if err != nil {
		return err
	}
	res, err := tx.Exec(ctx, `
		UPDATE vehicles SET unit_number = ?, vin = ?, plate = ?, plate_state = ?, fuel_type = ?, tank_capacity_milli = ?,
			ifta_qualified = ?, active = ?, updated_at = ?
		WHERE company_id = ? AND id = ?`,
		v.UnitNumber, v.VIN, v.Plate, v.PlateState, v.FuelType, v.TankCapacity, boolInt(v.IFTAQualified), boolInt(v.Active), tx.Now,
		companyID, v.ID)
	if isUniqueViolation(err) {
		return fuelportal.UnitNumberTaken()
	} else if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found")
	}
	return tx.auditVehicle(ctx, fuelportal.AuditVehicleUpdated, companyID, v.ID, before, v)
}

// auditVehicle records change kind of the company's vehicle id.
func (tx *Tx) auditVehicle(ctx context.Context, kind fuelportal.AuditKind, companyID, id int64, before, after *fuelportal.Vehicle) error {
	fields := func(v *fuelportal.Vehicle) any {
		if v == nil {
			return nil
		}
		return map[string]any{"unitNumber": v.UnitNumber, "vin": v.VIN, "plate": v.Plate, "plateState": v.PlateState,
			"fuelType": v.FuelType, "tankCapacity": v.TankCapacity, "iftaQualified": v.IFTAQualified, "active": v.Active}
	}
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: kind, ObjectType: fuelportal.AuditObjectVehicle,
		ObjectID: strconv.FormatInt(id, 10), Before: fields(before), After: fields(after)})
}

// DeleteVehicle removes the company's vehicle id (its cards keep their
// unit number) as decide allows: it is called in the transaction with
// whether the vehicle has telematics positions (fuelportal.CheckVehicleDelete
// decides) and its error is returned. Another company's vehicle is
// ENOTFOUND, like a missing one.
func (db *DB) DeleteVehicle(ctx context.Context, companyID, id int64, decide func(hasPositions bool) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		// Another company's vehicle is not found, whatever it holds.
		before, err := tx.vehicle(ctx, companyID, id)
		if err != nil {
			return err
		}
		if has, err := tx.vehicleHasPositions(ctx, id); err != nil {
			return err
		} else if err := decide(has); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `DELETE FROM vehicles WHERE company_id = ? AND id = ?`, companyID, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found")
		}
		return tx.auditVehicle(ctx, fuelportal.AuditVehicleDeleted, companyID, id, before, nil)
	})
}

// VehicleImport says what an import of a fleet list did.
type VehicleImport struct {
	Created, Updated int
}

// ImportVehicles saves a fleet list (validated by the vehicles service) in
// one transaction: a vehicle whose unit number the company has updates
// that vehicle, as decide allows (called with the row and the group of the
// vehicle it would update; fuelportal.CheckVehicleImportUpdate decides),
// any other is created. All or nothing: the first error saves nothing.
// The list must not repeat a unit number (feed.ParseVehicles sees to it).
// Vehicles of a list whose rows carry a GroupID are created in that group.
func (db *DB) ImportVehicles(ctx context.Context, companyID int64, list []*fuelportal.Vehicle, decide func(v *fuelportal.Vehicle, existingGroupID int64) error) (res VehicleImport, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		res = VehicleImport{}
		existing, groups := map[string]int64{}, map[int64]int64{}
		rows, err := tx.Query(ctx, `SELECT unit_number, id, group_id FROM vehicles WHERE company_id = ?`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var unit string
			var id int64
			var group sql.NullInt64
			if err := rows.Scan(&unit, &id, &group); err != nil {
				return err
			}
			existing[unit], groups[id] = id, group.Int64
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		for _, v := range list {
			v.CompanyID = companyID
			if id, ok := existing[v.UnitNumber]; ok {
				if err := decide(v, groups[id]); err != nil {
					return err
				}
				v.ID = id
				if err := tx.updateVehicle(ctx, companyID, v); err != nil {
					return err
				}
				res.Updated++
				continue
			}
			if err := tx.CreateVehicle(ctx, v); err != nil {
				return err
			}
			if err := tx.auditVehicle(ctx, fuelportal.AuditVehicleCreated, companyID, v.ID, nil, v); err != nil {
				return err
			}
			existing[v.UnitNumber] = v.ID
			res.Created++
		}
		return nil
	})
	return res, err
}

// VehicleGroup returns the group of the company's vehicle id (0: none);
// another company's vehicle is ENOTFOUND.
func (db *DB) VehicleGroup(ctx context.Context, companyID, id int64) (groupID int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var group sql.NullInt64
		if err := tx.QueryRow(ctx, `SELECT group_id FROM vehicles WHERE company_id = ? AND id = ?`, companyID, id).Scan(&group); err != nil {
			return notFound(err, "Vehicle not found")
		}
		groupID = group.Int64
		return nil
	})
	return groupID, err
}

// SetVehicleGroup puts the company's vehicle id in group groupID (0: none).
// A vehicle of another company is ENOTFOUND; a group of another company a
// field error.
func (db *DB) SetVehicleGroup(ctx context.Context, companyID, id, groupID int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var was sql.NullInt64
		if err := tx.QueryRow(ctx, `SELECT group_id FROM vehicles WHERE company_id = ? AND id = ?`, companyID, id).Scan(&was); err != nil {
			return notFound(err, "Vehicle not found")
		}
		if groupID != 0 {
			if err := tx.GroupOf(ctx, companyID, groupID); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE vehicles SET group_id = ?, updated_at = ? WHERE id = ?`, nullInt(groupID), tx.Now, id); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditVehicleUpdated,
			ObjectType: fuelportal.AuditObjectVehicle, ObjectID: strconv.FormatInt(id, 10),
			Before: map[string]any{"groupId": auditGroup(was.Int64)}, After: map[string]any{"groupId": auditGroup(groupID)}})
	})
}
