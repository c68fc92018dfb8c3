package store

import (
	"cmp"
	"context"
	"database/sql"

	"fuelportal"
)

// userSelect loads a user with their company, linked card and requested
// card (a pending driver's) in one row.
const userSelect = `
	SELECT u.id, u.email, u.password_hash, u.first_name, u.last_name, u.phone_number, u.role, u.member_role, u.group_id, u.member_status, u.driver_status, u.language,
	       u.created_at, u.updated_at,
	       c.id, c.name, c.carrier_id, c.phone_number, c.created_at,
	       k.id, k.card_number, r.card_number
	FROM users u
	LEFT JOIN companies c ON c.id = u.company_id
	LEFT JOIN cards k ON k.driver_user_id = u.id
	LEFT JOIN cards r ON r.id = u.requested_card_id`

func scanUser(row interface{ Scan(...any) error }) (*fuelportal.User, error) {
	u := &fuelportal.User{}
	var created, updated, companyCreated nullTime
	var companyID, carrierID, cardID, groupID sql.NullInt64
	var companyName, companyPhone, cardNumber, requestedCard sql.NullString
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &u.FirstName, &u.LastName, &u.PhoneNumber, &u.Role, &u.MemberRole, &groupID, &u.MemberStatus, &u.DriverStatus, &u.Language,
		&created, &updated,
		&companyID, &companyName, &carrierID, &companyPhone, &companyCreated,
		&cardID, &cardNumber, &requestedCard)
	if err != nil {
		return nil, err
	}
	u.CreatedAt, u.UpdatedAt, u.GroupID = created.Time, updated.Time, groupID.Int64
	if companyID.Valid {
		u.CompanyID = companyID.Int64
		u.Company = &fuelportal.Company{ID: companyID.Int64, Name: companyName.String, CarrierID: int(carrierID.Int64),
			PhoneNumber: companyPhone.String, CreatedAt: companyCreated.Time}
	}
	u.CardID, u.CardNumber, u.RequestedCardNumber = cardID.Int64, cardNumber.String, requestedCard.String
	return u, nil
}

// CreateUser inserts u (Email normalised) and sets its ID and timestamps. A
// zero DriverStatus is DriverApproved; a zero MemberRole is the owner for
// ROLE_COMPANY, else the driver, and Role follows MemberRole. A taken email is ECONFLICT "This email
// is already in use".
func (tx *Tx) CreateUser(ctx context.Context, u *fuelportal.User) error {
	u.Email = fuelportal.NormalizeEmail(u.Email)
	u.CreatedAt, u.UpdatedAt = tx.Now, tx.Now
	if u.DriverStatus == "" {
		u.DriverStatus = fuelportal.DriverApproved
	}
	if u.Language == "" {
		u.Language = fuelportal.LanguageEnglish
	}
	if u.MemberRole == "" {
		u.MemberRole = fuelportal.MemberDriver
		if u.Role == fuelportal.RoleCompany {
			u.MemberRole = fuelportal.MemberOwner
		}
	}
	u.Role = u.MemberRole.Authority()
	if u.MemberStatus == "" {
		u.MemberStatus = fuelportal.MemberActive
	}
	err := tx.QueryRow(ctx, `
		INSERT INTO users (email, password_hash, first_name, last_name, phone_number, role, member_role, group_id, member_status, driver_status, language, company_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		u.Email, u.PasswordHash, u.FirstName, u.LastName, u.PhoneNumber, u.Role, u.MemberRole, nullInt(u.GroupID), u.MemberStatus, u.DriverStatus, u.Language, nullInt(u.CompanyID), u.CreatedAt, u.UpdatedAt,
	).Scan(&u.ID)
	if isUniqueViolation(err) {
		return fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgEmailTaken)
	}
	return err
}

// UserByID returns the user with id, or ENOTFOUND.
func (tx *Tx) UserByID(ctx context.Context, id int64) (*fuelportal.User, error) {
	u, err := scanUser(tx.QueryRow(ctx, userSelect+` WHERE u.id = ?`, id))
	if err != nil {
		return nil, notFound(err, "User not found")
	}
	return u, nil
}

// UserByEmail returns the user signing in with email, or ENOTFOUND.
func (tx *Tx) UserByEmail(ctx context.Context, email string) (*fuelportal.User, error) {
	u, err := scanUser(tx.QueryRow(ctx, userSelect+` WHERE u.email = ?`, fuelportal.NormalizeEmail(email)))
	if err != nil {
		return nil, notFound(err, "User not found")
	}
	return u, nil
}

// UserByID returns the user with id, or ENOTFOUND.
func (db *DB) UserByID(ctx context.Context, id int64) (u *fuelportal.User, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error { u, err = tx.UserByID(ctx, id); return err })
	return u, err
}

// UserByEmail returns the user signing in with email, or ENOTFOUND.
func (db *DB) UserByEmail(ctx context.Context, email string) (u *fuelportal.User, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error { u, err = tx.UserByEmail(ctx, email); return err })
	return u, err
}

// EmailTaken reports whether a user signs in with email.
func (db *DB) EmailTaken(ctx context.Context, email string) (bool, error) {
	var n int
	err := db.InReadTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE email = ?`, fuelportal.NormalizeEmail(email)).Scan(&n)
	})
	return n > 0, err
}

// CreateCompanyOwner creates company and its owner (role ROLE_COMPANY) at
// once. A taken email is ECONFLICT.
func (db *DB) CreateCompanyOwner(ctx context.Context, company *fuelportal.Company, owner *fuelportal.User) error {
	return db.InTx(ctx, func(tx *Tx) error {
		if err := tx.CreateCompany(ctx, company); err != nil {
			return err
		}
		owner.Role, owner.MemberRole, owner.CompanyID, owner.Company = fuelportal.RoleCompany, fuelportal.MemberOwner, company.ID, company
		return tx.CreateUser(ctx, owner)
	})
}

// CreateDriver creates driver (role ROLE_USER) in the company holding the
// card with cardNumber, as decide allows, and returns the card's id:
// decide is called with what the store read of the card (nil when no
// card has the number; see fuelportal.CheckSignUpCard) and its error is
// returned. A taken email is ECONFLICT.
//
// The driver is DriverPending unless the caller set DriverStatus (an
// operator creating the account from the command line approves it). A
// pending driver's request names the card without holding it: other
// requests for the card may wait beside it until the company approves one
// (DecideDriverRequest). An approved driver holds the card at once.
// Telling the company of a pending driver is the sign-up flow's
// (accounts).
func (tx *Tx) CreateDriver(ctx context.Context, driver *fuelportal.User, cardNumber string, decide func(*fuelportal.SignUpCard) error) (cardID int64, err error) {
	card := &fuelportal.SignUpCard{}
	var driverUserID sql.NullInt64
	err = tx.QueryRow(ctx, `
		SELECT k.id, k.company_id, k.driver_user_id, c.name
		FROM cards k JOIN companies c ON c.id = k.company_id
		WHERE k.card_number = ?`, cardNumber).Scan(&card.ID, &card.CompanyID, &driverUserID, &card.CompanyName)
	if isNoRows(err) {
		card = nil
	} else if err != nil {
		return 0, err
	} else {
		card.HasDriver = driverUserID.Valid
	}
	if err := decide(card); err != nil {
		return 0, err
	}
	cardID, companyID := card.ID, card.CompanyID
	driver.Role, driver.MemberRole, driver.CompanyID = fuelportal.RoleUser, fuelportal.MemberDriver, companyID
	if driver.DriverStatus == "" {
		driver.DriverStatus = fuelportal.DriverPending
	}
	if err := tx.CreateUser(ctx, driver); err != nil {
		return 0, err
	}
	if driver.DriverStatus == fuelportal.DriverApproved {
		if err := tx.assignCardHolder(ctx, cardID, driver); err != nil {
			return 0, err
		}
		driver.CardID, driver.CardNumber = cardID, cardNumber
	} else {
		if err := tx.RequestCard(ctx, driver.ID, cardID); err != nil {
			return 0, err
		}
		driver.RequestedCardNumber = cardNumber
	}
	driver.Company, err = tx.CompanyByID(ctx, companyID)
	return cardID, err
}

// UpdateAccount saves the editable details of user id and returns the user;
// an empty upd.Language keeps the user's language. A taken email is ECONFLICT. When the e-mail changes and notice is set, the
// message notice returns for the old address is queued in the same
// transaction.
func (db *DB) UpdateAccount(ctx context.Context, id int64, upd fuelportal.AccountUpdate, notice func(oldEmail string) *fuelportal.MailMessage) (u *fuelportal.User, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		before, err := tx.UserByID(ctx, id)
		if err != nil {
			return err
		}
		email := fuelportal.NormalizeEmail(upd.Email)
		language := cmp.Or(upd.Language, before.Language)
		_, err = tx.Exec(ctx, `
			UPDATE users SET first_name = ?, last_name = ?, email = ?, phone_number = ?, language = ?, updated_at = ?
			WHERE id = ?`,
			upd.FirstName, upd.LastName, email, upd.PhoneNumber, language, tx.Now, id)
		if isUniqueViolation(err) {
			return fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgEmailTaken)
		} else if err != nil {
			return err
		}
		if email != before.Email && notice != nil {
			if err := tx.EnqueueMail(ctx, notice(before.Email)); err != nil {
				return err
			}
		}
		u, err = tx.UserByID(ctx, id)
		return err
	})
	return u, err
}

// SetPassword stores a new password hash for user id and ends every session
// of the user except the refresh-token family keepFamily ("" ends all).
func (db *DB) SetPassword(ctx context.Context, id int64, passwordHash, keepFamily string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		return tx.setPassword(ctx, id, passwordHash, keepFamily)
	})
}

func (tx *Tx) setPassword(ctx context.Context, id int64, passwordHash, keepFamily string) error {
	res, err := tx.Exec(ctx, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`, passwordHash, tx.Now, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fuelportal.Errorf(fuelportal.ENOTFOUND, "User not found")
	}
	return tx.revokeUserSessions(ctx, id, keepFamily)
}

// DeleteUser deletes user id with their sessions and frees their card, as
// decide allows: it is called in the transaction with the user and their
// company's count of active owners (fuelportal.CheckUserDeleted decides)
// and its error is returned.
func (db *DB) DeleteUser(ctx context.Context, id int64, decide func(u *fuelportal.User, owners int) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		u, err := tx.UserByID(ctx, id)
		if err != nil {
			return err
		}
		var owners int
		if u.CompanyID != 0 {
			if tx.Engine() == Postgres {
				// Two owners leaving at once must not both pass the
				// last-owner rule: changes of one company's members queue.
				if _, err := tx.Exec(ctx, `SELECT id FROM companies WHERE id = ? FOR UPDATE`, u.CompanyID); err != nil {
					return err
				}
			}
			if owners, err = tx.ActiveOwners(ctx, u.CompanyID); err != nil {
				return err
			}
		}
		if err := decide(u, owners); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM users WHERE id = ?`, id)
		return err
	})
}
