package telematics

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"fuelportal"
	"fuelportal/ifta"
	"fuelportal/jurisdiction"
)

// MaxMileageDays bounds a mileage record's range.
const MaxMileageDays = 366

// Sources of a mileage record's miles, in the order the return takes them.
const (
	SourceTelematics = string(ifta.SourceTelematics)
	SourceTrip       = string(ifta.SourceTrip) // a completed trip's planned route: estimated from the plan
	SourceManual     = string(ifta.SourceManual)
)

// Mileage is a vehicle's mileage record over a range of days.
type Mileage struct {
	VehicleID  int64        `json:"vehicleId"`
	UnitNumber string       `json:"unitNumber"`
	DateFrom   string       `json:"dateFrom"`
	DateTo     string       `json:"dateTo"`
	TotalMiles float64      `json:"totalMiles"`
	Days       []MileageDay `json:"days"`
}

// MileageDay is one day of a mileage record: the first and last odometer
// reading of the day's positions (miles; null when none carried one) and
// its miles per jurisdiction and source.
type MileageDay struct {
	Date          string         `json:"date"`
	StartOdometer *float64       `json:"startOdometer"`
	EndOdometer   *float64       `json:"endOdometer"`
	TotalMiles    float64        `json:"totalMiles"`
	Miles         []MileageMiles `json:"miles"`
}

// MileageMiles are miles in one jurisdiction ("" is none) from one source.
type MileageMiles struct {
	Jurisdiction string  `json:"jurisdiction"`
	Miles        float64 `json:"miles"`
	Source       string  `json:"source"`
}

// Mileage answers the company's vehicle id's mileage record from dateFrom
// to dateTo (YYYY-MM-DD, both included, at most MaxMileageDays days): per
// day the miles the IFTA return counts (one source a day, ifta.DaySources:
// telematics, else completed trips' planned miles, else manual entries), to a tenth of a mile. Field
// errors dateFrom, dateTo; ENOTFOUND for another company's vehicle.
func (s *Service) Mileage(ctx context.Context, companyID, vehicleID int64, dateFrom, dateTo string) (*Mileage, error) {
	fe := fuelportal.FieldErrors{}
	from, errFrom := time.Parse(time.DateOnly, dateFrom)
	to, errTo := time.Parse(time.DateOnly, dateTo)
	if errFrom != nil {
		fe.Add("dateFrom", "Must be a date like 2026-10-01")
	}
	if errTo != nil {
		fe.Add("dateTo", "Must be a date like 2026-12-31")
	}
	if errFrom == nil && errTo == nil && (to.Before(from) || to.Sub(from) >= MaxMileageDays*24*time.Hour) {
		fe.Add("dateTo", "Must be on or after dateFrom, at most 366 days after")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	c, err := s.Store.CompanyControls(ctx, companyID)
	if err != nil {
		return nil, err
	}
	loc := c.Location()
	end := to.AddDate(0, 0, 1)
	m, err := s.Store.VehicleMileage(ctx, companyID, vehicleID, dateFrom, end.Format(time.DateOnly),
		fuelportal.WallClockIn(from, loc), fuelportal.WallClockIn(end, loc))
	if err != nil {
		return nil, err
	}
	days := map[string]*MileageDay{}
	day := func(date string) *MileageDay {
		if days[date] == nil {
			days[date] = &MileageDay{Date: date, Miles: []MileageMiles{}}
		}
		return days[date]
	}
	type sourceKey struct{ date, region, source string }
	miles := map[sourceKey]float64{}
	unit := m.Vehicle.UnitNumber
	sources := ifta.NewDaySources()
	for _, t := range m.Telematics {
		miles[sourceKey{t.Date, t.Jurisdiction, SourceTelematics}] += t.Miles
		sources.HasTelematics(unit, t.Date)
	}
	for _, d := range m.Days {
		day(d.Date).StartOdometer, day(d.Date).EndOdometer = round1(d.StartOdometer), round1(d.EndOdometer)
	}
	for _, t := range m.Trips {
		sources.HasTrip(unit, t.CreatedAt.In(loc).Format(time.DateOnly))
	}
	for _, t := range m.Trips {
		date := t.CreatedAt.In(loc).Format(time.DateOnly)
		if ok, _ := sources.Counted(unit, date, ifta.SourceTrip); !ok {
			continue
		}
		points := make([]jurisdiction.Point, len(t.Route))
		for i, pt := range t.Route {
			points[i] = jurisdiction.Point{Lat: pt.Lat, Lon: pt.Lon}
		}
		for code, mi := range jurisdiction.Miles(points) {
			miles[sourceKey{date, code, SourceTrip}] += mi
		}
	}
	for _, e := range m.Manual {
		if ok, _ := sources.Counted(unit, e.Date, ifta.SourceManual); ok {
			miles[sourceKey{e.Date, e.Jurisdiction, SourceManual}] += float64(e.MilesTenths) / 10
		}
	}
	out := &Mileage{VehicleID: m.Vehicle.ID, UnitNumber: unit, DateFrom: dateFrom, DateTo: dateTo, Days: []MileageDay{}}
	for k, mi := range miles {
		mi = math.Round(max(0, mi)*10) / 10
		if mi == 0 {
			continue
		}
		d := day(k.date)
		d.Miles = append(d.Miles, MileageMiles{Jurisdiction: k.region, Miles: mi, Source: k.source})
	}
	for _, d := range days {
		slices.SortFunc(d.Miles, func(a, b MileageMiles) int {
			return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.Jurisdiction, b.Jurisdiction))
		})
		for _, mi := range d.Miles {
			d.TotalMiles += mi.Miles
		}
		d.TotalMiles = math.Round(d.TotalMiles*10) / 10
		out.TotalMiles += d.TotalMiles
		out.Days = append(out.Days, *d)
	}
	out.TotalMiles = math.Round(out.TotalMiles*10) / 10
	slices.SortFunc(out.Days, func(a, b MileageDay) int { return cmp.Compare(a.Date, b.Date) })
	return out, nil
}

func round1(v *float64) *float64 {
	if v == nil {
		return nil
	}
	r := math.Round(*v*10) / 10
	return &r
}
