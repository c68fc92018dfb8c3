package http_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/pdfstream/pdfstreamtest"
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
			{"an unknown language is invalid", "/api/wex/company/statements/" + id + "?format=pdf&lang=fr", owner, 400},
			{"a language in capitals is invalid", "/api/wex/company/statements/" + id + "?format=xlsx&lang=ES", owner, 400},
			{"an unknown language is invalid with JSON too", "/api/wex/company/statements/" + id + "?lang=" + strings.Repeat("e", 300), owner, 400},
			{"a NUL byte in the language is invalid", "/api/wex/company/statements/" + id + "?format=csv&lang=e%00s", owner, 400},
			{"another company's statement in Spanish is not found", "/api/wex/company/statements/" + id + "?format=pdf&lang=es", other, 404},
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

// statementDocument is what a statement's PDF and spreadsheet say: the
// PDF's title and its rows' texts, the spreadsheet's sheet and rows.
type statementDocument struct {
	pdfTitle string
	pdf      [][]string
	sheet    string
	xlsx     [][]string
}

func getStatementDocument(t *testing.T, f *fixture, path, token string) statementDocument {
	t.Helper()
	doc := pdfstreamtest.Read(t, f.api.Get(path+"&format=pdf", token).ExpectStatus(t, 200).Body)
	d := statementDocument{pdfTitle: doc.Title}
	for _, r := range doc.Rows() {
		for i := range r {
			r[i] = pdfstreamtest.UTF8(r[i])
		}
		d.pdf = append(d.pdf, r)
	}
	book, err := excelize.OpenReader(bytes.NewReader(f.api.Get(path+"&format=xlsx", token).ExpectStatus(t, 200).Body))
	if err != nil {
		t.Fatal(err)
	}
	d.sheet = book.GetSheetName(0)
	if d.xlsx, err = book.GetRows(d.sheet, excelize.Options{RawCellValue: true}); err != nil {
		t.Fatal(err)
	}
	return d
}

// closing is the closing balance the PDF writes after label.
func (d statementDocument) closing(label string) string {
	for _, r := range d.pdf {
		if len(r) == 2 && r[0] == label {
			return r[1]
		}
	}
	return ""
}

func TestStatements_DocumentsReadInTheReadersLanguage(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		bookkeeper := f.api.Login(demo.BookkeeperEmail, demo.Password).Token
		var me account
		f.api.Get("/api/account", bookkeeper).ExpectStatus(t, 200).Decode(t, &me)
		spanish := accountUpdate(me.FirstName, me.LastName, me.Email, me.PhoneNumber)
		spanish["language"] = "es"
		f.api.Put("/api/account", spanish, bookkeeper).ExpectStatus(t, 200)

		var list struct{ Content []statementSummary }
		f.api.Get("/api/wex/company/statements", bookkeeper).ExpectStatus(t, 200).Decode(t, &list)
		last := list.Content[1]
		path := "/api/wex/company/statements/" + strconv.FormatInt(last.ID, 10) + "?"
		want := fuelportal.FormatDollars(int64(math.Round(last.ClosingBalance * 100)))
		if bad, err := f.db.VerifyStatements(context.Background()); err != nil || bad != nil {
			t.Fatalf("the statements differ from the ledger: %v %v", bad, err)
		}

		es := getStatementDocument(t, f, path, bookkeeper)
		if es.pdfTitle != "Estado de cuenta de Demo Freight LLC del 1 feb 2025 al 28 feb 2025 (cerrado)" || es.closing("Saldo final") != want ||
			es.sheet != "Estado de cuenta" || es.xlsx[0][0] != "Sección" || es.xlsx[len(es.xlsx)-1][0] != "Saldo final" {
			t.Fatalf("the Spanish reader's documents: PDF %q closing %q (want %s), sheet %q titles %q, last row %q",
				es.pdfTitle, es.closing("Saldo final"), want, es.sheet, es.xlsx[0], es.xlsx[len(es.xlsx)-1])
		}
		en := getStatementDocument(t, f, path, owner)
		if !strings.HasPrefix(en.pdfTitle, "Demo Freight LLC statement 2025-02-01 to 2025-02-28") || en.closing("Closing balance") != want ||
			en.sheet != "Statement" || en.xlsx[0][0] != "Section" {
			t.Fatalf("the English reader's documents: PDF %q closing %q, sheet %q titles %q", en.pdfTitle, en.closing("Closing balance"), en.sheet, en.xlsx[0])
		}
		if len(es.xlsx) != len(en.xlsx) || es.xlsx[len(es.xlsx)-1][15] != en.xlsx[len(en.xlsx)-1][15] {
			t.Fatalf("%d Spanish rows, %d English; closing %q and %q", len(es.xlsx), len(en.xlsx), es.xlsx[len(es.xlsx)-1][15], en.xlsx[len(en.xlsx)-1][15])
		}
		for i := 1; i < len(es.xlsx); i++ { // after the titles
			if strings.Join(es.xlsx[i][min(11, len(es.xlsx[i])):], "|") != strings.Join(en.xlsx[i][min(11, len(en.xlsx[i])):], "|") {
				t.Fatalf("row %d's figures: Spanish %q, English %q", i+1, es.xlsx[i], en.xlsx[i])
			}
		}

		t.Run("lang chooses another language than the account's", func(t *testing.T) {
			if d := getStatementDocument(t, f, path+"lang=en", bookkeeper); d.sheet != "Statement" || d.closing("Closing balance") != want {
				t.Fatalf("lang=en: sheet %q, closing %q", d.sheet, d.closing("Closing balance"))
			}
			if d := getStatementDocument(t, f, path+"lang=es", owner); d.sheet != "Estado de cuenta" || d.closing("Saldo final") != want {
				t.Fatalf("lang=es: sheet %q, closing %q", d.sheet, d.closing("Saldo final"))
			}
		})
		t.Run("the CSV is English for every reader", func(t *testing.T) {
			esCSV := f.api.Get(path+"format=csv", bookkeeper).ExpectStatus(t, 200).Body
			if enCSV := f.api.Get(path+"format=csv", owner).ExpectStatus(t, 200).Body; !bytes.Equal(esCSV, enCSV) || !bytes.HasPrefix(esCSV, []byte("Section,Posted,")) {
				t.Fatalf("the Spanish reader's CSV starts %q, differs from the English one's: %v", esCSV[:min(40, len(esCSV))], !bytes.Equal(esCSV, enCSV))
			}
		})
	})
}

// apitestRequest is a request that may break the contract (hostile input).
func apitestRequest(method, path string, body any, token string) apitest.Request {
	return apitest.Request{Method: method, Path: path, Body: body, Token: token, BreaksContract: true}
}
