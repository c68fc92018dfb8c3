package fuelportal

import (
	"slices"
	"strings"
	"time"
	"unicode"
)

// DriverStatus is where a driver's request to join a company stands. A
// driver signs up with a company card and waits until an owner of that
// company approves; owners and older accounts are approved.
type DriverStatus string

// Driver statuses.
const (
	DriverApproved DriverStatus = "APPROVED"
	DriverPending  DriverStatus = "PENDING"
	DriverRejected DriverStatus = "REJECTED"
)

// Messages of the driver approval flow.
const (
	MsgDriverPending        = "Waiting for your company to approve your account"
	MsgDriverDeclined       = "Your company declined your request to join. Ask your fleet manager if you think this is a mistake."
	MsgDriverRequestMissing = "Driver request not found"
	// MsgCardCompanyMismatch answers a driver sign-up whose card number and
	// company name do not go together, on both fields: it does not say which
	// is wrong (an unknown card, another company's name, a card another
	// driver holds all read the same).
	MsgCardCompanyMismatch = "The card number and company name do not match"
)

// DriverRequestTTL is how long a driver's sign-up request waits for the
// company: an older pending request has expired, is no longer listed and
// can no longer be approved.
const DriverRequestTTL = 14 * 24 * time.Hour

// DriverRequestExpired reports whether a request made at requestedAt has
// expired at now.
func DriverRequestExpired(requestedAt, now time.Time) bool {
	return !now.Before(requestedAt.Add(DriverRequestTTL))
}

// DriverRequest is a driver's pending request to join a company on one of
// its cards.
type DriverRequest struct {
	UserID      int64
	FirstName   string
	LastName    string
	Email       string
	PhoneNumber string
	CardNumber  string
	RequestedAt time.Time
}

// SameCompanyName reports whether two company names name the same company
// as people type it: case, spacing and punctuation aside, and without a
// trailing legal suffix (LLC, Inc, Co, Corp, Ltd and their long forms), so
// "demo freight", "Demo Freight, L.L.C." and "DEMO  FREIGHT INC" are all
// "Demo Freight LLC". A name that is only a suffix keeps it.
func SameCompanyName(a, b string) bool {
	ka, kb := companyNameKey(a), companyNameKey(b)
	return ka != "" && ka == kb
}

// legalSuffixes are the words dropped from the end of a company name, as
// companyNameKey spells them (lower case, no punctuation).
var legalSuffixes = []string{"llc", "inc", "incorporated", "co", "company", "corp", "corporation", "ltd", "limited"}

// companyNameKey is the comparable form of a company name: words lower
// case with punctuation removed inside them ("L.L.C." is "llc"), trailing
// legal suffixes dropped, joined without spaces.
func companyNameKey(name string) string {
	var words []string
	for _, field := range strings.FieldsFunc(name, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '/' }) {
		word := strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return unicode.ToLower(r)
			}
			return -1
		}, field)
		if word != "" {
			words = append(words, word)
		}
	}
	for len(words) > 1 && slices.Contains(legalSuffixes, words[len(words)-1]) {
		words = words[:len(words)-1]
	}
	return strings.Join(words, "")
}

// SignUpCard is what a driver's sign-up reads of the card it names.
type SignUpCard struct {
	ID          int64
	CompanyID   int64
	CompanyName string
	// HasDriver: an approved driver holds the card.
	HasDriver bool
}

// CheckSignUpCard decides whether a driver signing up as a member of
// companyName may ask for card (nil: no card has the number): the card
// must exist, have no approved driver and belong to a company of that name
// (SameCompanyName). Each failure is the same field error on cardNumber and
// companyName (MsgCardCompanyMismatch), so the answer tells nothing about
// which part was wrong.
func CheckSignUpCard(card *SignUpCard, companyName string) error {
	if card == nil || card.HasDriver || !SameCompanyName(card.CompanyName, companyName) {
		fe := FieldErrors{}
		fe.Add("cardNumber", MsgCardCompanyMismatch)
		fe.Add("companyName", MsgCardCompanyMismatch)
		return fe.Err()
	}
	return nil
}

// SignUpCardOf is CheckSignUpCard for a sign-up naming companyName, in the
// shape the store calls inside its transaction.
func SignUpCardOf(companyName string) func(*SignUpCard) error {
	return func(card *SignUpCard) error { return CheckSignUpCard(card, companyName) }
}

// DriverRequestFacts are what deciding a driver's pending request reads in
// its transaction.
type DriverRequestFacts struct {
	UserID      int64
	RequestedAt time.Time
	Now         time.Time
	// CardID is the card the request names (0: none); Others are the ids
	// of the other pending requests naming it (expired ones included).
	CardID int64
	Others []int64
}

// DriverDecision is one driver's answer: the first of a decision's list is
// the request asked about.
type DriverDecision struct {
	UserID int64
	Status DriverStatus
}

// CheckDriverDecision is EINVALID unless decision is DriverApproved or
// DriverRejected.
func CheckDriverDecision(decision DriverStatus) error {
	if decision != DriverApproved && decision != DriverRejected {
		return Errorf(EINVALID, "Decision must be APPROVED or REJECTED")
	}
	return nil
}

// DecideDriverRequest answers the request of f with decision, and what
// follows from it: approving one request for a card declines every other
// pending request for that card (the approved driver holds it). An expired
// request (DriverRequestTTL) is ENOTFOUND.
func DecideDriverRequest(f DriverRequestFacts, decision DriverStatus) ([]DriverDecision, error) {
	if err := CheckDriverDecision(decision); err != nil {
		return nil, err
	}
	if DriverRequestExpired(f.RequestedAt, f.Now) {
		return nil, Errorf(ENOTFOUND, MsgDriverRequestMissing)
	}
	decided := []DriverDecision{{UserID: f.UserID, Status: decision}}
	if decision == DriverApproved && f.CardID != 0 {
		for _, id := range f.Others {
			decided = append(decided, DriverDecision{UserID: id, Status: DriverRejected})
		}
	}
	return decided, nil
}

// driverDecisionTexts are the words of the mail telling a driver what
// their company decided on their sign-up (alerts.json
// notifications.driverDecisionMail).
type driverDecisionTexts struct {
	YourCompany string                         `json:"yourCompany"`
	Approved    struct{ Subject, Body string } `json:"approved"`
	Declined    struct{ Subject, Body string } `json:"declined"`
}

// DriverDecisionMail is the mail telling driver u, in their language,
// what their company decided on their sign-up: approved (with a link to
// publicURL's sign-in when publicURL is set) or declined.
func DriverDecisionMail(u *User, decision DriverStatus, publicURL string) *MailMessage {
	texts := textsIn(u.Language).driverDecision
	company := texts.YourCompany
	if u.Company != nil && u.Company.Name != "" {
		company = u.Company.Name
	}
	words := texts.Declined
	if decision == DriverApproved {
		words = texts.Approved
	}
	body := interpolate(words.Body, map[string]string{"company": company}) + "\n"
	if decision == DriverApproved && publicURL != "" {
		body += "\n" + publicURL + "/signin\n"
	}
	return &MailMessage{To: u.Email, Subject: words.Subject, Body: body}
}
