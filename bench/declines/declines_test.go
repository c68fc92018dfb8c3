// Package declines measures the notification delivery queues under a burst
// of declined purchases: every decline's push (to the owner's browser) and
// webhook (transaction.declined) delivered once, and the lag from the
// purchase reaching the purchase flow (its decision and commit included)
// to the receiver. A load script, not a test of timing:
//
//	go test ./bench/declines -run TestDeclineBurst -v -load [-declines 1000 -over 60s]
package declines

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/flows"
	"fuelportal/netguard"
	"fuelportal/push"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

var (
	load     = flag.Bool("load", false, "run the decline burst")
	declines = flag.Int("declines", 1000, "declined purchases in the burst")
	over     = flag.Duration("over", time.Minute, "the burst's length: declines are spread evenly over it")
)

// arrivals records when each key (a purchase's id) arrived, and how often.
type arrivals struct {
	mu    sync.Mutex
	first map[int64]time.Time
	count map[int64]int
}

func newArrivals() *arrivals { return &arrivals{first: map[int64]time.Time{}, count: map[int64]int{}} }

func (a *arrivals) add(id int64, at time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.count[id] == 0 {
		a.first[id] = at
	}
	a.count[id]++
}

func (a *arrivals) snapshot() (map[int64]time.Time, map[int64]int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return maps(a.first), maps(a.count)
}

func maps[V any](m map[int64]V) map[int64]V {
	out := make(map[int64]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// browser decrypts what the push service is handed (RFC 8291 aes128gcm).
type browser struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func (b *browser) decrypt(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, fmt.Errorf("body too short")
	}
	salt, idLen := body[:16], int(body[20])
	_ = binary.BigEndian.Uint32(body[16:20])
	senderPub, ciphertext := body[21:21+idLen], body[21+idLen:]
	asKey, err := ecdh.P256().NewPublicKey(senderPub)
	if err != nil {
		return nil, err
	}
	shared, err := b.key.ECDH(asKey)
	if err != nil {
		return nil, err
	}
	keyInfo := append(append([]byte("WebPush: info\x00"), b.key.PublicKey().Bytes()...), senderPub...)
	ikm, err := hkdf.Key(sha256.New, shared, b.auth, string(keyInfo), 32)
	if err != nil {
		return nil, err
	}
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, err
	}
	cek, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, err
	}
	plain = []byte(strings.TrimRight(string(plain), "\x00"))
	return plain[:len(plain)-1], nil
}

func TestDeclineBurst(t *testing.T) {
	if !*load {
		t.Skip("a load script: run with -load")
	}
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) { burst(t, storetest.Open(t, engine)) })
	}
}

func burst(t *testing.T, db *store.DB) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logger := slog.New(slog.DiscardHandler)

	company := &fuelportal.Company{Name: "Burst Freight", CarrierID: 7654321}
	owner := &fuelportal.User{Email: "owner@burst.test", PasswordHash: "h"}
	if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
		t.Fatal(err)
	}
	card := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000002", DriverName: "Ina Active", Status: fuelportal.CardInactive,
		CreatedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	station := &fuelportal.Station{ID: 412, Name: "Pilot #412", Address: "1 Truck Way", City: "Ocala", State: "FL", ZipCode: "34475",
		Latitude: 29.1, Longitude: -82.1, Chain: "PILOT", RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
	contract := fuelportal.Contract{CompanyID: company.ID, Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 120, Billing: fuelportal.BillingPrepaid}
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.CreateCard(ctx, card); err != nil {
			return err
		}
		if _, err := tx.UpsertStations(ctx, []*fuelportal.Station{station}); err != nil {
			return err
		}
		return tx.SaveContract(ctx, &contract)
	}); err != nil {
		t.Fatal(err)
	}

	// The push service: decrypts each message and notes its purchase (tag purchase-ID).
	key, _ := ecdh.P256().GenerateKey(rand.Reader)
	b := &browser{key: key, auth: make([]byte, 16)}
	_, _ = rand.Read(b.auth)
	pushes := newArrivals()
	pushService := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		body, _ := io.ReadAll(r.Body)
		plain, err := b.decrypt(body)
		var msg struct{ Tag string }
		var id int64
		if err == nil && json.Unmarshal(plain, &msg) == nil {
			_, err = fmt.Sscanf(msg.Tag, "purchase-%d", &id)
		}
		if err != nil {
			t.Errorf("push %q: %v", plain, err)
		}
		pushes.add(id, at)
		w.WriteHeader(http.StatusCreated)
	}))
	defer pushService.Close()
	if err := db.SavePushSubscription(ctx, &fuelportal.PushSubscription{UserID: owner.ID, Endpoint: pushService.URL + "/owner",
		P256DH: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()), Auth: base64.RawURLEncoding.EncodeToString(b.auth)}); err != nil {
		t.Fatal(err)
	}

	// The company's webhook receiver: notes each transaction.declined event's purchase.
	hooks := newArrivals()
	hookReceiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		var event struct {
			Type string
			Data struct{ TransactionID int64 }
		}
		if err := json.NewDecoder(r.Body).Decode(&event); err != nil || event.Type != string(fuelportal.WebhookTransactionDeclined) {
			t.Errorf("webhook %+v: %v", event, err)
		}
		hooks.add(event.Data.TransactionID, at)
	}))
	defer hookReceiver.Close()
	if _, err := db.CreateWebhookEndpoint(ctx, company.ID, fuelportal.WebhookEndpointInput{URL: hookReceiver.URL,
		Events: []fuelportal.WebhookEventType{fuelportal.WebhookTransactionDeclined}, Active: true}, fuelportal.CheckWebhookEndpointAdded); err != nil {
		t.Fatal(err)
	}

	// One server process's queues and senders, wired as serve does.
	keys, err := push.LoadKeys(ctx, db, push.Keys{})
	if err != nil {
		t.Fatal(err)
	}
	outgoing := netguard.Policy{AllowPrivate: true} // the receivers are on loopback
	f := flows.New(flows.Deps{DB: db, Logger: logger}, flows.Config{PushKeys: keys, PushSubject: "mailto:ops@burst.test", Outgoing: outgoing})
	f.Push.Client = pushService.Client()
	db.Queued = f.Events.Queued
	var running sync.WaitGroup
	running.Go(func() { f.Events.Run(ctx) })
	running.Go(func() { f.Push.Run(ctx) })
	running.Go(func() { f.Webhooks.Run(ctx) })

	// The burst: declines spread evenly, each decided through the purchase flow.
	decided := map[int64]time.Time{}
	every := *over / time.Duration(*declines)
	start := time.Now()
	for i := range *declines {
		time.Sleep(time.Until(start.Add(time.Duration(i) * every)))
		// The lag counts from the purchase reaching the flow: its decision and commit included.
		arrived := time.Now()
		tr, created, err := f.Purchases.Record(ctx, &fuelportal.CardPurchase{NetworkTransactionID: fmt.Sprintf("burst-%d", i), CardNumber: card.CardNumber,
			LocationID: station.ID, Gallons: 50_000, RetailPrice: 3859, TransactionDate: time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC)})
		if err != nil || !created || tr.Status != fuelportal.TransactionDeclined {
			t.Fatalf("purchase %d = %+v, %v", i, tr, err)
		}
		decided[tr.ID] = arrived
	}
	burstTook := time.Since(start)

	// Wait until every decline's push and webhook arrived (or give up after two minutes).
	deadline := time.Now().Add(2 * time.Minute)
	for {
		p, _ := pushes.snapshot()
		h, _ := hooks.snapshot()
		if len(p) >= len(decided) && len(h) >= len(decided) || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(2 * time.Second) // anything sent twice would arrive by now
	cancel()
	running.Wait()

	for name, a := range map[string]*arrivals{"push": pushes, "webhook": hooks} {
		first, count := a.snapshot()
		var lags []time.Duration
		for id, at := range decided {
			switch {
			case count[id] == 0:
				t.Errorf("%s of purchase %d never arrived", name, id)
			case count[id] > 1:
				t.Errorf("%s of purchase %d arrived %d times", name, id, count[id])
			default:
				lags = append(lags, first[id].Sub(at))
			}
		}
		if len(first) != len(decided) {
			t.Errorf("%s: %d purchases arrived, %d declined", name, len(first), len(decided))
		}
		slices.Sort(lags)
		if len(lags) > 0 {
			q := func(p float64) time.Duration { return lags[min(len(lags)-1, int(p*float64(len(lags))))] }
			t.Logf("%s: %d declines in %v, %d delivered once each; lag from the purchase's arrival to the receiver p50 %v, p99 %v, max %v",
				name, len(decided), burstTook.Round(time.Millisecond), len(lags), q(0.50).Round(time.Millisecond), q(0.99).Round(time.Millisecond), lags[len(lags)-1].Round(time.Millisecond))
		}
	}
}
