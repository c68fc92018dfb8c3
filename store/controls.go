package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"fuelportal"
	"fuelportal/rules"
)

// Card controls are stored as JSON of fuelportal.Controls (the rules
// column of company_controls and card_controls): always read whole, never
// searched by field.

func controlsJSON(c fuelportal.Controls) (string, error) {
	b, err := json.Marshal(c)
	return string(b), err
}

func parseControls(s sql.NullString) (fuelportal.Controls, error) {
	var c fuelportal.Controls
	if !s.Valid || s.String == "" {
		return c, nil
	}
	if err := json.Unmarshal([]byte(s.String), &c); err != nil {
		return c, fmt.Errorf("card controls: %w", err)
	}
	return c, nil
}

// companyCardID returns the id of the company's card number, ENOTFOUND for
// a missing card or another company's.
func (tx *Tx) companyCardID(ctx context.Context, companyID int64, number string) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM cards WHERE company_id = ? AND card_number = ?`, companyID, number).Scan(&id)
	return id, notFound(err, "Card not found")
}

// CompanyControls returns the company's default controls (none, in
// fuelportal.DefaultTimeZone, until the owner saves some).
func (db *DB) CompanyControls(ctx context.Context, companyID int64) (c *fuelportal.CompanyControls, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		c, err = tx.CompanyControls(ctx, companyID)
		return err
	})
	return c, err
}

// CompanyControls is DB.CompanyControls in tx (the company's time zone of
// a notice the caller words).
func (tx *Tx) CompanyControls(ctx context.Context, companyID int64) (*fuelportal.CompanyControls, error) {
	c := &fuelportal.CompanyControls{TimeZone: fuelportal.DefaultTimeZone, Prompt: fuelportal.PromptNone}
	var rules sql.NullString
	err := tx.QueryRow(ctx, `SELECT rules, time_zone, prompt FROM company_controls WHERE company_id = ?`, companyID).Scan(&rules, &c.TimeZone, &c.Prompt)
	if err != nil && !isNoRows(err) {
		return nil, err
	}
	c.Controls, err = parseControls(rules)
	return c, err
}

// SaveCompanyControls validates and saves the company's default controls
// and returns them as saved. Field errors are EINVALID.
func (db *DB) SaveCompanyControls(ctx context.Context, companyID int64, c fuelportal.CompanyControls) (*fuelportal.CompanyControls, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	rules, err := controlsJSON(c.Controls)
	if err != nil {
		return nil, err
	}
	err = db.InTx(ctx, func(tx *Tx) error {
		before, err := tx.CompanyControls(ctx, companyID)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO company_controls (company_id, rules, time_zone, prompt, updated_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (company_id) DO UPDATE SET rules = excluded.rules, time_zone = excluded.time_zone, prompt = excluded.prompt,
				updated_at = excluded.updated_at`,
			companyID, rules, c.TimeZone, c.Prompt, tx.Now); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditCompanyControlsSet,
			ObjectType: fuelportal.AuditObjectCompany, ObjectID: strconv.FormatInt(companyID, 10), Before: before.View(), After: c.View()})
	})
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// CardControls returns the card's own controls (a nil field inherits the
// company default). A card of another company is ENOTFOUND.
func (db *DB) CardControls(ctx context.Context, companyID int64, cardNumber string) (c fuelportal.Controls, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		cardID, err := tx.companyCardID(ctx, companyID, cardNumber)
		if err != nil {
			return err
		}
		var rules sql.NullString
		err = tx.QueryRow(ctx, `SELECT rules FROM card_controls WHERE card_id = ?`, cardID).Scan(&rules)
		if err != nil && !isNoRows(err) {
			return err
		}
		c, err = parseControls(rules)
		return err
	})
	return c, err
}

// SaveCardControls validates and saves the card's own controls and returns
// them as saved. Field errors are EINVALID; a card of another company is
// ENOTFOUND.
func (db *DB) SaveCardControls(ctx context.Context, companyID int64, cardNumber string, c fuelportal.Controls) (fuelportal.Controls, error) {
	if err := c.Validate(); err != nil {
		return c, err
	}
	rules, err := controlsJSON(c)
	if err != nil {
		return c, err
	}
	err = db.InTx(ctx, func(tx *Tx) error {
		cardID, err := tx.companyCardID(ctx, companyID, cardNumber)
		if err != nil {
			return err
		}
		var was sql.NullString
		if err := tx.QueryRow(ctx, `SELECT rules FROM card_controls WHERE card_id = ?`, cardID).Scan(&was); err != nil && !isNoRows(err) {
			return err
		}
		before, err := parseControls(was)
		if err != nil {
			return err
		}
		if _, err = tx.Exec(ctx, `
			INSERT INTO card_controls (card_id, company_id, rules, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (card_id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
			cardID, companyID, rules, tx.Now); err != nil {
			return err
		}
		return tx.auditCard(ctx, companyID, cardID, fuelportal.AuditCardControlsSet, before.View(), c.View())
	})
	return c, err
}

// GrantOverride lifts the card's rules (never the wallet or credit limit)
// for hours from now and returns until when; the card's pump prompt too
// only when liftsPrompt (the owner's explicit choice). A card of another
// company is ENOTFOUND. The caller has checked the hours
// (overrides.Service).
func (db *DB) GrantOverride(ctx context.Context, companyID int64, cardNumber string, hours int, liftsPrompt bool) (until time.Time, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		cardID, err := tx.companyCardID(ctx, companyID, cardNumber)
		if err != nil {
			return err
		}
		if until, err = tx.GrantOverride(ctx, companyID, cardID, hours, liftsPrompt); err != nil {
			return err
		}
		return tx.auditCard(ctx, companyID, cardID, fuelportal.AuditOverrideGranted, nil,
			map[string]any{"hours": hours, "until": until, "liftsPrompt": liftsPrompt})
	})
	return until, err
}

// GrantOverride is DB.GrantOverride within tx for a card id the caller
// already checked belongs to companyID (an approved override request).
func (tx *Tx) GrantOverride(ctx context.Context, companyID, cardID int64, hours int, liftsPrompt bool) (time.Time, error) {
	until := tx.Now.Add(time.Duration(hours) * time.Hour).Truncate(time.Second)
	_, err := tx.Exec(ctx, `
		INSERT INTO card_overrides (card_id, company_id, until, granted_at, lifts_prompt) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (card_id) DO UPDATE SET until = excluded.until, granted_at = excluded.granted_at, lifts_prompt = excluded.lifts_prompt`,
		cardID, companyID, until, tx.Now, liftsPrompt)
	return until, err
}

// EndOverride ends the card's override now (nothing to end is fine). A card
// of another company is ENOTFOUND.
func (db *DB) EndOverride(ctx context.Context, companyID int64, cardNumber string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		cardID, err := tx.companyCardID(ctx, companyID, cardNumber)
		if err != nil {
			return err
		}
		var until nullTime
		if err := tx.QueryRow(ctx, `SELECT until FROM card_overrides WHERE card_id = ?`, cardID).Scan(&until); err != nil && !isNoRows(err) {
			return err
		}
		if _, err = tx.Exec(ctx, `DELETE FROM card_overrides WHERE card_id = ?`, cardID); err != nil {
			return err
		}
		return tx.auditCard(ctx, companyID, cardID, fuelportal.AuditOverrideEnded, map[string]any{"until": until.Time}, map[string]any{"until": tx.Now})
	})
}

// CardControlSummary is what the card list shows of a card's controls.
type CardControlSummary struct {
	Active             bool       // any rule applies, own or inherited
	OverrideUntil      *time.Time // an active override's end
	MonthlyBudgetCents *int64     // own or inherited
	MonthSpendCents    int64      // approved funded totals this month (company time zone)
}

// CardControlSummaries returns the summary of each of the company's cards
// by card id, at now.
func (db *DB) CardControlSummaries(ctx context.Context, companyID int64, now time.Time) (sums map[int64]*CardControlSummary, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		company, err := tx.CompanyControls(ctx, companyID)
		if err != nil {
			return err
		}
		p := rules.PeriodsOf(now, company.Location())
		rows, err := tx.Query(ctx, `
			SELECT c.id, cc.rules, ov.until,
				(SELECT COALESCE(SUM(t.funded_total_cents), 0) FROM card_transactions t
				 WHERE t.card_id = c.id AND t.status = 'APPROVED' AND t.transaction_date >= ? AND t.transaction_date < ?)
			FROM cards c
			LEFT JOIN card_controls cc ON cc.card_id = c.id
			LEFT JOIN card_overrides ov ON ov.card_id = c.id AND ov.until > ?
			WHERE c.company_id = ?`, p.MonthStart, p.MonthEnd, now, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		sums = map[int64]*CardControlSummary{}
		for rows.Next() {
			var id int64
			var rules sql.NullString
			var until nullTime
			s := &CardControlSummary{}
			if err := rows.Scan(&id, &rules, &until, &s.MonthSpendCents); err != nil {
				return err
			}
			own, err := parseControls(rules)
			if err != nil {
				return err
			}
			eff := own.Over(company.Controls)
			s.Active, s.MonthlyBudgetCents = eff.Active(), eff.MonthlyBudgetCents
			if until.Valid {
				u := until.Time.UTC()
				s.OverrideUntil = &u
			}
			sums[id] = s
		}
		return rows.Err()
	})
	return sums, err
}

// CardsBudget returns the sum of the company's cards' monthly budgets (nil
// when no card has one) and what they spent this month, at now.
func (db *DB) CardsBudget(ctx context.Context, companyID int64, now time.Time) (budgetCents *int64, spendCents int64, err error) {
	sums, err := db.CardControlSummaries(ctx, companyID, now)
	if err != nil {
		return nil, 0, err
	}
	for _, s := range sums {
		spendCents += s.MonthSpendCents
		if s.MonthlyBudgetCents != nil {
			if budgetCents == nil {
				budgetCents = new(int64)
			}
			*budgetCents += *s.MonthlyBudgetCents
		}
	}
	return budgetCents, spendCents, nil
}

// CardRules are a card's effective controls as a purchase reads them.
type CardRules struct {
	Controls fuelportal.Controls // the card's own over the company default
	Location *time.Location      // the company's time zone
	// OverrideUntil is the end of the card's override (zero: none);
	// OverrideLiftsPrompt is set when it lifts the pump prompt too.
	OverrideUntil       time.Time
	OverrideLiftsPrompt bool
}

// Overridden reports whether an override lifts the card's rules at now.
func (r *CardRules) Overridden(now time.Time) bool { return r.OverrideUntil.After(now) }

// PromptLifted reports whether an override lifts the card's pump prompt at
// now.
func (r *CardRules) PromptLifted(now time.Time) bool {
	return r.OverrideLiftsPrompt && r.Overridden(now)
}

// newCardRules makes a card's effective rules of its own controls, its
// company's default and time zone, and its override's end and whether it
// lifts the prompt, as read.
func newCardRules(cardRulesJSON, companyRulesJSON, timeZone sql.NullString, until nullTime, liftsPrompt sql.NullBool) (*CardRules, error) {
	own, err := parseControls(cardRulesJSON)
	if err != nil {
		return nil, err
	}
	company := fuelportal.CompanyControls{TimeZone: timeZone.String}
	if company.Controls, err = parseControls(companyRulesJSON); err != nil {
		return nil, err
	}
	return &CardRules{Controls: own.Over(company.Controls), Location: company.Location(), OverrideUntil: until.Time,
		OverrideLiftsPrompt: liftsPrompt.Bool}, nil
}

// cardHistory finds the card's latest approved purchase up to t's time
// and, when sums are asked for, sums its approved purchases other than t
// over the periods, and reads the available balance (balance less holds) of the wallet of
// t's company (0 while it is not opened), in one statement (without sums, over an empty
// range).
func (tx *Tx) cardHistory(ctx context.Context, t *fuelportal.Transaction, p rules.Periods, sums bool) (h rules.CardHistory, walletCents int64, err error) {
	from, to := p.WeekStart, p.WeekEnd
	if p.MonthStart.Before(from) {
		from = p.MonthStart
	}
	if p.MonthEnd.After(to) {
		to = p.MonthEnd
	}
	if !sums {
		to = from
	}
	var last nullTime
	var lat, lon sql.NullFloat64
	var wallet sql.NullInt64
	var heldCents, heldGallons, holds int64
	heldCard := t.CardID // the card's open holds count only when the sums do (no card has id 0)
	if !sums {
		heldCard = 0
	}
	err = tx.QueryRow(ctx, `
		SELECT sums.day_cents, sums.day_gallons, sums.day_purchases, sums.week_cents, sums.month_cents,
			latest.transaction_date, latest.latitude, latest.longitude,
			(SELECT balance_cents - `+walletHeldSQL+` FROM ledger_accounts WHERE company_id = ?),
			held.cents, held.gallons, held.n
		FROM (
			SELECT
				COALESCE(SUM(CASE WHEN transaction_date >= ? AND transaction_date < ? THEN funded_total_cents END), 0) AS day_cents,
				COALESCE(SUM(CASE WHEN transaction_date >= ? AND transaction_date < ? THEN gallons_milli END), 0) AS day_gallons,
				COUNT(CASE WHEN transaction_date >= ? AND transaction_date < ? THEN 1 END) AS day_purchases,
				COALESCE(SUM(CASE WHEN transaction_date >= ? AND transaction_date < ? THEN funded_total_cents END), 0) AS week_cents,
				COALESCE(SUM(CASE WHEN transaction_date >= ? AND transaction_date < ? THEN funded_total_cents END), 0) AS month_cents
			FROM card_transactions
			WHERE card_id = ? AND status = 'APPROVED' AND transaction_date >= ? AND transaction_date < ? AND id <> ?
		) sums
		LEFT JOIN (
			SELECT t.transaction_date, s.latitude, s.longitude
			FROM card_transactions t JOIN stations s ON s.id = t.location_id
			WHERE t.card_id = ? AND t.status = 'APPROVED' AND t.transaction_date <= ? AND t.id <> ?
			ORDER BY t.transaction_date DESC
			LIMIT 1
		) latest ON 1 = 1
		CROSS JOIN (
			SELECT COALESCE(SUM(held_cents), 0) AS cents, COALESCE(SUM(`+heldGallonsSQL+`), 0) AS gallons, COUNT(*) AS n
			FROM card_authorizations WHERE card_id = ? AND status = 'HELD'
		) held`,
		t.CompanyID,
		p.DayStart, p.DayEnd, p.DayStart, p.DayEnd, p.DayStart, p.DayEnd, p.WeekStart, p.WeekEnd, p.MonthStart, p.MonthEnd,
		t.CardID, from, to, t.ID,
		t.CardID, t.TransactionDate, t.ID,
		heldCard,
	).Scan(&h.DayCents, &h.DayGallons, &h.DayPurchases, &h.WeekCents, &h.MonthCents, &last, &lat, &lon, &wallet,
		&heldCents, &heldGallons, &holds)
	if err != nil {
		return h, 0, err
	}
	// An open hold is a purchase about to be captured (days old at most):
	// it counts in the day, week and month as one, until its capture turns
	// it into the purchase counted above (in the same transaction that
	// ends the hold) or its release drops it. Concurrent authorizations on
	// one card cannot slip past a limit together, nor can a purchase
	// decided beside a hold.
	h.DayCents += heldCents
	h.WeekCents += heldCents
	h.MonthCents += heldCents
	h.DayGallons += fuelportal.Gallons(heldGallons)
	h.DayPurchases += int(holds)
	// The latest one up to t's time (ties in time: any of them).
	if last.Valid {
		h.Last = &rules.PlaceAndTime{Time: last.Time, Latitude: lat.Float64, Longitude: lon.Float64}
	}
	return h, wallet.Int64, nil
}

// DriverCard is a driver's card as its holder reads it at one instant: its
// effective rules and what its periodic limits leave of them.
type DriverCard struct {
	CardNumber string
	Status     fuelportal.CardStatus
	Controls   fuelportal.Controls // its own over the company default
	TimeZone   string              // the company's, in which days and hours count
	Left       rules.Allowance     // at now (nothing is left to count under an override: still computed)
	// OverrideUntil is an active override's end (nil: none);
	// OverrideLiftsPrompt is set when it lifts the pump prompt too.
	OverrideUntil       *time.Time
	OverrideLiftsPrompt bool
	// Prompts are what the pump asks on the card and the values to type.
	Prompts fuelportal.PumpPrompts
	// Issuer is the card's program (fuelportal.IssuerNetwork or
	// IssuerStripe) and IssuerCardID its id there: a Stripe card's details
	// can be revealed.
	Issuer, IssuerCardID string
	// VehicleTankGallons is the tank of the company's vehicle whose unit
	// number the card carries (nil: none).
	VehicleTankGallons *fuelportal.Gallons
	// PumpCheck is set when the pump check applies to the card (its
	// group's setting, else its company's, is on).
	PumpCheck bool
	// Shipping is the card's shipment (nil: a card that is not shipped).
	Shipping *fuelportal.CardShipping
}

// DriverCard returns the card cardID of companyID as its driver reads it at
// now. A card of another company is ENOTFOUND.
func (db *DB) DriverCard(ctx context.Context, companyID, cardID int64, now time.Time) (c *DriverCard, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var ownRules, companyRules, timeZone, companyPrompt sql.NullString
		var until nullTime
		var liftsPrompt sql.NullBool
		var tank sql.NullInt64
		var companyPump, groupPump sql.NullString
		var card fuelportal.Card
		var shipStatus, carrier, tracking, trackingURL sql.NullString
		var eta nullTime
		c = &DriverCard{}
		err := tx.QueryRow(ctx, `
			SELECT c.card_number, c.status, c.issuer, COALESCE(c.issuer_card_id, ''), c.driver_id, c.unit_number, c.prompt, co.prompt, cc.rules, co.rules, co.time_zone,
				ov.until, ov.lifts_prompt,
				(SELECT v.tank_capacity_milli FROM vehicles v
				 WHERE v.company_id = c.company_id AND v.unit_number = c.unit_number AND c.unit_number <> ''),
				cm.pump_check, mg.pump_check,
				c.shipping_status, c.shipping_carrier, c.shipping_tracking_number, c.shipping_tracking_url, c.shipping_eta
			FROM cards c
			LEFT JOIN card_controls cc ON cc.card_id = c.id
			LEFT JOIN company_controls co ON co.company_id = c.company_id
			LEFT JOIN card_overrides ov ON ov.card_id = c.id AND ov.until > ?
			LEFT JOIN companies cm ON cm.id = c.company_id
			LEFT JOIN member_groups mg ON mg.id = c.group_id
			WHERE c.id = ? AND c.company_id = ?`, now, cardID, companyID,
		).Scan(&c.CardNumber, &c.Status, &c.Issuer, &c.IssuerCardID, &card.DriverID, &card.UnitNumber, &card.Prompt, &companyPrompt, &ownRules, &companyRules, &timeZone,
			&until, &liftsPrompt, &tank, &companyPump, &groupPump, &shipStatus, &carrier, &tracking, &trackingURL, &eta)
		if err != nil {
			return notFound(err, "Card not found")
		}
		if shipStatus.Valid {
			c.Shipping = &fuelportal.CardShipping{Status: fuelportal.ShippingStatus(shipStatus.String), Carrier: carrier.String,
				TrackingNumber: tracking.String, TrackingURL: trackingURL.String, ETA: eta.Ptr()}
		}
		pump, err := pumpSettings(companyPump, groupPump)
		if err != nil {
			return err
		}
		c.PumpCheck = pump.Enabled
		r, err := newCardRules(ownRules, companyRules, timeZone, until, liftsPrompt)
		if err != nil {
			return err
		}
		c.Controls, c.TimeZone = r.Controls, r.Location.String()
		c.Prompts = fuelportal.PromptsOf(card.Prompt.Or(fuelportal.PromptMode(companyPrompt.String)), &card)
		c.OverrideLiftsPrompt = r.PromptLifted(now)
		if until.Valid {
			u := until.Time.UTC()
			c.OverrideUntil = &u
		}
		if tank.Valid {
			g := fuelportal.Gallons(tank.Int64)
			c.VehicleTankGallons = &g
		}
		// The sums the next purchase would be decided on (ID 0 is no purchase).
		probe := &fuelportal.Transaction{CompanyID: companyID, CardID: cardID, TransactionDate: now}
		h, _, err := tx.cardHistory(ctx, probe, rules.PeriodsOf(now, r.Location), rules.NeedsHistory(r.Controls))
		if err != nil {
			return err
		}
		c.Left = rules.AllowanceLeft(r.Controls, h)
		return nil
	})
	return c, err
}
