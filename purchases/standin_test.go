package purchases_test

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/purchases"
	"fuelportal/rules"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// pump is one company with network cards at one station, a funded
// storetest.Prepaid wallet and its answer on timeout.
type pump struct {
	db      *store.DB
	svc     *purchases.Service
	company int64
	// limited has a $50.00 per-purchase limit; open and other have no
	// limit.
	limited, open, other string
}

// untimed is the context of a test's own reads and writes around the
// operation it is about: on a bounded handle (openStuckable) they get a
// bound no loaded host reaches, so only that operation runs under the
// handle's; on an unbounded handle it changes nothing.
func untimed() context.Context { return store.WithTxTimeout(context.Background(), time.Hour) }

func newPump(t testing.TB, db *store.DB, onTimeout fuelportal.AuthorizationTimeout) *pump {
	t.Helper()
	ctx := untimed()
	company := &fuelportal.Company{Name: "Pump Freight", CarrierID: 7654321}
	if err := db.CreateCompanyOwner(ctx, company, &fuelportal.User{Email: "owner@example.com", PasswordHash: "hash"}); err != nil {
		t.Fatal(err)
	}
	p := &pump{db: db, company: company.ID, limited: "7071000000000000701", open: "7071000000000000702", other: "7071000000000000703"}
	issued := time.Now().UTC().Add(-48 * time.Hour)
	err := db.InTx(ctx, func(tx *store.Tx) error {
		for _, number := range []string{p.limited, p.open, p.other} {
			c := &fuelportal.Card{CompanyID: company.ID, CardNumber: number, DriverName: "D", DriverID: "D-" + number[16:], UnitNumber: "U-" + number[16:], CreatedAt: issued}
			if err := tx.CreateCard(ctx, c); err != nil {
				return err
			}
		}
		station := &fuelportal.Station{ID: 412, Name: "Pilot Travel Center #412", City: "Ocala", State: "FL", ZipCode: "34475",
			Latitude: 29.1, Longitude: -82.1, RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Now().UTC()}
		if _, err := tx.UpsertStations(ctx, []*fuelportal.Station{station}); err != nil {
			return err
		}
		return tx.SaveContract(ctx, &fuelportal.Contract{CompanyID: company.ID, Pricing: fuelportal.PricingRetailMinus,
			RetailMinusTenthCents: 120, Billing: fuelportal.BillingPrepaid, FeeCents: 150})
	})
	if err != nil {
		t.Fatal(err)
	}
	perPurchase := int64(50_00)
	if _, err := db.SaveCardControls(ctx, company.ID, p.limited, fuelportal.Controls{PerPurchaseCents: &perPurchase}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.CreditWallet(ctx, company.ID, 10_000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
		t.Fatal(err)
	}
	p.svc = purchases.New(purchases.Deps{DB: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	p.svc.Deadline = time.Minute
	if err := p.svc.SetTimeoutSetting(ctx, company.ID, onTimeout); err != nil {
		t.Fatal(err)
	}
	if err := p.svc.StandIn().Refresh(ctx, 0); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p *pump) request(id, card string, cents int64) *fuelportal.AuthorizationRequest {
	return &fuelportal.AuthorizationRequest{ID: id, CardNumber: card, LocationID: 412, AmountCents: cents}
}

// recorded waits for the stand-in's records and returns id's.
func (p *pump) recorded(t *testing.T, id string) *fuelportal.Authorization {
	t.Helper()
	ctx := untimed()
	if err := p.svc.StandIn().Wait(ctx); err != nil {
		t.Fatal(err)
	}
	a, err := p.db.Authorization(ctx, id)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return a
}

func (p *pump) held(t *testing.T) int64 {
	t.Helper()
	w, err := p.db.Wallet(untimed(), p.company)
	if err != nil {
		t.Fatal(err)
	}
	return w.HeldCents
}

func TestStandIn_AnswersFromMemoryWithinTheCardsLimits(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		p := newPump(t, db, fuelportal.TimeoutApprove)
		stand := p.svc.StandIn()
		controllable := func(id, card string, cents int64) *fuelportal.AuthorizationRequest {
			r := p.request(id, card, cents)
			r.Issuer, r.AmountControllable = fuelportal.IssuerNetwork, true
			return r
		}
		fixed := controllable("S-fixed", p.limited, 80_00)
		fixed.AmountControllable = false
		for _, c := range []struct {
			name     string
			r        *fuelportal.AuthorizationRequest
			approved bool
			cents    int64
		}{
			{"a pump request is cut to the per-purchase limit less the fee", controllable("S-1", p.limited, 80_00), true, 48_50},
			{"a second one waits for the first's record: declined", controllable("S-2", p.limited, 10_00), false, 0},
			{"a request that cannot be cut is declined above the limit", fixed, false, 0},
			{"a card without limits is cut to the stand-in's cap", controllable("S-3", p.open, 900_00), true, purchases.StandInCapCents},
			{"an unknown card is declined", controllable("S-4", "7071000000000000999", 10_00), false, 0},
		} {
			t.Run(c.name, func(t *testing.T) {
				a := stand.Answer(c.r)
				if a.Approved != c.approved || a.AmountCents != c.cents || !a.TimedOut {
					t.Fatalf("answer = approved %v %d (timed out %v), want approved %v %d", a.Approved, a.AmountCents, a.TimedOut, c.approved, c.cents)
				}
				if !a.Approved && a.DeclineCode != fuelportal.DeclineAuthorizationTimeout {
					t.Fatalf("decline code %q", a.DeclineCode)
				}
			})
		}
	})
}

func TestStandIn_DeclineSettingDeclines(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		p := newPump(t, db, fuelportal.TimeoutDecline)
		r := p.request("D-1", p.open, 10_00)
		r.Issuer, r.AmountControllable = fuelportal.IssuerNetwork, true
		if a := p.svc.StandIn().Answer(r); a.Approved || a.DeclineCode != fuelportal.DeclineAuthorizationTimeout {
			t.Fatalf("answer = %+v", a)
		}
	})
}

// A decision that cannot commit before the deadline is rolled back; the
// stand-in's answer, bounded by the card's per-purchase limit, is the one
// recorded, once, and the wallet holds exactly it.
func TestAuthorize_DecisionPastTheDeadlineIsRolledBackAndTheStandInRecorded(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		p := newPump(t, db, fuelportal.TimeoutApprove)
		release := make(chan struct{})
		p.svc.Deadline = 50 * time.Millisecond
		p.svc.Decide = func(f rules.AuthorizationFacts) rules.AuthorizationDecision {
			<-release // the decision ends only after the answer was given
			return rules.DecideAuthorization(f)
		}
		before := p.held(t)
		a, _, err := p.svc.AuthorizeNetwork(context.Background(), p.request("LATE-1", p.limited, 80_00))
		close(release)
		if err != nil {
			t.Fatal(err)
		}
		if !a.Approved || a.AmountCents != 48_50 || !a.TimedOut {
			t.Fatalf("answer = approved %v %d timed out %v, want the stand-in's 4850 (with the fee, the $50.00 limit)", a.Approved, a.AmountCents, a.TimedOut)
		}
		got := p.recorded(t, "LATE-1")
		if !got.Approved || got.AmountCents != 48_50 || got.HeldCents != 50_00 || !got.TimedOut || got.Status != fuelportal.AuthorizationHeld {
			t.Fatalf("record = %+v", got)
		}
		if held := p.held(t) - before; held != 50_00 {
			t.Fatalf("wallet holds %d more, want the answer's 4850 and its fee", held)
		}
		// The owners are told, each in their language.
		if _, err := db.DispatchEvents(context.Background()); err != nil {
			t.Fatal(err)
		}
		var alerts []string
		for _, i := range storetest.AlertsOf(t, db, p.company, false).Items {
			if fuelportal.AlertKind(i.Kind) == fuelportal.AlertAuthorization {
				alerts = append(alerts, i.Message, fuelportal.AlertItemText(i, fuelportal.LanguageSpanish))
			}
		}
		if want := []string{"Authorization approved on timeout: A card authorization of $80.00 could not be decided in time and was approved by your timeout setting.",
			"Autorización aprobada por tiempo de espera: Una autorización de $80.00 con tarjeta no se pudo decidir a tiempo y se aprobó según la configuración de tiempo de espera de su empresa."}; !slices.Equal(alerts, want) {
			t.Errorf("AUTHORIZATION alerts (English, Spanish) = %q, want %q", alerts, want)
		}
	})
}

// The request's context ends while its decision runs (the client went
// away): the decision still commits, and the answer is what was recorded.
func TestAuthorize_AnswerIsTheRecordWhenTheRequestEnds(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		p := newPump(t, db, fuelportal.TimeoutDecline)
		ctx, cancel := context.WithCancel(context.Background())
		p.svc.Decide = func(f rules.AuthorizationFacts) rules.AuthorizationDecision {
			cancel()
			return rules.DecideAuthorization(f)
		}
		a, _, err := p.svc.AuthorizeNetwork(ctx, p.request("GONE-1", p.open, 40_00))
		if err != nil {
			t.Fatalf("answer: %v", err)
		}
		got := p.recorded(t, "GONE-1")
		if !a.Approved || a.TimedOut || got.Approved != a.Approved || got.AmountCents != a.AmountCents || got.HeldCents != 40_00+150 {
			t.Fatalf("answer approved %v %d (timed out %v), record %+v", a.Approved, a.AmountCents, a.TimedOut, got)
		}
	})
}

// The database stops answering (a frozen PostgreSQL link; SQLite's write
// lock held by another process): the stand-in answers, and its answer is
// recorded once the database answers again.
func TestAuthorize_StuckDatabaseIsAnsweredByTheStandInAndRecordedAfter(t *testing.T) {
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			db, stick, unstick := openStuckable(t, engine, store.Options{Timeout: 2 * time.Second})
			p := newPump(t, db, fuelportal.TimeoutApprove)
			p.svc.Deadline = 100 * time.Millisecond
			before := p.held(t)
			stick()
			a, _, err := p.svc.AuthorizeNetwork(context.Background(), p.request("STUCK-1", p.limited, 80_00))
			unstick()
			if err != nil {
				t.Fatal(err)
			}
			if !a.Approved || a.AmountCents != 48_50 || !a.TimedOut {
				t.Fatalf("answer = approved %v %d timed out %v, want the stand-in's 4850", a.Approved, a.AmountCents, a.TimedOut)
			}
			if got := p.recorded(t, "STUCK-1"); !got.Approved || got.AmountCents != 48_50 || !got.TimedOut {
				t.Fatalf("record = %+v", got)
			}
			if held := p.held(t) - before; held != 50_00 {
				t.Fatalf("wallet holds %d more, want the answer's 4850 and its fee", held)
			}
		})
	}
}

// openStuckable opens a database of engine with opts, and returns how to
// make it stop answering (a frozen PostgreSQL link; SQLite's write lock
// held by another connection) and answer again.
func openStuckable(t *testing.T, engine store.Engine, opts store.Options) (db *store.DB, stick, unstick func()) {
	t.Helper()
	if engine == store.Postgres {
		if os.Getenv("TEST_DATABASE_URL") == "" {
			t.Skip("needs PostgreSQL (TEST_DATABASE_URL)")
		}
		db, proxy := storetest.OpenPostgresThroughProxy(t, opts)
		return db, proxy.Freeze, proxy.Thaw
	}
	path := filepath.Join(t.TempDir(), "stuck.db")
	db = storetest.OpenSQLiteAtWith(t, path, opts)
	stick, unstick = writeLockElsewhere(t, path)
	return db, stick, unstick
}

// writeLockElsewhere returns how to take SQLite's write lock on path from
// a connection of its own, as another process writing would, and how to
// let it go.
func writeLockElsewhere(t *testing.T, path string) (lock, unlock func()) {
	ctx := context.Background()
	other, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lock = func() {
		if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
			t.Fatal(err)
		}
	}
	unlock = func() {
		_, _ = conn.ExecContext(ctx, "ROLLBACK")
		conn.Close()
	}
	return lock, unlock
}

// A hold near the floor is checked again under the wallet row's lock: a
// decision that read the wallet before another card's hold committed
// becomes a funds decline, and the wallet holds only what fits.
func TestAuthorize_NearTheFloorADecisionOnAStaleBalanceIsDeclined(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("needs PostgreSQL (TEST_DATABASE_URL): SQLite's writers never interleave")
	}
	ctx := context.Background()
	p := newPump(t, storetest.OpenPostgres(t), fuelportal.TimeoutDecline)
	calls := 0
	p.svc.Decide = func(f rules.AuthorizationFacts) rules.AuthorizationDecision {
		if calls++; calls == 1 {
			// Another card's hold commits after this decision read the wallet.
			other, _, err := p.svc.AuthorizeNetwork(ctx, p.request("NEAR-1", p.other, 6_000_00))
			if err != nil || !other.Approved {
				t.Errorf("other = %+v, %v", other, err)
			}
		}
		return rules.DecideAuthorization(f)
	}
	before := p.held(t)
	a, _, err := p.svc.AuthorizeNetwork(ctx, p.request("NEAR-2", p.open, 6_000_00))
	if err != nil || a.Approved || a.DeclineCode != fuelportal.DeclineInsufficientFunds {
		t.Fatalf("answer = %+v, %v", a, err)
	}
	if held := p.held(t) - before; held != 6_000_00+150 {
		t.Fatalf("held %d more, want the first hold's 600150", held)
	}
}

// The process that gave a stand-in answer stops before the database could
// record it: the answer waits in its journal, and the next process to
// open the journal's directory records it, once; a second replay of the
// same journal records nothing more.
func TestStandIn_JournaledAnswerOutlivesTheProcessAndIsRecordedOnce(t *testing.T) {
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			ctx := context.Background()
			db, stick, unstick := openStuckable(t, engine, store.Options{Timeout: time.Second})
			p := newPump(t, db, fuelportal.TimeoutApprove)
			dir := t.TempDir()
			if err := p.svc.StandIn().OpenJournal(dir); err != nil {
				t.Fatal(err)
			}
			p.svc.Deadline = 100 * time.Millisecond
			before := p.held(t)

			stick()
			a, _, err := p.svc.AuthorizeNetwork(ctx, p.request("GONE-BEFORE-RECORD", p.limited, 80_00))
			if err != nil || !a.Approved || a.AmountCents != 48_50 || !a.TimedOut {
				unstick()
				t.Fatalf("answer = %+v, %v; want the stand-in's 4850", a, err)
			}
			p.svc.StandIn().Close() // the process stops: its record attempt ends unanswered
			unstick()
			if _, err := db.Authorization(untimed(), "GONE-BEFORE-RECORD"); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("recorded by the stopped process: %v", err)
			}
			journals, _ := filepath.Glob(filepath.Join(dir, "*"))
			if len(journals) != 1 {
				t.Fatalf("journals = %v, want the stopped process's", journals)
			}
			kept, err := os.ReadFile(journals[0])
			if err != nil {
				t.Fatal(err)
			}

			replay := func() {
				t.Helper()
				next := purchases.New(purchases.Deps{DB: db, Logger: p.svc.Logger})
				if err := next.StandIn().OpenJournal(dir); err != nil {
					t.Fatal(err)
				}
				if err := next.StandIn().Wait(ctx); err != nil {
					t.Fatal(err)
				}
				next.StandIn().Close()
				got, err := db.Authorization(untimed(), "GONE-BEFORE-RECORD")
				if err != nil || !got.Approved || got.AmountCents != 48_50 || !got.TimedOut || got.Status != fuelportal.AuthorizationHeld {
					t.Fatalf("record = %+v, %v", got, err)
				}
				if held := p.held(t) - before; held != 50_00 {
					t.Fatalf("wallet holds %d more, want the answer's 4850 and its fee once", held)
				}
				if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
					t.Fatalf("journals left after the record: %v", left)
				}
			}
			replay()
			// The same journal once more (a process that adopted it stopped
			// before removing it): nothing more is recorded.
			if err := os.WriteFile(journals[0], kept, 0o600); err != nil {
				t.Fatal(err)
			}
			replay()
		})
	}
}

// The network's capture reaches another process before the stand-in's
// approval is recorded: it is answered 503 (sent again), nothing moves;
// once the approval is recorded the capture sent again takes its hold.
func TestCaptureNetwork_BeforeTheStandInsRecordIsSentAgain(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		p := newPump(t, db, fuelportal.TimeoutApprove)
		answering := purchases.New(purchases.Deps{DB: db, Logger: p.svc.Logger}) // the process that answered
		if err := answering.StandIn().Refresh(ctx, 0); err != nil {
			t.Fatal(err)
		}
		r := p.request("ELSEWHERE-1", p.limited, 80_00)
		r.Issuer, r.AmountControllable, r.ReceivedAt, r.Created = fuelportal.IssuerNetwork, true, time.Now().UTC(), time.Now().UTC()
		a := answering.StandIn().Answer(r)
		if !a.Approved {
			t.Fatalf("stand-in answer = %+v", a)
		}
		balance, _ := db.WalletBalance(ctx, p.company)
		capture := &fuelportal.CardPurchase{NetworkTransactionID: "CAP-ELSEWHERE-1", AuthorizationID: r.ID, CardNumber: p.limited,
			LocationID: 412, Gallons: 10_000, RetailPrice: 3859, TransactionDate: time.Now().UTC().Add(-time.Minute)}
		_, _, err := p.svc.Record(ctx, capture)
		if fuelportal.ErrorCode(err) != fuelportal.EUNAVAILABLE || fuelportal.ErrorMessage(err) != purchases.MsgAuthorizationNotRecordedYet {
			t.Fatalf("capture before the record: %v, want 503 to send it again", err)
		}
		if b, _ := db.WalletBalance(ctx, p.company); b != balance {
			t.Fatalf("the refused capture moved money: %d → %d", balance, b)
		}

		answering.StandIn().Record(r, a)
		if err := answering.StandIn().Wait(ctx); err != nil {
			t.Fatal(err)
		}
		held := p.held(t)
		tr, created, err := p.svc.Record(ctx, capture)
		if err != nil || !created || tr.Status != fuelportal.TransactionApproved {
			t.Fatalf("capture sent again: %+v, %v", tr, err)
		}
		got, _ := db.Authorization(ctx, r.ID)
		if got.Status != fuelportal.AuthorizationCaptured || p.held(t) != held-50_00 {
			t.Fatalf("authorization %s, held %d → %d: want captured and its hold released", got.Status, held, p.held(t))
		}
		if b, _ := db.WalletBalance(ctx, p.company); b != balance-tr.FundedTotalCents {
			t.Fatalf("balance %d, want %d less the purchase's %d", b, balance, tr.FundedTotalCents)
		}
	})
}
