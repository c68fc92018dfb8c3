package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"fuelportal"
)

// Trips: tables trips, trip_plans, trip_plan_stops and
// trip_transactions (migration 00440).

const tripColumns = `t.id, t.company_id, t.card_id, c.card_number, c.driver_name, t.status, t.lock_card, t.owner_lock, t.origin_name, t.destination_name, t.unit_number,
	t.tank_gallons_milli, t.current_fuel_milli, t.search_radius_milli, t.min_gallons_milli, t.route, t.plan_version, t.created_at, t.updated_at`

const tripFrom = ` FROM trips t JOIN cards c ON c.id = t.card_id `

func scanTrip(row interface{ Scan(...any) error }) (*fuelportal.Trip, int, error) {
	t := &fuelportal.Trip{}
	var lock, ownerLock int64
	var route string
	var version int
	var created, updated nullTime
	err := row.Scan(&t.ID, &t.CompanyID, &t.CardID, &t.CardNumber, &t.DriverName, &t.Status, &lock, &ownerLock, &t.OriginName, &t.DestinationName, &t.UnitNumber,
		&t.TankGallons, &t.CurrentFuel, &t.SearchRadius, &t.MinGallons, &route, &version, &created, &updated)
	if err != nil {
		return nil, 0, err
	}
	t.LockCard, t.OwnerLock = lock == 1, ownerLock == 1
	t.CreatedAt, t.UpdatedAt = created.Time, updated.Time
	var points [][2]float64
	if err := json.Unmarshal([]byte(route), &points); err != nil {
		return nil, 0, fmt.Errorf("trip %d route: %w", t.ID, err)
	}
	t.Route = make([]fuelportal.TripPoint, len(points))
	for i, p := range points {
		t.Route[i] = fuelportal.TripPoint{Lat: p[0], Lon: p[1]}
	}
	return t, version, nil
}

func tripScopeWhere(s fuelportal.TransactionScope) (string, []any) {
	if s.CardID != 0 && s.HolderUserID != 0 {
		// A driver: the trips planned since they got the card.
		return `t.company_id = ? AND t.card_id = ? AND t.created_at >= (SELECT COALESCE(k.holder_since, t.created_at) FROM cards k
			WHERE k.id = t.card_id AND k.driver_user_id = ?)`, []any{s.CompanyID, s.CardID, s.HolderUserID}
	}
	if s.CardID != 0 {
		return `t.company_id = ? AND t.card_id = ?`, []any{s.CompanyID, s.CardID}
	}
	if s.GroupID != 0 {
		return `t.company_id = ? AND t.card_id IN (SELECT id FROM cards WHERE company_id = ? AND group_id = ?)`, []any{s.CompanyID, s.CompanyID, s.GroupID}
	}
	return `t.company_id = ?`, []any{s.CompanyID}
}

// byDriver reports whether scope is a driver's (their own card's) rather
// than an owner's or the system's (the whole company's).
func byDriver(s fuelportal.TransactionScope) bool { return s.CardID != 0 }

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// CreateTrip saves t (ACTIVE, with t.Plan, already made, as version 1)
// for the card with t.CardNumber within scope, setting its ids and times,
// and audits it; a t.CreatedAt already set is kept (the demo data dates its
// trips in the past). A lock set within a company's scope (an owner) is an
// owner lock, within a card's (its driver) the driver's own. A card outside
// the scope is ENOTFOUND; a card that already has an active trip
// ECONFLICT. The caller publishes what the new trip tells
// (trips.Service).
func (tx *Tx) CreateTrip(ctx context.Context, scope fuelportal.TransactionScope, t *fuelportal.Trip) error {
	card, err := tx.tripCard(ctx, scope, t.CardNumber)
	if err != nil {
		return err
	}
	route := make([][2]float64, len(t.Route))
	for i, p := range t.Route {
		route[i] = [2]float64{p.Lat, p.Lon}
	}
	routeJSON, err := json.Marshal(route)
	if err != nil {
		return err
	}
	t.CompanyID, t.CardID, t.DriverName, t.Status = card.CompanyID, card.ID, card.DriverName, fuelportal.TripActive
	if t.UnitNumber = strings.TrimSpace(t.UnitNumber); t.UnitNumber != "" {
		// Checked again in the trip's transaction: the vehicle may have
		// gone out of service since CheckTripUnit.
		if err := tx.checkTripUnit(ctx, scope, t.UnitNumber, fuelportal.CheckTripUnit); err != nil {
			return err
		}
	}
	t.OwnerLock = t.LockCard && !byDriver(scope)
	if t.CreatedAt.IsZero() {
		t.CreatedAt = tx.Now
	}
	t.UpdatedAt = t.CreatedAt
	err = tx.QueryRow(ctx, `
		INSERT INTO trips (company_id, card_id, status, lock_card, owner_lock, origin_name, destination_name, unit_number, tank_gallons_milli,
			current_fuel_milli, search_radius_milli, min_gallons_milli, route, plan_version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
		RETURNING id`,
		t.CompanyID, t.CardID, t.Status, boolInt(t.LockCard), boolInt(t.OwnerLock), t.OriginName, t.DestinationName, t.UnitNumber, t.TankGallons,
		t.CurrentFuel, t.SearchRadius, t.MinGallons, string(routeJSON), t.CreatedAt, t.UpdatedAt).Scan(&t.ID)
	if isUniqueViolation(err) {
		return fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgTripCardBusy)
	} else if err != nil {
		return err
	}
	t.Plan.Reason = fuelportal.TripPlanCreated
	// The first plan is the trip's own, made with it (a trip dated in the past has its plan of then).
	if err := tx.addTripPlan(ctx, t.ID, t.Plan, t.CreatedAt); err != nil {
		return err
	}
	t.CardNumber = card.CardNumber
	return tx.auditTrip(ctx, fuelportal.AuditTripCreated, t, nil, map[string]any{"cardNumber": t.CardNumber, "origin": t.OriginName,
		"destination": t.DestinationName, "lockCard": t.LockCard, "status": t.Status, "planVersion": t.Plan.Version})
}

// tripCard returns the card with number if scope holds it, else ENOTFOUND.
func (tx *Tx) tripCard(ctx context.Context, scope fuelportal.TransactionScope, number string) (*fuelportal.Card, error) {
	card, err := tx.CardByNumber(ctx, number)
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND || err == nil && (card.CompanyID != scope.CompanyID || scope.CardID != 0 && card.ID != scope.CardID) {
		return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "Card not found")
	} else if err != nil {
		return nil, err
	}
	if err := tx.cardInGroup(ctx, card.ID, scope.GroupID); err != nil {
		return nil, err
	}
	return card, nil
}

// cardInGroup is nil when card cardID is in group groupID (0: any group
// will do), else ENOTFOUND: a member limited to a group does not see the
// others' cards.
func (tx *Tx) cardInGroup(ctx context.Context, cardID, groupID int64) error {
	if groupID == 0 {
		return nil
	}
	var group sql.NullInt64
	if err := tx.QueryRow(ctx, `SELECT group_id FROM cards WHERE id = ?`, cardID).Scan(&group); err != nil {
		return notFound(err, "Card not found")
	}
	if group.Int64 != groupID {
		return fuelportal.Errorf(fuelportal.ENOTFOUND, "Card not found")
	}
	return nil
}

// CheckTripCard is what CreateTrip would refuse about the card before any
// planning: ENOTFOUND outside the scope; then decide is called with the
// card's active trip (nil: none; fuelportal.CheckTripCardFree decides) and
// its error is returned.
func (db *DB) CheckTripCard(ctx context.Context, scope fuelportal.TransactionScope, number string, decide func(active *fuelportal.Trip) error) error {
	return db.InReadTx(ctx, func(tx *Tx) error {
		card, err := tx.tripCard(ctx, scope, number)
		if err != nil {
			return err
		}
		trip, err := tx.activeTrip(ctx, card)
		if err != nil {
			return err
		}
		return decide(trip)
	})
}

// CheckTripUnit is what CreateTrip would refuse about unit number unit
// ("": none named, nothing to check) before any planning: decide is called
// with the vehicle of that unit scope sees (nil: none; a member limited to
// a group sees the group's vehicles only) and its error is returned
// (fuelportal.CheckTripUnit decides).
func (db *DB) CheckTripUnit(ctx context.Context, scope fuelportal.TransactionScope, unit string, decide func(*fuelportal.VehicleUnit) error) error {
	if strings.TrimSpace(unit) == "" {
		return nil
	}
	return db.InReadTx(ctx, func(tx *Tx) error { return tx.checkTripUnit(ctx, scope, unit, decide) })
}

// checkTripUnit reads the vehicle of unit number unit of scope's company
// (of its group when scope has one) and calls decide with it (nil: none).
func (tx *Tx) checkTripUnit(ctx context.Context, scope fuelportal.TransactionScope, unit string, decide func(*fuelportal.VehicleUnit) error) error {
	v := &fuelportal.VehicleUnit{}
	var active int64
	err := tx.QueryRow(ctx, `SELECT unit_number, plate, active FROM vehicles WHERE company_id = ? AND unit_number = ? AND (? = 0 OR group_id = ?)`,
		scope.CompanyID, strings.TrimSpace(unit), scope.GroupID, scope.GroupID).Scan(&v.UnitNumber, &v.Plate, &active)
	if isNoRows(err) {
		v = nil
	} else if err != nil {
		return err
	} else {
		v.Active = active == 1
	}
	return decide(v)
}

// addTripPlan stores p, made at the time given, as the trip's next version and makes it current
// (the caller has decided it may: fuelportal.CheckTripReplan).
func (tx *Tx) addTripPlan(ctx context.Context, tripID int64, p *fuelportal.TripPlan, at time.Time) error {
	var version int
	err := tx.QueryRow(ctx, `UPDATE trips SET plan_version = plan_version + 1, updated_at = ? WHERE id = ? RETURNING plan_version`,
		at, tripID).Scan(&version)
	if err != nil {
		return err
	}
	p.Version, p.CreatedAt = version, at
	var naiveCents, naiveGallons sql.NullInt64
	if p.NaiveAvailable {
		naiveCents, naiveGallons = sql.NullInt64{Int64: p.NaiveCents, Valid: true}, sql.NullInt64{Int64: int64(p.NaiveTotalGallons), Valid: true}
	}
	_, err = tx.Exec(ctx, `
		INSERT INTO trip_plans (trip_id, version, reason, start_index, start_fuel_milli, total_cents, total_gallons_milli,
			naive_cents, naive_gallons_milli, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		tripID, version, p.Reason, p.StartIndex, p.StartFuel, p.TotalCents, p.TotalGallons, naiveCents, naiveGallons, p.CreatedAt)
	if err != nil {
		return err
	}
	for i, s := range p.Stops {
		_, err := tx.Exec(ctx, `
			INSERT INTO trip_plan_stops (trip_id, version, seq, station_id, station_name, gallons_milli, price_tenth_cents,
				cost_cents, along_milli, arrival_fuel_milli)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			tripID, version, i, s.StationID, s.StationName, s.Gallons, s.Price, s.CostCents, s.AlongMilli, s.ArrivalFuel)
		if err != nil {
			return err
		}
	}
	return nil
}

// ReplanTrip makes p the new current plan of trip id within scope, read
// for update, and returns the trip, as decide allows: it is called with
// the trip and whether its driver re-plans it (a card's scope)
// (fuelportal.CheckTripReplan decides) and its error is returned. The
// caller publishes what the new plan tells (trips.Service). ENOTFOUND
// outside the scope.
func (tx *Tx) ReplanTrip(ctx context.Context, scope fuelportal.TransactionScope, id int64, p *fuelportal.TripPlan, decide func(t *fuelportal.Trip, byDriver bool) error) (*fuelportal.Trip, error) {
	t, err := tx.trip(ctx, scope, id, true)
	if err != nil {
		return nil, err
	}
	if err := decide(t, byDriver(scope)); err != nil {
		return nil, err
	}
	was := t.Plan
	if err := tx.AddTripPlan(ctx, t, p); err != nil {
		return nil, err
	}
	var before any
	if was != nil {
		before = map[string]any{"planVersion": was.Version}
	}
	return t, tx.auditTrip(ctx, fuelportal.AuditTripReplanned, t, before, map[string]any{"planVersion": p.Version})
}

// AddTripPlan makes p the current plan of active trip t, read for update
// (the caller has decided it may), as of the transaction's time.
func (tx *Tx) AddTripPlan(ctx context.Context, t *fuelportal.Trip, p *fuelportal.TripPlan) error {
	if err := tx.addTripPlan(ctx, t.ID, p, tx.Now); err != nil {
		return err
	}
	t.Plan, t.UpdatedAt = p, tx.Now
	return nil
}

// CardHolder returns the user id of the signed-up driver holding card
// cardID (0: none).
func (tx *Tx) CardHolder(ctx context.Context, cardID int64) (int64, error) {
	var driver sql.NullInt64
	err := tx.QueryRow(ctx, `SELECT driver_user_id FROM cards WHERE id = ?`, cardID).Scan(&driver)
	return driver.Int64, err
}

// trip reads the trip id within scope with its current plan; forUpdate
// takes the row lock first on PostgreSQL (SQLite's writer is alone anyway).
func (tx *Tx) trip(ctx context.Context, scope fuelportal.TransactionScope, id int64, forUpdate bool) (*fuelportal.Trip, error) {
	where, args := tripScopeWhere(scope)
	lock := ""
	if forUpdate && tx.Engine() == Postgres {
		lock = ` FOR UPDATE OF t`
	}
	t, version, err := scanTrip(tx.QueryRow(ctx, `SELECT `+tripColumns+tripFrom+`WHERE t.id = ? AND `+where+lock, append([]any{id}, args...)...))
	if err != nil {
		return nil, notFound(err, "Trip not found")
	}
	plans, err := tx.tripPlans(ctx, id, version, version)
	if err != nil {
		return nil, err
	}
	if len(plans) == 1 {
		t.Plan = plans[0]
	}
	return t, nil
}

// Trip returns the trip id within scope with its current plan, or ENOTFOUND.
func (db *DB) Trip(ctx context.Context, scope fuelportal.TransactionScope, id int64) (t *fuelportal.Trip, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		t, err = tx.trip(ctx, scope, id, false)
		return err
	})
	return t, err
}

// tripPlans reads the trip's plan versions from to to (both included),
// oldest first.
func (tx *Tx) tripPlans(ctx context.Context, tripID int64, from, to int) ([]*fuelportal.TripPlan, error) {
	cond, args := `trip_id = ? AND version >= ? AND version <= ?`, []any{tripID, from, to}
	rows, err := tx.Query(ctx, `
		SELECT version, reason, start_index, start_fuel_milli, total_cents, total_gallons_milli, naive_cents, naive_gallons_milli, created_at
		FROM trip_plans WHERE `+cond+` ORDER BY version`, args...)
	if err != nil {
		return nil, err
	}
	var plans []*fuelportal.TripPlan
	byVersion := map[int]*fuelportal.TripPlan{}
	for rows.Next() {
		p := &fuelportal.TripPlan{}
		var naiveCents, naiveGallons sql.NullInt64
		var created nullTime
		if err := rows.Scan(&p.Version, &p.Reason, &p.StartIndex, &p.StartFuel, &p.TotalCents, &p.TotalGallons, &naiveCents, &naiveGallons, &created); err != nil {
			rows.Close()
			return nil, err
		}
		p.NaiveAvailable, p.NaiveCents, p.NaiveTotalGallons = naiveCents.Valid, naiveCents.Int64, fuelportal.Gallons(naiveGallons.Int64)
		p.CreatedAt = created.Time
		plans = append(plans, p)
		byVersion[p.Version] = p
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, `
		SELECT version, station_id, station_name, gallons_milli, price_tenth_cents, cost_cents, along_milli, arrival_fuel_milli
		FROM trip_plan_stops WHERE `+cond+` ORDER BY version, seq`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var version int
		var s fuelportal.TripStop
		if err := rows.Scan(&version, &s.StationID, &s.StationName, &s.Gallons, &s.Price, &s.CostCents, &s.AlongMilli, &s.ArrivalFuel); err != nil {
			return nil, err
		}
		if p := byVersion[version]; p != nil {
			p.Stops = append(p.Stops, s)
		}
	}
	return plans, rows.Err()
}

// TripPlanVersions returns one page of the plan versions of trip (read in
// its scope), newest first: from its current version down, skipping offset
// and at most limit. A trip's versions are 1 to its current one, so that
// is how many it has.
func (db *DB) TripPlanVersions(ctx context.Context, trip *fuelportal.Trip, offset, limit int) (plans []*fuelportal.TripPlan, err error) {
	if trip.Plan == nil || limit <= 0 {
		return nil, nil
	}
	to := trip.Plan.Version - offset
	from := max(1, to-limit+1)
	if to < 1 {
		return nil, nil
	}
	err = db.InReadTx(ctx, func(tx *Tx) error {
		plans, err = tx.tripPlans(ctx, trip.ID, from, to)
		return err
	})
	slices.Reverse(plans)
	return plans, err
}

const tripPurchaseColumns = `, plan_version, on_plan, off_plan_gallons_milli, planned_price_tenth_cents, missed_savings_cents`

// TripPurchases returns the purchases recorded against the trip, oldest first.
func (db *DB) TripPurchases(ctx context.Context, tripID int64) (out []fuelportal.TripPurchase, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+transactionColumns+tripPurchaseColumns+`
			FROM trip_transactions JOIN card_transactions ON id = transaction_id
			WHERE trip_id = ? ORDER BY transaction_date, id`, tripID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			t, p, err := scanTripPurchase(rows)
			if err != nil {
				return err
			}
			p.Transaction = t
			out = append(out, p)
		}
		return rows.Err()
	})
	return out, err
}

func scanTripPurchase(rows *sql.Rows) (*fuelportal.Transaction, fuelportal.TripPurchase, error) {
	var p fuelportal.TripPurchase
	var onPlan int64
	extra := []any{&p.PlanVersion, &onPlan, &p.OffPlanGallons, &p.PlannedPrice, &p.MissedSavingsCents}
	t, err := scanTransaction(scanAppend{rows, extra})
	p.OnPlan = onPlan == 1
	return t, p, err
}

// scanAppend scans a row into a scanner's targets followed by extra ones.
type scanAppend struct {
	rows  *sql.Rows
	extra []any
}

func (s scanAppend) Scan(dest ...any) error { return s.rows.Scan(append(dest, s.extra...)...) }

// Trips returns one page of the trips f selects, newest first, and how many
// it selects in all. A CardNumber outside the scope selects nothing.
func (db *DB) Trips(ctx context.Context, f fuelportal.TripFilter) (trips []*fuelportal.Trip, total int, err error) {
	where, args := tripScopeWhere(f.Scope)
	if f.Status != "" {
		where, args = where+` AND t.status = ?`, append(args, f.Status)
	}
	if f.CardNumber != "" {
		where, args = where+` AND c.card_number = ?`, append(args, f.CardNumber)
	}
	err = db.InReadTx(ctx, func(tx *Tx) error {
		if err := tx.QueryRow(ctx, `SELECT COUNT(*)`+tripFrom+`WHERE `+where, args...).Scan(&total); err != nil {
			return err
		}
		trips, err = tx.tripsWithPlans(ctx, `SELECT `+tripColumns+tripFrom+`WHERE `+where+` ORDER BY t.id DESC LIMIT ? OFFSET ?`, append(args, f.Limit, f.Offset)...)
		return err
	})
	return trips, total, err
}

// EndTrip sets trip id within scope, read for update, to status
// (COMPLETED or CANCELLED), which lifts its lock and closes its pending
// requests, and audits it, as decide allows: it is called with the trip
// and whether its driver ends it (a card's scope) (fuelportal.CheckTripEnd
// decides) and its error is returned. The caller publishes what the end
// tells (trips.Service). ENOTFOUND outside the scope.
func (tx *Tx) EndTrip(ctx context.Context, scope fuelportal.TransactionScope, id int64, status fuelportal.TripStatus, decide func(t *fuelportal.Trip, byDriver bool) error) (*fuelportal.Trip, error) {
	t, err := tx.trip(ctx, scope, id, true)
	if err != nil {
		return nil, err
	}
	if err := decide(t, byDriver(scope)); err != nil {
		return nil, err
	}
	if err := tx.SetTripEnded(ctx, t, status); err != nil {
		return nil, err
	}
	return t, tx.auditTrip(ctx, fuelportal.AuditTripEnded, t, map[string]any{"status": fuelportal.TripActive}, map[string]any{"status": t.Status})
}

// SetTripEnded sets trip t, read for update, to status (the caller has
// decided it may: fuelportal.CheckTripEnd) and closes its pending requests.
func (tx *Tx) SetTripEnded(ctx context.Context, t *fuelportal.Trip, status fuelportal.TripStatus) error {
	if _, err := tx.Exec(ctx, `UPDATE trips SET status = ?, updated_at = ? WHERE id = ?`, status, tx.Now, t.ID); err != nil {
		return err
	}
	t.Status, t.UpdatedAt = status, tx.Now
	return tx.closeTripRequests(ctx, t.ID)
}

// ActiveTrips returns every active trip with its current plan (the price
// feed checks their remaining stops after an import).
func (db *DB) ActiveTrips(ctx context.Context) (trips []*fuelportal.Trip, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		trips, err = tx.tripsWithPlans(ctx, `SELECT `+tripColumns+tripFrom+`WHERE t.status = ? ORDER BY t.id`, fuelportal.TripActive)
		return err
	})
	return trips, err
}

// activeTrip returns the card's active trip with its current plan, or nil.
func (tx *Tx) activeTrip(ctx context.Context, card *fuelportal.Card) (*fuelportal.Trip, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM trips WHERE card_id = ? AND status = ?`, card.ID, fuelportal.TripActive).Scan(&id)
	if isNoRows(err) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	return tx.trip(ctx, fuelportal.TransactionScope{CompanyID: card.CompanyID, CardID: card.ID}, id, false)
}

// tripBought reads what the approved purchases made under the trip's
// current plan add up to (fuelportal.TripBought): those recorded against
// the trip from the plan's basis version on. A purchase reads it after
// locking its card's row, so concurrent purchases on the card each see
// the ones committed before them. The open hold of authorization row
// except (0: none), which the purchase being recorded captures, is left
// out: its purchase counts instead.
func (tx *Tx) tripBought(ctx context.Context, trip *fuelportal.Trip, except int64) (fuelportal.TripBought, error) {
	var b fuelportal.TripBought
	if trip == nil || trip.Plan == nil {
		return b, nil
	}
	rows, err := tx.Query(ctx, `
		SELECT ct.location_id, SUM(ct.gallons_milli)
		FROM trip_transactions tt JOIN card_transactions ct ON ct.id = tt.transaction_id
		WHERE tt.trip_id = ? AND ct.status = ? AND tt.plan_version >= (
			SELECT COALESCE(MAX(version), 1) FROM trip_plans WHERE trip_id = ? AND version <= ? AND reason <> ?)
		GROUP BY ct.location_id`,
		trip.ID, fuelportal.TransactionApproved, trip.ID, trip.Plan.Version, fuelportal.TripPlanPriceChange)
	if err != nil {
		return b, err
	}
	defer rows.Close()
	for rows.Next() {
		var station int64
		var g fuelportal.Gallons
		if err := rows.Scan(&station, &g); err != nil {
			return b, err
		}
		b.Add(station, g)
	}
	if err := rows.Err(); err != nil {
		return b, err
	}
	rows.Close()
	// The card's open holds at a known station are gallons bought too,
	// until their capture links the purchase above instead (in the
	// transaction that ends the hold).
	held, err := tx.Query(ctx, `
		SELECT station_id, SUM(`+heldGallonsSQL+`)
		FROM card_authorizations WHERE card_id = ? AND status = 'HELD' AND station_id IS NOT NULL AND id <> ?
		GROUP BY station_id`, trip.CardID, except)
	if err != nil {
		return b, err
	}
	defer held.Close()
	for held.Next() {
		var station int64
		var g fuelportal.Gallons
		if err := held.Scan(&station, &g); err != nil {
			return b, err
		}
		b.Add(station, g)
	}
	return b, held.Err()
}

// recordTripPurchase links the recorded purchase t, fitting the trip's
// plan as fit, to the card's active trip (tripLink).
func (tx *Tx) recordTripPurchase(ctx context.Context, trip *fuelportal.Trip, fit fuelportal.PlanFit, t *fuelportal.Transaction) error {
	link, ok := tripLink(trip, fit, t)
	if !ok {
		return nil
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO trip_transactions (`+tripLinkColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, link...)
	return err
}

const tripLinkColumns = `transaction_id, trip_id, plan_version, on_plan, off_plan_gallons_milli, planned_price_tenth_cents, missed_savings_cents`

// tripLink returns the trip_transactions values (tripLinkColumns) of
// recorded purchase t on a card with active trip (none without a trip or
// plan), fitting the plan as fit: when approved, its off-plan gallons, on
// plan when it has none, and its missed savings
// (fuelportal.PlanFit.MissedSavings); the plan's price for its gallons
// (the stop's, else the plan's average).
func tripLink(trip *fuelportal.Trip, fit fuelportal.PlanFit, t *fuelportal.Transaction) ([]any, bool) {
	if trip == nil || trip.Plan == nil {
		return nil, false
	}
	average := trip.Plan.AveragePrice()
	planned := average
	if fit.AtStop {
		planned = fit.Stop.Price
	}
	var offPlan fuelportal.Gallons
	var missed int64
	if t.Status == fuelportal.TransactionApproved {
		offPlan, missed = fit.OffPlan, fit.MissedSavings(t.NetPrice, average)
	}
	onPlan := t.Status == fuelportal.TransactionApproved && offPlan == 0
	return []any{t.ID, trip.ID, trip.Plan.Version, boolInt(onPlan), offPlan, planned, missed}, true
}

// TripOfTransaction returns the trip the purchase was recorded against
// (0 when none) and whether it was on plan.
func (db *DB) TripOfTransaction(ctx context.Context, transactionID int64) (tripID int64, onPlan bool, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var on int64
		err := tx.QueryRow(ctx, `SELECT trip_id, on_plan FROM trip_transactions WHERE transaction_id = ?`, transactionID).Scan(&tripID, &on)
		if isNoRows(err) {
			return nil
		}
		onPlan = on == 1
		return err
	})
	return tripID, onPlan, err
}

// Compliance returns, per card of scope's company (of its group when scope
// names one), how its trips followed their plans over the period [from, to), worst (most missed savings) first. The
// period counts purchases by their own date: gallons, costs and missed
// savings are those of the approved purchases made in the period on the
// company's trips, a purchase's gallons above its plan off plan (a purchase is recorded against the trip active on its
// card). A trip counts (trips, and its first plan's gallons and cost as the
// planned figures) when it had such a purchase or was created in the
// period, so a trip that spans two periods counts in both.
func (db *DB) Compliance(ctx context.Context, scope fuelportal.TransactionScope, from, to time.Time) (out []fuelportal.ComplianceRow, err error) {
	companyID := scope.CompanyID
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			WITH bought_in AS (
				SELECT ct.card_id, tt.trip_id, tt.off_plan_gallons_milli, ct.gallons_milli, ct.funded_total_cents, tt.missed_savings_cents
				FROM card_transactions ct JOIN trip_transactions tt ON tt.transaction_id = ct.id
				WHERE ct.company_id = ? AND ct.status = ? AND ct.transaction_date >= ? AND ct.transaction_date < ?
			), period AS (
				SELECT id, card_id FROM trips
				WHERE company_id = ? AND ((created_at >= ? AND created_at < ?) OR id IN (SELECT trip_id FROM bought_in))
			), planned AS (
				SELECT p.card_id, COUNT(*) AS trips, SUM(tp.total_gallons_milli) AS gallons, SUM(tp.total_cents) AS cents
				FROM period p JOIN trip_plans tp ON tp.trip_id = p.id AND tp.version = 1
				GROUP BY p.card_id
			), bought AS (
				SELECT card_id,
					SUM(gallons_milli - off_plan_gallons_milli) AS on_plan,
					SUM(off_plan_gallons_milli) AS off_plan,
					SUM(funded_total_cents) AS cents, SUM(missed_savings_cents) AS missed
				FROM bought_in
				GROUP BY card_id
			)
			SELECT c.id, c.driver_name, c.card_number, pl.trips, pl.gallons, pl.cents,
				COALESCE(b.on_plan, 0), COALESCE(b.off_plan, 0), COALESCE(b.cents, 0), COALESCE(b.missed, 0)
			FROM planned pl JOIN cards c ON c.id = pl.card_id LEFT JOIN bought b ON b.card_id = pl.card_id
			WHERE (? = 0 OR c.group_id = ?)
			ORDER BY COALESCE(b.missed, 0) DESC, c.driver_name, c.id`,
			companyID, fuelportal.TransactionApproved, from, to, companyID, from, to, scope.GroupID, scope.GroupID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r fuelportal.ComplianceRow
			if err := rows.Scan(&r.CardID, &r.DriverName, &r.CardNumber, &r.Trips, &r.PlannedGallons, &r.PlannedCostCents,
				&r.OnPlanGallons, &r.OffPlanGallons, &r.ActualCostCents, &r.MissedSavingsCents); err != nil {
				return err
			}
			out = append(out, r)
		}
		return rows.Err()
	})
	return out, err
}

// MissedSavings sums the missed savings of the approved purchases made from
// since on, on the trips scope may see (the dashboard's figure for its
// period; purchases count by their date, as in Compliance).
func (db *DB) MissedSavings(ctx context.Context, scope fuelportal.TransactionScope, since time.Time) (cents int64, err error) {
	where, args := tripScopeWhere(scope)
	err = db.InReadTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `
			SELECT COALESCE(SUM(tt.missed_savings_cents), 0)
			FROM trips t JOIN trip_transactions tt ON tt.trip_id = t.id
			JOIN card_transactions ct ON ct.id = tt.transaction_id
			WHERE `+where+` AND ct.status = ? AND ct.transaction_date >= ?`, append(args, fuelportal.TransactionApproved, since)...).Scan(&cents)
	})
	return cents, err
}

// tripsWithPlans runs query (selecting tripColumns) and attaches each
// trip's current plan.
func (tx *Tx) tripsWithPlans(ctx context.Context, query string, args ...any) ([]*fuelportal.Trip, error) {
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	var trips []*fuelportal.Trip
	versions := map[int64]int{}
	for rows.Next() {
		t, version, err := scanTrip(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		trips = append(trips, t)
		versions[t.ID] = version
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, t := range trips {
		plans, err := tx.tripPlans(ctx, t.ID, versions[t.ID], versions[t.ID])
		if err != nil {
			return nil, err
		}
		if len(plans) == 1 {
			t.Plan = plans[0]
		}
	}
	return trips, nil
}

// auditTrip records change kind of trip t.
func (tx *Tx) auditTrip(ctx context.Context, kind fuelportal.AuditKind, t *fuelportal.Trip, before, after any) error {
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: t.CompanyID, Kind: kind, ObjectType: fuelportal.AuditObjectTrip,
		ObjectID: strconv.FormatInt(t.ID, 10), Before: before, After: after})
}
