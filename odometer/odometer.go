// Package odometer records vehicles' odometer readings: typed by the owner
// (manual or from telematics) or by a driver for the vehicle their card is
// assigned to. Every entry point (the HTTP handlers, the demo data) adds
// a reading through AddReading, and the purchase flow checks the MPG
// after the odometer keyed at the pump (CheckMPG): a reading is what
// moves a vehicle's MPG. The SQL is the store's.
package odometer

import (
	"context"

	"fuelportal"
	"fuelportal/store"
)

// Store is what the service reads and writes (*store.DB): a reading is
// added in a transaction of the service's (AddReading).
type Store interface {
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
	DriverVehicle(ctx context.Context, companyID, cardID int64) (vehicleID int64, err error)
	OdometerReadings(ctx context.Context, companyID, vehicleID int64, limit int) ([]*fuelportal.OdometerReading, error)
}

// Service runs the odometer flows. Create it with New.
type Service struct {
	store Store
}

// Deps are what the service calls.
type Deps struct {
	Store Store
}

// New returns the service over d.
func New(d Deps) *Service { return &Service{store: d.Store} }

// Readings are vehicle vehicleID's newest readings (at most
// fuelportal.MaxOdometerReadingsListed); another company's vehicle is
// ENOTFOUND.
func (s *Service) Readings(ctx context.Context, companyID, vehicleID int64) ([]*fuelportal.OdometerReading, error) {
	return s.store.OdometerReadings(ctx, companyID, vehicleID, fuelportal.MaxOdometerReadingsListed)
}

// Record records reading r of vehicle vehicleID of company companyID,
// typed by user userID (the owner or an office member).
func (s *Service) Record(ctx context.Context, companyID, userID, vehicleID int64, r *fuelportal.OdometerReading) error {
	r.CompanyID, r.VehicleID, r.UserID = companyID, vehicleID, userID
	return s.store.InTx(ctx, func(tx *store.Tx) error { return AddReading(ctx, tx, r) })
}

// RecordForDriver records reading r typed by driver userID for the vehicle
// their card cardID is assigned to; a driver without a card or whose card
// has no vehicle is ENOTFOUND.
func (s *Service) RecordForDriver(ctx context.Context, companyID, cardID, userID int64, r *fuelportal.OdometerReading) error {
	if cardID == 0 || companyID == 0 {
		return fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgOdometerNoVehicle)
	}
	vehicleID, err := s.store.DriverVehicle(ctx, companyID, cardID)
	if err != nil {
		return err
	}
	return s.Record(ctx, companyID, userID, vehicleID, r)
}

// AddReading adds reading r of its company's vehicle in tx
// (store.Tx.AddOdometerReading: its bounds and errors) and, when it was
// added rather than found sent already, checks the vehicle's MPG
// (CheckMPG).
func AddReading(ctx context.Context, tx *store.Tx, r *fuelportal.OdometerReading) error {
	added, err := tx.AddOdometerReading(ctx, r)
	if err != nil || !added {
		return err
	}
	return CheckMPG(ctx, tx, r.CompanyID, r.VehicleID)
}

// CheckMPG is called in tx after a reading of the company's vehicle
// vehicleID was added. When the vehicle's MPG over the last window is
// more than fuelportal.MPGDropPercent below the window before
// (VehicleMPG.Dropped) it publishes vehicle.mpg_dropped (the MPG_DROP
// alert), once per drop: the vehicle's mpg_alerted flag, set under its
// row's lock, holds it until the MPG is back within the bound. Without
// both windows' MPG it does nothing.
func CheckMPG(ctx context.Context, tx *store.Tx, companyID, vehicleID int64) error {
	mpg, err := tx.VehicleMPG(ctx, companyID, vehicleID)
	if err != nil {
		return err
	}
	cur, ok1 := mpg.Current.MPG()
	prior, ok2 := mpg.Prior.MPG()
	if !ok1 || !ok2 {
		return nil
	}
	if !mpg.Dropped() {
		return tx.ClearMPGAlerted(ctx, vehicleID)
	}
	unit, marked, err := tx.MarkMPGAlerted(ctx, companyID, vehicleID)
	if err != nil || !marked {
		return err // !marked: told already for this drop
	}
	return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventMPGDropped, CompanyID: companyID,
		Alert: fuelportal.MPGDropAlert(unit, cur, prior)})
}
