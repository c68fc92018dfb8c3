package http_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"fuelportal/demo"
	"fuelportal/http/apitest"
)

type iftaReturnBody struct {
	Year, Quarter     int
	FuelType, Status  string
	TotalMiles        int64
	TotalTaxableMiles int64
	TotalGallons      int64
	MPG               float64
	TotalDue          float64
	DueDate           string
	ClosedAt          *string
	Rows              []struct {
		Jurisdiction               string
		TotalMiles, TaxPaidGallons int64
		Rate                       *float64
		Total                      float64
	}
	Warnings []struct {
		Code    string
		Message string
	}
	AfterClose []struct {
		Kind string
		ID   int64
	}
	Sources struct{ CardPurchases, FuelEntries, MilesEntries, CompletedTrips int }
}

// importIFTARates loads the sample rate file relabelled as year and
// quarter as the shared rates, less its rows containing without (such as
// "OR,diesel"; "" keeps them all).
func importIFTARates(t *testing.T, fx *fixture, year, quarter int, without string) {
	t.Helper()
	text := sampleRatesFor(t, year, quarter, without)
	if _, _, err := fx.srv.IFTA.ImportRates(context.Background(), strings.NewReader(text), false); err != nil {
		t.Fatal(err)
	}
}

// sampleRatesFor is the sample rate file relabelled as year and quarter,
// less its rows containing without ("" keeps them all).
func sampleRatesFor(t *testing.T, year, quarter int, without string) string {
	t.Helper()
	raw, err := os.ReadFile("../ifta/testdata/sample-rates-2026q3.csv")
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, line := range strings.Split(string(raw), "\n") {
		if without == "" || !strings.Contains(line, without) {
			kept = append(kept, line)
		}
	}
	return strings.ReplaceAll(strings.Join(kept, "\n"), "2026,3,", fmt.Sprintf("%d,%d,", year, quarter))
}

func TestIFTA_EntriesCountInTheReturnOfTheirCompanyOnly(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		importIFTARates(t, fx, 2025, 1, "")
		var before iftaReturnBody
		f.api.Get("/api/wex/company/ifta/returns?year=2025&quarter=1&fuelType=diesel", f.owner).ExpectStatus(t, 200).Decode(t, &before)
		if before.Status != "open" || before.DueDate != "2025-04-30" || before.ClosedAt != nil || before.Sources.CardPurchases == 0 || before.TotalGallons == 0 {
			t.Fatalf("return = %+v", before)
		}
		// Every unit's entries (the diesel return counts its units' only).
		var entriesBefore []struct{ ID int64 }
		f.api.Get("/api/wex/company/ifta/miles?year=2025&quarter=1", f.owner).ExpectStatus(t, 200).Decode(t, &entriesBefore)

		var miles struct {
			ID    int64
			Miles float64
			Date  string
		}
		f.api.Post("/api/wex/company/ifta/miles", map[string]any{"unitNumber": "T-7", "date": "2025-02-10", "jurisdiction": "KS", "miles": 321.5, "note": "trip sheet"}, f.owner).
			ExpectStatus(t, http.StatusCreated).Decode(t, &miles)
		if miles.Miles != 321.5 || miles.Date != "2025-02-10" {
			t.Fatalf("miles entry = %+v", miles)
		}
		var fuel struct{ ID int64 }
		f.api.Post("/api/wex/company/ifta/purchases", map[string]any{"unitNumber": "T-7", "date": "2025-02-11", "jurisdiction": "KS", "gallons": 75.5, "fuelType": "diesel", "taxPaid": true, "vendor": "Co-op"}, f.owner).
			ExpectStatus(t, http.StatusCreated).Decode(t, &fuel)

		var after iftaReturnBody
		f.api.Get("/api/wex/company/ifta/returns?year=2025&quarter=1&fuelType=diesel", f.owner).ExpectStatus(t, 200).Decode(t, &after)
		var ks *struct {
			Jurisdiction               string
			TotalMiles, TaxPaidGallons int64
			Rate                       *float64
			Total                      float64
		}
		for i := range after.Rows {
			if after.Rows[i].Jurisdiction == "KS" {
				ks = &after.Rows[i]
			}
		}
		if ks == nil || ks.TaxPaidGallons < 76 || after.TotalMiles < before.TotalMiles+321 || after.Sources.MilesEntries != before.Sources.MilesEntries+1 || after.Sources.FuelEntries != before.Sources.FuelEntries+1 {
			t.Fatalf("after the entries: %+v (KS %+v)", after, ks)
		}

		// The other company sees none of it and cannot delete it.
		var theirs []struct{ ID int64 }
		f.api.Get("/api/wex/company/ifta/miles?year=2025&quarter=1", f.other).ExpectStatus(t, 200).Decode(t, &theirs)
		if len(theirs) != 0 {
			t.Fatalf("other company's miles = %+v", theirs)
		}
		f.api.Get("/api/wex/company/ifta/purchases?year=2025&quarter=1", f.other).ExpectStatus(t, 200).Decode(t, &theirs)
		if len(theirs) != 0 {
			t.Fatalf("other company's purchases = %+v", theirs)
		}
		var other iftaReturnBody
		f.api.Get("/api/wex/company/ifta/returns?year=2025&quarter=1&fuelType=diesel", f.other).ExpectStatus(t, 200).Decode(t, &other)
		if other.Sources.MilesEntries != 0 || other.Sources.FuelEntries != 0 {
			t.Fatalf("other company's return counts our entries: %+v", other.Sources)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/ifta/miles/%d", miles.ID), Token: f.other}).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/ifta/purchases/%d", fuel.ID), Token: f.other}).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/wex/company/ifta/purchases/abc", Token: f.owner}).ExpectStatus(t, 404)
		// Drivers and strangers: not theirs.
		f.api.Get("/api/wex/company/ifta/returns?year=2025&quarter=1&fuelType=diesel", f.driver).ExpectStatus(t, 403)
		f.api.Get("/api/wex/company/ifta/returns/closed", "").ExpectStatus(t, 401)

		// The same off-card purchase twice is refused; deleting takes it out.
		f.api.Post("/api/wex/company/ifta/purchases", map[string]any{"unitNumber": "T-7", "date": "2025-02-11", "jurisdiction": "KS", "gallons": 75.5, "fuelType": "diesel", "taxPaid": true}, f.owner).
			ExpectStatus(t, http.StatusConflict)
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/ifta/purchases/%d", fuel.ID), Token: f.owner}).ExpectStatus(t, 204)
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/ifta/miles/%d", miles.ID), Token: f.owner}).ExpectStatus(t, 204)
		var list []struct{ ID int64 }
		f.api.Get("/api/wex/company/ifta/miles?year=2025&quarter=1", f.owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list) != len(entriesBefore) {
			t.Fatalf("after delete: %d entries, want %d", len(list), len(entriesBefore))
		}
	})
}

func TestIFTA_CloseFreezesTheReturn(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		// The fixture's clock is 2025-03-14: 2024Q4 is over.
		path := "/api/wex/company/ifta/returns?year=2024&quarter=4&fuelType=diesel"
		f.api.Post("/api/wex/company/ifta/returns/2025/1/close?fuelType=diesel", nil, f.owner).ExpectStatus(t, http.StatusConflict)
		// Shared rates without Oregon's diesel rate, and the demo fleet buys
		// fuel there: refused, naming it.
		importIFTARates(t, fx, 2024, 4, "OR,diesel")
		if msg := f.api.Post("/api/wex/company/ifta/returns/2024/4/close?fuelType=diesel", nil, f.owner).ExpectStatus(t, http.StatusConflict).ErrorMessage(t); !strings.Contains(msg, "OR") || !strings.Contains(msg, "upload") {
			t.Fatalf("closing without Oregon's rate: %q", msg)
		}
		// The owner uploads it for the company: a rate of 0 is a rate.
		uploadRates(t, f, f.owner, "year,quarter,jurisdiction,fuelType,rate,surcharge\n2024,4,OR,diesel,0,\n").ExpectStatus(t, 200)
		var open iftaReturnBody
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &open)
		var closed iftaReturnBody
		f.api.Post("/api/wex/company/ifta/returns/2024/4/close?fuelType=diesel", nil, f.owner).ExpectStatus(t, 200).Decode(t, &closed)
		if closed.ClosedAt == nil || !strings.HasSuffix(*closed.ClosedAt, "Z") || closed.TotalDue != open.TotalDue || closed.TotalGallons != open.TotalGallons {
			t.Fatalf("closed = %+v\nopen = %+v", closed, open)
		}
		f.api.Post("/api/wex/company/ifta/returns/2024/4/close?fuelType=diesel", nil, f.owner).ExpectStatus(t, http.StatusConflict)

		// Miles entered later, dated in the quarter: listed, not counted.
		fx.clock.Advance(time.Second)
		var late struct{ ID int64 }
		f.api.Post("/api/wex/company/ifta/miles", map[string]any{"unitNumber": "T-1", "date": "2024-12-30", "jurisdiction": "TX", "miles": 500}, f.owner).ExpectStatus(t, 201).Decode(t, &late)
		var again iftaReturnBody
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &again)
		if again.TotalMiles != closed.TotalMiles || again.TotalDue != closed.TotalDue || len(again.AfterClose) != 1 || again.AfterClose[0].Kind != "milesEntry" || again.AfterClose[0].ID != late.ID {
			t.Fatalf("after close: %+v", again)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/ifta/miles/%d", late.ID), Token: f.owner}).ExpectStatus(t, http.StatusConflict)

		var list []struct {
			Year, Quarter int
			FuelType      string
			TotalDue      float64
		}
		f.api.Get("/api/wex/company/ifta/returns/closed", f.owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list) != 1 || list[0].Year != 2024 || list[0].Quarter != 4 || list[0].TotalDue != closed.TotalDue {
			t.Fatalf("closed list = %+v", list)
		}
		f.api.Get("/api/wex/company/ifta/returns/closed", f.other).ExpectStatus(t, 200).Decode(t, &list)
		if len(list) != 0 {
			t.Fatalf("the other company sees %+v", list)
		}
		var theirs iftaReturnBody
		f.api.Get(path, f.other).ExpectStatus(t, 200).Decode(t, &theirs)
		if theirs.ClosedAt != nil {
			t.Fatal("our close closed the other company's return")
		}

		// The exports hold the frozen figures: totals first, then the rows.
		res := f.api.Get("/api/wex/company/ifta/returns/export?year=2024&quarter=4&fuelType=diesel&format=csv", f.owner).ExpectStatus(t, 200)
		rows, err := csv.NewReader(bytes.NewReader(res.Body)).ReadAll()
		if err != nil || len(rows) != 2+len(closed.Rows) || rows[0][0] != "Jurisdiction" || rows[1][0] != "TOTAL 2024Q4 diesel" ||
			rows[1][10] != fmt.Sprintf("%.2f", closed.TotalDue) || rows[1][1] != fmt.Sprint(closed.TotalMiles) {
			t.Fatalf("csv %v: %q", err, rows)
		}
		res = f.api.Get("/api/wex/company/ifta/returns/export?year=2024&quarter=4&fuelType=diesel", f.owner).ExpectStatus(t, 200)
		if !strings.Contains(res.Header.Get("Content-Disposition"), "ifta-2024Q4-diesel.xlsx") {
			t.Fatalf("disposition %q", res.Header.Get("Content-Disposition"))
		}
		book, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		sheet, _ := book.GetRows("IFTA 2024Q4 diesel")
		if len(sheet) != 2+len(closed.Rows) || sheet[1][0] != "TOTAL 2024Q4 diesel" {
			t.Fatalf("xlsx rows %q", sheet)
		}
	})
}

func TestIFTA_BadInputIsFieldErrors(t *testing.T) {
	fx := newFixture(t)
	f := newFleetOn(t, fx)
	bad := func(method, path string, body any, field string) {
		t.Helper()
		res := f.api.Do(apitest.Request{Method: method, Path: path, Body: body, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
		if fields := res.FieldErrors(t); len(fields[field]) == 0 {
			t.Fatalf("%s %s: no %s error in %s", method, path, field, res.Body)
		}
	}
	bad("GET", "/api/wex/company/ifta/returns?year=1999&quarter=1&fuelType=diesel", nil, "year")
	bad("GET", "/api/wex/company/ifta/returns?year=2025&quarter=5&fuelType=diesel", nil, "quarter")
	bad("GET", "/api/wex/company/ifta/returns?year=2025&quarter=1&fuelType=jet", nil, "fuelType")
	bad("GET", "/api/wex/company/ifta/returns?quarter=1&fuelType=diesel", nil, "year")
	bad("GET", "/api/wex/company/ifta/returns/export?year=2025&quarter=1&fuelType=diesel&format=pdf", nil, "format")
	bad("POST", "/api/wex/company/ifta/returns/2025/9/close?fuelType=diesel", nil, "quarter")
	bad("POST", "/api/wex/company/ifta/returns/abc/1/close?fuelType=diesel", nil, "year")
	bad("GET", "/api/wex/company/ifta/miles?year=2025&quarter=0", nil, "quarter")
	good := map[string]any{"unitNumber": "T-1", "date": "2025-01-02", "jurisdiction": "TX", "miles": 10}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for key, val := range good {
			m[key] = val
		}
		m[k] = v
		return m
	}
	bad("POST", "/api/wex/company/ifta/miles", with("jurisdiction", "DC"), "jurisdiction")
	bad("POST", "/api/wex/company/ifta/miles", with("jurisdiction", "Texas"), "jurisdiction")
	bad("POST", "/api/wex/company/ifta/miles", with("date", "2030-01-01"), "date")
	bad("POST", "/api/wex/company/ifta/miles", with("date", "01/02/2025"), "date")
	bad("POST", "/api/wex/company/ifta/miles", with("miles", 0), "miles")
	bad("POST", "/api/wex/company/ifta/miles", with("miles", 1e9), "miles")
	bad("POST", "/api/wex/company/ifta/miles", with("unitNumber", strings.Repeat("u", 51)), "unitNumber")
	bad("POST", "/api/wex/company/ifta/miles", with("unitNumber", ""), "unitNumber")
	bad("POST", "/api/wex/company/ifta/miles", with("note", "a\x00b"), "note")
	fuel := map[string]any{"unitNumber": "T-1", "date": "2025-01-02", "jurisdiction": "TX", "gallons": 25000, "fuelType": "diesel", "taxPaid": true}
	bad("POST", "/api/wex/company/ifta/purchases", fuel, "gallons")
	fuel["gallons"], fuel["fuelType"] = 25, "propane"
	bad("POST", "/api/wex/company/ifta/purchases", fuel, "fuelType")
	f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/ifta/miles", Body: "{", Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
	f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/ifta/miles", Body: with("miles", "ten"), Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
}

// TestIFTA_SummaryIsTheReturnToActOn: the dashboard's summary is the
// return GET …/ifta/returns computes (its tax due and warnings), for the
// quarter just ended until its return is closed or past due, else the
// current one; each company's own.
func TestIFTA_SummaryIsTheReturnToActOn(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		importIFTARates(t, fx, 2025, 1, "")
		type summary struct {
			Year, Quarter, DaysLeft, Warnings int
			FuelType, Status, DueDate         string
			TotalDue                          float64
			ClosedAt                          *string
		}
		// 2025-03-14: 2024Q4 was due January 31, so the current quarter.
		var sum summary
		f.api.Get("/api/wex/company/ifta/summary", f.owner).ExpectStatus(t, 200).Decode(t, &sum)
		var ret iftaReturnBody
		f.api.Get("/api/wex/company/ifta/returns?year=2025&quarter=1&fuelType=diesel", f.owner).ExpectStatus(t, 200).Decode(t, &ret)
		if sum.Year != 2025 || sum.Quarter != 1 || sum.FuelType != "diesel" || sum.Status != "open" || sum.DueDate != "2025-04-30" || sum.DaysLeft != 47 ||
			sum.TotalDue != ret.TotalDue || ret.TotalDue == 0 || sum.Warnings != len(ret.Warnings) || sum.ClosedAt != nil {
			t.Fatalf("summary %+v, return due %v with %d warnings", sum, ret.TotalDue, len(ret.Warnings))
		}
		// The other company's is its own return's.
		var theirs summary
		var theirReturn iftaReturnBody
		f.api.Get("/api/wex/company/ifta/summary", f.other).ExpectStatus(t, 200).Decode(t, &theirs)
		f.api.Get("/api/wex/company/ifta/returns?year=2025&quarter=1&fuelType=diesel", f.other).ExpectStatus(t, 200).Decode(t, &theirReturn)
		if theirs.TotalDue != theirReturn.TotalDue || theirs.TotalDue == sum.TotalDue || theirs.Quarter != 1 {
			t.Fatalf("other company's summary = %+v, its return's due %v", theirs, theirReturn.TotalDue)
		}
		f.api.Get("/api/wex/company/ifta/summary", f.driver).ExpectStatus(t, 403)
		f.api.Get("/api/wex/company/ifta/summary", "").ExpectStatus(t, 401)

		// April 2: 2025Q1 has ended and waits to be closed.
		fx.clock.Advance(19 * 24 * time.Hour)
		f.owner = f.api.Login(demo.OwnerEmail, demo.Password).Token // the old session has expired
		f.api.Get("/api/wex/company/ifta/summary", f.owner).ExpectStatus(t, 200).Decode(t, &sum)
		if sum.Quarter != 1 || sum.Status != "closed" || sum.ClosedAt != nil || sum.DaysLeft != 28 || sum.TotalDue != ret.TotalDue {
			t.Fatalf("after the quarter: %+v", sum)
		}
		f.api.Post("/api/wex/company/ifta/returns/2025/1/close?fuelType=diesel", nil, f.owner).ExpectStatus(t, 200)
		f.api.Get("/api/wex/company/ifta/summary", f.owner).ExpectStatus(t, 200).Decode(t, &sum)
		if sum.Year != 2025 || sum.Quarter != 2 || sum.DueDate != "2025-07-31" || sum.Status != "open" {
			t.Fatalf("after closing 2025Q1: %+v", sum)
		}
	})
}

// uploadRates posts a rate file as the company's rates.
func uploadRates(t *testing.T, f *fleet, token, csv string) *apitest.Response {
	t.Helper()
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/ifta/rates", Body: csv, Token: token,
		Header: http.Header{"Content-Type": {"text/csv"}}})
}

// rateOf is the return's rate in jurisdiction code (nil: no row or no rate).
func rateOf(ret iftaReturnBody, code string) *float64 {
	for _, row := range ret.Rows {
		if row.Jurisdiction == code {
			return row.Rate
		}
	}
	return nil
}

func TestIFTA_CompanyRatesWinInTheirCompanysReturnsOnly(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		importIFTARates(t, fx, 2025, 1, "")
		path := "/api/wex/company/ifta/returns?year=2025&quarter=1&fuelType=diesel"
		var ours, theirs iftaReturnBody
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &ours)
		f.api.Get(path, f.other).ExpectStatus(t, 200).Decode(t, &theirs)
		code := ""
		for _, row := range ours.Rows {
			if row.Rate != nil && *row.Rate > 0 && rateOf(theirs, row.Jurisdiction) != nil {
				code = row.Jurisdiction
				break
			}
		}
		if code == "" {
			t.Fatalf("no jurisdiction with a rate in both companies' returns: %+v / %+v", ours.Rows, theirs.Rows)
		}
		shared := *rateOf(ours, code)
		header := "year,quarter,jurisdiction,fuelType,rate,surcharge\n"

		var stored struct{ Stored, Quarters int }
		uploadRates(t, f, f.owner, header+"2025,1,"+code+",diesel,1.2345,\n2025,2,TX,diesel,0.2,\n").ExpectStatus(t, 200).Decode(t, &stored)
		if stored.Stored != 2 || stored.Quarters != 2 {
			t.Fatalf("upload = %+v", stored)
		}
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &ours)
		f.api.Get(path, f.other).ExpectStatus(t, 200).Decode(t, &theirs)
		if r := rateOf(ours, code); r == nil || *r != 1.2345 {
			t.Fatalf("our %s rate = %v, want the uploaded 1.2345", code, r)
		}
		if r := rateOf(theirs, code); r == nil || *r != shared {
			t.Fatalf("the other company's %s rate = %v, want the shared %v", code, r, shared)
		}

		// A rate of 0 is a rate, and the return says so.
		uploadRates(t, f, f.owner, header+"2025,1,"+code+",diesel,0,\n").ExpectStatus(t, 200)
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &ours)
		if r := rateOf(ours, code); r == nil || *r != 0 {
			t.Fatalf("our %s rate = %v, want 0", code, r)
		}
		zero := false
		for _, w := range ours.Warnings {
			zero = zero || (w.Code == "zero_rate" && strings.Contains(w.Message, code))
			if w.Code == "missing_rate" {
				t.Fatalf("a rate of 0 is missing: %+v", w)
			}
		}
		if !zero {
			t.Fatalf("no zero_rate warning naming %s: %+v", code, ours.Warnings)
		}

		// Bad lines: a 400 naming each, and nothing stored.
		res := uploadRates(t, f, f.owner, header+"2025,1,"+code+",diesel,9.9,\n2025,1,XX,diesel,0.2,\n2025,1,TX,diesel,-1,\n").ExpectStatus(t, 400)
		if fields := res.FieldErrors(t); len(fields["line 3"]) != 1 || len(fields["line 4"]) != 1 || len(fields) != 2 {
			t.Fatalf("fields %v", fields)
		}
		// The same lines as codes with their values, for the reader's language.
		var coded struct {
			Codes map[string][]struct {
				Code   string         `json:"code"`
				Params map[string]any `json:"params"`
			} `json:"codes"`
		}
		res.Decode(t, &coded)
		if c := coded.Codes["line 3"]; len(c) != 1 || c[0].Code != "jurisdiction_not_member" || c[0].Params["line"] != 3.0 || c[0].Params["column"] != "jurisdiction" || c[0].Params["value"] != "XX" {
			t.Fatalf("line 3's codes %+v", coded.Codes)
		}
		if c := coded.Codes["line 4"]; len(c) != 1 || c[0].Code != "amount_malformed" || c[0].Params["column"] != "rate" || c[0].Params["value"] != "-1" || len(coded.Codes) != 2 {
			t.Fatalf("line 4's codes %+v", coded.Codes)
		}
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &ours)
		if r := rateOf(ours, code); r == nil || *r != 0 {
			t.Fatalf("a refused file changed the rate: %v", r)
		}
		// (The contract's CSV reader cannot read these: sent as they are.)
		raw := func(csv string) *apitest.Response {
			return f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/ifta/rates", Body: csv, Token: f.owner,
				Header: http.Header{"Content-Type": {"text/csv"}}, BreaksContract: true})
		}
		if fields := raw("").ExpectStatus(t, 400).FieldErrors(t); len(fields["file"]) != 1 {
			t.Fatalf("empty file: %v", fields)
		}
		huge := header + strings.Repeat("# "+strings.Repeat("x", 1000)+"\n", 1100)
		if msg := raw(huge).ExpectStatus(t, 400).ErrorMessage(t); !strings.Contains(msg, "1024 KiB") {
			t.Fatalf("a file over 1 MiB: %q", msg)
		}
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/ifta/rates", Body: map[string]any{"rates": 1}, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
		uploadRates(t, f, f.driver, header).ExpectStatus(t, 403)
		uploadRates(t, f, "", header).ExpectStatus(t, 401)
	})
}

// TestIFTA_SummaryListsOverdueReturns: a return past its due date and not
// closed is overdue, with the days since; closing it takes it off; each
// company's own.
func TestIFTA_SummaryListsOverdueReturns(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		importIFTARates(t, fx, 2024, 4, "OR,diesel")
		type overdue struct {
			Year, Quarter, DaysLate int
			FuelType, DueDate       string
		}
		var sum struct{ Overdue []overdue }
		// 2025-03-14: 2024Q4 was due January 31.
		f.api.Get("/api/wex/company/ifta/summary", f.owner).ExpectStatus(t, 200).Decode(t, &sum)
		want := overdue{Year: 2024, Quarter: 4, DaysLate: 42, FuelType: "diesel", DueDate: "2025-01-31"}
		// Two years of card purchases, IFTA records (miles entries) from
		// 2024Q4 on: that quarter's returns alone.
		if len(sum.Overdue) == 0 || sum.Overdue[0] != want {
			t.Fatalf("overdue %+v, want %+v first", sum.Overdue, want)
		}
		for _, o := range sum.Overdue {
			if o.Year != 2024 || o.Quarter != 4 {
				t.Fatalf("overdue %+v: the company files from 2024Q4", sum.Overdue)
			}
		}
		var ret iftaReturnBody
		f.api.Get("/api/wex/company/ifta/returns?year=2024&quarter=4&fuelType=diesel", f.owner).ExpectStatus(t, 200).Decode(t, &ret)
		if ret.TotalMiles == 0 && ret.TotalGallons == 0 {
			t.Fatalf("the overdue return is empty: %+v", ret)
		}

		// Another company's overdue returns are its own. It has card
		// purchases but no IFTA record, so it does not file IFTA here: none;
		// once it enters miles in 2024Q4, its 2024Q4 return is overdue.
		var theirs struct{ Overdue []overdue }
		f.api.Get("/api/wex/company/ifta/summary", f.other).ExpectStatus(t, 200).Decode(t, &theirs)
		if len(theirs.Overdue) != 0 {
			t.Fatalf("other company without IFTA records: overdue %+v", theirs.Overdue)
		}
		f.api.Post("/api/wex/company/ifta/miles", map[string]any{"unitNumber": "X-1", "date": "2024-11-02", "jurisdiction": "TX", "miles": 120}, f.other).ExpectStatus(t, 201)
		f.api.Get("/api/wex/company/ifta/summary", f.other).ExpectStatus(t, 200).Decode(t, &theirs)
		if len(theirs.Overdue) == 0 || theirs.Overdue[0] != want {
			t.Fatalf("other company with miles in 2024Q4: overdue %+v", theirs.Overdue)
		}
		// The owner uploads the missing rate and closes it: no longer overdue.
		uploadRates(t, f, f.owner, "year,quarter,jurisdiction,fuelType,rate,surcharge\n2024,4,OR,diesel,0,\n").ExpectStatus(t, 200)
		f.api.Post("/api/wex/company/ifta/returns/2024/4/close?fuelType=diesel", nil, f.owner).ExpectStatus(t, 200)
		f.api.Get("/api/wex/company/ifta/summary", f.owner).ExpectStatus(t, 200).Decode(t, &sum)
		for _, o := range sum.Overdue {
			if o.FuelType == "diesel" {
				t.Fatalf("closed, still overdue: %+v", sum.Overdue)
			}
		}
		if sum.Overdue == nil {
			t.Fatal("overdue is null, want a list")
		}
	})
}
