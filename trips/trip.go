package trips

import (
	"context"
	"math"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/plan"
	"fuelportal/store"
)

// Create plans trip t (its card, route and truck set) from its start and
// saves it for a card of scope (an owner: any company card; a driver: their
// own card). A card outside the scope is ENOTFOUND, one already on a trip
// ECONFLICT; then a unit number naming no vehicle scope sees, or one out
// of service, is a field error (fuelportal.CheckTripUnit): all before
// planning, so a trip refused costs no route planning.
func (s *Service) Create(ctx context.Context, scope fuelportal.TransactionScope, t *fuelportal.Trip) error {
	if err := s.Store.CheckTripCard(ctx, scope, t.CardNumber, fuelportal.CheckTripCardFree); err != nil {
		return err
	}
	if err := s.Store.CheckTripUnit(ctx, scope, t.UnitNumber, fuelportal.CheckTripUnit); err != nil {
		return err
	}
	t.CompanyID = scope.CompanyID
	var err error
	if t.Plan, err = s.planTrip(ctx, t, 0, t.CurrentFuel.Float(), fuelportal.TripPlanCreated); err != nil {
		return err
	}
	return s.Store.InTx(ctx, func(tx *store.Tx) error { return s.CreateIn(ctx, tx, scope, t) })
}

// CreateIn saves trip t, its plan already made (t.Plan), for a card of
// scope in tx (store.Tx.CreateTrip says what it refuses) and writes in it
// the trip.created event (its webhook). Create saves its trips with it, and
// the demo seed the trips of its history (dated by t.CreatedAt).
func (s *Service) CreateIn(ctx context.Context, tx *store.Tx, scope fuelportal.TransactionScope, t *fuelportal.Trip) error {
	if err := tx.CreateTrip(ctx, scope, t); err != nil {
		return err
	}
	return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventTripCreated, CompanyID: t.CompanyID, Data: fuelportal.TripWebhook(t)})
}

// Units returns the units a trip saved by scope may name
// (fuelportal.TripUnitsOf): an office member the vehicles they see, a
// driver the company's, with their card's unit first.
func (s *Service) Units(ctx context.Context, scope fuelportal.TransactionScope) (fuelportal.TripUnitChoice, error) {
	vehicles, cardUnit, err := s.Store.TripUnits(ctx, scope)
	if err != nil {
		return fuelportal.TripUnitChoice{}, err
	}
	return fuelportal.TripUnitsOf(vehicles, cardUnit), nil
}

// Actor is who acts on a trip: their role and user, and the trips they see.
type Actor struct {
	Role   fuelportal.Role
	UserID int64
	Scope  fuelportal.TransactionScope
}

// Replan makes a new plan version of trip id from position with fuel
// gallons in the tank, as actor asked. A driver's re-plan of a trip an
// owner locked is a request the owner decides instead: then the request
// comes back and the trip is nil. A trip outside the actor's scope is
// ENOTFOUND; see replan for the rest.
func (s *Service) Replan(ctx context.Context, actor Actor, id int64, position geo.Point, fuel float64) (*fuelportal.Trip, *fuelportal.TripRequest, error) {
	t, err := s.Store.Trip(ctx, actor.Scope, id)
	if err != nil {
		return nil, nil, err
	}
	if actor.Role == fuelportal.RoleUser && t.OwnerLock {
		req, err := s.Request(ctx, actor, id, fuelportal.TripRequestReplan, "", position, fuel)
		return nil, req, err
	}
	t, err = s.replan(ctx, actor.Scope, t, position, fuel, fuelportal.TripPlanReplanned)
	return t, nil, err
}

// Request records a driver's request of kind on their trip id an owner
// locked (fuelportal.CheckTripRequest says what is refused; a trip outside
// the driver's scope is ENOTFOUND); a REPLAN carries the truck's position
// and fuel. The message is trimmed: at most
// fuelportal.MaxTripRequestMessageLength characters (else EINVALID).
func (s *Service) Request(ctx context.Context, driver Actor, id int64, kind fuelportal.TripRequestKind, message string, position geo.Point, fuel float64) (*fuelportal.TripRequest, error) {
	message = strings.TrimSpace(message)
	if len([]rune(message)) > fuelportal.MaxTripRequestMessageLength {
		return nil, fuelportal.FieldError("message", "Message must not exceed 500 characters")
	}
	if !kind.Valid() {
		return nil, fuelportal.FieldError("kind", "Kind must be END or REPLAN")
	}
	in := store.TripRequestInput{Scope: driver.Scope, DriverUserID: driver.UserID, TripID: id, Kind: kind, Message: message}
	if kind == fuelportal.TripRequestReplan {
		in.Latitude, in.Longitude, in.CurrentFuel = position.Lat, position.Lon, GallonsOf(fuel)
	}
	var req *fuelportal.TripRequest
	err := s.Store.InTx(ctx, func(tx *store.Tx) error {
		var t *fuelportal.Trip
		var err error
		if req, t, err = tx.CreateTripRequest(ctx, in, fuelportal.CheckTripRequest); err != nil {
			return err
		}
		return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventTripRequested, CompanyID: req.CompanyID, Alert: fuelportal.TripRequestAlert(req, t)})
	})
	if err != nil {
		return nil, err
	}
	return req, nil
}

// Decide approves or denies the pending trip request id of the owner's
// company (a member limited to a group: of its cards; another's is
// ENOTFOUND), as fuelportal.CheckTripRequestDecision allows, in one
// transaction: an approved END completes the trip (lifting its lock;
// TRIP_ENDED alert), an approved REPLAN makes a new plan, from the
// request's position and fuel, the trip's current one (TRIP_REPLANNED
// alert, the driver notified); the request's alert is marked read; the
// driver (if their account still exists) is mailed the decision. The new
// plan is made first, outside the deciding transaction, which checks
// again that the request is pending: of two concurrent decisions one
// wins, the other is ECONFLICT.
func (s *Service) Decide(ctx context.Context, owner Actor, id int64, approve bool) (*fuelportal.TripRequest, error) {
	var plan *fuelportal.TripPlan
	if approve {
		req, err := s.Store.TripRequest(ctx, owner.Scope.CompanyID, id)
		if err != nil {
			return nil, err
		}
		if req.Status != fuelportal.TripRequestPending {
			return nil, fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgTripRequestDecided)
		}
		if req.Kind == fuelportal.TripRequestReplan {
			t, err := s.Store.Trip(ctx, owner.Scope, req.TripID)
			if err != nil {
				return nil, err
			}
			if t.Status != fuelportal.TripActive {
				return nil, fuelportal.Errorf(fuelportal.ECONFLICT, "The trip is %s", string(t.Status))
			}
			start := nearestRoutePoint(t.Route, geo.Point{Lat: req.Latitude, Lon: req.Longitude})
			if plan, err = s.planTrip(ctx, t, start, req.CurrentFuel.Float(), fuelportal.TripPlanReplanned); err != nil {
				return nil, err
			}
		}
	}
	var req *fuelportal.TripRequest
	err := s.Store.InTx(ctx, func(tx *store.Tx) error {
		var t *fuelportal.Trip
		var err error
		if req, t, err = tx.TripRequestToDecide(ctx, owner.Scope.CompanyID, owner.Scope.GroupID, id); err != nil {
			return err
		}
		if err := fuelportal.CheckTripRequestDecision(fuelportal.TripRequestDecisionFacts{Request: req, Trip: t, Approve: approve}); err != nil {
			return err
		}
		return applyDecision(ctx, tx, req, t, owner.UserID, approve, plan)
	})
	if err != nil {
		return nil, err
	}
	return req, nil
}

// applyDecision applies owner ownerID's answer to request req on trip t, both
// read for update in tx, and publishes what it tells; plan is the new plan
// an approved REPLAN makes.
func applyDecision(ctx context.Context, tx *store.Tx, req *fuelportal.TripRequest, t *fuelportal.Trip, ownerID int64, approve bool, plan *fuelportal.TripPlan) error {
	now := tx.Now
	req.Status, req.DecidedAt, req.DecidedBy = fuelportal.TripRequestDenied, &now, ownerID
	if !approve {
		if err := tx.DecideTripRequest(ctx, req); err != nil {
			return err
		}
	} else {
		req.Status = fuelportal.TripRequestApproved
		switch req.Kind {
		case fuelportal.TripRequestEnd:
			// Mark the request first: ending the trip closes what is still pending.
			if err := tx.DecideTripRequest(ctx, req); err != nil {
				return err
			}
			if err := tx.SetTripEnded(ctx, t, fuelportal.TripCompleted); err != nil {
				return err
			}
			if err := publishEnd(ctx, tx, t, fuelportal.TripEndedByOwnerForDriver); err != nil {
				return err
			}
		case fuelportal.TripRequestReplan:
			if plan == nil {
				return fuelportal.Errorf(fuelportal.EINTERNAL, "approving a re-plan request needs its plan")
			}
			if err := tx.AddTripPlan(ctx, t, plan); err != nil {
				return err
			}
			if err := publishReplan(ctx, tx, t, fuelportal.ReplanByDriverApproved, true); err != nil {
				return err
			}
			req.PlanVersion = plan.Version
			if err := tx.DecideTripRequest(ctx, req); err != nil {
				return err
			}
		}
	}
	if err := tx.ReadTripRequestAlerts(ctx, req.ID); err != nil {
		return err
	}
	if req.DriverUserID == 0 {
		return nil
	}
	return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventTripRequestDecided, CompanyID: t.CompanyID, UserID: req.DriverUserID,
		Mail: fuelportal.TripRequestDecisionMail("", req)})
}

// End completes or cancels active trip id of the actor's scope, which lifts
// its card lock (fuelportal.CheckTripEnd: a driver ending a trip an owner
// locked is EFORBIDDEN, an ended trip ECONFLICT), and publishes the end in
// the same transaction (publishEnd): ended by the driver when the actor's
// scope is their card's, else by an owner (fuelportal.TripEndedBy).
// ENOTFOUND outside the scope.
func (s *Service) End(ctx context.Context, actor Actor, id int64, status fuelportal.TripStatus) (t *fuelportal.Trip, err error) {
	byDriver := actor.Scope.CardID != 0
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		if t, err = tx.EndTrip(ctx, actor.Scope, id, status, fuelportal.CheckTripEnd); err != nil {
			return err
		}
		return publishEnd(ctx, tx, t, fuelportal.TripEndedBy(byDriver))
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// EndPastIn ends trip id of scope in tx as a trip of the history the demo
// seed writes: as End, with trip.completed (its webhook) when it
// completes, but no trip.ended: the lock a past trip lifted is nobody's
// news, so it raises no TRIP_ENDED alert.
func (s *Service) EndPastIn(ctx context.Context, tx *store.Tx, scope fuelportal.TransactionScope, id int64, status fuelportal.TripStatus) (*fuelportal.Trip, error) {
	t, err := tx.EndTrip(ctx, scope, id, status, fuelportal.CheckTripEnd)
	if err != nil {
		return nil, err
	}
	return t, publishCompleted(ctx, tx, t)
}

// publishEnd publishes in tx the end of trip t, which by ended:
// trip.completed (publishCompleted) and, when t was locked, the owners'
// TRIP_ENDED alert (fuelportal.TripEndedEvent).
func publishEnd(ctx context.Context, tx *store.Tx, t *fuelportal.Trip, by fuelportal.TripEnder) error {
	if err := publishCompleted(ctx, tx, t); err != nil {
		return err
	}
	if e := fuelportal.TripEndedEvent(t, by); e != nil {
		return tx.Publish(ctx, e)
	}
	return nil
}

// publishCompleted publishes in tx trip.completed (its webhook) when
// ended trip t completed (a cancelled trip tells nothing).
func publishCompleted(ctx context.Context, tx *store.Tx, t *fuelportal.Trip) error {
	if t.Status != fuelportal.TripCompleted {
		return nil
	}
	return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventTripCompleted, CompanyID: t.CompanyID, Data: fuelportal.TripWebhook(t)})
}

// replan makes a new plan version of the active trip from position with
// fuel gallons in the tank (the route is cut at its point nearest the
// position) and returns the trip. A trip with fuelportal.MaxTripPlanVersions
// is ECONFLICT; a re-plan people ask for (TripPlanReplanned) counts against
// ReplanLimit first (a *ReplanTooSoon past it).
func (s *Service) replan(ctx context.Context, scope fuelportal.TransactionScope, t *fuelportal.Trip, position geo.Point, fuel float64, reason fuelportal.TripPlanReason) (*fuelportal.Trip, error) {
	if t.Status != fuelportal.TripActive {
		return nil, fuelportal.Errorf(fuelportal.ECONFLICT, "The trip is %s", string(t.Status))
	}
	if t.Plan != nil && t.Plan.Version >= fuelportal.MaxTripPlanVersions {
		return nil, fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgTripPlanVersionsUsed, fuelportal.MaxTripPlanVersions)
	}
	if reason == fuelportal.TripPlanReplanned {
		wait, err := s.Store.HitRateLimit(ctx, s.ReplanLimit, strconv.FormatInt(t.ID, 10))
		if err != nil {
			return nil, err
		}
		if wait > 0 {
			return nil, &ReplanTooSoon{Wait: wait}
		}
	}
	p, err := s.planTrip(ctx, t, nearestRoutePoint(t.Route, position), fuel, reason)
	if err != nil {
		return nil, err
	}
	return s.AddPlan(ctx, scope, t.ID, p)
}

// AddPlan makes plan p, already made, the new current plan of trip id
// within scope, as fuelportal.CheckTripReplan allows, and publishes the
// re-plan in the same transaction: its webhook; a locked trip's
// TRIP_REPLANNED alert with why; the card's driver notified of the new
// next stop unless the re-plan is their own (scope is their card's).
// ENOTFOUND outside the scope.
func (s *Service) AddPlan(ctx context.Context, scope fuelportal.TransactionScope, id int64, p *fuelportal.TripPlan) (t *fuelportal.Trip, err error) {
	byDriver := scope.CardID != 0
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		if t, err = tx.ReplanTrip(ctx, scope, id, p, fuelportal.CheckTripReplan); err != nil {
			return err
		}
		return publishReplan(ctx, tx, t, fuelportal.ReplanWhy(p.Reason, byDriver), !byDriver)
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// publishReplan publishes in tx the re-plan of trip t to its current plan:
// the webhook; when t is locked, the owners' alert with why; tellDriver
// notifies the card's signed-up driver of the new next stop (a re-plan
// they did not make themselves).
func publishReplan(ctx context.Context, tx *store.Tx, t *fuelportal.Trip, why fuelportal.ReplanCause, tellDriver bool) error {
	e := &fuelportal.Event{Type: fuelportal.EventTripReplanned, CompanyID: t.CompanyID, Data: fuelportal.TripWebhook(t)}
	if tellDriver {
		driver, err := tx.CardHolder(ctx, t.CardID)
		if err != nil {
			return err
		}
		n := fuelportal.TripReplannedNotice(t)
		e.UserID, e.Notice = driver, &n
	}
	if t.LockCard {
		e.Alert = fuelportal.TripReplannedAlert(t, t.Plan.Version, why)
	}
	return tx.Publish(ctx, e)
}

// ReplanTooSoon refuses a re-plan past Service.ReplanLimit
// (ETOOMANYREQUESTS); Wait is when the trip may be re-planned again.
type ReplanTooSoon struct{ Wait time.Duration }

func (e *ReplanTooSoon) Error() string { return e.Unwrap().Error() }

func (e *ReplanTooSoon) Unwrap() error {
	return fuelportal.Errorf(fuelportal.ETOOMANYREQUESTS, "Too many re-plans of this trip - Please try again later")
}

// ReplanAfterPurchase re-plans the trip a just-recorded purchase went
// against when it was approved off the plan, from the station, with the
// fuel the plan leaves there plus the purchase. Failures are logged: the
// purchase itself stands.
func (s *Service) ReplanAfterPurchase(ctx context.Context, t *fuelportal.Transaction) {
	if t.Status != fuelportal.TransactionApproved {
		return
	}
	tripID, onPlan, err := s.Store.TripOfTransaction(ctx, t.ID)
	if err != nil || tripID == 0 || onPlan {
		if err != nil {
			s.logger().WarnContext(ctx, "trip of purchase", "transaction", t.ID, "err", err)
		}
		return
	}
	scope := fuelportal.TransactionScope{CompanyID: t.CompanyID}
	trip, err := s.Store.Trip(ctx, scope, tripID)
	if err == nil && trip.Status == fuelportal.TripActive {
		var station *fuelportal.Station
		if station, err = s.Store.GetStation(ctx, t.LocationID); err == nil {
			at := geo.Point{Lat: station.Latitude, Lon: station.Longitude}
			fuel := fuelAt(trip, nearestRoutePoint(trip.Route, at)) + t.Gallons.Float()
			_, err = s.replan(ctx, scope, trip, at, fuel, fuelportal.TripPlanOffPlan)
		}
	}
	if err != nil {
		s.logger().WarnContext(ctx, "re-plan after off-plan purchase", "trip", tripID, "transaction", t.ID, "err", err)
	}
}

// ReplanOnPriceChanges re-plans every active trip with a planned stop
// whose price under the company's contract moved by more than
// fuelportal.TripReplanPriceDelta since it was planned, from the current
// version's start, and returns how many it re-planned. Failures are logged
// per trip.
func (s *Service) ReplanOnPriceChanges(ctx context.Context) (replanned int) {
	trips, err := s.Store.ActiveTrips(ctx)
	if err != nil {
		s.logger().WarnContext(ctx, "active trips after price import", "err", err)
		return 0
	}
	for _, t := range trips {
		moved, err := s.pricesMoved(ctx, t)
		if err != nil {
			s.logger().WarnContext(ctx, "prices of trip", "trip", t.ID, "err", err)
			continue
		}
		if !moved {
			continue
		}
		start := t.Route[t.Plan.StartIndex]
		scope := fuelportal.TransactionScope{CompanyID: t.CompanyID}
		if _, err := s.replan(ctx, scope, t, geo.Point{Lat: start.Lat, Lon: start.Lon}, t.Plan.StartFuel.Float(), fuelportal.TripPlanPriceChange); err != nil {
			s.logger().WarnContext(ctx, "re-plan after price change", "trip", t.ID, "err", err)
			continue
		}
		replanned++
	}
	return replanned
}

// pricesMoved says whether a planned stop of t is priced, under its
// company's contract, more than fuelportal.TripReplanPriceDelta away from
// its planned price.
func (s *Service) pricesMoved(ctx context.Context, t *fuelportal.Trip) (bool, error) {
	if t.Plan == nil || len(t.Plan.Stops) == 0 {
		return false, nil
	}
	ids := make([]int64, len(t.Plan.Stops))
	for i, stop := range t.Plan.Stops {
		ids[i] = stop.StationID
	}
	stations, err := s.Store.StationsByID(ctx, ids)
	if err != nil {
		return false, err
	}
	contract, err := s.Store.Pricing(ctx, t.CompanyID)
	if err != nil {
		return false, err
	}
	for _, stop := range t.Plan.Stops {
		if st := stations[stop.StationID]; st != nil {
			delta := contract.StationPrice(st) - stop.Price
			if delta > fuelportal.TripReplanPriceDelta || -delta > fuelportal.TripReplanPriceDelta {
				return true, nil
			}
		}
	}
	return false, nil
}

// nearestRoutePoint is the index of the route point closest to p.
func nearestRoutePoint(route []fuelportal.TripPoint, p geo.Point) int {
	best, bestMiles := 0, math.Inf(1)
	for i, q := range route {
		if d := geo.DistanceMiles(p, geo.Point{Lat: q.Lat, Lon: q.Lon}); d < bestMiles {
			best, bestMiles = i, d
		}
	}
	return best
}

// routeMiles is the length of the route from point i to point j.
func routeMiles(route []fuelportal.TripPoint, i, j int) float64 {
	var miles float64
	for k := i + 1; k <= j && k < len(route); k++ {
		miles += geo.DistanceMiles(geo.Point{Lat: route[k-1].Lat, Lon: route[k-1].Lon}, geo.Point{Lat: route[k].Lat, Lon: route[k].Lon})
	}
	return miles
}

// fuelAt estimates from the trip's current plan the fuel in the tank at
// route point idx, before buying there: the plan's fuel after its last stop
// before that point, less what the truck burns from there.
func fuelAt(t *fuelportal.Trip, idx int) float64 {
	p := t.Plan
	along := routeMiles(t.Route, p.StartIndex, idx)
	fuel, last := p.StartFuel.Float(), 0.0
	for _, s := range p.Stops {
		if at := float64(s.AlongMilli) / 1000; at <= along {
			fuel, last = (s.ArrivalFuel + s.Gallons).Float(), at
		}
	}
	return math.Max(0, fuel-(along-last)/plan.DefaultMPG)
}
