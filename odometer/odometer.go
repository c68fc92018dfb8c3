// Package odometer records vehicles' odometer readings: typed by the owner
// (manual or from telematics) or by a driver for the vehicle their card is
// assigned to. Every entry point (the HTTP handlers today) calls this
// service; the SQL is the store's.
package odometer

import (
	"context"

	"fuelportal"
)

// Store is what the service reads and writes (*store.DB).
type Store interface {
	AddOdometerReading(ctx context.Context, r *fuelportal.OdometerReading) error
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
	return s.store.AddOdometerReading(ctx, r)
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
