package store

import (
	"context"
	"database/sql"
	"strconv"

	"fuelportal"
)

// Drivers' requests to end or re-plan a trip an owner locked (migration
// 00460): the driver asks, an owner approves or denies, as with override
// requests.

// TripRequestInput is what a driver asks of an owner-locked trip.
type TripRequestInput struct {
	Scope        fuelportal.TransactionScope // the driver's own card
	DriverUserID int64
	TripID       int64
	Kind         fuelportal.TripRequestKind
	Message      string
	// Latitude, Longitude and CurrentFuel are the truck's (REPLAN only; the
	// caller has checked their ranges).
	Latitude, Longitude float64
	CurrentFuel         fuelportal.Gallons
}

// CreateTripRequest records the driver's request (in checked by the
// caller) on their trip, read for update, and returns it with the trip,
// as decide allows: it is called with the trip and its count of pending
// requests of the kind (fuelportal.CheckTripRequest decides) and its error
// is returned. The caller publishes the request (trips.Service). A trip
// outside the driver's scope is ENOTFOUND; of two concurrent requests of
// a kind one wins, the other is ECONFLICT.
func (tx *Tx) CreateTripRequest(ctx context.Context, in TripRequestInput, decide func(fuelportal.TripRequestFacts) error) (*fuelportal.TripRequest, *fuelportal.Trip, error) {
	t, err := tx.trip(ctx, in.Scope, in.TripID, true)
	if err != nil {
		return nil, nil, err
	}
	facts := fuelportal.TripRequestFacts{Trip: t}
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM trip_requests WHERE trip_id = ? AND kind = ? AND status = ?`,
		t.ID, in.Kind, fuelportal.TripRequestPending).Scan(&facts.Pending); err != nil {
		return nil, nil, err
	}
	if err := decide(facts); err != nil {
		return nil, nil, err
	}
	req := &fuelportal.TripRequest{CompanyID: t.CompanyID, TripID: t.ID, CardID: t.CardID, CardNumber: t.CardNumber, DriverName: t.DriverName,
		DriverUserID: in.DriverUserID, Kind: in.Kind, Status: fuelportal.TripRequestPending, Message: in.Message, CreatedAt: tx.Now}
	var lat, lon sql.NullFloat64
	var fuel sql.NullInt64
	if in.Kind == fuelportal.TripRequestReplan {
		req.Latitude, req.Longitude, req.CurrentFuel = in.Latitude, in.Longitude, in.CurrentFuel
		lat, lon = sql.NullFloat64{Float64: in.Latitude, Valid: true}, sql.NullFloat64{Float64: in.Longitude, Valid: true}
		fuel = sql.NullInt64{Int64: int64(in.CurrentFuel), Valid: true}
	}
	err = tx.QueryRow(ctx, `
		INSERT INTO trip_requests (company_id, trip_id, driver_user_id, kind, status, message, latitude, longitude, current_fuel_milli, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`, req.CompanyID, req.TripID, nullInt(req.DriverUserID), req.Kind, req.Status, req.Message, lat, lon, fuel, req.CreatedAt).Scan(&req.ID)
	if isUniqueViolation(err) {
		return nil, nil, fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgTripRequestPending)
	} else if err != nil {
		return nil, nil, err
	}
	if err := tx.auditTripRequest(ctx, fuelportal.AuditTripRequested, req, nil,
		map[string]any{"tripId": req.TripID, "kind": req.Kind, "message": req.Message, "status": req.Status}); err != nil {
		return nil, nil, err
	}
	return req, t, nil
}

const tripRequestSelect = `
	SELECT r.id, r.company_id, r.trip_id, t.card_id, k.card_number, k.driver_name, r.driver_user_id, r.kind, r.status, r.message,
		r.latitude, r.longitude, r.current_fuel_milli, r.plan_version, r.created_at, r.decided_at, r.decided_by
	FROM trip_requests r
	JOIN trips t ON t.id = r.trip_id
	JOIN cards k ON k.id = t.card_id`

func scanTripRequest(row interface{ Scan(...any) error }) (*fuelportal.TripRequest, error) {
	r := &fuelportal.TripRequest{}
	var driver, fuel, version, decidedBy sql.NullInt64
	var lat, lon sql.NullFloat64
	var created, decided nullTime
	err := row.Scan(&r.ID, &r.CompanyID, &r.TripID, &r.CardID, &r.CardNumber, &r.DriverName, &driver, &r.Kind, &r.Status, &r.Message,
		&lat, &lon, &fuel, &version, &created, &decided, &decidedBy)
	if err != nil {
		return nil, err
	}
	r.DriverUserID, r.DecidedBy, r.PlanVersion = driver.Int64, decidedBy.Int64, int(version.Int64)
	r.Latitude, r.Longitude, r.CurrentFuel = lat.Float64, lon.Float64, fuelportal.Gallons(fuel.Int64)
	r.CreatedAt, r.DecidedAt = created.Time, decided.Ptr()
	return r, nil
}

func (tx *Tx) tripRequests(ctx context.Context, where string, args ...any) ([]*fuelportal.TripRequest, error) {
	return queryList(ctx, tx, scanTripRequest, tripRequestSelect+` WHERE `+where+` ORDER BY r.id DESC LIMIT ?`, append(args, fuelportal.MaxTripRequestsListed)...)
}

// TripRequests returns company companyID's trip requests, only those with
// status when it is not empty, newest first, at most
// fuelportal.MaxTripRequestsListed.
func (db *DB) TripRequests(ctx context.Context, scope fuelportal.TransactionScope, status fuelportal.TripRequestStatus) (list []*fuelportal.TripRequest, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		where, args := `r.company_id = ?`+cardGroupWhere(scope.GroupID), append([]any{scope.CompanyID}, cardGroupArgs(scope.GroupID)...)
		if status != "" {
			where, args = where+` AND r.status = ?`, append(args, status)
		}
		list, err = tx.tripRequests(ctx, where, args...)
		return err
	})
	return list, err
}

// TripRequestsOfTrip returns the requests on trip tripID within scope,
// newest first; a trip outside the scope is ENOTFOUND.
func (db *DB) TripRequestsOfTrip(ctx context.Context, scope fuelportal.TransactionScope, tripID int64) (list []*fuelportal.TripRequest, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		where, args := tripScopeWhere(scope)
		var id int64
		if err := tx.QueryRow(ctx, `SELECT t.id FROM trips t WHERE t.id = ? AND `+where, append([]any{tripID}, args...)...).Scan(&id); err != nil {
			return notFound(err, "Trip not found")
		}
		list, err = tx.tripRequests(ctx, `r.trip_id = ?`, tripID)
		return err
	})
	return list, err
}

// TripRequest returns trip request id of company companyID, or ENOTFOUND.
func (db *DB) TripRequest(ctx context.Context, companyID, id int64) (req *fuelportal.TripRequest, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		req, err = scanTripRequest(tx.QueryRow(ctx, tripRequestSelect+` WHERE r.id = ? AND r.company_id = ?`, id, companyID))
		return notFound(err, fuelportal.MsgTripRequestMissing)
	})
	return req, err
}

// TripRequestToDecide reads trip request id of company companyID (of a
// card in group groupID when it is not 0: a member limited to a group
// decides only its requests) and its trip, read for update. Another
// company's request, or none, is ENOTFOUND.
func (tx *Tx) TripRequestToDecide(ctx context.Context, companyID, groupID, id int64) (*fuelportal.TripRequest, *fuelportal.Trip, error) {
	req, err := scanTripRequest(tx.QueryRow(ctx, tripRequestSelect+` WHERE r.id = ? AND r.company_id = ?`+cardGroupWhere(groupID),
		append([]any{id, companyID}, cardGroupArgs(groupID)...)...))
	if err != nil {
		return nil, nil, notFound(err, fuelportal.MsgTripRequestMissing)
	}
	t, err := tx.trip(ctx, fuelportal.TransactionScope{CompanyID: companyID}, req.TripID, true)
	if err != nil {
		return nil, nil, err
	}
	return req, t, nil
}

// DecideTripRequest writes pending request req's decision (its status,
// decided time and owner, and the plan version an approved re-plan made)
// and audits it; ECONFLICT when it is no longer pending, so of two
// concurrent decisions one wins.
func (tx *Tx) DecideTripRequest(ctx context.Context, req *fuelportal.TripRequest) error {
	if err := tx.markTripRequest(ctx, req); err != nil {
		return err
	}
	return tx.auditTripRequest(ctx, fuelportal.AuditTripRequestDecided, req, map[string]any{"status": fuelportal.TripRequestPending},
		map[string]any{"status": req.Status, "planVersion": req.PlanVersion})
}

// ReadTripRequestAlerts marks the unread alerts of trip request reqID read.
func (tx *Tx) ReadTripRequestAlerts(ctx context.Context, reqID int64) error {
	_, err := tx.Exec(ctx, `UPDATE alerts SET read_at = ? WHERE trip_request_id = ? AND read_at IS NULL`, tx.Now, reqID)
	return err
}

// markTripRequest writes pending request req's decision; ECONFLICT when it
// is no longer pending.
func (tx *Tx) markTripRequest(ctx context.Context, req *fuelportal.TripRequest) error {
	var version sql.NullInt64
	if req.PlanVersion != 0 {
		version = sql.NullInt64{Int64: int64(req.PlanVersion), Valid: true}
	}
	res, err := tx.Exec(ctx, `
		UPDATE trip_requests SET status = ?, decided_at = ?, decided_by = ?, plan_version = ?
		WHERE id = ? AND status = ?`,
		req.Status, req.DecidedAt, nullInt(req.DecidedBy), version, req.ID, fuelportal.TripRequestPending)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgTripRequestDecided)
	}
	return nil
}

// closeTripRequests closes the pending requests of a trip that just ended
// (nobody decides them any more) and marks their alerts read.
func (tx *Tx) closeTripRequests(ctx context.Context, tripID int64) error {
	if _, err := tx.Exec(ctx, `
		UPDATE alerts SET read_at = ?
		WHERE read_at IS NULL AND trip_request_id IN (SELECT id FROM trip_requests WHERE trip_id = ? AND status = ?)`,
		tx.Now, tripID, fuelportal.TripRequestPending); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE trip_requests SET status = ?, decided_at = ? WHERE trip_id = ? AND status = ?`,
		fuelportal.TripRequestClosed, tx.Now, tripID, fuelportal.TripRequestPending)
	return err
}

// auditTripRequest records change kind of trip request req.
func (tx *Tx) auditTripRequest(ctx context.Context, kind fuelportal.AuditKind, req *fuelportal.TripRequest, before, after any) error {
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: req.CompanyID, Kind: kind, ObjectType: fuelportal.AuditObjectTripRequest,
		ObjectID: strconv.FormatInt(req.ID, 10), Before: before, After: after})
}
