// Package pumpcheck runs the pump check's settings and its challenges: a
// company's and each card group's settings, the open challenges put to a
// driver, and the driver's answer (Yes lets the card pass the check once
// at the station; No freezes the card and alerts the owners). The check
// inside an authorization is the purchases service's; every other entry
// point (the HTTP handlers today) calls this service. The decisions are
// the root package's (fuelportal.AnswerPumpChallenge), the SQL the
// store's; the service records an answer, its audit row and its event
// (pump_check.refused for a No) in one transaction.
package pumpcheck

import (
	"context"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// Store is what the service reads and writes (*store.DB).
type Store interface {
	CompanyPumpCheck(ctx context.Context, companyID int64) (fuelportal.PumpCheckSettings, error)
	SetCompanyPumpCheck(ctx context.Context, companyID int64, s fuelportal.PumpCheckSettings) error
	GroupPumpCheck(ctx context.Context, companyID, groupID int64) (fuelportal.PumpCheckSettings, bool, error)
	SetGroupPumpCheck(ctx context.Context, companyID, groupID int64, s *fuelportal.PumpCheckSettings) error
	OpenPumpChallenges(ctx context.Context, companyID, userID int64, now time.Time) ([]*fuelportal.PumpChallenge, error)
	TransactionPumpCheck(ctx context.Context, companyID, id int64) (*fuelportal.PumpCheck, error)
	// InTx runs an answer's transaction (Answer): the challenge's row, its
	// audit, the card and the event.
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
}

// Service runs the pump check's flows. Create it with New.
type Service struct {
	store Store
	now   func() time.Time
}

// Deps are what the service calls.
type Deps struct {
	Store Store
	// Now is the clock challenges expire by (nil: time.Now).
	Now func() time.Time
}

// New returns the service over d.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{store: d.Store, now: d.Now}
}

// Settings are company companyID's pump check (off until it sets one).
func (s *Service) Settings(ctx context.Context, companyID int64) (fuelportal.PumpCheckSettings, error) {
	return s.store.CompanyPumpCheck(ctx, companyID)
}

// SetSettings validates and saves the pump check of scope's company;
// audited. It is the whole company's, which every group without its own
// follows: a member limited to a group is EFORBIDDEN
// (fuelportal.MsgWholeCompanyOnly).
func (s *Service) SetSettings(ctx context.Context, scope fuelportal.MemberScope, settings fuelportal.PumpCheckSettings) error {
	if err := scope.CheckWholeCompany(); err != nil {
		return err
	}
	if err := settings.Validate(); err != nil {
		return err
	}
	return s.store.SetCompanyPumpCheck(ctx, scope.CompanyID, settings)
}

// GroupSettings are the pump check of group groupID of scope's company
// and whether they are the company's (the group has none of its own).
// Another company's group, or another than the one a member is limited
// to, is ENOTFOUND.
func (s *Service) GroupSettings(ctx context.Context, scope fuelportal.MemberScope, groupID int64) (fuelportal.PumpCheckSettings, bool, error) {
	if err := scope.CheckSeesGroup(groupID); err != nil {
		return fuelportal.PumpCheckSettings{}, false, err
	}
	return s.store.GroupPumpCheck(ctx, scope.CompanyID, groupID)
}

// SetGroupSettings validates and saves the pump check of group groupID of
// scope's company; audited. Another company's group, or another than the
// one a member is limited to, is ENOTFOUND.
func (s *Service) SetGroupSettings(ctx context.Context, scope fuelportal.MemberScope, groupID int64, settings fuelportal.PumpCheckSettings) error {
	if err := scope.CheckSeesGroup(groupID); err != nil {
		return err
	}
	if err := settings.Validate(); err != nil {
		return err
	}
	return s.store.SetGroupPumpCheck(ctx, scope.CompanyID, groupID, &settings)
}

// InheritGroupSettings has group groupID of scope's company follow its
// company's pump check again; audited. Another company's group, or another
// than the one a member is limited to, is ENOTFOUND.
func (s *Service) InheritGroupSettings(ctx context.Context, scope fuelportal.MemberScope, groupID int64) error {
	if err := scope.CheckSeesGroup(groupID); err != nil {
		return err
	}
	return s.store.SetGroupPumpCheck(ctx, scope.CompanyID, groupID, nil)
}

// OpenChallenges are driver userID's challenges of company companyID not
// answered and not expired, newest first.
func (s *Service) OpenChallenges(ctx context.Context, companyID, userID int64) ([]*fuelportal.PumpChallenge, error) {
	return s.store.OpenPumpChallenges(ctx, companyID, userID, s.now())
}

// Answer records driver userID's answer to their challenge id of company
// companyID, as fuelportal.AnswerPumpChallenge decides at the
// transaction's time: No freezes the card and writes pump_check.refused in
// the same transaction (the owners' alert and notice). Audited. Another
// driver's or company's challenge is ENOTFOUND; an answered or expired one
// ECONFLICT, and of two concurrent answers one wins, the other ECONFLICT.
func (s *Service) Answer(ctx context.Context, companyID, userID, id int64, answer fuelportal.PumpAnswer) (c *fuelportal.PumpChallenge, err error) {
	err = s.store.InTx(ctx, func(tx *store.Tx) error {
		if c, err = tx.PumpChallengeToAnswer(ctx, companyID, userID, id); err != nil {
			return err
		}
		outcome, err := fuelportal.AnswerPumpChallenge(c, answer, tx.Now)
		if err != nil {
			return err
		}
		if err := tx.AnswerPumpChallenge(ctx, c, answer); err != nil {
			return err
		}
		if outcome.FreezeCard {
			if err := tx.FreezeCard(ctx, c.CardID); err != nil {
				return err
			}
		}
		if outcome.Event == nil {
			return nil
		}
		return tx.Publish(ctx, outcome.Event)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// OfTransaction is what the pump check used on company companyID's
// transaction id (nil: none). Another company's is ENOTFOUND.
func (s *Service) OfTransaction(ctx context.Context, companyID, id int64) (*fuelportal.PumpCheck, error) {
	return s.store.TransactionPumpCheck(ctx, companyID, id)
}
