package fuelportal

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Validation messages shared with the web app (docs/product.md §5), verbatim.
const (
	MsgEmailRequired          = "Email is required"
	MsgEmailInvalid           = "Please enter a valid email address"
	MsgEmailTaken             = "This email is already in use"
	MsgPasswordRequired       = "Password is required"
	MsgPasswordTooShort       = "Password must be at least 8 characters"
	MsgPasswordTooLong        = "Password must not exceed 32 characters"
	MsgPasswordWeak           = "Password must contain at least one letter and one number"
	MsgResetPasswordWeak      = "At least one character and one number are required"
	MsgPasswordsMustMatch     = "Passwords must match"
	MsgCompanyNameRequired    = "Company name is required"
	MsgCompanyNameTooShort    = "Company name must be at least 2 characters"
	MsgCompanyNameTooLong     = "Company name must not exceed 100 characters"
	MsgCardNumberRequired     = "Card number is required"
	MsgCardNumberLength       = "Card number must be exactly 19 digits"
	MsgCardNumberInvalid      = "Invalid card number"
	MsgCarrierIDRequired      = "Carrier ID is required"
	MsgCarrierIDLength        = "Carrier ID must be exactly 7 digits"
	MsgPhoneRequired          = "Phone number is required"
	MsgPhoneInvalid           = "Please enter a valid phone number"
	MsgFieldRequired          = "This field should not be empty"
	MsgSignInPasswordTooShort = "Shouldn't be shorter than 3 characters"
	MsgCurrentPasswordWrong   = "Current password is incorrect"
)

// Password length bounds for sign-up, reset and change (docs/product.md §9).
const (
	PasswordMinLength = 8
	PasswordMaxLength = 32
)

var (
	emailPattern     = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)
	phonePattern     = regexp.MustCompile(`^\+?[0-9\s\-()]+$`)
	digitsPattern    = regexp.MustCompile(`^[0-9]+$`)
	letterPattern    = regexp.MustCompile(`[A-Za-z]`)
	digitPattern     = regexp.MustCompile(`[0-9]`)
	nonWordPattern   = regexp.MustCompile(`[^A-Za-z0-9_]`)
	minPhoneDigits   = 7
	maxPhoneDigits   = 15
	personNameLimits = [2]int{2, MaxPersonNameLength}
	companyLimits    = [2]int{2, MaxCompanyNameLength}
)

// NormalizeEmail trims and lower-cases an address; logins compare this form.
func NormalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// ValidateEmail adds the messages for an invalid address under field.
func ValidateEmail(fe FieldErrors, field, email string) {
	switch {
	case strings.TrimSpace(email) == "":
		fe.Add(field, MsgEmailRequired)
	case utf8.RuneCountInString(email) > MaxEmailLength || !emailPattern.MatchString(strings.TrimSpace(email)):
		fe.Add(field, MsgEmailInvalid)
	}
}

// ValidatePassword applies the sign-up and change-password rules: 8 to 32
// characters with at least one letter and one digit.
func ValidatePassword(fe FieldErrors, field, password string) {
	if !validatePasswordLength(fe, field, password) {
		return
	}
	if !letterPattern.MatchString(password) || !digitPattern.MatchString(password) {
		fe.Add(field, MsgPasswordWeak)
	}
}

// ValidateResetPassword applies the password-reset rules: 8 to 32
// characters with a letter, a digit and a character that is neither.
func ValidateResetPassword(fe FieldErrors, field, password string) {
	if !validatePasswordLength(fe, field, password) {
		return
	}
	if !letterPattern.MatchString(password) || !digitPattern.MatchString(password) || !nonWordPattern.MatchString(password) {
		fe.Add(field, MsgResetPasswordWeak)
	}
}

func validatePasswordLength(fe FieldErrors, field, password string) bool {
	n := utf8.RuneCountInString(password)
	switch {
	case password == "":
		fe.Add(field, MsgPasswordRequired)
	case n < PasswordMinLength:
		fe.Add(field, MsgPasswordTooShort)
	case n > PasswordMaxLength:
		fe.Add(field, MsgPasswordTooLong)
	default:
		return true
	}
	return false
}

// ValidateCompanyName checks a company name of 2 to 100 characters.
func ValidateCompanyName(fe FieldErrors, field, name string) {
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	switch {
	case name == "":
		fe.Add(field, MsgCompanyNameRequired)
	case n < companyLimits[0]:
		fe.Add(field, MsgCompanyNameTooShort)
	case n > companyLimits[1]:
		fe.Add(field, MsgCompanyNameTooLong)
	}
}

// ValidateCardNumber checks a fleet card number of exactly 19 digits.
func ValidateCardNumber(fe FieldErrors, field, number string) {
	switch {
	case number == "":
		fe.Add(field, MsgCardNumberRequired)
	case len(number) != CardNumberLength || !digitsPattern.MatchString(number):
		fe.Add(field, MsgCardNumberLength)
	}
}

// ValidCardNumber reports whether number has the shape of a card number.
func ValidCardNumber(number string) bool {
	return len(number) == CardNumberLength && digitsPattern.MatchString(number)
}

// ValidateCarrierID checks a carrier id given as its decimal digits: exactly
// 7 of them, not starting with 0 (carrier ids travel as integers).
func ValidateCarrierID(fe FieldErrors, field, digits string) {
	switch {
	case digits == "":
		fe.Add(field, MsgCarrierIDRequired)
	case len(digits) != 7 || !digitsPattern.MatchString(digits) || digits[0] == '0':
		fe.Add(field, MsgCarrierIDLength)
	}
}

// ValidatePhoneNumber accepts digits, spaces, hyphens, parentheses and an
// optional leading plus, with 7 to 15 digits in all.
func ValidatePhoneNumber(fe FieldErrors, field, phone string) {
	phone = strings.TrimSpace(phone)
	if phone == "" {
		fe.Add(field, MsgPhoneRequired)
		return
	}
	digits := 0
	for _, r := range phone {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	if len(phone) > MaxPhoneLength || !phonePattern.MatchString(phone) || digits < minPhoneDigits || digits > maxPhoneDigits {
		fe.Add(field, MsgPhoneInvalid)
	}
}

// ValidatePersonName checks a first or last name of 2 to 50 characters;
// label is the name used in messages ("First name", "Last name").
func ValidatePersonName(fe FieldErrors, field, label, name string) {
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	switch {
	case name == "":
		fe.Add(field, label+" is required")
	case n < personNameLimits[0]:
		fe.Add(field, label+" must be at least 2 characters")
	case n > personNameLimits[1]:
		fe.Add(field, label+" must not exceed 50 characters")
	}
}

// OwnerSignUp is what a company owner submits to create a company account.
type OwnerSignUp struct {
	Email       string
	Password    string
	CompanyName string
	CarrierID   string // decimal digits as entered
	PhoneNumber string
	// FirstName and LastName are the owner's, when the entry point asks
	// for them (the operator's command does; the web sign-up does not).
	FirstName, LastName string
}

// Validate returns an EINVALID *Error listing every failing field.
func (s *OwnerSignUp) Validate() error {
	fe := FieldErrors{}
	ValidateEmail(fe, "email", s.Email)
	ValidatePassword(fe, "password", s.Password)
	ValidateCompanyName(fe, "companyName", s.CompanyName)
	ValidateCarrierID(fe, "carrierId", s.CarrierID)
	ValidatePhoneNumber(fe, "phoneNumber", s.PhoneNumber)
	return fe.Err()
}

// DriverSignUp is what a company driver submits to create an account linked
// to one of the company's cards.
type DriverSignUp struct {
	Email       string
	Password    string
	FirstName   string
	LastName    string
	CompanyName string
	CardNumber  string
	PhoneNumber string
	// Language is the one the driver signed up in; "" is LanguageEnglish.
	Language Language
}

// Validate returns an EINVALID *Error listing every failing field.
func (s *DriverSignUp) Validate() error {
	fe := FieldErrors{}
	if s.Language != "" && !s.Language.Valid() {
		fe.Add("language", MsgLanguageInvalid)
	}
	ValidateEmail(fe, "email", s.Email)
	ValidatePassword(fe, "password", s.Password)
	ValidatePersonName(fe, "firstName", "First name", s.FirstName)
	ValidatePersonName(fe, "lastName", "Last name", s.LastName)
	ValidateCompanyName(fe, "companyName", s.CompanyName)
	ValidateCardNumber(fe, "cardNumber", s.CardNumber)
	ValidatePhoneNumber(fe, "phoneNumber", s.PhoneNumber)
	return fe.Err()
}

// Validate returns an EINVALID *Error listing every failing field. The
// phone number is required of an account that has one (drivers and owners
// give it when they sign up); a member who joined by invitation gave none
// and may keep none, but one they enter is checked.
func (u *AccountUpdate) Validate(hasPhone bool) error {
	fe := FieldErrors{}
	ValidatePersonName(fe, "firstName", "First name", u.FirstName)
	ValidatePersonName(fe, "lastName", "Last name", u.LastName)
	ValidateEmail(fe, "email", u.Email)
	if hasPhone || strings.TrimSpace(u.PhoneNumber) != "" {
		ValidatePhoneNumber(fe, "phoneNumber", u.PhoneNumber)
	}
	if u.Language != "" && !u.Language.Valid() {
		fe.Add("language", MsgLanguageInvalid)
	}
	return fe.Err()
}

// Text from the wire. Every string a request carries (JSON body fields,
// path and query parameters, feed CSV fields) is checked once, where it is
// decoded, against a TextRule: valid UTF-8, no control characters (no
// field of this API is multi-line, so tabs and line breaks are refused
// too) and at most MaxLength characters (Unicode code points, as openapi
// maxLength counts them). http/openapi.json declares the same maxLength on
// each field; a test keeps the two equal, and web/src/lib/forms/limits.ts
// is generated from the contract.

// Messages of the text checks.
const (
	MsgTextNotUTF8        = "Must be valid UTF-8 text"
	MsgTextControlChars   = "Must not contain control characters"
	msgTextTooLongDefault = "Must not exceed %d characters"
)

// TextRule bounds one kind of string field.
type TextRule struct {
	MaxLength int
	// TooLong is the message for a longer value, when the field has its
	// own (docs/product.md §5); otherwise "Must not exceed N characters".
	TooLong string
}

// Maximum lengths of text fields, in characters.
const (
	MaxEmailLength       = 254
	MaxPersonNameLength  = 50
	MaxCompanyNameLength = 100
	MaxPhoneLength       = 30
	MaxSearchTextLength  = 100
	MaxDriverNameLength  = 100 // a card's driver name (edit card)
	MaxDriverIDLength    = 50  // a card's driver id (the company's own)
	MaxUnitNumberLength  = 50
	MaxCodeLength        = 64  // chain, affiliate, currency, status, sort and other codes
	MaxTextLength        = 255 // any other string field
)

// TextRules names the rule of each kind of text field. JSON request
// fields name theirs with a `text:"name"` struct tag (no tag: "text").
var TextRules = map[string]TextRule{
	"email":                {MaxEmailLength, MsgEmailInvalid},
	"password":             {PasswordMaxLength, MsgPasswordTooLong},
	"firstName":            {MaxPersonNameLength, fmt.Sprintf("First name must not exceed %d characters", MaxPersonNameLength)},
	"lastName":             {MaxPersonNameLength, fmt.Sprintf("Last name must not exceed %d characters", MaxPersonNameLength)},
	"companyName":          {MaxCompanyNameLength, MsgCompanyNameTooLong},
	"phoneNumber":          {MaxPhoneLength, MsgPhoneInvalid},
	"cardNumber":           {CardNumberLength, MsgCardNumberLength},
	"otpCode":              {6, ""},
	"searchText":           {MaxSearchTextLength, fmt.Sprintf("Search text must not exceed %d characters", MaxSearchTextLength)},
	"driverName":           {MaxDriverNameLength, fmt.Sprintf("Driver name must not exceed %d characters", MaxDriverNameLength)},
	"driverId":             {MaxDriverIDLength, fmt.Sprintf("Driver ID must not exceed %d characters", MaxDriverIDLength)},
	"unitNumber":           {MaxUnitNumberLength, fmt.Sprintf("Unit number must not exceed %d characters", MaxUnitNumberLength)},
	"overrideMessage":      {MaxOverrideRequestMessageLength, fmt.Sprintf("Message must not exceed %d characters", MaxOverrideRequestMessageLength)},
	"networkTransactionId": {MaxNetworkTransactionIDLength, fmt.Sprintf("Network transaction ID must not exceed %d characters", MaxNetworkTransactionIDLength)},
	"authorizationId":      {MaxAuthorizationIDLength, fmt.Sprintf("Authorization ID must not exceed %d characters", MaxAuthorizationIDLength)},
	"idempotencyKey":       {200, "Idempotency key must not exceed 200 characters"},
	"nonce":                {MaxCardDetailsNonceLength, MsgCardDetailsNonceInvalid},
	"token":                {512, ""}, // refresh tokens (43 characters today)
	"date":                 {40, ""},  // dates and date-times
	"id":                   {20, ""},  // decimal ids in paths
	"code":                 {MaxCodeLength, ""},
	"codeList":             {2000, ""}, // comma-separated codes
	"geocodeQuery":         {200, "Search text must not exceed 200 characters"},
	"text":                 {MaxTextLength, ""},
	"webhookUrl":           {MaxWebhookURLLength, fmt.Sprintf("URL must not exceed %d characters", MaxWebhookURLLength)},
	"pushEndpoint":         {MaxPushEndpointLength, MsgPushEndpointTooLong},
	"pushKey":              {MaxPushKeyLength, MsgPushKeyInvalid},
	"placeName":            {MaxTripPlaceNameLength, fmt.Sprintf("A place name must not exceed %d characters", MaxTripPlaceNameLength)},
	"vin":                  {VINLength, MsgVINInvalid},
	"plate":                {MaxPlateLength, fmt.Sprintf("Plate must not exceed %d characters", MaxPlateLength)},
	"codingText":           {MaxCodingTextLength, fmt.Sprintf("Must not exceed %d characters", MaxCodingTextLength)},
	"codingMemo":           {MaxCodingMemoLength, fmt.Sprintf("Memo must not exceed %d characters", MaxCodingMemoLength)},
	"vendorToken":          {MaxConnectorTokenLength, "Must be at most 2000 characters"},
	"qboAccountId":         {MaxQBOAccountIDLength, "Choose one of the company's QuickBooks accounts"},
	"oauthParam":           {1000, ""}, // what an OAuth provider sends back to the callback
}

// Rule returns the rule named name; it panics on an unknown name (a
// programming error the tests catch).
func Rule(name string) TextRule {
	r, ok := TextRules[name]
	if !ok {
		panic("fuelportal: no text rule " + strconv.Quote(name))
	}
	return r
}

// TextProblem returns why value breaks rule ("" when it does not): not
// UTF-8, a control character, or too long.
func (rule TextRule) TextProblem(value string) string {
	n := 0
	for i := 0; i < len(value); {
		r, size := utf8.DecodeRuneInString(value[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return MsgTextNotUTF8
		case unicode.IsControl(r):
			return MsgTextControlChars
		}
		i += size
		n++
	}
	if n > rule.MaxLength {
		if rule.TooLong != "" {
			return rule.TooLong
		}
		return fmt.Sprintf(msgTextTooLongDefault, rule.MaxLength)
	}
	return ""
}

// CheckText adds the problem of value, if any, under field and reports
// whether there was none.
func (rule TextRule) CheckText(fe FieldErrors, field, value string) bool {
	if p := rule.TextProblem(value); p != "" {
		fe.Add(field, p)
		return false
	}
	return true
}
