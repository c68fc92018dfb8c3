package demo

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"time"

	"fuelportal"
	"fuelportal/ifta"
	"fuelportal/jurisdiction"
)

func init() {
	Register(Step{Order: OrderIFTA, Name: "IFTA sample rates and miles", Run: seedIFTA})
}

// OrderIFTA runs after the trips: the returns read the purchases and trips.
const OrderIFTA = OrderTrips + 10

// demoMilesPerEntry bounds one demo miles entry (under
// ifta.MaxEntryMiles, as an owner's entries are).
const demoMilesPerEntry = 40_000

// seedIFTA loads the sample rates (marked sample: the returns say they are
// not for filing) as the current and the previous quarter's, and enters
// Demo Freight's miles of both quarters by state, as an owner would from
// odometer summaries: its diesel tractors' at a plausible 5.9–6.9 miles
// per gallon of the diesel its cards bought there, so the return page has
// content. The completed trips add their planned miles on top (estimated,
// with a warning). Miles follow their unit's fuel, so the gasoline pickups
// get their own: a few states' miles entered by hand and, for those and
// their trips' planned miles, gasoline bought off the card at 9.9–10.9
// miles per gallon.
func seedIFTA(ctx context.Context, env *Env) error {
	tx := env.Tx
	loc := (&fuelportal.CompanyControls{TimeZone: fuelportal.DefaultTimeZone}).Location()
	now := env.Now.In(loc)
	year, quarter := now.Year(), (int(now.Month())-1)/3+1
	prevYear, prevQuarter := year, quarter-1
	if prevQuarter == 0 {
		prevYear, prevQuarter = year-1, 4
	}
	var rates []fuelportal.IFTARate
	for _, p := range [][2]int{{prevYear, prevQuarter}, {year, quarter}} {
		parsed, err := ifta.SampleRates(p[0], p[1])
		if err != nil {
			return err
		}
		rates = append(rates, ifta.RateRows(parsed, true)...)
	}
	if _, err := tx.ReplaceIFTARates(ctx, rates); err != nil {
		return err
	}
	if env.DemoFreight == nil || env.Owner == nil {
		return nil
	}
	yesterday := time.Date(now.Year(), now.Month(), now.Day()-1, 0, 0, 0, 0, time.UTC)
	n := 0
	for _, p := range [][2]int{{prevYear, prevQuarter}, {year, quarter}} {
		period := ifta.PeriodIn(env.DemoFreight.ID, p[0], p[1], string(ifta.Diesel), loc)
		q, err := tx.IFTAQuarter(ctx, period)
		if err != nil {
			return err
		}
		units := map[fuelportal.FuelType][]string{}
		fuelOf := map[string]fuelportal.FuelType{}
		for _, v := range q.Vehicles {
			fuelOf[v.UnitNumber] = v.FuelType
		}
		for _, c := range env.Cards[env.DemoFreight.ID] {
			if f := fuelOf[c.UnitNumber]; f != "" {
				units[f] = append(units[f], c.UnitNumber)
			}
		}
		if len(units[fuelportal.FuelDiesel]) == 0 {
			units[fuelportal.FuelDiesel] = []string{"TRK-1"}
		}
		diesel := units[fuelportal.FuelDiesel]
		gallons := map[string]float64{}
		for _, c := range q.Purchases {
			if jurisdiction.IsMember(c.Jurisdiction) {
				gallons[c.Jurisdiction] += float64(c.Gallons) / 1000
			}
		}
		states := make([]string, 0, len(gallons))
		for s := range gallons {
			states = append(states, s)
		}
		slices.Sort(states)
		first, _ := time.Parse(time.DateOnly, period.FromDate)
		last, _ := time.Parse(time.DateOnly, period.ToDate)
		last = last.AddDate(0, 0, -1)
		if yesterday.Before(last) {
			last = yesterday
		}
		days := max(1, int(last.Sub(first).Hours()/24)+1)
		for i, state := range states {
			miles := gallons[state] * demoMPG(state)
			for miles > 0 {
				chunk := math.Min(miles, demoMilesPerEntry)
				miles -= chunk
				e := &fuelportal.IFTAMilesEntry{CompanyID: env.DemoFreight.ID, UnitNumber: diesel[n%len(diesel)],
					Date: first.AddDate(0, 0, (i*7+n)%days).Format(time.DateOnly), Jurisdiction: state,
					MilesTenths: int64(math.Round(chunk * 10)), Note: "Odometer summary", CreatedBy: env.Owner.ID}
				if e.MilesTenths == 0 {
					break
				}
				if err := tx.AddIFTAMiles(ctx, e); err != nil {
					return fmt.Errorf("demo ifta miles: %w", err)
				}
				n++
			}
		}
		if err := seedGasolineMiles(ctx, env, q, units[fuelportal.FuelGasoline], states, first, days); err != nil {
			return err
		}
	}
	return nil
}

// seedGasolineMiles enters the gasoline pickups' (units) miles of quarter
// q by hand in the first three of states, and the gasoline they bought off
// the card for those and for their completed trips' planned miles, tax
// paid where they drove, dated from first over days.
func seedGasolineMiles(ctx context.Context, env *Env, q *fuelportal.IFTAQuarter, units, states []string, first time.Time, days int) error {
	if len(units) == 0 {
		return nil
	}
	miles := map[string]float64{}
	for _, t := range q.Trips {
		if !slices.Contains(units, t.UnitNumber) {
			continue
		}
		points := make([]jurisdiction.Point, len(t.Route))
		for i, pt := range t.Route {
			points[i] = jurisdiction.Point{Lat: pt.Lat, Lon: pt.Lon}
		}
		for code, m := range jurisdiction.Miles(points) {
			if jurisdiction.IsMember(code) {
				miles[code] += m
			}
		}
	}
	for i, state := range states[:min(3, len(states))] {
		m := 600 + float64(int(demoMPG(state)*100)%40)*10
		e := &fuelportal.IFTAMilesEntry{CompanyID: env.DemoFreight.ID, UnitNumber: units[i%len(units)],
			Date: first.AddDate(0, 0, (i*11+5)%days).Format(time.DateOnly), Jurisdiction: state,
			MilesTenths: int64(m * 10), Note: "Odometer summary", CreatedBy: env.Owner.ID}
		if err := env.Tx.AddIFTAMiles(ctx, e); err != nil {
			return fmt.Errorf("demo ifta gasoline miles: %w", err)
		}
		miles[state] += m
	}
	bought := make([]string, 0, len(miles))
	for s := range miles {
		bought = append(bought, s)
	}
	slices.Sort(bought)
	loc := (&fuelportal.CompanyControls{TimeZone: fuelportal.DefaultTimeZone}).Location()
	for i, state := range bought {
		gallons := fuelportal.Gallons(math.Round(miles[state] / (demoMPG(state) + 4) * 1000))
		if gallons == 0 {
			continue
		}
		day := first.AddDate(0, 0, (i*13+3)%days)
		e := &fuelportal.IFTAFuelEntry{CompanyID: env.DemoFreight.ID, UnitNumber: units[i%len(units)], Date: day.Format(time.DateOnly),
			Jurisdiction: state, Gallons: min(gallons, ifta.MaxEntryGallons*1000), FuelType: string(fuelportal.FuelGasoline), TaxPaid: true,
			Vendor: "Fuel station (receipt)", CreatedBy: env.Owner.ID}
		if err := env.Tx.AddIFTAFuel(ctx, e, fuelportal.WallClockIn(day, loc), fuelportal.WallClockIn(day.AddDate(0, 0, 1), loc), fuelportal.CheckIFTAFuelAdded); err != nil {
			return fmt.Errorf("demo ifta gasoline fuel: %w", err)
		}
	}
	return nil
}

// demoMPG is a state's demo miles per gallon, 5.9 to 6.9, the same every run.
func demoMPG(state string) float64 {
	h := fnv.New32a()
	h.Write([]byte(state))
	return 5.9 + float64(h.Sum32()%11)/10
}
