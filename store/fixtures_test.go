package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/jurisdiction"
	"fuelportal/store"
	"fuelportal/telematics"
)

func alertsOf(t *testing.T, db *store.DB, companyID int64, unreadOnly bool) *fuelportal.InboxPage {
	t.Helper()
	page, err := db.Inbox(context.Background(), fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: companyID}, UnreadOnly: unreadOnly, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// assertMismatch fails unless err is the driver sign-up's answer to a card
// number and company name that do not go together: the same message on
// both fields.
func assertMismatch(t *testing.T, err error) {
	t.Helper()
	var e *fuelportal.Error
	if !errors.As(err, &e) || e.Code != fuelportal.EINVALID {
		t.Fatalf("err = %v, want EINVALID field errors", err)
	}
	want := []string{fuelportal.MsgCardCompanyMismatch}
	if len(e.Fields) != 2 || !slices.Equal(e.Fields["cardNumber"], want) || !slices.Equal(e.Fields["companyName"], want) {
		t.Fatalf("fields = %v, want %q on cardNumber and companyName", e.Fields, want[0])
	}
}

// claimPushes claims every due push message, as the sender would.
func claimPushes(t *testing.T, db *store.DB) []*fuelportal.PushMessage {
	t.Helper()
	claimed, err := db.ClaimPushMessages(context.Background(), time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	return claimed
}

// iftaRates2025Q1 are the worked example's rates.
const iftaRates2025Q1 = `year,quarter,jurisdiction,fuelType,rate,surcharge
2025,1,FL,diesel,0.3500,
2025,1,GA,diesel,0.3610,
2025,1,IN,diesel,0.5900,0.1100
`

func newFleetFixture(t testing.TB, db *store.DB, contract fuelportal.Contract) *fleetFixture {
	t.Helper()
	ctx := context.Background()
	company := &fuelportal.Company{Name: "Acme Trucking", CarrierID: 7654321}
	owner := &fuelportal.User{Email: "owner@example.com", PasswordHash: "hash"}
	if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
		t.Fatal(err)
	}
	f := &fleetFixture{company: company}
	f.active = &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000001", DriverName: "Dan Driver", DriverID: "D-1", UnitNumber: "U-1", CreatedAt: cardIssued}
	f.inactive = &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000002", DriverName: "Ina Active", DriverID: "D-2", UnitNumber: "U-2", Status: fuelportal.CardInactive, CreatedAt: cardIssued}
	f.station = &fuelportal.Station{ID: 412, Name: "Pilot Travel Center #412", Address: "1 Truck Way", City: "Ocala", State: "FL", ZipCode: "34475",
		Latitude: 29.1, Longitude: -82.1, Chain: "PILOT", RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
	contract.CompanyID = company.ID
	err := db.InTx(ctx, func(tx *store.Tx) error {
		for _, c := range []*fuelportal.Card{f.active, f.inactive} {
			if err := tx.CreateCard(ctx, c); err != nil {
				return err
			}
		}
		if _, err := tx.UpsertStations(ctx, []*fuelportal.Station{f.station}); err != nil {
			return err
		}
		return tx.SaveContract(ctx, &contract)
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// fleetFixture is a company with a contract, an active and an inactive card
// and one station.
type fleetFixture struct {
	company  *fuelportal.Company
	active   *fuelportal.Card
	inactive *fuelportal.Card
	station  *fuelportal.Station
}

// newTrip is a two-point trip on card with one planned stop at station:
// 100 gal at $3.500.
func newTrip(card string, station int64, lock bool) *fuelportal.Trip {
	return &fuelportal.Trip{
		CardNumber: card, LockCard: lock, OriginName: "Ocala, FL", DestinationName: "Tampa, FL",
		TankGallons: 200_000, CurrentFuel: 60_000, SearchRadius: 5_000, MinGallons: 5_000,
		Route: []fuelportal.TripPoint{{Lat: 29.1, Lon: -82.1}, {Lat: 27.9, Lon: -82.4}},
		Plan: &fuelportal.TripPlan{StartFuel: 60_000, TotalCents: 350_00, TotalGallons: 100_000,
			NaiveAvailable: true, NaiveCents: 380_00, NaiveTotalGallons: 100_000,
			Stops: []fuelportal.TripStop{{StationID: station, StationName: "Pilot", Gallons: 100_000, Price: 3500, CostCents: 350_00, AlongMilli: 12_500, ArrivalFuel: 40_000}}},
	}
}

// notify publishes notice n as the event of its kind (a decline's is
// transaction.declined), derived at once: with OwnersOf, one event to the
// owners of n's company and the first user named; else one event to each
// user named.
func notify(t *testing.T, db *store.DB, to fuelportal.PushRecipients, n fuelportal.Notice) error {
	t.Helper()
	typ := fuelportal.EventType(n.Event)
	if n.Event == fuelportal.NotifyPurchaseDeclined {
		typ = fuelportal.EventTransactionDeclined
	}
	if to.OwnersOf != 0 {
		e := &fuelportal.Event{Type: typ, CompanyID: n.CompanyID, Notice: &n}
		if len(to.UserIDs) > 0 {
			e.UserID = to.UserIDs[0]
		}
		return db.Publish(context.Background(), e)
	}
	for _, id := range to.UserIDs {
		if err := db.Publish(context.Background(), &fuelportal.Event{Type: typ, CompanyID: n.CompanyID, UserID: id, Notice: &n}); err != nil {
			return err
		}
	}
	return nil
}

var prepaid = fuelportal.Contract{Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 120, Billing: fuelportal.BillingPrepaid, FeeCents: 150}

func pushPayloads(t *testing.T, db *store.DB, userID int64) []fuelportal.PushNotification {
	t.Helper()
	msgs, err := db.PushMessagesFor(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	var out []fuelportal.PushNotification
	for _, m := range msgs {
		var n fuelportal.PushNotification
		if err := json.Unmarshal(m.Payload, &n); err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	return out
}

// statementClock is a settable clock for db.Now and the statement flow.
type statementClock struct{ now time.Time }

func (f *fleetFixture) ownerID(t *testing.T, db *store.DB) int64 {
	t.Helper()
	u, err := db.UserByEmail(context.Background(), "owner@example.com")
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func (c *statementClock) Now() time.Time { return c.now }

// atlantaEast are two fixes of a drive east from Atlanta, twenty minutes
// and about 19.6 miles apart, all in Georgia.
var atlantaEast = [2]jurisdiction.Point{{Lat: 33.75, Lon: -84.39}, {Lat: 33.75, Lon: -84.05}}

// driveMiles are atlantaEast's miles.
var driveMiles = jurisdiction.Miles(atlantaEast[:])["GA"]

// ingestDrive forwards the fixes of unit's drive from points[0] to
// points[1], leaving at start.
func ingestDrive(t *testing.T, svc *telematics.Service, companyID int64, unit string, start time.Time, points [2]jurisdiction.Point) *telematics.Result {
	t.Helper()
	res, err := svc.Ingest(context.Background(), companyID, []telematics.Position{
		{DeviceUniqueID: unit, FixTime: start, Lat: points[0].Lat, Lon: points[0].Lon},
		{DeviceUniqueID: unit, FixTime: start.Add(20 * time.Minute), Lat: points[1].Lat, Lon: points[1].Lon},
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// addVehicle adds a diesel vehicle of unit number unit.
func addVehicle(t testing.TB, db *store.DB, companyID int64, unit string) *fuelportal.Vehicle {
	t.Helper()
	v, err := db.CreateVehicle(context.Background(), companyID, fuelportal.Vehicle{UnitNumber: unit, FuelType: fuelportal.FuelDiesel, TankCapacity: 150_000, Active: true})
	if err != nil {
		t.Fatal(err)
	}
	return v
}
