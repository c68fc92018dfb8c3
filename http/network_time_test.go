package http_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/http/apitest"
	"fuelportal/store"
)

// Stations in two time zones of one state: Dallas is on Central time, El
// Paso on Mountain time.
var (
	dallasStation = &fuelportal.Station{ID: 990001, Name: "Love's #990001", City: "Dallas", State: "TX", ZipCode: "75201", Country: "US",
		Latitude: 32.7767, Longitude: -96.7970, Chain: "LOVES", RetailPrice: 3659, NetPrice: 3479, PriceDate: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	elPasoStation = &fuelportal.Station{ID: 990002, Name: "Pilot #990002", City: "El Paso", State: "TX", ZipCode: "79901", Country: "US",
		Latitude: 31.7619, Longitude: -106.4850, Chain: "PILOT", RetailPrice: 3659, NetPrice: 3479, PriceDate: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
)

// clockFleet is a fleet with the Dallas and El Paso stations, its company's
// controls in America/Chicago, and new cards on demand.
type clockFleet struct {
	*fleet
	cards int
}

// The clock tests' server time and their cards' issue date: their purchases
// fall in 2026, between the two.
var (
	clockTestsNow        = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	clockTestsCardIssued = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
)

func newClockFleet(t *testing.T, fx *fixture) *clockFleet {
	t.Helper()
	// After the purchases these tests date (a purchase more than a day ahead of the
	// server's clock is refused); before signing in, so the tokens are current.
	fx.clock.Advance(clockTestsNow.Sub(fx.clock.Now()))
	f := &clockFleet{fleet: newFleetOn(t, fx)}
	ctx := context.Background()
	err := f.db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.UpsertStations(ctx, []*fuelportal.Station{dallasStation, elPasoStation})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	f.api.Put("/api/wex/company/controls", `{"timeZone": "America/Chicago"}`, f.owner).ExpectStatus(t, 200)
	return f
}

// newCard adds a card to the demo company with its own controls (JSON).
func (f *clockFleet) newCard(t *testing.T, controls string) string {
	t.Helper()
	f.cards++
	card := &fuelportal.Card{CompanyID: f.demoCompany, CardNumber: fmt.Sprintf("7071099%012d", f.cards), DriverName: "Clock", DriverID: "CLK", UnitNumber: "U",
		CreatedAt: clockTestsCardIssued}
	ctx := context.Background()
	if err := f.db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, card) }); err != nil {
		t.Fatal(err)
	}
	f.api.Put("/api/wex/company/cards/"+card.CardNumber+"/controls", controls, f.owner).ExpectStatus(t, 200)
	return card.CardNumber
}

type clockPurchase struct {
	Status          string
	DeclineCode     *string
	TransactionDate string
}

// buy reports a purchase of gallons on card at station at date, as the
// network sends it.
func (f *clockFleet) buy(t *testing.T, card string, station int64, gallons, date string) clockPurchase {
	t.Helper()
	f.cards++
	body := fmt.Sprintf(`{"networkTransactionId":"clock-%d","cardNumber":%q,"locationId":%d,"gallons":%s,"retailPrice":3.659,"transactionDate":%q}`,
		f.cards, card, station, gallons, date)
	var res clockPurchase
	f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body, Header: http.Header{"X-Network-Key": {networkKey}}}).
		ExpectStatus(t, 201).Decode(t, &res)
	return res
}

func (p clockPurchase) outcome() string {
	if p.DeclineCode != nil {
		return *p.DeclineCode
	}
	return p.Status
}

// TestNetworkPurchase_StationClockReadInTheStationsZone: the network's
// transactionDate is the station's wall clock, read in the station's own
// zone (El Paso is on Mountain time in a Central-time state, and daylight
// saving time starts on 2026-03-08 and ends on 2026-11-01); the hours rule
// applies in the controls' zone (America/Chicago).
func TestNetworkPurchase_StationClockReadInTheStationsZone(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newClockFleet(t, fx)
		for _, c := range []struct {
			name    string
			station *fuelportal.Station
			date    string
			want    string // status or decline code
			instant string
		}{
			{"9:52 AM in Dallas is inside 5 AM-10 PM", dallasStation, "2026-11-20T09:52:00", "APPROVED", "2026-11-20T15:52:00Z"},
			{"9:30 PM in El Paso is 10:30 PM in Chicago", elPasoStation, "2026-11-20T21:30:00", "HOUR_NOT_ALLOWED", "2026-11-21T04:30:00Z"},
			{"8:30 PM in El Paso is 9:30 PM in Chicago", elPasoStation, "2026-11-20T20:30:00", "APPROVED", "2026-11-21T03:30:00Z"},
			{"5:30 AM on the spring-forward morning is daylight time", dallasStation, "2026-03-08T05:30:00", "APPROVED", "2026-03-08T10:30:00Z"},
			{"9:30 PM on the spring-forward evening is daylight time", dallasStation, "2026-03-08T21:30:00", "APPROVED", "2026-03-09T02:30:00Z"},
			{"2:30 AM skipped by spring forward reads as 3:30 daylight time", dallasStation, "2026-03-08T02:30:00", "HOUR_NOT_ALLOWED", "2026-03-08T08:30:00Z"},
			{"5:30 AM on the fall-back morning is standard time", dallasStation, "2026-11-01T05:30:00", "APPROVED", "2026-11-01T11:30:00Z"},
			{"1:30 AM seen twice on the fall-back night is the first one", dallasStation, "2026-11-01T01:30:00", "HOUR_NOT_ALLOWED", "2026-11-01T06:30:00Z"},
			{"an offset is an instant, whatever the station", elPasoStation, "2026-11-20T21:30:00-06:00", "APPROVED", "2026-11-21T03:30:00Z"},
			{"Z is an instant", dallasStation, "2026-11-20T15:52:00Z", "APPROVED", "2026-11-20T15:52:00Z"},
		} {
			t.Run(c.name, func(t *testing.T) {
				card := f.newCard(t, `{"allowedHours": {"from": "05:00", "to": "22:00"}}`)
				got := f.buy(t, card, c.station.ID, "20", c.date)
				if got.outcome() != c.want || got.TransactionDate != c.instant {
					t.Fatalf("%s at %s: %s at %s, want %s at %s", c.date, c.station.City, got.outcome(), got.TransactionDate, c.want, c.instant)
				}
			})
		}
	})
}

// TestNetworkPurchase_DailyLimitCutAtTheControlsMidnight: a card's day is
// the controls' day (America/Chicago), whichever station's clock the
// purchases were reported in.
func TestNetworkPurchase_DailyLimitCutAtTheControlsMidnight(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newClockFleet(t, fx)
		// 20 gal at the contract's price is about $70: two fit under $100 only on different days.
		for _, c := range []struct {
			name    string
			station *fuelportal.Station
			dates   []string
			want    []string
		}{
			{"Dallas: 11:30 PM and 12:30 AM are two days; 6 PM the next day is the second's",
				dallasStation, []string{"2026-11-20T23:30:00", "2026-11-21T00:30:00", "2026-11-21T18:00:00"}, []string{"APPROVED", "APPROVED", "DAILY_LIMIT"}},
			{"El Paso: 10:30 PM and 11:30 PM are two days in Chicago",
				elPasoStation, []string{"2026-11-20T22:30:00", "2026-11-20T23:30:00"}, []string{"APPROVED", "APPROVED"}},
			{"El Paso: 9:30 PM and 10:30 PM are one day in Chicago",
				elPasoStation, []string{"2026-11-24T21:30:00", "2026-11-24T22:30:00"}, []string{"APPROVED", "DAILY_LIMIT"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				card := f.newCard(t, `{"dailyLimit": 100}`)
				for i, date := range c.dates {
					if got := f.buy(t, card, c.station.ID, "20", date); got.outcome() != c.want[i] {
						t.Fatalf("purchase at %s: %s, want %s", date, got.outcome(), c.want[i])
					}
				}
			})
		}
	})
}
