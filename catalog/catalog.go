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
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/routing"
)

// PollInterval is how often Watch checks the stations version.
const PollInterval = 2 * time.Second

// Catalog is the in-memory station catalog. It is safe for concurrent use.
type Catalog struct {
	db   Source
	snap atomic.Pointer[snapshot]

	refreshMu sync.Mutex // one reload at a time
	// places, when not nil, receives the stations each load sees for the
	// first time (under the reload lock), so the geocoder finds them.
	// Stations are never deleted, so those are the ones the previous
	// snapshot lacks.
	places Places
}

// Source is where the catalog loads stations from (the store).
type Source interface {
	// StationsVersion changes whenever a station or price changes.
	StationsVersion(ctx context.Context) (int64, error)
	// Stations returns every station and the version they are at.
	Stations(ctx context.Context) ([]*fuelportal.Station, int64, error)
}

// Places is a geocoder's place list that stations are added to (the
// built-in *routing.Gazetteer).
type Places interface {
	Add(places ...routing.Place)
}

// snapshot is one immutable load of the stations.
type snapshot struct {
	version int64
	index   *geo.Index
	// stations are sorted by ID; the index's item IDs are positions in
	// this slice, so a hit finds its station without a map lookup and the
	// index's ties by item ID are ties by station ID.
	stations []*fuelportal.Station
	// ranked answers "the best n within a radius" over every station;
	// byChain the same per chain code, so a chain filter never scans the
	// other chains' stations. Item IDs are positions in stations.
	ranked  *geo.RankIndex
	byChain map[string]*geo.RankIndex
	// maps cluster the map over every station, mapsByChain per chain;
	// their prices are the keys keyRetail and keyNet.
	maps        *geo.MapIndex
	mapsByChain map[string]*geo.MapIndex
}

// routeHits holds the index's near-route answers between queries: a
// coast-to-coast route finds thousands of stations, and allocating that
// buffer anew for every query costs more than the search's tail.
var routeHits = sync.Pool{New: func() any { return new([]geo.RouteHit) }}

// New returns a catalog over src. It is empty until the first Refresh.
// Stations seen for the first time are added to places (nil: none; a
// remote geocoder has its own data).
func New(src Source, places Places) *Catalog {
	return &Catalog{db: src, places: places}
}

// FromStations returns a catalog holding stations, with no database behind
// it (Refresh does nothing); for benchmarks and tests. The catalog takes
// the stations: their texts are moved into its own memory (packText).
func FromStations(stations []*fuelportal.Station) *Catalog {
	c := &Catalog{}
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
	var previous []*fuelportal.Station
	if prev := c.snap.Load(); prev != nil {
		previous = prev.stations
	}
	// The geocoder keeps some of the texts it is given (a town's name):
	// give it the loaded ones, so that it holds no packed block alive.
	var places []routing.Place
	if c.places != nil {
		places = stationPlaces(newStations(sorted, previous))
	}
	packText(sorted)
	s := &snapshot{version: version, stations: sorted}
	items := make([]geo.Item, len(sorted))
	for i, st := range sorted {
		items[i] = geo.Item{ID: int64(i), Point: geo.Point{Lat: st.Latitude, Lon: st.Longitude}}
	}
	s.index = geo.NewIndex(items)
	s.ranked, s.byChain = rankIndexes(sorted)
	s.maps, s.mapsByChain = mapIndexes(sorted)
	c.snap.Store(s)
	if len(places) > 0 {
		c.places.Add(places...)
	}
	// The previous snapshot and the load's short-lived memory (rows read,
	// index building) are garbage now, about twice the catalog's size:
	// collect them and give their pages back, rather than leaving the
	// process at its peak until the runtime's own pace (minutes) does.
	if len(sorted) >= freeAfterLoad {
		debug.FreeOSMemory()
	}
}

// freeAfterLoad is the station count from which a load returns the
// memory it leaves at once (about 1 KB a station); below it, a forced
// collection costs more than the few megabytes are worth.
const freeAfterLoad = 10_000

// newStations returns the stations previous lacks (both sorted by ID).
func newStations(stations, previous []*fuelportal.Station) (fresh []*fuelportal.Station) {
	j := 0
	for _, st := range stations {
		for j < len(previous) && previous[j].ID < st.ID {
			j++
		}
		if j == len(previous) || previous[j].ID != st.ID {
			fresh = append(fresh, st)
		}
	}
	return fresh
}

// textBlock is the size of the blocks packText copies texts into.
const textBlock = 64 << 10

// packText copies the stations' texts into blocks that their fields then
// slice, each value of a repeated field (city, state, ZIP, country, chain,
// affiliate) once: a snapshot's text takes a few large allocations that
// die with it, not nine small ones a station scattered among the
// short-lived strings of the load.
func packText(stations []*fuelportal.Station) {
	var block []byte // the unused rest of the current block
	pack := func(s string) string {
		if len(s) == 0 {
			return ""
		}
		if len(s) > len(block) {
			block = make([]byte, max(textBlock, len(s)))
		}
		n := copy(block, s)
		packed := unsafe.String(&block[0], n) // never written again
		block = block[n:]
		return packed
	}
	repeated := map[string]string{}
	for _, st := range stations {
		st.Name, st.StationLocation, st.Address = pack(st.Name), pack(st.StationLocation), pack(st.Address)
		for _, f := range [...]*string{&st.City, &st.State, &st.ZipCode, &st.Country, &st.Chain, &st.Affiliate} {
			v, ok := repeated[*f]
			if !ok {
				v = pack(*f)
				repeated[v] = v
			}
			*f = v
		}
	}
}

// stationPlaces makes stations findable by name, address, city and ZIP.
func stationPlaces(stations []*fuelportal.Station) []routing.Place {
	places := make([]routing.Place, len(stations))
	for i, st := range stations {
		places[i] = routing.Place{
			Name: st.Name, Address: st.Address, City: st.City, State: st.State, Zip: st.ZipCode,
			Lat: st.Latitude, Lon: st.Longitude, Kind: routing.KindStation,
		}
	}
	return places
}

// Keys of the stations' RankIndex and map indexes (whose prices are the
// first geo.MapPrices keys). What a company pays
// per gallon (fuelportal.Contract.Price) is, under each pricing plan, a
// non-decreasing function of one of them, and so is its discount:
// retail-minus prices and discounts follow the retail price, net-price ones
// are the net price as that plan charges it and the pump's price less it.
// So one index answers every contract (geo.Order.Map).
const (
	keyRetail     = 0
	keyNet        = 1 // fuelportal.FeedPricing's price
	keyNetSavings = 2 // retail less keyNet
)

// stationKeys are the ranking keys of st.
func stationKeys(st *fuelportal.Station) [geo.NumKeys]int64 {
	net := fuelportal.FeedPricing().StationPrice(st)
	return [geo.NumKeys]int64{keyRetail: int64(st.RetailPrice), keyNet: int64(net), keyNetSavings: int64(st.RetailPrice - net)}
}

// order is the geo order that ranks by contract c's price per gallon (by
// its discount against retail when bySavings) at each station.
func order(c *fuelportal.Contract, bySavings, desc bool) geo.Order {
	if c.Pricing == fuelportal.PricingNetPrice {
		if bySavings {
			return geo.Order{Key: keyNetSavings, Desc: desc}
		}
		return geo.Order{Key: keyNet, Desc: desc}
	}
	// Retail-minus ignores the station's net price: the price and the
	// discount are functions of the retail price alone, non-decreasing.
	price := func(retail int64) int64 { return int64(c.Price(fuelportal.TenthCents(retail), 0)) }
	if bySavings {
		return geo.Order{Key: keyRetail, Desc: desc, Map: func(retail int64) int64 { return retail - price(retail) }}
	}
	return geo.Order{Key: keyRetail, Desc: desc, Map: price}
}

// rankIndexes builds the ranking index over all stations and one per chain.
func rankIndexes(sorted []*fuelportal.Station) (*geo.RankIndex, map[string]*geo.RankIndex) {
	all := make([]geo.RankedItem, len(sorted))
	chains := map[string][]geo.RankedItem{}
	for i, st := range sorted {
		all[i] = geo.RankedItem{ID: int64(i), Point: geo.Point{Lat: st.Latitude, Lon: st.Longitude}, Keys: stationKeys(st)}
		chains[st.Chain] = append(chains[st.Chain], all[i])
	}
	byChain := make(map[string]*geo.RankIndex, len(chains))
	for code, items := range chains {
		byChain[code] = geo.NewRankIndex(items)
	}
	return geo.NewRankIndex(all), byChain
}

// mapIndexes builds the map clustering index over all stations and one
// per chain, priced by keyRetail and keyNet.
func mapIndexes(sorted []*fuelportal.Station) (*geo.MapIndex, map[string]*geo.MapIndex) {
	all := make([]geo.MapItem, len(sorted))
	chains := map[string][]geo.MapItem{}
	for i, st := range sorted {
		keys := stationKeys(st)
		all[i] = geo.MapItem{ID: int64(i), Point: geo.Point{Lat: st.Latitude, Lon: st.Longitude}, Prices: [geo.MapPrices]int64{keyRetail: keys[keyRetail], keyNet: keys[keyNet]}}
		chains[st.Chain] = append(chains[st.Chain], all[i])
	}
	byChain := make(map[string]*geo.MapIndex, len(chains))
	for code, items := range chains {
		byChain[code] = geo.NewMapIndex(items)
	}
	return geo.NewMapIndex(all), byChain
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

// Ranking is the order of Best: by the price per gallon Contract charges
// (fuelportal.Contract.Price) or by its savings against the retail price,
// ascending or descending; ties nearest first, then by id. A nil Contract
// ranks by fuelportal.FeedPricing.
type Ranking struct {
	BySavings bool
	Desc      bool
	Contract  *fuelportal.Contract
}

// Best returns the first limit stations of chains within radius miles of
// center in the ranking's order (limit ≤ 0: none): the cheapest (or
// largest-discount) stations of the whole circle, not the nearest ones
// re-sorted.
func (c *Catalog) Best(ctx context.Context, center geo.Point, radiusMiles float64, chains Chains, rank Ranking, limit int) ([]Nearby, error) {
	s, err := c.current(ctx)
	if err != nil {
		return nil, err
	}
	order := order(cmp.Or(rank.Contract, fuelportal.FeedPricing()), rank.BySavings, rank.Desc)
	var hits []geo.RankedHit
	switch {
	case len(chains) == 0:
		if s.ranked != nil {
			hits = s.ranked.Best(center, radiusMiles, order, limit, nil)
		}
	default:
		// The best of each chain, merged: the best limit overall are among them.
		for code := range chains {
			if rx := s.byChain[code]; rx != nil {
				hits = append(hits, rx.Best(center, radiusMiles, order, limit, nil)...)
			}
		}
		slices.SortFunc(hits, func(a, b geo.RankedHit) int {
			ka, kb := a.Key, b.Key
			if order.Desc {
				ka, kb = kb, ka
			}
			return cmp.Or(cmp.Compare(ka, kb), cmp.Compare(a.DistanceMiles, b.DistanceMiles), cmp.Compare(a.ID, b.ID))
		})
		hits = hits[:min(len(hits), max(limit, 0))]
	}
	found := make([]Nearby, len(hits))
	for i, h := range hits {
		found[i] = Nearby{Station: s.stations[h.ID], DistanceMiles: h.DistanceMiles}
	}
	return found, nil
}

// Cluster is a group of two or more stations of a map view.
type Cluster struct {
	Center geo.Point
	Count  int
	// MinNetPrice is the lowest price per gallon the view's contract
	// charges at the cluster's stations.
	MinNetPrice fuelportal.TenthCents
}

// MapView splits the stations of chains inside box into clusters and single
// stations at zoom (see geo.MapIndex): every station of the box is in
// exactly one cluster or in stations. Clusters carry the lowest price
// contract (nil: fuelportal.FeedPricing) charges at their stations.
func (c *Catalog) MapView(ctx context.Context, box geo.Box, zoom int, chains Chains, contract *fuelportal.Contract) ([]Cluster, []*fuelportal.Station, error) {
	s, err := c.current(ctx)
	if err != nil {
		return nil, nil, err
	}
	contract = cmp.Or(contract, fuelportal.FeedPricing())
	// The contract's price is a non-decreasing function of one key, so a
	// cluster's lowest price is that function of the key's least value.
	o := order(contract, false, false)
	var cells []geo.Cell
	switch {
	case len(chains) == 0:
		if s.maps != nil {
			cells = s.maps.AppendCells(nil, box, zoom, o.Key)
		}
	default:
		for code := range chains {
			if mx := s.mapsByChain[code]; mx != nil {
				cells = mx.AppendCells(cells, box, zoom, o.Key)
			}
		}
		if zoom <= geo.MaxClusterZoom {
			cells = geo.MergeCells(cells)
		}
	}
	clusters := []Cluster{}
	stations := []*fuelportal.Station{}
	for _, cell := range cells {
		if cell.Count == 1 {
			stations = append(stations, s.stations[cell.ID])
			continue
		}
		minPrice := cell.MinPrice
		if o.Map != nil {
			minPrice = o.Map(minPrice)
		}
		clusters = append(clusters, Cluster{Center: cell.Center(), Count: cell.Count, MinNetPrice: fuelportal.TenthCents(minPrice)})
	}
	return clusters, stations, nil
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
