package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	mrand "math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// The trucks of -pump-check: each card's unit forwards its position as
// Traccar does, through the product's telematics ingest, while the load
// runs; most are parked at the station the authorizations name, some
// (-far-share) farMiles from it.

const (
	// farMiles is how far from the station the away trucks are parked.
	farMiles = 30
	// minFixEvery, maxFixEvery bound a truck's fix interval (each truck
	// keeps one, drawn between them).
	minFixEvery, maxFixEvery = 10 * time.Second, 60 * time.Second
	// milesPerDegreeLat is the length of a degree of latitude.
	milesPerDegreeLat = 69.0
)

// truck is one card's unit and where it is parked.
type truck struct {
	unit     string
	lat, lon float64
	far      bool
	every    time.Duration
}

// fleet forwards the trucks' fixes and keeps what the forwarding saw.
type fleet struct {
	client   *http.Client
	servers  []string
	token    string // the company's telematics token
	trucks   []truck
	settings *fuelportal.PumpCheckSettings // the check turned on (nil: -fixes-only)

	cancel   context.CancelFunc
	feeding  sync.WaitGroup
	stopOnce sync.Once
	began    time.Time
	fedFor   time.Duration

	mu       sync.Mutex
	took     []time.Duration // each forwarded fix's answer
	statuses map[int]int
}

// startFleet signs the owner in, turns the pump check on (unless
// -fixes-only), makes the company's telematics token, forwards each
// truck's first fix and starts forwarding a fix per truck at its
// interval until stop.
func startFleet(client *http.Client, servers []string, c config, cards []string) (*fleet, error) {
	f := &fleet{client: client, servers: servers, statuses: map[int]int{}}
	far := int(math.Round(c.farShare * float64(len(cards))))
	for i := range cards {
		t := truck{unit: fmt.Sprintf("U-%d", i+1), far: i < far,
			every: minFixEvery + time.Duration(mrand.Int64N(int64(maxFixEvery-minFixEvery)))}
		// Parked within about 0.3 mile of the station, or farMiles north of it.
		t.lat, t.lon = stationLat+(mrand.Float64()-0.5)*0.008, stationLon+(mrand.Float64()-0.5)*0.008
		if t.far {
			t.lat += farMiles / milesPerDegreeLat
		}
		f.trucks = append(f.trucks, t)
	}
	base := servers[0]
	var session struct{ Token string }
	if err := callAPI(client, "POST", base+"/api/authenticate", "", map[string]string{"username": ownerEmail, "password": ownerPassword}, &session); err != nil {
		return nil, fmt.Errorf("sign in: %w", err)
	}
	if c.pumpCheck {
		f.settings = &fuelportal.PumpCheckSettings{}
		if err := callAPI(client, "GET", base+"/api/wex/company/pump-check", session.Token, nil, f.settings); err != nil {
			return nil, fmt.Errorf("pump check: %w", err)
		}
		f.settings.Enabled = true // the default radius, freshness and stale choice
		if err := callAPI(client, "PUT", base+"/api/wex/company/pump-check", session.Token, f.settings, f.settings); err != nil {
			return nil, fmt.Errorf("pump check: %w", err)
		}
	}
	var token struct{ Token string }
	if err := callAPI(client, "POST", base+"/api/wex/company/telematics/token", session.Token, nil, &token); err != nil {
		return nil, fmt.Errorf("telematics token: %w", err)
	}
	f.token = token.Token
	// Every truck's first fix, in arrays as a vendor's backlog comes.
	for chunk := range slices.Chunk(f.trucks, 1000) {
		var positions []json.RawMessage
		for _, t := range chunk {
			positions = append(positions, t.fix(time.Now()))
		}
		var res struct{ Stored, UnknownDevices int }
		if err := callAPI(client, "POST", base+"/api/telematics/traccar", f.token, positions, &res); err != nil {
			return nil, fmt.Errorf("first fixes: %w", err)
		}
		if res.Stored != len(chunk) {
			return nil, fmt.Errorf("first fixes: %d of %d stored (%d unknown devices)", res.Stored, len(chunk), res.UnknownDevices)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	f.cancel, f.began = cancel, time.Now()
	for i, t := range f.trucks {
		f.feeding.Add(1)
		go f.feed(ctx, i, t)
	}
	return f, nil
}

// fix is truck t's position at instant at, as Traccar's JSON forwarding
// posts it: where it is parked, a few yards of GPS jitter, standing.
func (t truck) fix(at time.Time) json.RawMessage {
	jitter := func() float64 { return (mrand.Float64() - 0.5) * 0.0002 }
	raw, _ := json.Marshal(map[string]any{
		"position": map[string]any{"fixTime": at.UTC().Format(time.RFC3339Nano), "latitude": t.lat + jitter(), "longitude": t.lon + jitter(), "speed": 0},
		"device":   map[string]any{"uniqueId": t.unit, "name": "Truck " + t.unit},
	})
	return raw
}

// feed forwards truck t's fix every t.every (the first after a random
// share of it), one a request, to the servers in turn, until ctx ends.
func (f *fleet) feed(ctx context.Context, i int, t truck) {
	defer f.feeding.Done()
	wait := time.Duration(mrand.Int64N(int64(t.every)))
	for n := i; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = t.every
		start := time.Now()
		status, _, _ := request(f.client, "POST", f.servers[n%len(f.servers)]+"/api/telematics/traccar", string(t.fix(start)), "Authorization", "Bearer "+f.token)
		f.mu.Lock()
		f.took = append(f.took, time.Since(start))
		f.statuses[status]++
		f.mu.Unlock()
	}
}

// stop stops forwarding and waits for the fixes under way.
func (f *fleet) stop() {
	f.stopOnce.Do(func() {
		f.cancel()
		f.feeding.Wait()
		f.fedFor = time.Since(f.began)
	})
}

// report prints the forwarding and counts the company's authorizations by
// the pump check's outcome ("none": not checked, as the stand-in's).
func (f *fleet) report(ctx context.Context, db *store.DB, company int64) error {
	far := 0
	for _, t := range f.trucks {
		if t.far {
			far++
		}
	}
	f.mu.Lock()
	took, statuses := slices.Clone(f.took), f.statuses
	f.mu.Unlock()
	fmt.Printf("fixes: %d trucks (%d parked %d miles away), each a fix every %v–%v; %d forwarded in %v (%.1f/s), one a request; p50 %v, p99 %v, max %v; statuses %v\n",
		len(f.trucks), far, farMiles, minFixEvery, maxFixEvery, len(took), f.fedFor.Round(time.Second), float64(len(took))/f.fedFor.Seconds(),
		pct(took, 50), pct(took, 99), pct(took, 100), statuses)
	if f.settings == nil {
		fmt.Println("pump check: off (-fixes-only)")
		return nil
	}
	outcomes := map[string]int{}
	err := db.InReadTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.Query(ctx, `SELECT pump_check FROM card_authorizations WHERE company_id = ?`, company)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var raw sql.NullString
			if err := rows.Scan(&raw); err != nil {
				return err
			}
			var check fuelportal.PumpCheck
			if !raw.Valid || raw.String == "" || json.Unmarshal([]byte(raw.String), &check) != nil {
				outcomes["none"]++
				continue
			}
			outcomes[string(check.Outcome)]++
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	fmt.Printf("pump check: radius %g mi, freshness %d min, stale choice %s; decisions by outcome %v\n",
		f.settings.RadiusMiles, f.settings.FreshnessMinutes, f.settings.StaleChoice, outcomes)
	return nil
}

// callAPI sends in as JSON (none when nil) to method url with the bearer
// token (a user's, or the company's telematics token; none when "") and
// decodes a 2xx answer into out; another status is an error with the body.
func callAPI(client *http.Client, method, url, token string, in, out any) error {
	body := ""
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = string(raw)
	}
	var header []string
	if token != "" {
		header = []string{"Authorization", "Bearer " + token}
	}
	status, res, err := request(client, method, url, body, header...)
	if err != nil {
		return err
	}
	if status/100 != 2 {
		return fmt.Errorf("%s %s answered %d: %s", method, url, status, res)
	}
	return json.Unmarshal(res, out)
}
