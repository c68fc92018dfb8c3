package push_test

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"fuelportal"
	"fuelportal/events"
	"fuelportal/netguard"
	"fuelportal/push"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// browser is a push subscriber as a browser makes one: a P-256 key pair
// and an auth secret; it decrypts what the push service delivers.
type browser struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func newBrowser(t *testing.T) *browser {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return &browser{key: key, auth: auth}
}

func (b *browser) p256dh() string {
	return base64.RawURLEncoding.EncodeToString(b.key.PublicKey().Bytes())
}
func (b *browser) authKey() string { return base64.RawURLEncoding.EncodeToString(b.auth) }

// decrypt opens an aes128gcm body (RFC 8188) keyed as RFC 8291 says.
func (b *browser) decrypt(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, fmt.Errorf("body too short")
	}
	salt, rs, idLen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idLen || rs < 18 {
		return nil, fmt.Errorf("bad header")
	}
	senderPub, ciphertext := body[21:21+idLen], body[21+idLen:]
	asKey, err := ecdh.P256().NewPublicKey(senderPub)
	if err != nil {
		return nil, fmt.Errorf("sender key: %w", err)
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
	if len(ciphertext) > int(rs) {
		return nil, fmt.Errorf("more than one record")
	}
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, fmt.Errorf("open: %w", err)
	}
	plain = []byte(strings.TrimRight(string(plain), "\x00"))
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, fmt.Errorf("no last-record delimiter")
	}
	return plain[:len(plain)-1], nil
}

// receiver is a push service: it answers each path with the statuses
// queued for it (then 201) and keeps what it received.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	statuses map[string][]int
	got      []*http.Request
	bodies   [][]byte
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{statuses: map[string][]int{}}
	r.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got, r.bodies = append(r.got, req), append(r.bodies, body)
		status := http.StatusCreated
		if q := r.statuses[req.URL.Path]; len(q) > 0 {
			status, r.statuses[req.URL.Path] = q[0], q[1:]
		}
		r.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.got)
}

type fixture struct {
	db      *store.DB
	clock   *storetest.Clock
	keys    push.Keys
	sender  *push.Sender
	recv    *receiver
	owner   *fuelportal.User
	company *fuelportal.Company
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	ctx := context.Background()
	f := &fixture{db: db, clock: storetest.NewClock(db), recv: newReceiver(t)}
	var err error
	if f.keys, err = push.LoadKeys(ctx, db, push.Keys{}); err != nil {
		t.Fatal(err)
	}
	f.company = &fuelportal.Company{Name: "Push Co", CarrierID: 7654321}
	f.owner = &fuelportal.User{Email: "owner@push.test", PasswordHash: "h"}
	if err := db.CreateCompanyOwner(ctx, f.company, f.owner); err != nil {
		t.Fatal(err)
	}
	f.sender = f.newSender()
	return f
}

func (f *fixture) newSender() *push.Sender {
	s := push.New(push.Deps{Outbox: f.db, Keys: f.keys, Subject: "mailto:ops@push.test", Policy: netguard.Policy{AllowPrivate: true}}) // the receiver is on loopback
	s.Client = f.recv.Client()
	return s
}

// subscribe saves a subscription of user at path on the receiver.
func (f *fixture) subscribe(t *testing.T, userID int64, path string) (*browser, *fuelportal.PushSubscription) {
	b := newBrowser(t)
	sub := &fuelportal.PushSubscription{UserID: userID, Endpoint: f.recv.URL + path, P256DH: b.p256dh(), Auth: b.authKey()}
	if err := f.db.SavePushSubscription(context.Background(), sub); err != nil {
		t.Fatal(err)
	}
	return b, sub
}

func (f *fixture) notify(t *testing.T, to fuelportal.PushRecipients, n fuelportal.PushNotification) {
	if _, err := f.db.EnqueuePush(context.Background(), to, n); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) messages(t *testing.T, userID int64) []*fuelportal.PushMessage {
	msgs, err := f.db.PushMessagesFor(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func TestSender_DeliversEncryptedAndSigned(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		b, sub := f.subscribe(t, f.owner.ID, "/push/a")
		want := fuelportal.PushNotification{Title: "Purchase declined", Body: "Card ending 1234 at Station. The card is inactive.", URL: "/transactions/7", Tag: "purchase-7",
			Actions: []fuelportal.PushAction{{Action: "request-override", Title: "Request override", URL: "/dashboard?requestOverride=7"}}}
		f.notify(t, fuelportal.PushRecipients{OwnersOf: f.company.ID}, want)

		if n := f.sender.DeliverDue(ctx); n != 1 {
			t.Fatalf("attempted %d, want 1", n)
		}
		if f.recv.count() != 1 {
			t.Fatalf("received %d", f.recv.count())
		}
		req, body := f.recv.got[0], f.recv.bodies[0]
		if req.Header.Get("Content-Encoding") != "aes128gcm" || req.Header.Get("TTL") != "86400" {
			t.Errorf("headers: %v", req.Header)
		}
		plain, err := b.decrypt(body)
		if err != nil {
			t.Fatalf("decrypt: %v", err)
		}
		var got fuelportal.PushNotification
		if err := json.Unmarshal(plain, &got); err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("payload %s (%v), want %+v", plain, err, want)
		}

		// VAPID (RFC 8292): "vapid t=<JWT>, k=<public key>", the JWT signed
		// by the deployment's key for the endpoint's origin.
		auth := req.Header.Get("Authorization")
		token, k, ok := strings.Cut(strings.TrimPrefix(auth, "vapid t="), ", k=")
		if !strings.HasPrefix(auth, "vapid t=") || !ok || k != f.keys.Public {
			t.Fatalf("Authorization %q", auth)
		}
		raw, _ := base64.RawURLEncoding.DecodeString(f.keys.Public)
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic256(), raw)
		if err != nil {
			t.Fatal(err)
		}
		claims := jwt.MapClaims{}
		if _, err := jwt.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return pub, nil },
			jwt.WithValidMethods([]string{"ES256"}), jwt.WithExpirationRequired()); err != nil {
			t.Fatalf("JWT does not verify: %v", err)
		}
		if claims["aud"] != f.recv.URL || claims["sub"] != "mailto:ops@push.test" {
			t.Errorf("claims %v, want aud %s", claims, f.recv.URL)
		}
		if exp, _ := claims.GetExpirationTime(); exp == nil || time.Until(exp.Time) > 24*time.Hour {
			t.Errorf("exp %v: more than 24 hours ahead", exp)
		}

		msgs := f.messages(t, f.owner.ID)
		if len(msgs) != 1 || msgs[0].Status != fuelportal.PushSent || msgs[0].Attempts != 1 {
			t.Fatalf("message after delivery: %+v", msgs[0])
		}
		subs, _ := db.PushSubscriptions(ctx, f.owner.ID)
		if len(subs) != 1 || subs[0].ID != sub.ID || subs[0].LastSuccessAt == nil {
			t.Fatalf("subscription after delivery: %+v", subs)
		}
	})
}

func TestSender_RetriesWithBackoffThenGivesUp(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.subscribe(t, f.owner.ID, "/push/retry")
		f.subscribe(t, f.owner.ID, "/push/down")
		f.recv.statuses["/push/retry"] = []int{http.StatusInternalServerError}
		f.recv.statuses["/push/down"] = []int{500, 503, 500, 502, 500}
		f.notify(t, fuelportal.PushRecipients{UserIDs: []int64{f.owner.ID}}, fuelportal.PushNotification{Title: "t", Body: "b"})

		f.sender.DeliverDue(ctx)
		for _, m := range f.messages(t, f.owner.ID) {
			if m.Status != fuelportal.PushPending || m.Attempts != 1 || !strings.Contains(m.LastError, "500") {
				t.Fatalf("after a 500: %+v", m)
			}
		}
		if n := f.sender.DeliverDue(ctx); n != 0 {
			t.Fatalf("retried before the backoff: %d", n)
		}
		total := time.Duration(0)
		for attempt := 1; attempt < push.MaxAttempts; attempt++ {
			f.clock.Advance(push.Backoff(attempt))
			total += push.Backoff(attempt)
			f.sender.DeliverDue(ctx)
		}
		if total < 45*time.Minute || total > 90*time.Minute {
			t.Errorf("retries span %v, want about an hour", total)
		}
		byEndpoint := map[string]*fuelportal.PushMessage{}
		for _, m := range f.messages(t, f.owner.ID) {
			byEndpoint[strings.TrimPrefix(m.Subscription.Endpoint, f.recv.URL)] = m
		}
		if m := byEndpoint["/push/retry"]; m.Status != fuelportal.PushSent || m.Attempts != 2 {
			t.Errorf("retried message: %+v", m)
		}
		if m := byEndpoint["/push/down"]; m.Status != fuelportal.PushFailed || m.Attempts != push.MaxAttempts {
			t.Errorf("message to a push service down: %+v", m)
		}
	})
}

func TestSender_RemovesSubscriptionTheServiceSaysIsGone(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.subscribe(t, f.owner.ID, "/push/gone")
		_, kept := f.subscribe(t, f.owner.ID, "/push/kept")
		f.recv.statuses["/push/gone"] = []int{http.StatusGone}
		f.notify(t, fuelportal.PushRecipients{UserIDs: []int64{f.owner.ID}}, fuelportal.PushNotification{Title: "t", Body: "b"})
		f.sender.DeliverDue(ctx)
		subs, _ := db.PushSubscriptions(ctx, f.owner.ID)
		if len(subs) != 1 || subs[0].ID != kept.ID {
			t.Fatalf("subscriptions after a 410: %+v", subs)
		}
		if msgs := f.messages(t, f.owner.ID); len(msgs) != 1 || msgs[0].Status != fuelportal.PushSent {
			t.Fatalf("messages: %+v", msgs)
		}
	})
}

// A sender that died after claiming loses nothing: once its lease runs
// out another sender (a restarted process) delivers the message, once.
func TestSender_NothingLostWhenAProcessDies(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.subscribe(t, f.owner.ID, "/push/a")
		f.notify(t, fuelportal.PushRecipients{UserIDs: []int64{f.owner.ID}}, fuelportal.PushNotification{Title: "t", Body: "b"})
		if claimed, err := db.ClaimPushMessages(ctx, 2*time.Minute, 10); err != nil || len(claimed) != 1 {
			t.Fatalf("claim %d, %v", len(claimed), err)
		}
		restarted := f.newSender()
		if n := restarted.DeliverDue(ctx); n != 0 {
			t.Fatalf("a leased message was sent again at once: %d", n)
		}
		f.clock.Advance(2*time.Minute + time.Second)
		if n := restarted.DeliverDue(ctx); n != 1 || f.recv.count() != 1 {
			t.Fatalf("after the lease: attempted %d, received %d", n, f.recv.count())
		}
		if m := f.messages(t, f.owner.ID)[0]; m.Status != fuelportal.PushSent || m.Attempts != 2 {
			t.Fatalf("message: %+v", m)
		}
	})
}

// Senders of two processes on one database deliver each message once.
func TestSender_TwoSendersDeliverEachMessageOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		for i := range 5 {
			f.subscribe(t, f.owner.ID, fmt.Sprintf("/push/%d", i))
		}
		for range 12 {
			f.notify(t, fuelportal.PushRecipients{UserIDs: []int64{f.owner.ID}}, fuelportal.PushNotification{Title: "t", Body: "b"})
		}
		var wg sync.WaitGroup
		for _, s := range []*push.Sender{f.sender, f.newSender()} {
			wg.Add(1)
			go func() { defer wg.Done(); s.DeliverDue(ctx) }()
		}
		wg.Wait()
		if got := f.recv.count(); got != 60 {
			t.Fatalf("received %d, want 60", got)
		}
		for _, m := range f.messages(t, f.owner.ID) {
			if m.Status != fuelportal.PushSent || m.Attempts != 1 {
				t.Fatalf("message %+v", m)
			}
		}
	})
}

func TestSender_RunWakesOnEnqueue(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		f.subscribe(t, f.owner.ID, "/push/a")
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		f.sender.Tick = time.Hour // only the wake can explain a delivery
		go func() { f.sender.Run(ctx); close(done) }()
		dispatcher := events.New(events.Deps{Store: db})
		dispatcher.Senders = []func(){f.sender.Wake}
		db.Queued = dispatcher.Queued
		go dispatcher.Run(ctx)
		n := fuelportal.Notice{Event: fuelportal.NotifyOverrideRequested, CompanyID: f.company.ID, Key: "overrideRequested"}
		if err := db.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventOverrideRequested, CompanyID: f.company.ID, Notice: &n}); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(2 * time.Minute) // well under the tick
		for f.recv.count() == 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
		<-done
		if f.recv.count() != 1 {
			t.Fatalf("received %d after the wake", f.recv.count())
		}
	})
}

func TestLoadKeys(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		first, err := push.LoadKeys(ctx, db, push.Keys{})
		if err != nil {
			t.Fatal(err)
		}
		again, err := push.LoadKeys(ctx, db, push.Keys{})
		if err != nil || again != first {
			t.Fatalf("second start got %+v, %v; want the stored %+v", again, err, first)
		}
		other, _ := push.LoadKeys(ctx, storetest.OpenSQLite(t), push.Keys{})
		if other == first {
			t.Fatal("two databases share a generated key")
		}
		if got, err := push.LoadKeys(ctx, db, other); err != nil || got != other {
			t.Fatalf("configured keys: %+v, %v", got, err)
		}
		if _, err := push.LoadKeys(ctx, db, push.Keys{Public: first.Public, Private: other.Private}); err == nil {
			t.Fatal("a public key of another pair was accepted")
		}
		if _, err := push.LoadKeys(ctx, db, push.Keys{Public: first.Public}); err == nil {
			t.Fatal("a public key alone was accepted")
		}
	})
}

// The sender's own client refuses to connect to a private address even
// when the name looked public at subscription time.
// TestSender_PostsOnlyWhereTheOutgoingPolicyAllows: the sender's policy
// is netguard's (the webhooks'): under the strict rule an endpoint on a
// loopback address is refused before the attempt, and its own client
// refuses to connect to one even when the name looked public at
// subscription time (the address dialled is checked).
func TestSender_PostsOnlyWhereTheOutgoingPolicyAllows(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.subscribe(t, f.owner.ID, "/push/a")
		f.notify(t, fuelportal.PushRecipients{UserIDs: []int64{f.owner.ID}}, fuelportal.PushNotification{Title: "t", Body: "b"})
		guarded := push.New(push.Deps{Outbox: db, Keys: f.keys, Subject: "mailto:ops@push.test", Policy: netguard.Policy{}}) // its own client, the strict rule
		guarded.DeliverDue(ctx)
		if f.recv.count() != 0 {
			t.Fatal("delivered to a loopback address")
		}
		if m := f.messages(t, f.owner.ID)[0]; m.Status != fuelportal.PushFailed || !strings.Contains(m.LastError, "endpoint refused") {
			t.Fatalf("message %+v", m)
		}
		for _, addr := range []string{f.recv.Listener.Addr().String(), "[2002:a00:1::]:443", "[64:ff9b:1::a00:1]:443"} {
			if _, err := guarded.Client.Transport.(*http.Transport).DialContext(ctx, "tcp", addr); !errors.Is(err, netguard.ErrNotPublic) {
				t.Fatalf("dial %s: %v, want ErrNotPublic", addr, err)
			}
		}
	})
}

func elliptic256() elliptic.Curve { return elliptic.P256() }
