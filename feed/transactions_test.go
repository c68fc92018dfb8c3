package feed_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/feed"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// cardIssued is when the tests' cards were issued: before every purchase
// date they record (a purchase before its card existed is refused).
var cardIssued = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

const purchaseHeader = "network_transaction_id,card_number,location_id,gallons,retail_price,transaction_date\n"

func TestParsePurchases_ReportsBadRowsByLine(t *testing.T) {
	file := purchaseHeader +
		"N-1,7071000000000000001,412,128.4,3.859,2026-11-21T14:03:00\n" +
		"N-2,7071000000000000001,412,abc,3.859,2026-11-21T14:03:00\n" +
		"N-3,7071000000000000001,412,10,3.859,yesterday\n" +
		",7071000000000000001,412,10,3.859,2026-11-21\n" +
		"N-5,7071000000000000001,412,10\n" +
		"N-6,7071000000000000001,412,0,3.859,2026-11-21\n" +
		"\n" +
		"N-7,7071000000000000001,412,50.0005,$3.5,2026-11-21 06:00:00\n"
	parsed, err := feed.ParsePurchases(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	wantRejected := map[int]string{3: "gallons", 4: "transaction_date", 5: "network_transaction_id", 6: "", 7: "gallons"}
	if len(parsed.Rejected) != len(wantRejected) {
		t.Fatalf("rejected = %v", parsed.Rejected)
	}
	for _, r := range parsed.Rejected {
		if col, ok := wantRejected[r.Line]; !ok || col != r.Column {
			t.Errorf("rejected %v, want line→column %v", r, wantRejected)
		}
	}
	if len(parsed.Purchases) != 2 {
		t.Fatalf("purchases = %+v", parsed.Purchases)
	}
	first, last := parsed.Purchases[0], parsed.Purchases[1]
	if first.Line != 2 || first.Purchase.Gallons != 128_400 || first.Purchase.RetailPrice != 3859 ||
		!first.Purchase.TransactionDate.Equal(time.Date(2026, 11, 21, 14, 3, 0, 0, time.UTC)) {
		t.Fatalf("first = %+v", first.Purchase)
	}
	if last.Line != 9 || last.Purchase.Gallons != 50_001 || last.Purchase.RetailPrice != 3500 {
		t.Fatalf("last = %d %+v", last.Line, last.Purchase)
	}
}

func TestParsePurchases_FileErrors(t *testing.T) {
	tests := []struct {
		name, file, want string
	}{
		{"empty file is rejected", "", "The transactions file is empty"},
		{"missing columns are named", "network_transaction_id,card_number\nN-1,7071\n", "The transactions file lacks required columns: location_id"},
		{"duplicate column is rejected", "card_number,Card Number\n", "The transactions file names column"},
		{"broken CSV header", "\"network_transaction_id\n", "The transactions file is not valid CSV"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := feed.ParsePurchases(strings.NewReader(tt.file))
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID || !strings.Contains(fuelportal.ErrorMessage(err), tt.want) {
				t.Fatalf("err = %v, want EINVALID with %q", err, tt.want)
			}
		})
	}
}

func TestImportPurchases_RecordsOnceAndSkipsUnknownStations(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company := &fuelportal.Company{Name: "Acme", CarrierID: 1234567}
		owner := &fuelportal.User{Email: "o@example.com", PasswordHash: "h"}
		if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
			t.Fatal(err)
		}
		err := db.InTx(ctx, func(tx *store.Tx) error {
			for i, status := range []fuelportal.CardStatus{fuelportal.CardActive, fuelportal.CardInactive} {
				card := &fuelportal.Card{CompanyID: company.ID, CardNumber: "707100000000000000" + string(rune('1'+i)), Status: status, CreatedAt: cardIssued}
				if err := tx.CreateCard(ctx, card); err != nil {
					return err
				}
			}
			_, err := tx.UpsertStations(ctx, []*fuelportal.Station{{ID: 412, Name: "Pilot #412", Latitude: 30, Longitude: -90,
				RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.CreditWallet(ctx, company.ID, 1000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		file := purchaseHeader +
			"N-1,7071000000000000001,412,10,3.859,2026-11-21T14:03:00\n" +
			"N-2,7071000000000000002,412,10,3.859,2026-11-21T14:05:00\n" +
			"N-3,7071000000000000001,999,10,3.859,2026-11-21T14:07:00\n" +
			"N-1,7071000000000000001,412,10,3.859,2026-11-21T14:03:00\n" +
			"N-4,7071000000000000001,412,bad,3.859,2026-11-21T14:09:00\n" +
			"N-5,7071000000000000001,412,10,3.859,9999-12-31T00:00:00\n"
		report, err := feed.ImportPurchases(ctx, db, strings.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		if report.Rows != 6 || report.Approved != 1 || report.Declined != 1 || report.Repeats != 1 || len(report.Rejected) != 3 ||
			report.Rejected[0].Line != 4 || report.Rejected[1].Line != 6 ||
			report.Rejected[2] != (feed.RowError{Line: 7, Column: "transaction_date", Message: fuelportal.MsgTransactionDateFuture}) {
			t.Fatalf("report = %+v", report)
		}
		again, err := feed.ImportPurchases(ctx, db, strings.NewReader(file))
		if err != nil || again.Approved+again.Declined != 0 || again.Repeats != 3 {
			t.Fatalf("second import = %+v, %v", again, err)
		}
		// The default contract: 10 ¢/gal off retail, no fee.
		if b, _ := db.WalletBalance(ctx, company.ID); b != 1000_00-fuelportal.PriceOf(10_000, 3759) {
			t.Fatalf("balance = %d", b)
		}
	})
}

// TestImportPurchases_StationClockInTheStationsZone: the file's
// transaction_date is the station's wall clock, read in the station's zone
// (El Paso: Mountain time in Texas), and the card's hours rule is read in
// the company's zone (America/Chicago), as at the network endpoint.
func TestImportPurchases_StationClockInTheStationsZone(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company := &fuelportal.Company{Name: "Acme", CarrierID: 1234567}
		owner := &fuelportal.User{Email: "o@example.com", PasswordHash: "h"}
		if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
			t.Fatal(err)
		}
		card := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000001", Status: fuelportal.CardActive, CreatedAt: cardIssued}
		err := db.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.CreateCard(ctx, card); err != nil {
				return err
			}
			_, err := tx.UpsertStations(ctx, []*fuelportal.Station{
				{ID: 1, Name: "Love's Dallas", State: "TX", Latitude: 32.7767, Longitude: -96.7970, RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)},
				{ID: 2, Name: "Pilot El Paso", State: "TX", Latitude: 31.7619, Longitude: -106.4850, RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)},
			})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SaveCompanyControls(ctx, company.ID, fuelportal.CompanyControls{TimeZone: "America/Chicago",
			Controls: fuelportal.Controls{AllowedHours: &fuelportal.HourRange{From: 5 * 60, To: 22 * 60}}}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.CreditWallet(ctx, company.ID, 1000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		file := purchaseHeader +
			"T-1,7071000000000000001,1,10,3.859,2026-11-20T09:52:00\n" + // 9:52 AM in Dallas
			"T-2,7071000000000000001,2,10,3.859,2026-11-21 21:30:00\n" // 9:30 PM in El Paso: 10:30 PM in Chicago
		report, err := feed.ImportPurchases(ctx, db, strings.NewReader(file))
		if err != nil || report.Approved != 1 || report.Declined != 1 {
			t.Fatalf("report = %+v, %v", report, err)
		}
		list, _, err := db.Transactions(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: company.ID}, Ascending: true})
		if err != nil || len(list) != 2 {
			t.Fatalf("transactions = %v, %v", list, err)
		}
		for i, want := range []struct {
			at     time.Time
			status fuelportal.TransactionStatus
			code   fuelportal.DeclineReason
		}{
			{time.Date(2026, 11, 20, 15, 52, 0, 0, time.UTC), fuelportal.TransactionApproved, ""},
			{time.Date(2026, 11, 22, 4, 30, 0, 0, time.UTC), fuelportal.TransactionDeclined, fuelportal.DeclineHourNotAllowed},
		} {
			if got := list[i]; !got.TransactionDate.Equal(want.at) || got.Status != want.status || got.DeclineReason != want.code {
				t.Errorf("purchase %d: %v %s %s, want %v %s %s", i+1, got.TransactionDate.UTC(), got.Status, got.DeclineReason, want.at, want.status, want.code)
			}
		}
	})
}
