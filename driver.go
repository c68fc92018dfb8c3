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
