package fuelportal

import (
	"fmt"
	"strings"
)

// Coding is how a purchase is booked: the expense account, the class (or
// location) and the job (or project) its money goes to, and a memo. One
// coding covers a purchase's fuel and its fee (the fee is a leg of the
// purchase's debit, docs/decisions.md). Empty fields are not coded.
type Coding struct {
	Account string `json:"account" text:"codingText"`
	Class   string `json:"class" text:"codingText"`
	Job     string `json:"job" text:"codingText"`
	Memo    string `json:"memo" text:"codingMemo"`
}

// Bounds of a coding and of the coding work one request may ask for.
const (
	MaxCodingTextLength = 100 // an account, class or job name
	MaxCodingMemoLength = 500
	MaxCodingIDs        = 500 // transactions re-coded in one request
	MaxCodingRules      = 200 // rules of one company
)

// CheckCodingRuleAdded is ECONFLICT when a company that has rules rules
// already cannot add one (MaxCodingRules).
func CheckCodingRuleAdded(rules int) error {
	if rules >= MaxCodingRules {
		return Errorf(ECONFLICT, "A company may have at most %d coding rules", MaxCodingRules)
	}
	return nil
}

// Normalize trims c's fields.
func (c *Coding) Normalize() {
	c.Account, c.Class, c.Job, c.Memo = strings.TrimSpace(c.Account), strings.TrimSpace(c.Class), strings.TrimSpace(c.Job), strings.TrimSpace(c.Memo)
}

// Validate trims c and adds its field errors to fe under prefix + name
// ("coding." + "account").
func (c *Coding) Validate(fe FieldErrors, prefix string) {
	c.Normalize()
	for _, f := range []struct{ name, value, rule string }{
		{"account", c.Account, "codingText"}, {"class", c.Class, "codingText"}, {"job", c.Job, "codingText"}, {"memo", c.Memo, "codingMemo"},
	} {
		Rule(f.rule).CheckText(fe, prefix+f.name, f.value)
	}
}

// Replace is c in place of any coding (an office's re-code).
func (c Coding) Replace(Coding) Coding { return c }

// WithJobOf is old with c's job and the rest of old kept (a driver's job
// entry).
func (c Coding) WithJobOf(old Coding) Coding {
	old.Job = c.Job
	return old
}

// Empty reports whether c codes nothing.
func (c Coding) Empty() bool { return c == Coding{} }

// MsgJobRequired is the field error of a job left empty where the card
// requires one.
const MsgJobRequired = "A job is required"

// CodingMatch is what a coding rule matches: each set field must equal the
// purchase's (its product, card number, vehicle, card group, driver); a
// match with no field set matches every purchase.
type CodingMatch struct {
	Product      ProductCode `json:"product,omitempty"`
	CardNumber   string      `json:"cardNumber,omitempty"`
	VehicleID    int64       `json:"vehicleId,omitempty"`
	GroupID      int64       `json:"groupId,omitempty"`
	DriverUserID int64       `json:"driverUserId,omitempty"`
}

// CodingRule codes the purchases it matches as they post. A company's
// rules are ordered by Position (1 first); the first that matches wins.
type CodingRule struct {
	ID        int64
	CompanyID int64
	Position  int
	Match     CodingMatch
	Coding    Coding
	// CardGroupID and VehicleGroupID are the groups of the card and the
	// vehicle Match names, DriverGroupID the group of the card the driver
	// it names holds (0: none, or none named): facts the store reads for
	// ConfinedTo and CheckCodingRuleInScope, never written.
	CardGroupID, VehicleGroupID, DriverGroupID int64
	// DriverName is the name of the company's driver Match names ("":
	// none named, or no longer the company's), read with the company's
	// rules for whoever keeps them without reading the members.
	DriverName string
}

// MsgRuleMatchUnknown is the field error of a rule's card, vehicle, group
// or driver that is not the company's (or, for a member limited to a
// group, not the group's).
const MsgRuleMatchUnknown = "Not one of the company's"

// MsgCodingRuleEmpty refuses a coding rule that would set nothing.
const MsgCodingRuleEmpty = "A rule must set an account, class, job or memo"

// ConfinedTo reports whether rule r codes only purchases of group g (not
// 0), so that a member limited to g sees it, changes and deletes it: it
// matches g, a card of g or a driver holding a card of g (a driver holds
// one card at most, and a purchase is matched to the driver who holds its
// card), and names no card, vehicle, group or driver of another. A rule
// that names no group, card or driver codes every group's purchases (a
// vehicle may fuel on any group's card), and one naming another group's
// card or driver would show them: neither is a group's.
func (r *CodingRule) ConfinedTo(g int64) bool {
	switch {
	case r.Match.CardNumber != "" && r.CardGroupID != g,
		r.Match.VehicleID != 0 && r.VehicleGroupID != g,
		r.Match.GroupID != 0 && r.Match.GroupID != g,
		r.Match.DriverUserID != 0 && r.DriverGroupID != g:
		return false
	}
	return r.Match.GroupID == g || r.Match.CardNumber != "" || r.Match.DriverUserID != 0
}

// ScopeCodingRule fits rule r, written by a member of scope, to what they
// may keep: a member limited to a group writes rules of that group, so a
// rule naming no group is given theirs (as the vehicles they add join it);
// a rule of one of the group's drivers too, so that it stays the group's
// should the driver later hold another group's card.
func ScopeCodingRule(scope MemberScope, r *CodingRule) {
	if scope.GroupID != 0 && r.Match.GroupID == 0 {
		r.Match.GroupID = scope.GroupID
	}
}

// CheckCodingRuleInScope decides whether a member of scope may write rule
// r (its group facts read): any rule for a member of the whole company;
// for one limited to a group, only a rule of that group naming no card,
// vehicle or driver of another group (a driver whose card is another
// group's, or who holds none), which are field errors as unknown ones are
// (another group's card is as unknown to them as another company's).
func CheckCodingRuleInScope(scope MemberScope, r *CodingRule) error {
	g := scope.GroupID
	if g == 0 {
		return nil
	}
	fe := FieldErrors{}
	if r.Match.CardNumber != "" && r.CardGroupID != g {
		fe.Add("match.cardNumber", MsgRuleMatchUnknown)
	}
	if r.Match.VehicleID != 0 && r.VehicleGroupID != g {
		fe.Add("match.vehicleId", MsgRuleMatchUnknown)
	}
	if r.Match.DriverUserID != 0 && r.DriverGroupID != g {
		fe.Add("match.driverUserId", MsgRuleMatchUnknown)
	}
	if r.Match.GroupID != g {
		fe.Add("match.groupId", MsgRuleMatchUnknown)
	}
	return fe.Err()
}

// CheckRuleSeen is ENOTFOUND "Coding rule not found", as another
// company's rule, when s is limited to a group and does not see rule r
// (ConfinedTo): such a member neither changes nor deletes it.
func (s MemberScope) CheckRuleSeen(r *CodingRule) error {
	if s.GroupID != 0 && !r.ConfinedTo(s.GroupID) {
		return Errorf(ENOTFOUND, "Coding rule not found")
	}
	return nil
}

// CheckRuleAdded decides whether a member of s may add rule r to a
// company that has rules rules already: CheckCodingRuleInScope, then
// CheckCodingRuleAdded.
func (s MemberScope) CheckRuleAdded(r *CodingRule, rules int) error {
	if err := CheckCodingRuleInScope(s, r); err != nil {
		return err
	}
	return CheckCodingRuleAdded(rules)
}

// CheckRuleChanged decides whether a member of s may replace rule before
// with after: CheckRuleSeen, then CheckCodingRuleInScope.
func (s MemberScope) CheckRuleChanged(before, after *CodingRule) error {
	if err := s.CheckRuleSeen(before); err != nil {
		return err
	}
	return CheckCodingRuleInScope(s, after)
}

// Validate trims r and returns its field errors (match.*, coding.*): a
// rule must code something, and a product must be a known code.
func (r *CodingRule) Validate() error {
	fe := FieldErrors{}
	r.Match.CardNumber = strings.TrimSpace(r.Match.CardNumber)
	if r.Match.Product != "" && !r.Match.Product.Valid() {
		fe.Add("match.product", MsgProductCodeInvalid)
	}
	if r.Match.CardNumber != "" && !ValidCardNumber(r.Match.CardNumber) {
		fe.Add("match.cardNumber", MsgCardNumberLength)
	}
	for _, id := range []struct {
		name  string
		value int64
	}{{"match.vehicleId", r.Match.VehicleID}, {"match.groupId", r.Match.GroupID}, {"match.driverUserId", r.Match.DriverUserID}} {
		if id.value < 0 {
			fe.Add(id.name, "Must be a positive id")
		}
	}
	r.Coding.Validate(fe, "coding.")
	if !fe.Has("coding.account") && r.Coding.Empty() {
		fe.Add("coding", MsgCodingRuleEmpty)
	}
	if r.Position < 0 || r.Position > MaxCodingRules {
		fe.Add("position", fmt.Sprintf("Position must be from 1 to %d", MaxCodingRules))
	}
	return fe.Err()
}

// CodingSubject is what coding rules look at in a purchase.
type CodingSubject struct {
	Product      ProductCode
	CardNumber   string
	VehicleID    int64
	GroupID      int64
	DriverUserID int64
}

// CodingSubjectOf returns what coding rules look at in purchase t, whose
// card is in group groupID (0: none).
func CodingSubjectOf(t *Transaction, groupID int64) CodingSubject {
	return CodingSubject{Product: t.Product, CardNumber: t.CardNumber, VehicleID: t.VehicleID, GroupID: groupID, DriverUserID: t.HolderUserID}
}

// Matches reports whether every field m sets equals s's.
func (m CodingMatch) Matches(s CodingSubject) bool {
	return (m.Product == "" || m.Product == s.Product) &&
		(m.CardNumber == "" || m.CardNumber == s.CardNumber) &&
		(m.VehicleID == 0 || m.VehicleID == s.VehicleID) &&
		(m.GroupID == 0 || m.GroupID == s.GroupID) &&
		(m.DriverUserID == 0 || m.DriverUserID == s.DriverUserID)
}

// CodeByRules returns the coding of the first of rules (in their order)
// that matches s, and false when none does.
func CodeByRules(rules []CodingRule, s CodingSubject) (Coding, bool) {
	for _, r := range rules {
		if r.Match.Matches(s) {
			return r.Coding, true
		}
	}
	return Coding{}, false
}

// Audit kinds and object of coding.
const (
	AuditTransactionCoded  AuditKind = "transaction.coded"
	AuditCodingRuleCreated AuditKind = "coding_rule.created"
	AuditCodingRuleUpdated AuditKind = "coding_rule.updated"
	AuditCodingRuleDeleted AuditKind = "coding_rule.deleted"

	AuditObjectTransaction = "transaction"
	AuditObjectCodingRule  = "coding_rule"
)
