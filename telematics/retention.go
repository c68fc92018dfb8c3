package telematics

import (
	"context"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/jurisdiction"
	"fuelportal/store"
)

// Positions are kept only as long as needed (docs/decisions.md,
// "Telematics positions: thinned after 90 days"): at full rate for
// FullRateDays, then thinned to what the IFTA record needs, then deleted
// after RetentionYears.
const (
	// FullRateDays: positions fixed this many days ago or later are kept
	// as they came.
	FullRateDays = 90
	// ThinnedEvery: a thinned track keeps at least one fix per this much
	// driving.
	ThinnedEvery = 10 * time.Minute
	// StillMiles: a vehicle none of whose fixes since the last fix kept
	// is farther from it than this is not driving (GPS jitter of a parked
	// truck).
	StillMiles = 0.1
	// thinBatch bounds the fixes one thinning transaction reads.
	thinBatch = 5000
	// monthsAhead: the partitions of this many months after the current
	// one are made ahead of the fixes (PostgreSQL).
	monthsAhead = 2
)

// ThinningCutoff is the first fix time still kept at full rate at now.
func ThinningCutoff(now time.Time) time.Time {
	return now.UTC().AddDate(0, 0, -FullRateDays)
}

// Thin decides which of a stretch of a vehicle's track the thinned track
// keeps. fixes are the stretch's kept fixes in time order; prev is the
// track's kept fix just before them and next the one just after (nil:
// none); loc is the company's zone (its calendar days). A fix is kept
// when it is:
//
//   - the first or last of the track, or of its calendar day (the day's
//     first and last odometer readings);
//   - an end of a segment that crosses a jurisdiction's border (by the
//     rollup's own measure, SegmentMiles), so every crossing keeps the
//     fix on each side;
//   - an end of a segment longer than ThinnedEvery (a gap, bridged or
//     not: its ends are the record of it);
//   - the last fix before ThinnedEvery would pass since the last fix
//     kept, if the vehicle moved more than StillMiles meanwhile: at least
//     one fix per ThinnedEvery of driving, none while parked.
//
// Thin answers the fixes to delete and those to mark ThinnedBefore (a
// kept fix, or next, that follows deleted ones). The miles are not
// touched: they were rolled up from the full track when it arrived
// (telematics_miles), and the mark keeps a late fix from taking back a
// segment that was never counted (Ingest).
func Thin(prev *fuelportal.TelematicsFix, fixes []*fuelportal.TelematicsFix, next *fuelportal.TelematicsFix, loc *time.Location) (drop, mark []*fuelportal.TelematicsFix) {
	day := func(f *fuelportal.TelematicsFix) string { return f.FixTime.In(loc).Format(time.DateOnly) }
	lastKept, before := prev, prev
	var moved float64 // the farthest since lastKept got from it, in miles
	pending := false  // fixes were dropped since lastKept
	for i, f := range fixes {
		after := next
		if i+1 < len(fixes) {
			after = fixes[i+1]
		}
		if lastKept != nil {
			moved = max(moved, distance(lastKept, f))
		}
		keep := lastKept == nil || after == nil ||
			day(f) != day(before) || day(f) != day(after) ||
			crosses(before, f) || crosses(f, after) ||
			f.FixTime.Sub(before.FixTime) > ThinnedEvery || after.FixTime.Sub(f.FixTime) > ThinnedEvery ||
			(after.FixTime.Sub(lastKept.FixTime) > ThinnedEvery && max(moved, distance(lastKept, after)) > StillMiles)
		if keep {
			if pending && !f.ThinnedBefore {
				mark = append(mark, f)
			}
			lastKept, moved, pending = f, 0, false
		} else {
			drop = append(drop, f)
			pending = true
		}
		before = f
	}
	if pending && next != nil && !next.ThinnedBefore {
		mark = append(mark, next)
	}
	return drop, mark
}

func distance(a, b *fuelportal.TelematicsFix) float64 {
	return geo.DistanceMiles(geo.Point{Lat: a.Lat, Lon: a.Lon}, geo.Point{Lat: b.Lat, Lon: b.Lon})
}

// crosses reports whether the segment from a to b touches more than one
// jurisdiction (or none and one): its ends are in different ones, or
// its miles count in another.
func crosses(a, b *fuelportal.TelematicsFix) bool {
	ja, _ := jurisdiction.Of(a.Lat, a.Lon)
	jb, _ := jurisdiction.Of(b.Lat, b.Lon)
	if ja != jb {
		return true
	}
	for code, miles := range SegmentMiles(a, b) {
		if code != ja && miles > 0 {
			return true
		}
	}
	return false
}

// RetentionResult says what one retention run did.
type RetentionResult struct {
	// Thinned are the positions deleted by thinning (dropped jumps of the
	// thinned stretches included).
	Thinned int64
	// Expired are the positions deleted past RetentionYears.
	Expired int64
	// Compacted are the month partitions rewritten after their thinning
	// (PostgreSQL).
	Compacted int
}

// Retain runs the positions' retention once (the serving process runs it
// daily, docs/decisions.md): it makes the coming months' partitions
// (PostgreSQL), thins every vehicle's track up to ThinningCutoff,
// rewrites each month's partition once it is wholly thinned (PostgreSQL:
// so the thinned rows' space is returned) and deletes the positions past
// RetentionYears (DeleteExpiredPositions).
func (s *Service) Retain(ctx context.Context) (RetentionResult, error) {
	var res RetentionResult
	now := s.now()
	ahead := make([]time.Time, 0, monthsAhead+1)
	for m := range monthsAhead + 1 {
		ahead = append(ahead, now.UTC().AddDate(0, m, 0))
	}
	if err := s.Store.EnsurePositionMonths(ctx, ahead); err != nil {
		return res, err
	}
	n, err := s.ThinPositions(ctx)
	res.Thinned = n
	if err != nil {
		return res, err
	}
	months, err := s.Store.UncompactedPositionMonths(ctx, ThinningCutoff(now).AddDate(0, 0, 1-ThinningCutoff(now).Day()))
	if err != nil {
		return res, err
	}
	for _, m := range months {
		if m.Before(RetentionCutoff(now).AddDate(0, -1, 0)) {
			continue // dropped below
		}
		if err := s.Store.CompactPositionMonth(ctx, m); err != nil {
			return res, err
		}
		res.Compacted++
	}
	res.Expired, err = s.DeleteExpiredPositions(ctx)
	return res, err
}

// ThinPositions thins every vehicle's track from where it was thinned
// last up to ThinningCutoff (Thin), a stretch of at most thinBatch fixes
// per transaction, each under the vehicle's lock so no ingest of it runs
// meanwhile. It answers how many positions it deleted.
func (s *Service) ThinPositions(ctx context.Context) (int64, error) {
	cutoff := ThinningCutoff(s.now()).Truncate(time.Microsecond)
	vehicles, err := s.Store.ThinningVehicles(ctx)
	if err != nil {
		return 0, err
	}
	var deleted int64
	for _, v := range vehicles {
		from := v.ThinnedThrough
		for from.Before(cutoff) {
			done, step := false, int64(0)
			err := s.Store.InThinningTx(ctx, v.CompanyID, v.VehicleID, func(t *store.ThinningTx) error {
				loc, err := t.Location(ctx)
				if err != nil {
					return err
				}
				prev, fixes, next, err := t.Stretch(ctx, from, cutoff, thinBatch)
				if err != nil {
					return err
				}
				end := cutoff
				if len(fixes) == thinBatch {
					end = fixes[len(fixes)-1].FixTime.Add(time.Microsecond)
				} else {
					done = true
				}
				n, err := t.DeleteDropped(ctx, from, end)
				if err != nil {
					return err
				}
				drop, mark := Thin(prev, fixes, next, loc)
				if err := t.Delete(ctx, drop); err != nil {
					return err
				}
				if err := t.MarkThinnedBefore(ctx, mark); err != nil {
					return err
				}
				if err := t.SetThinnedThrough(ctx, end); err != nil {
					return err
				}
				step, from = n+int64(len(drop)), end
				return nil
			})
			if err != nil {
				return deleted, err
			}
			deleted += step
			if done || ctx.Err() != nil {
				break
			}
		}
	}
	return deleted, ctx.Err()
}
