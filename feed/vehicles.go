package feed

import (
	"fmt"
	"io"
	"strings"

	"fuelportal"
)

// Fleet list columns: an owner's list of vehicles, one per row, as the
// vehicle form names the fields. Every column is required in the header;
// vin, plate and plateState may be empty, and so may iftaQualified (no)
// and active (yes).
//
//	unitNumber,vin,plate,plateState,fuelType,tankCapacityGallons,iftaQualified,active
//	TRK-110,1M8GDM9AXKP042788,P-4410,FL,diesel,150,yes,yes
const (
	colVehicleUnitNumber    = "unitNumber"
	colVehicleVIN           = "vin"
	colVehiclePlate         = "plate"
	colVehiclePlateState    = "plateState"
	colVehicleFuelType      = "fuelType"
	colVehicleTankCapacity  = "tankCapacityGallons"
	colVehicleIFTAQualified = "iftaQualified"
	colVehicleActive        = "active"
)

// VehicleColumns lists the fleet list's columns in documented order.
var VehicleColumns = []string{colVehicleUnitNumber, colVehicleVIN, colVehiclePlate, colVehiclePlateState,
	colVehicleFuelType, colVehicleTankCapacity, colVehicleIFTAQualified, colVehicleActive}

// VehicleRowKey is the field name of a fleet list row's problem in the
// API's field errors: "line 3: vin", or "line 3" for the row as a whole.
func VehicleRowKey(line int, column string) string {
	if column == "" {
		return fmt.Sprintf("line %d", line)
	}
	return fmt.Sprintf("line %d: %s", line, column)
}

// ParseVehicles reads a fleet list (VehicleColumns) into validated
// vehicles, in file order. It is all or nothing: any bad row makes the
// whole list EINVALID, with every problem as a field error keyed by
// VehicleRowKey. A list without rows, with more than
// fuelportal.MaxVehiclesImported rows, or repeating a unit number is
// EINVALID too. The error is a failing reader's otherwise.
func ParseVehicles(r io.Reader) ([]*fuelportal.Vehicle, error) {
	f, err := openCSV(r, "fleet list")
	if err != nil {
		return nil, err
	}
	at, err := f.columns(VehicleColumns, VehicleColumns)
	if err != nil {
		return nil, err
	}
	fe := fuelportal.FieldErrors{}
	var vehicles []*fuelportal.Vehicle
	firstLine := map[string]int{}
	var rejected []RowError
	tooMany := false
	err = f.rows(&rejected, func(line int, record []string) *RowError {
		if len(vehicles) >= fuelportal.MaxVehiclesImported {
			tooMany = true
			return nil
		}
		v, rowErrs := parseVehicle(record, at)
		for field, msgs := range rowErrs {
			for _, m := range msgs {
				fe.Add(VehicleRowKey(line, field), m)
			}
		}
		if v.UnitNumber != "" {
			if first, seen := firstLine[v.UnitNumber]; seen {
				fe.Add(VehicleRowKey(line, colVehicleUnitNumber), fmt.Sprintf("Unit number repeats line %d", first))
			} else {
				firstLine[v.UnitNumber] = line
			}
		}
		vehicles = append(vehicles, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if tooMany {
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "The fleet list must not hold more than %d vehicles", fuelportal.MaxVehiclesImported)
	}
	for _, e := range rejected {
		fe.Add(VehicleRowKey(e.Line, e.Column), e.Message)
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if len(vehicles) == 0 {
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "The fleet list has no vehicles: add one line per vehicle under the header")
	}
	return vehicles, nil
}

// parseVehicle reads one row; the field errors are by column.
func parseVehicle(record []string, at map[string]int) (*fuelportal.Vehicle, fuelportal.FieldErrors) {
	field := func(col string) string { return strings.TrimSpace(record[at[col]]) }
	fe := fuelportal.FieldErrors{}
	v := &fuelportal.Vehicle{
		UnitNumber: field(colVehicleUnitNumber),
		VIN:        field(colVehicleVIN),
		Plate:      field(colVehiclePlate),
		PlateState: field(colVehiclePlateState),
		FuelType:   fuelportal.FuelType(field(colVehicleFuelType)),
	}
	if text := field(colVehicleTankCapacity); text != "" {
		g, err := fuelportal.ParseDecimal(text, 3)
		if err != nil {
			fe.Add(colVehicleTankCapacity, fuelportal.MsgTankCapacityBounds)
		}
		v.TankCapacity = fuelportal.Gallons(g)
	}
	yesNo := func(col string, empty bool) bool {
		switch strings.ToLower(field(col)) {
		case "":
			return empty
		case "yes", "y", "true", "1":
			return true
		case "no", "n", "false", "0":
			return false
		}
		fe.Add(col, "Must be yes or no")
		return empty
	}
	v.IFTAQualified = yesNo(colVehicleIFTAQualified, false)
	v.Active = yesNo(colVehicleActive, true)
	for col, msgs := range fuelportal.ErrorFields(v.Validate()) {
		if !fe.Has(col) {
			fe[col] = msgs
		}
	}
	return v, fe
}
