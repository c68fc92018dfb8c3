package http_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"fuelportal/http/apitest"
	"fuelportal/netguard"
	"fuelportal/qbo"
	"fuelportal/qbo/qbofake"
)

// withQBOFake points the server's QuickBooks connection at a local
// stand-in of Intuit's API.
func withQBOFake(t *testing.T, f *fleet) *qbofake.Fake {
	t.Helper()
	fake := qbofake.Start()
	t.Cleanup(fake.Close)
	f.srv.QuickBooks = qbo.New(qbo.Deps{Store: f.db, ClientID: fake.ClientID, ClientSecret: fake.ClientSecret, APIBase: fake.URL,
		AuthURL: fake.AuthURL(), TokenURL: fake.TokenURL(), RevokeURL: fake.RevokeURL(), SecretKey: "a-test-secret-key-of-at-least-32-characters",
		Policy: netguard.Policy{AllowPrivate: true}, Now: f.db.Now})
	return fake
}

// qboConnect connects the caller's company to QuickBooks company realm:
// the connect URL, the consent at Intuit, the callback.
func qboConnect(t *testing.T, f *fleet, fake *qbofake.Fake, token, realm string) *apitest.Response {
	t.Helper()
	c := qboStart(t, f, token)
	return qboCallback(f, c, url.Values{"code": {fake.Consent(realm, c.redirect)}, "state": {c.state}, "realmId": {realm}})
}

// qboConnection is a connection started: its state, redirect URI and the
// browser's binding cookie.
type qboConnection struct{ state, redirect, cookie string }

func qboStart(t *testing.T, f *fleet, token string) qboConnection {
	t.Helper()
	var out struct{ URL string }
	res := f.api.Get("/api/wex/company/accounting/qbo/connect", token).ExpectStatus(t, 200)
	res.Decode(t, &out)
	u, err := url.Parse(out.URL)
	if err != nil || !strings.Contains(out.URL, "/connect/oauth2?") {
		t.Fatalf("authorization URL %q", out.URL)
	}
	cookie := res.Header.Get("Set-Cookie")
	if !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") || !strings.Contains(cookie, "Path=/api/accounting/qbo/callback") {
		t.Fatalf("binding cookie %q", cookie)
	}
	name, _, _ := strings.Cut(cookie, ";")
	return qboConnection{state: u.Query().Get("state"), redirect: u.Query().Get("redirect_uri"), cookie: name}
}

// qboCallback is Intuit's redirect with q, in the browser of c.
func qboCallback(f *fleet, c qboConnection, q url.Values) *apitest.Response {
	return f.api.Do(apitest.Request{Method: "GET", Path: "/api/accounting/qbo/callback?" + q.Encode(), Header: http.Header{"Cookie": {c.cookie}}})
}

type qboStatusBody struct {
	Configured, Connected bool
	RealmID               string
	Mapping               struct {
		Products       map[string]string
		PaymentAccount string
	}
	LastPush *struct{ Created, Failed int }
	Pushed   int
	Failures []struct{ TransactionID int64 }
}

func qboStatus(t *testing.T, f *fleet, token string) qboStatusBody {
	t.Helper()
	var st qboStatusBody
	f.api.Get("/api/wex/company/accounting/qbo", token).ExpectStatus(t, 200).Decode(t, &st)
	return st
}

func TestQuickBooks_ConnectMapPushDisconnect(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		// Without an Intuit app: not configured, connect is 503.
		if st := qboStatus(t, f, f.owner); st.Configured || st.Connected {
			t.Fatalf("status without an app = %+v", st)
		}
		f.api.Get("/api/wex/company/accounting/qbo/connect", f.owner).ExpectStatus(t, 503)
		fake := withQBOFake(t, f)
		book := f.member(t, f.owner, "books.qbo@example.test", "bookkeeper", 0)
		// A forged state: 400, nothing stored.
		res := f.api.Get("/api/accounting/qbo/callback?code=AB11x&state="+strings.Repeat("ab", 32)+"&realmId=1", "")
		res.ExpectStatus(t, 400)
		if !strings.Contains(string(res.Body), "unknown, already used or expired") {
			t.Fatalf("forged state answer %s", res.Body)
		}
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/accounting/qbo/callback?state=%00", BreaksContract: true}).ExpectStatus(t, 400)
		if st := qboStatus(t, f, book); !st.Configured || st.Connected {
			t.Fatalf("status after a forged state = %+v", st)
		}
		// The bookkeeper connects; the browser goes back to the page.
		before := auditRows(t, f, f.demoCompany)
		res = qboConnect(t, f, fake, book, "9130350000000001")
		res.ExpectStatus(t, 302)
		if loc := res.Header.Get("Location"); !strings.HasSuffix(loc, "/integrations?quickbooks=connected") {
			t.Fatalf("redirect to %q", loc)
		}
		if auditRows(t, f, f.demoCompany) <= before {
			t.Error("connecting wrote no audit row")
		}
		st := qboStatus(t, f, f.owner)
		if !st.Connected || st.RealmID != "9130350000000001" {
			t.Fatalf("status = %+v", st)
		}
		var accounts struct {
			Content []struct{ ID, Name, Type string }
		}
		f.api.Get("/api/wex/company/accounting/qbo/accounts", book).ExpectStatus(t, 200).Decode(t, &accounts)
		if len(accounts.Content) != 5 {
			t.Fatalf("accounts = %+v", accounts)
		}
		// Mapping: bounds and the company's own accounts.
		f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/accounting/qbo/mapping", Token: book, BreaksContract: true,
			Body: map[string]any{"products": map[string]string{"DSL": "7"}, "paymentAccount": strings.Repeat("4", 41)}}).ExpectStatus(t, 400)
		f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/accounting/qbo/mapping", Token: book, BreaksContract: true,
			Body: map[string]any{"products": map[string]string{"DSL": strings.Repeat("7", 41)}, "paymentAccount": "41"}}).ExpectStatus(t, 400)
		f.api.Put("/api/wex/company/accounting/qbo/mapping", map[string]any{"products": map[string]string{"DSL": "999"}, "paymentAccount": "41"}, book).ExpectStatus(t, 400)
		before = auditRows(t, f, f.demoCompany)
		f.api.Put("/api/wex/company/accounting/qbo/mapping", map[string]any{"products": map[string]string{"DSL": "7", "RFR": "7", "DEF": "9", "GAS": "7", "OTH": "8"}, "paymentAccount": "41"}, book).ExpectStatus(t, 200)
		if auditRows(t, f, f.demoCompany) <= before {
			t.Error("the mapping wrote no audit row")
		}
		// Push: a hostile range is 400; a year is sent.
		f.api.Post("/api/wex/company/accounting/qbo/push", map[string]string{"from": "2015-01-01", "to": "2025-01-01"}, book).ExpectStatus(t, 400)
		f.api.Post("/api/wex/company/accounting/qbo/push", map[string]string{"from": "=HYPERLINK(1)", "to": "x"}, book).ExpectStatus(t, 400)
		today := f.db.Now().UTC()
		body := map[string]string{"from": today.AddDate(0, 0, -360).Format("2006-01-02"), "to": today.AddDate(0, 0, 1).Format("2006-01-02")}
		before = auditRows(t, f, f.demoCompany)
		var run struct{ Created, AlreadyInQuickBooks, Failed int }
		f.api.Post("/api/wex/company/accounting/qbo/push", body, book).ExpectStatus(t, 200).Decode(t, &run)
		if run.Created == 0 || run.Failed != 0 || len(fake.Purchases()) != run.Created {
			t.Fatalf("push = %+v, QuickBooks holds %d", run, len(fake.Purchases()))
		}
		if auditRows(t, f, f.demoCompany) <= before {
			t.Error("the push wrote no audit row")
		}
		f.api.Post("/api/wex/company/accounting/qbo/push", body, f.owner).ExpectStatus(t, 200).Decode(t, &run)
		if run.Created != 0 || fake.Duplicates() != 0 {
			t.Fatalf("second push = %+v, %d duplicates", run, fake.Duplicates())
		}
		if st := qboStatus(t, f, book); st.Pushed != len(fake.Purchases()) || st.LastPush == nil {
			t.Fatalf("status after pushes = %+v", st)
		}
		// Disconnect: the token is revoked at Intuit.
		before = auditRows(t, f, f.demoCompany)
		f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/wex/company/accounting/qbo", Token: book}).ExpectStatus(t, 204)
		if auditRows(t, f, f.demoCompany) <= before {
			t.Error("disconnecting wrote no audit row")
		}
		if len(fake.Revoked()) != 1 {
			t.Fatalf("revoked = %v", fake.Revoked())
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/wex/company/accounting/qbo", Token: book}).ExpectStatus(t, 404)
		if st := qboStatus(t, f, f.owner); st.Connected {
			t.Fatalf("status after disconnect = %+v", st)
		}
	})
}

func TestQuickBooks_StateIsSingleUseAndShortLived(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		fake := withQBOFake(t, f)
		// Another browser (without the asker's cookie) brings a good
		// state and code: 400, nothing stored, the state used up.
		c := qboStart(t, f, f.owner)
		q := url.Values{"code": {fake.Consent("77", c.redirect)}, "state": {c.state}, "realmId": {"77"}}
		f.api.Get("/api/accounting/qbo/callback?"+q.Encode(), "").ExpectStatus(t, 400)
		qboCallback(f, c, q).ExpectStatus(t, 400)
		if st := qboStatus(t, f, f.owner); st.Connected {
			t.Fatalf("connected from another browser: %+v", st)
		}
		c = qboStart(t, f, f.owner)
		q = url.Values{"code": {fake.Consent("77", c.redirect)}, "state": {c.state}, "realmId": {"77"}}
		qboCallback(f, c, q).ExpectStatus(t, 302)
		// The same callback again (a replayed code and state): 400.
		qboCallback(f, c, q).ExpectStatus(t, 400)
		// The person declines at Intuit: back to the page, nothing stored.
		f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/wex/company/accounting/qbo", Token: f.owner}).ExpectStatus(t, 204)
		c = qboStart(t, f, f.owner)
		res := qboCallback(f, c, url.Values{"error": {"access_denied"}, "state": {c.state}})
		res.ExpectStatus(t, 302)
		if !strings.HasSuffix(res.Header.Get("Location"), "quickbooks=denied") {
			t.Fatalf("declined: redirect to %q", res.Header.Get("Location"))
		}
		// A state older than 10 minutes: 400.
		c = qboStart(t, f, f.owner)
		f.clock.Advance(11 * time.Minute)
		qboCallback(f, c, url.Values{"code": {fake.Consent("77", c.redirect)}, "state": {c.state}, "realmId": {"77"}}).ExpectStatus(t, 400)
		if st := qboStatus(t, f, f.owner); st.Connected {
			t.Fatalf("connected by a declined or expired state: %+v", st)
		}
	})
}

// Another company's owner sees, changes, sends and disconnects nothing of
// the demo company's connection; dispatchers and drivers may not use it.
func TestQuickBooks_IsolationAndRoles(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		fake := withQBOFake(t, f)
		qboConnect(t, f, fake, f.owner, "5550001").ExpectStatus(t, 302)
		f.api.Put("/api/wex/company/accounting/qbo/mapping", map[string]any{"products": map[string]string{"DSL": "7"}, "paymentAccount": "41"}, f.owner).ExpectStatus(t, 200)
		if st := qboStatus(t, f, f.other); st.Connected || st.RealmID != "" || st.Mapping.PaymentAccount != "" {
			t.Fatalf("other company's status = %+v", st)
		}
		f.api.Get("/api/wex/company/accounting/qbo/accounts", f.other).ExpectStatus(t, 404)
		f.api.Put("/api/wex/company/accounting/qbo/mapping", map[string]any{"products": map[string]string{}, "paymentAccount": "41"}, f.other).ExpectStatus(t, 404)
		today := f.db.Now().UTC().Format("2006-01-02")
		f.api.Post("/api/wex/company/accounting/qbo/push", map[string]string{"from": today, "to": today}, f.other).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/wex/company/accounting/qbo", Token: f.other}).ExpectStatus(t, 404)
		// The other company connects its own QuickBooks: the demo
		// company's connection is untouched.
		qboConnect(t, f, fake, f.other, "5550002").ExpectStatus(t, 302)
		if st := qboStatus(t, f, f.owner); st.RealmID != "5550001" || st.Mapping.PaymentAccount != "41" {
			t.Fatalf("demo company's status = %+v", st)
		}
		dispatcher := f.member(t, f.owner, "disp.qbo@example.test", "dispatcher", 0)
		for _, token := range []string{dispatcher, f.driver} {
			f.api.Get("/api/wex/company/accounting/qbo", token).ExpectStatus(t, 403)
			f.api.Get("/api/wex/company/accounting/qbo/connect", token).ExpectStatus(t, 403)
			f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/wex/company/accounting/qbo", Token: token}).ExpectStatus(t, 403)
		}
		var raw json.RawMessage
		f.api.Get("/api/wex/company/accounting/qbo", f.owner).ExpectStatus(t, 200).Decode(t, &raw)
		if strings.Contains(string(raw), "eyJ") || strings.Contains(string(raw), "AB11") {
			t.Fatalf("a token in the status: %s", raw)
		}
	})
}
