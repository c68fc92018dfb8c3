package http

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/qbo"
)

// The QuickBooks Online connection (docs/product.md, "QuickBooks Online"):
// connect with OAuth, map accounts, send purchases, disconnect. The
// handlers decode, call qbo.Service and encode; a token is never
// answered.

// QBOCallbackPath is where Intuit sends the person back after consent
// (the redirect URI registered with the Intuit app).
const QBOCallbackPath = "/api/accounting/qbo/callback"

// qboIntegrationsPath is the web app's page the callback sends the
// browser back to, with ?quickbooks=connected|denied|error.
const qboIntegrationsPath = "/integrations"

type qboPushRunJSON struct {
	At       time.Time `json:"at"`
	From     string    `json:"from"`
	To       string    `json:"to"`
	Created  int       `json:"created"`
	Found    int       `json:"alreadyInQuickBooks"`
	Failed   int       `json:"failed"`
	Requests int       `json:"requests,omitempty"`
}

type qboStatusJSON struct {
	Configured  bool                    `json:"configured"`
	Connected   bool                    `json:"connected"`
	RealmID     string                  `json:"realmId,omitempty"`
	ConnectedAt *time.Time              `json:"connectedAt"`
	Mapping     fuelportal.QBOMapping   `json:"mapping"`
	LastPush    *qboPushRunJSON         `json:"lastPush"`
	LastError   string                  `json:"lastError"`
	Pushed      int                     `json:"pushed"`
	Failures    []fuelportal.QBOFailure `json:"failures"`
}

func qboRunJSON(r *fuelportal.QBOPushRun) *qboPushRunJSON {
	if r == nil {
		return nil
	}
	return &qboPushRunJSON{At: r.At.UTC(), From: r.From, To: r.To, Created: r.Created, Found: r.Found, Failed: r.Failed, Requests: r.Requests}
}

// handleQBOStatus answers the company's connection: configured,
// connected, its QuickBooks company, mapping, last push and failures.
func (s *Server) handleQBOStatus(w http.ResponseWriter, r *http.Request) {
	st, err := s.QuickBooks.Status(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := qboStatusJSON{Configured: st.Configured, Connected: st.Connected, RealmID: st.RealmID, Mapping: st.Mapping,
		LastPush: qboRunJSON(st.LastPush), LastError: st.LastError, Pushed: st.Pushed, Failures: st.Failures}
	if st.Connected {
		at := st.ConnectedAt.UTC()
		out.ConnectedAt = &at
	}
	for i := range out.Failures {
		out.Failures[i].At = out.Failures[i].At.UTC()
	}
	respond(w, http.StatusOK, out)
}

// qboRedirectURI is the callback's address as Intuit knows it.
func (s *Server) qboRedirectURI() string {
	return strings.TrimSuffix(s.PublicURL, "/") + QBOCallbackPath
}

// qboBindingCookie keeps, in the browser that asked to connect, the
// binding of its state: only that browser completes Intuit's redirect.
const qboBindingCookie = "fuelportal_qbo_binding"

// handleQBOConnect answers Intuit's authorization URL with a state bound
// to the caller's session, and sets the browser's binding cookie (sent
// back only to the callback, HttpOnly, SameSite=Lax so Intuit's redirect
// carries it); 503 when the server has no Intuit app.
func (s *Server) handleQBOConnect(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	u, binding, err := s.QuickBooks.ConnectURL(r.Context(), qbo.Asker{CompanyID: p.CompanyID, UserID: p.UserID, Role: p.MemberRole, SessionID: p.SessionID},
		s.qboRedirectURI())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: qboBindingCookie, Value: binding, Path: QBOCallbackPath, MaxAge: 600, HttpOnly: true,
		Secure: strings.HasPrefix(s.PublicURL, "https://"), SameSite: http.SameSiteLaxMode})
	respond(w, http.StatusOK, map[string]string{"url": u})
}

// handleQBOCallback is where Intuit sends the browser back: the state must
// be one this server gave, to this browser (its binding cookie; a forged,
// used or expired state, or another browser, is a 400 and nothing is
// stored); then the code is exchanged and the browser goes
// back to the integrations page with the result.
func (s *Server) handleQBOCallback(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	fe := fuelportal.FieldErrors{}
	code := queryText(fe, q, "code", "oauthParam")
	state := queryText(fe, q, "state", "oauthParam")
	realm := queryText(fe, q, "realmId", "oauthParam")
	denied := queryText(fe, q, "error", "oauthParam")
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if denied != "" {
		// The person declined at Intuit: the state is used up all the same.
		code = ""
	}
	binding := ""
	if c, err := r.Cookie(qboBindingCookie); err == nil && len(c.Value) <= 128 {
		binding = c.Value
	}
	// The binding is good once: the browser forgets it.
	http.SetCookie(w, &http.Cookie{Name: qboBindingCookie, Value: "", Path: QBOCallbackPath, MaxAge: -1, HttpOnly: true,
		Secure: strings.HasPrefix(s.PublicURL, "https://"), SameSite: http.SameSiteLaxMode})
	_, err := s.QuickBooks.Callback(r.Context(), code, state, realm, s.qboRedirectURI(), binding, s.actor(w, r, Principal{}))
	if fuelportal.ErrorMessage(err) == qbo.MsgStateRefused || fuelportal.ErrorCode(err) == fuelportal.EUNAVAILABLE {
		s.respondError(w, r, err)
		return
	}
	back := url.Values{}
	switch {
	case err == nil:
		back.Set("quickbooks", "connected")
	case denied != "":
		back.Set("quickbooks", "denied")
	default:
		back.Set("quickbooks", "error")
		back.Set("message", fuelportal.ErrorMessage(err))
	}
	http.Redirect(w, r, strings.TrimSuffix(s.PublicURL, "/")+qboIntegrationsPath+"?"+back.Encode(), http.StatusFound)
}

// handleQBOAccounts answers the company's QuickBooks accounts (read from
// QuickBooks), for the mapping.
func (s *Server) handleQBOAccounts(w http.ResponseWriter, r *http.Request) {
	list, err := s.QuickBooks.Accounts(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	type account struct {
		ID             string `json:"id"`
		Name           string `json:"name"`
		FullName       string `json:"fullName"`
		Type           string `json:"type"`
		Classification string `json:"classification"`
	}
	out := make([]account, 0, len(list))
	for _, a := range list {
		out = append(out, account{ID: a.ID, Name: a.Name, FullName: a.FullyQualifiedName, Type: a.AccountType, Classification: a.Classification})
	}
	respond(w, http.StatusOK, map[string]any{"content": out})
}

// qboMappingRequest is the mapping: product code → account id, and the
// card program's account.
type qboMappingRequest struct {
	Products       map[string]string `json:"products"`
	PaymentAccount string            `json:"paymentAccount" text:"qboAccountId"`
}

// handleQBOMapping stores the mapping (each account one of the company's
// QuickBooks accounts: field errors otherwise).
func (s *Server) handleQBOMapping(w http.ResponseWriter, r *http.Request) {
	var req qboMappingRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	m := fuelportal.QBOMapping{Products: map[fuelportal.ProductCode]string{}, PaymentAccount: strings.TrimSpace(req.PaymentAccount)}
	fe := fuelportal.FieldErrors{}
	if len(req.Products) > len(fuelportal.ProductCodes) {
		fe.Add("products", fuelportal.MsgProductCodeInvalid)
	}
	for code, id := range req.Products {
		if len(code) > fuelportal.MaxCodeLength || len(id) > fuelportal.MaxQBOAccountIDLength {
			fe.Add("products", "Choose one of the company's QuickBooks accounts for each product")
			continue
		}
		if id = strings.TrimSpace(id); id != "" {
			m.Products[fuelportal.ProductCode(code)] = id
		}
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	out, err := s.QuickBooks.SetMapping(r.Context(), PrincipalFromContext(r.Context()).CompanyID, m)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, out)
}

type qboPushRequest struct {
	From string `json:"from" text:"date"`
	To   string `json:"to" text:"date"`
}

// handleQBOPush sends the company's posted purchases of a date range to
// QuickBooks now and answers what it did.
func (s *Server) handleQBOPush(w http.ResponseWriter, r *http.Request) {
	var req qboPushRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	run, err := s.QuickBooks.Push(r.Context(), PrincipalFromContext(r.Context()).CompanyID, req.From, req.To)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, qboRunJSON(run))
}

// handleQBODisconnect revokes the tokens at Intuit and forgets the
// connection: 404 when not connected.
func (s *Server) handleQBODisconnect(w http.ResponseWriter, r *http.Request) {
	if err := s.QuickBooks.Disconnect(r.Context(), PrincipalFromContext(r.Context()).CompanyID); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
