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
		fe.Add("coding", "A rule must set an account, class, job or memo")
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
