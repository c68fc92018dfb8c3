package fuelportal

import "time"

// Role is the authority a user holds. The effective role of a user is the
// code of their first authority.
type Role string

// Roles.
const (
	RoleUser    Role = "ROLE_USER"    // an individual or a company driver: sees own spending
	RoleCompany Role = "ROLE_COMPANY" // a company owner: manages cards, wallet, transactions
)

// Valid reports whether r is a known role.
func (r Role) Valid() bool { return r == RoleUser || r == RoleCompany }

// User is a person who signs in. Email is the login and is stored lower case.
type User struct {
	ID           int64
	Email        string
	PasswordHash string // argon2id PHC string; never leaves the server
	FirstName    string
	LastName     string
	PhoneNumber  string
	Role         Role
	// MemberRole is what the user may do in their company
	// (RoleActions); MemberDriver for drivers and users of no company.
	MemberRole MemberRole
	// GroupID limits an office member to a group of cards and vehicles;
	// 0: the whole company.
	GroupID int64
	// MemberStatus: a suspended member cannot sign in.
	MemberStatus MemberStatus
	// DriverStatus says whether the company approved the driver; owners
	// and users outside a company are DriverApproved.
	DriverStatus DriverStatus

	// CompanyID is the company the user owns or drives for; 0 for none.
	CompanyID int64
	// Company is loaded with the user when CompanyID is set.
	Company *Company
	// CardID and CardNumber identify the fuel card a driver is linked to;
	// zero values for owners and unlinked users.
	CardID     int64
	CardNumber string
	// RequestedCardNumber is the card a pending driver asked for; they
	// hold it (CardID) only once the company approves.
	RequestedCardNumber string
	// Language is the one the user reads the app in (and, later, their
	// pushes and e-mails); LanguageEnglish unless they chose another.
	Language Language

	CreatedAt time.Time
	UpdatedAt time.Time
}

// Company is a trucking company holding fuel cards.
type Company struct {
	ID          int64
	Name        string
	CarrierID   int // 7 digits
	PhoneNumber string
	CreatedAt   time.Time
}

// AccountUpdate is the set of details a user may edit on their account.
type AccountUpdate struct {
	FirstName   string
	LastName    string
	Email       string
	PhoneNumber string
	// Language is the user's new language; "" keeps the current one.
	Language Language
}

// Language is a language the app speaks, as a two-letter ISO 639-1 code.
type Language string

// Languages.
const (
	LanguageEnglish Language = "en"
	LanguageSpanish Language = "es"
)

// MsgLanguageInvalid is the field error for a language the app does not speak.
const MsgLanguageInvalid = "Language must be en or es"

// Valid reports whether l is a language the app speaks.
func (l Language) Valid() bool { return l == LanguageEnglish || l == LanguageSpanish }

// CheckUserDeleted decides whether account u may be deleted in a company
// with owners active owners: the only owner of a company may not
// (ECONFLICT), for the company, its cards and its money records would be
// left without anyone to manage them.
func CheckUserDeleted(u *User, owners int) error {
	if u.MemberRole == MemberOwner && u.CompanyID != 0 && owners <= 1 {
		return Errorf(ECONFLICT, "You are the only owner of %s. Contact support to close the company account.", u.Company.Name)
	}
	return nil
}
