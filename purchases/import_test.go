package purchases_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/feed"
	"fuelportal/flows"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

const purchaseHeader = "network_transaction_id,card_number,location_id,gallons,retail_price,transaction_date\n"

// importPurchases imports file through the purchase flow, as the command does.
func importPurchases(ctx context.Context, db *store.DB, file string) (*feed.PurchaseReport, error) {
	return flows.New(flows.Deps{DB: db}, flows.Config{}).Purchases.Import(ctx, strings.NewReader(file))
}

func TestImport_RecordsOnceAndSkipsUnknownStations(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company := &fuelportal.Company{Name: "Acme", CarrierID: 1234567}
		owner := &fuelportal.User{Email: "o@example.com", PasswordHash: "h"}
		if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
			t.Fatal(err)
		}
		err := db.InTx(ctx, func(tx *store.Tx) error {
			for i, status := range []fuelportal.CardStatus{fuelportal.CardActive, fuelportal.CardInactive} {
				card := &fuelportal.Card{CompanyID: company.ID, CardNumber: "707100000000000000" + string(rune('1'+i)), Status: status, CreatedAt: storetest.CardIssued}
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
		report, err := importPurchases(ctx, db, file)
		if err != nil {
			t.Fatal(err)
		}
		if report.Rows != 6 || report.Approved != 1 || report.Declined != 1 || report.Repeats != 1 || len(report.Rejected) != 3 ||
			report.Rejected[0].Line != 4 || report.Rejected[1].Line != 6 ||
			report.Rejected[2] != (feed.RowError{Line: 7, Column: "transaction_date", Message: fuelportal.MsgReportedDateBounds}) {
			t.Fatalf("report = %+v", report)
		}
		again, err := importPurchases(ctx, db, file)
		if err != nil || again.Approved+again.Declined != 0 || again.Repeats != 3 {
			t.Fatalf("second import = %+v, %v", again, err)
		}
		// The default contract: 10 ¢/gal off retail, no fee.
		if b, _ := db.WalletBalance(ctx, company.ID); b != 1000_00-fuelportal.PriceOf(10_000, 3759) {
			t.Fatalf("balance = %d", b)
		}
	})
}

// TestImport_StationClockInTheStationsZone: the file's
func TestImport_StationClockInTheStationsZone(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company := &fuelportal.Company{Name: "Acme", CarrierID: 1234567}
		owner := &fuelportal.User{Email: "o@example.com", PasswordHash: "h"}
		if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
			t.Fatal(err)
		}
		card := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000001", Status: fuelportal.CardActive, CreatedAt: storetest.CardIssued}
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
		report, err := importPurchases(ctx, db, file)
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

// TestImport_DeclineNotifiesAsTheNetworkEndpointDoes: a purchase file's
// decline on a company card tells the card's driver and the company's
// owners, as a declined network purchase does; approvals and repeats tell
// no one.
func TestImport_DeclineNotifiesAsTheNetworkEndpointDoes(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company := &fuelportal.Company{Name: "Acme", CarrierID: 1234567}
		if err := db.CreateCompanyOwner(ctx, company, &fuelportal.User{Email: "o@example.com", PasswordHash: "h"}); err != nil {
			t.Fatal(err)
		}
		err := db.InTx(ctx, func(tx *store.Tx) error {
			for i, status := range []fuelportal.CardStatus{fuelportal.CardActive, fuelportal.CardInactive} {
				card := &fuelportal.Card{CompanyID: company.ID, CardNumber: "707100000000000000" + string(rune('1'+i)), Status: status, CreatedAt: storetest.CardIssued}
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
		flow := flows.New(flows.Deps{DB: db}, flows.Config{}).Purchases
		file := purchaseHeader +
			"N-1,7071000000000000001,412,10,3.859,2026-11-21T14:03:00\n" +
			"N-2,7071000000000000002,412,10,3.859,2026-11-21T14:05:00\n"
		for range 2 { // the second import repeats both: nothing new to tell
			if _, err := flow.Import(ctx, strings.NewReader(file)); err != nil {
				t.Fatal(err)
			}
		}
		alerts, err := db.Inbox(ctx, fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: company.ID}, Limit: 10})
		if err != nil || len(alerts.Items) != 1 || fuelportal.AlertKind(alerts.Items[0].Kind) != fuelportal.AlertDecline {
			t.Fatalf("alerts = %+v, %v", alerts, err)
		}
	})
}
