// Package telematics is the telematics flow (docs/ifta.md, "Telematics"):
// a company's tracking devices forward their positions (Traccar's JSON
// position forwarding), which are kept and rolled up, as they arrive,
// into miles per vehicle, day and jurisdiction for the IFTA return.
package telematics

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/jurisdiction"
	"fuelportal/store"
)

// Store is what the flow reads and writes (*store.DB).
type Store interface {
	CompanyControls(ctx context.Context, companyID int64) (*fuelportal.CompanyControls, error)
	SetTelematicsToken(ctx context.Context, companyID, userID int64, hash string) error
	TelematicsTokenCompany(ctx context.Context, hash string) (int64, error)
	TelematicsTokenCreatedAt(ctx context.Context, companyID int64) (*time.Time, error)
	InTelematicsTx(ctx context.Context, companyID int64, fn func(t *store.TelematicsTx) error) error
	DeleteTelematicsPositionsBefore(ctx context.Context, cutoff time.Time) (int64, error)
	EnsurePositionMonths(ctx context.Context, times []time.Time) error
	ThinningVehicles(ctx context.Context) ([]store.ThinningVehicle, error)
	InThinningTx(ctx context.Context, companyID, vehicleID int64, fn func(t *store.ThinningTx) error) error
	UncompactedPositionMonths(ctx context.Context, before time.Time) ([]time.Time, error)
	CompactPositionMonth(ctx context.Context, month time.Time) error
	VehicleMileage(ctx context.Context, companyID, id int64, fromDate, toDate string, from, to time.Time) (*store.VehicleMileage, error)
}

// Deps are what the telematics flow is built from.
type Deps struct {
	Store Store
	// Now is the clock fix times are judged by (nil: time.Now).
	Now func() time.Time
}

// Service runs the telematics flow. Create it with New.
type Service struct{ Deps }

// New returns the telematics flow over d.
func New(d Deps) *Service { return &Service{Deps: d} }

// Rules of the rollup.
const (
	// MaxSpeedMPH: a position reached from the vehicle's previous kept one
	// (or leaving for its next) faster than this is a jump, dropped.
	MaxSpeedMPH = 90
	// MinJumpMiles: closer positions are never jumps (GPS jitter between
	// fixes a second apart is not a teleport).
	MinJumpMiles = 1.0
	// MaxGap: consecutive kept positions further apart in time are
	// bridged by the straight line between them, and flagged.
	MaxGap = time.Hour
	// MaxPositions bounds one request's positions.
	MaxPositions = 1000
	// MaxFutureFix: a fix time later than now by more is refused.
	MaxFutureFix = 24 * time.Hour
	// MaxLastFixAhead: a fix later than now by more (a device's clock
	// ahead) never becomes its vehicle's last fix, which the pump check
	// trusts.
	MaxLastFixAhead = 2 * time.Minute
	// RetentionYears: positions are kept this long (IFTA's record rule).
	RetentionYears = 4
)

// Position is one position as a device forwarded it: the device's unique
// ID and name (either may be a vehicle's unit number), the fix and the
// readings it carried.
type Position struct {
	DeviceUniqueID string
	DeviceName     string
	FixTime        time.Time
	Lat, Lon       float64
	SpeedKnots     *float64
	// OdometerMeters is the vehicle's odometer (Traccar's odometer
	// attribute, else its totalDistance), in meters; nil when absent.
	OdometerMeters *float64
	// FuelPercent is the tank's level from 0 to 100 (nil: not reported).
	FuelPercent *float64
	// Source names the feed ("": fuelportal.TelematicsSourceTraccar); the
	// vehicle's last fix says where it came from.
	Source string
}

// Result says what one ingest did.
type Result struct {
	Received       int `json:"received"`
	Stored         int `json:"stored"`
	Duplicates     int `json:"duplicates"`
	DroppedJumps   int `json:"droppedJumps"`
	BridgedGaps    int `json:"bridgedGaps"`
	UnknownDevices int `json:"unknownDevices"`
	// AheadOfClock are fixes stored (for the miles) but more than
	// MaxLastFixAhead later than now: never a vehicle's last fix.
	AheadOfClock int `json:"aheadOfClock"`
	// IntoThinned are late fixes that fell between two fixes of a thinned
	// stretch (docs/decisions.md): not stored, the stretch's miles are
	// final.
	IntoThinned int      `json:"intoThinned"`
	UnknownIDs  []string `json:"unknownDeviceIds"`
}

// maxUnknownListed bounds the unknown devices a result names.
const maxUnknownListed = 20

// TokenHash is how a token is stored: its SHA-256 in hex.
func TokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// RotateToken makes the company a new forwarding token and answers it
// (only its hash is stored; the one before stops working).
func (s *Service) RotateToken(ctx context.Context, companyID, userID int64) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := "tlm_" + base64.RawURLEncoding.EncodeToString(b)
	if err := s.Store.SetTelematicsToken(ctx, companyID, userID, TokenHash(token)); err != nil {
		return "", err
	}
	return token, nil
}

// TokenCreatedAt says when the company's token was made (nil: none yet).
func (s *Service) TokenCreatedAt(ctx context.Context, companyID int64) (*time.Time, error) {
	return s.Store.TelematicsTokenCreatedAt(ctx, companyID)
}

// Company is the company whose token this is: EUNAUTHORIZED for an
// unknown or empty one.
func (s *Service) Company(ctx context.Context, token string) (int64, error) {
	if token == "" {
		return 0, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Send the company's telematics token as Authorization: Bearer <token>")
	}
	id, err := s.Store.TelematicsTokenCompany(ctx, TokenHash(token))
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		return 0, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Unknown telematics token: make a new one on the IFTA page")
	}
	return id, err
}

// RetentionCutoff is the first fix time still kept at now: positions
// fixed before it are past RetentionYears.
func RetentionCutoff(now time.Time) time.Time {
	return now.UTC().AddDate(-RetentionYears, 0, 0)
}

// DeleteExpiredPositions deletes every company's positions fixed before
// RetentionCutoff (the serving process runs it daily); their rolled-up
// miles and days, the mileage record, stay. It answers how many it
// deleted.
func (s *Service) DeleteExpiredPositions(ctx context.Context) (int64, error) {
	return s.Store.DeleteTelematicsPositionsBefore(ctx, RetentionCutoff(s.now()))
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Check validates positions (field errors named positions[i].field): a
// fix time from RetentionCutoff (a position older would be deleted at
// once, and its segment's miles were already counted without it) to
// MaxFutureFix ahead.
func Check(positions []Position, now time.Time) error {
	fe := fuelportal.FieldErrors{}
	if len(positions) == 0 {
		fe.Add("positions", "Send at least one position")
	}
	if len(positions) > MaxPositions {
		fe.Add("positions", "Send at most 1000 positions a request")
	}
	for i, p := range positions {
		if len(fe) >= 10 {
			break
		}
		name := func(f string) string { return "positions[" + strconv.Itoa(i) + "]." + f }
		if strings.TrimSpace(p.DeviceUniqueID) == "" && strings.TrimSpace(p.DeviceName) == "" {
			fe.Add(name("device"), "Needs device.uniqueId or device.name")
		}
		if p.FixTime.IsZero() {
			fe.Add(name("fixTime"), "Must be a time like 2026-11-27T14:03:00.000+00:00")
		} else if p.FixTime.Before(RetentionCutoff(now)) || p.FixTime.After(now.Add(MaxFutureFix)) {
			fe.Add(name("fixTime"), "Must be within the last four years (positions are kept four years) and no later than a day from now")
		}
		if math.IsNaN(p.Lat) || p.Lat < -90 || p.Lat > 90 {
			fe.Add(name("latitude"), "Must be from -90 to 90")
		}
		if math.IsNaN(p.Lon) || p.Lon < -180 || p.Lon > 180 {
			fe.Add(name("longitude"), "Must be from -180 to 180")
		}
		if p.SpeedKnots != nil && (math.IsNaN(*p.SpeedKnots) || *p.SpeedKnots < 0 || *p.SpeedKnots > 1000) {
			fe.Add(name("speed"), "Must be from 0 to 1000 knots")
		}
		if p.FuelPercent != nil && (math.IsNaN(*p.FuelPercent) || *p.FuelPercent < 0 || *p.FuelPercent > 100) {
			fe.Add(name("attributes.fuel"), "Must be a fuel level from 0 to 100 percent")
		}
		if len(p.Source) > 40 {
			fe.Add(name("source"), "Must be at most 40 characters")
		}
		if p.OdometerMeters != nil && (math.IsNaN(*p.OdometerMeters) || *p.OdometerMeters < 0 || *p.OdometerMeters > 1e10) {
			fe.Add(name("attributes.odometer"), "Must be meters from 0 to 10,000,000 km")
		}
	}
	return fe.Err()
}

// Ingest stores the company's positions and rolls them up (docs/ifta.md,
// "Telematics"): each is mapped to the vehicle whose unit number is its
// device's unique ID or else name (unknown devices are counted, nothing
// stored); a position at an instant its vehicle already has is a
// duplicate, ignored; one reached faster than MaxSpeedMPH is dropped as a
// jump; a gap over MaxGap is bridged and flagged. Field errors for bad
// positions.
func (s *Service) Ingest(ctx context.Context, companyID int64, positions []Position) (*Result, error) {
	if err := Check(positions, s.now()); err != nil {
		return nil, err
	}
	var units []string
	for _, p := range positions {
		units = append(units, strings.TrimSpace(p.DeviceUniqueID), strings.TrimSpace(p.DeviceName))
	}
	slices.Sort(units)
	units = slices.Compact(units)
	times := make([]time.Time, len(positions))
	for i, p := range positions {
		times[i] = p.FixTime
	}
	if err := s.Store.EnsurePositionMonths(ctx, times); err != nil {
		return nil, err
	}
	thinnedBefore := ThinningCutoff(s.now())
	var res *Result
	// One transaction reads the vehicles and the zone, stores and rolls up.
	err := s.Store.InTelematicsTx(ctx, companyID, func(t *store.TelematicsTx) error {
		res = &Result{Received: len(positions), UnknownIDs: []string{}}
		ids, err := t.LockVehiclesByUnit(ctx, units)
		if err != nil {
			return err
		}
		loc, err := t.Location(ctx)
		if err != nil {
			return err
		}
		byVehicle := map[int64][]*fuelportal.TelematicsFix{}
		readings := map[*fuelportal.TelematicsFix]Position{}
		seen := map[[2]int64]bool{}
		for _, p := range positions {
			id, ok := ids[strings.TrimSpace(p.DeviceUniqueID)]
			if !ok {
				id, ok = ids[strings.TrimSpace(p.DeviceName)]
			}
			if !ok {
				res.UnknownDevices++
				name := cmp.Or(strings.TrimSpace(p.DeviceUniqueID), strings.TrimSpace(p.DeviceName))
				if len(res.UnknownIDs) < maxUnknownListed && !slices.Contains(res.UnknownIDs, name) {
					res.UnknownIDs = append(res.UnknownIDs, name)
				}
				continue
			}
			f := &fuelportal.TelematicsFix{VehicleID: id, FixTime: p.FixTime.UTC().Truncate(time.Microsecond), Lat: p.Lat, Lon: p.Lon, SpeedKnots: p.SpeedKnots}
			if key := [2]int64{id, f.FixTime.UnixMicro()}; seen[key] {
				res.Duplicates++
				continue
			} else {
				seen[key] = true
			}
			if p.OdometerMeters != nil {
				miles := *p.OdometerMeters / metersPerMile
				f.OdometerMiles = &miles
			}
			byVehicle[id] = append(byVehicle[id], f)
			readings[f] = p
		}
		vehicles := make([]int64, 0, len(byVehicle))
		for id := range byVehicle {
			vehicles = append(vehicles, id)
		}
		slices.Sort(vehicles)
		ends, err := t.TrackEnds(ctx, vehicles)
		if err != nil {
			return err
		}
		r := &rollup{loc: loc, miles: map[milesKey]*fuelportal.TelematicsMiles{}, days: map[dayKey]*dayFigures{}}
		// A vehicle's fixes all later than its stored track (the usual
		// case: a device forwarding as it drives) are rolled up before they
		// are stored, kept or not; the others (out of order, resent) after,
		// knowing which were duplicates.
		var all, appended []*fuelportal.TelematicsFix
		var later []int64
		for _, id := range vehicles {
			fixes := byVehicle[id]
			slices.SortFunc(fixes, func(a, b *fuelportal.TelematicsFix) int { return a.FixTime.Compare(b.FixTime) })
			all = append(all, fixes...)
			if end := ends[id]; fixes[0].FixTime.After(end.Latest) {
				r.appendTrack(end.LastKept, fixes)
				appended = append(appended, fixes...)
			} else {
				later = append(later, id)
			}
		}
		if err := t.InsertFixes(ctx, all); err != nil {
			return err
		}
		for _, f := range appended {
			if f.ID == 0 { // vehicles are locked: cannot happen
				return fmt.Errorf("telematics: vehicle %d's fix at %s was stored meanwhile", f.VehicleID, f.FixTime)
			}
		}
		for _, id := range later {
			if err := r.vehicle(ctx, t, id, byVehicle[id], ends[id].LastKept); err != nil {
				return err
			}
		}
		if err := t.MarkKept(ctx, r.kept); err != nil {
			return err
		}
		if err := t.DeleteFixes(ctx, r.intoThinned); err != nil {
			return err
		}
		// A fix kept before the full-rate window gets thinned again.
		for _, id := range vehicles {
			for _, f := range byVehicle[id] {
				if f.Kept && f.FixTime.Before(thinnedBefore) {
					if err := t.Rethin(ctx, id, f.FixTime); err != nil {
						return err
					}
					break
				}
			}
		}
		if err := t.AddMiles(ctx, r.milesRows()); err != nil {
			return err
		}
		last, ahead := lastFixes(vehicles, byVehicle, readings, t.Now())
		res.AheadOfClock = ahead
		if err := t.UpsertLastFixes(ctx, last); err != nil {
			return err
		}
		days, start, end := r.dayRows()
		res.Stored, res.Duplicates, res.DroppedJumps, res.BridgedGaps = r.stored, res.Duplicates+r.duplicates, r.dropped, r.bridged
		res.IntoThinned = len(r.intoThinned)
		return t.AddDays(ctx, days, start, end)
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

const metersPerMile = 1609.344

// mphPerKnot converts a device's knots to miles per hour.
const mphPerKnot = 1.150779

// lastFixes are the vehicles' newest kept fixes of an ingest at now (a
// dropped jump never is one, nor a fix more than MaxLastFixAhead ahead of
// now), and how many fixes were too far ahead; the store keeps each only
// if newer than the vehicle's last fix.
func lastFixes(vehicles []int64, byVehicle map[int64][]*fuelportal.TelematicsFix, readings map[*fuelportal.TelematicsFix]Position, now time.Time) ([]fuelportal.LastFix, int) {
	var out []fuelportal.LastFix
	ahead := 0
	for _, id := range vehicles {
		var newest *fuelportal.TelematicsFix
		for _, f := range byVehicle[id] {
			if f.FixTime.After(now.Add(MaxLastFixAhead)) {
				ahead++
				continue
			}
			if f.Kept && (newest == nil || f.FixTime.After(newest.FixTime)) {
				newest = f
			}
		}
		if newest == nil {
			continue
		}
		p := readings[newest]
		lf := fuelportal.LastFix{VehicleID: id, At: newest.FixTime, Lat: newest.Lat, Lon: newest.Lon, OdometerMiles: newest.OdometerMiles,
			FuelPercent: p.FuelPercent, Source: cmp.Or(strings.TrimSpace(p.Source), fuelportal.TelematicsSourceTraccar)}
		if newest.SpeedKnots != nil {
			mph := *newest.SpeedKnots * mphPerKnot
			lf.SpeedMph = &mph
		}
		out = append(out, lf)
	}
	return out, ahead
}

type milesKey struct {
	vehicle      int64
	date, region string
}

type dayKey struct {
	vehicle int64
	date    string
}

type dayFigures struct {
	fuelportal.TelematicsDay
	start, end time.Time
}

// rollup is one ingest's rollup: what it adds to the miles and days.
type rollup struct {
	loc                                  *time.Location
	miles                                map[milesKey]*fuelportal.TelematicsMiles
	days                                 map[dayKey]*dayFigures
	kept                                 []*fuelportal.TelematicsFix // stored before they were known kept
	intoThinned                          []*fuelportal.TelematicsFix // late into a thinned stretch: deleted again
	stored, duplicates, dropped, bridged int
}

// appendTrack rolls up one vehicle's new fixes (sorted by time, all later
// than any it has stored) after its last kept fix (nil: none), marking
// those it keeps.
func (r *rollup) appendTrack(last *fuelportal.TelematicsFix, fixes []*fuelportal.TelematicsFix) {
	for _, f := range fixes {
		r.stored++
		d := r.day(f.VehicleID, f.FixTime)
		d.Positions++
		if last != nil {
			if IsJump(last, f) {
				r.drop(d)
				continue
			}
			r.segment(last, f, 1)
		}
		r.keep(f, d)
		last = f
	}
}

// vehicle rolls up one vehicle's new fixes (sorted by time, stored, not
// kept yet, duplicates with ID 0) that reach into its stored track; last
// is its last kept fix before them (nil: none).
func (r *rollup) vehicle(ctx context.Context, t *store.TelematicsTx, id int64, fixes []*fuelportal.TelematicsFix, last *fuelportal.TelematicsFix) error {
	for _, f := range fixes {
		if f.ID == 0 {
			r.duplicates++
			continue
		}
		var prev, next *fuelportal.TelematicsFix
		if last != nil && !f.FixTime.After(last.FixTime) {
			var err error
			if prev, next, err = t.KeptAround(ctx, id, f.FixTime); err != nil {
				return err
			}
			if next != nil && next.ThinnedBefore {
				// Between two fixes of a thinned stretch: the segment
				// between them was never counted as one, so it cannot be
				// taken back; the stretch's miles are final.
				r.intoThinned = append(r.intoThinned, f)
				continue
			}
		}
		r.stored++
		d := r.day(id, f.FixTime)
		d.Positions++
		switch {
		case last == nil:
			r.keep(f, d)
			r.kept = append(r.kept, f)
			last = f
		case f.FixTime.After(last.FixTime):
			if IsJump(last, f) {
				r.drop(d)
				continue
			}
			r.segment(last, f, 1)
			r.keep(f, d)
			r.kept = append(r.kept, f)
			last = f
		default: // before the latest kept fix: fits between two kept ones
			if prev != nil && IsJump(prev, f) || next != nil && IsJump(f, next) {
				r.drop(d)
				continue
			}
			if prev != nil && next != nil {
				r.segment(prev, next, -1)
			}
			if prev != nil {
				r.segment(prev, f, 1)
			}
			if next != nil {
				r.segment(f, next, 1)
			}
			r.keep(f, d)
			// Later out-of-order fixes of this batch look it up.
			if err := t.MarkKept(ctx, []*fuelportal.TelematicsFix{f}); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *rollup) day(vehicle int64, at time.Time) *dayFigures {
	k := dayKey{vehicle, at.In(r.loc).Format(time.DateOnly)}
	d := r.days[k]
	if d == nil {
		d = &dayFigures{TelematicsDay: fuelportal.TelematicsDay{VehicleID: vehicle, Date: k.date}}
		r.days[k] = d
	}
	return d
}

// keep marks f kept and widens its day's odometer readings.
func (r *rollup) keep(f *fuelportal.TelematicsFix, d *dayFigures) {
	f.Kept = true
	if f.OdometerMiles == nil {
		return
	}
	if d.StartOdometer == nil || f.FixTime.Before(d.start) {
		d.StartOdometer, d.start = f.OdometerMiles, f.FixTime
	}
	if d.EndOdometer == nil || f.FixTime.After(d.end) {
		d.EndOdometer, d.end = f.OdometerMiles, f.FixTime
	}
}

func (r *rollup) drop(d *dayFigures) {
	d.DroppedJumps++
	r.dropped++
}

// segment adds (sign 1) or takes back (-1) the miles between kept fixes a
// and b, on the day of b in the company's zone.
func (r *rollup) segment(a, b *fuelportal.TelematicsFix, sign float64) {
	date := b.FixTime.In(r.loc).Format(time.DateOnly)
	bridged := b.FixTime.Sub(a.FixTime) > MaxGap
	d := r.day(b.VehicleID, b.FixTime)
	if bridged {
		d.BridgedGaps += int(sign)
		if sign > 0 {
			r.bridged++
		}
	}
	for code, miles := range SegmentMiles(a, b) {
		d.Miles += sign * miles
		k := milesKey{b.VehicleID, date, code}
		m := r.miles[k]
		if m == nil {
			m = &fuelportal.TelematicsMiles{VehicleID: b.VehicleID, Date: date, Jurisdiction: code}
			r.miles[k] = m
		}
		m.Miles += sign * miles
		if bridged {
			m.Bridged += sign * miles
		}
	}
}

func (r *rollup) milesRows() []fuelportal.TelematicsMiles {
	rows := make([]fuelportal.TelematicsMiles, 0, len(r.miles))
	for _, m := range r.miles {
		rows = append(rows, *m)
	}
	// One order for every ingest: upserts of concurrent ingests never
	// wait on each other in a cycle.
	slices.SortFunc(rows, func(a, b fuelportal.TelematicsMiles) int {
		return cmp.Or(cmp.Compare(a.VehicleID, b.VehicleID), cmp.Compare(a.Date, b.Date), cmp.Compare(a.Jurisdiction, b.Jurisdiction))
	})
	return rows
}

func (r *rollup) dayRows() (rows []fuelportal.TelematicsDay, start, end []time.Time) {
	keys := make([]dayKey, 0, len(r.days))
	for k := range r.days {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b dayKey) int { return cmp.Or(cmp.Compare(a.vehicle, b.vehicle), cmp.Compare(a.date, b.date)) })
	for _, k := range keys {
		d := r.days[k]
		rows, start, end = append(rows, d.TelematicsDay), append(start, d.start), append(end, d.end)
	}
	return rows, start, end
}

// IsJump reports whether going from fix a to the later fix b is a jump:
// over MinJumpMiles at more than MaxSpeedMPH.
func IsJump(a, b *fuelportal.TelematicsFix) bool {
	miles := geo.DistanceMiles(geo.Point{Lat: a.Lat, Lon: a.Lon}, geo.Point{Lat: b.Lat, Lon: b.Lon})
	if miles <= MinJumpMiles {
		return false
	}
	hours := b.FixTime.Sub(a.FixTime).Hours()
	return hours <= 0 || miles/hours > MaxSpeedMPH
}

// SegmentMiles are the miles per jurisdiction of the straight segment
// between two fixes (jurisdiction.Miles).
func SegmentMiles(a, b *fuelportal.TelematicsFix) map[string]float64 {
	return jurisdiction.Miles([]jurisdiction.Point{{Lat: a.Lat, Lon: a.Lon}, {Lat: b.Lat, Lon: b.Lon}})
}
