// Package overrides runs a card's override: the owner lifting a card's
// rules (and its pump prompt) for some hours, and a driver's request for
// one that the owner approves or denies. Every entry point (the HTTP
// handlers, which the push notifications' actions call too) calls this
// service. The SQL is the store's (the rows and their audit); the service
// writes a request's event (override.requested) and a decision's
// (override.decided) in the transaction of the write, and every alert,
// notice, push, mail and webhook of them is derived from the event.
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
	DriverOverrideRequests(ctx context.Context, driverUserID int64) ([]*fuelportal.OverrideRequest, error)
	OverrideRequests(ctx context.Context, scope fuelportal.TransactionScope, status fuelportal.OverrideRequestStatus) ([]*fuelportal.OverrideRequest, error)
	// InTx runs a request's and a decision's transaction (Request,
	// Approve, Deny): their rows and their event.
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
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
// card after its last declined purchase, with an optional message for the
// owner (trimmed, at most fuelportal.MaxOverrideRequestMessageLength
// characters), as fuelportal.CheckOverrideRequest allows, and writes
// override.requested in the same transaction: the owners' OVERRIDE_REQUEST
// alert, their notice (pushed as their preferences say) and the webhook.
func (s *Service) Request(ctx context.Context, driverUserID int64, message string) (req *fuelportal.OverrideRequest, err error) {
	message = strings.TrimSpace(message)
	if len([]rune(message)) > fuelportal.MaxOverrideRequestMessageLength {
		return nil, fuelportal.FieldError("message", "Message must not exceed 500 characters")
	}
	err = s.store.InTx(ctx, func(tx *store.Tx) error {
		req, err = tx.CreateOverrideRequest(ctx, driverUserID, message, fuelportal.CheckOverrideRequest)
		if err != nil {
			return err
		}
		return tx.Publish(ctx, requestedEvent(req))
	})
	if err != nil {
		return nil, err
	}
	return req, nil
}

// requestedEvent is override.requested of request req: the owners'
// OVERRIDE_REQUEST alert, their notice and the webhook's data.
func requestedEvent(req *fuelportal.OverrideRequest) *fuelportal.Event {
	n := fuelportal.OverrideRequestedNotice(req)
	return &fuelportal.Event{Type: fuelportal.EventOverrideRequested, CompanyID: req.CompanyID,
		Alert: fuelportal.OverrideRequestAlert(req), Notice: &n, Data: fuelportal.OverrideRequestWebhook(req)}
}

// decidedEvent is override.decided of decided request req: the driver's
// notice, its times worded in the company's time zone loc, and the
// webhook's data.
func decidedEvent(req *fuelportal.OverrideRequest, loc *time.Location) *fuelportal.Event {
	n := fuelportal.OverrideDecidedNotice(req, loc)
	return &fuelportal.Event{Type: fuelportal.EventOverrideDecided, CompanyID: req.CompanyID, UserID: req.DriverUserID,
		Notice: &n, Data: fuelportal.OverrideRequestWebhook(req)}
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
	return s.decide(ctx, id, d)
}

// Deny denies pending request id of scope's company (of its group's cards
// when it names one) on behalf of owner ownerID.
func (s *Service) Deny(ctx context.Context, scope fuelportal.TransactionScope, ownerID, id int64) (*fuelportal.OverrideRequest, error) {
	return s.decide(ctx, id, store.OverrideDecision{CompanyID: scope.CompanyID, GroupID: scope.GroupID, OwnerID: ownerID})
}

// decide records decision d of pending request id, as
// fuelportal.CheckOverrideDecision allows, and writes override.decided in
// the same transaction: the webhook, and the driver, if their account
// still exists, told as their preferences say (by default pushed, mailed
// and listed in the app), the override's end in the company's time zone.
func (s *Service) decide(ctx context.Context, id int64, d store.OverrideDecision) (req *fuelportal.OverrideRequest, err error) {
	err = s.store.InTx(ctx, func(tx *store.Tx) error {
		req, err = tx.DecideOverrideRequest(ctx, id, d, fuelportal.CheckOverrideDecision)
		if err != nil {
			return err
		}
		company, err := tx.CompanyControls(ctx, req.CompanyID)
		if err != nil {
			return err
		}
		return tx.Publish(ctx, decidedEvent(req, company.Location()))
	})
	if err != nil {
		return nil, err
	}
	return req, nil
}
