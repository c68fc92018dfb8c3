// Package overrides runs a card's override: the owner lifting a card's
// rules (and its pump prompt) for some hours, and a driver's request for
// one that the owner approves or denies. Every entry point (the HTTP
// handlers today) calls this service; the SQL is the store's, which writes
// the override, its events and its audit row in one transaction.
package overrides

import (
	"context"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// Store is what the service reads and writes (*store.DB).
type Store interface {
	GrantOverride(ctx context.Context, companyID int64, cardNumber string, hours int, liftsPrompt bool) (until time.Time, err error)
	EndOverride(ctx context.Context, companyID int64, cardNumber string) error
	CreateOverrideRequest(ctx context.Context, driverUserID int64, message string, decide func(fuelportal.OverrideRequestFacts) error) (*fuelportal.OverrideRequest, error)
	DecideOverrideRequest(ctx context.Context, id int64, d store.OverrideDecision, decide func(*fuelportal.OverrideRequest) error) (*fuelportal.OverrideRequest, error)
	DriverOverrideRequests(ctx context.Context, driverUserID int64) ([]*fuelportal.OverrideRequest, error)
	OverrideRequests(ctx context.Context, scope fuelportal.TransactionScope, status fuelportal.OverrideRequestStatus) ([]*fuelportal.OverrideRequest, error)
}

// Service runs the override flows. Create it with New.
type Service struct {
	store Store
}

// Deps are what the service calls.
type Deps struct {
	Store Store
}

// New returns the service over d.
func New(d Deps) *Service { return &Service{store: d.Store} }

// Grant lifts card number's rules of company companyID for hours (0:
// fuelportal.DefaultOverrideHours), and its pump prompt when liftsPrompt,
// and returns until when. Hours outside
// fuelportal.MinOverrideHours..MaxOverrideHours are a field error.
func (s *Service) Grant(ctx context.Context, companyID int64, number string, hours int, liftsPrompt bool) (time.Time, error) {
	if hours == 0 {
		hours = fuelportal.DefaultOverrideHours
	}
	if err := checkHours(hours); err != nil {
		return time.Time{}, err
	}
	return s.store.GrantOverride(ctx, companyID, number, hours, liftsPrompt)
}

// checkHours is the field error of an override's hours out of range.
func checkHours(hours int) error {
	if hours < fuelportal.MinOverrideHours || hours > fuelportal.MaxOverrideHours {
		return fuelportal.FieldError("hours", fuelportal.MsgOverrideHoursOutOfRange)
	}
	return nil
}

// End ends card number's override now.
func (s *Service) End(ctx context.Context, companyID int64, number string) error {
	return s.store.EndOverride(ctx, companyID, number)
}

// Request records driver driverUserID's request for an override of their
// card, with an optional message for the owner (trimmed, at most
// fuelportal.MaxOverrideRequestMessageLength characters).
func (s *Service) Request(ctx context.Context, driverUserID int64, message string) (*fuelportal.OverrideRequest, error) {
	message = strings.TrimSpace(message)
	if len([]rune(message)) > fuelportal.MaxOverrideRequestMessageLength {
		return nil, fuelportal.FieldError("message", "Message must not exceed 500 characters")
	}
	return s.store.CreateOverrideRequest(ctx, driverUserID, message, fuelportal.CheckOverrideRequest)
}

// DriverRequests are driver driverUserID's own requests.
func (s *Service) DriverRequests(ctx context.Context, driverUserID int64) ([]*fuelportal.OverrideRequest, error) {
	return s.store.DriverOverrideRequests(ctx, driverUserID)
}

// Requests are the requests of scope's company (of its group's cards when
// it names one), of status when set.
func (s *Service) Requests(ctx context.Context, scope fuelportal.TransactionScope, status fuelportal.OverrideRequestStatus) ([]*fuelportal.OverrideRequest, error) {
	return s.store.OverrideRequests(ctx, scope, status)
}

// Approval is what an owner grants with an approval.
type Approval struct {
	// Hours of the override (nil: fuelportal.DefaultGrantHours).
	Hours *int
	// LiftsPrompt lifts the card's pump prompt too.
	LiftsPrompt bool
}

// Approve approves pending request id of scope's company (of its group's
// cards when it names one) on behalf of owner ownerID: the card gets an
// override of a.Hours from now (outside
// fuelportal.MinOverrideHours..MaxOverrideHours: a field error).
func (s *Service) Approve(ctx context.Context, scope fuelportal.TransactionScope, ownerID, id int64, a Approval) (*fuelportal.OverrideRequest, error) {
	d := store.OverrideDecision{CompanyID: scope.CompanyID, GroupID: scope.GroupID, OwnerID: ownerID, Approve: true, Hours: fuelportal.DefaultGrantHours, LiftsPrompt: a.LiftsPrompt}
	if a.Hours != nil {
		d.Hours = *a.Hours
	}
	if err := checkHours(d.Hours); err != nil {
		return nil, err
	}
	return s.store.DecideOverrideRequest(ctx, id, d, fuelportal.CheckOverrideDecision)
}

// Deny denies pending request id of scope's company (of its group's cards
// when it names one) on behalf of owner ownerID.
func (s *Service) Deny(ctx context.Context, scope fuelportal.TransactionScope, ownerID, id int64) (*fuelportal.OverrideRequest, error) {
	return s.store.DecideOverrideRequest(ctx, id, store.OverrideDecision{CompanyID: scope.CompanyID, GroupID: scope.GroupID, OwnerID: ownerID}, fuelportal.CheckOverrideDecision)
}
