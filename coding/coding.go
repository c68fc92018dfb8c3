// Package coding runs the coding of purchases (account, class, job and
// memo): the company's coding rules, which cards require a job, an
// office's re-code of one purchase or many, and a driver's job entry after
// a purchase. Every entry point (the HTTP handlers today) calls this
// service; the bounds are the root package's (fuelportal.Coding.Validate,
// fuelportal.CodingRule.Validate, CheckCodingRuleAdded), the SQL the
// store's, which writes each change and its audit row in one transaction.
package coding

import (
	"context"
	"fmt"
	"slices"

	"fuelportal"
)

// Store is what the service reads and writes (*store.DB).
type Store interface {
	SetCoding(ctx context.Context, scope fuelportal.TransactionScope, ids []int64, recode func(fuelportal.Coding) fuelportal.Coding) ([]*fuelportal.Transaction, error)
	CodingRules(ctx context.Context, companyID int64) ([]fuelportal.CodingRule, error)
	CreateCodingRule(ctx context.Context, r *fuelportal.CodingRule, decide func(r *fuelportal.CodingRule, rules int) error) error
	UpdateCodingRule(ctx context.Context, r *fuelportal.CodingRule, decide func(before, after *fuelportal.CodingRule) error) error
	DeleteCodingRule(ctx context.Context, companyID, id int64, decide func(before *fuelportal.CodingRule) error) error
	SetCardRequireJob(ctx context.Context, companyID int64, number string, require bool) error
	CardsRequiringJob(ctx context.Context, companyID, groupID int64) ([]string, error)
}

// Service runs the coding flows. Create it with New.
type Service struct {
	store Store
}

// Deps are what the service calls.
type Deps struct {
	Store Store
}

// New returns the service over d.
func New(d Deps) *Service { return &Service{store: d.Store} }

// Recode sets the coding of purchase id of scope's company (trimmed;
// field errors under account, class, job, memo) and returns the purchase;
// audited when it changes. Another company's purchase is ENOTFOUND.
func (s *Service) Recode(ctx context.Context, scope fuelportal.TransactionScope, id int64, c fuelportal.Coding) (*fuelportal.Transaction, error) {
	fe := fuelportal.FieldErrors{}
	c.Validate(fe, "")
	if err := fe.Err(); err != nil {
		return nil, err
	}
	list, err := s.store.SetCoding(ctx, scope, []int64{id}, c.Replace)
	if err != nil {
		return nil, err
	}
	return list[0], nil
}

// RecodeMany sets one coding on purchases ids of scope's company (1 to
// fuelportal.MaxCodingIDs, repeats counted once; field errors under ids
// and coding.*), all or none: an id that is not one of them is ENOTFOUND
// and nothing changes. It returns the purchases in the order of their ids,
// one audit row written for each whose coding changed.
func (s *Service) RecodeMany(ctx context.Context, scope fuelportal.TransactionScope, ids []int64, c fuelportal.Coding) ([]*fuelportal.Transaction, error) {
	fe := fuelportal.FieldErrors{}
	switch {
	case len(ids) == 0:
		fe.Add("ids", "Select at least one transaction")
	case len(ids) > fuelportal.MaxCodingIDs:
		fe.Add("ids", fmt.Sprintf("At most %d transactions can be coded at once", fuelportal.MaxCodingIDs))
	}
	c.Validate(fe, "coding.")
	if err := fe.Err(); err != nil {
		return nil, err
	}
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	return s.store.SetCoding(ctx, scope, ids, c.Replace)
}

// EnterJob sets the job of purchase id of scope (a driver's own card: the
// prompt after a purchase on a card that requires one), keeping the rest
// of its coding. An empty job is a field error (fuelportal.MsgJobRequired).
func (s *Service) EnterJob(ctx context.Context, scope fuelportal.TransactionScope, id int64, job string) (*fuelportal.Transaction, error) {
	c := fuelportal.Coding{Job: job}
	fe := fuelportal.FieldErrors{}
	c.Validate(fe, "")
	if c.Job == "" && !fe.Has("job") {
		fe.Add("job", fuelportal.MsgJobRequired)
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	list, err := s.store.SetCoding(ctx, scope, []int64{id}, c.WithJobOf)
	if err != nil {
		return nil, err
	}
	return list[0], nil
}

// Rules are the coding rules of scope's company in their order and the
// numbers of its cards that require a job. A member limited to a group
// gets the rules confined to it (fuelportal.CodingRule.ConfinedTo: of the
// group, a card of it or a driver holding a card of it) and the group's
// cards only: a rule of another group's card or driver would show them,
// and one of no group, card or driver codes every group's purchases.
func (s *Service) Rules(ctx context.Context, scope fuelportal.MemberScope) ([]fuelportal.CodingRule, []string, error) {
	rules, err := s.store.CodingRules(ctx, scope.CompanyID)
	if err != nil {
		return nil, nil, err
	}
	if scope.GroupID != 0 {
		rules = slices.DeleteFunc(rules, func(r fuelportal.CodingRule) bool { return !r.ConfinedTo(scope.GroupID) })
	}
	cards, err := s.store.CardsRequiringJob(ctx, scope.CompanyID, scope.GroupID)
	return rules, cards, err
}

// CreateRule validates rule r of scope's company and adds it (last, or at
// r.Position; ECONFLICT past fuelportal.MaxCodingRules); audited. A member
// limited to a group adds rules of that group (fuelportal.ScopeCodingRule:
// a rule naming no group is given theirs); another group, or a card or
// vehicle of another group, is a field error as an unknown one
// (fuelportal.MemberScope.CheckRuleAdded).
func (s *Service) CreateRule(ctx context.Context, scope fuelportal.MemberScope, r *fuelportal.CodingRule) error {
	r.CompanyID = scope.CompanyID
	fuelportal.ScopeCodingRule(scope, r)
	if err := r.Validate(); err != nil {
		return err
	}
	return s.store.CreateCodingRule(ctx, r, scope.CheckRuleAdded)
}

// UpdateRule validates rule r and replaces rule r.ID of scope's company
// (moved when r.Position is set); audited. Another company's rule is
// ENOTFOUND, and so is a rule a member limited to a group does not see
// (Rules); what they write is scoped as by CreateRule.
func (s *Service) UpdateRule(ctx context.Context, scope fuelportal.MemberScope, r *fuelportal.CodingRule) error {
	r.CompanyID = scope.CompanyID
	fuelportal.ScopeCodingRule(scope, r)
	if err := r.Validate(); err != nil {
		return err
	}
	return s.store.UpdateCodingRule(ctx, r, scope.CheckRuleChanged)
}

// DeleteRule removes rule id of scope's company; audited. Another
// company's rule is ENOTFOUND, and so is a rule a member limited to a
// group does not see (Rules).
func (s *Service) DeleteRule(ctx context.Context, scope fuelportal.MemberScope, id int64) error {
	return s.store.DeleteCodingRule(ctx, scope.CompanyID, id, scope.CheckRuleSeen)
}

// SetCardRequireJob sets whether company companyID's card number requires
// a job on its purchases (from the next one on); audited. Another
// company's card is ENOTFOUND.
func (s *Service) SetCardRequireJob(ctx context.Context, companyID int64, number string, require bool) error {
	return s.store.SetCardRequireJob(ctx, companyID, number, require)
}
