// Package catalog keeps every station in memory with a spatial index, for
// the station search and the stations-near-a-route search.
//
// # Freshness across processes
//
// The stations live in the database; each server process holds a snapshot
// (stations by id + geo.Index) that it replaces atomically, never mutates.
// Every import that changes a station increases the stations_version
// counter in the database (store.Tx.UpsertStations). Watch polls that
// counter (one tiny read, every PollInterval) and reloads the snapshot when
// it moved, so every process behind a load balancer sees new prices within
// about PollInterval of the import's commit, without restart. The process
// that ran the import refreshes at once (Refresh). Searches never wait for
// a reload: they use the snapshot in place when they start.
package catalog

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/store"
)

// PollInterval is how often Watch checks the stations version.
const PollInterval = 2 * time.Second

// Catalog is the in-memory station catalog. It is safe for concurrent use.
type Catalog struct {
	db   *store.DB
	snap atomic.Pointer[snapshot]

	refreshMu sync.Mutex // one reload at a time
	known     map[int64]bool
	// OnNew, when set before the first load, is called (under the reload
	// lock) with the stations seen for the first time by each load; the
	// server adds them to the gazetteer.
	OnNew func(stations []*fuelportal.Station)
}

// snapshot is one immutable load of the stations.
type snapshot struct {
	version int64
	index   *geo.Index
	// stations are sorted by ID; the index's item IDs are positions in
	// this slice, so a hit finds its station without a map lookup and the
	// index's ties by item ID are ties by station ID.
	stations []*fuelportal.Station
}

// routeHits holds the index's near-route answers between queries: a
// coast-to-coast route finds thousands of stations, and allocating that
// buffer anew for every query costs more than the search's tail.
var routeHits = sync.Pool{New: func() any { return new([]geo.RouteHit) }}

// New returns a catalog over db. It is empty until the first Refresh.
func New(db *store.DB) *Catalog {
	return &Catalog{db: db, known: map[int64]bool{}}
}

// FromStations returns a catalog holding stations, with no database behind
// it (Refresh does nothing); for benchmarks and tests.
func FromStations(stations []*fuelportal.Station) *Catalog {
	c := &Catalog{known: map[int64]bool{}}
	c.load(stations, 0)
	return c
}

// Refresh reloads the stations when the database's stations version differs
// from the loaded one (or nothing is loaded yet).
func (c *Catalog) Refresh(ctx context.Context) error {
	if c.db == nil {
		return nil
	}
	c.refreshMu.Lock()
	defer c.refreshMu.Unlock()
	version, err := c.db.StationsVersion(ctx)
	if err != nil {
		return fmt.Errorf("stations version: %w", err)
	}
	if s := c.snap.Load(); s != nil && s.version == version {
		return nil
	}
	stations, version, err := c.db.Stations(ctx)
	if err != nil {
		return fmt.Errorf("load stations: %w", err)
	}
	c.load(stations, version)
	return nil
}

// load builds and swaps in a snapshot. Callers hold refreshMu (or own c).
func (c *Catalog) load(stations []*fuelportal.Station, version int64) {
	sorted := slices.Clone(stations)
	slices.SortFunc(sorted, func(a, b *fuelportal.Station) int { return cmp.Compare(a.ID, b.ID) })
	s := &snapshot{version: version, stations: sorted}
	items := make([]geo.Item, len(sorted))
	var fresh []*fuelportal.Station
	for i, st := range sorted {
		items[i] = geo.Item{ID: int64(i), Point: geo.Point{Lat: st.Latitude, Lon: st.Longitude}}
		if !c.known[st.ID] {
			c.known[st.ID] = true
			fresh = append(fresh, st)
		}
	}
	s.index = geo.NewIndex(items)
	c.snap.Store(s)
	if c.OnNew != nil && len(fresh) > 0 {
		c.OnNew(fresh)
	}
}

// Watch calls Refresh every PollInterval until ctx ends, logging failures.
func (c *Catalog) Watch(ctx context.Context, logger *slog.Logger) {
	t := time.NewTicker(PollInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := c.Refresh(ctx); err != nil && ctx.Err() == nil {
				logger.Warn("refresh station catalog", "err", err)
			}
		}
	}
}

// current returns the loaded snapshot, loading it first if needed.
func (c *Catalog) current(ctx context.Context) (*snapshot, error) {
	if s := c.snap.Load(); s != nil {
		return s, nil
	}
	if err := c.Refresh(ctx); err != nil {
		return nil, err
	}
	if s := c.snap.Load(); s != nil {
		return s, nil
	}
	return &snapshot{index: geo.NewIndex(nil)}, nil
}

// Version is the stations version of the loaded snapshot (0 before the
// first load).
func (c *Catalog) Version() int64 {
	if s := c.snap.Load(); s != nil {
		return s.version
	}
	return 0
}

// Chains selects stations by chain code; an empty set selects every
// station.
type Chains map[string]bool

// NewChains returns the set of the given codes, ignoring empty ones.
func NewChains(codes ...string) Chains {
	set := Chains{}
	for _, c := range codes {
		if c != "" {
			set[c] = true
		}
	}
	return set
}

// Has reports whether the set selects s.
func (cs Chains) Has(s *fuelportal.Station) bool { return len(cs) == 0 || cs[s.Chain] }

// Nearby is a station found around a point.
type Nearby struct {
	Station       *fuelportal.Station
	DistanceMiles float64
}

// Near returns the stations of chains within radius miles of center, nearest
// first (ties by id), at most limit of them (limit ≤ 0: all).
func (c *Catalog) Near(ctx context.Context, center geo.Point, radiusMiles float64, chains Chains, limit int) ([]Nearby, error) {
	s, err := c.current(ctx)
	if err != nil {
		return nil, err
	}
	var found []Nearby
	for _, hit := range s.index.Radius(center, radiusMiles) {
		st := s.stations[hit.ID]
		if !chains.Has(st) {
			continue
		}
		found = append(found, Nearby{Station: st, DistanceMiles: hit.DistanceMiles})
		if limit > 0 && len(found) == limit {
			break
		}
	}
	return found, nil
}

// OnRoute is a station found near a route.
type OnRoute struct {
	Station *fuelportal.Station
	// AlongMiles is where the route passes closest to the station, from
	// the route start; OffMiles the station's distance from that point.
	AlongMiles, OffMiles float64
}

// NearRoute returns the stations of chains within radius miles of the route,
// in route order (by AlongMiles, ties by id).
func (c *Catalog) NearRoute(ctx context.Context, route []geo.Point, radiusMiles float64, chains Chains) ([]OnRoute, error) {
	return c.nearRoute(ctx, chains, func(ix *geo.Index, dst []geo.RouteHit) []geo.RouteHit {
		return ix.AppendNearRoute(dst, route, radiusMiles)
	})
}

// NearPolyline is NearRoute for a route prepared with geo.NewPolyline.
func (c *Catalog) NearPolyline(ctx context.Context, route *geo.Polyline, radiusMiles float64, chains Chains) ([]OnRoute, error) {
	return c.nearRoute(ctx, chains, func(ix *geo.Index, dst []geo.RouteHit) []geo.RouteHit {
		return ix.AppendNearPolyline(dst, route, radiusMiles)
	})
}

// nearRoute runs search on the current index into a pooled hit buffer and
// returns the hits' stations of chains.
func (c *Catalog) nearRoute(ctx context.Context, chains Chains, search func(*geo.Index, []geo.RouteHit) []geo.RouteHit) ([]OnRoute, error) {
	s, err := c.current(ctx)
	if err != nil {
		return nil, err
	}
	buf := routeHits.Get().(*[]geo.RouteHit)
	defer routeHits.Put(buf)
	*buf = search(s.index, (*buf)[:0])
	return s.onRoute(*buf, chains), nil
}

// onRoute turns the index's hits into the stations of chains.
func (s *snapshot) onRoute(hits []geo.RouteHit, chains Chains) []OnRoute {
	found := make([]OnRoute, 0, len(hits))
	for _, hit := range hits {
		if st := s.stations[hit.ID]; chains.Has(st) {
			found = append(found, OnRoute{Station: st, AlongMiles: hit.AlongMiles, OffMiles: hit.OffMiles})
		}
	}
	return found
}

// ChainCounts returns the chain codes of the loaded stations with how many
// stations each has.
func (c *Catalog) ChainCounts(ctx context.Context) (map[string]int, error) {
	s, err := c.current(ctx)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	for _, st := range s.stations {
		counts[st.Chain]++
	}
	return counts, nil
}
