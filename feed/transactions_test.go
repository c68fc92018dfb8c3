package feed_test

import (
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/feed"
)

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

// transaction_date is the station's wall clock, read in the station's zone
// (El Paso: Mountain time in Texas), and the card's hours rule is read in
// the company's zone (America/Chicago), as at the network endpoint.

func TestParsePurchases_PumpPromptColumns(t *testing.T) {
	file := "network_transaction_id,card_number,location_id,gallons,retail_price,transaction_date,driver_id,unit_number,odometer\n" +
		"N-1,7071000000000000001,412,10,3.859,2026-11-21T14:03:00, D-17 ,TRK-110,412345\n" +
		"N-2,7071000000000000001,412,10,3.859,2026-11-21T14:03:00,,,\n" +
		"N-3,7071000000000000001,412,10,3.859,2026-11-21T14:03:00,,,12.5\n" +
		"N-4,7071000000000000001,412,10,3.859,2026-11-21T14:03:00,,,10000000\n"
	parsed, err := feed.ParsePurchases(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(parsed.Rejected) != 2 || parsed.Rejected[0].Column != "odometer" || parsed.Rejected[1].Column != "odometer" {
		t.Fatalf("rejected = %v", parsed.Rejected)
	}
	if len(parsed.Purchases) != 2 {
		t.Fatalf("purchases = %+v", parsed.Purchases)
	}
	keyed, none := parsed.Purchases[0].Purchase.Prompt, parsed.Purchases[1].Purchase.Prompt
	if keyed.DriverID != "D-17" || keyed.UnitNumber != "TRK-110" || keyed.Odometer == nil || *keyed.Odometer != 412345 {
		t.Fatalf("keyed = %+v", keyed)
	}
	if none != (fuelportal.PumpPrompt{}) {
		t.Fatalf("nothing keyed = %+v", none)
	}
}
