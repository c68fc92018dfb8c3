package catalog_test

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
	"fuelportal/routing"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

var chainCodes = []string{fuelportal.ChainPilot, fuelportal.ChainLoves, fuelportal.ChainTA, fuelportal.ChainIndependent}

// randomStations returns n stations scattered over the continental US.
func randomStations(rnd *rand.Rand, n int) []*fuelportal.Station {
	stations := make([]*fuelportal.Station, n)
	for i := range stations {
		retail := fuelportal.TenthCents(3000 + rnd.IntN(1500))
		stations[i] = &fuelportal.Station{
			ID: int64(i + 1), Name: "Station", State: "TX", Country: "US",
			Latitude: 25 + rnd.Float64()*24, Longitude: -124 + rnd.Float64()*57,
			Chain: chainCodes[rnd.IntN(len(chainCodes))], RetailPrice: retail, NetPrice: retail - fuelportal.TenthCents(rnd.IntN(400)),
			PriceDate: time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC),
		}
	}
	return stations
}

func storeStations(t *testing.T, db *store.DB, stations []*fuelportal.Station) {
	t.Helper()
	ctx := context.Background()
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.UpsertStations(ctx, stations)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

func TestCatalog_SearchesEqualBruteForceOverStoredStations(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		rnd := rand.New(rand.NewPCG(1, 2))
		storeStations(t, db, randomStations(rnd, 1500))
		stored, _, err := db.Stations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		c := catalog.New(db, nil)

		for trial := range 16 {
			chains := catalog.Chains{}
			if trial%2 == 1 {
				chains = catalog.NewChains(chainCodes[trial%len(chainCodes)], chainCodes[(trial+1)%len(chainCodes)])
			}
			center := geo.Point{Lat: 25 + rnd.Float64()*24, Lon: -124 + rnd.Float64()*57}
			radius := []float64{5, 50, 200, 5000}[trial%4]
			// Best with a limit above the count finds them all, by price:
			// in distance order they are the brute force's.
			got, err := c.Best(ctx, center, radius, chains, catalog.Ranking{}, len(stored)+1)
			if err != nil {
				t.Fatal(err)
			}
			slices.SortFunc(got, func(a, b catalog.Nearby) int {
				return cmp.Or(cmp.Compare(a.DistanceMiles, b.DistanceMiles), cmp.Compare(a.Station.ID, b.Station.ID))
			})
			var want []catalog.Nearby
			for _, s := range stored {
				if d := geo.DistanceMiles(center, geo.Point{Lat: s.Latitude, Lon: s.Longitude}); d <= radius && chains.Has(s) {
					want = append(want, catalog.Nearby{Station: s, DistanceMiles: d})
				}
			}
			slices.SortFunc(want, func(a, b catalog.Nearby) int {
				return cmp.Or(cmp.Compare(a.DistanceMiles, b.DistanceMiles), cmp.Compare(a.Station.ID, b.Station.ID))
			})
			if len(got) != len(want) {
				t.Fatalf("trial %d: Best found %d stations, brute force %d", trial, len(got), len(want))
			}
			for i := range got {
				if *got[i].Station != *want[i].Station || math.Abs(got[i].DistanceMiles-want[i].DistanceMiles) > 1e-6 {
					t.Fatalf("trial %d: result %d is %+v, want %+v", trial, i, got[i], want[i])
				}
			}

			route := randomRoute(rnd)
			corridor := []float64{5, 10, 25}[trial%3]
			onRoute, err := c.NearRoute(ctx, route, corridor, chains)
			if err != nil {
				t.Fatal(err)
			}
			pl := geo.NewPolyline(route)
			wantOn := map[int64]geo.Projection{}
			for _, s := range stored {
				if pr := pl.Project(geo.Point{Lat: s.Latitude, Lon: s.Longitude}); pr.OffMiles <= corridor && chains.Has(s) {
					wantOn[s.ID] = pr
				}
			}
			if len(onRoute) != len(wantOn) {
				t.Fatalf("trial %d: NearRoute found %d stations, brute force %d", trial, len(onRoute), len(wantOn))
			}
			for i, hit := range onRoute {
				pr := wantOn[hit.Station.ID]
				if math.Abs(hit.OffMiles-pr.OffMiles) > 1e-6 || math.Abs(hit.AlongMiles-pr.AlongMiles) > 1e-6 {
					t.Fatalf("trial %d: station %d at along %.6f off %.6f, brute force along %.6f off %.6f", trial, hit.Station.ID, hit.AlongMiles, hit.OffMiles, pr.AlongMiles, pr.OffMiles)
				}
				if i > 0 && onRoute[i-1].AlongMiles > hit.AlongMiles {
					t.Fatalf("trial %d: not in route order at %d", trial, i)
				}
			}
		}
	})
}

// randomRoute is a wandering route of a few hundred points across the US.
func randomRoute(rnd *rand.Rand) []geo.Point {
	p := geo.Point{Lat: 30 + rnd.Float64()*15, Lon: -120 + rnd.Float64()*40}
	route := []geo.Point{p}
	for range 200 + rnd.IntN(200) {
		p = geo.Point{Lat: min(max(p.Lat+rnd.Float64()*0.2-0.1, 25), 49), Lon: p.Lon + rnd.Float64()*0.2 - 0.05}
		route = append(route, p)
	}
	return route
}

func TestCatalog_RefreshSeesAnotherProcessImport(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		stations := randomStations(rand.New(rand.NewPCG(3, 4)), 10)
		storeStations(t, db, stations)
		places := &placeList{}
		c := catalog.New(db, places)
		if err := c.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		before := c.Version()
		at := geo.Point{Lat: stations[0].Latitude, Lon: stations[0].Longitude}

		t.Run("an unchanged version keeps the snapshot", func(t *testing.T) {
			if err := c.Refresh(ctx); err != nil || c.Version() != before || len(places.names) != 10 {
				t.Fatalf("version %d → %d, added %v, %v", before, c.Version(), places.names, err)
			}
		})
		t.Run("a new price is found after the next refresh", func(t *testing.T) {
			changed := *stations[0]
			changed.NetPrice -= 100
			changed.PriceDate = changed.PriceDate.Add(24 * time.Hour)
			// Another process writes to the same database.
			storeStations(t, db, []*fuelportal.Station{&changed, {ID: 99, Name: "New", Country: "US", Latitude: 40, Longitude: -100, RetailPrice: 3000, NetPrice: 2900, PriceDate: changed.PriceDate}})
			found, _ := c.Best(ctx, at, 0.001, nil, catalog.Ranking{}, 1)
			if found[0].Station.NetPrice != stations[0].NetPrice {
				t.Fatal("snapshot changed before the refresh")
			}
			if err := c.Refresh(ctx); err != nil {
				t.Fatal(err)
			}
			found, _ = c.Best(ctx, at, 0.001, nil, catalog.Ranking{}, 1)
			if found[0].Station.NetPrice != changed.NetPrice || c.Version() <= before {
				t.Fatalf("after refresh: %+v, version %d", found[0].Station, c.Version())
			}
			if len(places.names) != 11 || places.names[10] != "New" {
				t.Fatalf("places got %v, want the new station only once", places.names)
			}
		})
	})
}

// The built-in geocoder learns each station once, as the catalog first
// loads it, and still finds it, every field as first seen, after reloads
// have replaced the records it was built from.
func TestCatalog_GeocoderFindsStationsAcrossReloads(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		first := &fuelportal.Station{ID: 1, Name: "Pilot Travel Center #436", Address: "2201 S Ross Ave", City: "Amarillo", State: "TX",
			ZipCode: "79101", Country: "US", Latitude: 35.19, Longitude: -101.82, RetailPrice: 3500, NetPrice: 3300,
			PriceDate: time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC)}
		storeStations(t, db, []*fuelportal.Station{first})
		gaz := routing.NewGazetteer()
		c := catalog.New(db, gaz)
		if err := c.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		want := routing.Place{Name: first.Name, Address: first.Address, City: first.City, State: first.State, Zip: first.ZipCode,
			Lat: first.Latitude, Lon: first.Longitude, Kind: routing.KindStation}
		for reload := range 3 {
			// Another import reprices the station and adds one.
			repriced := *first
			repriced.NetPrice -= fuelportal.TenthCents(10 * (reload + 1))
			added := &fuelportal.Station{ID: int64(10 + reload), Name: fmt.Sprintf("Love's Travel Stop #%d", 200+reload), City: "Tulsa", State: "OK",
				Country: "US", Latitude: 36.15, Longitude: -95.99 + float64(reload), RetailPrice: 3400, NetPrice: 3200, PriceDate: first.PriceDate}
			storeStations(t, db, []*fuelportal.Station{&repriced, added})
			if err := c.Refresh(ctx); err != nil {
				t.Fatal(err)
			}
			runtime.GC() // the records of the dropped snapshot are gone
			if got := gaz.Search("pilot travel center #436 tx", 5); len(got) != 1 || got[0] != want {
				t.Fatalf("reload %d: the first station is found as %#v, want once as %#v", reload, got, want)
			}
			wantAdded := routing.Place{Name: added.Name, City: "Tulsa", State: "OK", Lat: added.Latitude, Lon: added.Longitude, Kind: routing.KindStation}
			if got := gaz.Search(added.Name, 5); len(got) != 1 || got[0] != wantAdded {
				t.Fatalf("reload %d: the added station is found as %#v, want %#v", reload, got, wantAdded)
			}
		}
		if got := gaz.Search("love's travel stop", 10); len(got) != 3 {
			t.Fatalf("found %d added stations, want 3: %v", len(got), got)
		}
	})
}

func TestCatalog_BestIsTheFirstOfTheFullSort(t *testing.T) {
	ctx := context.Background()
	rnd := rand.New(rand.NewPCG(5, 6))
	stations := randomStations(rnd, 3000)
	c := catalog.FromStations(stations)
	for trial := range 48 {
		chains := catalog.Chains{}
		if trial%3 == 1 {
			chains = catalog.NewChains(chainCodes[trial%len(chainCodes)], chainCodes[(trial+1)%len(chainCodes)])
		} else if trial%3 == 2 {
			chains = catalog.NewChains(chainCodes[trial%len(chainCodes)], "NOSUCHCHAIN")
		}
		center := geo.Point{Lat: 25 + rnd.Float64()*24, Lon: -124 + rnd.Float64()*57}
		radius := []float64{5, 50, 200, 5000}[trial%4]
		rank := catalog.Ranking{BySavings: trial%5 >= 2, Desc: trial%2 == 0}
		limit := []int{1, 20, 500}[trial%3]
		got, err := c.Best(ctx, center, radius, chains, rank, limit)
		if err != nil {
			t.Fatal(err)
		}
		var want []catalog.Nearby
		for _, s := range stations {
			if d := geo.DistanceMiles(center, geo.Point{Lat: s.Latitude, Lon: s.Longitude}); d <= radius && chains.Has(s) {
				want = append(want, catalog.Nearby{Station: s, DistanceMiles: d})
			}
		}
		key := func(s *fuelportal.Station) fuelportal.TenthCents {
			if rank.BySavings {
				return s.Savings()
			}
			return s.NetPrice
		}
		slices.SortFunc(want, func(a, b catalog.Nearby) int {
			ka, kb := key(a.Station), key(b.Station)
			if rank.Desc {
				ka, kb = kb, ka
			}
			return cmp.Or(cmp.Compare(ka, kb), cmp.Compare(a.DistanceMiles, b.DistanceMiles), cmp.Compare(a.Station.ID, b.Station.ID))
		})
		want = want[:min(limit, len(want))]
		if len(got) != len(want) {
			t.Fatalf("trial %d: Best found %d stations, brute force %d", trial, len(got), len(want))
		}
		for i := range got {
			if got[i].Station.ID != want[i].Station.ID || got[i].DistanceMiles != want[i].DistanceMiles {
				t.Fatalf("trial %d: Best[%d] = station %d at %g mi, brute force %d at %g mi", trial, i, got[i].Station.ID, got[i].DistanceMiles, want[i].Station.ID, want[i].DistanceMiles)
			}
		}
	}
}

// placeList is a geocoder's place list recording what the catalog adds.
type placeList struct{ names []string }

func (p *placeList) Add(places ...routing.Place) {
	for _, pl := range places {
		p.names = append(p.names, pl.Name)
	}
}

// contracts are the pricing a company can have: retail-minus discounts
// small and larger than some retail prices (which clamp the price at zero
// and tie many discounts), net price, and none (the feed's price).
var contracts = []*fuelportal.Contract{
	nil,
	{Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 180, FeeCents: 150},
	{Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 3500},
	{Pricing: fuelportal.PricingRetailMinus},
	{Pricing: fuelportal.PricingNetPrice},
}

// Under a company's contract, Best ranks by the price that contract
// charges a gallon (fuelportal.Contract.StationPrice, what a purchase
// there is charged) or by its discount against retail, exactly as a full
// sort by that price does, whatever the pricing plan.
func TestCatalog_BestRanksByTheContractPrice(t *testing.T) {
	ctx := context.Background()
	rnd := rand.New(rand.NewPCG(7, 8))
	stations := randomStations(rnd, 3000)
	for _, s := range stations[:300] {
		s.NetPrice = 0 // no net price: a net-price contract charges retail
	}
	c := catalog.FromStations(stations)
	for trial := range 80 {
		contract := contracts[trial%len(contracts)]
		pricing := cmp.Or(contract, fuelportal.FeedPricing())
		chains := catalog.Chains{}
		if trial%3 == 1 {
			chains = catalog.NewChains(chainCodes[trial%len(chainCodes)], chainCodes[(trial+1)%len(chainCodes)])
		}
		center := geo.Point{Lat: 25 + rnd.Float64()*24, Lon: -124 + rnd.Float64()*57}
		radius := []float64{50, 200, 5000}[trial%3]
		rank := catalog.Ranking{BySavings: trial%4 >= 2, Desc: trial%7 < 3, Contract: contract}
		limit := []int{1, 20, 500}[trial%3]
		got, err := c.Best(ctx, center, radius, chains, rank, limit)
		if err != nil {
			t.Fatal(err)
		}
		var want []catalog.Nearby
		for _, s := range stations {
			if d := geo.DistanceMiles(center, geo.Point{Lat: s.Latitude, Lon: s.Longitude}); d <= radius && chains.Has(s) {
				want = append(want, catalog.Nearby{Station: s, DistanceMiles: d})
			}
		}
		key := func(s *fuelportal.Station) fuelportal.TenthCents {
			if rank.BySavings {
				return s.RetailPrice - pricing.StationPrice(s)
			}
			return pricing.StationPrice(s)
		}
		slices.SortFunc(want, func(a, b catalog.Nearby) int {
			ka, kb := key(a.Station), key(b.Station)
			if rank.Desc {
				ka, kb = kb, ka
			}
			return cmp.Or(cmp.Compare(ka, kb), cmp.Compare(a.DistanceMiles, b.DistanceMiles), cmp.Compare(a.Station.ID, b.Station.ID))
		})
		want = want[:min(limit, len(want))]
		if len(got) != len(want) {
			t.Fatalf("trial %d: Best found %d stations, brute force %d", trial, len(got), len(want))
		}
		for i := range got {
			if got[i].Station.ID != want[i].Station.ID {
				t.Fatalf("trial %d (%+v): Best[%d] = station %d (%s), brute force %d (%s)", trial, contract, i,
					got[i].Station.ID, key(got[i].Station), want[i].Station.ID, key(want[i].Station))
			}
		}
	}
}

// A map cluster's price is the lowest the view's contract charges at its
// stations.
func TestCatalog_MapClustersShowTheContractPrice(t *testing.T) {
	ctx := context.Background()
	rnd := rand.New(rand.NewPCG(9, 10))
	stations := randomStations(rnd, 2000)
	c := catalog.FromStations(stations)
	box := geo.Box{West: -125, South: 24, East: -66, North: 50}
	for _, contract := range contracts {
		pricing := cmp.Or(contract, fuelportal.FeedPricing())
		for _, zoom := range []int{3, 6, 9} {
			clusters, singles, err := c.MapView(ctx, box, zoom, nil, contract)
			if err != nil {
				t.Fatal(err)
			}
			lowest := fuelportal.TenthCents(math.MaxInt64)
			for _, s := range stations {
				lowest = min(lowest, pricing.StationPrice(s))
			}
			seen := fuelportal.TenthCents(math.MaxInt64)
			for _, cl := range clusters {
				seen = min(seen, cl.MinNetPrice)
			}
			for _, s := range singles {
				seen = min(seen, pricing.StationPrice(s))
			}
			if seen != lowest {
				t.Fatalf("%+v zoom %d: the map's lowest price is %s, the contract's lowest %s", contract, zoom, seen, lowest)
			}
			for _, cl := range clusters {
				if cl.Count < 2 || cl.MinNetPrice < lowest {
					t.Fatalf("%+v zoom %d: cluster %+v", contract, zoom, cl)
				}
			}
		}
	}
}

func TestCatalog_StationTextsAreKeptOnceEachValue(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	stations := randomStations(rnd, 200)
	want := make([]fuelportal.Station, len(stations))
	for i, s := range stations {
		// Every text its own allocation, as the database driver gives them.
		s.Name, s.City, s.State, s.Chain = fmt.Sprintf("Station %d", s.ID), strings.Clone("Amarillo"), strings.Clone("TX"), strings.Clone(s.Chain)
		want[i] = *s
	}
	c := catalog.FromStations(stations)
	found, err := c.Best(context.Background(), geo.Point{Lat: 37, Lon: -96}, 5000, nil, catalog.Ranking{}, len(stations))
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != len(stations) {
		t.Fatalf("found %d stations, want %d", len(found), len(stations))
	}
	chains := map[string]*byte{}
	city := unsafe.StringData(found[0].Station.City)
	for _, f := range found {
		s := f.Station
		if *s != want[s.ID-1] {
			t.Fatalf("station %d is %+v, want %+v", s.ID, *s, want[s.ID-1])
		}
		if unsafe.StringData(s.City) != city {
			t.Fatalf("station %d has its own copy of the city", s.ID)
		}
		if p, ok := chains[s.Chain]; ok && p != unsafe.StringData(s.Chain) {
			t.Fatalf("station %d has its own copy of the chain %q", s.ID, s.Chain)
		}
		chains[s.Chain] = unsafe.StringData(s.Chain)
	}
}
