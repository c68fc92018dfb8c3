package webhooks_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/netguard"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/webhooks"
)

// allowPrivate is the policy of tests whose receivers listen on loopback.
var allowPrivate = netguard.Policy{AllowPrivate: true}

// receiver is a local endpoint that records what it got and answers with
// the next of its codes (200 once they run out).
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	codes    []int
	requests []receivedRequest
}

type receivedRequest struct {
	header http.Header
	body   []byte
	at     time.Time
}

func newReceiver(t *testing.T, codes ...int) *receiver {
	r := &receiver{codes: codes}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.requests = append(r.requests, receivedRequest{header: req.Header.Clone(), body: body, at: time.Now()})
		code := http.StatusOK
		if len(r.codes) > 0 {
			code, r.codes = r.codes[0], r.codes[1:]
		}
		r.mu.Unlock()
		w.WriteHeader(code)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) got() []receivedRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]receivedRequest(nil), r.requests...)
}

// verifySignature checks header the way a receiver would, written from
// the documented scheme (not with the package's Sign): t=<unix>,v1=<hex
// HMAC-SHA256 of "<t>.<body>">.
func verifySignature(header, secret string, body []byte, now time.Time) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sig == "" {
		return fmt.Errorf("malformed header %q", header)
	}
	if d := now.Sub(time.Unix(unix, 0)); d > 5*time.Minute || d < -5*time.Minute {
		return fmt.Errorf("timestamp %d too far from now", unix)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(body)))
	want := hex.EncodeToString(mac.Sum(nil))
	got, err := hex.DecodeString(sig)
	if err != nil || !hmac.Equal(got, mac.Sum(nil)) {
		return fmt.Errorf("signature %s, want %s", sig, want)
	}
	return nil
}

// newCompany creates a company with an owner.
func newCompany(t *testing.T, db *store.DB, email string) *fuelportal.Company {
	t.Helper()
	company := &fuelportal.Company{Name: "Hook Freight " + email, CarrierID: 1234567, PhoneNumber: "+1 555 010 0000"}
	owner := &fuelportal.User{Email: email, PasswordHash: "hash", FirstName: "Ann", LastName: "Owner"}
	if err := db.CreateCompanyOwner(context.Background(), company, owner); err != nil {
		t.Fatal(err)
	}
	return company
}

func newEndpoint(t *testing.T, db *store.DB, companyID int64, url string, events ...fuelportal.WebhookEventType) *fuelportal.WebhookEndpoint {
	t.Helper()
	if len(events) == 0 {
		events = []fuelportal.WebhookEventType{fuelportal.WebhookTransactionApproved}
	}
	e, err := db.CreateWebhookEndpoint(context.Background(), companyID, fuelportal.WebhookEndpointInput{URL: url, Events: events, Active: true}, fuelportal.CheckWebhookEndpointAdded)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func enqueue(t *testing.T, db *store.DB, companyID int64, typ fuelportal.WebhookEventType, data any) string {
	t.Helper()
	ctx := context.Background()
	newest := func() (id string, delivery int64) {
		endpoints, err := db.WebhookEndpoints(ctx, companyID)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range endpoints {
			list, err := db.WebhookDeliveries(ctx, companyID, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(list) > 0 && list[0].ID > delivery {
				id, delivery = list[0].EventID, list[0].ID
			}
		}
		return id, delivery
	}
	_, before := newest()
	// An event whose type is the webhook's, derived at once (storetest).
	if err := db.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventType(typ), CompanyID: companyID, Data: data}); err != nil {
		t.Fatal(err)
	}
	if id, after := newest(); after != before {
		return id
	}
	return ""
}

func newWorker(db *store.DB, policy netguard.Policy, clock *storetest.Clock) *webhooks.Service {
	w := webhooks.New(webhooks.Deps{Store: db, Policy: policy, Logger: slog.New(slog.DiscardHandler)})
	if clock != nil {
		w.Now = clock.Now
	}
	return w
}

func deliveries(t *testing.T, db *store.DB, companyID, endpointID int64) []*fuelportal.WebhookDelivery {
	t.Helper()
	list, err := db.WebhookDeliveries(context.Background(), companyID, endpointID)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestDeliver_SignedJSONPostOfTheEvent(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company := newCompany(t, db, "sign@hooks.test")
		rcv := newReceiver(t)
		endpoint := newEndpoint(t, db, company.ID, rcv.URL+"/hooks", fuelportal.WebhookTransactionApproved, fuelportal.WebhookWalletLow)
		other := newEndpoint(t, db, company.ID, rcv.URL+"/trips", fuelportal.WebhookTripCreated)

		woken, dispatch := 0, db.Queued
		db.Queued = func(m []*fuelportal.MailMessage) { woken++; dispatch(m) }
		id := enqueue(t, db, company.ID, fuelportal.WebhookTransactionApproved, map[string]any{"transactionId": 42, "amountCents": 12345})
		if id == "" || woken == 0 {
			t.Fatalf("event id %q, worker woken %d times", id, woken)
		}
		if n := newWorker(db, allowPrivate, nil).DeliverDue(ctx); n != 1 {
			t.Fatalf("delivered %d, want 1 (one subscribed endpoint)", n)
		}
		got := rcv.got()
		if len(got) != 1 {
			t.Fatalf("receiver got %d requests", len(got))
		}
		req := got[0]
		if ct := req.header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type %q", ct)
		}
		if err := verifySignature(req.header.Get("Fuelportal-Signature"), endpoint.Secret, req.body, time.Now()); err != nil {
			t.Errorf("signature: %v", err)
		}
		if err := verifySignature(req.header.Get("Fuelportal-Signature"), other.Secret, req.body, time.Now()); err == nil {
			t.Error("another endpoint's secret verifies the signature")
		}
		var event struct {
			ID      string          `json:"id"`
			Type    string          `json:"type"`
			Created string          `json:"created"`
			Data    json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(req.body, &event); err != nil {
			t.Fatal(err)
		}
		created, err := time.Parse(time.RFC3339, event.Created)
		if event.ID != id || event.Type != "transaction.approved" || err != nil || !strings.HasSuffix(event.Created, "Z") ||
			created.IsZero() || string(event.Data) != `{"amountCents":12345,"transactionId":42}` {
			t.Fatalf("event = %+v (%s)", event, req.body)
		}
		list := deliveries(t, db, company.ID, endpoint.ID)
		if len(list) != 1 || list[0].Status != fuelportal.WebhookDelivered || list[0].Attempts != 1 || list[0].ResponseCode != 200 || list[0].DeliveredAt == nil {
			t.Fatalf("delivery = %+v", list[0])
		}
		// Nothing is due any more; an unsubscribed type queues nothing.
		if id := enqueue(t, db, company.ID, fuelportal.WebhookOverrideDecided, nil); id != "" {
			t.Fatalf("unsubscribed event queued as %s", id)
		}
		if n := newWorker(db, allowPrivate, nil).DeliverDue(ctx); n != 0 {
			t.Fatalf("delivered %d more", n)
		}
	})
}

func TestBackoff_ScheduleWithinTheDay(t *testing.T) {
	want := []time.Duration{30 * time.Second, 2 * time.Minute, 8 * time.Minute, 32 * time.Minute, 128 * time.Minute, 4 * time.Hour, 4 * time.Hour}
	for i, w := range want {
		if got := webhooks.Backoff(i + 1); got != w {
			t.Errorf("Backoff(%d) = %s, want %s", i+1, got, w)
		}
	}
	created := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	if next := webhooks.NextAttempt(created, created.Add(23*time.Hour), 9); next == nil || !next.Equal(created.Add(24*time.Hour)) {
		t.Errorf("last retry at %v, want the window's end", next)
	}
	if next := webhooks.NextAttempt(created, created.Add(24*time.Hour), 10); next != nil {
		t.Errorf("retry at %v after the window", next)
	}
}

func TestDeliver_RetriesAfterA500ThenSucceeds(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		company := newCompany(t, db, "retry@hooks.test")
		rcv := newReceiver(t, 500, 503)
		endpoint := newEndpoint(t, db, company.ID, rcv.URL)
		enqueue(t, db, company.ID, fuelportal.WebhookTransactionApproved, map[string]int{"n": 1})
		worker := newWorker(db, allowPrivate, clock)

		if n := worker.DeliverDue(ctx); n != 1 {
			t.Fatalf("first attempt: %d", n)
		}
		d := deliveries(t, db, company.ID, endpoint.ID)[0]
		if d.Status != fuelportal.WebhookPending || d.Attempts != 1 || d.ResponseCode != 500 || d.LastError != "HTTP 500" ||
			!d.NextAttemptAt.Equal(clock.Now().Add(30*time.Second)) {
			t.Fatalf("after a 500: %+v", d)
		}
		// Not due before its time.
		clock.Advance(29 * time.Second)
		if n := worker.DeliverDue(ctx); n != 0 {
			t.Fatalf("retried %d early", n)
		}
		clock.Advance(time.Second)
		worker.DeliverDue(ctx)
		d = deliveries(t, db, company.ID, endpoint.ID)[0]
		if d.Attempts != 2 || d.ResponseCode != 503 || !d.NextAttemptAt.Equal(clock.Now().Add(2*time.Minute)) {
			t.Fatalf("after a 503: %+v", d)
		}
		clock.Advance(2 * time.Minute)
		worker.DeliverDue(ctx)
		d = deliveries(t, db, company.ID, endpoint.ID)[0]
		if d.Status != fuelportal.WebhookDelivered || d.Attempts != 3 || d.ResponseCode != 200 || d.LastError != "" {
			t.Fatalf("after success: %+v", d)
		}
		got := rcv.got()
		if len(got) != 3 || string(got[0].body) != string(got[2].body) {
			t.Fatalf("receiver got %d requests; bodies equal: %v", len(got), len(got) == 3 && string(got[0].body) == string(got[2].body))
		}
	})
}

func TestDeliver_FailingFor24HoursMarksTheEndpointFailingAndAlertsTheOwnerOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		company := newCompany(t, db, "fail@hooks.test")
		codes := make([]int, 100)
		for i := range codes {
			codes[i] = 500
		}
		rcv := newReceiver(t, codes...)
		endpoint := newEndpoint(t, db, company.ID, rcv.URL)
		enqueue(t, db, company.ID, fuelportal.WebhookTransactionApproved, 1)
		enqueue(t, db, company.ID, fuelportal.WebhookTransactionApproved, 2)
		worker := newWorker(db, allowPrivate, clock)
		start := clock.Now()
		for clock.Now().Sub(start) <= 25*time.Hour {
			worker.DeliverDue(ctx)
			clock.Advance(10 * time.Minute)
		}
		list := deliveries(t, db, company.ID, endpoint.ID)
		for _, d := range list {
			if d.Status != fuelportal.WebhookFailed || d.Attempts < 8 || d.LastError != "HTTP 500" {
				t.Fatalf("delivery = %+v", d)
			}
		}
		e, err := db.WebhookEndpoint(ctx, company.ID, endpoint.ID)
		if err != nil || !e.Failing {
			t.Fatalf("endpoint = %+v, %v", e, err)
		}
		page, err := db.Inbox(ctx, fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: company.ID}, Limit: 10})
		if err != nil || len(page.Items) != 1 || fuelportal.AlertKind(page.Items[0].Kind) != fuelportal.AlertWebhookFailing || !strings.Contains(page.Items[0].Message, rcv.URL) {
			t.Fatalf("alerts = %+v, %v", page, err)
		}
		if got := fuelportal.AlertItemText(page.Items[0], fuelportal.LanguageSpanish); got != "Webhook con fallas: "+rcv.URL+" no ha aceptado ninguna entrega en 24 horas. Revíselo en la página Integraciones y reenvíe las entregas fallidas." {
			t.Errorf("Spanish text = %q", got)
		}
		// A later success clears the flag.
		rcv.mu.Lock()
		rcv.codes = nil
		rcv.mu.Unlock()
		enqueue(t, db, company.ID, fuelportal.WebhookTransactionApproved, 3)
		worker.DeliverDue(ctx)
		if e, _ := db.WebhookEndpoint(ctx, company.ID, endpoint.ID); e.Failing {
			t.Fatal("still failing after a delivery")
		}
	})
}

func TestDeliver_NothingLostAcrossARestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "hooks.db")
	db := storetest.OpenSQLiteAt(t, path)
	clock := storetest.NewClock(db)
	company := newCompany(t, db, "restart@hooks.test")
	rcv := newReceiver(t)
	newEndpoint(t, db, company.ID, rcv.URL)
	for i := range 5 {
		enqueue(t, db, company.ID, fuelportal.WebhookTransactionApproved, i)
	}
	// A worker claims a batch and dies before sending any of it.
	if claimed, err := db.ClaimWebhookDeliveries(ctx, 2*time.Minute, 2); err != nil || len(claimed) != 2 {
		t.Fatalf("claimed %d, %v", len(claimed), err)
	}
	db.Close()

	// A new process on the same database.
	db2 := storetest.OpenSQLiteAt(t, path)
	db2.Now = clock.Now
	worker := newWorker(db2, allowPrivate, clock)
	if n := worker.DeliverDue(ctx); n != 3 {
		t.Fatalf("delivered %d at once, want the 3 unclaimed", n)
	}
	clock.Advance(2 * time.Minute)
	if n := worker.DeliverDue(ctx); n != 2 {
		t.Fatalf("delivered %d after the lease, want the 2 the dead worker held", n)
	}
	seen := map[string]int{}
	for _, r := range rcv.got() {
		seen[string(r.body)]++
	}
	if len(seen) != 5 {
		t.Fatalf("receiver got %d distinct events, want 5", len(seen))
	}
	for body, n := range seen {
		if n != 1 {
			t.Errorf("%s delivered %d times", body, n)
		}
	}
}

func TestDeliver_TwoWorkersOnOneDatabaseNeverSendOneTwice(t *testing.T) {
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			ctx := context.Background()
			var db1, db2 *store.DB
			if engine == store.Postgres {
				var dsn string
				db1, dsn = storetest.OpenPostgresShared(t)
				var err error
				if db2, err = store.Open(ctx, dsn); err != nil {
					t.Fatal(err)
				}
			} else {
				path := filepath.Join(t.TempDir(), "hooks.db")
				db1 = storetest.OpenSQLiteAt(t, path)
				var err error
				if db2, err = store.Open(ctx, "sqlite:"+path); err != nil {
					t.Fatal(err)
				}
			}
			t.Cleanup(func() { db2.Close() })
			company := newCompany(t, db1, "two@hooks.test")
			rcv := newReceiver(t)
			newEndpoint(t, db1, company.ID, rcv.URL)
			const events = 60
			for i := range events {
				enqueue(t, db1, company.ID, fuelportal.WebhookTransactionApproved, i)
			}
			var wg sync.WaitGroup
			for _, db := range []*store.DB{db1, db2} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					w := newWorker(db, allowPrivate, nil)
					for w.DeliverDue(ctx) > 0 {
					}
				}()
			}
			wg.Wait()
			seen := map[string]int{}
			for _, r := range rcv.got() {
				seen[string(r.body)]++
			}
			if len(seen) != events {
				t.Fatalf("receiver got %d distinct events, want %d", len(seen), events)
			}
			for body, n := range seen {
				if n != 1 {
					t.Errorf("%s delivered %d times", body, n)
				}
			}
		})
	}
}

func TestDeliver_RefusesNonPublicAddressesAfterResolution(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company := newCompany(t, db, "ssrf@hooks.test")
		rcv := newReceiver(t)
		port := rcv.Listener.Addr().(*net.TCPAddr).Port
		urls := []string{
			fmt.Sprintf("https://127.0.0.1:%d/", port),
			fmt.Sprintf("https://localhost:%d/", port), // a name resolving to loopback
			fmt.Sprintf("https://[::1]:%d/", port),
			"https://10.1.2.3/",
			"https://169.254.169.254/latest/meta-data/",
			rcv.URL, // plain http is refused too
		}
		// Saved while private addresses were allowed (or a name that
		// resolved elsewhere then): the delivery still checks.
		var endpoints []*fuelportal.WebhookEndpoint
		for _, u := range urls {
			endpoints = append(endpoints, newEndpoint(t, db, company.ID, u))
		}
		enqueue(t, db, company.ID, fuelportal.WebhookTransactionApproved, 1)
		if n := newWorker(db, netguard.Policy{}, nil).DeliverDue(ctx); n != len(urls) {
			t.Fatalf("attempted %d", n)
		}
		if got := rcv.got(); len(got) != 0 {
			t.Fatalf("receiver got %d requests", len(got))
		}
		for i, e := range endpoints {
			d := deliveries(t, db, company.ID, e.ID)[0]
			want := "not public"
			if i == len(urls)-1 {
				want = "https"
			}
			if d.Status != fuelportal.WebhookPending || d.Attempts != 1 || !strings.Contains(d.LastError, want) {
				t.Errorf("%s: delivery = %+v, want an error with %q", e.URL, d, want)
			}
		}
	})
}

func TestEnqueue_OnlyTheCompanysActiveEndpoints(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a := newCompany(t, db, "a@hooks.test")
		b := newCompany(t, db, "b@hooks.test")
		rcvA, rcvB := newReceiver(t), newReceiver(t)
		endpointA := newEndpoint(t, db, a.ID, rcvA.URL)
		newEndpoint(t, db, b.ID, rcvB.URL)
		inactive := newEndpoint(t, db, a.ID, rcvA.URL+"/off")
		if _, err := db.UpdateWebhookEndpoint(ctx, a.ID, inactive.ID, fuelportal.WebhookEndpointInput{URL: inactive.URL, Events: inactive.Events}); err != nil {
			t.Fatal(err)
		}
		// Inside the transaction of a change: rolled back with it.
		err := db.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventTransactionApproved, CompanyID: a.ID, Data: "rolled back"}); err != nil {
				return err
			}
			return fmt.Errorf("the change failed")
		})
		if err == nil {
			t.Fatal("no error")
		}
		enqueue(t, db, a.ID, fuelportal.WebhookTransactionApproved, "for a")
		newWorker(db, allowPrivate, nil).DeliverDue(ctx)
		if got := rcvA.got(); len(got) != 1 || !strings.Contains(string(got[0].body), `"for a"`) || got[0].header.Get("Fuelportal-Signature") == "" {
			t.Fatalf("company a's endpoint got %d", len(got))
		}
		if got := rcvB.got(); len(got) != 0 {
			t.Fatalf("company b's endpoint got %d", len(got))
		}
		// Another company's endpoint and deliveries are not found.
		if _, err := db.WebhookDeliveries(ctx, b.ID, endpointA.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("b reads a's deliveries: %v", err)
		}
		d := deliveries(t, db, a.ID, endpointA.ID)[0]
		if _, err := db.ResendWebhookDelivery(ctx, b.ID, d.ID, fuelportal.CheckWebhookResent); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("b resends a's delivery: %v", err)
		}
		if err := db.DeleteWebhookEndpoint(ctx, b.ID, endpointA.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("b deletes a's endpoint: %v", err)
		}
		// Resend: the same event again, a new delivery.
		again, err := db.ResendWebhookDelivery(ctx, a.ID, d.ID, fuelportal.CheckWebhookResent)
		if err != nil || again.EventID != d.EventID || again.Status != fuelportal.WebhookPending || again.ID == d.ID {
			t.Fatalf("resent = %+v, %v", again, err)
		}
		newWorker(db, allowPrivate, nil).DeliverDue(ctx)
		if got := rcvA.got(); len(got) != 2 || string(got[0].body) != string(got[1].body) {
			t.Fatalf("resend: receiver got %d", len(got))
		}
	})
}

func TestRun_WakesOnEnqueueAndResendsWhatAStoppedWorkerHadInFlight(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		company := newCompany(t, db, "run@hooks.test")
		arrived := make(chan struct{}, 10)
		var mu sync.Mutex
		var requests int
		var answered []string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			mu.Lock()
			requests++
			first := requests == 1
			mu.Unlock()
			arrived <- struct{}{}
			if first {
				<-r.Context().Done() // never answered: the sender goes away first
				return
			}
			mu.Lock()
			answered = append(answered, string(body))
			mu.Unlock()
		}))
		t.Cleanup(srv.Close)
		newEndpoint(t, db, company.ID, srv.URL)
		clock := storetest.NewClock(db)

		// A running worker is woken by the commit of the enqueue, not by its ticker.
		worker := newWorker(db, allowPrivate, clock)
		dispatch := db.Queued
		db.Queued = func(m []*fuelportal.MailMessage) { dispatch(m); worker.Queued() }
		ctx, stop := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { worker.Run(ctx); close(done) }()
		enqueue(t, db, company.ID, fuelportal.WebhookTransactionApproved, "in flight")
		select {
		case <-arrived:
		case <-time.After(60 * time.Second): // a hang guard, not a timing assertion
			t.Fatal("the worker was not woken by the enqueue")
		}
		// The process stops while the delivery is in flight.
		stop()
		<-done

		// A new worker takes it once the stopped one's lease ends.
		next := newWorker(db, allowPrivate, clock)
		if n := next.DeliverDue(context.Background()); n != 0 {
			t.Fatalf("taken within the lease: %d", n)
		}
		clock.Advance(2 * time.Minute)
		if n := next.DeliverDue(context.Background()); n != 1 {
			t.Fatalf("after the lease: %d", n)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(answered) != 1 || !strings.Contains(answered[0], `"in flight"`) {
			t.Fatalf("answered %q", answered)
		}
	})
}
