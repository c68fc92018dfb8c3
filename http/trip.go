package http

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/trips"
	"fuelportal/xlsx"
)

// Trips: a fuel plan saved for a card. Owners see and act on
// the company's trips, drivers on their own card's (tripScope); another
// company's trip is 404.

// tripScope is the caller's view of trips: an owner's company, a driver's own card.
func tripScope(p Principal) fuelportal.TransactionScope {
	if p.Role == fuelportal.RoleCompany {
		return companyScope(p)
	}
	return driverScope(p)
}

// tripActor is the caller as the trip flow sees them.
func tripActor(p Principal) trips.Actor {
	return trips.Actor{Role: p.Role, UserID: p.UserID, Scope: tripScope(p)}
}

type tripPointJSON struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

type tripStopJSON struct {
	fuelStopJSON
	// Price is the company's price per gallon there when planned (what
	// the card is charged, fuelportal.Contract.Price); the location's
	// prices are today's.
	Price float64 `json:"price"`
}

type tripPlanJSON struct {
	FuelPlan          []tripStopJSON            `json:"fuelPlan"`
	TotalCost         float64                   `json:"totalCost"`
	TotalGallons      float64                   `json:"totalGallons"`
	NaiveCost         *float64                  `json:"naiveCost"`
	NaiveTotalGallons *float64                  `json:"naivetotalGallons"`
	Version           int                       `json:"version"`
	Reason            fuelportal.TripPlanReason `json:"reason"`
	CreatedAt         string                    `json:"createdAt"`
}

type tripPurchaseJSON struct {
	TransactionID   int64                        `json:"transactionId"`
	LocationID      int64                        `json:"locationId"`
	LocationName    string                       `json:"locationName"`
	TransactionDate string                       `json:"transactionDate"`
	Gallons         float64                      `json:"gallons"`
	Status          fuelportal.TransactionStatus `json:"status"`
	DeclineCode     *fuelportal.DeclineReason    `json:"declineCode"`
	DeclineReason   *string                      `json:"declineReason"`
	OnPlan          bool                         `json:"onPlan"`
	FundedTotal     float64                      `json:"fundedTotal"`
}

type tripJSON struct {
	ID                 int64                 `json:"id"`
	Status             fuelportal.TripStatus `json:"status"`
	CardNumber         string                `json:"cardNumber"`
	DriverName         string                `json:"driverName"`
	LockCard           bool                  `json:"lockCard"`
	OwnerLock          bool                  `json:"ownerLock"`
	OriginName         string                `json:"originName"`
	DestinationName    string                `json:"destinationName"`
	UnitNumber         string                `json:"unitNumber"`
	TankCapacity       float64               `json:"tankCapacity"`
	CurrentFuel        float64               `json:"currentFuel"`
	SearchRadius       float64               `json:"searchRadius"`
	MinGallonsPurchase float64               `json:"minGallonsPurchase"`
	RoutePoints        []tripPointJSON       `json:"routePoints"`
	CreatedAt          string                `json:"createdAt"`
	UpdatedAt          string                `json:"updatedAt"`
	Plan               *tripPlanJSON         `json:"plan"`
}

// tripDetailJSON is a trip with how many plan versions it has (GET
// /api/trips/{id}/plans pages them) and its purchases.
type tripDetailJSON struct {
	tripJSON
	PlanVersionCount int                `json:"planVersionCount"`
	Purchases        []tripPurchaseJSON `json:"purchases"`
}

type tripPage struct {
	Content []tripJSON `json:"content"`
	Page    pageInfo   `json:"page"`
}

// tripOut converts t for the wire; stations holds its plans' stations,
// shown at contract c's prices.
func (s *Server) tripOut(t *fuelportal.Trip, stations map[int64]*fuelportal.Station, c *fuelportal.Contract) tripJSON {
	out := tripJSON{
		ID: t.ID, Status: t.Status, CardNumber: t.CardNumber, DriverName: t.DriverName, LockCard: t.LockCard, OwnerLock: t.OwnerLock,
		OriginName: t.OriginName, DestinationName: t.DestinationName, UnitNumber: t.UnitNumber, TankCapacity: t.TankGallons.Float(),
		CurrentFuel: t.CurrentFuel.Float(), SearchRadius: t.SearchRadius.Float(), MinGallonsPurchase: t.MinGallons.Float(),
		RoutePoints: make([]tripPointJSON, len(t.Route)),
		CreatedAt:   fuelportal.WireTime(t.CreatedAt), UpdatedAt: fuelportal.WireTime(t.UpdatedAt),
	}
	for i, p := range t.Route {
		out.RoutePoints[i] = tripPointJSON{Latitude: p.Lat, Longitude: p.Lon}
	}
	if t.Plan != nil {
		p := s.tripPlanOut(t.Plan, stations, c)
		out.Plan = &p
	}
	return out
}

func (s *Server) tripPlanOut(p *fuelportal.TripPlan, stations map[int64]*fuelportal.Station, c *fuelportal.Contract) tripPlanJSON {
	out := tripPlanJSON{
		FuelPlan: make([]tripStopJSON, len(p.Stops)), TotalCost: dollars(p.TotalCents), TotalGallons: round1(p.TotalGallons.Float()),
		Version: p.Version, Reason: p.Reason, CreatedAt: fuelportal.WireTime(p.CreatedAt),
	}
	for i, stop := range p.Stops {
		var location stationJSON
		if st := stations[stop.StationID]; st != nil {
			location = s.stationOut(st, c)
		} else {
			location = stationJSON{LocationID: stop.StationID, Name: stop.StationName}
		}
		out.FuelPlan[i] = tripStopJSON{
			fuelStopJSON: fuelStopJSON{Location: location, Gallons: stop.Gallons.Float(), Cost: dollars(stop.CostCents),
				ArrivalFuel: round1(stop.ArrivalFuel.Float()), AlongMiles: round1(float64(stop.AlongMilli) / 1000)},
			Price: perGallon(stop.Price),
		}
	}
	if p.NaiveAvailable {
		cost, gallons := dollars(p.NaiveCents), round1(p.NaiveTotalGallons.Float())
		out.NaiveCost, out.NaiveTotalGallons = &cost, &gallons
	}
	return out
}

// planStations reads the stations of the plans' stops.
func (s *Server) planStations(ctx context.Context, plans ...*fuelportal.TripPlan) (map[int64]*fuelportal.Station, error) {
	var ids []int64
	for _, p := range plans {
		if p == nil {
			continue
		}
		for _, stop := range p.Stops {
			ids = append(ids, stop.StationID)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return s.tripStore.StationsByID(ctx, ids)
}

// tripCreateRequest is a plan to save as a trip. The truck's numbers have
// the assistant's domain (planRequest.validate).
type tripCreateRequest struct {
	CardNumber         string      `json:"cardNumber" text:"cardNumber"`
	RoutePoints        []pointJSON `json:"routePoints"`
	TankCapacity       formNumber  `json:"tankCapacity"`
	CurrentFuel        formNumber  `json:"currentFuel"`
	SearchRadius       formNumber  `json:"searchRadius"`
	MinGallonsPurchase formNumber  `json:"minGallonsPurchase"`
	LockCard           bool        `json:"lockCard"`
	OriginName         string      `json:"originName" text:"placeName"`
	DestinationName    string      `json:"destinationName" text:"placeName"`
	// UnitNumber is the vehicle the trip is driven with (optional).
	UnitNumber string `json:"unitNumber" text:"unitNumber"`
}

// trip validates the request and returns the trip to plan.
func (req *tripCreateRequest) trip() (*fuelportal.Trip, error) {
	fe := fuelportal.FieldErrors{}
	if strings.TrimSpace(req.CardNumber) == "" {
		fe.Add("cardNumber", fuelportal.MsgCardNumberRequired)
	}
	if len(req.RoutePoints) > fuelportal.MaxTripRoutePoints {
		fe.Add("routePoints", fmt.Sprintf("A trip's route may have at most %d points", fuelportal.MaxTripRoutePoints))
	}
	fuelportal.ValidateTripNames(fe, req.OriginName, req.DestinationName)
	// The assistant's rules, under this endpoint's field names.
	form := planRequest{AmountOfFuel: req.CurrentFuel, TrunkCapacity: req.TankCapacity, RoutePoints: req.RoutePoints,
		SearchRadius: req.SearchRadius, MinGallonsPurchase: req.MinGallonsPurchase}
	_, route, err := form.validate()
	renamed := map[string]string{"trunkCapacity": "tankCapacity", "amountOfFuel": "currentFuel"}
	for field, msgs := range fuelportal.ErrorFields(err) {
		if to, ok := renamed[field]; ok {
			field = to
		}
		if !fe.Has(field) {
			fe[field] = msgs
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	t := &fuelportal.Trip{
		CardNumber: strings.TrimSpace(req.CardNumber), LockCard: req.LockCard,
		OriginName: strings.TrimSpace(req.OriginName), DestinationName: strings.TrimSpace(req.DestinationName),
		UnitNumber:  strings.TrimSpace(req.UnitNumber),
		TankGallons: trips.GallonsOf(req.TankCapacity.value), CurrentFuel: trips.GallonsOf(req.CurrentFuel.value),
		SearchRadius: trips.GallonsOf(req.SearchRadius.value), MinGallons: trips.GallonsOf(req.MinGallonsPurchase.value),
		Route: make([]fuelportal.TripPoint, len(route)),
	}
	for i, p := range route {
		t.Route[i] = fuelportal.TripPoint{Lat: p.Lat, Lon: p.Lon}
	}
	return t, nil
}

// handleTripCreate plans and saves a trip for a card of the caller's scope
// (an owner: any company card; a driver: their own card; another card is
// 404). 201 with the trip; 409 when the card already has an active trip;
// 400 for a unit that is no vehicle in service of the caller's (trips.Service.Create
// refuses both before planning).
func (s *Server) handleTripCreate(w http.ResponseWriter, r *http.Request) {
	var req tripCreateRequest
	if err := decodeJSON(http.MaxBytesReader(w, r.Body, maxRouteBodyBytes), &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	t, err := req.trip()
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.Trips.Create(r.Context(), tripScope(PrincipalFromContext(r.Context())), t); err != nil {
		retryAfterPlanner(w, err)
		s.respondError(w, r, err)
		return
	}
	s.respondTrip(w, r, http.StatusCreated, t, false)
}

// tripUnitJSON is a vehicle a trip may name.
type tripUnitJSON struct {
	UnitNumber string `json:"unitNumber"`
	Plate      string `json:"plate"`
}

// tripUnitsJSON is what a trip is saved with: the units to choose from and
// the one to offer first (null: none).
type tripUnitsJSON struct {
	Value             []tripUnitJSON `json:"value"`
	DefaultUnitNumber *string        `json:"defaultUnitNumber"`
}

// handleTripUnits answers the units the caller may name on a trip they
// save: an office member the vehicles in service they see (their group's
// when limited to one), a driver the company's, their card's unit first.
func (s *Server) handleTripUnits(w http.ResponseWriter, r *http.Request) {
	choice, err := s.Trips.Units(r.Context(), tripScope(PrincipalFromContext(r.Context())))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := tripUnitsJSON{Value: make([]tripUnitJSON, len(choice.Units))}
	for i, u := range choice.Units {
		out.Value[i] = tripUnitJSON{UnitNumber: u.UnitNumber, Plate: u.Plate}
	}
	if choice.DefaultUnit != "" {
		out.DefaultUnitNumber = &choice.DefaultUnit
	}
	respond(w, http.StatusOK, out)
}

// respondTrip answers t with its plan's stations; detail adds how many plan
// versions it has and the purchases.
func (s *Server) respondTrip(w http.ResponseWriter, r *http.Request, status int, t *fuelportal.Trip, detail bool) {
	ctx := r.Context()
	plans := []*fuelportal.TripPlan{t.Plan}
	var purchases []fuelportal.TripPurchase
	if detail {
		var err error
		if purchases, err = s.tripStore.TripPurchases(ctx, t.ID); err != nil {
			s.respondError(w, r, err)
			return
		}
	}
	stations, err := s.planStations(ctx, plans...)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	contract, err := s.pricing(ctx)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := s.tripOut(t, stations, contract)
	if !detail {
		respond(w, status, out)
		return
	}
	full := tripDetailJSON{tripJSON: out, Purchases: make([]tripPurchaseJSON, len(purchases))}
	if t.Plan != nil {
		full.PlanVersionCount = t.Plan.Version // versions run from 1 to the current one
	}
	for i, p := range purchases {
		tr := p.Transaction
		item := tripPurchaseJSON{TransactionID: tr.ID, LocationID: tr.LocationID, LocationName: tr.LocationName,
			TransactionDate: fuelportal.WireTime(tr.TransactionDate), Gallons: tr.Gallons.Float(),
			Status: tr.Status, OnPlan: p.OnPlan, FundedTotal: dollars(tr.FundedTotalCents)}
		if tr.DeclineReason != "" {
			code, sentence := tr.DeclineReason, tr.DeclineReason.Sentence()
			item.DeclineCode, item.DeclineReason = &code, &sentence
		}
		full.Purchases[i] = item
	}
	respond(w, status, full)
}

// tripID reads the {id} path value; anything but a positive id is 404.
func tripID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, fuelportal.Errorf(fuelportal.ENOTFOUND, "Trip not found")
	}
	return id, nil
}

// handleTripList answers one page of the caller's trips, newest first,
// optionally of one status or card.
func (s *Server) handleTripList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	fe := fuelportal.FieldErrors{}
	f := fuelportal.TripFilter{Scope: tripScope(PrincipalFromContext(r.Context())),
		Status:     fuelportal.TripStatus(queryText(fe, q, "status", "code")),
		CardNumber: strings.TrimSpace(queryText(fe, q, "cardNumber", "cardNumber"))}
	if f.Status != "" && !f.Status.Valid() {
		fe.Add("status", "Status must be ACTIVE, COMPLETED or CANCELLED")
	}
	page := queryInt(fe, q, "page", 0, 0, 1_000_000)
	size := queryInt(fe, q, "size", defaultPageSize, 1, maxPageSize)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	f.Offset, f.Limit = page*size, size
	trips, total, err := s.tripStore.Trips(r.Context(), f)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	plans := make([]*fuelportal.TripPlan, len(trips))
	for i, t := range trips {
		plans[i] = t.Plan
	}
	stations, err := s.planStations(r.Context(), plans...)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	contract, err := s.pricing(r.Context())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := tripPage{Content: make([]tripJSON, len(trips)),
		Page: pageInfo{Number: page, Size: size, TotalElements: total, TotalPages: (total + size - 1) / size}}
	for i, t := range trips {
		res.Content[i] = s.tripOut(t, stations, contract)
	}
	respond(w, http.StatusOK, res)
}

// handleTripGet answers one of the caller's trips with its current plan,
// how many plan versions it has and the purchases made on it.
func (s *Server) handleTripGet(w http.ResponseWriter, r *http.Request) {
	id, err := tripID(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	t, err := s.tripStore.Trip(r.Context(), tripScope(PrincipalFromContext(r.Context())), id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	s.respondTrip(w, r, http.StatusOK, t, true)
}

// tripReplanRequest is where the truck is and what its tanks hold.
type tripReplanRequest struct {
	Latitude    formNumber `json:"latitude"`
	Longitude   formNumber `json:"longitude"`
	CurrentFuel formNumber `json:"currentFuel"`
}

// handleTripReplan makes a new plan version of an active trip from the
// given position and fuel: stops all lie ahead of the route point nearest
// the position. 409 when the trip has ended. A driver's re-plan of a trip
// an owner locked is a request the owner decides instead: 202 with the
// request (as POST …/replan-request answers it).
func (s *Server) handleTripReplan(w http.ResponseWriter, r *http.Request) {
	id, err := tripID(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var req tripReplanRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	actor := tripActor(PrincipalFromContext(r.Context()))
	t, err := s.tripStore.Trip(r.Context(), actor.Scope, id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	at, fuel, err := req.position(t)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	t, request, err := s.Trips.Replan(r.Context(), actor, id, at, fuel)
	switch {
	case err != nil:
		retryAfterPlanner(w, err)
		s.respondError(w, r, err)
	case request != nil:
		// The owner's lock binds the driver: their re-plan is a request the owner approves.
		respond(w, http.StatusAccepted, tripRequestFromDomain(request))
	default:
		s.respondTrip(w, r, http.StatusOK, t, false)
	}
}

// position validates the request against trip t: where the truck is and
// the fuel in its tank (at most the trip's tank).
func (req *tripReplanRequest) position(t *fuelportal.Trip) (geo.Point, float64, error) {
	fe := fuelportal.FieldErrors{}
	number := func(field, label string, n formNumber, lo, hi float64) float64 {
		switch {
		case !n.present:
			fe.Add(field, label+" is required")
		case !n.valid || n.value < lo || n.value > hi:
			fe.Add(field, fmt.Sprintf("%s must be a number from %g to %g", label, lo, hi))
		}
		return n.value
	}
	lat := number("latitude", "Latitude", req.Latitude, -90, 90)
	lon := number("longitude", "Longitude", req.Longitude, -180, 180)
	fuel := number("currentFuel", "Current fuel", req.CurrentFuel, 0, t.TankGallons.Float())
	return geo.Point{Lat: lat, Lon: lon}, fuel, fe.Err()
}

// handleTripEnd completes or cancels an active trip (409 otherwise),
// which lifts its card lock; a driver ending a trip an owner locked is 403
// (they ask: POST …/end-request).
func (s *Server) handleTripEnd(status fuelportal.TripStatus) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := tripID(r)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		t, err := s.Trips.End(r.Context(), tripActor(PrincipalFromContext(r.Context())), id, status)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		s.respondTrip(w, r, http.StatusOK, t, false)
	}
}

type complianceRowJSON struct {
	DriverName     string  `json:"driverName"`
	CardNumber     string  `json:"cardNumber"`
	Trips          int     `json:"trips"`
	PlannedGallons float64 `json:"plannedGallons"`
	OnPlanGallons  float64 `json:"onPlanGallons"`
	OffPlanGallons float64 `json:"offPlanGallons"`
	PlannedCost    float64 `json:"plannedCost"`
	ActualCost     float64 `json:"actualCost"`
	MissedSavings  float64 `json:"missedSavings"`
}

// maxComplianceDays bounds a compliance period.
const maxComplianceDays = 3660

// compliancePeriod reads dateFrom and dateTo (both required, inclusive) as
// [from, to): a date alone is that whole day in loc (the company's time
// zone), a time with Z or an offset that instant, a time without one read
// in loc.
func compliancePeriod(r *http.Request, loc *time.Location) (from, to time.Time, err error) {
	q := r.URL.Query()
	fe := fuelportal.FieldErrors{}
	toDateOnly := false
	for _, d := range []struct {
		name     string
		to       *time.Time
		dateOnly *bool
	}{{"dateFrom", &from, new(bool)}, {"dateTo", &to, &toDateOnly}} {
		v := queryText(fe, q, d.name, "date")
		if fe.Has(d.name) {
			continue
		}
		t, dateOnly, err := queryTime(v, loc)
		if err != nil {
			fe.Add(d.name, "Must be a date like 2026-11-22 or a time like 2026-11-22T14:03:00-06:00")
		}
		*d.to, *d.dateOnly = t, dateOnly
	}
	if !fe.Has("dateFrom") && !fe.Has("dateTo") {
		switch {
		case to.Before(from):
			fe.Add("dateTo", "Must not be before dateFrom")
		case to.Sub(from) > maxComplianceDays*24*time.Hour:
			fe.Add("dateTo", fmt.Sprintf("A period may span at most %d days", maxComplianceDays))
		}
	}
	if toDateOnly {
		return from, nextDay(to, loc), fe.Err()
	}
	return from, to.Add(time.Nanosecond), fe.Err()
}

// compliancePeriodOf reads the compliance period of the caller's company.
func (s *Server) compliancePeriodOf(r *http.Request) (loc *time.Location, from, to time.Time, err error) {
	if loc, err = s.companyLocation(r.Context(), PrincipalFromContext(r.Context()).CompanyID); err != nil {
		return nil, from, to, err
	}
	from, to, err = compliancePeriod(r, loc)
	return loc, from, to, err
}

// handleCompliance answers, per driver (card) of the owner's company, how
// the purchases of the period followed their trips' plans, worst first
// (store.Compliance says which trips and purchases count).
func (s *Server) handleCompliance(w http.ResponseWriter, r *http.Request) {
	_, from, to, err := s.compliancePeriodOf(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	rows, err := s.tripStore.Compliance(r.Context(), companyScope(PrincipalFromContext(r.Context())), from, to)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := make([]complianceRowJSON, len(rows))
	for i, row := range rows {
		out[i] = complianceRowJSON{DriverName: row.DriverName, CardNumber: row.CardNumber, Trips: row.Trips,
			PlannedGallons: row.PlannedGallons.Float(), OnPlanGallons: row.OnPlanGallons.Float(), OffPlanGallons: row.OffPlanGallons.Float(),
			PlannedCost: dollars(row.PlannedCostCents), ActualCost: dollars(row.ActualCostCents), MissedSavings: dollars(row.MissedSavingsCents)}
	}
	respond(w, http.StatusOK, out)
}

// complianceColumns are the columns of the compliance spreadsheet.
var complianceColumns = []xlsx.Column{
	{Title: "Driver", Kind: xlsx.Text, Width: 22},
	{Title: "Card Number", Kind: xlsx.Text, Width: 22},
	{Title: "Trips", Kind: xlsx.Decimal3, Width: 8},
	{Title: "Planned Gallons", Kind: xlsx.Decimal3, Width: 15},
	{Title: "On-Plan Gallons", Kind: xlsx.Decimal3, Width: 15},
	{Title: "Off-Plan Gallons", Kind: xlsx.Decimal3, Width: 15},
	{Title: "Planned Cost", Kind: xlsx.Money, Width: 14},
	{Title: "Actual Cost", Kind: xlsx.Money, Width: 14},
	{Title: "Missed Savings", Kind: xlsx.Money, Width: 15},
}

// handleComplianceExport answers the compliance rows as an .xlsx file.
func (s *Server) handleComplianceExport(w http.ResponseWriter, r *http.Request) {
	loc, from, to, err := s.compliancePeriodOf(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	rows, err := s.tripStore.Compliance(r.Context(), companyScope(PrincipalFromContext(r.Context())), from, to)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	sheet, err := xlsx.NewSheet("Compliance", complianceColumns)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	defer sheet.Close()
	for _, row := range rows {
		err := sheet.AddRow(row.DriverName, row.CardNumber, int64(row.Trips)*1000, int64(row.PlannedGallons), int64(row.OnPlanGallons),
			int64(row.OffPlanGallons), row.PlannedCostCents, row.ActualCostCents, row.MissedSavingsCents)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
	}
	filename := "compliance-" + from.In(loc).Format("2006-01-02") + "-" + to.Add(-time.Nanosecond).In(loc).Format("2006-01-02") + ".xlsx"
	w.Header().Set("Content-Type", xlsx.ContentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	w.WriteHeader(http.StatusOK)
	if _, err := sheet.WriteTo(w); err != nil {
		s.Logger.WarnContext(r.Context(), "compliance export write", "err", err)
	}
}

// tripStore is the store as seen by the trip, trip request and trip
// version handlers (*store.DB): what they read; changes go through
// trips.Service.
type tripStore interface {
	Compliance(ctx context.Context, scope fuelportal.TransactionScope, from time.Time, to time.Time) (out []fuelportal.ComplianceRow, err error)
	StationsByID(ctx context.Context, ids []int64) (out map[int64]*fuelportal.Station, err error)
	Trip(ctx context.Context, scope fuelportal.TransactionScope, id int64) (t *fuelportal.Trip, err error)
	TripPurchases(ctx context.Context, tripID int64) (out []fuelportal.TripPurchase, err error)
	Trips(ctx context.Context, f fuelportal.TripFilter) (trips []*fuelportal.Trip, total int, err error)
	TripRequests(ctx context.Context, scope fuelportal.TransactionScope, status fuelportal.TripRequestStatus) (list []*fuelportal.TripRequest, err error)
	TripRequestsOfTrip(ctx context.Context, scope fuelportal.TransactionScope, tripID int64) (list []*fuelportal.TripRequest, err error)
	TripPlanVersions(ctx context.Context, trip *fuelportal.Trip, offset int, limit int) (plans []*fuelportal.TripPlan, err error)
}
