// Package vehicles runs a company's fleet list: its vehicles added,
// changed, removed and imported from a fleet list, each as the rules of
// the root package decide (fuelportal.Vehicle.Validate,
// CheckVehicleDelete, CheckVehicleImportUpdate), and read with their fuel
// economy. Every entry point (the HTTP handlers today) calls this service;
// the SQL is the store's. Odometer readings are the odometer service's;
// putting a vehicle in a group is the office's (members).
package vehicles

import (
	"context"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// Store is what the service reads and writes (*store.DB).
type Store interface {
	CompanyVehiclesIn(ctx context.Context, companyID, groupID int64) ([]*fuelportal.Vehicle, error)
	Vehicle(ctx context.Context, companyID, id int64) (*fuelportal.Vehicle, error)
	VehicleMPGs(ctx context.Context, companyID, vehicleID int64, now time.Time) (map[int64]fuelportal.VehicleMPG, error)
	CreateVehicle(ctx context.Context, companyID int64, v fuelportal.Vehicle) (*fuelportal.Vehicle, error)
	UpdateVehicle(ctx context.Context, companyID int64, v fuelportal.Vehicle) (*fuelportal.Vehicle, error)
	DeleteVehicle(ctx context.Context, companyID, id int64, decide func(hasPositions bool) error) error
	ImportVehicles(ctx context.Context, companyID int64, list []*fuelportal.Vehicle, decide func(v *fuelportal.Vehicle, existingGroupID int64) error) (store.VehicleImport, error)
}

// Service runs the fleet list flows. Create it with New.
type Service struct {
	store Store
	now   func() time.Time
}

// Deps are what the service calls.
type Deps struct {
	Store Store
	// Now is the clock fuel economy is measured to (nil: time.Now).
	Now func() time.Time
}

// New returns the service over d.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{store: d.Store, now: d.Now}
}

// Scope is who acts on a company's fleet: the company, and the group the
// member is limited to (0: the whole company).
type Scope struct {
	CompanyID int64
	GroupID   int64
}

// List returns scope's vehicles ordered by unit number, each with its
// cards, and their fuel economy by vehicle id.
func (s *Service) List(ctx context.Context, scope Scope) ([]*fuelportal.Vehicle, map[int64]fuelportal.VehicleMPG, error) {
	list, err := s.store.CompanyVehiclesIn(ctx, scope.CompanyID, scope.GroupID)
	if err != nil {
		return nil, nil, err
	}
	mpg, err := s.store.VehicleMPGs(ctx, scope.CompanyID, 0, s.now())
	if err != nil {
		return nil, nil, err
	}
	return list, mpg, nil
}

// Get returns vehicle id of company companyID with its fuel economy;
// another company's is ENOTFOUND.
func (s *Service) Get(ctx context.Context, companyID, id int64) (*fuelportal.Vehicle, fuelportal.VehicleMPG, error) {
	v, err := s.store.Vehicle(ctx, companyID, id)
	if err != nil {
		return nil, fuelportal.VehicleMPG{}, err
	}
	mpg, err := s.store.VehicleMPGs(ctx, v.CompanyID, v.ID, s.now())
	if err != nil {
		return nil, fuelportal.VehicleMPG{}, err
	}
	return v, mpg[v.ID], nil
}

// Create adds v to scope's company: field errors are EINVALID, a unit
// number the company has ECONFLICT. A member limited to a group adds
// vehicles to that group, so they still see them.
func (s *Service) Create(ctx context.Context, scope Scope, v fuelportal.Vehicle) (*fuelportal.Vehicle, error) {
	if err := v.Validate(); err != nil {
		return nil, err
	}
	v.GroupID = scope.GroupID
	return s.store.CreateVehicle(ctx, scope.CompanyID, v)
}

// Update saves the whole of v over the company's vehicle v.ID: field
// errors are EINVALID, another company's vehicle ENOTFOUND, a unit number
// another vehicle has ECONFLICT. The vehicle keeps its group.
func (s *Service) Update(ctx context.Context, companyID int64, v fuelportal.Vehicle) (*fuelportal.Vehicle, error) {
	if err := v.Validate(); err != nil {
		return nil, err
	}
	return s.store.UpdateVehicle(ctx, companyID, v)
}

// Delete removes the company's vehicle id, unless it has telematics
// positions (ECONFLICT: they are its fuel tax records; it can be made
// inactive). Another company's vehicle is ENOTFOUND.
func (s *Service) Delete(ctx context.Context, companyID, id int64) error {
	return s.store.DeleteVehicle(ctx, companyID, id, fuelportal.CheckVehicleDelete)
}

// Import saves a fleet list (feed.ParseVehicles) for scope, all or
// nothing: the first field error saves nothing; a unit number the company
// has updates that vehicle, any other is created. A member limited to a
// group creates in it and cannot update another group's unit (ECONFLICT,
// as a taken unit number).
func (s *Service) Import(ctx context.Context, scope Scope, list []*fuelportal.Vehicle) (store.VehicleImport, error) {
	for _, v := range list {
		if err := v.Validate(); err != nil {
			return store.VehicleImport{}, err
		}
		v.GroupID = scope.GroupID
	}
	return s.store.ImportVehicles(ctx, scope.CompanyID, list, func(_ *fuelportal.Vehicle, existingGroupID int64) error {
		return fuelportal.CheckVehicleImportUpdate(scope.GroupID, existingGroupID)
	})
}
