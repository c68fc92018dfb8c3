package http_test

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"testing"

	"fuelportal/demo"
	"fuelportal/http/apitest"
)

type statementSummary struct {
	ID             int64
	StartDate      string
	EndDate        string
	OpeningBalance float64
	ClosingBalance float64
	Status         string
}

func TestStatements_LastMonthIsClosedAndItsDocumentsDownload(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		var list struct{ Content []statementSummary }
		f.api.Get("/api/wex/company/statements", owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) < 2 || list.Content[0].Status != "OPEN" || list.Content[1].Status != "CLOSED" {
			t.Fatalf("statements = %+v", list.Content)
		}
		open, last := list.Content[0], list.Content[1]
		if last.ClosingBalance != open.OpeningBalance || last.EndDate != "2025-02-28" || open.StartDate != "2025-03-01" {
			t.Fatalf("last month %+v, open %+v", last, open)
		}
		var st struct {
			statementSummary
			Lines []struct {
				Kind   string
				Amount float64
			}
			Holds []any
		}
		f.api.Get("/api/wex/company/statements/"+strconv.FormatInt(last.ID, 10), owner).ExpectStatus(t, 200).Decode(t, &st)
		var cents int64
		for _, l := range st.Lines {
			cents += int64(l.Amount*100 + map[bool]float64{true: 0.5, false: -0.5}[l.Amount >= 0])
		}
		if len(st.Lines) == 0 || st.Holds == nil || cents != int64(last.ClosingBalance*100+0.5)-int64(last.OpeningBalance*100+0.5) {
			t.Fatalf("statement: %d lines summing %d cents, %+v", len(st.Lines), cents, st.statementSummary)
		}
		path := "/api/wex/company/statements/" + strconv.FormatInt(last.ID, 10) + "?format="
		pdf := f.api.Get(path+"pdf", owner).ExpectStatus(t, 200)
		if !bytes.HasPrefix(pdf.Body, []byte("%PDF-")) || pdf.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("pdf: %s %q", pdf.Header.Get("Content-Type"), pdf.Body[:min(8, len(pdf.Body))])
		}
		rows, err := csv.NewReader(bytes.NewReader(f.api.Get(path+"csv", owner).ExpectStatus(t, 200).Body)).ReadAll()
		if err != nil || len(rows) != len(st.Lines)+4 {
			t.Fatalf("csv: %d rows for %d lines, %v", len(rows), len(st.Lines), err)
		}
		if xlsx := f.api.Get(path+"xlsx", owner).ExpectStatus(t, 200); !bytes.HasPrefix(xlsx.Body, []byte("PK")) {
			t.Fatal("xlsx is not a zip file")
		}
	})
}

func TestStatements_HostileAndOtherCompanysAnswers(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
		var list struct{ Content []statementSummary }
		f.api.Get("/api/wex/company/statements", owner).ExpectStatus(t, 200).Decode(t, &list)
		id := strconv.FormatInt(list.Content[1].ID, 10)
		for _, tc := range []struct {
			name, path, token string
			status            int
		}{
			{"another company's statement is not found", "/api/wex/company/statements/" + id, other, 404},
			{"another company's statement document is not found", "/api/wex/company/statements/" + id + "?format=pdf", other, 404},
			{"an id that is no number is invalid", "/api/wex/company/statements/abc", owner, 400},
			{"a negative id is invalid", "/api/wex/company/statements/-1", owner, 400},
			{"an id past any statement's is invalid", "/api/wex/company/statements/99999999999999999999", owner, 400},
			{"an id of none is not found", "/api/wex/company/statements/9007199254740991", owner, 404},
			{"an unknown format is invalid", "/api/wex/company/statements/" + id + "?format=exe", owner, 400},
		} {
			t.Run(tc.name, func(t *testing.T) {
				f.api.Do(apitestRequest("GET", tc.path, nil, tc.token)).ExpectStatus(t, tc.status)
			})
		}
		t.Run("a period that is neither monthly nor weekly is invalid", func(t *testing.T) {
			f.api.Do(apitestRequest("PUT", "/api/wex/company/statement-settings", map[string]string{"period": "yearly"}, owner)).ExpectStatus(t, 400)
		})
		t.Run("the period is the company's own", func(t *testing.T) {
			f.api.Put("/api/wex/company/statement-settings", map[string]string{"period": "weekly"}, owner).ExpectStatus(t, 200)
			var mine, theirs struct{ Period string }
			f.api.Get("/api/wex/company/statement-settings", owner).ExpectStatus(t, 200).Decode(t, &mine)
			f.api.Get("/api/wex/company/statement-settings", other).ExpectStatus(t, 200).Decode(t, &theirs)
			if mine.Period != "weekly" || theirs.Period != "monthly" {
				t.Fatalf("periods: mine %q, the other company's %q", mine.Period, theirs.Period)
			}
		})
		t.Run("the other company's list has none of this company's", func(t *testing.T) {
			var theirs struct{ Content []statementSummary }
			f.api.Get("/api/wex/company/statements", other).ExpectStatus(t, 200).Decode(t, &theirs)
			for _, s := range theirs.Content {
				for _, m := range list.Content {
					if s.ID == m.ID {
						t.Fatalf("statement %d in both lists", s.ID)
					}
				}
			}
		})
	})
}

// apitestRequest is a request that may break the contract (hostile input).
func apitestRequest(method, path string, body any, token string) apitest.Request {
	return apitest.Request{Method: method, Path: path, Body: body, Token: token, BreaksContract: true}
}
