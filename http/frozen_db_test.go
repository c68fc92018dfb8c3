package http_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"fuelportal/http/apitest"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// stuckDBTimeout is the database bound of the stuck-database tests'
// servers (production: FUELPORTAL_DB_TIMEOUT, 5 s).
const stuckDBTimeout = 2 * time.Second

// noHang is far above stuckDBTimeout: a request unanswered then is stuck,
// which is what these tests catch.
const noHang = 60 * time.Second

// TestFrozenPostgres_Answers503WithRetryAfterAndLosesNoMoney freezes the
// network between the server and PostgreSQL (packets dropped: nothing is
// refused, no connection closes). Purchases already in flight when it
// freezes either commit or answer 503; 200 requests at once while it is
// frozen, reads (the wallet) and writes (purchases, which move money), all
// answer 503 with Retry-After; once it thaws the same server answers again,
// every purchase is recorded once when the network sends it again, and the
// wallet moved by exactly the approved purchases.
func TestFrozenPostgres_Answers503WithRetryAfterAndLosesNoMoney(t *testing.T) {
	db, proxy := storetest.OpenPostgresFromTemplateThroughProxy(t, "demo", seedDemo, store.Options{Timeout: stuckDBTimeout})
	f := newFleetOn(t, newFixtureOn(t, db))
	stuckDatabase(t, f, stuckHooks{
		stick: proxy.Freeze, unstick: proxy.Thaw,
		whileStuck: map[string][]int{"wallet": {503}, "purchase": {503}}, engine: "PostgreSQL behind a frozen proxy",
	})
}

// TestSQLiteWriteLock_Answers503WithRetryAfterAndLosesNoMoney holds
// SQLite's write lock on another connection (as another process writing
// would): purchases answer 503 with Retry-After instead of queueing for
// SQLite's busy wait one after the other, a read still answers 200 (WAL
// readers do not wait for writers; among 200 requests at once some may
// find the read connections busy past the bound, 503 too); once the lock
// is released every purchase is recorded once and the wallet moved by
// exactly the approved ones.
func TestSQLiteWriteLock_Answers503WithRetryAfterAndLosesNoMoney(t *testing.T) {
	path := storetest.CopySQLiteTemplate(t, "demo", seedDemo)
	db := storetest.OpenSQLiteAtWith(t, path, store.Options{Timeout: stuckDBTimeout})
	f := newFleetOn(t, newFixtureOn(t, db))
	var release func()
	stuckDatabase(t, f, stuckHooks{
		stick: func() { release = holdSQLiteWriteLock(t, path) },
		unstick: func() {
			expectStatus(t, "wallet alone while locked", f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/wallet", Token: f.owner}), 200)
			release()
		},
		whileStuck: map[string][]int{"wallet": {200, 503}, "purchase": {503}}, engine: "SQLite locked by another connection",
	})
}

type stuckHooks struct {
	stick, unstick func()
	whileStuck     map[string][]int // the statuses each kind of request may have while stuck
	engine         string
}

func stuckDatabase(t *testing.T, f *fleet, h stuckHooks) {
	ctx := context.Background()
	before, err := f.db.WalletBalance(ctx, f.demoCompany)
	if err != nil {
		t.Fatal(err)
	}
	purchase := func(id string) *apitest.Response { return f.postPurchase(id, f.driverCard, "1.5") }
	wallet := func() *apitest.Response {
		return f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/wallet", Token: f.owner})
	}
	var ids []string

	// Purchases in flight when the database gets stuck commit or answer 503.
	inFlight := make([]string, 20)
	for i := range inFlight {
		inFlight[i] = fmt.Sprintf("STUCK-INFLIGHT-%02d", i)
	}
	ids = append(ids, inFlight...)
	// The database gets stuck as the first of them is answered: the others
	// are then anywhere between their first statement and their commit.
	firstAnswered := make(chan struct{})
	var once sync.Once
	wait := startAll(len(inFlight), func(i int) *apitest.Response {
		res := purchase(inFlight[i])
		once.Do(func() { close(firstAnswered) })
		return res
	})
	<-firstAnswered
	h.stick()
	answers := wait(t)
	committed := 0
	for i, res := range answers {
		expectStatus(t, "purchase in flight "+inFlight[i], res, 201, 503)
		if res.Status == 201 {
			committed++
		}
	}
	t.Logf("%s: of %d purchases in flight, %d committed, %d answered 503", h.engine, len(inFlight), committed, len(inFlight)-committed)

	// While stuck, 200 requests at once: half read the wallet, half report
	// a purchase.
	const n = 200
	stuckIDs := make([]string, n/2)
	for i := range stuckIDs {
		stuckIDs[i] = fmt.Sprintf("STUCK-%03d", i)
	}
	ids = append(ids, stuckIDs...)
	start := time.Now()
	answers = answerAll(t, n, func(i int) *apitest.Response {
		if i%2 == 0 {
			return wallet()
		}
		return purchase(stuckIDs[i/2])
	})
	t.Logf("%s, database bound %s: %d requests at once (%d wallet reads, %d purchases) all answered in %s",
		h.engine, stuckDBTimeout, n, n/2, n/2, time.Since(start).Round(time.Millisecond))
	for i, res := range answers {
		if i%2 == 0 {
			expectStatus(t, "wallet", res, h.whileStuck["wallet"]...)
		} else {
			expectStatus(t, "purchase "+stuckIDs[i/2], res, h.whileStuck["purchase"]...)
		}
	}

	// Signing out writes too.
	expectStatus(t, "sign-out", f.api.Do(apitest.Request{Method: "POST", Path: "/api/logout", Token: f.driver}), 503)

	h.unstick()
	deadline := time.Now().Add(2 * time.Minute)
	for f.api.Get("/api/health", "").Status != 200 || wallet().Status != 200 {
		if time.Now().After(deadline) {
			t.Fatal("still failing 2 min after the database came back")
		}
		time.Sleep(100 * time.Millisecond)
	}

	// The network sends every purchase again (and again after a 503, as
	// Retry-After asks): each is recorded once, and the wallet moved by
	// exactly the approved ones.
	var approvedCents int64
	for _, id := range ids {
		res := purchase(id)
		for resendUntil := time.Now().Add(noHang); res.Status == 503 && time.Now().Before(resendUntil); res = purchase(id) {
			time.Sleep(100 * time.Millisecond)
		}
		if res.Status != 200 && res.Status != 201 {
			t.Fatalf("purchase %s sent again: %d %s", id, res.Status, res.Body)
		}
		var got struct {
			Status      string
			FundedTotal float64
		}
		if err := json.Unmarshal(res.Body, &got); err != nil {
			t.Fatal(err)
		}
		if again := purchase(id); again.Status != 200 {
			t.Fatalf("purchase %s recorded twice: %d", id, again.Status)
		}
		if got.Status == "APPROVED" {
			approvedCents += int64(math.Round(got.FundedTotal * 100))
		}
	}
	after, err := f.db.WalletBalance(ctx, f.demoCompany)
	if err != nil {
		t.Fatal(err)
	}
	if before-after != approvedCents {
		t.Errorf("wallet moved by %d cents, the approved purchases by %d", before-after, approvedCents)
	}
	if approvedCents == 0 {
		t.Error("no purchase was approved: the test shows nothing about money")
	}
	// The audit reads the whole ledger: more than a request's bound under -race.
	audit, err := f.db.CheckLedger(store.WithTxTimeout(ctx, 0))
	if err != nil || audit.EntriesSum != 0 || audit.UnpairedTransfers != 0 || len(audit.BalanceMismatches) != 0 {
		t.Fatalf("ledger = %+v, %v", audit, err)
	}
}

// answerAll runs n requests at once and returns their answers; it fails
// the test if they are not all answered within noHang.
func answerAll(t *testing.T, n int, do func(i int) *apitest.Response) []*apitest.Response {
	t.Helper()
	return startAll(n, do)(t)
}

// startAll starts n requests at once; the returned func waits for their
// answers, failing the test if they are not all answered within noHang.
func startAll(n int, do func(i int) *apitest.Response) (wait func(t *testing.T) []*apitest.Response) {
	answers := make([]*apitest.Response, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = do(i)
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	return func(t *testing.T) []*apitest.Response {
		t.Helper()
		select {
		case <-done:
		case <-time.After(noHang):
			t.Fatalf("%d requests still unanswered after %s", n, noHang)
		}
		return answers
	}
}

// expectStatus checks that res has one of statuses, and a 503 Retry-After
// and the outage message.
func expectStatus(t *testing.T, what string, res *apitest.Response, statuses ...int) {
	t.Helper()
	if !slices.Contains(statuses, res.Status) {
		t.Errorf("%s: %d %s, want %v", what, res.Status, res.Body, statuses)
		return
	}
	if res.Status == 503 {
		checkUnavailable(t, res, store.MsgUnavailable)
	}
}

// holdSQLiteWriteLock takes SQLite's write lock on path from a connection
// of its own until the returned func is called.
func holdSQLiteWriteLock(t *testing.T, path string) (release func()) {
	t.Helper()
	ctx := context.Background()
	other, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			_, _ = conn.ExecContext(ctx, "ROLLBACK")
			conn.Close()
			other.Close()
		})
	}
	t.Cleanup(release)
	return release
}
