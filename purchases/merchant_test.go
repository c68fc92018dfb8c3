package purchases_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// Two stations of one chain in one ZIP: the store number tells them apart,
// a merchant without one is recorded as ambiguous (never the first of
// them) with its candidates named on the decline, and on a locked trip the
// candidate that is the planned stop counts as the planned stop.
func TestDecideAuthorization_MatchesTheMerchantsStation(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		stripeCards(t, db, f, 1)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		priced := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
		loves570 := &fuelportal.Station{ID: 570, Name: "LOVE'S TRAVEL STOP #570", Address: "1200 E Ledbetter Dr", City: "Dallas", State: "TX", ZipCode: "75203",
			Latitude: 32.70, Longitude: -96.80, Chain: "LOVES", RetailPrice: 3699, NetPrice: 3599, PriceDate: priced}
		loves1527 := &fuelportal.Station{ID: 1527, Name: "LOVE'S TRAVEL STOP #1527", Address: "4800 S Lancaster Rd", City: "Dallas", State: "TX", ZipCode: "75203",
			Latitude: 32.69, Longitude: -96.79, Chain: "LOVES", RetailPrice: 3899, NetPrice: 3799, PriceDate: priced}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.UpsertStations(ctx, []*fuelportal.Station{loves570, loves1527})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		at := func(id, merchant string, cents int64) *fuelportal.AuthorizationRequest {
			r := authRequest(id, "ic_0", cents, false)
			r.MerchantName, r.MerchantCity, r.MerchantState, r.MerchantPostalCode = merchant, "DALLAS", "TX", "75203-1234"
			return r
		}
		decide := func(r *fuelportal.AuthorizationRequest) *fuelportal.Authorization {
			t.Helper()
			a, _, err := flow(db).Authorize(ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}

		t.Run("the store number: exact, at that station", func(t *testing.T) {
			a := decide(at("iauth_1527", "LOVE'S TRAVEL STOP #1527", 100_00))
			if !a.Approved || a.StationID != 1527 || a.StationMatch != fuelportal.StationExact || a.CandidateLocationIDs != nil {
				t.Fatalf("authorization = %+v", a)
			}
		})
		t.Run("no store number: ambiguous, no station, the candidates kept", func(t *testing.T) {
			a := decide(at("iauth_loves", "LOVE'S TRAVEL STOP", 100_00))
			if !a.Approved || a.StationID != 0 || a.StationMatch != fuelportal.StationAmbiguous || !slices.Equal(a.CandidateLocationIDs, []int64{570, 1527}) {
				t.Fatalf("authorization = %+v", a)
			}
		})

		// A locked trip planned at #1527.
		trip := storetest.NewTrip(f.Active.CardNumber, 1527, true)
		if err := storetest.CreateTrip(ctx, db, fuelportal.TransactionScope{CompanyID: f.Company.ID}, trip); err != nil {
			t.Fatal(err)
		}
		t.Run("locked trip: the ambiguous candidate that is the planned stop counts as it", func(t *testing.T) {
			a := decide(at("iauth_planned", "LOVES TRAVEL", 100_00))
			if !a.Approved || a.StationID != 1527 || a.StationMatch != fuelportal.StationAmbiguous || len(a.CandidateLocationIDs) != 2 {
				t.Fatalf("authorization = %+v", a)
			}
		})
		t.Run("locked trip: the other store is no planned stop", func(t *testing.T) {
			a := decide(at("iauth_570", "LOVE'S TRAVEL STOP #570", 100_00))
			if a.Approved || a.DeclineCode != fuelportal.DeclineNotPlannedStop || a.StationID != 570 {
				t.Fatalf("authorization = %+v", a)
			}
		})
		if _, err := storetest.EndTrip(ctx, db, fuelportal.TransactionScope{CompanyID: f.Company.ID}, trip.ID, fuelportal.TripCancelled); err != nil {
			t.Fatal(err)
		}
		t.Run("an ambiguous decline names the candidates", func(t *testing.T) {
			if _, err := db.SaveCardControls(ctx, f.Company.ID, f.Active.CardNumber, fuelportal.Controls{PerPurchaseCents: ptr(int64(50_00))}); err != nil {
				t.Fatal(err)
			}
			a := decide(at("iauth_over", "LOVE'S TRAVEL STOP", 100_00))
			if a.Approved || a.DeclineCode != fuelportal.DeclinePerPurchaseLimit || a.TransactionID == 0 {
				t.Fatalf("authorization = %+v", a)
			}
			tr, err := db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, a.TransactionID)
			if err != nil {
				t.Fatal(err)
			}
			if tr.LocationID != 0 || tr.StationMatch != fuelportal.StationAmbiguous || !slices.Equal(tr.CandidateLocationIDs, []int64{570, 1527}) ||
				!strings.Contains(tr.LocationAddress, "#570") || !strings.Contains(tr.LocationAddress, "#1527") {
				t.Fatalf("declined purchase = %+v", tr)
			}
		})
	})
}
