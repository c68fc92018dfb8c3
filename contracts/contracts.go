// Package contracts runs a company's contract with the portal: reading its
// terms and the owner setting the fuel planner's costs (the out-of-route
// cost per mile and the cost per stop the planner weighs). Every entry
// point (the HTTP handlers today) calls this service; the SQL is the
// store's, which writes the change and its audit row in one transaction.
package contracts

import (
	"context"

	"fuelportal"
)

// Store is what the service reads and writes (*store.DB).
type Store interface {
	Contract(ctx context.Context, companyID int64) (*fuelportal.Contract, error)
	SetPlannerCosts(ctx context.Context, companyID int64, costs fuelportal.PlannerCosts) (*fuelportal.Contract, error)
}

// Service runs the contract flows. Create it with New.
type Service struct {
	store Store
}

// Deps are what the service calls.
type Deps struct {
	Store Store
}

// New returns the service over d.
func New(d Deps) *Service { return &Service{store: d.Store} }

// Contract is company companyID's contract (the default terms when it has
// none).
func (s *Service) Contract(ctx context.Context, companyID int64) (*fuelportal.Contract, error) {
	return s.store.Contract(ctx, companyID)
}

// SetPlannerCosts sets the planner's costs in company companyID's contract,
// keeping its other terms, and returns the contract. Costs out of bounds
// (fuelportal.PlannerCosts.Validate) are EINVALID with field errors.
func (s *Service) SetPlannerCosts(ctx context.Context, companyID int64, costs fuelportal.PlannerCosts) (*fuelportal.Contract, error) {
	if err := costs.Validate(); err != nil {
		return nil, err
	}
	return s.store.SetPlannerCosts(ctx, companyID, costs)
}
