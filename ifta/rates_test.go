package ifta

import (
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fuelportal/jurisdiction"
)

func TestParseRatesCSVReadsTheSampleFile(t *testing.T) {
	f, err := os.Open("testdata/sample-rates-2026q3.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rates, err := ParseRatesCSV(f)
	if err != nil {
		t.Fatal(err)
	}
	// 58 members × 2 fuels.
	if len(rates) != 116 {
		t.Errorf("%d rates, want 116", len(rates))
	}
	if got := rates[RateKey{2026, 3, "IN", Diesel}]; got != (Rate{Rate: 5900, Surcharge: 1100}) {
		t.Errorf("IN diesel %+v", got)
	}
	if got, ok := rates[RateKey{2026, 3, "OR", Diesel}]; !ok || got != (Rate{}) {
		t.Errorf("OR diesel %+v, %v: want a rate of 0", got, ok)
	}
}

func TestParseRatesCSVAcceptsLooseButExactAmounts(t *testing.T) {
	in := "\ufeffyear,quarter,jurisdiction,fuelType,rate,surcharge\r\n" +
		"2026, 3, tx, Diesel, 0.2, \r\n" +
		"2026,3,IN,diesel,1.0230,0.11\n" +
		"2026,4,QC,gasoline,0,0.0000\n"
	rates, err := ParseRatesCSV(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := Rates{
		{2026, 3, "TX", Diesel}:   {Rate: 2000},
		{2026, 3, "IN", Diesel}:   {Rate: 10230, Surcharge: 1100},
		{2026, 4, "QC", Gasoline}: {},
	}
	if len(rates) != len(want) {
		t.Fatalf("%v", rates)
	}
	for k, v := range want {
		if rates[k] != v {
			t.Errorf("%+v: %+v, want %+v", k, rates[k], v)
		}
	}
}

func TestParseRatesCSVErrorsNameTheLine(t *testing.T) {
	const header = "year,quarter,jurisdiction,fuelType,rate,surcharge\n"
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"an empty file is rejected", "", "the rate file is empty"},
		{"a wrong header is rejected", "year,quarter,state,fuel,rate,surcharge\n", "line 1: the header must be"},
		{"an unknown jurisdiction is rejected", header + "2026,3,XX,diesel,0.2,\n", `line 2: jurisdiction "XX"`},
		{"a non-member is rejected", header + "2026,3,DC,diesel,0.2,\n", `line 2: jurisdiction "DC"`},
		{"an unknown fuel type is rejected", header + "2026,3,TX,propane,0.2,\n", `line 2: fuel type "propane"`},
		{"quarter 0 is rejected", header + "2026,0,TX,diesel,0.2,\n", "line 2: quarter must be from 1 to 4"},
		{"quarter 5 is rejected", header + "2026,5,TX,diesel,0.2,\n", "line 2: quarter must be from 1 to 4"},
		{"a year that is no number is rejected", header + "20x6,3,TX,diesel,0.2,\n", `line 2: year "20x6"`},
		{"five decimals are rejected", header + "2026,3,TX,diesel,0.28501,\n", "line 2: rate: \"0.28501\" has more than four decimals"},
		{"a negative rate is rejected", header + "2026,3,TX,diesel,-0.2,\n", "line 2: rate:"},
		{"an exponent is rejected", header + "2026,3,TX,diesel,2e-1,\n", "line 2: rate:"},
		{"a bare dot is rejected", header + "2026,3,TX,diesel,.5,\n", "line 2: rate:"},
		{"a huge rate is rejected", header + "2026,3,TX,diesel,1000,\n", "more than $100"},
		{"a bad surcharge is rejected", header + "2026,3,IN,diesel,0.59,abc\n", "line 2: surcharge:"},
		{"a missing field is rejected", header + "2026,3,TX,diesel,0.2\n", "line 2: 5 fields, want 6"},
		{"every bad line is named", header + "2026,3,XX,diesel,0.2,\n2026,3,TX,diesel,0.2,\n2026,3,TX,diesel,abc,\n", `line 2: jurisdiction "XX" is not an IFTA member's two-letter code; line 4: rate:`},
		{"a duplicate is rejected on its own line", header + "2026,3,TX,diesel,0.2,\n# a comment\n2026,3,tx,DIESEL,0.3,\n", "line 4: a second rate for TX diesel in 2026Q3"},
		{"a broken quote is rejected", header + "2026,3,\"TX,diesel,0.2,\n", "line 2:"},
		{"a file over a megabyte is rejected", header + strings.Repeat("# padding padding padding padding padding padding\n", 25000), "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRatesCSV(strings.NewReader(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestParseRatesCSVReadsAZeroRate(t *testing.T) {
	rates, err := ParseRatesCSV(strings.NewReader("year,quarter,jurisdiction,fuelType,rate,surcharge\n2026,3,OR,diesel,0,\n2026,3,TX,diesel,0.0000,0\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"OR", "TX"} {
		if got, ok := rates[RateKey{2026, 3, code, Diesel}]; !ok || got != (Rate{}) {
			t.Errorf("%s: %+v, %v, want a rate of 0", code, got, ok)
		}
	}
}

func TestParseRatesCSVListsAtMostTwentyBadLines(t *testing.T) {
	in := "year,quarter,jurisdiction,fuelType,rate,surcharge\n" + strings.Repeat("2026,3,XX,diesel,0.2,\n", 30)
	_, err := ParseRatesCSV(strings.NewReader(in))
	var bad *RatesFileError
	if !errors.As(err, &bad) || len(bad.Lines) != MaxRatesLineErrors || bad.Lines[0].Line != 2 || bad.Lines[19].Line != 21 {
		t.Fatalf("err %v", err)
	}
}

func TestParseRatesCSVBoundsTheRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("year,quarter,jurisdiction,fuelType,rate,surcharge\n")
	members := jurisdiction.Members()
	n := 0
	for year := 2000; year <= 2100 && n <= MaxRatesRows; year++ {
		for q := 1; q <= 4; q++ {
			for _, j := range members {
				for _, f := range []string{"diesel", "gasoline"} {
					b.WriteString(strings.Join([]string{strconv.Itoa(year), strconv.Itoa(q), j, f, "0.1", ""}, ",") + "\n")
					n++
				}
			}
		}
	}
	_, err := ParseRatesCSV(strings.NewReader(b.String()))
	if err == nil || !strings.Contains(err.Error(), "at most 10000 rows") {
		t.Errorf("err %v", err)
	}
}

func FuzzParseRatesCSV(f *testing.F) {
	f.Add("year,quarter,jurisdiction,fuelType,rate,surcharge\n2026,3,TX,diesel,0.2,\n")
	f.Add("year,quarter,jurisdiction,fuelType,rate,surcharge\n2026,3,IN,diesel,0.5900,0.1100\n2026,3,IN,diesel,1,\n")
	f.Add("\"")
	f.Fuzz(func(t *testing.T, in string) {
		rates, err := ParseRatesCSV(strings.NewReader(in))
		if err != nil {
			return
		}
		for k, v := range rates {
			if k.Quarter < 1 || k.Quarter > 4 || !k.FuelType.Valid() || v.Rate < 0 || v.Rate > maxRate || v.Surcharge < 0 || v.Surcharge > maxRate {
				t.Fatalf("accepted %+v %+v", k, v)
			}
		}
	})
}

// A bad field is quoted in its line's message at most 40 characters long:
// a 500 KB field does not come back in the answer.
func TestParseRatesCSVQuotesABadFieldShort(t *testing.T) {
	huge := strings.Repeat("Z", 500_000)
	_, err := ParseRatesCSV(strings.NewReader("year,quarter,jurisdiction,fuelType,rate,surcharge\n2026,1," + huge + ",diesel,0.2,\n2026,1,TX,diesel," + huge + ",\n"))
	var bad *RatesFileError
	if !errors.As(err, &bad) || len(bad.Lines) != 2 {
		t.Fatalf("err = %v", err)
	}
	for _, l := range bad.Lines {
		if len(l.Message) > 120 || !strings.Contains(l.Message, strings.Repeat("Z", 40)+"…") {
			t.Fatalf("line %d: message of %d bytes: %.200s", l.Line, len(l.Message), l.Message)
		}
	}
}

// Each bad line carries a stable code with its line, column and value
// beside the English message, so a reader's language can word it.
func TestParseRatesCSVGivesEachBadLineACodeWithItsValues(t *testing.T) {
	const header = "year,quarter,jurisdiction,fuelType,rate,surcharge\n"
	tests := []struct {
		name   string
		in     string
		code   string
		params map[string]any
	}{
		{"an unknown jurisdiction names its column and value", header + "2026,3,XX,diesel,0.2,\n", RatesJurisdiction, map[string]any{"line": 2, "column": "jurisdiction", "value": "XX"}},
		{"a year that is no number", header + "20x6,3,TX,diesel,0.2,\n", RatesNotWholeNumber, map[string]any{"line": 2, "column": "year", "value": "20x6"}},
		{"a quarter out of range", header + "2026,5,TX,diesel,0.2,\n", RatesQuarterRange, map[string]any{"line": 2, "column": "quarter", "value": "5"}},
		{"a year out of range", header + "1999,3,TX,diesel,0.2,\n", RatesYearRange, map[string]any{"line": 2, "column": "year", "value": "1999"}},
		{"an unknown fuel", header + "2026,3,TX,propane,0.2,\n", RatesFuelType, map[string]any{"line": 2, "column": "fuelType", "value": "propane"}},
		{"a malformed surcharge", header + "2026,3,IN,diesel,0.59,abc\n", RatesAmount, map[string]any{"line": 2, "column": "surcharge", "value": "abc"}},
		{"five decimals", header + "2026,3,TX,diesel,0.28501,\n", RatesAmountDecimals, map[string]any{"line": 2, "column": "rate", "value": "0.28501"}},
		{"over $100", header + "2026,3,TX,diesel,100.0001,\n", RatesAmountTooLarge, map[string]any{"line": 2, "column": "rate", "value": "100.0001"}},
		{"a missing field", header + "2026,3,TX,diesel,0.2\n", RatesFieldCount, map[string]any{"line": 2, "fields": 5, "want": 6, "header": strings.TrimSpace(header)}},
		{"a duplicate", header + "2026,3,TX,diesel,0.2,\n2026,3,tx,diesel,0.3,\n", RatesDuplicate, map[string]any{"line": 3, "jurisdiction": "TX", "fuelType": "diesel", "year": 2026, "quarter": 3}},
		{"a wrong header", "year,quarter,state\n", RatesHeader, map[string]any{"line": 1, "header": strings.TrimSpace(header)}},
		{"an empty file has no line", "", RatesEmpty, map[string]any{"header": strings.TrimSpace(header)}},
		{"broken quoting", header + "2026,3,\"TX,diesel,0.2,\n", RatesCSVSyntax, map[string]any{"line": 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRatesCSV(strings.NewReader(tt.in))
			var bad *RatesFileError
			if !errors.As(err, &bad) || len(bad.Lines) != 1 {
				t.Fatalf("err %v, want one bad line", err)
			}
			l := bad.Lines[0]
			if l.Code != tt.code || !reflect.DeepEqual(l.Params, tt.params) || l.Message == "" {
				t.Errorf("line %d: code %q params %v message %q; want code %q params %v", l.Line, l.Code, l.Params, l.Message, tt.code, tt.params)
			}
		})
	}
}
