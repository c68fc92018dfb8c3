package ifta

import (
	"encoding/json"
	"maps"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"fuelportal"
)

var afterQ3 = time.Date(2026, 10, 5, 12, 0, 0, 0, time.UTC)

func sampleRates(t *testing.T) Rates {
	t.Helper()
	f, err := os.Open("testdata/sample-rates-2026q3.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rates, err := ParseRatesCSV(f)
	if err != nil {
		t.Fatal(err)
	}
	return rates
}

// The worked example, by hand. Sample rates for 2026 Q3 diesel: TX 0.2000
// with no surcharge, IN 0.5900 with a 0.1100 surcharge, OR 0 (no diesel
// tax through IFTA).
//
//	miles:     TX 1,000.4 → 1,000; IN 523.6 → 524; OR 476.5 → 477
//	           total 1,000 + 524 + 477 = 2,001
//	purchases: DSL TX 150.6 → 151, DSL IN 120.2 → 120, DSL OR 60 → 60
//	           (RFR 30 in TX, DEF 10 in IN and GAS 12 in TX do not count)
//	           total gallons 150.6 + 120.2 + 60 = 330.8 → 331
//	MPG:       2,001 / 331 = 6.0453… → 6.05
//	taxable:   TX 1,000 / 6.05 = 165.29 → 165; IN 524 / 6.05 = 86.61 → 87;
//	           OR 477 / 6.05 = 78.84 → 79
//	net:       TX 165 − 151 = 14; IN 87 − 120 = −33; OR 79 − 60 = 19
//	tax:       TX 14 × 0.2000 = $2.80; IN −33 × 0.5900 = −$19.47; OR 19 × 0 = $0
//	surcharge: IN 87 × 0.1100 = $9.57 (on all taxable gallons, no credit)
//	totals:    TX $2.80; IN −$19.47 + $9.57 = −$9.90; OR $0
//	due:       $2.80 − $9.90 = −$7.10, a credit
func TestComputeWorkedExample(t *testing.T) {
	got, err := Compute(Input{
		Year: 2026, Quarter: 3, FuelType: Diesel, AsOf: afterQ3, Rates: sampleRates(t),
		Miles: []Miles{{Jurisdiction: "TX", Total: 600.2}, {Jurisdiction: "TX", Total: 400.2}, {Jurisdiction: "IN", Total: 523.6}, {Jurisdiction: "OR", Total: 476.5}},
		Purchases: []Purchase{
			{Jurisdiction: "TX", Product: fuelportal.ProductDiesel, Gallons: 100.6},
			{Jurisdiction: "TX", Product: "", Gallons: 50},
			{Jurisdiction: "TX", Product: fuelportal.ProductReefer, Gallons: 30},
			{Jurisdiction: "TX", Product: fuelportal.ProductGasoline, Gallons: 12},
			{Jurisdiction: "IN", Product: fuelportal.ProductDiesel, Gallons: 120.2},
			{Jurisdiction: "IN", Product: fuelportal.ProductDEF, Gallons: 10},
			{Jurisdiction: "OR", Product: fuelportal.ProductDiesel, Gallons: 60},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := func(v PerGallon) *PerGallon { return &v }
	want := Return{
		Year: 2026, Quarter: 3, FuelType: Diesel, Status: Closed,
		TotalMiles: 2001, TotalTaxableMiles: 2001, TotalGallons: 331, MPG: 605,
		Rows: []Row{
			{Jurisdiction: "IN", TotalMiles: 524, TaxableMiles: 524, TaxableGallons: 87, TaxPaidGallons: 120, NetTaxableGallons: -33, Rate: p(5900), Surcharge: p(1100), Tax: -1947, SurchargeTax: 957, Total: -990},
			{Jurisdiction: "OR", TotalMiles: 477, TaxableMiles: 477, TaxableGallons: 79, TaxPaidGallons: 60, NetTaxableGallons: 19, Rate: p(0), Surcharge: p(0)},
			{Jurisdiction: "TX", TotalMiles: 1000, TaxableMiles: 1000, TaxableGallons: 165, TaxPaidGallons: 151, NetTaxableGallons: 14, Rate: p(2000), Surcharge: p(0), Tax: 280, SurchargeTax: 0, Total: 280},
		},
		TotalDue: -710,
		Warnings: []Warning{{Code: WarnZeroRate, Jurisdictions: []string{"OR"}, Message: "The diesel rate for 2026Q3 in OR is 0: no diesel tax is due there through IFTA, and their miles and gallons still count in the fleet's MPG. Oregon taxes heavy diesel trucks by weight and mile instead, outside IFTA."}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestReturnJSONUsesTheAPINamesAndDecimalDollars(t *testing.T) {
	rate, surcharge := PerGallon(5900), PerGallon(1100)
	ret := Return{
		Year: 2026, Quarter: 3, FuelType: Diesel, Status: Open, TotalMiles: 2001, TotalTaxableMiles: 2001, TotalGallons: 331, MPG: 605,
		Rows:     []Row{{Jurisdiction: "IN", TotalMiles: 524, TaxableMiles: 524, TaxableGallons: 87, TaxPaidGallons: 120, NetTaxableGallons: -33, Rate: &rate, Surcharge: &surcharge, Tax: -1947, SurchargeTax: 957, Total: -990}, {Jurisdiction: "OR"}},
		TotalDue: -5,
		Warnings: []Warning{{Code: WarnMissingRate, Jurisdictions: []string{"OR"}, Message: "m"}, {Code: WarnMilesEstimated, Message: "e"}},
	}
	b, err := json.Marshal(ret)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"year":2026,"quarter":3,"fuelType":"diesel","status":"open","totalMiles":2001,"totalTaxableMiles":2001,"totalGallons":331,"mpg":6.05,` +
		`"rows":[{"jurisdiction":"IN","totalMiles":524,"taxableMiles":524,"taxableGallons":87,"taxPaidGallons":120,"netTaxableGallons":-33,"rate":0.5900,"surcharge":0.1100,"tax":-19.47,"surchargeTax":9.57,"total":-9.90},` +
		`{"jurisdiction":"OR","totalMiles":0,"taxableMiles":0,"taxableGallons":0,"taxPaidGallons":0,"netTaxableGallons":0,"rate":null,"surcharge":null,"tax":0.00,"surchargeTax":0.00,"total":0.00}],` +
		`"totalDue":-0.05,"warnings":[{"code":"missing_rate","jurisdictions":["OR"],"message":"m"},{"code":"miles_estimated","message":"e"}]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// Rounding at the edges: halves go away from zero everywhere.
func TestComputeRounding(t *testing.T) {
	rates := Rates{
		{2026, 3, "TX", Diesel}: {Rate: 2825},               // $0.2825
		{2026, 3, "OK", Diesel}: {Rate: 50},                 // $0.0050: half a cent a gallon
		{2026, 3, "KY", Diesel}: {Rate: 0, Surcharge: 2855}, // $0.2855 on all taxable gallons
	}
	tests := []struct {
		name  string
		miles []Miles
		buys  []Purchase
		check func(t *testing.T, r Return)
	}{
		{
			name:  "half a mile rounds up and a half gallon rounds up",
			miles: []Miles{{Jurisdiction: "TX", Total: 2.5}, {Jurisdiction: "OK", Total: 0.5}},
			buys:  []Purchase{{Jurisdiction: "TX", Gallons: 0.5}},
			check: func(t *testing.T, r Return) {
				if r.Rows[0].TotalMiles != 1 || r.Rows[1].TotalMiles != 3 || r.Rows[1].TaxPaidGallons != 1 || r.TotalGallons != 1 {
					t.Errorf("%+v", r)
				}
			},
		},
		{
			name:  "MPG of exactly half a hundredth rounds up: 1,005 / 200 = 5.025 → 5.03",
			miles: []Miles{{Jurisdiction: "TX", Total: 1005}},
			buys:  []Purchase{{Jurisdiction: "TX", Gallons: 200}},
			check: func(t *testing.T, r Return) {
				if r.MPG != 503 {
					t.Errorf("MPG %s, want 5.03", r.MPG)
				}
			},
		},
		{
			name: "a credit of 2 gallons × $0.2825 = −56.5¢ rounds to −57¢",
			// 1,000 mi on 200 gal: MPG 5.00; TX 990 mi → 198 taxable, 200 bought: −2.
			miles: []Miles{{Jurisdiction: "TX", Total: 990}, {Jurisdiction: "OK", Total: 10}},
			buys:  []Purchase{{Jurisdiction: "TX", Gallons: 200}},
			check: func(t *testing.T, r Return) {
				tx := r.Rows[1]
				if tx.NetTaxableGallons != -2 || tx.Tax != -57 {
					t.Errorf("TX %+v, want net −2 and tax −57¢", tx)
				}
			},
		},
		{
			name: "a tax of 2 gallons × $0.2825 = 56.5¢ rounds to 57¢ and 1 gallon × $0.0050 = 0.5¢ to 1¢",
			// 1,500 mi on 300 gal: MPG 5.00; TX 1,000 mi → 200 taxable, 198 bought: 2;
			// OK 5 mi → 1 taxable gallon, none bought; KY the rest.
			miles: []Miles{{Jurisdiction: "TX", Total: 1000}, {Jurisdiction: "OK", Total: 5}, {Jurisdiction: "KY", Total: 495}},
			buys:  []Purchase{{Jurisdiction: "TX", Gallons: 198}, {Jurisdiction: "KY", Gallons: 102}},
			check: func(t *testing.T, r Return) {
				ky, ok, tx := r.Rows[0], r.Rows[1], r.Rows[2]
				if tx.Tax != 57 || ok.TaxableGallons != 1 || ok.Tax != 1 {
					t.Errorf("TX %+v, OK %+v", tx, ok)
				}
				// KY: 495 / 5 = 99 taxable gallons, 102 bought: a net of −3 at a
				// zero rate, and the surcharge 99 × $0.2855 = $28.2645 → $28.26
				// regardless of the credit.
				if ky.TaxableGallons != 99 || ky.NetTaxableGallons != -3 || ky.Tax != 0 || ky.SurchargeTax != 2826 || ky.Total != 2826 {
					t.Errorf("KY %+v", ky)
				}
				if r.TotalDue != 57+1+2826 {
					t.Errorf("due %v", r.TotalDue)
				}
			},
		},
		{
			name:  "non-taxable miles count in the total but not in the taxable gallons",
			miles: []Miles{{Jurisdiction: "TX", Total: 1000, NonTaxable: 100}},
			buys:  []Purchase{{Jurisdiction: "TX", Gallons: 200}},
			check: func(t *testing.T, r Return) {
				tx := r.Rows[0]
				if r.TotalMiles != 1000 || r.TotalTaxableMiles != 900 || tx.TaxableMiles != 900 || tx.TaxableGallons != 180 || tx.NetTaxableGallons != -20 {
					t.Errorf("%+v", r)
				}
			},
		},
		{
			name:  "miles outside IFTA count in the MPG only",
			miles: []Miles{{Jurisdiction: "TX", Total: 800}, {Jurisdiction: "DC", Total: 100}, {Jurisdiction: "", Total: 100}},
			buys:  []Purchase{{Jurisdiction: "TX", Gallons: 150}, {Jurisdiction: "DC", Gallons: 50}},
			check: func(t *testing.T, r Return) {
				// 1,000 mi / 200 gal = 5.00; TX 800 / 5 = 160 taxable, 150 paid.
				if r.TotalMiles != 1000 || r.TotalTaxableMiles != 800 || r.MPG != 500 || len(r.Rows) != 1 || r.Rows[0].NetTaxableGallons != 10 {
					t.Errorf("%+v", r)
				}
				if w := find(r, WarnNonMemberMiles); w == nil || !reflect.DeepEqual(w.Jurisdictions, []string{"", "DC"}) {
					t.Errorf("warnings %+v", r.Warnings)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Compute(Input{Year: 2026, Quarter: 3, FuelType: Diesel, AsOf: afterQ3, Rates: rates, Miles: tt.miles, Purchases: tt.buys})
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, r)
		})
	}
}

func find(r Return, code WarningCode) *Warning {
	for i := range r.Warnings {
		if r.Warnings[i].Code == code {
			return &r.Warnings[i]
		}
	}
	return nil
}

func TestComputeWarnings(t *testing.T) {
	rates := Rates{{2026, 3, "TX", Diesel}: {Rate: 2000}, {2026, 3, "OK", Diesel}: {Rate: 1900}, {2026, 3, "NM", Diesel}: {Rate: 2100}}
	base := Input{Year: 2026, Quarter: 3, FuelType: Diesel, AsOf: afterQ3, Rates: rates}
	tests := []struct {
		name  string
		edit  func(in *Input)
		want  WarningCode
		codes []string
	}{
		{"an open quarter warns that figures will change", func(in *Input) { in.AsOf = time.Date(2026, 9, 30, 23, 59, 0, 0, time.UTC) }, WarnQuarterOpen, nil},
		{"a jurisdiction without a rate warns", func(in *Input) {
			in.Miles = append(in.Miles, Miles{Jurisdiction: "OR", Total: 10})
			in.Purchases = append(in.Purchases, Purchase{Jurisdiction: "OR", Gallons: 2})
		}, WarnMissingRate, []string{"OR"}},
		{"a rate of 0 is a rate, and the return says so", func(in *Input) {
			in.Rates = maps.Clone(in.Rates)
			in.Rates[RateKey{2026, 3, "OR", Diesel}] = Rate{}
			in.Miles = append(in.Miles, Miles{Jurisdiction: "OR", Total: 10})
			in.Purchases = append(in.Purchases, Purchase{Jurisdiction: "OR", Gallons: 2})
		}, WarnZeroRate, []string{"OR"}},
		{"an MPG under 3 warns", func(in *Input) { in.Purchases[0].Gallons = 500 }, WarnMPGOutOfRange, nil},
		{"an MPG over 12 warns", func(in *Input) { in.Purchases[0].Gallons = 50 }, WarnMPGOutOfRange, nil},
		{"miles from plans warn", func(in *Input) { in.MilesEstimated = true }, WarnMilesEstimated, nil},
		{"fuel bought where no miles were driven warns", func(in *Input) {
			in.Purchases = append(in.Purchases, Purchase{Jurisdiction: "NM", Gallons: 10})
		}, WarnPurchasesWithoutMiles, []string{"NM"}},
		{"miles driven where no fuel was bought warn", func(in *Input) { in.Miles = append(in.Miles, Miles{Jurisdiction: "OK", Total: 50}) }, WarnMilesWithoutPurchases, []string{"OK"}},
		{"no fuel at all warns", func(in *Input) { in.Purchases = nil }, WarnNoFuel, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := base
			in.Miles = []Miles{{Jurisdiction: "TX", Total: 1000}}
			in.Purchases = []Purchase{{Jurisdiction: "TX", Gallons: 160}}
			tt.edit(&in)
			r, err := Compute(in)
			if err != nil {
				t.Fatal(err)
			}
			w := find(r, tt.want)
			if w == nil {
				t.Fatalf("no %s warning in %+v", tt.want, r.Warnings)
			}
			if !reflect.DeepEqual(w.Jurisdictions, tt.codes) || w.Message == "" {
				t.Errorf("%+v, want jurisdictions %v", *w, tt.codes)
			}
			if len(r.Warnings) != 1 {
				t.Errorf("warnings %+v, want only %s", r.Warnings, tt.want)
			}
		})
	}
	t.Run("a plain closed quarter has no warnings", func(t *testing.T) {
		in := base
		in.Miles = []Miles{{Jurisdiction: "TX", Total: 1000}}
		in.Purchases = []Purchase{{Jurisdiction: "TX", Gallons: 160}}
		r, err := Compute(in)
		if err != nil || len(r.Warnings) != 0 || r.Status != Closed {
			t.Errorf("%+v, %v", r, err)
		}
	})
	t.Run("no fuel at all lists the miles with no taxable gallons", func(t *testing.T) {
		in := base
		in.Miles = []Miles{{Jurisdiction: "TX", Total: 1000}}
		r, err := Compute(in)
		if err != nil || r.MPG != 0 || r.Rows[0].TaxableGallons != 0 || r.TotalDue != 0 {
			t.Errorf("%+v, %v", r, err)
		}
	})
}

func TestComputeRejectsBadInput(t *testing.T) {
	tests := []struct {
		name string
		edit func(in *Input)
		want string
	}{
		{"quarter 5 is rejected", func(in *Input) { in.Quarter = 5 }, "quarter must be from 1 to 4"},
		{"year 1999 is rejected", func(in *Input) { in.Year = 1999 }, "year must be"},
		{"an unknown fuel type is rejected", func(in *Input) { in.FuelType = "propane" }, "fuel type"},
		{"negative miles are rejected", func(in *Input) { in.Miles[0].Total = -1 }, "miles in TX"},
		{"NaN gallons are rejected", func(in *Input) { in.Purchases[0].Gallons = math.NaN() }, "gallons bought in TX"},
		{"absurd miles are rejected", func(in *Input) { in.Miles[0].Total = 1e12 }, "miles in TX"},
		{"more non-taxable than total miles are rejected", func(in *Input) { in.Miles[0].NonTaxable = 2000 }, "non-taxable miles"},
		{"negative other gallons are rejected", func(in *Input) { in.OtherGallons = -3 }, "other gallons"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{Year: 2026, Quarter: 3, FuelType: Diesel, AsOf: afterQ3,
				Miles: []Miles{{Jurisdiction: "TX", Total: 1000}}, Purchases: []Purchase{{Jurisdiction: "TX", Gallons: 160}}}
			tt.edit(&in)
			if _, err := Compute(in); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestGasolineReturnCountsOnlyGasoline(t *testing.T) {
	r, err := Compute(Input{Year: 2026, Quarter: 3, FuelType: Gasoline, AsOf: afterQ3, Rates: sampleRates(t),
		Miles: []Miles{{Jurisdiction: "OR", Total: 250}},
		Purchases: []Purchase{{Jurisdiction: "OR", Product: fuelportal.ProductGasoline, Gallons: 10},
			{Jurisdiction: "OR", Product: fuelportal.ProductDiesel, Gallons: 500}, {Jurisdiction: "OR", Gallons: 500}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// 250 mi / 10 gal = 25.00 MPG (warned), 10 taxable, 10 paid, OR's gasoline rate applies.
	or := r.Rows[0]
	if r.TotalGallons != 10 || r.MPG != 2500 || or.NetTaxableGallons != 0 || or.Rate == nil || *or.Rate != 4000 || find(r, WarnMPGOutOfRange) == nil {
		t.Errorf("%+v", r)
	}
}

func TestDueDate(t *testing.T) {
	tests := []struct {
		name          string
		year, quarter int
		want          string
	}{
		{"the first quarter is due April 30", 2026, 1, "2026-04-30"},
		{"the second quarter is due July 31", 2026, 2, "2026-07-31"},
		{"the third quarter is due October 31", 2026, 3, "2026-10-31"},
		{"the fourth quarter is due January 31 of the next year", 2026, 4, "2027-01-31"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DueDate(tt.year, tt.quarter)
			if err != nil || got.Format(time.DateOnly) != tt.want || got.Location() != time.UTC || got.Hour() != 0 {
				t.Errorf("DueDate(%d, %d) = %v, %v; want %s", tt.year, tt.quarter, got, err, tt.want)
			}
		})
	}
	for _, q := range []int{0, 5, -1} {
		if _, err := DueDate(2026, q); err == nil {
			t.Errorf("quarter %d: no error", q)
		}
	}
}

func TestMoneyFormatting(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"cents under a dollar keep a leading zero", Cents(5).String(), "$0.05"},
		{"a credit keeps its sign", Cents(-710).String(), "$-7.10"},
		{"the smallest int64 does not overflow", fixed(math.MinInt64, 2), "-92233720368547758.08"},
		{"a rate has four decimals", PerGallon(2850).String(), "$0.2850/gal"},
		{"an MPG has two decimals", MPG(605).String(), "6.05"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %s, want %s", tt.got, tt.want)
			}
		})
	}
}
