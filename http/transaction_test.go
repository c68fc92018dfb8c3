package http_test

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"fuelportal"
	"fuelportal/http/apitest"
)

func TestTransactionList(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		get := func(t *testing.T, token, query string) transactionPage {
			t.Helper()
			var p transactionPage
			f.api.Get("/api/wex/company/transactions?"+query, token).ExpectStatus(t, 200).Decode(t, &p)
			return p
		}
		all := get(t, f.owner, "page=0&size=20&sort=transactionDate,desc")
		t.Run("first page is 20 newest first with totals", func(t *testing.T) {
			// The count stops 10 pages past the requested one (countPagesAhead):
			// the demo company has more rows than that.
			if len(all.Content) != 20 || all.Page.Size != 20 || all.Page.TotalElements != 10*20 || all.Page.TotalPages != 10 {
				t.Fatalf("page = %+v", all.Page)
			}
			for i := 1; i < len(all.Content); i++ {
				if all.Content[i].TransactionDate > all.Content[i-1].TransactionDate {
					t.Fatalf("not newest first: %s after %s", all.Content[i].TransactionDate, all.Content[i-1].TransactionDate)
				}
			}
		})
		t.Run("last page holds the rest", func(t *testing.T) {
			last := get(t, f.owner, fmt.Sprintf("page=%d&size=20", all.Page.TotalPages-1))
			if want := all.Page.TotalElements - 20*(all.Page.TotalPages-1); len(last.Content) != want {
				t.Fatalf("%d on the last page, want %d", len(last.Content), want)
			}
		})
		t.Run("date range keeps dates inside it", func(t *testing.T) {
			p := get(t, f.owner, "dateFrom=2025-02-14T00:00:00&dateTo=2025-03-14T23:59:59&size=100")
			if p.Page.TotalElements == 0 || p.Page.TotalElements >= all.Page.TotalElements {
				t.Fatalf("range total = %d of %d", p.Page.TotalElements, all.Page.TotalElements)
			}
			// Dates without a zone are the company's wall clock (America/Chicago).
			chicago, _ := time.LoadLocation("America/Chicago")
			from, to := time.Date(2025, 2, 14, 0, 0, 0, 0, chicago), time.Date(2025, 3, 14, 23, 59, 59, 0, chicago)
			for _, tr := range p.Content {
				at, err := time.Parse(time.RFC3339, tr.TransactionDate)
				if err != nil || at.Before(from) || at.After(to) {
					t.Fatalf("date %s outside the range (%v)", tr.TransactionDate, err)
				}
			}
		})
		t.Run("search finds an invoice ref case-insensitively", func(t *testing.T) {
			ref := all.Content[3].InvoiceRef
			p := get(t, f.owner, "searchText="+strings.ToLower(ref))
			if p.Page.TotalElements != 1 || p.Content[0].InvoiceRef != ref {
				t.Fatalf("search %s = %+v", ref, p)
			}
		})
		t.Run("search finds a location name", func(t *testing.T) {
			name := all.Content[0].LocationName
			p := get(t, f.owner, "searchText="+url.QueryEscape(strings.ToUpper(name)))
			if p.Page.TotalElements == 0 || p.Content[0].LocationName != name {
				t.Fatalf("search %q = %+v", name, p.Page)
			}
		})
		t.Run("card filter keeps one card", func(t *testing.T) {
			// Pages of 100 count up to 1,000 rows: the card has fewer, the
			// company more.
			company := get(t, f.owner, "size=100")
			p := get(t, f.owner, "size=100&cardNumber="+f.driverCard)
			if p.Page.TotalElements == 0 || p.Page.TotalElements >= company.Page.TotalElements {
				t.Fatalf("card total = %d of %d", p.Page.TotalElements, company.Page.TotalElements)
			}
			for _, tr := range p.Content {
				if tr.CardNumber != f.driverCard {
					t.Fatalf("card %s in the card filter", tr.CardNumber)
				}
			}
		})
		t.Run("ascending sort starts with the oldest", func(t *testing.T) {
			p := get(t, f.owner, "sort=transactionDate,asc&size=2")
			if p.Content[0].TransactionDate > p.Content[1].TransactionDate {
				t.Fatalf("not ascending: %+v", p.Content)
			}
		})
		t.Run("driver sees only their own card", func(t *testing.T) {
			var p transactionPage
			f.api.Get("/api/wex/transactions?size=100", f.driver).ExpectStatus(t, 200).Decode(t, &p)
			if p.Page.TotalElements == 0 || p.Page.TotalElements == all.Page.TotalElements {
				t.Fatalf("driver total = %d", p.Page.TotalElements)
			}
			for _, tr := range p.Content {
				if tr.CardNumber != f.driverCard {
					t.Fatalf("driver sees card %s", tr.CardNumber)
				}
			}
		})
		for _, tc := range []struct{ name, query, field string }{
			{"bad date is a field error", "dateFrom=22/11/2026", "dateFrom"},
			{"unknown sort is a field error", "sort=amount,desc", "sort"},
			{"oversized page is a field error", "size=1000", "size"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/transactions?" + tc.query, Token: f.owner, BreaksContract: true})
				if fields := res.ExpectStatus(t, 400).FieldErrors(t); len(fields[tc.field]) == 0 {
					t.Fatalf("fields = %v", fields)
				}
			})
		}
	})
}

func TestTransactionDetail(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var res networkResult
		f.postPurchase("NET-D", f.driverCard, "128.4").ExpectStatus(t, 201).Decode(t, &res)
		var d struct {
			TransactionID                                                int64
			DriverCardName, DriverID, TransactionDate, LocationName      string
			LocationAddress, CardNumber, InvoiceRef, Status              string
			FuelQuantity, RetailPrice, NetPrice, FundedTotal, DiscAmount float64
		}
		for _, token := range []string{f.owner, f.driver} {
			path := fmt.Sprintf("/api/wex/company/transactions/%d", res.TransactionID)
			if token == f.driver {
				path = fmt.Sprintf("/api/wex/transactions/%d", res.TransactionID)
			}
			f.api.Get(path, token).ExpectStatus(t, 200).Decode(t, &d)
			if d.DriverCardName != "Dylan Driver" || d.FuelQuantity != 128.4 || d.RetailPrice != 3.859 || d.NetPrice != 3.679 ||
				// 10:15 on the San Diego station's clock is 17:15 UTC (PDT).
				d.TransactionDate != "2025-03-14T17:15:00Z" || d.LocationAddress == "" || d.CardNumber != f.driverCard || d.InvoiceRef != res.InvoiceRef {
				t.Fatalf("detail = %+v", d)
			}
		}
	})
}

func TestTotalSpendings_SumApprovedPurchasesOfThePeriod(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		ctx := context.Background()
		// Days start at the company's midnights (its controls' zone, America/Chicago).
		chicago, _ := time.LoadLocation("America/Chicago")
		now := f.clock.Now().In(chicago)
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, chicago)
		for _, days := range []int{1, 7, 14, 3650} {
			t.Run(fmt.Sprintf("last %d days", days), func(t *testing.T) {
				var want struct{ total, saved int64 }
				since := today.AddDate(0, 0, -(days - 1))
				err := f.db.EachTransaction(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: f.demoCompany}, From: since}, func(tr *fuelportal.Transaction) error {
					want.total += tr.FundedTotalCents
					want.saved += tr.DiscountCents
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				var got []struct{ Total, Saved float64 }
				f.api.Get(fmt.Sprintf("/api/wex/company/total-spendings?lastDays=%d", days), f.owner).ExpectStatus(t, 200).Decode(t, &got)
				if len(got) != 1 || got[0].Total != float64(want.total)/100 || got[0].Saved != float64(want.saved)/100 {
					t.Fatalf("got %+v, want %+v", got, want)
				}
			})
		}
		t.Run("driver totals are their card's share", func(t *testing.T) {
			var company, driver []struct{ Total, Saved float64 }
			f.api.Get("/api/wex/company/total-spendings?lastDays=3650", f.owner).ExpectStatus(t, 200).Decode(t, &company)
			f.api.Get("/api/wex/total-spendings?lastDays=3650", f.driver).ExpectStatus(t, 200).Decode(t, &driver)
			if driver[0].Total <= 0 || driver[0].Total >= company[0].Total {
				t.Fatalf("driver %+v, company %+v", driver, company)
			}
		})
		t.Run("missing lastDays is a field error", func(t *testing.T) {
			res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/total-spendings", Token: f.owner, BreaksContract: true})
			res.ExpectStatus(t, 400)
		})
	})
}

func TestExport_IsARealSpreadsheet(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		query := "dateFrom=2025-02-14T00:00:00&dateTo=2025-03-14T23:59:59"
		var page transactionPage
		f.api.Get("/api/wex/company/transactions?"+query, f.owner).ExpectStatus(t, 200).Decode(t, &page)

		res := f.api.Get("/api/wex/company/transactions/export?"+query, f.owner).ExpectStatus(t, 200)
		if cd := res.Header.Get("Content-Disposition"); cd != `attachment; filename="transactions-2025-03-14.xlsx"` {
			t.Fatalf("Content-Disposition = %q", cd)
		}
		book, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		defer book.Close()
		sheet := book.GetSheetName(0)
		rows, err := book.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != page.Page.TotalElements+1 || rows[0][0] != "Date" || rows[0][14] != "Funded Total" {
			t.Fatalf("%d rows (want %d + header), header %v", len(rows), page.Page.TotalElements, rows[0])
		}
		first := page.Content[0]
		if rows[1][1] != first.InvoiceRef {
			t.Fatalf("first row %v, want invoice %s", rows[1], first.InvoiceRef)
		}
		for _, c := range []struct {
			cell   string
			typ    excelize.CellType
			format string
		}{
			{"A2", excelize.CellTypeNumber, "yyyy-mm-dd hh:mm"}, // a date is a number with a date format
			{"O2", excelize.CellTypeNumber, `"$"#,##0.00`},
			{"B2", excelize.CellTypeInlineString, ""},
		} {
			typ, err := book.GetCellType(sheet, c.cell)
			if err != nil {
				t.Fatal(err)
			}
			if typ != c.typ && !(c.typ == excelize.CellTypeNumber && typ == excelize.CellTypeUnset) {
				t.Errorf("%s type = %v, want %v", c.cell, typ, c.typ)
			}
			if c.format == "" {
				continue
			}
			style, _ := book.GetCellStyle(sheet, c.cell)
			s, _ := book.GetStyle(style)
			if s == nil || s.CustomNumFmt == nil || *s.CustomNumFmt != c.format {
				t.Errorf("%s format = %+v, want %s", c.cell, s, c.format)
			}
		}
		date, _ := book.GetCellValue(sheet, "A2")
		// A cell has no zone: the company's wall clock (America/Chicago).
		chicago, _ := time.LoadLocation("America/Chicago")
		at, _ := time.Parse(time.RFC3339, first.TransactionDate)
		if want := at.In(chicago).Format("2006-01-02 15:04"); date != want {
			t.Errorf("A2 shows %q, want %q", date, want)
		}
		funded, _ := book.GetCellValue(sheet, "O2", excelize.Options{RawCellValue: true})
		if funded != fmt.Sprint(first.FundedTotal) {
			t.Errorf("O2 = %s, want %v", funded, first.FundedTotal)
		}

		t.Run("missing date is 400 with the docs/product.md message", func(t *testing.T) {
			for _, q := range []string{"dateFrom=2025-02-14T00:00:00", "dateTo=2025-02-14T00:00:00", ""} {
				res := f.api.Get("/api/wex/company/transactions/export?"+q, f.owner).ExpectStatus(t, 400)
				if msg := res.ErrorMessage(t); msg != "Please select a date range" {
					t.Fatalf("message = %q", msg)
				}
			}
		})
		t.Run("driver export holds only their card", func(t *testing.T) {
			res := f.api.Get("/api/wex/transactions/export?"+query, f.driver).ExpectStatus(t, 200)
			book, err := excelize.OpenReader(bytes.NewReader(res.Body))
			if err != nil {
				t.Fatal(err)
			}
			defer book.Close()
			rows, _ := book.GetRows(book.GetSheetName(0))
			for _, r := range rows[1:] {
				if r[6] != f.driverCard {
					t.Fatalf("driver export holds card %s", r[6])
				}
			}
		})
	})
}

// TestExport_HonoursEveryListFilter exports with each filter the list takes
// and expects the file to hold exactly the rows the list counts, in the
// list's order: an export that drops a filter holds more.
func TestExport_HonoursEveryListFilter(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		dates := "dateFrom=2025-01-01T00:00:00&dateTo=2025-03-14T23:59:59"
		var all transactionPage
		f.api.Get("/api/wex/company/transactions?"+dates, f.owner).ExpectStatus(t, 200).Decode(t, &all)
		first := all.Content[0]
		filters := []struct{ name, query string }{
			{"card", dates + "&cardNumber=" + f.driverCard},
			{"search", dates + "&searchText=" + url.QueryEscape(first.InvoiceRef)},
			{"dates", "dateFrom=2025-03-01T00:00:00&dateTo=2025-03-07T23:59:59"},
			{"card and search", dates + "&cardNumber=" + f.driverCard + "&searchText=" + url.QueryEscape(first.LocationName)},
			{"ascending", dates + "&sort=transactionDate,asc"},
		}
		for _, tt := range filters {
			t.Run(tt.name, func(t *testing.T) {
				var page transactionPage
				f.api.Get("/api/wex/company/transactions?size=100&"+tt.query, f.owner).ExpectStatus(t, 200).Decode(t, &page)
				if tt.name != "ascending" && page.Page.TotalElements >= all.Page.TotalElements {
					t.Fatalf("the filter keeps all %d rows: pick a narrower one", page.Page.TotalElements)
				}
				res := f.api.Get("/api/wex/company/transactions/export?"+tt.query, f.owner).ExpectStatus(t, 200)
				book, err := excelize.OpenReader(bytes.NewReader(res.Body))
				if err != nil {
					t.Fatal(err)
				}
				defer book.Close()
				rows, _ := book.GetRows(book.GetSheetName(0))
				if len(rows)-1 != page.Page.TotalElements {
					t.Fatalf("export holds %d rows, the list %d", len(rows)-1, page.Page.TotalElements)
				}
				for i, item := range page.Content {
					if rows[i+1][1] != item.InvoiceRef {
						t.Fatalf("row %d is %s, the list has %s", i+1, rows[i+1][1], item.InvoiceRef)
					}
				}
			})
		}
	})
}
