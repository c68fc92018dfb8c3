// Package accounts runs a person's own account: sign-up (a company's
// owner, or a driver asking for a company card, which the company approves
// or declines), the profile, the sign-in
// e-mail and password, and password recovery by a mailed code. Every
// entry point (the HTTP handlers, the user create command) calls this
// service; the rules are
// the root package's (fuelportal.AccountUpdate, OwnerSignUp, DriverSignUp),
// the SQL the store's.
package accounts

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"net/url"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// Reset codes: 6 digits, valid 10 minutes, 5 tries.
const (
	ResetCodeTTL    = 10 * time.Minute
	MaxCodeAttempts = 5
)

// Store is what the service reads and writes (*store.DB).
type Store interface {
	UserByID(ctx context.Context, id int64) (*fuelportal.User, error)
	UserByEmail(ctx context.Context, email string) (*fuelportal.User, error)
	CardPrompts(ctx context.Context, companyID, cardID int64) (fuelportal.PumpPrompts, error)
	UpdateAccount(ctx context.Context, id int64, upd fuelportal.AccountUpdate, notice func(oldEmail string) *fuelportal.MailMessage) (*fuelportal.User, error)
	SetPassword(ctx context.Context, id int64, passwordHash, keepFamily string) error
	DeleteUser(ctx context.Context, id int64, decide func(u *fuelportal.User, owners int) error) error

	CreateCompanyOwner(ctx context.Context, company *fuelportal.Company, owner *fuelportal.User) error
	// InTx runs a driver's creation (AddDriver) and the decision on their
	// request (DecideDriverRequest): the rows, the audit and the events.
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
	EmailTaken(ctx context.Context, email string) (bool, error)
	UnlinkedCard(ctx context.Context, number string) (*fuelportal.Card, error)

	DriverRequests(ctx context.Context, scope fuelportal.MemberScope) ([]*fuelportal.DriverRequest, error)

	StartPasswordReset(ctx context.Context, userID int64, codeHash string, expiresAt time.Time, mail *fuelportal.MailMessage) error
	CheckPasswordReset(ctx context.Context, email, codeHash string, maxAttempts int) error
	CompletePasswordReset(ctx context.Context, email, codeHash string, maxAttempts int, passwordHash string) error
	HitRateLimit(ctx context.Context, l store.RateLimit, key string) (time.Duration, error)
	ResetRateLimit(ctx context.Context, l store.RateLimit, key string) error
}

// PasswordCheck verifies the password of the account email under the
// sign-in lock-outs (the entry point's: they count per client address).
// It returns false for a wrong password and an error while locked out.
type PasswordCheck func(ctx context.Context, email, password string) (bool, error)

// Service runs the account flows. Create it with New.
type Service struct {
	store        Store
	passwords    *fuelportal.PasswordHasher
	resetCodeKey []byte
	now          func() time.Time
}

// Deps are what the service calls.
type Deps struct {
	Store Store
	// Passwords hash the passwords people set.
	Passwords *fuelportal.PasswordHasher
	// ResetCodeKey keys the HMAC under which reset codes are stored, so a
	// leaked table does not give the codes away.
	ResetCodeKey []byte
	// Now is the clock reset codes expire by (nil: time.Now).
	Now func() time.Time
}

// New returns the service over d.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{store: d.Store, passwords: d.Passwords, resetCodeKey: d.ResetCodeKey, now: d.Now}
}

// Account returns user userID and, when they hold a card, what the pump
// asks on it (nil without a card).
func (s *Service) Account(ctx context.Context, userID int64) (*fuelportal.User, *fuelportal.PumpPrompts, error) {
	user, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	if user.CardID == 0 {
		return user, nil, nil
	}
	p, err := s.store.CardPrompts(ctx, user.CompanyID, user.CardID)
	if err != nil {
		return nil, nil, err
	}
	return user, &p, nil
}

// Update saves user userID's name, e-mail, phone number and language (kept
// when update has none), checked by AccountUpdate.Validate (a phone number
// is required of an account that has one). A new sign-in e-mail needs the current password,
// verified by check, and the old address is told of the change; an e-mail
// another account signs in with is a field error.
func (s *Service) Update(ctx context.Context, userID int64, update fuelportal.AccountUpdate, currentPassword string, check PasswordCheck) (*fuelportal.User, error) {
	current, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	if err := update.Validate(current.PhoneNumber != ""); err != nil {
		return nil, err
	}
	if update.Email != current.Email {
		if currentPassword == "" {
			return nil, fuelportal.FieldError("currentPassword", fuelportal.MsgPasswordRequired)
		}
		if err := verify(ctx, check, current.Email, currentPassword); err != nil {
			return nil, err
		}
	}
	user, err := s.store.UpdateAccount(ctx, current.ID, update, emailChangedMail)
	if fuelportal.ErrorCode(err) == fuelportal.ECONFLICT {
		return nil, fuelportal.FieldError("email", fuelportal.MsgEmailTaken)
	}
	return user, err
}

// emailChangedMail tells the old address that the account signs in with
// another e-mail now (the new address is not named: it may be an intruder's).
func emailChangedMail(oldEmail string) *fuelportal.MailMessage {
	return &fuelportal.MailMessage{To: oldEmail, Subject: "Your Fuel Portal sign-in e-mail was changed",
		Body: "The e-mail address you sign in to Fuel Portal with was just changed, so this address no longer signs in.\n\n" +
			"If you did not make this change, someone else may have used your account: contact Fuel Portal support right away.\n"}
}

// ChangePassword replaces user userID's password after check verifies the
// current one, and ends the user's sessions but sessionID.
func (s *Service) ChangePassword(ctx context.Context, userID int64, sessionID, currentPassword, newPassword string, check PasswordCheck) error {
	user, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return err
	}
	if err := verify(ctx, check, user.Email, currentPassword); err != nil {
		return err
	}
	hash, err := s.passwords.Hash(ctx, newPassword)
	if err != nil {
		return err
	}
	return s.store.SetPassword(ctx, user.ID, hash, sessionID)
}

// verify runs check: a wrong password is the currentPassword field's error.
func verify(ctx context.Context, check PasswordCheck, email, password string) error {
	ok, err := check(ctx, email, password)
	if err != nil {
		return err
	}
	if !ok {
		return fuelportal.FieldError("currentPassword", fuelportal.MsgCurrentPasswordWrong)
	}
	return nil
}

// Delete deletes user userID. The only owner of a company is ECONFLICT:
// closing a company is done by support.
func (s *Service) Delete(ctx context.Context, userID int64) error {
	return s.store.DeleteUser(ctx, userID, fuelportal.CheckUserDeleted)
}

// SignUpOwner creates a company and its owner from a validated sign-up.
func (s *Service) SignUpOwner(ctx context.Context, signUp fuelportal.OwnerSignUp) (*fuelportal.User, error) {
	hash, err := s.passwords.Hash(ctx, signUp.Password)
	if err != nil {
		return nil, err
	}
	carrierID := 0
	for _, d := range signUp.CarrierID {
		carrierID = carrierID*10 + int(d-'0')
	}
	company := &fuelportal.Company{Name: signUp.CompanyName, CarrierID: carrierID, PhoneNumber: signUp.PhoneNumber}
	owner := &fuelportal.User{Email: signUp.Email, PasswordHash: hash, FirstName: signUp.FirstName, LastName: signUp.LastName, PhoneNumber: signUp.PhoneNumber}
	if err := s.store.CreateCompanyOwner(ctx, company, owner); err != nil {
		return nil, err
	}
	return owner, nil
}

// SignUpDriver creates a driver from a validated sign-up, asking for an
// existing company card that no approved driver holds, pending until the
// company approves. The company name must be the card's: an unknown card,
// a taken card and a wrong company name get the same error.
func (s *Service) SignUpDriver(ctx context.Context, signUp fuelportal.DriverSignUp) (*fuelportal.User, error) {
	return s.createDriver(ctx, signUp, "")
}

// CreateApprovedDriver creates a driver as SignUpDriver does, approved at
// once: an operator's command, whose word stands for the company's. The
// driver holds the card.
func (s *Service) CreateApprovedDriver(ctx context.Context, signUp fuelportal.DriverSignUp) (*fuelportal.User, error) {
	return s.createDriver(ctx, signUp, fuelportal.DriverApproved)
}

// createDriver creates the driver of signUp with status ("": pending).
func (s *Service) createDriver(ctx context.Context, signUp fuelportal.DriverSignUp, status fuelportal.DriverStatus) (*fuelportal.User, error) {
	hash, err := s.passwords.Hash(ctx, signUp.Password)
	if err != nil {
		return nil, err
	}
	driver := &fuelportal.User{Email: signUp.Email, PasswordHash: hash, FirstName: signUp.FirstName,
		LastName: signUp.LastName, PhoneNumber: signUp.PhoneNumber, Language: signUp.Language, DriverStatus: status}
	if err := s.AddDriver(ctx, driver, signUp.CardNumber, fuelportal.SignUpCardOf(signUp.CompanyName)); err != nil {
		return nil, err
	}
	return driver, nil
}

// AddDriver creates driver, whose password is hashed already, with the
// card cardNumber as decide allows (store.Tx.CreateDriver: pending unless
// driver.DriverStatus says otherwise; its errors), in one transaction. A
// pending driver publishes driver.waiting in it: the DRIVER_WAITING
// alert about the card and the pushes of the office members who see it
// follow.
func (s *Service) AddDriver(ctx context.Context, driver *fuelportal.User, cardNumber string, decide func(*fuelportal.SignUpCard) error) error {
	return s.store.InTx(ctx, func(tx *store.Tx) error {
		cardID, err := tx.CreateDriver(ctx, driver, cardNumber, decide)
		if err != nil || driver.DriverStatus == fuelportal.DriverApproved {
			return err
		}
		name := strings.TrimSpace(driver.FirstName + " " + driver.LastName)
		n := fuelportal.DriverWaitingNotice(driver.CompanyID, name, cardNumber)
		title, body := n.Texts(fuelportal.LanguageEnglish)
		return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventDriverWaiting, CompanyID: driver.CompanyID, Notice: &n,
			Alert: &fuelportal.Alert{Message: title + ": " + body, CardID: cardID, CardNumber: cardNumber, DriverName: name, Notice: &n}})
	})
}

// CheckEmailFree is ECONFLICT when an account signs in with email.
func (s *Service) CheckEmailFree(ctx context.Context, email string) error {
	taken, err := s.store.EmailTaken(ctx, email)
	if err != nil {
		return err
	} else if taken {
		return fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgEmailTaken)
	}
	return nil
}

// CheckCardOpen is ENOTFOUND unless a driver can sign up with card number:
// an existing company card with no approved driver (pending requests for
// it do not count). Every other case is the same error, so numbers cannot
// be probed for existence.
func (s *Service) CheckCardOpen(ctx context.Context, number string) error {
	if !fuelportal.ValidCardNumber(number) {
		return fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgCardNumberInvalid)
	}
	_, err := s.store.UnlinkedCard(ctx, number)
	return err
}

// DriverRequests are the pending driver sign-ups in scope (for a member
// limited to a group, those for the group's cards), oldest first.
func (s *Service) DriverRequests(ctx context.Context, scope fuelportal.MemberScope) ([]*fuelportal.DriverRequest, error) {
	return s.store.DriverRequests(ctx, scope)
}

// DecideDriverRequest approves or declines driver userID's pending sign-up
// in scope (for a member limited to a group, for one of the group's cards),
// as fuelportal.DecideDriverRequest decides on the facts read in the
// transaction: approving one request for a card declines the others for
// it. Each driver decided is audited and gets driver.decided in the same
// transaction, its mail telling them the decision (with a link to
// publicURL's sign-in when set). Any other id (another company's driver, a
// request out of scope, a decided or expired request) is ENOTFOUND; of two
// concurrent decisions on one card exactly one wins.
func (s *Service) DecideDriverRequest(ctx context.Context, scope fuelportal.MemberScope, userID int64, decision fuelportal.DriverStatus, publicURL string) error {
	if err := fuelportal.CheckDriverDecision(decision); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(tx *store.Tx) error {
		facts, err := tx.DriverRequestToDecide(ctx, scope, userID)
		if err != nil {
			return err
		}
		decisions, err := fuelportal.DecideDriverRequest(facts, decision)
		if err != nil {
			return err
		}
		for _, d := range decisions {
			u, err := tx.DecideDriverRequest(ctx, scope.CompanyID, facts.CardID, d)
			if err != nil {
				return err
			}
			if err := tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventDriverDecided, CompanyID: scope.CompanyID, UserID: u.ID,
				Mail: fuelportal.DriverDecisionMail(u, d.Status, publicURL)}); err != nil {
				return err
			}
		}
		return nil
	})
}

// StartPasswordReset mails a one-time code to the account of email (and a
// link to publicURL's reset page when publicURL is set). Nothing happens,
// without an error, when no account has the e-mail or when the address had
// mailLimit's codes already.
func (s *Service) StartPasswordReset(ctx context.Context, email, publicURL string, mailLimit store.RateLimit) error {
	email = fuelportal.NormalizeEmail(email)
	user, err := s.store.UserByEmail(ctx, email)
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	if wait, err := s.store.HitRateLimit(ctx, mailLimit, email); err != nil {
		return err
	} else if wait > 0 {
		return nil // no more mail for now
	}
	code, err := newResetCode()
	if err != nil {
		return err
	}
	return s.store.StartPasswordReset(ctx, user.ID, s.hashResetCode(email, code), s.now().Add(ResetCodeTTL), resetMail(email, code, publicURL))
}

// CheckPasswordReset tells whether code is the account's code, spending
// one try.
func (s *Service) CheckPasswordReset(ctx context.Context, email, code string) error {
	email = fuelportal.NormalizeEmail(email)
	return s.store.CheckPasswordReset(ctx, email, s.hashResetCode(email, code), MaxCodeAttempts)
}

// CompletePasswordReset sets a new password with a valid code and ends
// every session of the account; whoever proved they own the mailbox may
// sign in again at once (signInFailures is reset for the e-mail).
func (s *Service) CompletePasswordReset(ctx context.Context, email, code, password string, signInFailures store.RateLimit) error {
	hash, err := s.passwords.Hash(ctx, password)
	if err != nil {
		return err
	}
	email = fuelportal.NormalizeEmail(email)
	if err := s.store.CompletePasswordReset(ctx, email, s.hashResetCode(email, code), MaxCodeAttempts, hash); err != nil {
		return err
	}
	return s.store.ResetRateLimit(ctx, signInFailures, email)
}

func newResetCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// hashResetCode is what the database keeps of a code: an HMAC under the
// service's key.
func (s *Service) hashResetCode(email, code string) string {
	mac := hmac.New(sha256.New, s.resetCodeKey)
	mac.Write([]byte(email + "\x00" + code))
	return hex.EncodeToString(mac.Sum(nil))
}

func resetMail(email, code, publicURL string) *fuelportal.MailMessage {
	body := fmt.Sprintf("Your Fuel Portal password reset code is %s.\n\nIt expires in %d minutes. If you did not ask to reset your password, ignore this message.\n",
		code, int(ResetCodeTTL/time.Minute))
	if publicURL != "" {
		link := publicURL + "/reset-password?" + url.Values{"email": {email}, "otpCode": {code}}.Encode()
		body += "\nOr open this link to choose a new password:\n" + link + "\n"
	}
	return &fuelportal.MailMessage{To: email, Subject: "Your Fuel Portal password reset code", Body: body, Secrets: []string{code}}
}
