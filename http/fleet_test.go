package http_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/store"
)

const networkKey = "network-key-for-tests"

// fleet is the demo fixture with the card network feed enabled and the
// demo logins signed in.
type fleet struct {
	*fixture
	owner, driver, other      string // bearer tokens
	demoCompany, otherCompany int64
	driverCard                string
	station                   int64
}

func newFleet(t *testing.T) *fleet {
	t.Helper()
	f := &fleet{fixture: newFixture(t)}
	f.srv.NetworkKey = networkKey
	f.owner = f.api.Login(demo.OwnerEmail, demo.Password).Token
	f.driver = f.api.Login(demo.DriverEmail, demo.Password).Token
	f.other = f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
	ctx := context.Background()
	owner, _ := f.db.UserByEmail(ctx, demo.OwnerEmail)
	other, _ := f.db.UserByEmail(ctx, demo.OtherOwnerEmail)
	f.demoCompany, f.otherCompany = owner.CompanyID, other.CompanyID
	f.driverCard = demo.CardPlans[demo.DemoFreight.Name][0].CardNumber
	f.station = demo.FirstStationID
	return f
}

// postPurchase reports a purchase through the network endpoint.
func (f *fleet) postPurchase(id, card string, gallons string) *apitest.Response {
	body := fmt.Sprintf(`{"networkTransactionId":%q,"cardNumber":%q,"locationId":%d,"gallons":%s,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00"}`,
		id, card, f.station, gallons)
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body,
		Header: http.Header{"X-Network-Key": {networkKey}}})
}

type cardList struct {
	Value []struct {
		CardNumber, Status, DriverName, DriverID, UnitNumber string
	}
}

func TestCardList_SearchesNumberNameUnitAndDriverID(t *testing.T) {
	f := newFleet(t)
	plans := demo.CardPlans[demo.DemoFreight.Name]
	for _, tc := range []struct {
		name, search string
		want         int
	}{
		{"no search lists every card", "", len(plans)},
		{"driver name matches case-insensitively", strings.ToUpper(plans[1].DriverName[:5]), 1},
		{"unit number matches", plans[2].UnitNumber, 1},
		{"driver id matches", plans[3].DriverID, 1},
		{"card number digits match", plans[4].CardNumber[8:16], 1},
		{"nothing matches", "zzz", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cards cardList
			f.api.Get("/api/wex/company/get-cards?searchText="+url.QueryEscape(tc.search), f.owner).ExpectStatus(t, 200).Decode(t, &cards)
			if len(cards.Value) != tc.want {
				t.Fatalf("%d cards, want %d: %+v", len(cards.Value), tc.want, cards)
			}
			for _, c := range cards.Value {
				if len(c.CardNumber) != 19 {
					t.Fatalf("card number %q is not whole", c.CardNumber)
				}
			}
		})
	}
}

func TestCardUpdate(t *testing.T) {
	f := newFleet(t)
	card := demo.CardPlans[demo.DemoFreight.Name][1]
	update := func(number, name, id, unit, status string) map[string]string {
		return map[string]string{"cardNumber": number, "driverName": name, "driverId": id, "unitNumber": unit, "status": status}
	}
	t.Run("owner saves driver details and status", func(t *testing.T) {
		var got struct{ CardNumber, Status, DriverName, DriverID, UnitNumber string }
		f.api.Put("/api/wex/company/update-card", update(card.CardNumber, " Maria L. ", "D-9", "TRK-999", "INACTIVE"), f.owner).
			ExpectStatus(t, 200).Decode(t, &got)
		if got.DriverName != "Maria L." || got.DriverID != "D-9" || got.UnitNumber != "TRK-999" || got.Status != "INACTIVE" || got.CardNumber != card.CardNumber {
			t.Fatalf("card = %+v", got)
		}
	})
	t.Run("missing details are field errors", func(t *testing.T) {
		fields := f.api.Put("/api/wex/company/update-card", update(card.CardNumber, "", " ", "", "ACTIVE"), f.owner).
			ExpectStatus(t, 400).FieldErrors(t)
		want := map[string]string{"driverName": "Driver name is required", "driverId": "Driver ID is required", "unitNumber": "Unit number is required"}
		for field, msg := range want {
			if len(fields[field]) != 1 || fields[field][0] != msg {
				t.Errorf("%s: %v, want %q", field, fields[field], msg)
			}
		}
	})
	t.Run("unknown status is a field error", func(t *testing.T) {
		fields := f.api.Put("/api/wex/company/update-card", update(card.CardNumber, "A", "B", "C", "LOST"), f.owner).ExpectStatus(t, 400).FieldErrors(t)
		if len(fields["status"]) != 1 {
			t.Fatalf("fields = %v", fields)
		}
	})
}

func TestContractAndWallet_FollowTheContract(t *testing.T) {
	f := newFleet(t)
	var contract struct {
		Pricing, Billing                                 string
		RetailMinusCents, CreditLimit, FeePerTransaction float64
	}
	f.api.Get("/api/wex/company/contract", f.owner).ExpectStatus(t, 200).Decode(t, &contract)
	if contract.Pricing != "RETAIL_MINUS" || contract.RetailMinusCents != 18 || contract.Billing != "PREPAID" || contract.FeePerTransaction != 1.5 {
		t.Fatalf("Demo Freight contract = %+v", contract)
	}
	f.api.Get("/api/wex/company/contract", f.other).ExpectStatus(t, 200).Decode(t, &contract)
	if contract.Pricing != "NET_PRICE" || contract.Billing != "INVOICE" || contract.CreditLimit != 25000 {
		t.Fatalf("Other Haulers contract = %+v", contract)
	}

	type wallet struct {
		Balance                      float64
		CanAddFunds, CanPayByInvoice bool
	}
	var w wallet
	f.api.Get("/api/wex/company/wallet", f.owner).ExpectStatus(t, 200).Decode(t, &w)
	balance, _ := f.db.WalletBalance(context.Background(), f.demoCompany)
	if !w.CanAddFunds || w.CanPayByInvoice || w.Balance != float64(balance)/100 || w.Balance <= 0 {
		t.Fatalf("Demo Freight wallet = %+v (ledger %d cents)", w, balance)
	}
	f.api.Get("/api/wex/company/wallet", f.other).ExpectStatus(t, 200).Decode(t, &w)
	if w.CanAddFunds || !w.CanPayByInvoice {
		t.Fatalf("Other Haulers wallet = %+v", w)
	}
}

type networkResult struct {
	TransactionID int64
	Status        string
	DeclineReason *string
	InvoiceRef    string
	FundedTotal   float64
	DiscAmount    float64
	NetPrice      float64
}

func TestNetworkFeed(t *testing.T) {
	f := newFleet(t)
	t.Run("wrong key is 401", func(t *testing.T) {
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: `{}`,
			Header: http.Header{"X-Network-Key": {"nope"}}, BreaksContract: true}).ExpectStatus(t, 401)
	})
	t.Run("user token is not a network key", func(t *testing.T) {
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: `{}`, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 401)
	})
	var first networkResult
	t.Run("first report is recorded and approved", func(t *testing.T) {
		f.postPurchase("NET-1", f.driverCard, "100").ExpectStatus(t, 201).Decode(t, &first)
		// 100 gal × (3.859 - 0.180) + 1.50 fee.
		if first.Status != "APPROVED" || first.DeclineReason != nil || first.NetPrice != 3.679 || first.FundedTotal != 369.40 || first.DiscAmount != 18 {
			t.Fatalf("result = %+v", first)
		}
	})
	t.Run("repeat answers the first result and changes nothing", func(t *testing.T) {
		before, _ := f.db.WalletBalance(context.Background(), f.demoCompany)
		var again networkResult
		f.postPurchase("NET-1", f.driverCard, "100").ExpectStatus(t, 200).Decode(t, &again)
		if again.TransactionID != first.TransactionID || again.FundedTotal != first.FundedTotal {
			t.Fatalf("repeat = %+v, first %+v", again, first)
		}
		if after, _ := f.db.WalletBalance(context.Background(), f.demoCompany); after != before {
			t.Fatalf("balance moved %d → %d", before, after)
		}
	})
	t.Run("deactivated card is declined", func(t *testing.T) {
		plan := demo.CardPlans[demo.DemoFreight.Name][2]
		f.api.Put("/api/wex/company/update-card", map[string]string{"cardNumber": plan.CardNumber, "driverName": plan.DriverName,
			"driverId": plan.DriverID, "unitNumber": plan.UnitNumber, "status": "INACTIVE"}, f.owner).ExpectStatus(t, 200)
		var res networkResult
		f.postPurchase("NET-2", plan.CardNumber, "50").ExpectStatus(t, 201).Decode(t, &res)
		if res.Status != "DECLINED" || res.DeclineReason == nil || *res.DeclineReason != "CARD_INACTIVE" || res.FundedTotal != 0 {
			t.Fatalf("result = %+v", res)
		}
		var list struct {
			Content []struct {
				InvoiceRef, Status string
				DeclineReason      *string
			}
		}
		f.api.Get("/api/wex/company/transactions?searchText="+res.InvoiceRef, f.owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) != 1 || list.Content[0].Status != "DECLINED" || *list.Content[0].DeclineReason != "CARD_INACTIVE" {
			t.Fatalf("list = %+v", list)
		}
	})
	t.Run("unknown card is declined", func(t *testing.T) {
		var res networkResult
		f.postPurchase("NET-3", "7071000000000000000", "50").ExpectStatus(t, 201).Decode(t, &res)
		if res.Status != "DECLINED" || *res.DeclineReason != "UNKNOWN_CARD" {
			t.Fatalf("result = %+v", res)
		}
	})
	t.Run("unknown location is 422", func(t *testing.T) {
		body := `{"networkTransactionId":"NET-4","cardNumber":"` + f.driverCard + `","locationId":1,"gallons":5,"retailPrice":3.5,"transactionDate":"2025-03-14T10:00:00"}`
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body, Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 422)
	})
	t.Run("malformed fields are field errors", func(t *testing.T) {
		body := `{"networkTransactionId":"","cardNumber":"x","locationId":1,"gallons":-5,"retailPrice":0,"transactionDate":"yesterday"}`
		fields := f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body,
			Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 400).FieldErrors(t)
		for _, name := range []string{"networkTransactionId", "gallons", "transactionDate"} {
			if len(fields[name]) == 0 {
				t.Errorf("no field error for %s: %v", name, fields)
			}
		}
	})
	t.Run("no configured key is 503", func(t *testing.T) {
		f.srv.NetworkKey = ""
		defer func() { f.srv.NetworkKey = networkKey }()
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: `{}`,
			Header: http.Header{"X-Network-Key": {""}}, BreaksContract: true}).ExpectStatus(t, 503)
	})
	expectSoundLedger(t, f.db)
}

func expectSoundLedger(t *testing.T, db *store.DB) {
	t.Helper()
	audit, err := db.CheckLedger(context.Background())
	if err != nil || audit.EntriesSum != 0 || audit.UnpairedTransfers != 0 || len(audit.BalanceMismatches) != 0 {
		t.Fatalf("ledger = %+v, %v", audit, err)
	}
}

type transactionPage struct {
	Content []struct {
		TransactionID   int64
		TransactionDate string
		InvoiceRef      string
		LocationName    string
		DriverCardName  string
		CardNumber      string
		FundedTotal     float64
		DiscAmount      float64
		Status          string
	}
	Page struct{ Number, Size, TotalElements, TotalPages int }
}

func TestTransactionList(t *testing.T) {
	f := newFleet(t)
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
		for _, tr := range p.Content {
			if tr.TransactionDate < "2025-02-14T00:00:00" || tr.TransactionDate > "2025-03-14T23:59:59" {
				t.Fatalf("date %s outside the range", tr.TransactionDate)
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
}

func TestTransactionDetail(t *testing.T) {
	f := newFleet(t)
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
			d.TransactionDate != "2025-03-14T10:15:00" || d.LocationAddress == "" || d.CardNumber != f.driverCard || d.InvoiceRef != res.InvoiceRef {
			t.Fatalf("detail = %+v", d)
		}
	}
}

func TestTotalSpendings_SumApprovedPurchasesOfThePeriod(t *testing.T) {
	f := newFleet(t)
	ctx := context.Background()
	now := f.clock.Now()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	for _, days := range []int{1, 7, 14, 3650} {
		t.Run(fmt.Sprintf("last %d days", days), func(t *testing.T) {
			var want struct{ total, saved int64 }
			since := today.AddDate(0, 0, -(days - 1))
			err := f.db.EachTransaction(ctx, store.TransactionFilter{Scope: store.TransactionScope{CompanyID: f.demoCompany}, From: since}, func(tr *fuelportal.Transaction) error {
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
}

func TestExport_IsARealSpreadsheet(t *testing.T) {
	f := newFleet(t)
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
	if want := strings.Replace(first.TransactionDate[:16], "T", " ", 1); date != want {
		t.Errorf("A2 shows %q, want %q", date, want)
	}
	funded, _ := book.GetCellValue(sheet, "O2", excelize.Options{RawCellValue: true})
	if funded != fmt.Sprint(first.FundedTotal) {
		t.Errorf("O2 = %s, want %v", funded, first.FundedTotal)
	}

	t.Run("missing date is 400 with the SPEC message", func(t *testing.T) {
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
}

// TestIsolation asks every fleet endpoint for another company's data as
// each kind of caller.
func TestIsolation(t *testing.T) {
	f := newFleet(t)
	ctx := context.Background()
	otherPage, _, err := f.db.Transactions(ctx, store.TransactionFilter{Scope: store.TransactionScope{CompanyID: f.otherCompany}, Limit: 1})
	if err != nil || len(otherPage) == 0 {
		t.Fatalf("no Other Haulers transaction: %v", err)
	}
	otherTx := otherPage[0].ID
	ownPage, _, _ := f.db.Transactions(ctx, store.TransactionFilter{Scope: store.TransactionScope{CompanyID: f.demoCompany}, CardNumber: demo.CardPlans[demo.DemoFreight.Name][1].CardNumber, Limit: 1})
	colleagueTx := ownPage[0].ID // same company, not the driver's card
	otherCard := demo.CardPlans[demo.OtherHaulers.Name][0]
	colleagueCard := demo.CardPlans[demo.DemoFreight.Name][1].CardNumber
	otherCardUpdate := map[string]string{"cardNumber": otherCard.CardNumber, "driverName": "X", "driverId": "X", "unitNumber": "X", "status": "ACTIVE"}
	dates := "dateFrom=2024-01-01T00:00:00&dateTo=2025-12-31T23:59:59"

	type call struct {
		method, path string
		body         any
	}
	companyCalls := []call{
		{"GET", "/api/wex/company/get-cards", nil},
		{"PUT", "/api/wex/company/update-card", otherCardUpdate},
		{"GET", "/api/wex/company/contract", nil},
		{"GET", "/api/wex/company/wallet", nil},
		{"GET", "/api/wex/company/transactions", nil},
		{"GET", "/api/wex/company/transactions/export?" + dates, nil},
		{"GET", fmt.Sprintf("/api/wex/company/transactions/%d", otherTx), nil},
		{"GET", "/api/wex/company/total-spendings?lastDays=7", nil},
	}
	driverCalls := []call{
		{"GET", "/api/wex/transactions", nil},
		{"GET", "/api/wex/transactions/export?" + dates, nil},
		{"GET", fmt.Sprintf("/api/wex/transactions/%d", otherTx), nil},
		{"GET", "/api/wex/total-spendings?lastDays=7", nil},
	}
	for _, c := range append(append([]call{}, companyCalls...), driverCalls...) {
		t.Run("signed out is 401: "+c.method+" "+c.path, func(t *testing.T) {
			f.api.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body}).ExpectStatus(t, 401)
		})
	}
	for _, c := range companyCalls {
		t.Run("driver is 403: "+c.method+" "+c.path, func(t *testing.T) {
			f.api.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body, Token: f.driver}).ExpectStatus(t, 403)
		})
	}
	for _, c := range driverCalls {
		t.Run("owner on a driver route is 403: "+c.method+" "+c.path, func(t *testing.T) {
			f.api.Do(apitest.Request{Method: c.method, Path: c.path, Token: f.owner}).ExpectStatus(t, 403)
		})
	}
	for _, tc := range []struct {
		name  string
		token string
		call  call
	}{
		{"owner updating another company's card", f.owner, call{"PUT", "/api/wex/company/update-card", otherCardUpdate}},
		{"owner reading another company's transaction", f.owner, call{"GET", fmt.Sprintf("/api/wex/company/transactions/%d", otherTx), nil}},
		{"owner filtering by another company's card", f.owner, call{"GET", "/api/wex/company/transactions?cardNumber=" + otherCard.CardNumber, nil}},
		{"owner exporting another company's card", f.owner, call{"GET", "/api/wex/company/transactions/export?" + dates + "&cardNumber=" + otherCard.CardNumber, nil}},
		{"driver reading another company's transaction", f.driver, call{"GET", fmt.Sprintf("/api/wex/transactions/%d", otherTx), nil}},
		{"driver reading a colleague's transaction", f.driver, call{"GET", fmt.Sprintf("/api/wex/transactions/%d", colleagueTx), nil}},
		{"driver filtering by a colleague's card", f.driver, call{"GET", "/api/wex/transactions?cardNumber=" + colleagueCard, nil}},
		{"driver exporting a colleague's card", f.driver, call{"GET", "/api/wex/transactions/export?" + dates + "&cardNumber=" + colleagueCard, nil}},
		{"unknown transaction id", f.owner, call{"GET", "/api/wex/company/transactions/999999999", nil}},
		{"non-numeric transaction id", f.owner, call{"GET", "/api/wex/company/transactions/abc", nil}},
	} {
		t.Run(tc.name+" is 404", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: tc.call.method, Path: tc.call.path, Body: tc.call.body, Token: tc.token}).ExpectStatus(t, 404)
		})
	}
	t.Run("other company's card is untouched", func(t *testing.T) {
		var cards cardList
		f.api.Get("/api/wex/company/get-cards?searchText="+otherCard.CardNumber, f.other).ExpectStatus(t, 200).Decode(t, &cards)
		if len(cards.Value) != 1 || cards.Value[0].DriverName != otherCard.DriverName {
			t.Fatalf("card = %+v", cards)
		}
	})
}
