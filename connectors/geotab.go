package connectors

import (
	"context"
	"encoding/json"
	"fuelportal/netguard"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Geotab (docs/feeds.md): MyGeotab's JSON-RPC API at https://{server}/apiv1.
// Authenticate {database, userName, password} answers credentials
// {database, userName, sessionId} and path (another server, or
// "ThisServer"); Get Device names each device and its VIN; GetFeed of
// LogRecord (positions) and StatusData (odometer and fuel level) from a
// version answers data and toVersion, where the next feed call starts. An
// error comes as {"error": {"message", "errors": [{"name"}]}}.
// Calls are at most one a second per connector.

// GeotabMinInterval is the shortest time between two pulls.
const GeotabMinInterval = 30 * time.Second

// geotabResultsLimit bounds one feed answer (an answer stays well under
// MaxAnswerBytes).
const geotabResultsLimit = 5000

// Geotab diagnostics the pull reads.
const (
	geotabOdometer  = "DiagnosticOdometerId"
	geotabFuelLevel = "DiagnosticFuelLevelId"
)

type geotabCredentials struct {
	Database  string `json:"database"`
	UserName  string `json:"userName"`
	SessionID string `json:"sessionId"`
}

type geotabError struct {
	Message string `json:"message"`
	Errors  []struct {
		Name    string `json:"name"`
		Message string `json:"message"`
	} `json:"errors"`
}

// geotabSession is a connector's signed-in session, kept in memory
// between pulls (sessions last days; an expired one signs in again).
type geotabSession struct {
	mu          sync.Mutex
	base        string
	credentials *geotabCredentials
	lastCall    time.Time
	devices     map[string]vendorVehicle
	devicesAt   time.Time
}

type geotab struct {
	base, database, user, password string
	env                            *env
	session                        *geotabSession
}

// geotabCursor is where the next pull's two feeds start.
type geotabCursor struct {
	LogRecord  string `json:"logRecord,omitempty"`
	StatusData string `json:"statusData,omitempty"`
}

// rpc makes one call, at least env.geotabSpacing after the session's
// last one.
func (g *geotab) rpc(ctx context.Context, method string, params map[string]any, out any) error {
	if wait := time.Until(g.session.lastCall.Add(g.env.geotabSpacing)); wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	defer func() { g.session.lastCall = time.Now() }()
	var answer struct {
		Result json.RawMessage `json:"result"`
		Error  *geotabError    `json:"error"`
	}
	base := g.session.base
	if base == "" {
		base = g.base
	}
	err := call(ctx, g.env.client, g.env.policy, http.MethodPost, base+"/apiv1", nil,
		map[string]any{"method": method, "params": params}, &answer, geotabReason)
	if err != nil {
		return err
	}
	if answer.Error != nil {
		e := &vendorError{Reason: netguard.OneLine(answer.Error.Message, "Geotab error")}
		for _, x := range answer.Error.Errors {
			if x.Name == "InvalidUserException" || x.Name == "DbUnavailableException" {
				e.Reason, e.Status = x.Name+": "+netguard.OneLine(answer.Error.Message, x.Message), http.StatusUnauthorized
			}
			if x.Name == "OverLimitException" {
				e.Retryable, e.RetryAfter = true, time.Minute
			}
		}
		return e
	}
	if len(answer.Result) == 0 || string(answer.Result) == "null" {
		return &vendorError{Reason: "answer has no result", Retryable: true}
	}
	if err := json.Unmarshal(answer.Result, out); err != nil {
		return &vendorError{Reason: "answer is not Geotab's JSON: " + err.Error(), Retryable: true}
	}
	return nil
}

func geotabReason(raw []byte) string {
	var answer struct {
		Error *geotabError `json:"error"`
	}
	if json.Unmarshal(raw, &answer) == nil && answer.Error != nil {
		return answer.Error.Message
	}
	return ""
}

func (g *geotab) authenticate(ctx context.Context) error {
	var res struct {
		Credentials *geotabCredentials `json:"credentials"`
		Path        string             `json:"path"`
	}
	g.session.base = ""
	err := g.rpc(ctx, "Authenticate", map[string]any{"database": g.database, "userName": g.user, "password": g.password}, &res)
	if err != nil {
		return err
	}
	if res.Credentials == nil || res.Credentials.SessionID == "" {
		return &vendorError{Reason: "Authenticate answered no credentials"}
	}
	g.session.credentials = res.Credentials
	if p := strings.ToLower(strings.TrimSpace(res.Path)); p != "" && p != "thisserver" {
		// The database lives on another server: same scheme, that host.
		scheme, _, _ := strings.Cut(g.base, "://")
		g.session.base = scheme + "://" + p
	}
	return nil
}

// signedIn calls method with the session's credentials, signing in first
// when there are none or the session expired.
func (g *geotab) signedIn(ctx context.Context, method string, params map[string]any, out any) error {
	for attempt := 0; ; attempt++ {
		if g.session.credentials == nil {
			if err := g.authenticate(ctx); err != nil {
				return err
			}
		}
		params["credentials"] = g.session.credentials
		err := g.rpc(ctx, method, params, out)
		if ve, ok := err.(*vendorError); ok && ve.Status == http.StatusUnauthorized && attempt == 0 {
			g.session.credentials = nil
			continue
		}
		return err
	}
}

// Test signs in: the user, password and database work.
func (g *geotab) Test(ctx context.Context) error {
	g.session.mu.Lock()
	defer g.session.mu.Unlock()
	return g.authenticate(ctx)
}

type geotabRef struct {
	ID string `json:"id"`
}

func (g *geotab) Pull(ctx context.Context, cursor string) (*batch, error) {
	g.session.mu.Lock()
	defer g.session.mu.Unlock()
	var c geotabCursor
	if cursor != "" {
		if err := json.Unmarshal([]byte(cursor), &c); err != nil {
			c = geotabCursor{}
		}
	}
	b := &batch{Cursor: cursor}
	if g.session.devices == nil || time.Since(g.session.devicesAt) > 10*time.Minute {
		var devices []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
			VIN  string `json:"vehicleIdentificationNumber"`
		}
		if err := g.signedIn(ctx, "Get", map[string]any{"typeName": "Device", "resultsLimit": 5000}, &devices); err != nil {
			return b, err
		}
		g.session.devices, g.session.devicesAt = map[string]vendorVehicle{}, time.Now()
		for _, d := range devices {
			g.session.devices[d.ID] = vendorVehicle{ID: d.ID, Name: d.Name, VIN: d.VIN}
		}
	}
	vehicle := func(id string) vendorVehicle {
		if v, ok := g.session.devices[id]; ok {
			return v
		}
		return vendorVehicle{ID: id, Name: id}
	}
	feed := func(typeName, from string, out any) (string, error) {
		params := map[string]any{"typeName": typeName, "resultsLimit": geotabResultsLimit}
		if from != "" {
			params["fromVersion"] = from
		} else {
			// A new connector starts from the last hour, not the
			// database's whole history.
			params["search"] = map[string]any{"fromDate": g.env.now().Add(-time.Hour).UTC().Format(time.RFC3339)}
		}
		var res struct {
			Data      json.RawMessage `json:"data"`
			ToVersion string          `json:"toVersion"`
		}
		if err := g.signedIn(ctx, "GetFeed", params, &res); err != nil {
			return "", err
		}
		if res.ToVersion == "" {
			return "", &vendorError{Reason: "GetFeed answered no toVersion", Retryable: true}
		}
		if err := json.Unmarshal(res.Data, out); err != nil {
			return "", &vendorError{Reason: "GetFeed data is not Geotab's JSON: " + err.Error(), Retryable: true}
		}
		return res.ToVersion, nil
	}
	var status []struct {
		DateTime   time.Time `json:"dateTime"`
		Device     geotabRef `json:"device"`
		Diagnostic geotabRef `json:"diagnostic"`
		Data       *float64  `json:"data"`
	}
	statusVersion, err := feed("StatusData", c.StatusData, &status)
	if err != nil {
		return b, err
	}
	var records []struct {
		DateTime  time.Time `json:"dateTime"`
		Device    geotabRef `json:"device"`
		Latitude  *float64  `json:"latitude"`
		Longitude *float64  `json:"longitude"`
		Speed     *float64  `json:"speed"` // km/h
	}
	logVersion, err := feed("LogRecord", c.LogRecord, &records)
	if err != nil {
		return b, err
	}
	odometer, fuel := map[string][]samsaraStat{}, map[string][]samsaraStat{}
	for _, s := range status {
		switch s.Diagnostic.ID {
		case geotabOdometer:
			odometer[s.Device.ID] = append(odometer[s.Device.ID], samsaraStat{Time: s.DateTime, Value: s.Data})
		case geotabFuelLevel:
			fuel[s.Device.ID] = append(fuel[s.Device.ID], samsaraStat{Time: s.DateTime, Value: s.Data})
		}
	}
	for _, r := range records {
		v := vehicle(r.Device.ID)
		b.see(v)
		if r.Latitude == nil || r.Longitude == nil || (*r.Latitude == 0 && *r.Longitude == 0) {
			continue // Geotab writes 0,0 when the device had no fix
		}
		rd := reading{Vehicle: v, At: r.DateTime, Lat: *r.Latitude, Lon: *r.Longitude,
			OdometerMeters: nearestStat(odometer[r.Device.ID], r.DateTime), FuelPercent: nearestStat(fuel[r.Device.ID], r.DateTime)}
		if r.Speed != nil {
			mph := *r.Speed / kmPerMile
			rd.SpeedMPH = &mph
		}
		b.Readings = append(b.Readings, rd)
	}
	next, _ := json.Marshal(geotabCursor{LogRecord: logVersion, StatusData: statusVersion})
	b.Cursor = string(next)
	return b, nil
}

const kmPerMile = 1.609344
