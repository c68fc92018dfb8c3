package connectors_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/connectors"
	"fuelportal/netguard"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/telematics"
)

// vin is a valid VIN (check digit and all) of the tests' VIN-matched truck.
const vin = "1HGCM82633A004352"

var base = time.Now().UTC().Add(-3 * time.Hour).Truncate(time.Second)

type world struct {
	db              *store.DB
	company, owner  int64
	byVIN, byName   int64 // vehicles: matched by VIN ("Truck One"), by name ("U-2")
	samsara, motive *fake
}

func newCompany(t testing.TB, db *store.DB, email string, carrier int) (company, owner int64) {
	t.Helper()
	c := &fuelportal.Company{Name: "Acme Trucking", CarrierID: carrier, PhoneNumber: "+1 555 010 0000"}
	u := &fuelportal.User{Email: email, PasswordHash: "hash", FirstName: "Ann", LastName: "Owner"}
	if err := db.CreateCompanyOwner(context.Background(), c, u); err != nil {
		t.Fatalf("CreateCompanyOwner: %v", err)
	}
	return c.ID, u.ID
}

func addVehicle(t *testing.T, db *store.DB, company int64, unit, vin string) int64 {
	t.Helper()
	v, err := db.CreateVehicle(context.Background(), company, fuelportal.Vehicle{UnitNumber: unit, VIN: vin, FuelType: fuelportal.FuelDiesel, TankCapacity: 150_000, Active: true})
	if err != nil {
		t.Fatalf("CreateVehicle: %v", err)
	}
	return v.ID
}

func newService(db *store.DB, samsaraBase, motiveBase string) *connectors.Service {
	return connectors.New(connectors.Deps{Store: db, Telematics: telematics.New(telematics.Deps{Store: db}),
		Policy: netguard.Policy{AllowPrivate: true}, SamsaraBase: samsaraBase, MotiveBase: motiveBase,
		AllowFastPolls: true, SamsaraInterval: 10 * time.Millisecond, MotiveInterval: 10 * time.Millisecond,
		GeotabInterval: 10 * time.Millisecond, GeotabSpacing: time.Millisecond, ReloadEvery: 20 * time.Millisecond})
}

func newWorld(t *testing.T, db *store.DB) *world {
	w := &world{db: db}
	w.company, w.owner = newCompany(t, db, "owner@acme.test", 7654321)
	w.byVIN = addVehicle(t, db, w.company, "U-1", vin)
	w.byName = addVehicle(t, db, w.company, "U-2", "")
	return w
}

// gps is a Samsara GPS event i steps (2 minutes, 0.01° east) from base.
func gps(i int) map[string]any {
	return map[string]any{"time": base.Add(time.Duration(i) * 2 * time.Minute).Format(time.RFC3339), "latitude": 31.0,
		"longitude": -100.0 + float64(i)*0.01, "speedMilesPerHour": 18.0, "headingDegrees": 90}
}

func miles(t *testing.T, db *store.DB, vehicle int64) float64 {
	t.Helper()
	var m float64
	err := db.InReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT COALESCE(SUM(miles), 0) FROM telematics_miles WHERE vehicle_id = ?`, vehicle).Scan(&m)
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func positions(t *testing.T, db *store.DB, company int64) int {
	t.Helper()
	var n int
	err := db.InReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM telematics_positions WHERE company_id = ?`, company).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func status(t *testing.T, s *connectors.Service, company int64, v fuelportal.TelematicsVendor) connectors.Status {
	t.Helper()
	list, err := s.Connectors(context.Background(), company)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range list {
		if st.Vendor == v {
			return st
		}
	}
	t.Fatalf("no %s in %v", v, list)
	return connectors.Status{}
}

// samsaraFeed answers the stats feed in two pages (the first without a
// cursor: each vehicle's latest; then after=c1: the rest), then nothing
// new after c2; /fleet/vehicles answers the token test.
func samsaraFeed(token string) func(int, fakeCall, http.ResponseWriter) {
	return func(_ int, c fakeCall, w http.ResponseWriter) {
		if c.Token != token {
			writeJSON(w, http.StatusUnauthorized, map[string]any{"message": "Unauthorized", "requestId": "r1"})
			return
		}
		switch {
		case c.Path == "/fleet/vehicles":
			writeJSON(w, http.StatusOK, map[string]any{"data": []any{}, "pagination": map[string]any{"endCursor": "", "hasNextPage": false}})
		case c.Path != "/fleet/vehicles/stats/feed" || !strings.Contains(c.Query, "types=gps%2CobdOdometerMeters%2CfuelPercents"):
			writeJSON(w, http.StatusNotFound, map[string]any{"message": "Not found"})
		case !strings.Contains(c.Query, "after="):
			writeJSON(w, http.StatusOK, samsaraPage("c1", true,
				samsaraVehicle("281474", "Truck One", vin, gps(0)),
				samsaraVehicle("281475", "U-2", "", gps(0)),
				samsaraVehicle("281476", "Yard Mule", "", gps(0))))
		case strings.Contains(c.Query, "after=c1"):
			v := samsaraVehicle("281474", "Truck One", vin, gps(1), gps(2), gps(3))
			v["obdOdometerMeters"] = []map[string]any{{"time": base.Add(6 * time.Minute).Format(time.RFC3339), "value": 1_000_000}}
			v["fuelPercents"] = []map[string]any{{"time": base.Add(6 * time.Minute).Format(time.RFC3339), "value": 54}}
			writeJSON(w, http.StatusOK, samsaraPage("c2", false, v, samsaraVehicle("281475", "U-2", "", gps(1), gps(2))))
		default:
			writeJSON(w, http.StatusOK, samsaraPage(strings.TrimPrefix(c.Query[strings.Index(c.Query, "after="):], "after="), false))
		}
	}
}

func connect(t *testing.T, s *connectors.Service, company, owner int64, v fuelportal.TelematicsVendor, in fuelportal.TelematicsConnectorInput) {
	t.Helper()
	if _, err := s.Save(context.Background(), company, owner, v, in); err != nil {
		t.Fatalf("Save %s: %v", v, err)
	}
}

func TestSamsara_PagesFollowTheCursorIntoTheIFTAMilesAndARestartResumes(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		f := newFake(t, samsaraFeed("samsara-token-A"))
		s := newService(db, f.URL, "")
		connect(t, s, w.company, w.owner, fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "samsara-token-A"})
		res, err := s.Pull(context.Background(), w.company, fuelportal.VendorSamsara)
		if err != nil {
			t.Fatalf("Pull: %v", err)
		}
		if res.Ingested != 7 || res.Readings != 8 {
			t.Errorf("ingested %d of %d readings, want 7 of 8 (Yard Mule unmatched)", res.Ingested, res.Readings)
		}
		if n := positions(t, db, w.company); n != 7 {
			t.Errorf("stored %d positions, want 7", n)
		}
		// 3 steps of 0.01° at 31°N: about 1.78 miles for U-1, 1.19 for U-2.
		if m := miles(t, db, w.byVIN); m < 1.7 || m > 1.9 {
			t.Errorf("U-1 (matched by VIN) has %.3f miles, want about 1.78", m)
		}
		if m := miles(t, db, w.byName); m < 1.1 || m > 1.3 {
			t.Errorf("U-2 (matched by name) has %.3f miles, want about 1.19", m)
		}
		st := status(t, s, w.company, fuelportal.VendorSamsara)
		if !st.Configured || st.LastPullAt == nil || st.LastError != "" || fmt.Sprint(st.Unmatched) != "[Yard Mule]" || st.Positions != 7 {
			t.Errorf("status = %+v, want configured, pulled, no error, Yard Mule unmatched, 7 positions", st)
		}
		// A restarted server (a new service over the same database)
		// resumes from the stored cursor.
		restarted := newService(db, f.URL, "")
		if _, err := restarted.Pull(context.Background(), w.company, fuelportal.VendorSamsara); err != nil {
			t.Fatalf("Pull after restart: %v", err)
		}
		calls := f.Calls()
		if last := calls[len(calls)-1]; !strings.Contains(last.Query, "after=c2") {
			t.Errorf("after the restart the pull asked %q, want after=c2", last.Query)
		}
		if n := positions(t, db, w.company); n != 7 {
			t.Errorf("after the restart %d positions, want still 7", n)
		}
	})
}

func TestSamsara_FailedPullsAreRecordedAndIngestNothing(t *testing.T) {
	big := `{"data":[` + strings.Repeat(`{"id":"1","name":"x","gps":[]},`, 10<<20/30) + `{}],"pagination":{"endCursor":"c9","hasNextPage":false}}`
	tests := []struct {
		name       string
		answer     func(w http.ResponseWriter)
		wantError  string
		retryAfter time.Duration
	}{
		{"429 with Retry-After waits as asked", func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "7")
			writeJSON(w, http.StatusTooManyRequests, map[string]any{"message": "Rate limit exceeded"})
		}, "HTTP 429: Rate limit exceeded", 7 * time.Second},
		{"503 backs off", func(w http.ResponseWriter) {
			writeJSON(w, http.StatusServiceUnavailable, map[string]any{"message": "Service Unavailable"})
		}, "HTTP 503: Service Unavailable", 0},
		{"garbage is an error", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<html>maintenance</html>"))
		}, "not the vendor's JSON", 0},
		{"a 10 MB answer is refused", func(w http.ResponseWriter) {
			_, _ = w.Write([]byte(big))
		}, "larger than 5 MB", 0},
		{"an answer without a cursor is an error", func(w http.ResponseWriter) {
			writeJSON(w, http.StatusOK, map[string]any{"data": []any{}})
		}, "no pagination.endCursor", 0},
	}
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				fail := true
				ok := samsaraFeed("tok")
				f := newFake(t, func(n int, c fakeCall, rw http.ResponseWriter) {
					if c.Path == "/fleet/vehicles/stats/feed" && fail {
						tt.answer(rw)
						return
					}
					ok(n, c, rw)
				})
				s := newService(db, f.URL, "")
				connect(t, s, w.company, w.owner, fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "tok"})
				before := positions(t, db, w.company)
				res, err := s.Pull(context.Background(), w.company, fuelportal.VendorSamsara)
				if err == nil || !strings.Contains(err.Error(), tt.wantError) {
					t.Fatalf("Pull error = %v, want %q", err, tt.wantError)
				}
				if res.RetryAfter != tt.retryAfter {
					t.Errorf("RetryAfter = %v, want %v", res.RetryAfter, tt.retryAfter)
				}
				if n := positions(t, db, w.company); n != before {
					t.Errorf("%d positions stored by a failed pull", n-before)
				}
				if st := status(t, s, w.company, fuelportal.VendorSamsara); !strings.Contains(st.LastError, tt.wantError) || st.LastErrorAt == nil || st.LastPullAt != nil {
					t.Errorf("status = %+v, want the error recorded and no pull", st)
				}
				// The vendor recovers: the next pull reads from the start
				// (the failed one stored no cursor) and clears the error.
				fail = false
				if _, err := s.Pull(context.Background(), w.company, fuelportal.VendorSamsara); err != nil {
					t.Fatalf("Pull after recovery: %v", err)
				}
				if calls := f.Calls(); strings.Contains(calls[len(calls)-2].Query, "after=") {
					t.Errorf("the pull after a failure asked %q, want no cursor", calls[len(calls)-2].Query)
				}
				if st := status(t, s, w.company, fuelportal.VendorSamsara); st.LastError != "" || st.LastPullAt == nil {
					t.Errorf("status after recovery = %+v, want no error", st)
				}
			})
		}
	})
}

func TestSamsara_FixesFromTheFutureAreRefusedAndTheRestKept(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		future := gps(0)
		future["time"] = time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339)
		f := newFake(t, func(_ int, c fakeCall, rw http.ResponseWriter) {
			writeJSON(rw, http.StatusOK, samsaraPage("c1", false, samsaraVehicle("1", "U-2", "", gps(0), future, gps(1))))
		})
		s := newService(db, f.URL, "")
		connect(t, s, w.company, w.owner, fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "tok"})
		res, err := s.Pull(context.Background(), w.company, fuelportal.VendorSamsara)
		if err != nil {
			t.Fatal(err)
		}
		if res.Ingested != 2 || res.Refused != 1 {
			t.Errorf("ingested %d, refused %d; want 2 and 1", res.Ingested, res.Refused)
		}
		if st := status(t, s, w.company, fuelportal.VendorSamsara); !strings.Contains(st.LastError, "1 position(s) refused") {
			t.Errorf("last error = %q, want the refused position named", st.LastError)
		}
	})
}

func TestSave_TestsTheTokenAndStoresItSealed(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		f := newFake(t, samsaraFeed("good-token"))
		s := newService(db, f.URL, "")
		ctx := context.Background()
		_, err := s.Save(ctx, w.company, w.owner, fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "bad-token"})
		if fuelportal.ErrorCode(err) != fuelportal.EINVALID || !strings.Contains(fuelportal.ErrorMessage(err), "Samsara refused the token: HTTP 401: Unauthorized") {
			t.Fatalf("Save with a bad token = %v, want EINVALID with Samsara's reason", err)
		}
		if st := status(t, s, w.company, fuelportal.VendorSamsara); st.Configured {
			t.Fatal("a token that failed its test was stored")
		}
		if len(f.Calls()) != 1 {
			t.Errorf("the test made %d calls, want 1", len(f.Calls()))
		}
		connect(t, s, w.company, w.owner, fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "good-token"})
		c, err := db.TelematicsConnector(ctx, w.company, fuelportal.VendorSamsara)
		if err != nil {
			t.Fatal(err)
		}
		if c.TokenSealed == "" || strings.Contains(c.TokenSealed, "good-token") {
			t.Errorf("stored token %q is not sealed", c.TokenSealed)
		}
		for _, in := range []struct {
			vendor fuelportal.TelematicsVendor
			in     fuelportal.TelematicsConnectorInput
			field  string
		}{
			{fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{}, "token"},
			{fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "t", Database: "db"}, "database"},
			{fuelportal.VendorGeotab, fuelportal.TelematicsConnectorInput{Token: "no-colon", Database: "db"}, "token"},
			{fuelportal.VendorGeotab, fuelportal.TelematicsConnectorInput{Token: "u:p"}, "database"},
			{fuelportal.VendorMotive, fuelportal.TelematicsConnectorInput{Token: strings.Repeat("k", 2001)}, "token"},
		} {
			_, err := s.Save(ctx, w.company, w.owner, in.vendor, in.in)
			if fuelportal.ErrorFields(err)[in.field] == nil {
				t.Errorf("Save %s %+v = %v, want a %s field error", in.vendor, in.in, err, in.field)
			}
		}
		if err := s.Delete(ctx, w.company, fuelportal.VendorSamsara); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, w.company, fuelportal.VendorSamsara); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Errorf("second Delete = %v, want ENOTFOUND", err)
		}
	})
}

func TestPull_UsesOnlyTheCompanysOwnToken(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		a := newWorld(t, db)
		bCompany, bOwner := newCompany(t, db, "owner@other.test", 1234567)
		addVehicle(t, db, bCompany, "U-2", "")
		f := newFake(t, func(_ int, c fakeCall, rw http.ResponseWriter) {
			// Each token sees its own fleet: A's U-2 is B's U-9.
			name := map[string]string{"token-A": "U-2", "token-B": "U-9"}[c.Token]
			writeJSON(rw, http.StatusOK, samsaraPage("c-"+c.Token, false, samsaraVehicle("1", name, "", gps(0), gps(1))))
		})
		s := newService(db, f.URL, "")
		connect(t, s, a.company, a.owner, fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "token-A"})
		connect(t, s, bCompany, bOwner, fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "token-B"})
		start := len(f.Calls())
		if _, err := s.Pull(context.Background(), a.company, fuelportal.VendorSamsara); err != nil {
			t.Fatal(err)
		}
		for _, c := range f.Calls()[start:] {
			if c.Token != "token-A" {
				t.Errorf("company A's pull called with %q", c.Token)
			}
		}
		if n := positions(t, db, bCompany); n != 0 {
			t.Errorf("company B got %d positions from A's pull", n)
		}
		st := status(t, s, bCompany, fuelportal.VendorSamsara)
		if st.LastPullAt != nil {
			t.Error("company B's connector was recorded by A's pull")
		}
		// B's pull: its fleet names U-9, unknown in B.
		if _, err := s.Pull(context.Background(), bCompany, fuelportal.VendorSamsara); err != nil {
			t.Fatal(err)
		}
		if st := status(t, s, bCompany, fuelportal.VendorSamsara); fmt.Sprint(st.Unmatched) != "[U-9]" {
			t.Errorf("B's unmatched = %v, want [U-9]", st.Unmatched)
		}
		// A sealed token copied into another company's row does not open.
		err := db.InTx(context.Background(), func(tx *store.Tx) error {
			_, err := tx.Exec(context.Background(), `UPDATE telematics_connectors SET token_sealed = (SELECT token_sealed FROM telematics_connectors WHERE company_id = ?) WHERE company_id = ?`, a.company, bCompany)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		before := len(f.Calls())
		if _, err := s.Pull(context.Background(), bCompany, fuelportal.VendorSamsara); err == nil || !strings.Contains(err.Error(), "cannot be opened") {
			t.Errorf("pull with A's sealed token in B's row = %v, want it refused", err)
		}
		if len(f.Calls()) != before {
			t.Error("a token copied from another company reached the vendor")
		}
	})
}

func TestRun_PullsEachConnectorAndStopsWithTheServer(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		slowCompany, slowOwner := newCompany(t, db, "owner@slow.test", 1234567)
		release := make(chan struct{})
		slow := newFake(t, func(_ int, c fakeCall, rw http.ResponseWriter) {
			if c.Path == "/v1/vehicle_locations" && strings.Contains(c.Query, "per_page=100") {
				<-release // a vendor that does not answer
			}
			writeJSON(rw, http.StatusOK, map[string]any{"vehicles": []any{}, "pagination": map[string]any{"per_page": 100, "page_no": 1, "total": 0}})
		})
		f := newFake(t, samsaraFeed("tok"))
		s := newService(db, f.URL, slow.URL)
		connect(t, s, w.company, w.owner, fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "tok"})
		connect(t, s, slowCompany, slowOwner, fuelportal.VendorMotive, fuelportal.TelematicsConnectorInput{Token: "k"})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { s.Run(ctx); close(done) }()
		deadline := time.Now().Add(60 * time.Second)
		for positions(t, db, w.company) < 7 {
			if time.Now().After(deadline) {
				t.Fatal("the poller stored no positions while another company's vendor hung")
			}
			time.Sleep(20 * time.Millisecond)
		}
		cancel()
		close(release)
		<-done
	})
}
