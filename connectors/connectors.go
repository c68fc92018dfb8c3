// Package connectors is the telematics pull flow (docs/feeds.md,
// "Telematics connectors"): a company connects its Samsara, Geotab or
// Motive account with a token (sealed at rest, tested on save), and the
// server pulls each connector's positions, matches the vendor's vehicles
// to the company's (by VIN, then by name = unit number) and hands the
// positions to the telematics flow (telematics.Service.Ingest), exactly as
// Traccar's forwarded ones, so IFTA miles follow.
package connectors

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/netguard"
	"fuelportal/store"
	"fuelportal/telematics"
)

// Store is what the flow reads and writes (*store.DB).
type Store interface {
	SaveTelematicsConnector(ctx context.Context, userID int64, c store.ConnectorSecret) error
	DeleteTelematicsConnector(ctx context.Context, companyID int64, vendor fuelportal.TelematicsVendor) error
	TelematicsConnectors(ctx context.Context, companyID int64) ([]*store.ConnectorSecret, error)
	TelematicsConnector(ctx context.Context, companyID int64, vendor fuelportal.TelematicsVendor) (*store.ConnectorSecret, error)
	AllTelematicsConnectors(ctx context.Context) ([]*store.ConnectorSecret, error)
	RecordConnectorPull(ctx context.Context, companyID int64, vendor fuelportal.TelematicsVendor, tokenSealed string, p store.ConnectorPull) error
	CompanyVehicleKeys(ctx context.Context, companyID int64) ([]store.VehicleKey, error)
	EnsureSetting(ctx context.Context, key, value string) (string, error)
}

// Telematics is the flow positions are handed to (*telematics.Service).
type Telematics interface {
	Ingest(ctx context.Context, companyID int64, positions []telematics.Position) (*telematics.Result, error)
}

// Default vendor addresses.
const (
	DefaultSamsaraBase  = "https://api.samsara.com"
	DefaultMotiveBase   = "https://api.gomotive.com"
	DefaultGeotabServer = "my.geotab.com"
)

// Deps are what the flow is built from; zero fields take the defaults.
type Deps struct {
	Store      Store
	Telematics Telematics
	// Policy is the rule of outgoing requests (netguard): vendor calls
	// reach public addresses only unless it allows private ones.
	Policy netguard.Policy
	// SamsaraBase and MotiveBase are the vendors' API addresses
	// (FUELPORTAL_SAMSARA_API_BASE, FUELPORTAL_MOTIVE_API_BASE).
	SamsaraBase, MotiveBase string
	// SecretKey seals the tokens (FUELPORTAL_SECRET_KEY); empty: a key
	// generated once and kept in the settings table.
	SecretKey string
	// Intervals between two pulls of one connector; each is raised to its
	// vendor's minimum unless AllowFastPolls (tests).
	SamsaraInterval, GeotabInterval, MotiveInterval time.Duration
	// GeotabSpacing is the least time between two Geotab calls (default
	// a second).
	GeotabSpacing time.Duration
	// ReloadEvery is how often the poller looks for added and removed
	// connectors besides the wake-up a save or removal gives (default a
	// minute).
	ReloadEvery time.Duration
	// AllowFastPolls lets tests poll faster than the vendors' minimums.
	AllowFastPolls bool
	Now            func() time.Time
	Logger         *slog.Logger
}

// Service runs the connector flow. Create it with New.
type Service struct {
	d   Deps
	env *env

	keyOnce sync.Once
	key     []byte
	keyErr  error

	sessions sync.Map // sessionKey → *geotabSession
	wake     chan struct{}
}

// env is what a vendor client calls with.
type env struct {
	client        *http.Client
	policy        netguard.Policy
	geotabSpacing time.Duration
	now           func() time.Time
}

type sessionKey struct {
	companyID int64
	sealed    string
}

// New returns the connector flow over d.
func New(d Deps) *Service {
	d.SamsaraBase = trimBase(cmp.Or(d.SamsaraBase, DefaultSamsaraBase))
	d.MotiveBase = trimBase(cmp.Or(d.MotiveBase, DefaultMotiveBase))
	d.GeotabSpacing = cmp.Or(d.GeotabSpacing, time.Second)
	d.ReloadEvery = cmp.Or(d.ReloadEvery, time.Minute)
	d.SamsaraInterval = cmp.Or(d.SamsaraInterval, 15*time.Second)
	d.GeotabInterval = cmp.Or(d.GeotabInterval, GeotabMinInterval)
	d.MotiveInterval = cmp.Or(d.MotiveInterval, time.Minute)
	if !d.AllowFastPolls {
		d.SamsaraInterval = max(d.SamsaraInterval, SamsaraMinInterval)
		d.GeotabInterval = max(d.GeotabInterval, GeotabMinInterval)
		d.MotiveInterval = max(d.MotiveInterval, MotiveMinInterval)
		d.GeotabSpacing = max(d.GeotabSpacing, time.Second)
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	s := &Service{d: d, wake: make(chan struct{}, 1)}
	s.env = &env{client: newClient(d.Policy), policy: d.Policy, geotabSpacing: d.GeotabSpacing, now: d.Now}
	return s
}

// secretSetting is the settings key of the generated sealing key.
const secretSetting = "telematics_connector_secret"

// sealKey is the key tokens are sealed with: from Deps.SecretKey, else
// the one generated once and kept in the settings table.
func (s *Service) sealKey(ctx context.Context) ([]byte, error) {
	if s.d.SecretKey != "" {
		return keyFrom(s.d.SecretKey), nil
	}
	s.keyOnce.Do(func() {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			s.keyErr = err
			return
		}
		stored, err := s.d.Store.EnsureSetting(ctx, secretSetting, hex.EncodeToString(b))
		s.key, s.keyErr = keyFrom(stored), err
	})
	if s.keyErr != nil {
		err := s.keyErr
		s.keyOnce = sync.Once{} // try again next time
		return nil, err
	}
	return s.key, nil
}

// client is the vendor client of a connector with its opened token.
func (s *Service) client(c *store.ConnectorSecret, token string) (vendorClient, error) {
	switch c.Vendor {
	case fuelportal.VendorSamsara:
		return &samsara{base: s.d.SamsaraBase, token: token, env: s.env}, nil
	case fuelportal.VendorMotive:
		return &motive{base: s.d.MotiveBase, token: token, env: s.env}, nil
	case fuelportal.VendorGeotab:
		user, password, _ := strings.Cut(token, ":")
		server := cmp.Or(c.Server, DefaultGeotabServer)
		if !strings.Contains(server, "://") {
			server = "https://" + server
		}
		v, _ := s.sessions.LoadOrStore(sessionKey{c.CompanyID, c.TokenSealed}, &geotabSession{})
		return &geotab{base: trimBase(server), database: c.Database, user: user, password: password, env: s.env, session: v.(*geotabSession)}, nil
	}
	return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "Unknown telematics connector")
}

// Connectors are the company's connector states, one per vendor
// (Configured false for those not connected); never a token.
func (s *Service) Connectors(ctx context.Context, companyID int64) ([]Status, error) {
	list, err := s.d.Store.TelematicsConnectors(ctx, companyID)
	if err != nil {
		return nil, err
	}
	out := make([]Status, 0, len(fuelportal.TelematicsVendors))
	for _, v := range fuelportal.TelematicsVendors {
		st := Status{TelematicsConnector: fuelportal.TelematicsConnector{CompanyID: companyID, Vendor: v, Unmatched: []string{}}}
		for _, c := range list {
			if c.Vendor == v {
				st.TelematicsConnector, st.Configured = c.TelematicsConnector, true
			}
		}
		out = append(out, st)
	}
	return out, nil
}

// Status is a connector's state as the company sees it.
type Status struct {
	fuelportal.TelematicsConnector
	Configured bool
}

// Save connects the company to vendor with in: the token is tested with
// one call to the vendor first (EINVALID with the vendor's reason when it
// fails, nothing stored), then sealed and stored, replacing the one
// before; the poller starts pulling it. Field errors for bad input.
func (s *Service) Save(ctx context.Context, companyID, userID int64, vendor fuelportal.TelematicsVendor, in fuelportal.TelematicsConnectorInput) (*Status, error) {
	if err := in.Normalize(vendor); err != nil {
		return nil, err
	}
	c := &store.ConnectorSecret{TelematicsConnector: fuelportal.TelematicsConnector{CompanyID: companyID, Vendor: vendor, Database: in.Database, Server: in.Server}}
	if vendor == fuelportal.VendorGeotab {
		server := in.Server
		if !strings.Contains(server, "://") {
			server = "https://" + server
		}
		if err := s.d.Policy.CheckURLWithoutLookup(server); err != nil {
			return nil, fuelportal.FieldError("server", "Enter a public server name such as my.geotab.com")
		}
	}
	cl, err := s.client(c, in.Token)
	if err != nil {
		return nil, err
	}
	if g, ok := cl.(*geotab); ok {
		g.session = &geotabSession{} // a test's session is not the stored token's
	}
	if err := cl.Test(ctx); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "%s refused the token: %s", vendorTitle(vendor), reasonOf(err))
	}
	key, err := s.sealKey(ctx)
	if err != nil {
		return nil, err
	}
	if c.TokenSealed, err = seal(key, companyID, vendor, in.Token); err != nil {
		return nil, err
	}
	if err := s.d.Store.SaveTelematicsConnector(ctx, userID, *c); err != nil {
		return nil, err
	}
	s.Wake()
	saved, err := s.d.Store.TelematicsConnector(ctx, companyID, vendor)
	if err != nil {
		return nil, err
	}
	return &Status{TelematicsConnector: saved.TelematicsConnector, Configured: true}, nil
}

// Delete disconnects the company from vendor (ENOTFOUND when not
// connected); its pulls stop.
func (s *Service) Delete(ctx context.Context, companyID int64, vendor fuelportal.TelematicsVendor) error {
	if err := s.d.Store.DeleteTelematicsConnector(ctx, companyID, vendor); err != nil {
		return err
	}
	s.Wake()
	return nil
}

// Wake makes the poller look for added and removed connectors now.
func (s *Service) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func vendorTitle(v fuelportal.TelematicsVendor) string {
	switch v {
	case fuelportal.VendorSamsara:
		return "Samsara"
	case fuelportal.VendorGeotab:
		return "Geotab"
	case fuelportal.VendorMotive:
		return "Motive"
	}
	return string(v)
}

func reasonOf(err error) string {
	var ve *vendorError
	if errors.As(err, &ve) {
		return ve.Error()
	}
	return "the call failed"
}

// vendorVehicle is a vehicle as the vendor names it.
type vendorVehicle struct{ ID, Name, VIN string }

// reading is one position a vendor reported.
type reading struct {
	Vehicle        vendorVehicle
	At             time.Time
	Lat, Lon       float64
	SpeedMPH       *float64
	OdometerMeters *float64
	// FuelPercent is the fuel level when the vendor reported one.
	FuelPercent *float64
}

// batch is what one pull read: the vehicles it saw, their readings and
// where the next pull starts.
type batch struct {
	Vehicles []vendorVehicle
	seen     map[string]bool
	Readings []reading
	Cursor   string
}

func (b *batch) see(v vendorVehicle) {
	if b.seen == nil {
		b.seen = map[string]bool{}
	}
	if !b.seen[v.ID] {
		b.seen[v.ID] = true
		b.Vehicles = append(b.Vehicles, v)
	}
}

// vendorClient is one vendor's API with a company's token.
type vendorClient interface {
	// Test makes one call that succeeds only with a working token.
	Test(ctx context.Context) error
	// Pull reads what came since cursor (the vendor's, "" at first) and
	// answers it with the next cursor; on an error, what it read before.
	Pull(ctx context.Context, cursor string) (*batch, error)
}

// matcher maps a vendor's vehicle to a unit number of the company's: by
// VIN, then by name = unit number.
type matcher struct {
	byVIN  map[string]string
	byUnit map[string]bool
}

func newMatcher(keys []store.VehicleKey) *matcher {
	m := &matcher{byVIN: map[string]string{}, byUnit: map[string]bool{}}
	for _, k := range keys {
		if k.VIN != "" {
			m.byVIN[strings.ToUpper(k.VIN)] = k.UnitNumber
		}
		m.byUnit[k.UnitNumber] = true
	}
	return m
}

func (m *matcher) unit(v vendorVehicle) (string, bool) {
	if vin := strings.ToUpper(strings.TrimSpace(v.VIN)); vin != "" {
		if u, ok := m.byVIN[vin]; ok {
			return u, true
		}
	}
	name := strings.TrimSpace(v.Name)
	return name, name != "" && m.byUnit[name]
}

// PullResult says what one pull did.
type PullResult struct {
	Readings  int
	Ingested  int
	Refused   int
	Unmatched []string
	// RetryAfter is how long the vendor asked to wait (429, 503).
	RetryAfter time.Duration
}

// Pull pulls the company's connector to vendor once: reads from the
// stored cursor, hands the matched positions to the telematics flow and
// stores the next cursor and the pull's record (or its error). Positions
// the telematics flow refuses (from the future, years back) are counted,
// not ingested. ENOTFOUND when not connected.
func (s *Service) Pull(ctx context.Context, companyID int64, vendor fuelportal.TelematicsVendor) (*PullResult, error) {
	c, err := s.d.Store.TelematicsConnector(ctx, companyID, vendor)
	if err != nil {
		return nil, err
	}
	res, err := s.pull(ctx, c)
	if err != nil && ctx.Err() == nil {
		pull := store.ConnectorPull{Err: reasonText(err)}
		if res != nil {
			pull.Positions = int64(res.Ingested)
		}
		if rerr := s.d.Store.RecordConnectorPull(context.WithoutCancel(ctx), companyID, vendor, c.TokenSealed, pull); rerr != nil {
			return res, errors.Join(err, rerr)
		}
	}
	return res, err
}

func reasonText(err error) string {
	var ve *vendorError
	if errors.As(err, &ve) {
		return ve.Error()
	}
	if errors.Is(err, errUnsealable) {
		return err.Error()
	}
	var fe *fuelportal.Error
	if errors.As(err, &fe) {
		return fe.Message
	}
	return "internal error while storing the positions"
}

func (s *Service) pull(ctx context.Context, c *store.ConnectorSecret) (*PullResult, error) {
	key, err := s.sealKey(ctx)
	if err != nil {
		return nil, err
	}
	token, err := open(key, c.CompanyID, c.Vendor, c.TokenSealed)
	if err != nil {
		return nil, err
	}
	cl, err := s.client(c, token)
	if err != nil {
		return nil, err
	}
	b, pullErr := cl.Pull(ctx, c.Cursor)
	res := &PullResult{}
	var ve *vendorError
	if errors.As(pullErr, &ve) {
		res.RetryAfter = ve.RetryAfter
	}
	if pullErr != nil {
		// A failed pull ingests nothing: its cursor is not stored, so
		// the next pull reads the same again.
		return res, pullErr
	}
	keys, err := s.d.Store.CompanyVehicleKeys(ctx, c.CompanyID)
	if err != nil {
		return res, err
	}
	m := newMatcher(keys)
	unmatched := map[string]bool{}
	for _, v := range b.Vehicles {
		if _, ok := m.unit(v); !ok {
			unmatched[cmp.Or(strings.TrimSpace(v.Name), v.VIN, v.ID)] = true
		}
	}
	for name := range unmatched {
		res.Unmatched = append(res.Unmatched, name)
	}
	slices.Sort(res.Unmatched)
	now := s.d.Now()
	var positions []telematics.Position
	var refusedErr error
	for _, r := range b.Readings {
		res.Readings++
		unit, ok := m.unit(r.Vehicle)
		if !ok {
			continue
		}
		p := telematics.Position{DeviceUniqueID: unit, FixTime: r.At, Lat: r.Lat, Lon: r.Lon, OdometerMeters: r.OdometerMeters,
			FuelPercent: r.FuelPercent, Source: string(c.Vendor)}
		if r.SpeedMPH != nil {
			knots := *r.SpeedMPH * knotsPerMPH
			p.SpeedKnots = &knots
		}
		if err := telematics.Check([]telematics.Position{p}, now); err != nil {
			res.Refused++
			refusedErr = err
			continue
		}
		positions = append(positions, p)
	}
	for start := 0; start < len(positions); start += telematics.MaxPositions {
		chunk := positions[start:min(start+telematics.MaxPositions, len(positions))]
		if _, err := s.d.Telematics.Ingest(ctx, c.CompanyID, chunk); err != nil {
			return res, err
		}
		res.Ingested += len(chunk)
	}
	pull := store.ConnectorPull{Cursor: b.Cursor, Unmatched: res.Unmatched, Positions: int64(res.Ingested)}
	if err := s.d.Store.RecordConnectorPull(ctx, c.CompanyID, c.Vendor, c.TokenSealed, pull); err != nil {
		return res, err
	}
	if refusedErr != nil {
		// The rest was stored and the cursor moves on; the owner sees why
		// these were not.
		note := fmt.Sprintf("%d position(s) refused: %s", res.Refused, fieldErrorText(refusedErr))
		if err := s.d.Store.RecordConnectorPull(ctx, c.CompanyID, c.Vendor, c.TokenSealed, store.ConnectorPull{Err: note}); err != nil {
			return res, err
		}
	}
	return res, nil
}

const (
	knotsPerMPH   = 0.868976
	metersPerMile = 1609.344
)

// fieldErrorText is a position's field errors in one line.
func fieldErrorText(err error) string {
	var parts []string
	for _, msgs := range fuelportal.ErrorFields(err) {
		parts = append(parts, msgs...)
	}
	if len(parts) == 0 {
		return fuelportal.ErrorMessage(err)
	}
	slices.Sort(parts)
	return strings.Join(slices.Compact(parts), "; ")
}
