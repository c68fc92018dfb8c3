package http_test

import (
	"net/http"
	"testing"

	"fuelportal/http/apitest"
)

const feedHeader = "location_id,name,station_location,address,city,state,zip_code,country,latitude,longitude,chain,affiliate,retail_price,net_price,ifta_refund,price_date\n"

func feedRequest(key, body string) apitest.Request {
	h := http.Header{"Content-Type": {"text/csv"}}
	if key != "" {
		h.Set("X-Feed-Key", key)
	}
	return apitest.Request{Method: "POST", Path: "/api/feed/prices", Body: body, Header: h}
}

func TestFeedPrices_Access(t *testing.T) {
	tests := []struct {
		name       string
		configured string
		sent       string
		status     int
		message    string
	}{
		{"unset key disables the feed", "", "anything", http.StatusServiceUnavailable, "The price feed is not configured: set FUELPORTAL_FEED_KEY"},
		{"missing key is refused", "s3cret-feed-key", "", http.StatusUnauthorized, "Missing or wrong X-Feed-Key header"},
		{"wrong key is refused", "s3cret-feed-key", "s3cret-feed-kex", http.StatusUnauthorized, "Missing or wrong X-Feed-Key header"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.srv.FeedKey = tt.configured
			res := f.api.Do(feedRequest(tt.sent, feedHeader))
			if got := res.ExpectStatus(t, tt.status).ErrorMessage(t); got != tt.message {
				t.Fatalf("message %q, want %q", got, tt.message)
			}
		})
	}
}

func TestFeedPrices_ImportIsSeenBySearchesAndIdempotent(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.srv.FeedKey = "s3cret-feed-key"
		token := f.signIn(t)
		search := func() []station {
			var got []station
			f.api.Get("/api/locations?latitude=44.5&longitude=-120.5&radius=1", token).ExpectStatus(t, http.StatusOK).Decode(t, &got)
			return got
		}
		if got := search(); len(got) != 0 {
			t.Fatalf("stations before the import: %+v", got)
		}
		file := feedHeader +
			"900001,Prairie Truck Plaza,US-26 Exit 1,1 Main St,Mitchell,OR,97750,US,44.5,-120.5,INDEPENDENT,,4.459,4.199,0.400,2026-11-21T06:00:00\n" +
			"900002,Broken Row,,,,OR,,,44.5,-120.5,INDEPENDENT,,4.459,4.999,0.400,2026-11-21T06:00:00\n"

		var report struct {
			Rows, Inserted, Updated, Unchanged, Rejected int
			Errors                                       []struct {
				Line            int
				Column, Message string
			}
		}
		f.api.Do(feedRequest("s3cret-feed-key", file)).ExpectStatus(t, http.StatusOK).Decode(t, &report)
		if report.Rows != 2 || report.Inserted != 1 || report.Rejected != 1 || report.Errors[0].Line != 3 || report.Errors[0].Column != "net_price" {
			t.Fatalf("report = %+v", report)
		}
		got := search()
		// Shown at the company's contract price: retail less its discount.
		discount := f.demoPricing(t).RetailMinusTenthCents
		if len(got) != 1 || got[0].LocationID != 900001 || got[0].NetPrice != float64(4459-discount)/1000 || got[0].Savings != float64(discount)/10 {
			t.Fatalf("after import: %+v", got)
		}

		f.api.Do(feedRequest("s3cret-feed-key", file)).ExpectStatus(t, http.StatusOK).Decode(t, &report)
		if report.Inserted != 0 || report.Updated != 0 || report.Unchanged != 1 {
			t.Fatalf("second import report = %+v", report)
		}
	})
}
