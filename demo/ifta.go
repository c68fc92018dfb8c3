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
// odometer summaries: a plausible 5.9–6.9 miles per gallon of the diesel
// its cards bought there, so the return page has content. The completed
// trips add their planned miles on top (estimated, with a warning).
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
	var units []string
	for _, c := range env.Cards[env.DemoFreight.ID] {
		if c.UnitNumber != "" {
			units = append(units, c.UnitNumber)
		}
	}
	if len(units) == 0 {
		units = []string{"TRK-1"}
	}
	yesterday := time.Date(now.Year(), now.Month(), now.Day()-1, 0, 0, 0, 0, time.UTC)
	n := 0
	for _, p := range [][2]int{{prevYear, prevQuarter}, {year, quarter}} {
		period := ifta.PeriodIn(env.DemoFreight.ID, p[0], p[1], string(ifta.Diesel), loc)
		q, err := tx.IFTAQuarter(ctx, period)
		if err != nil {
			return err
		}
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
				e := &fuelportal.IFTAMilesEntry{CompanyID: env.DemoFreight.ID, UnitNumber: units[n%len(units)],
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
	}
	return nil
}

// demoMPG is a state's demo miles per gallon, 5.9 to 6.9, the same every run.
func demoMPG(state string) float64 {
	h := fnv.New32a()
	h.Write([]byte(state))
	return 5.9 + float64(h.Sum32()%11)/10
}
