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

const header = "location_id,name,station_location,address,city,state,zip_code,country,latitude,longitude,chain,affiliate,retail_price,net_price,ifta_refund,price_date\n"

func TestParsePrices_RowErrors(t *testing.T) {
	tests := []struct {
		name   string
		row    string
		column string
		text   string
	}{
		{"missing id is reported", `,Pilot,,,,TX,,,35,-101,PILOT,,3.859,3.579,0.2,2026-11-21`, "location_id", "is required"},
		{"non-numeric id is reported", `abc,Pilot,,,,TX,,,35,-101,PILOT,,3.859,3.579,0.2,2026-11-21`, "location_id", "positive whole number"},
		{"latitude out of range is reported", `1,Pilot,,,,TX,,,95,-101,PILOT,,3.859,3.579,0.2,2026-11-21`, "latitude", "from -90 to 90"},
		{"four-decimal price is reported", `1,Pilot,,,,TX,,,35,-101,PILOT,,3.8591,3.579,0.2,2026-11-21`, "retail_price", "at most 3 decimals"},
		{"price in cents is reported", `1,Pilot,,,,TX,,,35,-101,PILOT,,385900,3.579,0.2,2026-11-21`, "retail_price", "at most $100.000"},
		{"net above retail is reported", `1,Pilot,,,,TX,,,35,-101,PILOT,,3.5,3.6,0.2,2026-11-21`, "net_price", "above the retail price"},
		{"bad date is reported", `1,Pilot,,,,TX,,,35,-101,PILOT,,3.859,3.579,0.2,21/11/2026`, "price_date", "must be a date"},
		{"long state is reported", `1,Pilot,,,,Texas,,,35,-101,PILOT,,3.859,3.579,0.2,2026-11-21`, "state", "two-letter"},
		{"short row is reported", `1,Pilot,,,,TX`, "", "has 6 fields, the header has 16"},
		{"unbalanced quote is reported", `1,"Pilot,,,,TX,,,35,-101,PILOT,,3.859,3.579,0.2,2026-11-21`, "", "quote"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			good := `7,Love's Travel Stop #233,I-40 Exit 75,1 Love Dr,Amarillo,TX,79107,US,35.2,-101.7,LOVES,LOVES,3.799,3.519,0.200,2026-11-21T06:00:00`
			file, err := feed.ParsePrices(strings.NewReader(header + good + "\n" + tt.row + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			if len(file.Stations) != 1 || file.Stations[0].ID != 7 {
				t.Fatalf("good rows = %+v", file.Stations)
			}
			if len(file.Rejected) != 1 {
				t.Fatalf("rejected = %+v", file.Rejected)
			}
			got := file.Rejected[0]
			if got.Line != 3 || got.Column != tt.column || !strings.Contains(got.Message, tt.text) {
				t.Fatalf("got %v (line %d, column %q), want line 3, column %q, message with %q", got, got.Line, got.Column, tt.column, tt.text)
			}
		})
	}
}

func TestParsePrices_FileErrors(t *testing.T) {
	tests := []struct {
		name, file, want string
	}{
		{"empty file is rejected", "", "empty"},
		{"missing required columns are named", "location_id,name,latitude\n1,x,3\n", "retail_price"},
		{"duplicate column is rejected", "name,Name\n", "twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := feed.ParsePrices(strings.NewReader(tt.file))
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID || !strings.Contains(fuelportal.ErrorMessage(err), tt.want) {
				t.Fatalf("err = %v, want EINVALID with %q", err, tt.want)
			}
		})
	}
}

func TestParsePrices_HeaderNamesAreFlexible(t *testing.T) {
	file, err := feed.ParsePrices(strings.NewReader("\ufeffPrice Date,retailPrice,NET_PRICE,Location ID,name,latitude,longitude,extra\n2026-11-21T06:00:00Z,3.9,3.65,5,Petro,40,-90,x\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(file.Rejected) != 0 || len(file.Stations) != 1 {
		t.Fatalf("got %+v", file)
	}
	s := file.Stations[0]
	if s.ID != 5 || s.RetailPrice != 3900 || s.NetPrice != 3650 || s.Country != "US" || !s.PriceDate.Equal(time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC)) {
		t.Fatalf("station = %+v", s)
	}
}

func TestParsePrice(t *testing.T) {
	tests := []struct {
		in   string
		want fuelportal.TenthCents
		ok   bool
	}{
		{"3.859", 3859, true}, {"$3.85", 3850, true}, {"4", 4000, true}, {".5", 500, true}, {"0.000", 0, true},
		{"3.8591", 0, false}, {"-3.5", 0, false}, {"3,5", 0, false}, {"", 0, false}, {".", 0, false}, {"1e3", 0, false},
	}
	for _, tt := range tests {
		got, err := feed.ParsePrice(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParsePrice(%q) = %d, %v; want %d, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func FuzzParsePrices(f *testing.F) {
	f.Add(header + "1,Pilot,,,,TX,,,35,-101,PILOT,,3.859,3.579,0.2,2026-11-21\n")
	f.Add("location_id,name,latitude,longitude,retail_price,net_price,price_date\n\"1\n2\",x,1,2,3,2,2026-01-01\n")
	f.Fuzz(func(t *testing.T, text string) {
		file, err := feed.ParsePrices(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, s := range file.Stations {
			if s.ID <= 0 || s.NetPrice > s.RetailPrice || s.Latitude < -90 || s.Latitude > 90 || s.PriceDate.IsZero() {
				t.Fatalf("bad station accepted: %+v", s)
			}
		}
		for _, r := range file.Rejected {
			if r.Line < 2 {
				t.Fatalf("row error on line %d", r.Line)
			}
		}
	})
}

func TestImportPrices(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		day1 := header +
			"1,Pilot Travel Center #1,I-40 Exit 155,1 Main St,Amarillo,TX,79107,US,35.2,-101.8,PILOT,PILOT_FLYINGJ,3.859,3.579,0.200,2026-11-21T06:00:00\n" +
			"2,Love's Travel Stop #2,I-40 Exit 75,2 Main St,Vega,TX,79092,US,35.2,-102.4,LOVES,,3.799,3.519,0.200,2026-11-21T06:00:00\n" +
			"3,Broken,,,,TX,,,35,-101,PILOT,,not-a-price,3.5,0,2026-11-21\n"
		day2 := header +
			"1,Pilot Travel Center #1,I-40 Exit 155,1 Main St,Amarillo,TX,79107,US,35.2,-101.8,PILOT,PILOT_FLYINGJ,3.899,3.599,0.200,2026-11-22T06:00:00\n" +
			"2,Love's Travel Stop #2,I-40 Exit 75,2 Main St,Vega,TX,79092,US,35.2,-102.4,LOVES,,3.799,3.519,0.200,2026-11-21T06:00:00\n"
		importFile := func(text string) *feed.ImportReport {
			t.Helper()
			r, err := feed.ImportPrices(ctx, db, strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			return r
		}

		t.Run("good rows land and the bad row is reported by line", func(t *testing.T) {
			r := importFile(day1)
			if r.Rows != 3 || r.Inserted != 2 || len(r.Rejected) != 1 || r.Rejected[0].Line != 4 || r.Rejected[0].Column != "retail_price" {
				t.Fatalf("report = %+v", r)
			}
		})
		t.Run("the same file again changes nothing", func(t *testing.T) {
			before, _ := db.StationsVersion(ctx)
			r := importFile(day1)
			if r.Inserted != 0 || r.Updated != 0 || r.Unchanged != 2 {
				t.Fatalf("report = %+v", r)
			}
			if after, _ := db.StationsVersion(ctx); after != before {
				t.Fatalf("version %d → %d", before, after)
			}
		})
		t.Run("a newer file updates prices in place and keeps history", func(t *testing.T) {
			r := importFile(day2)
			if r.Updated != 1 || r.Unchanged != 1 {
				t.Fatalf("report = %+v", r)
			}
			s, _ := db.GetStation(ctx, 1)
			history, _ := db.StationPriceHistory(ctx, 1)
			if s.RetailPrice != 3899 || len(history) != 2 {
				t.Fatalf("station %+v, history %+v", s, history)
			}
		})
		t.Run("a prices-only file keeps the stored details", func(t *testing.T) {
			r := importFile("location_id,name,latitude,longitude,retail_price,net_price,price_date\n" +
				"2,Love's Travel Stop #2,35.2,-102.4,3.759,3.499,2026-11-23T06:00:00\n")
			if r.Updated != 1 {
				t.Fatalf("report = %+v", r)
			}
			s, _ := db.GetStation(ctx, 2)
			if s.NetPrice != 3499 || s.Address != "2 Main St" || s.City != "Vega" || s.Chain != "LOVES" || s.IFTARefund != 200 {
				t.Fatalf("station = %+v", s)
			}
		})
	})
}
