// Package qbofake is a local stand-in of Intuit's QuickBooks Online API
// for tests and benchmarks, answering as Intuit documents: the OAuth 2.0
// token endpoint (HTTP Basic client credentials, form body, rotating
// refresh tokens, {"error": "invalid_grant"} for a used or unknown code or
// refresh token), the revoke endpoint, and the v3 accounting API's query
// (Account, Class, Customer by DisplayName or FullyQualifiedName, Purchase
// by DocNumber), Customer create (a unique DisplayName without a colon,
// else a Fault: 6240 for a name in use) and batch (Purchase create, at
// most 30 operations) under /v3/company/{realmId}, with Faults for errors
// and its limits per realm enforced: at most 500 requests in any minute
// and 10 at once, a 429 with Retry-After beyond.
package qbofake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Account is an account of the fake's company.
type Account struct {
	ID, Name, Type string
}

// Purchase is a Purchase the fake holds.
type Purchase struct {
	ID          string
	Realm       string
	DocNumber   string
	PaymentType string
	AccountRef  string
	TxnDate     string
	PrivateNote string
	Amount      json.Number
	LineAccount string
	ClassRef    string
	CustomerRef string // the expense line's customer (a job)
	Description string
}

// Customer is a customer (or job: a sub-customer) of a realm.
type Customer struct {
	ID, Realm, DisplayName string
	ParentID               string // "" for a top-level customer
}

// Fake is the stand-in. Create it with Start.
type Fake struct {
	*httptest.Server
	ClientID, ClientSecret string
	// AccessTTL is the expires_in of the access tokens it grants (default
	// an hour).
	AccessTTL int
	// PerMinute and Concurrent are the limits per realm (default 500, 10).
	PerMinute, Concurrent int
	// RetryAfter is the Retry-After of its 429s in seconds (default 1).
	RetryAfter int

	mu        sync.Mutex
	codes     map[string]string // code → realm (unused)
	redirects map[string]string // code → redirect_uri it was issued for
	access    map[string]string // access token → realm
	refresh   map[string]string // refresh token → realm
	revoked   []string
	accounts  []Account
	classes   map[string]string // name → id
	purchases []Purchase
	customers []Customer
	nextID    int
	seq       int
	throttle  int // the next n API requests answer 429
	drop      int // the next n batches are carried out but not answered
	window    map[string][]time.Time
	inflight  map[string]int
	maxFlight int
	requests  int
	limited   int // 429s answered
	grants    map[string]int
}

// Start starts a fake with the standard accounts of a new QuickBooks
// company.
func Start() *Fake {
	f := &Fake{ClientID: "fake-client", ClientSecret: "fake-secret", AccessTTL: 3600, PerMinute: 500, Concurrent: 10, RetryAfter: 1,
		codes: map[string]string{}, redirects: map[string]string{}, access: map[string]string{}, refresh: map[string]string{},
		classes: map[string]string{"East": "5000000000000001", "West": "5000000000000002"}, nextID: 100,
		window: map[string][]time.Time{}, inflight: map[string]int{}, grants: map[string]int{},
		accounts: []Account{{"7", "Fuel", "Expense"}, {"8", "Vehicle repairs", "Expense"}, {"9", "DEF fluid", "Expense"},
			{"41", "Fleet fuel card", "Credit Card"}, {"35", "Checking", "Bank"}}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /connect/oauth2", f.consentPage)
	mux.HandleFunc("POST /oauth2/v1/tokens/bearer", f.token)
	mux.HandleFunc("POST /v2/oauth2/tokens/revoke", f.revoke)
	mux.HandleFunc("GET /v3/company/{realm}/query", f.limitedAPI(f.query))
	mux.HandleFunc("POST /v3/company/{realm}/batch", f.limitedAPI(f.batch))
	mux.HandleFunc("POST /v3/company/{realm}/customer", f.limitedAPI(f.createCustomer))
	f.Server = httptest.NewServer(mux)
	return f
}

// TokenURL, AuthURL and RevokeURL are the fake's OAuth addresses.
func (f *Fake) TokenURL() string  { return f.URL + "/oauth2/v1/tokens/bearer" }
func (f *Fake) AuthURL() string   { return f.URL + "/connect/oauth2" }
func (f *Fake) RevokeURL() string { return f.URL + "/v2/oauth2/tokens/revoke" }

// Consent is what Intuit does when the person consents: a new
// authorization code for realm, good for redirectURI once.
func (f *Fake) Consent(realm, redirectURI string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seq++
	code := fmt.Sprintf("AB11code%d", f.seq)
	f.codes[code], f.redirects[code] = realm, redirectURI
	return code
}

// ConsentRealm is the QuickBooks company the fake's consent page grants.
const ConsentRealm = "9130350000000001"

// consentPage is Intuit's consent page as a person who says yes at once:
// back to redirect_uri with a code, the state and the realm.
func (f *Fake) consentPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != f.ClientID || q.Get("response_type") != "code" || q.Get("redirect_uri") == "" {
		http.Error(w, "invalid authorization request", http.StatusBadRequest)
		return
	}
	back := url.Values{"code": {f.Consent(ConsentRealm, q.Get("redirect_uri"))}, "state": {q.Get("state")}, "realmId": {ConsentRealm}}
	http.Redirect(w, r, q.Get("redirect_uri")+"?"+back.Encode(), http.StatusFound)
}

// Throttle makes the next n API requests answer 429.
func (f *Fake) Throttle(n int) { f.mu.Lock(); f.throttle = n; f.mu.Unlock() }

// DropBatches makes the next n batches be carried out but the connection
// closed before the answer (as a crash or a network cut would).
func (f *Fake) DropBatches(n int) { f.mu.Lock(); f.drop = n; f.mu.Unlock() }

// ExpireAccessTokens makes every access token granted so far invalid (a
// 401 until refreshed).
func (f *Fake) ExpireAccessTokens() { f.mu.Lock(); f.access = map[string]string{}; f.mu.Unlock() }

// Purchases are the purchases created, in order.
func (f *Fake) Purchases() []Purchase {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Purchase(nil), f.purchases...)
}

// AddCustomer adds a customer to realm as a person would in QuickBooks
// (a sub-customer of parentID when it is not ""), answering its id.
func (f *Fake) AddCustomer(realm, displayName, parentID string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	c := Customer{ID: strconv.Itoa(f.nextID), Realm: realm, DisplayName: displayName, ParentID: parentID}
	f.customers = append(f.customers, c)
	return c.ID
}

// Customers are the customers of all realms, in the order they were
// added.
func (f *Fake) Customers() []Customer {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Customer(nil), f.customers...)
}

// Duplicates counts the DocNumbers held more than once.
func (f *Fake) Duplicates() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	seen, dupes := map[string]int{}, 0
	for _, p := range f.purchases {
		seen[p.Realm+"/"+p.DocNumber]++
		if seen[p.Realm+"/"+p.DocNumber] == 2 {
			dupes++
		}
	}
	return dupes
}

// Stats are the API requests answered, the 429s among them and the most
// requests of one realm at once.
func (f *Fake) Stats() (requests, limited, maxConcurrent int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests, f.limited, f.maxFlight
}

// Revoked are the tokens revoked.
func (f *Fake) Revoked() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.revoked...)
}

// Grants counts the token endpoint's grants by grant type.
func (f *Fake) Grants(grantType string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.grants[grantType]
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func faultJSON(kind, message, detail, code string) map[string]any {
	return map[string]any{"Fault": map[string]any{"type": kind, "Error": []map[string]string{{"Message": message, "Detail": detail, "code": code}}},
		"time": time.Now().Format(time.RFC3339)}
}

func (f *Fake) clientOK(r *http.Request) bool {
	id, secret, ok := r.BasicAuth()
	return ok && id == f.ClientID && secret == f.ClientSecret
}

func (f *Fake) grant(realm string) map[string]any {
	f.seq++
	access, refresh := fmt.Sprintf("eyJaccess.%d", f.seq), fmt.Sprintf("AB11refresh%d", f.seq)
	f.access[access], f.refresh[refresh] = realm, realm
	return map[string]any{"token_type": "bearer", "access_token": access, "refresh_token": refresh,
		"expires_in": f.AccessTTL, "x_refresh_token_expires_in": 8726400}
}

func (f *Fake) token(w http.ResponseWriter, r *http.Request) {
	if !f.clientOK(r) {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
		return
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") || r.ParseForm() != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch r.PostForm.Get("grant_type") {
	case "authorization_code":
		code := r.PostForm.Get("code")
		realm, ok := f.codes[code]
		if !ok || f.redirects[code] != r.PostForm.Get("redirect_uri") {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
			return
		}
		delete(f.codes, code)
		f.grants["authorization_code"]++
		writeJSON(w, http.StatusOK, f.grant(realm))
	case "refresh_token":
		old := r.PostForm.Get("refresh_token")
		realm, ok := f.refresh[old]
		if !ok {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
			return
		}
		delete(f.refresh, old) // refresh tokens rotate
		f.grants["refresh_token"]++
		writeJSON(w, http.StatusOK, f.grant(realm))
	default:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
	}
}

func (f *Fake) revoke(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Token string `json:"token"`
	}
	if !f.clientOK(r) {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
		return
	}
	if json.NewDecoder(r.Body).Decode(&body) != nil || body.Token == "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if realm, ok := f.refresh[body.Token]; ok {
		delete(f.refresh, body.Token)
		for a, rl := range f.access {
			if rl == realm {
				delete(f.access, a)
			}
		}
	}
	f.revoked = append(f.revoked, body.Token)
	w.WriteHeader(http.StatusOK)
}

// limitedAPI checks the bearer token and Intuit's limits of the realm.
func (f *Fake) limitedAPI(next func(w http.ResponseWriter, r *http.Request, realm string)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		realm := r.PathValue("realm")
		f.mu.Lock()
		f.requests++
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if f.access[token] != realm {
			f.mu.Unlock()
			writeJSON(w, http.StatusUnauthorized, faultJSON("AUTHENTICATION", "message=AuthenticationFailed; errorCode=003200; statusCode=401", "", "3200"))
			return
		}
		now := time.Now()
		win := f.window[realm]
		for len(win) > 0 && now.Sub(win[0]) >= time.Minute {
			win = win[1:]
		}
		if f.throttle > 0 || len(win) >= f.PerMinute || f.inflight[realm] >= f.Concurrent {
			if f.throttle > 0 {
				f.throttle--
			}
			f.limited++
			f.window[realm] = win
			f.mu.Unlock()
			w.Header().Set("Retry-After", strconv.Itoa(f.RetryAfter))
			writeJSON(w, http.StatusTooManyRequests, faultJSON("ThrottleExceeded", "message=ThrottleExceeded; errorCode=003001; statusCode=429", "The request limit was reached.", "3001"))
			return
		}
		f.window[realm] = append(win, now)
		f.inflight[realm]++
		f.maxFlight = max(f.maxFlight, f.inflight[realm])
		f.mu.Unlock()
		defer func() { f.mu.Lock(); f.inflight[realm]--; f.mu.Unlock() }()
		if r.URL.Query().Get("minorversion") == "" {
			writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "minorversion is required by this fake", "", "4000"))
			return
		}
		next(w, r, realm)
	}
}

var (
	inDocNumbers = regexp.MustCompile(`(?i)^select .+ from Purchase where DocNumber in \((.*)\)`)
	quoted       = regexp.MustCompile(`'([^']*)'`)
	// customerBy is a Customer query by one name; in the literal a
	// backslash escapes the next character (an apostrophe).
	customerBy = regexp.MustCompile(`(?i)^select .+ from Customer where (DisplayName|FullyQualifiedName) = '((?:[^'\\]|\\.)*)'\s*$`)
	escaped    = regexp.MustCompile(`\\(.)`)
)

// fullName is c's FullyQualifiedName: its parents' names and its own,
// joined by colons.
func (f *Fake) fullName(c Customer) string {
	name := c.DisplayName
	for parent := c.ParentID; parent != ""; {
		found := false
		for _, p := range f.customers {
			if p.ID == parent && p.Realm == c.Realm {
				name, parent, found = p.DisplayName+":"+name, p.ParentID, true
				break
			}
		}
		if !found {
			break
		}
	}
	return name
}

func (f *Fake) customerJSON(c Customer) map[string]any {
	level := strings.Count(f.fullName(c), ":")
	m := map[string]any{"Id": c.ID, "SyncToken": "0", "DisplayName": c.DisplayName, "FullyQualifiedName": f.fullName(c),
		"Job": c.ParentID != "", "BillWithParent": false, "Level": level, "Active": true, "Balance": 0}
	if c.ParentID != "" {
		m["ParentRef"] = map[string]string{"value": c.ParentID}
	}
	return m
}

func (f *Fake) customerOf(realm, id string) bool {
	for _, c := range f.customers {
		if c.Realm == realm && c.ID == id {
			return true
		}
	}
	return false
}

func (f *Fake) query(w http.ResponseWriter, r *http.Request, realm string) {
	q := r.URL.Query().Get("query")
	low := strings.ToLower(q)
	f.mu.Lock()
	defer f.mu.Unlock()
	resp := map[string]any{"startPosition": 1}
	switch {
	case strings.HasPrefix(low, "select * from account"):
		var list []map[string]any
		if !strings.Contains(low, "startposition") || strings.Contains(low, "startposition 1 ") {
			for _, a := range f.accounts {
				class := "Expense"
				if a.Type != "Expense" {
					class = "Liability"
				}
				list = append(list, map[string]any{"Id": a.ID, "Name": a.Name, "FullyQualifiedName": a.Name, "AccountType": a.Type,
					"Classification": class, "Active": true, "SyncToken": "0"})
			}
		}
		resp["Account"], resp["maxResults"] = list, len(list)
	case strings.HasPrefix(low, "select * from class"):
		var list []map[string]any
		for name, id := range f.classes {
			list = append(list, map[string]any{"Id": id, "Name": name, "FullyQualifiedName": name, "Active": true})
		}
		resp["Class"], resp["maxResults"] = list, len(list)
	case strings.Contains(low, " from customer"):
		m := customerBy.FindStringSubmatch(q)
		if m == nil {
			writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "QueryParserError: Encountered an unexpected query", q, "4000"))
			return
		}
		name := escaped.ReplaceAllString(m[2], "$1")
		var list []map[string]any
		for _, c := range f.customers {
			have := c.DisplayName
			if strings.EqualFold(m[1], "FullyQualifiedName") {
				have = f.fullName(c)
			}
			if c.Realm == realm && strings.EqualFold(have, name) {
				list = append(list, f.customerJSON(c))
			}
		}
		if len(list) > 0 {
			resp["Customer"], resp["maxResults"] = list, len(list)
		}
	default:
		m := inDocNumbers.FindStringSubmatch(q)
		if m == nil {
			writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "QueryParserError: Encountered an unexpected query", q, "4000"))
			return
		}
		want := map[string]bool{}
		for _, d := range quoted.FindAllStringSubmatch(m[1], -1) {
			want[d[1]] = true
		}
		var list []map[string]any
		for _, p := range f.purchases {
			if p.Realm == realm && want[p.DocNumber] {
				list = append(list, map[string]any{"Id": p.ID, "DocNumber": p.DocNumber})
			}
		}
		if len(list) > 0 {
			resp["Purchase"], resp["maxResults"] = list, len(list)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"QueryResponse": resp, "time": time.Now().Format(time.RFC3339)})
}

type purchaseJSON struct {
	PaymentType string `json:"PaymentType"`
	AccountRef  struct {
		Value string `json:"value"`
	} `json:"AccountRef"`
	TxnDate     string `json:"TxnDate"`
	DocNumber   string `json:"DocNumber"`
	PrivateNote string `json:"PrivateNote"`
	Line        []struct {
		Amount                        json.Number `json:"Amount"`
		DetailType                    string      `json:"DetailType"`
		Description                   string      `json:"Description"`
		AccountBasedExpenseLineDetail *struct {
			AccountRef struct {
				Value string `json:"value"`
			} `json:"AccountRef"`
			ClassRef *struct {
				Value string `json:"value"`
			} `json:"ClassRef"`
			CustomerRef *struct {
				Value string `json:"value"`
			} `json:"CustomerRef"`
		} `json:"AccountBasedExpenseLineDetail"`
	} `json:"Line"`
}

func (f *Fake) batch(w http.ResponseWriter, r *http.Request, realm string) {
	var req struct {
		BatchItemRequest []struct {
			BID       string        `json:"bId"`
			Operation string        `json:"operation"`
			Purchase  *purchaseJSON `json:"Purchase"`
		} `json:"BatchItemRequest"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "Request has invalid or unsupported property", err.Error(), "2010"))
		return
	}
	if len(req.BatchItemRequest) > 30 {
		writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "Batch request has more than 30 items", "", "2030"))
		return
	}
	f.mu.Lock()
	var out []map[string]any
	for _, it := range req.BatchItemRequest {
		p := it.Purchase
		if it.Operation != "create" || p == nil {
			out = append(out, map[string]any{"bId": it.BID, "Fault": faultJSON("ValidationFault", "Unsupported operation", it.Operation, "2010")["Fault"]})
			continue
		}
		if reason := f.invalid(realm, p); reason != "" {
			out = append(out, map[string]any{"bId": it.BID, "Fault": faultJSON("ValidationFault", "Invalid Reference Id", reason, "2500")["Fault"]})
			continue
		}
		f.nextID++
		l := p.Line[0]
		stored := Purchase{ID: strconv.Itoa(f.nextID), Realm: realm, DocNumber: p.DocNumber, PaymentType: p.PaymentType, AccountRef: p.AccountRef.Value,
			TxnDate: p.TxnDate, PrivateNote: p.PrivateNote, Amount: l.Amount, LineAccount: l.AccountBasedExpenseLineDetail.AccountRef.Value,
			Description: l.Description}
		if cr := l.AccountBasedExpenseLineDetail.ClassRef; cr != nil {
			stored.ClassRef = cr.Value
		}
		if cr := l.AccountBasedExpenseLineDetail.CustomerRef; cr != nil {
			stored.CustomerRef = cr.Value
		}
		f.purchases = append(f.purchases, stored)
		out = append(out, map[string]any{"bId": it.BID, "Purchase": map[string]any{"Id": stored.ID, "DocNumber": stored.DocNumber,
			"PaymentType": stored.PaymentType, "TxnDate": stored.TxnDate, "TotalAmt": stored.Amount, "SyncToken": "0"}})
	}
	drop := f.drop > 0
	if drop {
		f.drop--
	}
	f.mu.Unlock()
	if drop {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				_ = conn.Close()
				return
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"BatchItemResponse": out, "time": time.Now().Format(time.RFC3339)})
}

// invalid is why p is not a Purchase Intuit would create ("" when it is).
func (f *Fake) invalid(realm string, p *purchaseJSON) string {
	known := func(id string) bool {
		for _, a := range f.accounts {
			if a.ID == id {
				return true
			}
		}
		return false
	}
	switch {
	case p.PaymentType != "CreditCard" && p.PaymentType != "Cash" && p.PaymentType != "Check":
		return "PaymentType must be Cash, Check or CreditCard"
	case !known(p.AccountRef.Value):
		return "AccountRef " + p.AccountRef.Value
	case len(p.Line) == 0 || p.Line[0].DetailType != "AccountBasedExpenseLineDetail" || p.Line[0].AccountBasedExpenseLineDetail == nil:
		return "Line must have an AccountBasedExpenseLineDetail"
	case !known(p.Line[0].AccountBasedExpenseLineDetail.AccountRef.Value):
		return "Line AccountRef " + p.Line[0].AccountBasedExpenseLineDetail.AccountRef.Value
	case p.Line[0].AccountBasedExpenseLineDetail.CustomerRef != nil && !f.customerOf(realm, p.Line[0].AccountBasedExpenseLineDetail.CustomerRef.Value):
		return "Line CustomerRef " + p.Line[0].AccountBasedExpenseLineDetail.CustomerRef.Value
	case len(p.DocNumber) > 21:
		return "DocNumber longer than 21 characters"
	case p.TxnDate == "":
		return "TxnDate required"
	}
	return ""
}

// createCustomer creates a Customer: a DisplayName of 1 to 500
// characters without a colon, unique in the realm whatever its case (a
// Fault 6240 otherwise); Job and ParentRef make it a sub-customer.
func (f *Fake) createCustomer(w http.ResponseWriter, r *http.Request, realm string) {
	var body struct {
		DisplayName string `json:"DisplayName"`
		Job         bool   `json:"Job"`
		ParentRef   *struct {
			Value string `json:"value"`
		} `json:"ParentRef"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "Request has invalid or unsupported property", err.Error(), "2010"))
		return
	}
	name := strings.TrimSpace(body.DisplayName)
	switch {
	case name == "":
		writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "Required param missing, need to supply the required value for the API", "Required parameter DisplayName is missing in the request", "2020"))
		return
	case len([]rune(name)) > 500:
		writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "String length is either shorter or longer than supported by specification", "DisplayName is longer than 500 characters", "2050"))
		return
	case strings.Contains(name, ":"):
		writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "A business validation error has occurred while processing your request", "Business Validation Error: a name cannot contain a colon (:).", "6000"))
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	parent := ""
	if body.ParentRef != nil {
		if !f.customerOf(realm, body.ParentRef.Value) {
			writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "Invalid Reference Id", "ParentRef "+body.ParentRef.Value, "2500"))
			return
		}
		parent = body.ParentRef.Value
	}
	for _, c := range f.customers {
		if c.Realm == realm && strings.EqualFold(c.DisplayName, name) {
			writeJSON(w, http.StatusBadRequest, faultJSON("ValidationFault", "Duplicate Name Exists Error",
				"The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name.", "6240"))
			return
		}
	}
	f.nextID++
	c := Customer{ID: strconv.Itoa(f.nextID), Realm: realm, DisplayName: name, ParentID: parent}
	f.customers = append(f.customers, c)
	writeJSON(w, http.StatusOK, map[string]any{"Customer": f.customerJSON(c), "time": time.Now().Format(time.RFC3339)})
}
