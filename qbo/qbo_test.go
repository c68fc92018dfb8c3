package qbo

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/netguard"
	"fuelportal/qbo/qbofake"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

const redirect = "https://portal.example.test/api/accounting/qbo/callback"

type world struct {
	db      *store.DB
	fake    *qbofake.Fake
	clock   *storetest.Clock
	company int64 // the one with purchases
	other   int64 // another company, with purchases of its own
	user    int64
	// approved counts the company's approved purchases (all on one day).
	approved  int
	from, day string // the purchases' days in the company's zone
}

func startFake(t testing.TB) *qbofake.Fake {
	fake := qbofake.Start()
	t.Cleanup(fake.Close)
	return fake
}

func benchUser(t testing.TB, db *store.DB) int64 {
	t.Helper()
	u := &fuelportal.User{Email: "books@acme.test", PasswordHash: "hash", FirstName: "Bo", LastName: "Books"}
	c := &fuelportal.Company{Name: "Users' home", CarrierID: 3000001, PhoneNumber: "+1 555 010 0000"}
	if err := db.CreateCompanyOwner(context.Background(), c, u); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func newWorld(t *testing.T, db *store.DB, rows int) *world {
	t.Helper()
	w := &world{db: db, fake: startFake(t), clock: storetest.NewClock(db)}
	end := time.Date(2025, 3, 10, 20, 0, 0, 0, time.UTC)
	data := storetest.FillTransactions(t, db, storetest.FleetVolume{Rows: rows, Companies: 2, FirstShare: 0.8, CardsPerCompany: 20, Days: 1, End: end})
	w.company, w.other = data.CompanyIDs[0], data.CompanyIDs[1]
	w.user = benchUser(t, db)
	w.from, w.day = "2025-03-09", "2025-03-10"
	f := fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: w.company}}
	if err := db.EachTransaction(context.Background(), f, func(t *fuelportal.Transaction) error {
		if t.Status == fuelportal.TransactionApproved && t.FundedTotalCents > 0 {
			w.approved++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *world) service(opts ...func(*Deps)) *Service {
	d := Deps{Store: w.db, ClientID: w.fake.ClientID, ClientSecret: w.fake.ClientSecret, APIBase: w.fake.URL,
		AuthURL: w.fake.AuthURL(), TokenURL: w.fake.TokenURL(), RevokeURL: w.fake.RevokeURL(),
		SecretKey: "a-test-secret-key-of-at-least-32-characters", Policy: netguard.Policy{AllowPrivate: true}, Now: w.clock.Now}
	for _, o := range opts {
		o(&d)
	}
	return New(d)
}

// connect runs the OAuth round trip for the company: the connect URL, the
// person's consent at Intuit, the callback.
func (w *world) connect(t testing.TB, s *Service, company int64, realm string) {
	t.Helper()
	state, binding := w.state(t, s, company)
	if _, err := s.Callback(context.Background(), w.fake.Consent(realm, redirect), state, realm, redirect, binding, fuelportal.Actor{}); err != nil {
		t.Fatalf("Callback: %v", err)
	}
}

func (w *world) state(t testing.TB, s *Service, company int64) (state, binding string) {
	t.Helper()
	raw, binding, err := s.ConnectURL(context.Background(), Asker{CompanyID: company, UserID: w.user, Role: fuelportal.MemberBookkeeper, SessionID: "sess-1"}, redirect)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if q.Get("client_id") != w.fake.ClientID || q.Get("response_type") != "code" || q.Get("scope") != Scope || q.Get("redirect_uri") != redirect {
		t.Fatalf("authorization URL %s", raw)
	}
	return q.Get("state"), binding
}

func (w *world) mapAccounts(t testing.TB, s *Service, company int64) {
	t.Helper()
	m := fuelportal.QBOMapping{Products: map[fuelportal.ProductCode]string{"DSL": "7", "DEF": "9"}, PaymentAccount: "41"}
	if _, err := s.SetMapping(context.Background(), company, m); err != nil {
		t.Fatalf("SetMapping: %v", err)
	}
}

func (w *world) ready(t testing.TB, s *Service) {
	w.connect(t, s, w.company, "9130350000000001")
	w.mapAccounts(t, s, w.company)
}

func TestConnect_ForgedReplayedOrExpiredStateStoresNothing(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 20)
		s := w.service()
		ctx := context.Background()
		notConnected := func(when string) {
			t.Helper()
			if _, err := db.QBOConnection(ctx, w.company); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("%s: connection = %v, want none", when, err)
			}
		}
		state, binding := w.state(t, s, w.company)
		for _, forged := range []string{"", "x", strings.Repeat("a", 64), state[:63] + "0", state + "'; DROP TABLE qbo_connections; --"} {
			if forged == state {
				continue
			}
			_, err := s.Callback(ctx, w.fake.Consent("123", redirect), forged, "123", redirect, binding, fuelportal.Actor{})
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID || fuelportal.ErrorMessage(err) != MsgStateRefused {
				t.Fatalf("forged state %q: %v", forged, err)
			}
		}
		notConnected("after forged states")
		// A bad code at Intuit: refused, nothing stored, the state used.
		if _, err := s.Callback(ctx, "not-a-code", state, "123", redirect, binding, fuelportal.Actor{}); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("bad code: %v", err)
		}
		notConnected("after a bad code")
		// Another browser (without the asker's binding) brings a good state.
		state, _ = w.state(t, s, w.company)
		if _, err := s.Callback(ctx, w.fake.Consent("123", redirect), state, "123", redirect, "", fuelportal.Actor{}); fuelportal.ErrorMessage(err) != MsgStateRefused {
			t.Fatalf("another browser: %v", err)
		}
		notConnected("after another browser")
		// An expired state.
		state, binding = w.state(t, s, w.company)
		w.clock.Advance(11 * time.Minute)
		if _, err := s.Callback(ctx, w.fake.Consent("123", redirect), state, "123", redirect, binding, fuelportal.Actor{}); fuelportal.ErrorMessage(err) != MsgStateRefused {
			t.Fatalf("expired state: %v", err)
		}
		notConnected("after an expired state")
		// The good round trip, then its replay.
		state, binding = w.state(t, s, w.company)
		code := w.fake.Consent("9130350000000001", redirect)
		if company, err := s.Callback(ctx, code, state, "9130350000000001", redirect, binding, fuelportal.Actor{}); err != nil || company != w.company {
			t.Fatalf("Callback = %d, %v", company, err)
		}
		if _, err := s.Callback(ctx, code, state, "9130350000000001", redirect, binding, fuelportal.Actor{}); fuelportal.ErrorMessage(err) != MsgStateRefused {
			t.Fatalf("replayed callback: %v", err)
		}
		c, err := db.QBOConnection(ctx, w.company)
		if err != nil || c.RealmID != "9130350000000001" {
			t.Fatalf("connection = %+v, %v", c, err)
		}
		if strings.Contains(c.AccessSealed, "eyJ") || strings.Contains(c.RefreshSealed, "AB11") {
			t.Fatal("tokens stored in the clear")
		}
		// The other company sees nothing of it.
		st, err := s.Status(ctx, w.other)
		if err != nil || st.Connected {
			t.Fatalf("other company's status = %+v, %v", st, err)
		}
		if _, err := s.Push(ctx, w.other, w.from, w.day); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("other company's push: %v", err)
		}
		if err := s.Disconnect(ctx, w.other); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("other company's disconnect: %v", err)
		}
	})
}

func TestTokens_RefreshedBeforeExpiryAndRotated(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 10)
		w.fake.AccessTTL = 3600
		s := w.service()
		ctx := context.Background()
		w.connect(t, s, w.company, "1001")
		if _, err := s.Accounts(ctx, w.company); err != nil {
			t.Fatal(err)
		}
		if n := w.fake.Grants("refresh_token"); n != 0 {
			t.Fatalf("refreshed %d times with a fresh token", n)
		}
		// 56 minutes on: within 5 minutes of expiry, refreshed first.
		w.clock.Advance(56 * time.Minute)
		accounts, err := s.Accounts(ctx, w.company)
		if err != nil || len(accounts) != 5 {
			t.Fatalf("Accounts = %v, %v", accounts, err)
		}
		w.clock.Advance(56 * time.Minute)
		if _, err := s.Accounts(ctx, w.company); err != nil {
			t.Fatal(err) // the rotated refresh token was kept
		}
		if n := w.fake.Grants("refresh_token"); n != 2 {
			t.Fatalf("refreshes = %d, want 2", n)
		}
		// Intuit forgets the access token early: a 401 renews it once.
		w.fake.ExpireAccessTokens()
		if _, err := s.Accounts(ctx, w.company); err != nil {
			t.Fatalf("after a 401: %v", err)
		}
		// Another process (another Service) refreshes with the same row.
		w.clock.Advance(56 * time.Minute)
		a, b := w.service(), w.service()
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, svc := range []*Service{a, b} {
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[i] = svc.Accounts(ctx, w.company) }()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("two processes refreshing: %v", errs)
		}
	})
}

func TestMapping_OnlyTheCompanysAccounts(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 10)
		s := w.service()
		ctx := context.Background()
		if _, err := s.SetMapping(ctx, w.company, fuelportal.QBOMapping{PaymentAccount: "41"}); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("mapping before connecting: %v", err)
		}
		w.connect(t, s, w.company, "1002")
		_, err := s.SetMapping(ctx, w.company, fuelportal.QBOMapping{Products: map[fuelportal.ProductCode]string{"DSL": "999"}, PaymentAccount: "41"})
		if fields := fuelportal.ErrorFields(err); len(fields["products.DSL"]) == 0 {
			t.Fatalf("unknown account: %v", err)
		}
		_, err = s.SetMapping(ctx, w.company, fuelportal.QBOMapping{Products: map[fuelportal.ProductCode]string{"XYZ": "7"}, PaymentAccount: "4 1"})
		if fields := fuelportal.ErrorFields(err); len(fields["products"]) == 0 || len(fields["paymentAccount"]) == 0 {
			t.Fatalf("bad mapping: %v", err)
		}
		w.mapAccounts(t, s, w.company)
		st, err := s.Status(ctx, w.company)
		if err != nil || st.Mapping.PaymentAccount != "41" || st.Mapping.Products["DSL"] != "7" {
			t.Fatalf("status = %+v, %v", st, err)
		}
	})
}

func TestPush_OnePurchaseEachAndRerunCreatesNone(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 150)
		s := w.service()
		ctx := context.Background()
		w.ready(t, s)
		if _, err := s.Push(ctx, w.company, w.day, "2025-02-01"); len(fuelportal.ErrorFields(err)["to"]) == 0 {
			t.Fatalf("to before from: %v", err)
		}
		if _, err := s.Push(ctx, w.company, "2015-01-01", w.day); len(fuelportal.ErrorFields(err)["to"]) == 0 {
			t.Fatalf("ten years: %v", err)
		}
		run, err := s.Push(ctx, w.company, w.from, w.day)
		if err != nil || run.Created != w.approved || run.Failed != 0 {
			t.Fatalf("push = %+v, %v; want %d created", run, err, w.approved)
		}
		got := w.fake.Purchases()
		if len(got) != w.approved {
			t.Fatalf("QuickBooks holds %d purchases, want %d", len(got), w.approved)
		}
		p := got[0]
		if p.PaymentType != "CreditCard" || p.AccountRef != "41" || p.LineAccount != "7" || !strings.HasPrefix(p.DocNumber, DocNumberPrefix) ||
			!strings.Contains(p.PrivateNote, "Fuel portal transaction "+strings.TrimPrefix(p.DocNumber, DocNumberPrefix)) || p.TxnDate == "" {
			t.Fatalf("purchase = %+v", p)
		}
		again, err := s.Push(ctx, w.company, w.from, w.day)
		if err != nil || again.Created != 0 || again.Failed != 0 {
			t.Fatalf("re-run = %+v, %v", again, err)
		}
		if n := w.fake.Duplicates(); n != 0 {
			t.Fatalf("%d duplicates", n)
		}
		st, err := s.Status(ctx, w.company)
		if err != nil || st.Pushed != w.approved || st.LastPush == nil || st.LastPush.From != w.from || len(st.Failures) != 0 {
			t.Fatalf("status = %+v, %v", st, err)
		}
		// The batches stayed within Intuit's limits.
		if _, limited, most := w.fake.Stats(); limited != 0 || most > MaxConcurrent {
			t.Fatalf("429s %d, most at once %d", limited, most)
		}
	})
}

func TestPush_UnmappedProductAndClassFromCoding(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 30)
		s := w.service()
		ctx := context.Background()
		w.connect(t, s, w.company, "1003")
		if _, err := s.SetMapping(ctx, w.company, fuelportal.QBOMapping{Products: map[fuelportal.ProductCode]string{"DEF": "9"}, PaymentAccount: "41"}); err != nil {
			t.Fatal(err)
		}
		run, err := s.Push(ctx, w.company, w.from, w.day)
		if err != nil || run.Created != 0 || run.Failed != w.approved {
			t.Fatalf("push without a DSL account = %+v, %v", run, err)
		}
		st, _ := s.Status(ctx, w.company)
		if len(st.Failures) == 0 || !strings.Contains(st.Failures[0].Error, "product DSL") || st.LastError == "" {
			t.Fatalf("status = %+v", st)
		}
		// Coded to class East: the purchase carries East's ClassRef.
		var first int64
		_ = db.EachTransaction(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: w.company}, Limit: 1}, func(t *fuelportal.Transaction) error {
			first = t.ID
			return nil
		})
		if _, err := db.SetCoding(ctx, fuelportal.TransactionScope{CompanyID: w.company}, []int64{first}, fuelportal.Coding{Class: "east", Memo: "Load 7"}.Replace); err != nil {
			t.Fatal(err)
		}
		w.mapAccounts(t, s, w.company)
		run, err = s.Push(ctx, w.company, w.from, w.day)
		if err != nil || run.Created != w.approved {
			t.Fatalf("push = %+v, %v", run, err)
		}
		for _, p := range w.fake.Purchases() {
			if p.DocNumber == DocNumber(first) && (p.ClassRef != "5000000000000001" || p.Description != "Load 7") {
				t.Fatalf("coded purchase = %+v", p)
			}
		}
		if st, _ := s.Status(ctx, w.company); len(st.Failures) != 0 || st.LastError != "" {
			t.Fatalf("failures after the fix = %+v", st.Failures)
		}
	})
}

// companyPurchases are the ids of the company's approved purchases, oldest
// first.
func (w *world) companyPurchases(t testing.TB) []int64 {
	t.Helper()
	var ids []int64
	f := fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: w.company}, Ascending: true}
	if err := w.db.EachTransaction(context.Background(), f, func(t *fuelportal.Transaction) error {
		if t.Status == fuelportal.TransactionApproved && t.FundedTotalCents > 0 {
			ids = append(ids, t.ID)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return ids
}

func (w *world) codeJob(t testing.TB, job string, ids ...int64) {
	t.Helper()
	if _, err := w.db.SetCoding(context.Background(), fuelportal.TransactionScope{CompanyID: w.company}, ids, fuelportal.Coding{Job: job}.Replace); err != nil {
		t.Fatal(err)
	}
}

// A coded job is sent as the expense line's CustomerRef: the customer
// QuickBooks has by that name (any case), the sub-customer a "Parent:Job"
// names, or a customer created once for a new job however many purchases
// carry it; a sub-customer QuickBooks lacks is not created (its job stays
// in the note). A later push finds the created customer again.
func TestPush_JobIsTheLinesCustomer(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 40)
		s := w.service()
		ctx := context.Background()
		realm := "9130350000000001"
		w.ready(t, s)
		acme := w.fake.AddCustomer(realm, "Acme Logistics", "")
		dock := w.fake.AddCustomer(realm, "Dock 4", acme)
		w.fake.AddCustomer("another-realm", "O'Brien Paving", "")
		ids := w.companyPurchases(t)
		if len(ids) < 8 {
			t.Fatalf("%d purchases", len(ids))
		}
		w.codeJob(t, "acme logistics", ids[0])
		w.codeJob(t, "O'Brien Paving", ids[1], ids[2], ids[3])
		w.codeJob(t, "Acme Logistics:Dock 4", ids[4])
		w.codeJob(t, "Nowhere:Yard", ids[5])
		run, err := s.Push(ctx, w.company, w.from, w.day)
		if err != nil || run.Created != w.approved || run.Failed != 0 {
			t.Fatalf("push = %+v, %v", run, err)
		}
		created, named := "", 0
		for _, c := range w.fake.Customers() {
			if c.Realm == realm && c.DisplayName == "O'Brien Paving" {
				created, named = c.ID, named+1
			}
		}
		if named != 1 || len(w.fake.Customers()) != 4 {
			t.Fatalf("customers = %+v", w.fake.Customers())
		}
		want := map[string]string{DocNumber(ids[0]): acme, DocNumber(ids[1]): created, DocNumber(ids[2]): created, DocNumber(ids[3]): created,
			DocNumber(ids[4]): dock, DocNumber(ids[5]): "", DocNumber(ids[6]): ""}
		for _, p := range w.fake.Purchases() {
			ref, coded := want[p.DocNumber]
			if !coded {
				continue
			}
			if p.CustomerRef != ref {
				t.Errorf("%s: CustomerRef %q, want %q", p.DocNumber, p.CustomerRef, ref)
			}
			if p.DocNumber == DocNumber(ids[5]) && !strings.Contains(p.PrivateNote, "job Nowhere:Yard") {
				t.Errorf("uncreated sub-customer's note = %q", p.PrivateNote)
			}
		}
		// Another process (no ids kept) sending another company's purchase
		// to the same QuickBooks company finds the customer created.
		other := w.service()
		w.connect(t, other, w.other, realm)
		w.mapAccounts(t, other, w.other)
		var theirs int64
		_ = db.EachTransaction(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: w.other}}, func(t *fuelportal.Transaction) error {
			if t.Status == fuelportal.TransactionApproved && t.FundedTotalCents > 0 {
				theirs = t.ID
			}
			return nil
		})
		if _, err := db.SetCoding(ctx, fuelportal.TransactionScope{CompanyID: w.other}, []int64{theirs}, fuelportal.Coding{Job: "o'brien PAVING"}.Replace); err != nil {
			t.Fatal(err)
		}
		if run, err := other.Push(ctx, w.other, w.from, w.day); err != nil || run.Created == 0 || run.Failed != 0 {
			t.Fatalf("other company's push = %+v, %v", run, err)
		}
		for _, p := range w.fake.Purchases() {
			if p.DocNumber == DocNumber(theirs) && p.CustomerRef != created {
				t.Fatalf("other company's purchase = %+v, want customer %s", p, created)
			}
		}
		if n := len(w.fake.Customers()); n != 4 {
			t.Fatalf("%d customers after the second push: %+v", n, w.fake.Customers())
		}
	})
}

func TestPush_429WaitsAndRetries(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 80)
		s := w.service()
		w.ready(t, s)
		w.fake.Throttle(4)
		run, err := s.Push(context.Background(), w.company, w.from, w.day)
		if err != nil || run.Created != w.approved || run.Failed != 0 {
			t.Fatalf("push = %+v, %v", run, err)
		}
		if _, limited, _ := w.fake.Stats(); limited != 4 {
			t.Fatalf("429s = %d, want 4", limited)
		}
		if n := w.fake.Duplicates(); n != 0 {
			t.Fatalf("%d duplicates", n)
		}
	})
}

func TestPush_CrashMidBatchThenRerunCreatesNoDuplicate(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 150)
		ctx := context.Background()
		s := w.service(func(d *Deps) { d.Concurrent = 1 })
		w.ready(t, s)
		// The process dies after QuickBooks created a batch, before it
		// recorded the answer: its claims stay.
		crash := errors.New("process killed")
		s.afterBatch = func([]int64) error { return crash }
		if _, err := s.Push(ctx, w.company, w.from, w.day); err == nil {
			t.Fatal("the crashed push succeeded")
		}
		created := len(w.fake.Purchases())
		if created == 0 {
			t.Fatal("nothing reached QuickBooks before the crash")
		}
		// A new process, before the claims' lease ends: it leaves them.
		s2 := w.service()
		run, err := s2.Push(ctx, w.company, w.from, w.day)
		if err != nil || run.Created != w.approved-created {
			t.Fatalf("push during the lease = %+v, %v", run, err)
		}
		// After the lease: it asks QuickBooks, finds them, creates none.
		w.clock.Advance(11 * time.Minute)
		run, err = s2.Push(ctx, w.company, w.from, w.day)
		if err != nil || run.Created != 0 || run.Found != created {
			t.Fatalf("push after the lease = %+v, %v; want %d found", run, err, created)
		}
		// QuickBooks carries out a batch whose answer is lost.
		w2 := newWorld(t, storetest.Open(t, db.Engine()), 90)
		s3 := w2.service(func(d *Deps) { d.Concurrent = 1 })
		w2.ready(t, s3)
		w2.fake.DropBatches(1)
		run, err = s3.Push(ctx, w2.company, w2.from, w2.day)
		if err != nil || run.Failed != MaxBatchOperations {
			t.Fatalf("push with a lost answer = %+v, %v", run, err)
		}
		run, err = s3.Push(ctx, w2.company, w2.from, w2.day)
		if err != nil || run.Found != MaxBatchOperations || run.Created != 0 {
			t.Fatalf("re-run = %+v, %v", run, err)
		}
		for _, f := range []*qbofake.Fake{w.fake, w2.fake} {
			if n := f.Duplicates(); n != 0 {
				t.Fatalf("%d duplicates", n)
			}
		}
		if len(w.fake.Purchases()) != w.approved || len(w2.fake.Purchases()) != w2.approved {
			t.Fatal("not every purchase reached QuickBooks")
		}
	})
}

func TestPush_TwoProcessesAtOnceCreateNoDuplicate(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 600)
		a := w.service()
		w.ready(t, a)
		b := w.service()
		// Every purchase on one new job: both create its customer at once,
		// QuickBooks refuses the second name and it takes the first's.
		w.codeJob(t, "Yard 9", w.companyPurchases(t)...)
		var wg sync.WaitGroup
		runs := make([]*fuelportal.QBOPushRun, 2)
		errs := make([]error, 2)
		for i, s := range []*Service{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				runs[i], errs[i] = s.Push(context.Background(), w.company, w.from, w.day)
			}()
		}
		wg.Wait()
		for i := range runs {
			if errs[i] != nil {
				t.Fatalf("push %d: %v", i, errs[i])
			}
		}
		if got := runs[0].Created + runs[1].Created; got != w.approved || runs[0].Failed+runs[1].Failed != 0 {
			t.Fatalf("runs %+v %+v; want %d created in all", runs[0], runs[1], w.approved)
		}
		if n, held := w.fake.Duplicates(), len(w.fake.Purchases()); n != 0 || held != w.approved {
			t.Fatalf("%d duplicates, %d held", n, held)
		}
		customers := w.fake.Customers()
		if len(customers) != 1 || customers[0].DisplayName != "Yard 9" {
			t.Fatalf("customers = %+v", customers)
		}
		for _, p := range w.fake.Purchases() {
			if p.CustomerRef != customers[0].ID {
				t.Fatalf("purchase %s: CustomerRef %q", p.DocNumber, p.CustomerRef)
			}
		}
	})
}

func TestDisconnect_RevokesTheToken(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 10)
		s := w.service()
		ctx := context.Background()
		w.connect(t, s, w.company, "1004")
		if err := s.Disconnect(ctx, w.company); err != nil {
			t.Fatal(err)
		}
		if revoked := w.fake.Revoked(); len(revoked) != 1 || !strings.HasPrefix(revoked[0], "AB11refresh") {
			t.Fatalf("revoked = %v", revoked)
		}
		st, err := s.Status(ctx, w.company)
		if err != nil || st.Connected {
			t.Fatalf("status = %+v, %v", st, err)
		}
		if err := s.Disconnect(ctx, w.company); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("second disconnect: %v", err)
		}
	})
}

func TestNotConfigured(t *testing.T) {
	s := New(Deps{})
	if s.Configured() {
		t.Fatal("configured without a client id")
	}
	if _, _, err := s.ConnectURL(context.Background(), Asker{CompanyID: 1}, redirect); fuelportal.ErrorCode(err) != fuelportal.EUNAVAILABLE {
		t.Fatalf("connect: %v", err)
	}
}
