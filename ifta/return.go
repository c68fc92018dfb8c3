// Package ifta computes the International Fuel Tax Agreement quarterly
// return from a fleet's miles and fuel purchases by jurisdiction and the
// quarter's published rates, as pure functions: no database, no clock.
// docs/ifta.md gives the rules, the rounding and the rate file's format.
package ifta

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/jurisdiction"
)

// Status says whether the quarter is over: "open" while it runs (the
// figures will still change), "closed" from the first instant after it.
type Status string

const (
	Open   Status = "open"
	Closed Status = "closed"
)

// Miles are a fleet's miles in one jurisdiction in the quarter.
type Miles struct {
	// Jurisdiction is a two-letter code as jurisdiction.Of gives it; a
	// non-member's ("DC", "AK", "" for none) miles count in the fleet's
	// total miles only.
	Jurisdiction string
	Total        float64
	// NonTaxable are the miles of Total marked non-taxable (off-highway,
	// say); the taxable miles are the rest.
	NonTaxable float64
}

// Purchase is fuel bought on a card in the quarter.
type Purchase struct {
	// Jurisdiction is the station's state or province.
	Jurisdiction string
	// Product is what was bought: DSL counts for a diesel return and GAS
	// for a gasoline one; reefer diesel (RFR), DEF and anything else never
	// count. "" is read as DSL, as in the purchase feed.
	Product fuelportal.ProductCode
	Gallons float64
}

// Input is everything a return is computed from.
type Input struct {
	Year, Quarter int
	FuelType      FuelType
	Miles         []Miles
	Purchases     []Purchase
	// OtherGallons is fuel of this type the fleet used that no card
	// purchase shows (bulk tanks): it counts in the fleet's total gallons,
	// for the MPG, and is tax-paid nowhere.
	OtherGallons float64
	Rates        Rates
	// MilesEstimated is set when miles come from trip plans rather than
	// recorded routes or odometers.
	MilesEstimated bool
	// AsOf is when the return is computed: before the quarter's end it is
	// open.
	AsOf time.Time
}

// Return is a quarter's IFTA return for one fuel type. The JSON names are
// the API's.
type Return struct {
	Year              int       `json:"year"`
	Quarter           int       `json:"quarter"`
	FuelType          FuelType  `json:"fuelType"`
	Status            Status    `json:"status"`
	TotalMiles        int64     `json:"totalMiles"`
	TotalTaxableMiles int64     `json:"totalTaxableMiles"`
	TotalGallons      int64     `json:"totalGallons"`
	MPG               MPG       `json:"mpg"`
	Rows              []Row     `json:"rows"`
	TotalDue          Cents     `json:"totalDue"`
	Warnings          []Warning `json:"warnings"`
}

// Row is one member jurisdiction's line of the return.
type Row struct {
	Jurisdiction      string `json:"jurisdiction"`
	TotalMiles        int64  `json:"totalMiles"`
	TaxableMiles      int64  `json:"taxableMiles"`
	TaxableGallons    int64  `json:"taxableGallons"`
	TaxPaidGallons    int64  `json:"taxPaidGallons"`
	NetTaxableGallons int64  `json:"netTaxableGallons"`
	// Rate and Surcharge are null when the jurisdiction has no rate for
	// the fuel; then Tax, SurchargeTax and Total are 0.
	Rate         *PerGallon `json:"rate"`
	Surcharge    *PerGallon `json:"surcharge"`
	Tax          Cents      `json:"tax"`
	SurchargeTax Cents      `json:"surchargeTax"`
	Total        Cents      `json:"total"`
}

// Warning is something the filer should look at before filing.
type Warning struct {
	Code          WarningCode `json:"code"`
	Jurisdictions []string    `json:"jurisdictions,omitempty"`
	Message       string      `json:"message"`
}

// WarningCode names a kind of warning.
type WarningCode string

const (
	WarnQuarterOpen           WarningCode = "quarter_open"
	WarnMissingRate           WarningCode = "missing_rate"
	WarnNoFuel                WarningCode = "no_fuel"
	WarnMPGOutOfRange         WarningCode = "mpg_out_of_range"
	WarnMilesEstimated        WarningCode = "miles_estimated"
	WarnPurchasesWithoutMiles WarningCode = "purchases_without_miles"
	WarnMilesWithoutPurchases WarningCode = "miles_without_purchases"
	WarnNonMemberMiles        WarningCode = "non_member_miles"
	// WarnZeroRate names members whose rate and surcharge for the fuel
	// are 0: a rate (the row is taxed at nothing), not a missing one.
	WarnZeroRate WarningCode = "zero_rate"
)

// The fleet MPG outside which a return is probably wrong: a loaded tractor
// does 5–8.
const (
	minPlausibleMPG MPG = 300
	maxPlausibleMPG MPG = 1200
)

// productFor is the purchase product that counts for each fuel type.
var productFor = map[FuelType]fuelportal.ProductCode{
	Diesel:   fuelportal.ProductDiesel,
	Gasoline: fuelportal.ProductGasoline,
}

// Compute builds the return (docs/ifta.md, "The return"):
//   - each jurisdiction's total and taxable miles and tax-paid gallons are
//     rounded to whole numbers (halves away from zero);
//   - total miles add up every jurisdiction's rounded miles, members or not;
//     total gallons are all the fuel's purchases plus OtherGallons, rounded;
//   - MPG is total miles ÷ total gallons to two decimals;
//   - a member's taxable gallons are its taxable miles ÷ MPG, whole; net
//     taxable gallons are taxable − tax-paid;
//   - tax is net × rate and surcharge tax is taxable gallons × surcharge,
//     each rounded to the cent per row (halves away from zero), so a credit
//     is negative and the surcharge never is; a row's total is their sum,
//     and the amount due is the rows' totals added up.
//
// A row is listed for each member jurisdiction with miles or tax-paid
// gallons, in code order. An error for an invalid period or fuel type, or
// negative, NaN or absurd (over a billion) miles or gallons.
func Compute(in Input) (Return, error) {
	if err := checkPeriod(in.Year, in.Quarter); err != nil {
		return Return{}, err
	}
	if !in.FuelType.Valid() {
		return Return{}, fmt.Errorf("fuel type %q must be diesel or gasoline", in.FuelType)
	}
	ret := Return{Year: in.Year, Quarter: in.Quarter, FuelType: in.FuelType, Status: Closed, Rows: []Row{}, Warnings: []Warning{}}
	if in.AsOf.Before(quarterEnd(in.Year, in.Quarter)) {
		ret.Status = Open
		ret.warn(WarnQuarterOpen, nil, "The quarter is not over: its miles and purchases will still change.")
	}

	// Miles by jurisdiction, as the input's floats, then rounded.
	type sums struct{ total, nonTaxable, taxPaid float64 }
	byCode := map[string]*sums{}
	get := func(code string) *sums {
		code = strings.ToUpper(strings.TrimSpace(code))
		if byCode[code] == nil {
			byCode[code] = &sums{}
		}
		return byCode[code]
	}
	for _, m := range in.Miles {
		if _, err := whole("miles in "+m.Jurisdiction, m.Total); err != nil {
			return Return{}, err
		}
		if _, err := whole("non-taxable miles in "+m.Jurisdiction, m.NonTaxable); err != nil {
			return Return{}, err
		}
		if m.NonTaxable > m.Total {
			return Return{}, fmt.Errorf("non-taxable miles in %s (%v) are more than its miles (%v)", m.Jurisdiction, m.NonTaxable, m.Total)
		}
		s := get(m.Jurisdiction)
		s.total += m.Total
		s.nonTaxable += m.NonTaxable
	}
	fuelGallons := in.OtherGallons
	if _, err := whole("other gallons", in.OtherGallons); err != nil {
		return Return{}, err
	}
	want := productFor[in.FuelType]
	for _, p := range in.Purchases {
		if _, err := whole("gallons bought in "+p.Jurisdiction, p.Gallons); err != nil {
			return Return{}, err
		}
		product := p.Product
		if product == "" {
			product = fuelportal.ProductDiesel
		}
		if product != want {
			continue
		}
		fuelGallons += p.Gallons
		get(p.Jurisdiction).taxPaid += p.Gallons
	}

	var codes []string
	for code := range byCode {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	var nonMembers, purchasesOnly, milesOnly []string
	for _, code := range codes {
		s := byCode[code]
		total, err := whole("miles in "+code, s.total)
		if err != nil {
			return Return{}, err
		}
		taxable, err := whole("taxable miles in "+code, s.total-s.nonTaxable)
		if err != nil {
			return Return{}, err
		}
		taxPaid, err := whole("gallons bought in "+code, s.taxPaid)
		if err != nil {
			return Return{}, err
		}
		ret.TotalMiles += total
		if !jurisdiction.IsMember(code) {
			if total > 0 {
				nonMembers = append(nonMembers, code)
			}
			continue
		}
		if total == 0 && taxPaid == 0 {
			continue
		}
		if total == 0 {
			purchasesOnly = append(purchasesOnly, code)
		} else if taxPaid == 0 {
			milesOnly = append(milesOnly, code)
		}
		ret.TotalTaxableMiles += taxable
		ret.Rows = append(ret.Rows, Row{Jurisdiction: code, TotalMiles: total, TaxableMiles: taxable, TaxPaidGallons: taxPaid})
	}
	ret.TotalGallons, _ = whole("gallons", fuelGallons)

	switch {
	case ret.TotalGallons == 0:
		if ret.TotalMiles > 0 {
			ret.warn(WarnNoFuel, nil, "No fuel of this type was bought: the MPG and the taxable gallons cannot be computed, so every jurisdiction shows 0.")
		}
	default:
		ret.MPG = MPG(divRound(ret.TotalMiles*100, ret.TotalGallons))
		if ret.MPG < minPlausibleMPG || ret.MPG > maxPlausibleMPG {
			ret.warn(WarnMPGOutOfRange, nil, fmt.Sprintf("The fleet's MPG, %s, is outside %s–%s: check for missing miles or purchases.", ret.MPG, minPlausibleMPG, maxPlausibleMPG))
		}
	}

	var missing, zero []string
	for i := range ret.Rows {
		row := &ret.Rows[i]
		if ret.MPG > 0 {
			row.TaxableGallons = divRound(row.TaxableMiles*100, int64(ret.MPG))
		}
		row.NetTaxableGallons = row.TaxableGallons - row.TaxPaidGallons
		rate, ok := in.Rates[RateKey{Year: in.Year, Quarter: in.Quarter, Jurisdiction: row.Jurisdiction, FuelType: in.FuelType}]
		if !ok {
			missing = append(missing, row.Jurisdiction)
			continue
		}
		row.Rate, row.Surcharge = &rate.Rate, &rate.Surcharge
		if rate.Rate == 0 && rate.Surcharge == 0 {
			zero = append(zero, row.Jurisdiction)
		}
		// Gallons × ten-thousandths of a dollar are hundredths of a cent.
		row.Tax = Cents(divRound(row.NetTaxableGallons*int64(rate.Rate), 100))
		row.SurchargeTax = Cents(divRound(row.TaxableGallons*int64(rate.Surcharge), 100))
		row.Total = row.Tax + row.SurchargeTax
		ret.TotalDue += row.Total
	}

	if len(missing) > 0 {
		ret.warn(WarnMissingRate, missing, fmt.Sprintf("No %s rate for %dQ%d in %s: their miles and gallons are listed with no tax.", in.FuelType, in.Year, in.Quarter, strings.Join(missing, ", ")))
	}
	if len(zero) > 0 {
		message := fmt.Sprintf("The %s rate for %dQ%d in %s is 0: no %s tax is due there through IFTA, and their miles and gallons still count in the fleet's MPG.",
			in.FuelType, in.Year, in.Quarter, strings.Join(zero, ", "), in.FuelType)
		if in.FuelType == Diesel && slices.Contains(zero, "OR") {
			message += " Oregon taxes heavy diesel trucks by weight and mile instead, outside IFTA."
		}
		ret.warn(WarnZeroRate, zero, message)
	}
	if in.MilesEstimated {
		ret.warn(WarnMilesEstimated, nil, "Miles are estimated from trip plans, not recorded routes: IFTA audits ask for distance records.")
	}
	if len(purchasesOnly) > 0 {
		ret.warn(WarnPurchasesWithoutMiles, purchasesOnly, fmt.Sprintf("Fuel was bought in %s but no miles were driven there.", strings.Join(purchasesOnly, ", ")))
	}
	if len(milesOnly) > 0 && ret.TotalGallons > 0 {
		ret.warn(WarnMilesWithoutPurchases, milesOnly, fmt.Sprintf("Miles were driven in %s but no fuel was bought there.", strings.Join(milesOnly, ", ")))
	}
	if len(nonMembers) > 0 {
		names := make([]string, len(nonMembers))
		for i, code := range nonMembers {
			names[i] = code
			if code == "" {
				names[i] = "places outside every US state and Canadian province"
			}
		}
		ret.warn(WarnNonMemberMiles, nonMembers, fmt.Sprintf("Miles in %s, which are not IFTA members, count in the total miles (and so the MPG) only.", strings.Join(names, ", ")))
	}
	return ret, nil
}

func (r *Return) warn(code WarningCode, jurisdictions []string, message string) {
	r.Warnings = append(r.Warnings, Warning{Code: code, Jurisdictions: jurisdictions, Message: message})
}
