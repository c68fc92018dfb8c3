package pumpcheck_test

import (
	"context"
	"encoding/json"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/pumpcheck"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// challengeFleet is a company whose card is held by a signed-up driver.
type challengeFleet struct {
	db      *store.DB
	clock   *storetest.Clock
	company *fuelportal.Company
	card    *fuelportal.Card
	driver  *fuelportal.User
}

func newChallengeFleet(t *testing.T, db *store.DB) *challengeFleet {
	t.Helper()
	f := &challengeFleet{db: db, clock: storetest.NewClock(db)}
	f.company, _, f.card = storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000061")
	f.driver = &fuelportal.User{Email: "dan@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
	if err := accounts.New(accounts.Deps{Store: db}).AddDriver(context.Background(), f.driver, f.card.CardNumber, fuelportal.SignUpCardOf(f.company.Name)); err != nil {
		t.Fatal(err)
	}
	return f
}

// challenge puts a challenge on the card to its driver now, as an
// authorization the pump check could not settle does.
func (f *challengeFleet) challenge(t *testing.T, authorizationID string) *fuelportal.PumpChallenge {
	t.Helper()
	c := &fuelportal.PumpChallenge{CompanyID: f.company.ID, CardID: f.card.ID, CardNumber: f.card.CardNumber, DriverUserID: f.driver.ID,
		UnitNumber: "U-1", StationID: 412, StationName: "Pilot Travel Center #412", AuthorizationID: authorizationID}
	if err := f.db.InTx(context.Background(), func(tx *store.Tx) error { return tx.CreatePumpChallenge(context.Background(), c) }); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestAnswer_NoFreezesTheCardAndWritesPumpRefusedOnce: a driver's No
// freezes the card and writes pump_check.refused (the owners' alert and
// notice) once, in the transaction of the answer, whichever of several
// concurrent answers wins; a Yes, an answer refused (another driver's or
// company's challenge, one answered already, one expired) writes no event
// and leaves the card as it was.
func TestAnswer_NoFreezesTheCardAndWritesPumpRefusedOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		f := newChallengeFleet(t, db)
		ctx := fuelportal.NewContextWithActor(context.Background(), fuelportal.Actor{UserID: f.driver.ID, Role: string(fuelportal.MemberDriver)})
		svc := pumpcheck.New(pumpcheck.Deps{Store: db, Now: f.clock.Now})
		cardActive := func() bool {
			return storetest.Count(t, db, `SELECT COUNT(*) FROM cards WHERE id = ? AND status = ?`, f.card.ID, fuelportal.CardActive) == 1
		}
		if !cardActive() {
			t.Fatal("the card is not active to begin with")
		}

		expired := f.challenge(t, "auth-expired")
		f.clock.Advance(fuelportal.PumpChallengeWindow)
		if _, err := svc.Answer(ctx, f.company.ID, f.driver.ID, expired.ID, fuelportal.PumpAnswerNo); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("an expired challenge: %v", err)
		}
		yes := f.challenge(t, "auth-yes")
		if c, err := svc.Answer(ctx, f.company.ID, f.driver.ID, yes.ID, fuelportal.PumpAnswerYes); err != nil || c.Answer != string(fuelportal.PumpAnswerYes) {
			t.Fatalf("Yes = %+v, %v", c, err)
		}
		no := f.challenge(t, "auth-no")
		for name, call := range map[string]func() error{
			"another driver's": func() error {
				_, err := svc.Answer(ctx, f.company.ID, f.driver.ID+1000, no.ID, fuelportal.PumpAnswerNo)
				return err
			},
			"another company's": func() error {
				_, err := svc.Answer(ctx, f.company.ID+1000, f.driver.ID, no.ID, fuelportal.PumpAnswerNo)
				return err
			},
		} {
			if err := call(); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("%s challenge: %v", name, err)
			}
		}
		if _, err := svc.Answer(ctx, f.company.ID, f.driver.ID, yes.ID, fuelportal.PumpAnswerNo); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("a No after the Yes: %v", err)
		}
		if got := storetest.EventPayloads(t, db, f.company.ID, fuelportal.EventPumpRefused); len(got) != 0 || !cardActive() {
			t.Fatalf("before any No: events %v, card active %v", got, cardActive())
		}

		answered := storetest.OneWins(t, 4, func() (*fuelportal.PumpChallenge, error) {
			return svc.Answer(ctx, f.company.ID, f.driver.ID, no.ID, fuelportal.PumpAnswerNo)
		})
		if answered.Answer != string(fuelportal.PumpAnswerNo) || cardActive() {
			t.Fatalf("No = %+v; card active %v", answered, cardActive())
		}
		n := fuelportal.PumpRefusedNotice(no)
		want, err := json.Marshal(struct {
			Alert  *fuelportal.Alert  `json:"alert"`
			Notice *fuelportal.Notice `json:"notice"`
		}{fuelportal.PumpRefusedAlert(no), &n})
		if err != nil {
			t.Fatal(err)
		}
		if got := storetest.EventPayloads(t, db, f.company.ID, fuelportal.EventPumpRefused); len(got) != 1 || got[0] != string(want) {
			t.Fatalf("pump_check.refused events %v, want one %s", got, want)
		}
		// Each answer recorded is audited once, in its transaction.
		if n := storetest.Count(t, db, `SELECT COUNT(*) FROM audit_events WHERE kind = ? AND company_id = ?`, fuelportal.AuditPumpChallengeAnswered, f.company.ID); n != 2 {
			t.Fatalf("%d audit rows, want the Yes's and the No's", n)
		}
		if open, err := svc.OpenChallenges(ctx, f.company.ID, f.driver.ID); err != nil || len(open) != 0 {
			t.Fatalf("open challenges after the answers: %+v, %v", open, err)
		}
	})
}
