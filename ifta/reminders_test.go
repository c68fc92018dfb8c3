package ifta_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/ifta"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestIFTAReminders_ThirtySevenOneDaysOncePerCompany: the reminders of
// the 2025Q1 return (due April 30) go out on March 31, April 23 and April
// 29 of the company's clock, never on the days between nor after the due
// date; each once per company however often and by however many
// processes the job runs; only to companies that file IFTA, only their
// own owners, and not once the quarter's return is closed. Each is an
// IFTA_DUE alert (mailed as the owner chose) and the owners' ifta.due
// push, the due date written as the app writes a day in the reader's
// language ("Apr 30, 2025", in Spanish "30 abr 2025"; the alert in
// English).
func TestIFTAReminders_ThirtySevenOneDaysOncePerCompany(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db) // 2025-03-14 15:00 UTC
		svc := ifta.New(ifta.Deps{Store: db, Now: clock.Now})
		other := ifta.New(ifta.Deps{Store: db, Now: clock.Now}) // a second process

		// Acme files (an IFTA-qualified truck); Beta files (miles entered)
		// and closes its return before the last reminder; Gamma does not
		// file at all.
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		acmeOwner := f.OwnerID(t, db)
		if _, err := db.CreateVehicle(ctx, f.Company.ID, fuelportal.Vehicle{UnitNumber: "U-1", VIN: "1M8GDM9AXKP042788", FuelType: "diesel",
			TankCapacity: 150_000, IFTAQualified: true, Active: true}); err != nil {
			t.Fatal(err)
		}
		beta, betaOwner := &fuelportal.Company{Name: "Beta Haulers", CarrierID: 7654322}, &fuelportal.User{Email: "beta@example.com", PasswordHash: "hash", Language: fuelportal.LanguageSpanish}
		gamma, gammaOwner := &fuelportal.Company{Name: "Gamma Local", CarrierID: 7654323}, &fuelportal.User{Email: "gamma@example.com", PasswordHash: "hash"}
		for _, c := range []struct {
			c *fuelportal.Company
			u *fuelportal.User
		}{{beta, betaOwner}, {gamma, gammaOwner}} {
			if err := db.CreateCompanyOwner(ctx, c.c, c.u); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := svc.ImportRates(ctx, strings.NewReader(storetest.IFTARates2025Q1), false); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AddMiles(ctx, ifta.MilesInput{CompanyID: beta.ID, UserID: betaOwner.ID, UnitNumber: "B-1", Date: "2025-02-01", Jurisdiction: "GA", Miles: "100"}); err != nil {
			t.Fatal(err)
		}
		for _, u := range []int64{acmeOwner, betaOwner.ID, gammaOwner.ID} {
			storetest.SavePush(t, db, u, "https://push.example/"+strings.Repeat("x", int(u)))
		}
		// Beta's owner wants no e-mail of it.
		if _, err := db.SaveNotificationSettings(ctx, betaOwner.ID, fuelportal.RoleCompany, fuelportal.NotificationSettings{
			Events: []fuelportal.NotificationPreference{{Event: fuelportal.NotifyIFTADue, Push: true, Email: false, InApp: true}}}); err != nil {
			t.Fatal(err)
		}

		send := func(s *ifta.Service) int {
			t.Helper()
			n, err := s.SendReminders(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		// setDay moves the clock to 10:00 in Chicago (the companies' zone) of day.
		setDay := func(day string) {
			d, _ := time.Parse(time.DateOnly, day)
			clock.Advance(d.Add(15 * time.Hour).Sub(clock.Now()))
		}
		steps := []struct {
			day  string
			want int
		}{
			{"2025-03-14", 0},
			{"2025-03-30", 0},
			{"2025-03-31", 2}, // 30 days: Acme and Beta
			{"2025-04-10", 0},
			{"2025-04-22", 0},
			{"2025-04-23", 2}, // 7 days, run by two processes at once below
			{"2025-04-29", 1}, // 1 day: Beta has closed its return
			{"2025-04-30", 0},
			{"2025-05-01", 0},
		}
		for _, s := range steps {
			setDay(s.day)
			if s.day == "2025-04-29" {
				if _, err := svc.Close(ctx, beta.ID, betaOwner.ID, 2025, 1, "diesel"); err != nil {
					t.Fatal(err)
				}
			}
			got := 0
			if s.day == "2025-04-23" {
				var mu sync.Mutex
				var wg sync.WaitGroup
				for _, p := range []*ifta.Service{svc, other} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						n, err := p.SendReminders(ctx)
						if err != nil {
							t.Error(err)
						}
						mu.Lock()
						got += n
						mu.Unlock()
					}()
				}
				wg.Wait()
			} else {
				got = send(svc)
			}
			got += send(other) + send(svc) // again: nothing more
			if got != s.want {
				t.Fatalf("%s: %d reminders sent, want %d", s.day, got, s.want)
			}
		}

		iftaDue := func(companyID int64) []*fuelportal.InboxItem {
			var out []*fuelportal.InboxItem
			for _, a := range storetest.AlertsOf(t, db, companyID, false).Items {
				if fuelportal.AlertKind(a.Kind) == fuelportal.AlertIFTADue {
					out = append(out, a)
				}
			}
			return out
		}
		acme := iftaDue(f.Company.ID)
		if len(acme) != 3 || !strings.Contains(acme[0].Message, "2025Q1") || !strings.Contains(acme[0].Message, "due on Apr 30, 2025 ") || !strings.Contains(acme[0].Message, "days left: 1") ||
			!strings.Contains(acme[2].Message, "days left: 30") || !strings.Contains(acme[1].Message, "days left: 7") {
			t.Fatalf("Acme's IFTA_DUE alerts = %+v", acme)
		}
		if n := len(iftaDue(beta.ID)); n != 2 {
			t.Fatalf("Beta has %d IFTA_DUE alerts, want 2", n)
		}
		if n := len(iftaDue(gamma.ID)); n != 0 {
			t.Fatalf("Gamma, which files no IFTA, has %d IFTA_DUE alerts", n)
		}
		pushes := storetest.PushPayloads(t, db, acmeOwner)
		if len(pushes) != 3 || pushes[0].Title != "IFTA return due Apr 30, 2025" || !strings.Contains(pushes[0].Body, "is due on Apr 30, 2025 ") || pushes[0].URL != "/ifta" {
			t.Fatalf("Acme owner's pushes = %+v", pushes)
		}
		// Beta's owner reads Spanish.
		if pushes := storetest.PushPayloads(t, db, betaOwner.ID); len(pushes) != 2 || pushes[0].Title != "Declaración IFTA vence el 30 abr 2025" ||
			!strings.Contains(pushes[0].Body, "vence el 30 abr 2025 ") {
			t.Fatalf("Beta owner's pushes = %+v, want 2 in Spanish", pushes)
		}
		if n := len(storetest.PushPayloads(t, db, gammaOwner.ID)); n != 0 {
			t.Fatalf("Gamma owner's pushes: %d, want 0", n)
		}
		mails := func(to string) int {
			msgs, err := db.OutboxMessages(ctx, to, 100)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, m := range msgs {
				if m.Subject == fuelportal.AlertMailSubject(fuelportal.AlertIFTADue, fuelportal.LanguageEnglish) {
					if !strings.Contains(m.Body, "is due on Apr 30, 2025 ") {
						t.Errorf("IFTA mail to %s: %q, want the due date as Apr 30, 2025", to, m.Body)
					}
					n++
				}
			}
			return n
		}
		if a, b := mails("owner@example.com"), mails("beta@example.com"); a != 3 || b != 0 {
			t.Fatalf("IFTA mails: Acme's owner %d (want 3), Beta's owner %d (e-mail off, want 0)", a, b)
		}
	})
}
