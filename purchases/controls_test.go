package purchases_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/rules"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func ptr[T any](v T) *T { return &v }

// controlsFixture adds to a fleet fixture a far station (Love's in
// Dallas, TX, ~1,000 miles from Ocala, FL) and makes new cards on demand.
type controlsFixture struct {
	*storetest.Fleet
	db   *store.DB
	far  *fuelportal.Station
	next int
}

func newControlsFixture(t *testing.T, db *store.DB, walletCents int64) *controlsFixture {
	t.Helper()
	ctx := context.Background()
	f := &controlsFixture{Fleet: storetest.NewFleet(t, db, storetest.Prepaid), db: db}
	f.far = &fuelportal.Station{ID: 913, Name: "Love's #913", City: "Dallas", State: "TX", ZipCode: "75201",
		Latitude: 32.78, Longitude: -96.8, Chain: "LOVES", RetailPrice: 3659, NetPrice: 3479, PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.UpsertStations(ctx, []*fuelportal.Station{f.far})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.CreditWallet(ctx, f.Company.ID, walletCents, fuelportal.LedgerTopUp, "seed"); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *controlsFixture) newCard(t *testing.T, c fuelportal.Controls) *fuelportal.Card {
	t.Helper()
	ctx := context.Background()
	f.next++
	card := &fuelportal.Card{CompanyID: f.Company.ID, CardNumber: fmt.Sprintf("70719%014d", f.next), DriverName: "Card", DriverID: "D", UnitNumber: "U", CreatedAt: storetest.CardIssued}
	if err := f.db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, card) }); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.SaveCardControls(ctx, f.Company.ID, card.CardNumber, c); err != nil {
		t.Fatal(err)
	}
	return card
}

// buy records a purchase of gallons on card at station and time (UTC).
func (f *controlsFixture) buy(t *testing.T, card string, station int64, gallons fuelportal.Gallons, product fuelportal.ProductCode, at time.Time) *fuelportal.Transaction {
	t.Helper()
	f.next++
	p := &fuelportal.CardPurchase{NetworkTransactionID: fmt.Sprintf("ctl-%d", f.next), CardNumber: card, LocationID: station,
		Gallons: gallons, RetailPrice: 3859, TransactionDate: at, Product: product}
	tr, _, err := flow(f.db).Record(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// friday is Friday 2025-03-14 10:00 in America/Chicago (the default zone).
var friday = time.Date(2025, 3, 14, 15, 0, 0, 0, time.UTC)

func TestCardControls_EachRuleDeclines(t *testing.T) {
	type prior struct {
		station int64 // 0: the near station
		gallons fuelportal.Gallons
		at      time.Time
	}
	// 100 gal at the near station costs 373.90 + 1.50 fee = 375.40.
	cases := []struct {
		name     string
		controls fuelportal.Controls
		before   []prior
		station  int64 // 0: the near station (FL, PILOT)
		gallons  fuelportal.Gallons
		product  fuelportal.ProductCode
		at       time.Time
		want     fuelportal.DeclineReason
	}{
		{name: "no rules approves", gallons: 100_000},
		{name: "per purchase limit", controls: fuelportal.Controls{PerPurchaseCents: ptr(int64(375_39))}, gallons: 100_000, want: fuelportal.DeclinePerPurchaseLimit},
		{name: "per purchase limit met exactly", controls: fuelportal.Controls{PerPurchaseCents: ptr(int64(375_40))}, gallons: 100_000},
		{name: "daily limit counts today's purchases", controls: fuelportal.Controls{DailyCents: ptr(int64(700_00))},
			before: []prior{{gallons: 100_000, at: friday.Add(-time.Hour)}}, gallons: 100_000, want: fuelportal.DeclineDailyLimit},
		{name: "daily limit ignores yesterday", controls: fuelportal.Controls{DailyCents: ptr(int64(700_00))},
			before: []prior{{gallons: 100_000, at: friday.Add(-24 * time.Hour)}}, gallons: 100_000},
		{name: "daily gallons", controls: fuelportal.Controls{DailyGallons: ptr(fuelportal.Gallons(150_000))},
			before: []prior{{gallons: 60_000, at: friday.Add(-time.Hour)}}, gallons: 100_000, want: fuelportal.DeclineDailyGallonsLimit},
		{name: "weekly limit counts Monday on", controls: fuelportal.Controls{WeeklyCents: ptr(int64(700_00))},
			before: []prior{{gallons: 100_000, at: friday.Add(-4 * 24 * time.Hour)}}, gallons: 100_000, want: fuelportal.DeclineWeeklyLimit},
		{name: "weekly limit ignores last week", controls: fuelportal.Controls{WeeklyCents: ptr(int64(700_00))},
			before: []prior{{gallons: 100_000, at: friday.Add(-5 * 24 * time.Hour)}}, gallons: 100_000},
		{name: "purchases per day", controls: fuelportal.Controls{DailyPurchases: ptr(1)},
			before: []prior{{gallons: 10_000, at: friday.Add(-time.Hour)}}, gallons: 10_000, want: fuelportal.DeclineDailyPurchasesLimit},
		{name: "product not allowed", controls: fuelportal.Controls{AllowedProducts: []fuelportal.ProductCode{fuelportal.ProductDiesel}},
			gallons: 10_000, product: fuelportal.ProductGasoline, want: fuelportal.DeclineProductNotAllowed},
		{name: "day not allowed", controls: fuelportal.Controls{AllowedDays: []time.Weekday{time.Monday}}, gallons: 10_000, want: fuelportal.DeclineDayNotAllowed},
		{name: "hour not allowed in the company's zone", controls: fuelportal.Controls{AllowedHours: &fuelportal.HourRange{From: 11 * 60, To: 22 * 60}},
			gallons: 10_000, want: fuelportal.DeclineHourNotAllowed},
		{name: "hour allowed in the company's zone", controls: fuelportal.Controls{AllowedHours: &fuelportal.HourRange{From: 10 * 60, To: 11 * 60}}, gallons: 10_000},
		{name: "state not allowed", controls: fuelportal.Controls{AllowedStates: []string{"TX"}}, gallons: 10_000, want: fuelportal.DeclineStateNotAllowed},
		{name: "chain not allowed", controls: fuelportal.Controls{AllowedChains: []string{"LOVES"}}, gallons: 10_000, want: fuelportal.DeclineChainNotAllowed},
		{name: "chain blocked", controls: fuelportal.Controls{BlockedChains: []string{"PILOT"}}, gallons: 10_000, want: fuelportal.DeclineChainNotAllowed},
		{name: "over tank capacity", controls: fuelportal.Controls{TankCapacityGallons: ptr(fuelportal.Gallons(150_000))}, gallons: 150_001, want: fuelportal.DeclineOverTankCapacity},
		{name: "reefer against its own tank", controls: fuelportal.Controls{TankCapacityGallons: ptr(fuelportal.Gallons(300_000)), ReeferTankGallons: ptr(fuelportal.Gallons(50_000))},
			gallons: 60_000, product: fuelportal.ProductReefer, want: fuelportal.DeclineOverTankCapacity},
		{name: "tractor diesel not against the reefer tank", controls: fuelportal.Controls{ReeferTankGallons: ptr(fuelportal.Gallons(50_000))}, gallons: 60_000},
		{name: "monthly budget", controls: fuelportal.Controls{MonthlyBudgetCents: ptr(int64(700_00))},
			before: []prior{{gallons: 100_000, at: time.Date(2025, 3, 2, 15, 0, 0, 0, time.UTC)}}, gallons: 100_000, want: fuelportal.DeclineMonthlyBudget},
		{name: "too far from the last purchase", before: []prior{{station: 913, gallons: 10_000, at: friday.Add(-2 * time.Hour)}},
			gallons: 10_000, want: fuelportal.DeclineSuspiciousDistance},
		{name: "far but time enough to drive", before: []prior{{station: 913, gallons: 10_000, at: friday.Add(-20 * time.Hour)}}, gallons: 10_000},
	}
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		f := newControlsFixture(t, db, 100_000_00)
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				card := f.newCard(t, tc.controls)
				for _, p := range tc.before {
					if tr := f.buy(t, card.CardNumber, cmpStation(p.station, f.Station.ID), p.gallons, "", p.at); tr.Status != fuelportal.TransactionApproved {
						t.Fatalf("prior purchase declined %s", tr.DeclineReason)
					}
				}
				at := tc.at
				if at.IsZero() {
					at = friday
				}
				tr := f.buy(t, card.CardNumber, cmpStation(tc.station, f.Station.ID), tc.gallons, tc.product, at)
				if tr.DeclineReason != tc.want {
					t.Fatalf("decline = %q, want %q", tr.DeclineReason, tc.want)
				}
				if (tc.want == "") != (tr.Status == fuelportal.TransactionApproved) || (tc.want != "" && tr.FundedTotalCents != 0) {
					t.Fatalf("status %s funded %d", tr.Status, tr.FundedTotalCents)
				}
				// What was recorded reads back the same.
				got, err := db.Transaction(context.Background(), fuelportal.TransactionScope{CompanyID: f.Company.ID}, tr.ID)
				if err != nil || got.DeclineReason != tc.want || got.Product != cmpProduct(tc.product) {
					t.Fatalf("read back %+v, %v", got, err)
				}
			})
		}
	})
}

func cmpStation(id, fallback int64) int64 {
	if id == 0 {
		return fallback
	}
	return id
}

func cmpProduct(p fuelportal.ProductCode) fuelportal.ProductCode {
	if p == "" {
		return fuelportal.ProductDiesel
	}
	return p
}

func TestCardControls_CompanyDefaultAndOverride(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newControlsFixture(t, db, 100_000_00)
		if _, err := db.SaveCompanyControls(ctx, f.Company.ID, fuelportal.CompanyControls{
			Controls: fuelportal.Controls{PerPurchaseCents: ptr(int64(100_00))}, TimeZone: "America/New_York"}); err != nil {
			t.Fatal(err)
		}
		inherits := f.newCard(t, fuelportal.Controls{})
		own := f.newCard(t, fuelportal.Controls{PerPurchaseCents: ptr(int64(1000_00))})
		if tr := f.buy(t, inherits.CardNumber, f.Station.ID, 100_000, "", friday); tr.DeclineReason != fuelportal.DeclinePerPurchaseLimit {
			t.Fatalf("inheriting card: %q", tr.DeclineReason)
		}
		if tr := f.buy(t, own.CardNumber, f.Station.ID, 100_000, "", friday); tr.Status != fuelportal.TransactionApproved {
			t.Fatalf("card's own limit: %q", tr.DeclineReason)
		}

		until, err := db.GrantOverride(ctx, f.Company.ID, inherits.CardNumber, 24, false)
		if err != nil || !until.After(time.Now().Add(23*time.Hour)) {
			t.Fatalf("GrantOverride = %v, %v", until, err)
		}
		if tr := f.buy(t, inherits.CardNumber, f.Station.ID, 100_000, "", friday.Add(time.Hour)); tr.Status != fuelportal.TransactionApproved {
			t.Fatalf("override: %q", tr.DeclineReason)
		}
		// The override never lifts the wallet: 2,000 gal cost ~7,480.
		for range 14 {
			f.buy(t, inherits.CardNumber, f.Station.ID, 2_000_000, "", friday.Add(2*time.Hour))
		}
		if tr := f.buy(t, inherits.CardNumber, f.Station.ID, 2_000_000, "", friday.Add(3*time.Hour)); tr.DeclineReason != fuelportal.DeclineInsufficientFunds {
			t.Fatalf("override past the wallet: %q", tr.DeclineReason)
		}
		if err := db.EndOverride(ctx, f.Company.ID, inherits.CardNumber); err != nil {
			t.Fatal(err)
		}
		if tr := f.buy(t, inherits.CardNumber, f.Station.ID, 1_000, "", friday.Add(4*time.Hour)); tr.Status != fuelportal.TransactionApproved {
			t.Fatalf("small purchase after the override: %q", tr.DeclineReason)
		}
		if tr := f.buy(t, inherits.CardNumber, f.Station.ID, 100_000, "", friday.Add(4*time.Hour)); tr.DeclineReason != fuelportal.DeclinePerPurchaseLimit {
			t.Fatalf("override ended: %q", tr.DeclineReason)
		}

		// Another company's card is not found.
		if _, err := db.GrantOverride(ctx, f.Company.ID+1000, inherits.CardNumber, 24, false); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("other company's override: %v", err)
		}
		if _, err := db.CardControls(ctx, f.Company.ID+1000, own.CardNumber); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("other company's controls: %v", err)
		}
		sums, err := db.CardControlSummaries(ctx, f.Company.ID, time.Now())
		if err != nil || !sums[inherits.ID].Active || sums[inherits.ID].OverrideUntil != nil {
			t.Fatalf("summaries = %+v, %v", sums[inherits.ID], err)
		}
	})
}

// TestCardControls_ConcurrentPurchasesStopAtTheDailyGallons: 200 purchases
// of 10 gal at once on a card limited to 1,000 gal a day approve exactly
// 100.
func TestCardControls_ConcurrentPurchasesStopAtTheDailyGallons(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		f := newControlsFixture(t, db, 100_000_00)
		card := f.newCard(t, fuelportal.Controls{DailyGallons: ptr(fuelportal.Gallons(1_000_000))})
		var wg sync.WaitGroup
		var mu sync.Mutex
		approved, declined := 0, 0
		sem := make(chan struct{}, 16)
		for i := range 200 {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				p := &fuelportal.CardPurchase{NetworkTransactionID: fmt.Sprintf("conc-%d", i), CardNumber: card.CardNumber, LocationID: f.Station.ID,
					Gallons: 10_000, RetailPrice: 3859, TransactionDate: friday.Add(time.Duration(i) * time.Second)}
				tr, _, err := flow(db).Record(context.Background(), p)
				if err != nil {
					t.Errorf("purchase %d: %v", i, err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				switch tr.DeclineReason {
				case "":
					approved++
				case fuelportal.DeclineDailyGallonsLimit:
					declined++
				default:
					t.Errorf("purchase %d: %s", i, tr.DeclineReason)
				}
			})
		}
		wg.Wait()
		if approved != 100 || declined != 100 {
			t.Fatalf("approved %d, declined %d; want 100 and 100", approved, declined)
		}
	})
}

// TestCardControls_ApprovedIffEveryRuleAndTheWalletAllow records random
// purchases under random controls and checks each outcome against a model
// kept in Go: the pure decision over the history the model saw and the
// wallet's balance before it.
func TestCardControls_ApprovedIffEveryRuleAndTheWalletAllow(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := rand.New(rand.NewPCG(11, 12))
		// A wallet of $15,000 runs dry within the rounds, so it declines too.
		f := newControlsFixture(t, db, 15_000_00)
		loc, _ := time.LoadLocation(fuelportal.DefaultTimeZone)
		stations := []*fuelportal.Station{f.Station, f.far}
		for round := range 6 {
			c := fuelportal.Controls{}
			if r.IntN(2) == 0 {
				c.PerPurchaseCents = ptr(int64(200_00 + r.IntN(400_00)))
			}
			if r.IntN(2) == 0 {
				c.DailyCents = ptr(int64(500_00 + r.IntN(1000_00)))
			}
			if r.IntN(2) == 0 {
				c.DailyGallons = ptr(fuelportal.Gallons(150_000 + r.IntN(300_000)))
			}
			if r.IntN(2) == 0 {
				c.WeeklyCents = ptr(int64(1000_00 + r.IntN(2000_00)))
			}
			if r.IntN(2) == 0 {
				c.DailyPurchases = ptr(1 + r.IntN(4))
			}
			if r.IntN(3) == 0 {
				c.AllowedProducts = []fuelportal.ProductCode{fuelportal.ProductDiesel, fuelportal.ProductReefer}
			}
			if r.IntN(3) == 0 {
				c.AllowedHours = &fuelportal.HourRange{From: 6 * 60, To: 20 * 60}
			}
			if r.IntN(3) == 0 {
				c.TankCapacityGallons = ptr(fuelportal.Gallons(120_000))
			}
			if r.IntN(3) == 0 {
				c.MonthlyBudgetCents = ptr(int64(2000_00 + r.IntN(2000_00)))
			}
			card := f.newCard(t, c)
			var history []*fuelportal.Transaction
			at := time.Date(2025, 4, 1+round, 12, 0, 0, 0, time.UTC)
			for i := range 30 {
				at = at.Add(time.Duration(r.IntN(20*60)) * time.Minute)
				st := stations[0]
				if r.IntN(8) == 0 {
					st = stations[1]
				}
				product := fuelportal.ProductCodes[r.IntN(len(fuelportal.ProductCodes))]
				gallons := fuelportal.Gallons(5_000 + r.IntN(200_000))
				before, err := db.WalletBalance(ctx, f.Company.ID)
				if err != nil {
					t.Fatal(err)
				}
				tr := f.buy(t, card.CardNumber, st.ID, gallons, product, at)

				want := rules.DecidePurchase(rules.PurchaseFacts{Card: card, Station: st, Product: product, Gallons: gallons,
					RetailPrice: 3859, Price: tr.NetPrice, Time: at, Contract: &storetest.Prepaid, Controls: c, Location: loc,
					History: modelHistory(history, at, loc, stations), WalletCents: before}).Reason
				if tr.DeclineReason != want {
					t.Fatalf("round %d purchase %d: decline %q, the model says %q", round, i, tr.DeclineReason, want)
				}
				if tr.Status == fuelportal.TransactionApproved {
					history = append(history, tr)
				}
			}
		}
	})
}

// modelHistory computes the card history from the approved purchases the
// test saw, without SQL.
func modelHistory(approved []*fuelportal.Transaction, at time.Time, loc *time.Location, stations []*fuelportal.Station) rules.CardHistory {
	p := rules.PeriodsOf(at, loc)
	in := func(t, from, to time.Time) bool { return !t.Before(from) && t.Before(to) }
	var h rules.CardHistory
	for _, t := range approved {
		d := t.TransactionDate
		if in(d, p.DayStart, p.DayEnd) {
			h.DayCents += t.FundedTotalCents
			h.DayGallons += t.Gallons
			h.DayPurchases++
		}
		if in(d, p.WeekStart, p.WeekEnd) {
			h.WeekCents += t.FundedTotalCents
		}
		if in(d, p.MonthStart, p.MonthEnd) {
			h.MonthCents += t.FundedTotalCents
		}
		if !d.After(at) && (h.Last == nil || !d.Before(h.Last.Time)) {
			for _, s := range stations {
				if s.ID == t.LocationID {
					h.Last = &rules.PlaceAndTime{Time: d, Latitude: s.Latitude, Longitude: s.Longitude}
				}
			}
		}
	}
	return h
}

func TestCardControls_NearALimitIsAnAlertOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newControlsFixture(t, db, 10_000_00)
		card := f.newCard(t, fuelportal.Controls{DailyCents: ptr(int64(1000_00))})
		nearAlerts := func() int {
			t.Helper()
			page, err := db.Inbox(ctx, fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: f.Company.ID}, Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, a := range page.Items {
				if fuelportal.AlertKind(a.Kind) == fuelportal.AlertNearLimit && a.CardID == card.ID {
					n++
				}
			}
			return n
		}
		// About $190 a purchase at the fixture's station: four stay under $800, the fifth crosses it.
		for i := range 4 {
			if tr := f.buy(t, card.CardNumber, f.Station.ID, 50_000, fuelportal.ProductDiesel, friday.Add(time.Duration(i)*time.Minute)); tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("purchase %d: %s %s", i, tr.Status, tr.DeclineReason)
			}
		}
		if n := nearAlerts(); n != 0 {
			t.Fatalf("%d near-limit alerts under 80 %%", n)
		}
		if tr := f.buy(t, card.CardNumber, f.Station.ID, 50_000, fuelportal.ProductDiesel, friday.Add(5*time.Minute)); tr.Status != fuelportal.TransactionApproved {
			t.Fatalf("the crossing purchase: %s %s", tr.Status, tr.DeclineReason)
		}
		if n := nearAlerts(); n != 1 {
			t.Fatalf("%d near-limit alerts after crossing 80 %%, want 1", n)
		}
		f.buy(t, card.CardNumber, f.Station.ID, 1_000, fuelportal.ProductDiesel, friday.Add(6*time.Minute))
		if n := nearAlerts(); n != 1 {
			t.Fatalf("%d near-limit alerts after a purchase already past 80 %%, want 1", n)
		}
	})
}

// TestCompanyControls_DefaultUntilSaved: a company has no rules in the
// default time zone until its owner saves some; then it reads back what
// was saved, and another company keeps its own default.
func TestCompanyControls_DefaultUntilSaved(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newControlsFixture(t, db, 1)
		got, err := db.CompanyControls(ctx, f.Company.ID)
		if err != nil || got.TimeZone != fuelportal.DefaultTimeZone || got.Prompt != fuelportal.PromptNone || !reflect.DeepEqual(got.Controls, fuelportal.Controls{}) {
			t.Fatalf("before saving: %+v, %v", got, err)
		}
		want := fuelportal.CompanyControls{TimeZone: "America/New_York", Prompt: fuelportal.PromptOdometer, Controls: fuelportal.Controls{
			DailyCents: ptr(int64(150_000)), AllowedStates: []string{"FL", "TX"}, MonthlyBudgetCents: ptr(int64(900_000))}}
		if _, err := db.SaveCompanyControls(ctx, f.Company.ID, want); err != nil {
			t.Fatal(err)
		}
		got, err = db.CompanyControls(ctx, f.Company.ID)
		if err != nil || !reflect.DeepEqual(*got, want) {
			t.Fatalf("after saving: %+v, %v; want %+v", got, err, want)
		}
		other, err := db.CompanyControls(ctx, f.Company.ID+1000)
		if err != nil || other.TimeZone != fuelportal.DefaultTimeZone || !reflect.DeepEqual(other.Controls, fuelportal.Controls{}) {
			t.Fatalf("another company: %+v, %v", other, err)
		}
	})
}

// TestCardsBudget_SumsBudgetsAndThisMonthsApprovedSpend: the budget is the
// sum of the cards' monthly budgets (nil when none has one); the spend is
// this month's approved funded totals of every card, declines and last
// month's purchases left out.
func TestCardsBudget_SumsBudgetsAndThisMonthsApprovedSpend(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newControlsFixture(t, db, 10_000_00)
		now := friday.Add(time.Hour)
		if budget, spend, err := db.CardsBudget(ctx, f.Company.ID, now); err != nil || budget != nil || spend != 0 {
			t.Fatalf("no budgets yet: %v, %d, %v", budget, spend, err)
		}
		a := f.newCard(t, fuelportal.Controls{MonthlyBudgetCents: ptr(int64(50_000))})
		b := f.newCard(t, fuelportal.Controls{MonthlyBudgetCents: ptr(int64(30_000)), PerPurchaseCents: ptr(int64(100))})
		c := f.newCard(t, fuelportal.Controls{})
		approvedA := f.buy(t, a.CardNumber, f.Station.ID, 20_000, "", friday)
		approvedC := f.buy(t, c.CardNumber, f.Station.ID, 10_000, "", friday)
		declinedB := f.buy(t, b.CardNumber, f.Station.ID, 10_000, "", friday)
		lastMonth := f.buy(t, a.CardNumber, f.Station.ID, 10_000, "", friday.AddDate(0, -1, 0))
		for _, tr := range []*fuelportal.Transaction{approvedA, approvedC, lastMonth} {
			if tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("purchase %s declined: %q", tr.NetworkTransactionID, tr.DeclineReason)
			}
		}
		if declinedB.Status != fuelportal.TransactionDeclined {
			t.Fatalf("over the per-purchase limit approved")
		}
		budget, spend, err := db.CardsBudget(ctx, f.Company.ID, now)
		if err != nil || budget == nil || *budget != 80_000 || spend != approvedA.FundedTotalCents+approvedC.FundedTotalCents {
			t.Fatalf("budget %v spend %d err %v; want 80000 and %d", budget, spend, err, approvedA.FundedTotalCents+approvedC.FundedTotalCents)
		}
		if budget, spend, err := db.CardsBudget(ctx, f.Company.ID+1000, now); err != nil || budget != nil || spend != 0 {
			t.Fatalf("another company: %v, %d, %v", budget, spend, err)
		}
	})
}

func TestDriverCard_RulesAndWhatIsLeftToday(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newControlsFixture(t, db, 10_000_00)
		card := f.newCard(t, fuelportal.Controls{DailyCents: ptr(int64(500_00)), AllowedProducts: []fuelportal.ProductCode{fuelportal.ProductDiesel}})
		bought := f.buy(t, card.CardNumber, f.Station.ID, 50_000, "", friday)
		yesterday := f.buy(t, card.CardNumber, f.Station.ID, 10_000, "", friday.AddDate(0, 0, -1))
		if bought.Status != fuelportal.TransactionApproved || yesterday.Status != fuelportal.TransactionApproved {
			t.Fatalf("purchases declined: %q, %q", bought.DeclineReason, yesterday.DeclineReason)
		}
		got, err := db.DriverCard(ctx, f.Company.ID, card.ID, friday.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if got.CardNumber != card.CardNumber || got.Left.DayCents == nil || *got.Left.DayCents != 500_00-bought.FundedTotalCents {
			t.Fatalf("left today = %v, want %d", got.Left.DayCents, 500_00-bought.FundedTotalCents)
		}
		if len(got.Controls.AllowedProducts) != 1 || got.Left.WeekCents != nil || got.OverrideUntil != nil || got.VehicleTankGallons != nil {
			t.Fatalf("card = %+v", got)
		}
		// The next day starts afresh.
		if next, err := db.DriverCard(ctx, f.Company.ID, card.ID, friday.AddDate(0, 0, 1)); err != nil || *next.Left.DayCents != 500_00 {
			t.Fatalf("next day = %+v, %v", next, err)
		}
		if _, err := db.DriverCard(ctx, f.Company.ID+1000, card.ID, friday); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's card: %v", err)
		}
	})
}
