// Package qbo is the QuickBooks Online connection (docs/product.md,
// "QuickBooks Online"): an owner, admin or bookkeeper connects the company
// to its QuickBooks company with OAuth 2.0 (the tokens sealed at rest,
// refreshed before they expire), maps each product to an expense account
// and the card program to a credit card (or bank) account, and each posted
// purchase becomes one QuickBooks Purchase, sent in batches within
// Intuit's limits. A push is idempotent: each purchase sent has a row
// (its QuickBooks id once created), a push claims its purchases in the
// database so two processes never send the same one, and before creating
// it asks QuickBooks for the portal's reference (DocNumber), so a re-run
// or a crash mid-batch creates no duplicate.
package qbo

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/netguard"
	"fuelportal/secretbox"
	"fuelportal/store"
)

// Store is what the flow reads and writes (*store.DB).
type Store interface {
	SaveQBOState(ctx context.Context, stateHash string, st store.QBOState) error
	TakeQBOState(ctx context.Context, stateHash string) (*store.QBOState, error)
	SaveQBOConnection(ctx context.Context, userID int64, c store.QBOSecret) error
	QBOConnection(ctx context.Context, companyID int64) (*store.QBOSecret, error)
	QBOCompanies(ctx context.Context) ([]int64, error)
	ReplaceQBOTokens(ctx context.Context, companyID int64, oldRefreshSealed string, c store.QBOSecret) (bool, error)
	SetQBOMapping(ctx context.Context, companyID int64, m fuelportal.QBOMapping) error
	DeleteQBOConnection(ctx context.Context, companyID int64) error
	ClaimQBOPushes(ctx context.Context, companyID int64, realm string, ids []int64, claim string, now, until time.Time) ([]store.QBOClaim, error)
	MarkQBOPushesSent(ctx context.Context, companyID int64, claim string, ids []int64) error
	RecordQBOPushes(ctx context.Context, companyID int64, claim string, outcomes []store.QBOPushOutcome) error
	RecordQBOPushRun(ctx context.Context, companyID int64, run fuelportal.QBOPushRun, errText string) error
	QBOFailures(ctx context.Context, companyID int64) ([]fuelportal.QBOFailure, error)
	QBOPushedCount(ctx context.Context, companyID int64, realm string) (int, error)
	EachTransaction(ctx context.Context, f fuelportal.TransactionFilter, fn func(*fuelportal.Transaction) error) error
	CompanyControls(ctx context.Context, companyID int64) (*fuelportal.CompanyControls, error)
	EnsureSetting(ctx context.Context, key, value string) (string, error)
}

// Intuit's addresses (the defaults of Deps).
const (
	DefaultAPIBase   = "https://quickbooks.api.intuit.com"
	DefaultAuthURL   = "https://appcenter.intuit.com/connect/oauth2"
	DefaultTokenURL  = "https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer"
	DefaultRevokeURL = "https://developer.api.intuit.com/v2/oauth2/tokens/revoke"
	// MinorVersion is the accounting API's minor version the portal asks
	// for.
	MinorVersion = "75"
)

// Intuit's limits per QuickBooks company (realm).
const (
	MaxBatchOperations   = 30
	MaxRequestsPerMinute = 500
	MaxConcurrent        = 10
)

// Deps are what the flow is built from; zero fields take the defaults.
type Deps struct {
	Store Store
	// ClientID and ClientSecret are the Intuit app's
	// (FUELPORTAL_QBO_CLIENT_ID, FUELPORTAL_QBO_CLIENT_SECRET); without
	// ClientID the connection is not configured.
	ClientID, ClientSecret string
	// APIBase, AuthURL, TokenURL and RevokeURL are Intuit's addresses
	// (FUELPORTAL_QBO_API_BASE, FUELPORTAL_QBO_AUTH_URL,
	// FUELPORTAL_QBO_TOKEN_URL, FUELPORTAL_QBO_REVOKE_URL).
	APIBase, AuthURL, TokenURL, RevokeURL string
	// SecretKey seals the tokens (FUELPORTAL_SECRET_KEY); empty: the key
	// generated once and kept in the settings table.
	SecretKey string
	// Policy is the rule of outgoing requests (netguard).
	Policy netguard.Policy
	// StateTTL is how long a connection's state is good for (default 10
	// minutes); ClaimLease how long a push holds the purchases it claimed
	// before another may take them over (default 10 minutes);
	// RefreshBefore how long before the access token expires it is
	// refreshed (default 5 minutes).
	StateTTL, ClaimLease, RefreshBefore time.Duration
	// RequestsPerMinute and Concurrent bound the calls to one QuickBooks
	// company (default and at most Intuit's 500 and 10); BatchSize the
	// purchases of one batch (default and at most 30).
	RequestsPerMinute, Concurrent, BatchSize int
	// DailyDays is how many days back the daily push looks (default 7).
	DailyDays int
	Now       func() time.Time
	Logger    *slog.Logger
}

// Service runs the QuickBooks flow. Create it with New.
type Service struct {
	d     Deps
	oauth *oauth
	http  *http.Client
	keys  *secretbox.Keyring

	limiters sync.Map // realm → *limiter
	refresh  sync.Map // company → *sync.Mutex
	jobs     sync.Map // company and realm → *jobIDs
	// afterBatch, when set, runs when a batch's answer came, before it is
	// recorded: an error stops the push there, as a crash would (tests).
	afterBatch func(ids []int64) error
}

// New returns the QuickBooks flow over d.
func New(d Deps) *Service {
	d.APIBase = strings.TrimRight(cmp.Or(d.APIBase, DefaultAPIBase), "/")
	d.AuthURL = cmp.Or(d.AuthURL, DefaultAuthURL)
	d.TokenURL = cmp.Or(d.TokenURL, DefaultTokenURL)
	d.RevokeURL = cmp.Or(d.RevokeURL, DefaultRevokeURL)
	d.StateTTL = cmp.Or(d.StateTTL, 10*time.Minute)
	d.ClaimLease = cmp.Or(d.ClaimLease, 10*time.Minute)
	d.RefreshBefore = cmp.Or(d.RefreshBefore, 5*time.Minute)
	d.RequestsPerMinute = min(cmp.Or(d.RequestsPerMinute, MaxRequestsPerMinute), MaxRequestsPerMinute)
	d.Concurrent = min(cmp.Or(d.Concurrent, MaxConcurrent), MaxConcurrent)
	d.BatchSize = min(cmp.Or(d.BatchSize, MaxBatchOperations), MaxBatchOperations)
	d.DailyDays = cmp.Or(d.DailyDays, 7)
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	client := newHTTPClient(d.Policy)
	return &Service{d: d, http: client, keys: &secretbox.Keyring{Secret: d.SecretKey, Settings: d.Store},
		oauth: &oauth{clientID: d.ClientID, clientSecret: d.ClientSecret, authURL: d.AuthURL, tokenURL: d.TokenURL,
			revokeURL: d.RevokeURL, client: client, policy: d.Policy}}
}

// Configured reports whether the server has an Intuit app (a client id).
func (s *Service) Configured() bool { return s.d.ClientID != "" }

var errNotConfigured = fuelportal.Errorf(fuelportal.EUNAVAILABLE, "QuickBooks Online is not configured on this server")

// Status is the company's connection as it sees it.
type Status struct {
	Configured bool
	Connected  bool
	fuelportal.QBOConnection
	// Pushed counts the company's purchases in the connected QuickBooks
	// company.
	Pushed   int
	Failures []fuelportal.QBOFailure
}

// Status answers the company's connection, its last push and the
// purchases QuickBooks refused.
func (s *Service) Status(ctx context.Context, companyID int64) (*Status, error) {
	st := &Status{Configured: s.Configured(), Failures: []fuelportal.QBOFailure{}}
	st.Mapping.Products = map[fuelportal.ProductCode]string{}
	c, err := s.d.Store.QBOConnection(ctx, companyID)
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		return st, nil
	}
	if err != nil {
		return nil, err
	}
	st.Connected, st.QBOConnection = true, c.QBOConnection
	if st.Pushed, err = s.d.Store.QBOPushedCount(ctx, companyID, c.RealmID); err != nil {
		return nil, err
	}
	if st.Failures, err = s.d.Store.QBOFailures(ctx, companyID); err != nil {
		return nil, err
	}
	return st, nil
}

// Asker is who asks to connect: the signed-in person and their session.
type Asker struct {
	CompanyID, UserID int64
	Role              fuelportal.MemberRole
	SessionID         string
}

// ConnectURL answers Intuit's authorization URL for the company, with a
// new state bound to the asker's session (single use, good for StateTTL),
// and the binding the asker's browser keeps (a cookie) for the callback:
// Intuit's redirect is completed only by the browser that asked.
func (s *Service) ConnectURL(ctx context.Context, a Asker, redirectURI string) (authURL, binding string, err error) {
	if !s.Configured() {
		return "", "", errNotConfigured
	}
	state, binding := randomHex(), randomHex()
	if state == "" || binding == "" {
		return "", "", errors.New("no randomness")
	}
	if err := s.d.Store.SaveQBOState(ctx, hashState(state), store.QBOState{CompanyID: a.CompanyID, UserID: a.UserID,
		SessionID: a.SessionID, MemberRole: a.Role, BrowserHash: hashState(binding), ExpiresAt: s.d.Now().Add(s.d.StateTTL)}); err != nil {
		return "", "", err
	}
	return s.oauth.authorizeURL(state, redirectURI), binding, nil
}

func randomHex() string {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return ""
	}
	return hex.EncodeToString(raw)
}

func hashState(state string) string {
	sum := sha256.Sum256([]byte("qbo-state:" + state))
	return hex.EncodeToString(sum[:])
}

var (
	stateShape = regexp.MustCompile(`^[0-9a-f]{64}$`)
	realmShape = regexp.MustCompile(`^[0-9]{1,32}$`)
)

// MaxCodeLength bounds the authorization code Intuit sends back.
const MaxCodeLength = 1000

// MsgStateRefused is the answer to a callback whose state is forged,
// used or expired.
const MsgStateRefused = "This QuickBooks connection request is unknown, already used or expired: start the connection again from the integrations page"

// Callback finishes a connection: the state (one the server gave, not
// used, not expired) names the company and the person; the code is
// exchanged for tokens at Intuit's token endpoint and the tokens are kept
// sealed. EINVALID for a forged, replayed or expired state or a malformed
// code or realm (nothing stored), and for a browser without the state's
// binding (another browser than the one that asked); the company id on
// success. actor is the request's (address, request id): the person is
// the state's.
func (s *Service) Callback(ctx context.Context, code, state, realm, redirectURI, binding string, actor fuelportal.Actor) (int64, error) {
	if !s.Configured() {
		return 0, errNotConfigured
	}
	if !stateShape.MatchString(state) {
		return 0, fuelportal.Errorf(fuelportal.EINVALID, "%s", MsgStateRefused)
	}
	st, err := s.d.Store.TakeQBOState(ctx, hashState(state))
	if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
		return 0, fuelportal.Errorf(fuelportal.EINVALID, "%s", MsgStateRefused)
	}
	if err != nil {
		return 0, err
	}
	if !s.d.Now().Before(st.ExpiresAt) || subtle.ConstantTimeCompare([]byte(hashState(binding)), []byte(st.BrowserHash)) != 1 {
		return st.CompanyID, fuelportal.Errorf(fuelportal.EINVALID, "%s", MsgStateRefused)
	}
	if code == "" || len(code) > MaxCodeLength || strings.ContainsFunc(code, func(r rune) bool { return r <= ' ' || r > '~' }) {
		return st.CompanyID, fuelportal.FieldError("code", "QuickBooks sent no valid authorization code")
	}
	if !realmShape.MatchString(realm) {
		return st.CompanyID, fuelportal.FieldError("realmId", "QuickBooks sent no valid company id (realmId)")
	}
	now := s.d.Now()
	ans, err := s.oauth.token(ctx, url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI}})
	if err != nil {
		if ctx.Err() != nil {
			return st.CompanyID, ctx.Err()
		}
		return st.CompanyID, fuelportal.Errorf(fuelportal.EINVALID, "QuickBooks refused the authorization: %s", reasonOf(err))
	}
	c := store.QBOSecret{QBOConnection: fuelportal.QBOConnection{CompanyID: st.CompanyID, RealmID: realm}}
	if err := s.sealTokens(ctx, &c, ans, now); err != nil {
		return st.CompanyID, err
	}
	actor.UserID, actor.Role, actor.Email, actor.Token = st.UserID, string(st.MemberRole), "", ""
	if err := s.d.Store.SaveQBOConnection(fuelportal.NewContextWithActor(ctx, actor), st.UserID, c); err != nil {
		return st.CompanyID, err
	}
	return st.CompanyID, nil
}

func tokenAD(companyID int64, which string) []byte {
	return []byte("qbo:" + strconv.FormatInt(companyID, 10) + ":" + which)
}

// sealTokens seals ans's tokens into c with their expiry from now.
func (s *Service) sealTokens(ctx context.Context, c *store.QBOSecret, ans *tokenAnswer, now time.Time) error {
	key, err := s.keys.Key(ctx)
	if err != nil {
		return err
	}
	if c.AccessSealed, err = secretbox.Seal(key, tokenAD(c.CompanyID, "access"), ans.AccessToken); err != nil {
		return err
	}
	if c.RefreshSealed, err = secretbox.Seal(key, tokenAD(c.CompanyID, "refresh"), ans.RefreshToken); err != nil {
		return err
	}
	c.AccessExpiresAt = now.Add(time.Duration(cmp.Or(ans.ExpiresIn, 3600)) * time.Second)
	c.RefreshExpiresAt = now.Add(time.Duration(cmp.Or(ans.RefreshTokenExpiresIn, 100*24*3600)) * time.Second)
	return nil
}

func reasonOf(err error) string {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.Error()
	}
	if errors.Is(err, secretbox.ErrUnsealable) {
		return err.Error()
	}
	var fe *fuelportal.Error
	if errors.As(err, &fe) {
		return fe.Message
	}
	return "the call failed"
}

// conn is a connection opened for calls: its realm and access token.
type conn struct {
	companyID int64
	realm     string
	access    string
	secret    *store.QBOSecret
}

var errReconnect = fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "QuickBooks refused the connection's tokens: disconnect and connect again")

// open opens the company's connection, refreshing its tokens first when
// the access token expires within RefreshBefore (or force).
func (s *Service) open(ctx context.Context, companyID int64, force string) (*conn, error) {
	c, err := s.d.Store.QBOConnection(ctx, companyID)
	if err != nil {
		return nil, err
	}
	key, err := s.keys.Key(ctx)
	if err != nil {
		return nil, err
	}
	if force == "" && s.d.Now().Add(s.d.RefreshBefore).Before(c.AccessExpiresAt) {
		access, err := secretbox.Open(key, tokenAD(companyID, "access"), c.AccessSealed)
		if err != nil {
			return nil, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "%s", err.Error())
		}
		return &conn{companyID: companyID, realm: c.RealmID, access: access, secret: c}, nil
	}
	// One refresh at a time in this process; another process's refresh
	// shows as a changed refresh token.
	v, _ := s.refresh.LoadOrStore(companyID, &sync.Mutex{})
	mu := v.(*sync.Mutex)
	mu.Lock()
	defer mu.Unlock()
	if again, err := s.d.Store.QBOConnection(ctx, companyID); err != nil {
		return nil, err
	} else if again.RefreshSealed != c.RefreshSealed || (force != "" && again.AccessSealed != force) {
		return s.open(ctx, companyID, "")
	}
	refresh, err := secretbox.Open(key, tokenAD(companyID, "refresh"), c.RefreshSealed)
	if err != nil {
		return nil, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "%s", err.Error())
	}
	now := s.d.Now()
	ans, err := s.oauth.token(ctx, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}})
	if err != nil {
		var ae *apiError
		if errors.As(err, &ae) && ae.OAuth == "invalid_grant" {
			// Another process may be rotating the refresh token: Intuit has
			// answered it, and its new tokens land when its write commits.
			for range 30 {
				if again, rerr := s.d.Store.QBOConnection(ctx, companyID); rerr == nil && again.RefreshSealed != c.RefreshSealed {
					return s.open(ctx, companyID, "")
				}
				select {
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-time.After(100 * time.Millisecond):
				}
			}
			return nil, errReconnect
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fuelportal.Errorf(fuelportal.EUNAVAILABLE, "QuickBooks did not renew the connection's token: %s", reasonOf(err))
	}
	next := store.QBOSecret{QBOConnection: c.QBOConnection}
	if err := s.sealTokens(ctx, &next, ans, now); err != nil {
		return nil, err
	}
	ok, err := s.d.Store.ReplaceQBOTokens(ctx, companyID, c.RefreshSealed, next)
	if err != nil {
		return nil, err
	}
	if !ok {
		return s.open(ctx, companyID, "")
	}
	c.AccessSealed, c.RefreshSealed, c.AccessExpiresAt, c.RefreshExpiresAt = next.AccessSealed, next.RefreshSealed, next.AccessExpiresAt, next.RefreshExpiresAt
	return &conn{companyID: companyID, realm: c.RealmID, access: ans.AccessToken, secret: c}, nil
}

// Disconnect revokes the company's tokens at Intuit and removes the
// connection (ENOTFOUND when not connected). A revocation Intuit refuses
// is logged: the connection is removed all the same.
func (s *Service) Disconnect(ctx context.Context, companyID int64) error {
	c, err := s.d.Store.QBOConnection(ctx, companyID)
	if err != nil {
		return err
	}
	if key, err := s.keys.Key(ctx); err == nil && s.Configured() {
		if refresh, err := secretbox.Open(key, tokenAD(companyID, "refresh"), c.RefreshSealed); err == nil {
			if err := s.oauth.revoke(ctx, refresh); err != nil {
				s.d.Logger.WarnContext(ctx, "revoke QuickBooks token", "company", companyID, "err", reasonOf(err))
			}
		}
	}
	return s.d.Store.DeleteQBOConnection(ctx, companyID)
}
