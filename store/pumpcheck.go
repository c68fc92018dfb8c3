package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/rules"
)

// The pump check (migration 00820): the settings of a company and of its
// card groups, the facts a decision reads, what each decision used, and
// the challenges put to drivers.

// pumpSettings is the pump check that applies to a card: its group's
// settings, else its company's, else the default (off).
func pumpSettings(company, group sql.NullString) (fuelportal.PumpCheckSettings, error) {
	s := fuelportal.DefaultPumpCheck
	for _, raw := range []sql.NullString{group, company} {
		if raw.Valid && raw.String != "" {
			return s, json.Unmarshal([]byte(raw.String), &s)
		}
	}
	return s, nil
}

// pumpFacts reads the pump check's facts of f (rules.PumpFacts) when the
// check is on and the station is known: the unit (the card's vehicle,
// else the vehicle of the card's active trip, else the vehicle of the
// unit number keyed at the pump), its last fix and tank, and a Yes its
// driver answered for this card at this station still unused. A unit
// with no fix ever leaves f.Pump nil: companies without telematics see no
// change.
func (tx *Tx) pumpFacts(ctx context.Context, f *CardFacts, keyedUnit string) error {
	if f.Card == nil || !f.PumpSettings.Enabled || f.Station == nil || f.Station.ID == 0 {
		return nil
	}
	vehicle := f.VehicleID
	for _, unit := range []string{tripUnit(f.Trip), keyedUnit} {
		if vehicle != 0 {
			break
		}
		var err error
		if vehicle, err = tx.vehicleIDByUnit(ctx, f.Card.CompanyID, 0, unit); err != nil {
			return err
		}
	}
	if vehicle == 0 {
		return nil
	}
	var tank fuelportal.Gallons
	var confirmed sql.NullInt64
	row := tx.QueryRow(ctx, `SELECT `+qualify("lf", lastFixColumns)+`, v.tank_capacity_milli,
			(SELECT MIN(ch.id) FROM pump_check_challenges ch WHERE ch.card_id = ? AND ch.station_id = ? AND ch.answer = 'yes'
				AND ch.used_at IS NULL AND ch.answered_at >= ?)
		FROM vehicle_last_fixes lf JOIN vehicles v ON v.id = lf.vehicle_id
		WHERE lf.vehicle_id = ? AND lf.company_id = ?`,
		f.Card.ID, f.Station.ID, tx.Now.Add(-fuelportal.PumpChallengeWindow), vehicle, f.Card.CompanyID)
	fix, err := scanLastFix(rowAppend{row, []any{&tank, &confirmed}})
	if isNoRows(err) {
		return nil
	} else if err != nil {
		return err
	}
	f.Pump = &rules.PumpFacts{Settings: f.PumpSettings, Fix: *fix, TankGallons: tank, ConfirmedChallenge: confirmed.Int64}
	return nil
}

func tripUnit(t *fuelportal.Trip) string {
	if t == nil {
		return ""
	}
	return t.UnitNumber
}

// vehicleIDByUnit is the id of the company's vehicle with unit number
// unit in group groupID (0: in any group or none), 0 when there is none
// or unit is blank.
func (tx *Tx) vehicleIDByUnit(ctx context.Context, companyID, groupID int64, unit string) (int64, error) {
	var id int64
	if unit = strings.TrimSpace(unit); unit == "" {
		return 0, nil
	}
	err := tx.QueryRow(ctx, `SELECT id FROM vehicles WHERE company_id = ? AND unit_number = ? AND (? = 0 OR group_id = ?)`,
		companyID, unit, groupID, groupID).Scan(&id)
	if isNoRows(err) {
		return 0, nil
	}
	return id, err
}

// rowAppend scans a row into a scanner's targets followed by rest.
type rowAppend struct {
	row  *sql.Row
	rest []any
}

func (s rowAppend) Scan(dest ...any) error { return s.row.Scan(append(dest, s.rest...)...) }

// RecordPumpCheck records what the pump check used on authorization a and
// its purchase (transactionID, 0: none), and marks the driver's Yes it
// passed on (usedAnswer, 0: none) used: it lets one authorization through.
func (tx *Tx) RecordPumpCheck(ctx context.Context, a *fuelportal.Authorization, transactionID int64, usedAnswer int64) error {
	if a.PumpCheck == nil {
		return nil
	}
	raw, err := json.Marshal(a.PumpCheck)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE card_authorizations SET pump_check = ? WHERE id = ?`, string(raw), a.ID); err != nil {
		return err
	}
	if transactionID != 0 {
		if _, err := tx.Exec(ctx, `UPDATE card_transactions SET pump_check = ? WHERE id = ?`, string(raw), transactionID); err != nil {
			return err
		}
	}
	if usedAnswer != 0 && a.Approved {
		_, err = tx.Exec(ctx, `UPDATE pump_check_challenges SET used_at = ? WHERE id = ? AND used_at IS NULL`, tx.Now, usedAnswer)
	}
	return err
}

// RecordPurchasePumpCheck records what the pump check found on purchase t
// recorded after the fact (t.PumpCheck).
func (tx *Tx) RecordPurchasePumpCheck(ctx context.Context, t *fuelportal.Transaction) error {
	if t.PumpCheck == nil || t.ID == 0 {
		return nil
	}
	raw, err := json.Marshal(t.PumpCheck)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE card_transactions SET pump_check = ? WHERE id = ?`, string(raw), t.ID)
	return err
}

// parsePumpCheck reads a pump_check column (NULL: none).
func parsePumpCheck(raw sql.NullString) *fuelportal.PumpCheck {
	if !raw.Valid || raw.String == "" {
		return nil
	}
	c := &fuelportal.PumpCheck{}
	if json.Unmarshal([]byte(raw.String), c) != nil {
		return nil
	}
	return c
}

// TransactionPumpCheck is what the pump check used on the company's
// transaction id (nil: none; ENOTFOUND for another company's).
func (db *DB) TransactionPumpCheck(ctx context.Context, companyID, id int64) (c *fuelportal.PumpCheck, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var raw sql.NullString
		err := tx.QueryRow(ctx, `SELECT pump_check FROM card_transactions WHERE id = ? AND company_id = ?`, id, companyID).Scan(&raw)
		if isNoRows(err) {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, "Transaction not found")
		}
		c = parsePumpCheck(raw)
		return err
	})
	return c, err
}

// CompanyPumpCheck is the company's pump check (the default, off, until
// it sets one).
func (db *DB) CompanyPumpCheck(ctx context.Context, companyID int64) (s fuelportal.PumpCheckSettings, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var raw sql.NullString
		if err := tx.QueryRow(ctx, `SELECT pump_check FROM companies WHERE id = ?`, companyID).Scan(&raw); err != nil {
			return err
		}
		s, err = pumpSettings(raw, sql.NullString{})
		return err
	})
	return s, err
}

// SetCompanyPumpCheck saves the company's pump check (audited).
func (db *DB) SetCompanyPumpCheck(ctx context.Context, companyID int64, s fuelportal.PumpCheckSettings) error {
	raw, err := json.Marshal(s)
	if err != nil {
		return err
	}
	return db.InTx(ctx, func(tx *Tx) error {
		var was sql.NullString
		if err := tx.QueryRow(ctx, `SELECT pump_check FROM companies WHERE id = ?`, companyID).Scan(&was); err != nil {
			return err
		}
		before, err := pumpSettings(was, sql.NullString{})
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE companies SET pump_check = ? WHERE id = ?`, string(raw), companyID); err != nil {
			return err
		}
		return tx.auditCompany(ctx, companyID, map[string]any{"pumpCheck": before}, map[string]any{"pumpCheck": s})
	})
}

// GroupPumpCheck is the pump check of the company's group id and whether
// it is the company's (the group has none of its own). A group of another
// company is ENOTFOUND.
func (db *DB) GroupPumpCheck(ctx context.Context, companyID, groupID int64) (s fuelportal.PumpCheckSettings, inherited bool, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var group, company sql.NullString
		err := tx.QueryRow(ctx, `SELECT g.pump_check, c.pump_check FROM member_groups g JOIN companies c ON c.id = g.company_id
			WHERE g.id = ? AND g.company_id = ?`, groupID, companyID).Scan(&group, &company)
		if isNoRows(err) {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, "Group not found")
		} else if err != nil {
			return err
		}
		inherited = !group.Valid || group.String == ""
		s, err = pumpSettings(company, group)
		return err
	})
	return s, inherited, err
}

// SetGroupPumpCheck saves the pump check of the company's group id (nil:
// the group follows its company's again), audited. A group of another
// company is ENOTFOUND.
func (db *DB) SetGroupPumpCheck(ctx context.Context, companyID, groupID int64, s *fuelportal.PumpCheckSettings) error {
	var value sql.NullString
	if s != nil {
		raw, err := json.Marshal(s)
		if err != nil {
			return err
		}
		value = sql.NullString{String: string(raw), Valid: true}
	}
	return db.InTx(ctx, func(tx *Tx) error {
		var was sql.NullString
		err := tx.QueryRow(ctx, `SELECT pump_check FROM member_groups WHERE id = ? AND company_id = ?`, groupID, companyID).Scan(&was)
		if isNoRows(err) {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, "Group not found")
		} else if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE member_groups SET pump_check = ? WHERE id = ?`, value, groupID); err != nil {
			return err
		}
		var before any
		if c := parsePumpSettings(was); c != nil {
			before = c
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditGroupPumpCheckSet,
			ObjectType: fuelportal.AuditObjectGroup, ObjectID: strconv.FormatInt(groupID, 10),
			Before: map[string]any{"pumpCheck": before}, After: map[string]any{"pumpCheck": s}})
	})
}

func parsePumpSettings(raw sql.NullString) *fuelportal.PumpCheckSettings {
	if !raw.Valid || raw.String == "" {
		return nil
	}
	s := fuelportal.DefaultPumpCheck
	if json.Unmarshal([]byte(raw.String), &s) != nil {
		return nil
	}
	return &s
}

// CreatePumpChallenge records challenge c (its ID and times set here:
// answerable for fuelportal.PumpChallengeWindow). The caller asks the
// card's driver (purchases.Service publishes pump_check.challenge).
func (tx *Tx) CreatePumpChallenge(ctx context.Context, c *fuelportal.PumpChallenge) error {
	c.CreatedAt = tx.Now.Truncate(time.Microsecond)
	c.ExpiresAt = c.CreatedAt.Add(fuelportal.PumpChallengeWindow)
	return tx.QueryRow(ctx, `INSERT INTO pump_check_challenges (company_id, card_id, driver_user_id, unit_number, station_id, station_name,
			authorization_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		c.CompanyID, c.CardID, nullInt(c.DriverUserID), c.UnitNumber, c.StationID, c.StationName, c.AuthorizationID, c.CreatedAt, c.ExpiresAt).Scan(&c.ID)
}

const challengeColumns = `ch.id, ch.company_id, ch.card_id, c.card_number, ch.driver_user_id, ch.unit_number, ch.station_id, ch.station_name,
	ch.authorization_id, ch.created_at, ch.expires_at, ch.answer`

func scanChallenge(row interface{ Scan(...any) error }) (*fuelportal.PumpChallenge, error) {
	c := &fuelportal.PumpChallenge{}
	var driver sql.NullInt64
	var created, expires nullTime
	var answer sql.NullString
	if err := row.Scan(&c.ID, &c.CompanyID, &c.CardID, &c.CardNumber, &driver, &c.UnitNumber, &c.StationID, &c.StationName,
		&c.AuthorizationID, &created, &expires, &answer); err != nil {
		return nil, err
	}
	c.DriverUserID, c.CreatedAt, c.ExpiresAt, c.Answer = driver.Int64, created.Time, expires.Time, answer.String
	return c, nil
}

// OpenPumpChallenges are the driver's challenges not answered and not
// expired at now, newest first.
func (db *DB) OpenPumpChallenges(ctx context.Context, companyID, userID int64, now time.Time) (list []*fuelportal.PumpChallenge, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		list, err = queryList(ctx, tx, scanChallenge, `SELECT `+challengeColumns+` FROM pump_check_challenges ch JOIN cards c ON c.id = ch.card_id
			WHERE ch.company_id = ? AND ch.driver_user_id = ? AND ch.answer IS NULL AND ch.expires_at > ? ORDER BY ch.id DESC LIMIT 20`,
			companyID, userID, now)
		return err
	})
	return list, err
}

// PumpChallengeToAnswer reads driver userID's challenge id of company
// companyID, for their answer. Another driver's or company's challenge is
// ENOTFOUND.
func (tx *Tx) PumpChallengeToAnswer(ctx context.Context, companyID, userID, id int64) (*fuelportal.PumpChallenge, error) {
	c, err := scanChallenge(tx.QueryRow(ctx, `SELECT `+challengeColumns+` FROM pump_check_challenges ch JOIN cards c ON c.id = ch.card_id
		WHERE ch.id = ? AND ch.company_id = ? AND ch.driver_user_id = ?`, id, companyID, userID))
	if isNoRows(err) {
		return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "Challenge not found")
	}
	return c, err
}

// AnswerPumpChallenge records answer to challenge c (c.Answer set) and
// audits it. A challenge answered meanwhile is ECONFLICT
// (fuelportal.MsgPumpChallengeClosed): of two concurrent answers one wins.
func (tx *Tx) AnswerPumpChallenge(ctx context.Context, c *fuelportal.PumpChallenge, answer fuelportal.PumpAnswer) error {
	res, err := tx.Exec(ctx, `UPDATE pump_check_challenges SET answer = ?, answered_at = ? WHERE id = ? AND answer IS NULL`, answer, tx.Now, c.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgPumpChallengeClosed)
	}
	c.Answer = string(answer)
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: c.CompanyID, Kind: fuelportal.AuditPumpChallengeAnswered,
		ObjectType: fuelportal.AuditObjectCard, ObjectID: c.CardNumber, After: map[string]any{"challenge": c.ID, "answer": answer}})
}

// FreezeCard makes card cardID INACTIVE: its driver answered No to a pump
// check.
func (tx *Tx) FreezeCard(ctx context.Context, cardID int64) error {
	_, err := tx.Exec(ctx, `UPDATE cards SET status = ?, updated_at = ? WHERE id = ?`, fuelportal.CardInactive, tx.Now, cardID)
	return err
}
