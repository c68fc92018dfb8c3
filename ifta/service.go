package ifta

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/jurisdiction"
	"fuelportal/store"
)

// Store is what the return flow reads and writes (*store.DB).
type Store interface {
	CompanyControls(ctx context.Context, companyID int64) (*fuelportal.CompanyControls, error)
	IFTAQuarter(ctx context.Context, p fuelportal.IFTAPeriod) (*fuelportal.IFTAQuarter, error)
	ReplaceIFTARates(ctx context.Context, rates []fuelportal.IFTARate) (int, error)
	ReplaceIFTACompanyRates(ctx context.Context, companyID, userID int64, rates []fuelportal.IFTARate) (int, error)
	IFTAQuartersWithRecords(ctx context.Context, companyID int64, periods []fuelportal.IFTAPeriod) ([]bool, error)
	IFTAFirstRecords(ctx context.Context, companyID int64) (firstDate string, closedYear, closedQuarter int, err error)
	AddIFTAMiles(ctx context.Context, e *fuelportal.IFTAMilesEntry) error
	IFTAMilesEntries(ctx context.Context, companyID int64, fromDate, toDate string) ([]fuelportal.IFTAMilesEntry, error)
	DeleteIFTAMiles(ctx context.Context, companyID, id int64, decide func(quarterClosed bool) error) error
	AddIFTAFuel(ctx context.Context, e *fuelportal.IFTAFuelEntry, dayFrom, dayTo time.Time, decide func(*fuelportal.IFTAFuelEntry, fuelportal.IFTAFuelFacts) error) error
	IFTAFuelEntries(ctx context.Context, companyID int64, fromDate, toDate string) ([]fuelportal.IFTAFuelEntry, error)
	DeleteIFTAFuel(ctx context.Context, companyID, id int64, decide func(quarterClosed bool) error) error
	IFTAClosedReturns(ctx context.Context, companyID int64) ([]fuelportal.IFTAClosedReturn, error)
	IFTAFilingCompanies(ctx context.Context) ([]int64, error)
	// InTx runs a return's close and a reminder's transaction (Close,
	// sendReminder): their rows and their event.
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
}

// Service is the home of the return flow (docs/ifta.md, "The return
// flow"): a company's return computed from its card purchases, off-card
// fuel, manual miles, completed trips and the quarter's rates; closing it;
// the manual entries; the rate import. The HTTP handlers and the import
// command call it; it calls the store and Compute, never back up.
// Create it with New.
type Service struct{ Deps }

// Deps are what the return flow is built from.
type Deps struct {
	Store Store
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// New returns the return flow over d.
func New(d Deps) *Service { return &Service{Deps: d} }

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// WarnSampleRates is the warning of a return computed with sample rates
// (demo and trial data): it must not be filed.
const WarnSampleRates WarningCode = "sample_rates"

// Bounds of the manual entries.
const (
	// MaxEntryMiles bounds one miles entry (a unit's month in one
	// jurisdiction fits; a typo with extra zeros does not).
	MaxEntryMiles = 50_000
	// MaxEntryGallons bounds one off-card fuel entry (a bulk delivery).
	MaxEntryGallons = 20_000
)

// CompanyReturn is a company's return for one quarter and fuel as the API
// answers it: the return's fields, its due date, and once closed when and
// what was recorded after.
type CompanyReturn struct {
	Return
	DueDate string `json:"dueDate"`
	// ClosedAt is when the owner closed it (null while it is a draft); a
	// closed return is the frozen one.
	ClosedAt *time.Time `json:"closedAt"`
	// AfterClose are purchases, entries and trips of the quarter recorded
	// after the close: not in the closed return.
	AfterClose []AfterCloseItem `json:"afterClose"`
	// Sources count what the return was computed from (the live data's,
	// for a closed return too).
	Sources Sources `json:"sources"`
}

// Sources count a return's inputs.
type Sources struct {
	CardPurchases  int `json:"cardPurchases"`
	FuelEntries    int `json:"fuelEntries"`
	MilesEntries   int `json:"milesEntries"`
	CompletedTrips int `json:"completedTrips"`
	// TelematicsVehicleDays are the days of vehicles with telematics
	// miles; SupersededByTelematics the manual entries and trips of such a
	// unit's day, not counted (telematics miles come first);
	// SupersededByTrips the manual entries of a unit's day with a
	// completed trip and no telematics miles, not counted either (a unit
	// day's miles come from one source: DaySources).
	TelematicsVehicleDays  int `json:"telematicsVehicleDays"`
	SupersededByTelematics int `json:"supersededByTelematics"`
	SupersededByTrips      int `json:"supersededByTrips"`
}

// AfterCloseItem is one record of a closed quarter recorded after its
// close. Kind telematics is a vehicle day whose positions or rolled-up
// miles changed after the close: ID is the vehicle's, Miles the day's
// miles now.
type AfterCloseItem struct {
	Kind         string    `json:"kind"` // cardPurchase, fuelEntry, milesEntry, trip, telematics
	ID           int64     `json:"id"`
	UnitNumber   string    `json:"unitNumber"`
	Date         string    `json:"date"` // YYYY-MM-DD in the company's zone
	Jurisdiction string    `json:"jurisdiction"`
	Gallons      *float64  `json:"gallons"`
	Miles        *float64  `json:"miles"`
	RecordedAt   time.Time `json:"recordedAt"`
}

// Period checks a quarter and fuel type (field errors year, quarter,
// fuelType) and returns the company's period: its bounds in the company's
// time zone.
func (s *Service) Period(ctx context.Context, companyID int64, year, quarter int, fuelType string) (fuelportal.IFTAPeriod, *time.Location, error) {
	fe := fuelportal.FieldErrors{}
	checkPeriodFields(fe, year, quarter)
	if !FuelType(fuelType).Valid() {
		fe.Add("fuelType", "Must be diesel or gasoline")
	}
	if err := fe.Err(); err != nil {
		return fuelportal.IFTAPeriod{}, nil, err
	}
	c, err := s.Store.CompanyControls(ctx, companyID)
	if err != nil {
		return fuelportal.IFTAPeriod{}, nil, err
	}
	loc := c.Location()
	return PeriodIn(companyID, year, quarter, fuelType, loc), loc, nil
}

// PeriodIn is the company's quarter with its bounds in loc (no checks).
func PeriodIn(companyID int64, year, quarter int, fuelType string, loc *time.Location) fuelportal.IFTAPeriod {
	start := time.Date(year, time.Month(3*quarter-2), 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 3, 0)
	return fuelportal.IFTAPeriod{CompanyID: companyID, Year: year, Quarter: quarter, FuelType: fuelType,
		From: fuelportal.WallClockIn(start, loc), To: fuelportal.WallClockIn(end, loc),
		FromDate: start.Format(time.DateOnly), ToDate: end.Format(time.DateOnly)}
}

func checkPeriodFields(fe fuelportal.FieldErrors, year, quarter int) {
	if year < 2000 || year > 2100 {
		fe.Add("year", "Must be a year from 2000 to 2100")
	}
	if quarter < 1 || quarter > 4 {
		fe.Add("quarter", "Must be a quarter from 1 to 4")
	}
}

// Return answers the company's return for the quarter and fuel: the closed
// one as it was frozen, with what was recorded after the close, or else
// computed now from the live data (Compute; sample rates add a
// sample_rates warning, trips' planned miles a miles_estimated one naming
// them). Field errors for a bad period or fuel type.
func (s *Service) Return(ctx context.Context, companyID int64, year, quarter int, fuelType string) (*CompanyReturn, error) {
	p, loc, err := s.Period(ctx, companyID, year, quarter, fuelType)
	if err != nil {
		return nil, err
	}
	q, unfueled, err := s.quarter(ctx, p)
	if err != nil {
		return nil, err
	}
	out := &CompanyReturn{AfterClose: []AfterCloseItem{},
		Sources: Sources{CardPurchases: len(q.Purchases), FuelEntries: len(q.Fuel), MilesEntries: len(q.Miles), CompletedTrips: len(q.Trips)}}
	due, _ := DueDate(year, quarter)
	out.DueDate = due.Format(time.DateOnly)
	if q.Closed != nil {
		if err := json.Unmarshal(q.Closed.Return, &out.Return); err != nil {
			return nil, fmt.Errorf("closed return %d: %w", q.Closed.ID, err)
		}
		closedAt := q.Closed.ClosedAt.UTC()
		out.ClosedAt = &closedAt
		out.AfterClose = afterClose(q, closedAt, loc)
		return out, nil
	}
	var used Sources
	out.Return, used, err = compute(p, q, unfueled, s.now(), loc)
	if err != nil {
		return nil, err
	}
	out.Sources.TelematicsVehicleDays, out.Sources.SupersededByTelematics, out.Sources.SupersededByTrips = used.TelematicsVehicleDays, used.SupersededByTelematics, used.SupersededByTrips
	return out, nil
}

// Warnings of the telematics miles.
const (
	WarnTelematicsJumps WarningCode = "telematics_jumps_dropped"
	WarnTelematicsGaps  WarningCode = "telematics_gaps_bridged"
)

// UnitDay is one unit's calendar day.
type UnitDay struct{ Unit, Date string }

// Source is where a unit day's miles come from.
type Source string

// The sources of miles, in order of trust (docs/ifta.md, "Where the
// figures come from").
const (
	SourceTelematics Source = "telematics" // rolled up from the unit's positions
	SourceTrip       Source = "trip"       // a completed trip's planned route: estimated
	SourceManual     Source = "manual"     // entered by hand (a trip sheet)
)

// DaySources is the one rule of which source a unit day's miles come
// from: its telematics miles where it has some; else the planned miles of
// its completed trips started that day; else its manual entries. A unit
// day's miles are never counted from two sources. Mark the days that have
// telematics miles and trips, then ask Counted.
type DaySources struct{ telematics, trips map[UnitDay]bool }

// NewDaySources is an empty DaySources.
func NewDaySources() *DaySources {
	return &DaySources{telematics: map[UnitDay]bool{}, trips: map[UnitDay]bool{}}
}

// HasTelematics marks unit's date as having telematics miles.
func (d *DaySources) HasTelematics(unit, date string) { d.telematics[UnitDay{unit, date}] = true }

// HasTrip marks unit's date as having a completed trip started on it.
func (d *DaySources) HasTrip(unit, date string) { d.trips[UnitDay{unit, date}] = true }

// Counted reports whether miles of source s on unit's date count; when
// they do not, by is the source that replaces them.
func (d *DaySources) Counted(unit, date string, s Source) (ok bool, by Source) {
	k := UnitDay{unit, date}
	switch {
	case s == SourceTelematics:
		return true, ""
	case d.telematics[k]:
		return false, SourceTelematics
	case s == SourceTrip:
		return true, ""
	case d.trips[k]:
		return false, SourceTrip
	}
	return true, ""
}

// WarnUnitsWithoutFuelType names the units whose miles count in every
// fuel's return: no vehicle of the fleet has their unit number (or it has
// no fuel type).
const WarnUnitsWithoutFuelType WarningCode = "units_without_fuel_type"

// quarter reads period p's data and keeps what counts in the return of
// its fuel type (ofFuel).
func (s *Service) quarter(ctx context.Context, p fuelportal.IFTAPeriod) (*fuelportal.IFTAQuarter, []string, error) {
	q, err := s.Store.IFTAQuarter(ctx, p)
	if err != nil {
		return nil, nil, err
	}
	q, unfueled := ofFuel(q, FuelType(p.FuelType))
	return q, unfueled, nil
}

// ofFuel is the one rule of whose miles count in the return of fuel
// (docs/ifta.md, "Miles follow their unit's fuel"): a unit whose vehicle
// has a fuel type counts its miles (manual entries, completed trips,
// telematics) only in that fuel's return; a unit with no vehicle, or
// whose vehicle has no fuel type, counts in every return. It answers q
// with the miles of the other fuel's units left out, and the units of the
// second kind with miles entries or trips in the quarter, by name (a trip
// whose card has no unit number as "trip #ID"). Card purchases and
// off-card fuel are already the fuel's (by product and fuel type).
func ofFuel(q *fuelportal.IFTAQuarter, fuel FuelType) (*fuelportal.IFTAQuarter, []string) {
	unitFuel := make(map[string]FuelType, len(q.Vehicles))
	vehicleFuel := make(map[int64]FuelType, len(q.Vehicles))
	for _, v := range q.Vehicles {
		unitFuel[v.UnitNumber], vehicleFuel[v.ID] = FuelType(v.FuelType), FuelType(v.FuelType)
	}
	counts := func(f FuelType) bool { return f == "" || f == fuel }
	unfueled := map[string]bool{}
	out := *q
	out.Miles, out.Trips = nil, nil
	for _, m := range q.Miles {
		if f := unitFuel[m.UnitNumber]; counts(f) {
			out.Miles = append(out.Miles, m)
			if f == "" {
				unfueled[m.UnitNumber] = true
			}
		}
	}
	for _, t := range q.Trips {
		if f := unitFuel[t.UnitNumber]; counts(f) {
			out.Trips = append(out.Trips, t)
			switch {
			case f == "" && t.UnitNumber == "":
				unfueled[fmt.Sprintf("trip #%d", t.ID)] = true
			case f == "":
				unfueled[t.UnitNumber] = true
			}
		}
	}
	t := q.Telematics
	out.Telematics = fuelportal.IFTATelematics{Covered: t.Covered, VehicleDays: map[int64]int{}}
	for _, m := range t.Miles {
		if counts(vehicleFuel[m.VehicleID]) {
			out.Telematics.Miles = append(out.Telematics.Miles, m)
		}
	}
	for id, days := range t.VehicleDays {
		if counts(vehicleFuel[id]) {
			out.Telematics.VehicleDays[id] = days
		}
	}
	for _, d := range t.Flagged {
		if counts(vehicleFuel[d.VehicleID]) {
			out.Telematics.Flagged = append(out.Telematics.Flagged, d)
		}
	}
	for _, d := range t.ChangedAfterClose {
		if counts(vehicleFuel[d.VehicleID]) {
			out.Telematics.ChangedAfterClose = append(out.Telematics.ChangedAfterClose, d)
		}
	}
	return &out, slices.Sorted(maps.Keys(unfueled))
}

// compute builds the return of quarter q's data, already of its fuel
// (ofFuel; unfueled are the units counted in every fuel's return), and
// says which sources it used (loc is the company's zone, which dates
// trips).
func compute(p fuelportal.IFTAPeriod, q *fuelportal.IFTAQuarter, unfueled []string, asOf time.Time, loc *time.Location) (Return, Sources, error) {
	in := Input{Year: p.Year, Quarter: p.Quarter, FuelType: FuelType(p.FuelType), AsOf: asOf}
	var sample bool
	in.Rates, sample = companyRates(q)
	for _, c := range q.Purchases {
		in.Purchases = append(in.Purchases, Purchase{Jurisdiction: c.Jurisdiction, Product: c.Product, Gallons: float64(c.Gallons) / 1000})
	}
	product := productFor[in.FuelType]
	for _, f := range q.Fuel {
		if f.TaxPaid {
			in.Purchases = append(in.Purchases, Purchase{Jurisdiction: f.Jurisdiction, Product: product, Gallons: float64(f.Gallons) / 1000})
		} else {
			in.OtherGallons += float64(f.Gallons) / 1000
		}
	}
	var used Sources
	miles := map[string]float64{}
	sources := NewDaySources()
	for _, d := range q.Telematics.Covered {
		sources.HasTelematics(d.UnitNumber, d.Date)
	}
	for _, t := range q.Trips {
		sources.HasTrip(t.UnitNumber, t.CreatedAt.In(loc).Format(time.DateOnly))
	}
	superseded := func(by Source) {
		if by == SourceTelematics {
			used.SupersededByTelematics++
		} else {
			used.SupersededByTrips++
		}
	}
	for _, days := range q.Telematics.VehicleDays {
		used.TelematicsVehicleDays += days
	}
	for _, m := range q.Telematics.Miles {
		miles[m.Jurisdiction] += m.Miles
	}
	for code, m := range miles {
		miles[code] = max(0, m) // a segment taken back can leave -1e-12
	}
	for _, m := range q.Miles {
		if ok, by := sources.Counted(m.UnitNumber, m.Date, SourceManual); !ok {
			superseded(by)
			continue
		}
		miles[m.Jurisdiction] += float64(m.MilesTenths) / 10
	}
	var tripIDs []string
	for _, t := range q.Trips {
		if ok, by := sources.Counted(t.UnitNumber, t.CreatedAt.In(loc).Format(time.DateOnly), SourceTrip); !ok {
			superseded(by)
			continue
		}
		points := make([]jurisdiction.Point, len(t.Route))
		for i, pt := range t.Route {
			points[i] = jurisdiction.Point{Lat: pt.Lat, Lon: pt.Lon}
		}
		for code, m := range jurisdiction.Miles(points) {
			miles[code] += m
		}
		tripIDs = append(tripIDs, fmt.Sprintf("#%d", t.ID))
	}
	codes := make([]string, 0, len(miles))
	for code := range miles {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	for _, code := range codes {
		in.Miles = append(in.Miles, Miles{Jurisdiction: code, Total: miles[code]})
	}
	in.MilesEstimated = len(tripIDs) > 0
	ret, err := Compute(in)
	if err != nil {
		return Return{}, used, err
	}
	for i := range ret.Warnings {
		if ret.Warnings[i].Code == WarnMilesEstimated {
			ret.Warnings[i].Message = fmt.Sprintf("Miles of %d completed trips (%s) are estimated from their planned routes, not recorded: IFTA audits ask for distance records. Enter the recorded miles by hand where you have them.",
				len(tripIDs), strings.Join(tripIDs, ", "))
		}
	}
	telematicsWarnings(&ret, q.Telematics)
	if len(unfueled) > 0 {
		ret.warn(WarnUnitsWithoutFuelType, nil, fmt.Sprintf("No vehicle with a fuel type for units %s: their miles count in both the diesel and the gasoline return. Add them as vehicles with their fuel type so that their miles count in their fuel's return only.",
			strings.Join(unfueled, ", ")))
	}
	if sample {
		ret.warn(WarnSampleRates, nil, "These are sample rates, made up for trials: do not file this return. Upload the quarter's published rates (Upload rates on the IFTA page).")
	}
	return ret, used, nil
}

// companyRates are the rates a company's return uses: the shared ones,
// where the company uploaded its own for a jurisdiction and fuel those
// instead (the company's win); sample says whether any rate in use is a
// sample one.
func companyRates(q *fuelportal.IFTAQuarter) (rates Rates, sample bool) {
	rates = Rates{}
	samples := map[RateKey]bool{}
	for _, list := range [][]fuelportal.IFTARate{q.Rates, q.CompanyRates} {
		for _, r := range list {
			k := RateKey{Year: r.Year, Quarter: r.Quarter, Jurisdiction: r.Jurisdiction, FuelType: FuelType(r.FuelType)}
			rates[k] = Rate{Rate: PerGallon(r.Rate), Surcharge: PerGallon(r.Surcharge)}
			samples[k] = r.Sample
		}
	}
	for _, s := range samples {
		sample = sample || s
	}
	return rates, sample
}

// telematicsWarnings adds the warnings of positions dropped as jumps and
// gaps bridged by a straight line, naming the units.
func telematicsWarnings(ret *Return, t fuelportal.IFTATelematics) {
	var jumps, gaps int
	var jumpUnits, gapUnits []string
	for _, d := range t.Flagged {
		if d.DroppedJumps > 0 {
			jumps += d.DroppedJumps
			jumpUnits = appendOnce(jumpUnits, d.UnitNumber)
		}
		if d.BridgedGaps > 0 {
			gaps += d.BridgedGaps
			gapUnits = appendOnce(gapUnits, d.UnitNumber)
		}
	}
	if jumps > 0 {
		ret.warn(WarnTelematicsJumps, nil, fmt.Sprintf("%d telematics positions of units %s were dropped as jumps (faster than 90 mph from the fix before): check those devices.",
			jumps, strings.Join(jumpUnits, ", ")))
	}
	if gaps > 0 {
		var bridged float64
		for _, m := range t.Miles {
			bridged += m.Bridged
		}
		ret.warn(WarnTelematicsGaps, nil, fmt.Sprintf("%d gaps of more than an hour between telematics positions of units %s were bridged by a straight line (%.1f miles): the miles there are estimates.",
			gaps, strings.Join(gapUnits, ", "), max(0, bridged)))
	}
}

func appendOnce(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// afterClose lists quarter q's records recorded after closedAt.
func afterClose(q *fuelportal.IFTAQuarter, closedAt time.Time, loc *time.Location) []AfterCloseItem {
	items := []AfterCloseItem{}
	gallons := func(g fuelportal.Gallons) *float64 { v := float64(g) / 1000; return &v }
	for _, c := range q.Purchases {
		if c.CreatedAt.After(closedAt) {
			items = append(items, AfterCloseItem{Kind: "cardPurchase", ID: c.TransactionID, UnitNumber: c.UnitNumber, Date: c.Date.In(loc).Format(time.DateOnly),
				Jurisdiction: c.Jurisdiction, Gallons: gallons(c.Gallons), RecordedAt: c.CreatedAt.UTC()})
		}
	}
	for _, f := range q.Fuel {
		if f.CreatedAt.After(closedAt) {
			items = append(items, AfterCloseItem{Kind: "fuelEntry", ID: f.ID, UnitNumber: f.UnitNumber, Date: f.Date, Jurisdiction: f.Jurisdiction, Gallons: gallons(f.Gallons), RecordedAt: f.CreatedAt.UTC()})
		}
	}
	for _, m := range q.Miles {
		if m.CreatedAt.After(closedAt) {
			v := float64(m.MilesTenths) / 10
			items = append(items, AfterCloseItem{Kind: "milesEntry", ID: m.ID, UnitNumber: m.UnitNumber, Date: m.Date, Jurisdiction: m.Jurisdiction, Miles: &v, RecordedAt: m.CreatedAt.UTC()})
		}
	}
	for _, t := range q.Trips {
		if t.CompletedAt.After(closedAt) {
			items = append(items, AfterCloseItem{Kind: "trip", ID: t.ID, UnitNumber: t.UnitNumber, Date: t.CreatedAt.In(loc).Format(time.DateOnly), RecordedAt: t.CompletedAt.UTC()})
		}
	}
	for _, d := range q.Telematics.ChangedAfterClose {
		miles := math.Round(max(0, d.Miles)*10) / 10
		items = append(items, AfterCloseItem{Kind: "telematics", ID: d.VehicleID, UnitNumber: d.UnitNumber, Date: d.Date, Miles: &miles, RecordedAt: d.ReceivedAt.UTC()})
	}
	slices.SortStableFunc(items, func(a, b AfterCloseItem) int { return a.RecordedAt.Compare(b.RecordedAt) })
	return items
}

// Close freezes the company's return for the quarter and fuel as computed
// now, publishes ifta.return_closed (its webhook, with the return) in the
// same transaction, and answers it. ECONFLICT while the quarter is not over, when a
// jurisdiction with miles or fuel has no rate (a return never computes tax
// with a missing rate), and when it is already closed.
func (s *Service) Close(ctx context.Context, companyID, userID int64, year, quarter int, fuelType string) (*CompanyReturn, error) {
	p, loc, err := s.Period(ctx, companyID, year, quarter, fuelType)
	if err != nil {
		return nil, err
	}
	q, unfueled, err := s.quarter(ctx, p)
	if err != nil {
		return nil, err
	}
	closing := func(closedAlready bool) error {
		return fuelportal.CheckIFTAReturnClosing(fuelType, year, quarter, closedAlready)
	}
	if err := closing(q.Closed != nil); err != nil {
		return nil, err
	}
	ret, _, err := compute(p, q, unfueled, s.now(), loc)
	if err != nil {
		return nil, err
	}
	if ret.Status == Open {
		return nil, fuelportal.Errorf(fuelportal.ECONFLICT, "%dQ%d is not over yet: a return closes once its quarter has ended", year, quarter)
	}
	for _, w := range ret.Warnings {
		if w.Code == WarnMissingRate {
			return nil, fuelportal.Errorf(fuelportal.ECONFLICT, "No %s rate for %dQ%d in %s: upload the quarter's rates before closing", fuelType, year, quarter, strings.Join(w.Jurisdictions, ", "))
		}
	}
	body, err := json.Marshal(ret)
	if err != nil {
		return nil, err
	}
	r := &fuelportal.IFTAClosedReturn{CompanyID: companyID, Year: year, Quarter: quarter, FuelType: fuelType, ClosedBy: userID, Return: body}
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.CloseIFTAReturn(ctx, r, closing); err != nil {
			return err
		}
		return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventIFTAReturnClosed, CompanyID: r.CompanyID, Data: fuelportal.WebhookIFTAReturn{
			Year: r.Year, Quarter: r.Quarter, FuelType: r.FuelType, ClosedAt: fuelportal.WireTime(r.ClosedAt), Return: r.Return}})
	})
	if err != nil {
		return nil, err
	}
	return s.Return(ctx, companyID, year, quarter, fuelType)
}

// ClosedReturn is one line of the list of closed returns.
type ClosedReturn struct {
	Year     int       `json:"year"`
	Quarter  int       `json:"quarter"`
	FuelType FuelType  `json:"fuelType"`
	ClosedAt time.Time `json:"closedAt"`
	TotalDue Cents     `json:"totalDue"`
	DueDate  string    `json:"dueDate"`
}

// ClosedReturns lists the company's closed returns, newest quarter first.
func (s *Service) ClosedReturns(ctx context.Context, companyID int64) ([]ClosedReturn, error) {
	stored, err := s.Store.IFTAClosedReturns(ctx, companyID)
	if err != nil {
		return nil, err
	}
	list := make([]ClosedReturn, 0, len(stored))
	for _, c := range stored {
		var r Return
		if err := json.Unmarshal(c.Return, &r); err != nil {
			return nil, fmt.Errorf("closed return %d: %w", c.ID, err)
		}
		due, _ := DueDate(c.Year, c.Quarter)
		list = append(list, ClosedReturn{Year: c.Year, Quarter: c.Quarter, FuelType: FuelType(c.FuelType), ClosedAt: c.ClosedAt.UTC(), TotalDue: r.TotalDue, DueDate: due.Format(time.DateOnly)})
	}
	return list, nil
}

// MilesInput is a manual miles entry as entered: Miles is a decimal number
// of miles, rounded to a tenth (half up).
type MilesInput struct {
	CompanyID, UserID int64
	UnitNumber        string
	Date              string
	Jurisdiction      string
	Miles             string
	Note              string
}

// AddMiles validates and records a manual miles entry. Field errors:
// unitNumber (1–50 characters), date (YYYY-MM-DD from 2000-01-01 to the
// company's today), jurisdiction (an IFTA member's code), miles (above 0,
// at most MaxEntryMiles), note (text, at most 255 characters).
func (s *Service) AddMiles(ctx context.Context, in MilesInput) (*fuelportal.IFTAMilesEntry, error) {
	fe := fuelportal.FieldErrors{}
	loc, err := s.location(ctx, in.CompanyID)
	if err != nil {
		return nil, err
	}
	e := &fuelportal.IFTAMilesEntry{CompanyID: in.CompanyID, CreatedBy: in.UserID, Note: strings.TrimSpace(in.Note)}
	e.UnitNumber = checkUnit(fe, in.UnitNumber)
	e.Date, _ = s.checkDate(fe, in.Date, loc)
	e.Jurisdiction = checkJurisdiction(fe, in.Jurisdiction)
	tenths, err := fuelportal.ParseDecimal(in.Miles, 1)
	if err != nil || tenths <= 0 || tenths > MaxEntryMiles*10 {
		fe.Add("miles", fmt.Sprintf("Must be a number of miles above 0 and at most %d", MaxEntryMiles))
	}
	e.MilesTenths = tenths
	fuelportal.Rule("text").CheckText(fe, "note", e.Note)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if err := s.Store.AddIFTAMiles(ctx, e); err != nil {
		return nil, err
	}
	return e, nil
}

// FuelInput is an off-card fuel purchase as entered: Gallons is a decimal
// number, rounded to a thousandth (half up).
type FuelInput struct {
	CompanyID, UserID int64
	UnitNumber        string
	Date              string
	Jurisdiction      string
	Gallons           string
	FuelType          string
	TaxPaid           bool
	Vendor            string
}

// AddFuel validates and records an off-card fuel purchase. Field errors as
// AddMiles' and gallons (above 0, at most MaxEntryGallons), fuelType (diesel or gasoline), vendor (text, at most 255 characters); ECONFLICT when it would count a purchase twice
// (fuelportal.CheckIFTAFuelAdded).
func (s *Service) AddFuel(ctx context.Context, in FuelInput) (*fuelportal.IFTAFuelEntry, error) {
	fe := fuelportal.FieldErrors{}
	loc, err := s.location(ctx, in.CompanyID)
	if err != nil {
		return nil, err
	}
	e := &fuelportal.IFTAFuelEntry{CompanyID: in.CompanyID, CreatedBy: in.UserID, TaxPaid: in.TaxPaid, Vendor: strings.TrimSpace(in.Vendor), FuelType: in.FuelType}
	e.UnitNumber = checkUnit(fe, in.UnitNumber)
	var day time.Time
	e.Date, day = s.checkDate(fe, in.Date, loc)
	e.Jurisdiction = checkJurisdiction(fe, in.Jurisdiction)
	milli, err := fuelportal.ParseDecimal(in.Gallons, 3)
	if err != nil || milli <= 0 || milli > MaxEntryGallons*1000 {
		fe.Add("gallons", fmt.Sprintf("Must be a number of gallons above 0 and at most %d", MaxEntryGallons))
	}
	e.Gallons = fuelportal.Gallons(milli)
	if !FuelType(in.FuelType).Valid() {
		fe.Add("fuelType", "Must be diesel or gasoline")
	}
	fuelportal.Rule("text").CheckText(fe, "vendor", e.Vendor)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	dayFrom := fuelportal.WallClockIn(day, loc)
	dayTo := fuelportal.WallClockIn(day.AddDate(0, 0, 1), loc)
	if err := s.Store.AddIFTAFuel(ctx, e, dayFrom, dayTo, fuelportal.CheckIFTAFuelAdded); err != nil {
		return nil, err
	}
	return e, nil
}

// MilesEntries lists the company's manual miles of a quarter.
func (s *Service) MilesEntries(ctx context.Context, companyID int64, year, quarter int) ([]fuelportal.IFTAMilesEntry, error) {
	from, to, err := quarterDates(year, quarter)
	if err != nil {
		return nil, err
	}
	return s.Store.IFTAMilesEntries(ctx, companyID, from, to)
}

// FuelEntries lists the company's off-card fuel of a quarter.
func (s *Service) FuelEntries(ctx context.Context, companyID int64, year, quarter int) ([]fuelportal.IFTAFuelEntry, error) {
	from, to, err := quarterDates(year, quarter)
	if err != nil {
		return nil, err
	}
	return s.Store.IFTAFuelEntries(ctx, companyID, from, to)
}

// DeleteMiles deletes a manual miles entry: another company's is
// ENOTFOUND, one of a quarter with a closed return ECONFLICT
// (fuelportal.CheckIFTAEntryDeleted).
func (s *Service) DeleteMiles(ctx context.Context, companyID, id int64) error {
	return s.Store.DeleteIFTAMiles(ctx, companyID, id, fuelportal.CheckIFTAEntryDeleted)
}

// DeleteFuel deletes an off-card fuel entry: another company's is
// ENOTFOUND, one of a quarter whose return of its fuel is closed ECONFLICT
// (fuelportal.CheckIFTAEntryDeleted).
func (s *Service) DeleteFuel(ctx context.Context, companyID, id int64) error {
	return s.Store.DeleteIFTAFuel(ctx, companyID, id, fuelportal.CheckIFTAEntryDeleted)
}

// ImportRates reads a rate file (ParseRatesCSV; its error is EINVALID) and
// stores it: the rows of each quarter in the file replace that quarter's
// stored rates. sample marks them made up (not for filing). It returns the
// quarters replaced and the rows stored.
func (s *Service) ImportRates(ctx context.Context, r io.Reader, sample bool) (quarters, rows int, err error) {
	parsed, err := ParseRatesCSV(r)
	if err != nil {
		return 0, 0, fuelportal.Errorf(fuelportal.EINVALID, "%s", err.Error())
	}
	list := RateRows(parsed, sample)
	quarters, err = s.Store.ReplaceIFTARates(ctx, list)
	return quarters, len(list), err
}

// ImportCompanyRates reads a rate file (ParseRatesCSV) that the company's
// owner uploaded and stores it for that company alone: the rows of each
// quarter in the file replace the company's rates of that quarter, and in
// its returns they win over the shared ones. A bad file is EINVALID with a
// field error per bad line ("line 4"; "file" for the file as a whole) and
// its message codes (fuelportal.Error.Codes).
// It returns the quarters replaced and the rows stored.
func (s *Service) ImportCompanyRates(ctx context.Context, companyID, userID int64, r io.Reader) (quarters, rows int, err error) {
	parsed, err := ParseRatesCSV(r)
	if err != nil {
		return 0, 0, rateFileError(err)
	}
	list := RateRows(parsed, false)
	quarters, err = s.Store.ReplaceIFTACompanyRates(ctx, companyID, userID, list)
	return quarters, len(list), err
}

// rateFileError is a rate file's parse error as the API answers it: a
// field error per bad line.
func rateFileError(err error) error {
	var bad *RatesFileError
	if !errors.As(err, &bad) {
		return err
	}
	fe := fuelportal.FieldErrors{}
	codes := map[string][]fuelportal.MessageCode{}
	for _, l := range bad.Lines {
		key := "file"
		if l.Line > 0 {
			key = fmt.Sprintf("line %d", l.Line)
		}
		fe.Add(key, l.Message)
		codes[key] = append(codes[key], fuelportal.MessageCode{Code: l.Code, Params: l.Params})
	}
	return &fuelportal.Error{Code: fuelportal.EINVALID, Message: err.Error(), Fields: fe, Codes: codes}
}

// RateRows converts parsed rates to store rows, in a stable order.
func RateRows(rates Rates, sample bool) []fuelportal.IFTARate {
	list := make([]fuelportal.IFTARate, 0, len(rates))
	for k, v := range rates {
		list = append(list, fuelportal.IFTARate{Year: k.Year, Quarter: k.Quarter, Jurisdiction: k.Jurisdiction, FuelType: string(k.FuelType),
			Rate: int64(v.Rate), Surcharge: int64(v.Surcharge), Sample: sample})
	}
	slices.SortFunc(list, func(a, b fuelportal.IFTARate) int {
		return strings.Compare(fmt.Sprintf("%04d%d%s%s", a.Year, a.Quarter, a.Jurisdiction, a.FuelType), fmt.Sprintf("%04d%d%s%s", b.Year, b.Quarter, b.Jurisdiction, b.FuelType))
	})
	return list
}

func (s *Service) location(ctx context.Context, companyID int64) (*time.Location, error) {
	c, err := s.Store.CompanyControls(ctx, companyID)
	if err != nil {
		return nil, err
	}
	return c.Location(), nil
}

func quarterDates(year, quarter int) (from, to string, err error) {
	fe := fuelportal.FieldErrors{}
	checkPeriodFields(fe, year, quarter)
	if err := fe.Err(); err != nil {
		return "", "", err
	}
	start := time.Date(year, time.Month(3*quarter-2), 1, 0, 0, 0, 0, time.UTC)
	return start.Format(time.DateOnly), start.AddDate(0, 3, 0).Format(time.DateOnly), nil
}

func checkUnit(fe fuelportal.FieldErrors, unit string) string {
	unit = strings.TrimSpace(unit)
	if unit == "" {
		fe.Add("unitNumber", "Unit number is required")
	} else {
		fuelportal.Rule("unitNumber").CheckText(fe, "unitNumber", unit)
	}
	return unit
}

func checkJurisdiction(fe fuelportal.FieldErrors, code string) string {
	code = strings.ToUpper(strings.TrimSpace(code))
	if !jurisdiction.IsMember(code) {
		fe.Add("jurisdiction", "Must be the two-letter code of an IFTA member (a US state but Alaska and Hawaii and DC, or a Canadian province)")
	}
	return code
}

// checkDate reads a YYYY-MM-DD day from 2000-01-01 to the company's today
// (tomorrow allowed, for a clock a little ahead); the day is midnight UTC.
func (s *Service) checkDate(fe fuelportal.FieldErrors, text string, loc *time.Location) (string, time.Time) {
	day, err := time.Parse(time.DateOnly, strings.TrimSpace(text))
	now := s.now().In(loc)
	latest := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, time.UTC)
	if err != nil || day.Year() < 2000 || day.After(latest) {
		fe.Add("date", "Must be a date like 2026-10-15, from 2000-01-01 to today")
		return "", time.Time{}
	}
	return day.Format(time.DateOnly), day
}
