package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/jurisdiction"
	"fuelportal/store"
	"fuelportal/telematics"
	"fuelportal/trips"
)

// The fixtures the store's tests and the purchase flow's tests share: one
// company with its cards, trips, vehicles, pushes and the helpers that read
// what a flow left behind.

// CardIssued is when the fixtures' cards were issued (before every
// purchase the tests make).
var CardIssued = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

// Prepaid is a prepaid retail-minus contract with a $1.50 fee.
var Prepaid = fuelportal.Contract{Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 120, Billing: fuelportal.BillingPrepaid, FeeCents: 150}

// FleetOwnerEmail signs in the owner NewFleet makes.
const FleetOwnerEmail = "owner@example.com"

// Fleet is a company with a contract, an active and an inactive card and
// one station.
type Fleet struct {
	Company  *fuelportal.Company
	Active   *fuelportal.Card
	Inactive *fuelportal.Card
	Station  *fuelportal.Station
}

// NewFleet makes a Fleet under contract (its CompanyID is set), owned by
// FleetOwnerEmail.
func NewFleet(t testing.TB, db *store.DB, contract fuelportal.Contract) *Fleet {
	t.Helper()
	ctx := context.Background()
	company := &fuelportal.Company{Name: "Acme Trucking", CarrierID: 7654321}
	owner := &fuelportal.User{Email: FleetOwnerEmail, PasswordHash: "hash"}
	if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
		t.Fatal(err)
	}
	f := &Fleet{Company: company}
	f.Active = &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000001", DriverName: "Dan Driver", DriverID: "D-1", UnitNumber: "U-1", CreatedAt: CardIssued}
	f.Inactive = &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000002", DriverName: "Ina Active", DriverID: "D-2", UnitNumber: "U-2", Status: fuelportal.CardInactive, CreatedAt: CardIssued}
	f.Station = &fuelportal.Station{ID: 412, Name: "Pilot Travel Center #412", Address: "1 Truck Way", City: "Ocala", State: "FL", ZipCode: "34475",
		Latitude: 29.1, Longitude: -82.1, Chain: "PILOT", RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
	contract.CompanyID = company.ID
	err := db.InTx(ctx, func(tx *store.Tx) error {
		for _, c := range []*fuelportal.Card{f.Active, f.Inactive} {
			if err := tx.CreateCard(ctx, c); err != nil {
				return err
			}
		}
		if _, err := tx.UpsertStations(ctx, []*fuelportal.Station{f.Station}); err != nil {
			return err
		}
		return tx.SaveContract(ctx, &contract)
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// OwnerID is the user id of the fleet's owner.
func (f *Fleet) OwnerID(t testing.TB, db *store.DB) int64 {
	t.Helper()
	u, err := db.UserByEmail(context.Background(), FleetOwnerEmail)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// NewCompanyWithCard creates a company, its owner and one unlinked card.
func NewCompanyWithCard(t testing.TB, db *store.DB, email, cardNumber string) (*fuelportal.Company, *fuelportal.User, *fuelportal.Card) {
	t.Helper()
	ctx := context.Background()
	company := &fuelportal.Company{Name: "Acme Trucking", CarrierID: 7654321, PhoneNumber: "+1 555 010 0000"}
	owner := &fuelportal.User{Email: email, PasswordHash: "hash", FirstName: "Ann", LastName: "Owner"}
	if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
		t.Fatalf("CreateCompanyOwner: %v", err)
	}
	card := &fuelportal.Card{CompanyID: company.ID, CardNumber: cardNumber, DriverName: "Dan Driver", DriverID: "D-1", UnitNumber: "U-1", CreatedAt: CardIssued}
	if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, card) }); err != nil {
		t.Fatalf("CreateCard: %v", err)
	}
	return company, owner, card
}

// NewTrip is a two-point trip on card with one planned stop at station:
// 100 gal at $3.500.
func NewTrip(card string, station int64, lock bool) *fuelportal.Trip {
	return &fuelportal.Trip{
		CardNumber: card, LockCard: lock, OriginName: "Ocala, FL", DestinationName: "Tampa, FL",
		TankGallons: 200_000, CurrentFuel: 60_000, SearchRadius: 5_000, MinGallons: 5_000,
		Route: []fuelportal.TripPoint{{Lat: 29.1, Lon: -82.1}, {Lat: 27.9, Lon: -82.4}},
		Plan: &fuelportal.TripPlan{StartFuel: 60_000, TotalCents: 350_00, TotalGallons: 100_000,
			NaiveAvailable: true, NaiveCents: 380_00, NaiveTotalGallons: 100_000,
			Stops: []fuelportal.TripStop{{StationID: station, StationName: "Pilot", Gallons: 100_000, Price: 3500, CostCents: 350_00, AlongMilli: 12_500, ArrivalFuel: 40_000}}},
	}
}

// CreateTrip saves trip, its plan already made, for a card of scope
// through the trip flow, as the demo seed saves its trips
// (trips.Service.CreateIn, in a transaction of its own): for the tests that
// need a trip's rows; the trip flow's own tests check what it publishes.
func CreateTrip(ctx context.Context, db *store.DB, scope fuelportal.TransactionScope, trip *fuelportal.Trip) error {
	return db.InTx(ctx, func(tx *store.Tx) error { return trips.New(trips.Deps{Store: db}).CreateIn(ctx, tx, scope, trip) })
}

// EndTrip completes or cancels trip id of scope through the trip flow
// (trips.Service.End): an owner's end within a company's scope, the
// driver's within their card's.
func EndTrip(ctx context.Context, db *store.DB, scope fuelportal.TransactionScope, id int64, status fuelportal.TripStatus) (*fuelportal.Trip, error) {
	return trips.New(trips.Deps{Store: db}).End(ctx, trips.Actor{Scope: scope}, id, status)
}

// ValidVIN has a correct check digit (X).
const ValidVIN = "1M8GDM9AXKP042788"

// NewVehicle is a valid vehicle on unit (the vehicles service validates
// before the store saves; vehicles/ tests the fleet list flows).
func NewVehicle(unit string) fuelportal.Vehicle {
	return fuelportal.Vehicle{UnitNumber: unit, VIN: ValidVIN, Plate: "P-4410", PlateState: "FL", FuelType: fuelportal.FuelDiesel,
		TankCapacity: 150_000, IFTAQualified: true, Active: true}
}

// AddVehicle adds a vehicle of unit number unit burning fuel.
func AddVehicle(t testing.TB, db *store.DB, companyID int64, unit string, fuel fuelportal.FuelType) *fuelportal.Vehicle {
	t.Helper()
	v, err := db.CreateVehicle(context.Background(), companyID, fuelportal.Vehicle{UnitNumber: unit, FuelType: fuel, TankCapacity: 150_000, Active: true})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// NewWebhookEndpoint adds an active endpoint of url for wallet.low.
func NewWebhookEndpoint(t testing.TB, db *store.DB, companyID int64, url string) *fuelportal.WebhookEndpoint {
	t.Helper()
	e, err := db.CreateWebhookEndpoint(context.Background(), companyID, fuelportal.WebhookEndpointInput{
		URL: url, Events: []fuelportal.WebhookEventType{fuelportal.WebhookWalletLow}, Active: true}, fuelportal.CheckWebhookEndpointAdded)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// SavePush subscribes user userID's browser at endpoint to pushes.
func SavePush(t testing.TB, db *store.DB, userID int64, endpoint string) *fuelportal.PushSubscription {
	t.Helper()
	s := &fuelportal.PushSubscription{UserID: userID, Endpoint: endpoint, P256DH: "BKey", Auth: "auth"}
	if err := db.SavePushSubscription(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return s
}

// Notify publishes notice n as the event of its kind (a decline's is
// transaction.declined), derived at once: with OwnersOf, one event to the
// owners of n's company and the first user named; else one event to each
// user named.
func Notify(t testing.TB, db *store.DB, to fuelportal.PushRecipients, n fuelportal.Notice) error {
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

// PushPayloads are the push notifications queued for user userID.
func PushPayloads(t testing.TB, db *store.DB, userID int64) []fuelportal.PushNotification {
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

// ClaimPushes claims every due push message, as the sender would.
func ClaimPushes(t testing.TB, db *store.DB) []*fuelportal.PushMessage {
	t.Helper()
	claimed, err := db.ClaimPushMessages(context.Background(), time.Minute, 100)
	if err != nil {
		t.Fatal(err)
	}
	return claimed
}

// AlertsOf is the company's owners' inbox (unread only when unreadOnly).
func AlertsOf(t testing.TB, db *store.DB, companyID int64, unreadOnly bool) *fuelportal.InboxPage {
	t.Helper()
	page, err := db.Inbox(context.Background(), fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: companyID}, UnreadOnly: unreadOnly, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// AssertMismatch fails unless err is the driver sign-up's answer to a card
// number and company name that do not go together: the same message on
// both fields.
func AssertMismatch(t testing.TB, err error) {
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

// ExpectSoundLedger fails the test unless the ledger's invariants hold.
func ExpectSoundLedger(t testing.TB, db *store.DB) store.LedgerAudit {
	t.Helper()
	audit, err := db.CheckLedger(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if audit.EntriesSum != 0 || audit.UnpairedTransfers != 0 || len(audit.BalanceMismatches) != 0 {
		t.Fatalf("ledger unsound: %+v", audit)
	}
	return audit
}

// StatementClock is a settable clock for db.Now and the statement flow,
// safe to read from the goroutines the services start (the stand-in's
// refresh after a decision) while a test moves it.
type StatementClock struct {
	mu sync.Mutex
	at time.Time
}

// NewStatementClock is a clock at at.
func NewStatementClock(at time.Time) *StatementClock { return &StatementClock{at: at} }

// Now is the clock's time.
func (c *StatementClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at
}

// Set moves the clock to at.
func (c *StatementClock) Set(at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at = at
}

// IFTARates2025Q1 are the worked example's rates.
const IFTARates2025Q1 = `year,quarter,jurisdiction,fuelType,rate,surcharge
2025,1,FL,diesel,0.3500,
2025,1,GA,diesel,0.3610,
2025,1,IN,diesel,0.5900,0.1100
`

// AtlantaEast are two fixes of a drive east from Atlanta, twenty minutes
// and about 19.6 miles apart, all in Georgia.
var AtlantaEast = [2]jurisdiction.Point{{Lat: 33.75, Lon: -84.39}, {Lat: 33.75, Lon: -84.05}}

// DriveMiles are AtlantaEast's miles.
var DriveMiles = jurisdiction.Miles(AtlantaEast[:])["GA"]

// IngestDrive forwards the fixes of unit's drive from points[0] to
// points[1], leaving at start.
func IngestDrive(t testing.TB, svc *telematics.Service, companyID int64, unit string, start time.Time, points [2]jurisdiction.Point) *telematics.Result {
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
