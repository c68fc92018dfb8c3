package routing

import (
	"context"
	"math"
	"sort"
	"strings"
	"sync"
)

// Kinds of places in the built-in gazetteer. Remote geocoders pass through
// their own kinds ("city", "street", "house", ...).
const (
	KindCity    = "city"
	KindHub     = "hub" // an interchange or truck-stop town on the graph
	KindStation = "station"
)

// Place is a named location: a city, a truck hub, a station address.
type Place struct {
	Name    string // "Dallas", or a station's name
	Address string // street line, empty for a city
	City    string
	State   string // two-letter USPS code, "TX"
	Zip     string
	Lat     float64
	Lon     float64
	Kind    string
	// Population in thousands ranks equally good search matches; zero when
	// unknown.
	Population int
}

// Point returns the place's coordinate.
func (p Place) Point() Point { return Point{Lat: p.Lat, Lon: p.Lon} }

// Label is the display text: "Dallas, TX" for a city, "Pilot #101, 123 Main
// St, Amarillo, TX 79101" for a station, "123 Main St, Amarillo, TX 79101"
// for an address.
func (p Place) Label() string {
	parts := []string{p.Name}
	if p.Address != "" && p.Address != p.Name {
		parts = append(parts, p.Address)
	}
	if p.City != "" && p.City != p.Name {
		parts = append(parts, p.City)
	}
	if p.State != "" {
		if p.Address != "" && p.Zip != "" {
			parts = append(parts, p.State+" "+p.Zip)
		} else {
			parts = append(parts, p.State)
		}
	}
	return strings.Join(parts, ", ")
}

// maxReverseMeters is how far Reverse looks for a place (about 155 miles).
const maxReverseMeters = 250_000

// Gazetteer finds places by free text and by coordinate. It is safe for
// concurrent use; Add may run while searches do.
type Gazetteer struct {
	mu      sync.RWMutex
	entries []gazetteerEntry
}

type gazetteerEntry struct {
	place Place
	// exact are keys matched whole only (state codes); keys are matched
	// whole, by prefix or by substring.
	exact, keys []string
}

// NewGazetteer returns a gazetteer holding places.
func NewGazetteer(places ...Place) *Gazetteer {
	g := &Gazetteer{}
	g.Add(places...)
	return g
}

// BuiltinGazetteer returns a new gazetteer of the built-in graph's places,
// ready for the server to Add station addresses to.
func BuiltinGazetteer() *Gazetteer { return NewGazetteer(Builtin().Places()...) }

// Add makes places searchable.
func (g *Gazetteer) Add(places ...Place) {
	entries := make([]gazetteerEntry, 0, len(places))
	for _, p := range places {
		entries = append(entries, newEntry(p))
	}
	g.mu.Lock()
	g.entries = append(g.entries, entries...)
	g.mu.Unlock()
}

func newEntry(p Place) gazetteerEntry {
	e := gazetteerEntry{place: p}
	add := func(s string) {
		if s = normalize(s); s != "" {
			e.keys = append(e.keys, s)
		}
	}
	state := StateName(p.State)
	add(p.Name)
	add(p.Label())
	add(p.Address)
	add(p.Zip)
	add(state)
	for _, town := range []string{p.Name, p.City} {
		if town == "" {
			continue
		}
		add(town + " " + p.State)
		if state != "" {
			add(town + ", " + state)
			add(town + " " + state)
		}
	}
	if p.City != "" && p.City != p.Name {
		add(p.City)
		add(p.City + ", " + p.State)
	}
	if p.State != "" {
		e.exact = append(e.exact, normalize(p.State))
	}
	return e
}

// normalize lowercases, drops periods and apostrophes (so "St. Louis" finds
// "st louis") and collapses spaces, including around commas.
func normalize(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer(".", "", "'", "", "’", "").Replace(s)
	s = strings.ReplaceAll(s, ",", ", ")
	return strings.Join(strings.Fields(s), " ")
}

// Match tiers, best first.
const (
	noMatch = iota
	substringMatch
	prefixMatch
	exactMatch
)

func (e *gazetteerEntry) match(q string) int {
	best := noMatch
	for _, k := range e.exact {
		if k == q {
			return exactMatch
		}
	}
	for _, k := range e.keys {
		switch {
		case k == q:
			return exactMatch
		case strings.HasPrefix(k, q):
			best = max(best, prefixMatch)
		case best < substringMatch && strings.Contains(k, q):
			best = substringMatch
		}
	}
	return best
}

// Search returns up to limit places matching query case-insensitively on
// "City, ST", city, state name, ZIP or address: exact matches first, then
// prefix, then substring matches, each tier by population, then by label.
func (g *Gazetteer) Search(query string, limit int) []Place {
	q := normalize(query)
	if q == "" || limit <= 0 {
		return nil
	}
	type hit struct {
		tier  int
		place Place
	}
	var hits []hit
	g.mu.RLock()
	for i := range g.entries {
		if tier := g.entries[i].match(q); tier != noMatch {
			hits = append(hits, hit{tier, g.entries[i].place})
		}
	}
	g.mu.RUnlock()
	sort.Slice(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.tier != b.tier {
			return a.tier > b.tier
		}
		if a.place.Population != b.place.Population {
			return a.place.Population > b.place.Population
		}
		return a.place.Label() < b.place.Label()
	})
	out := make([]Place, 0, min(limit, len(hits)))
	for _, h := range hits[:min(limit, len(hits))] {
		out = append(out, h.place)
	}
	return out
}

// Nearest returns the place nearest p and its great-circle distance in
// meters; ok is false when the gazetteer is empty.
func (g *Gazetteer) Nearest(p Point) (place Place, meters float64, ok bool) {
	meters = math.Inf(1)
	g.mu.RLock()
	defer g.mu.RUnlock()
	for i := range g.entries {
		if d := distanceMeters(p, g.entries[i].place.Point()); d < meters {
			place, meters, ok = g.entries[i].place, d, true
		}
	}
	return place, meters, ok
}

// Geocode implements Geocoder with Search; limit ≤ 0 means 10.
func (g *Gazetteer) Geocode(ctx context.Context, query string, limit int) ([]Place, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = 10
	}
	return g.Search(query, limit), nil
}

// Reverse implements Geocoder with Nearest. It fails with ErrInvalidPoint
// for a bad coordinate and ErrNoPlace when no place is within about 155
// miles.
func (g *Gazetteer) Reverse(ctx context.Context, p Point) (Place, error) {
	if err := ctx.Err(); err != nil {
		return Place{}, err
	}
	if !p.Valid() {
		return Place{}, ErrInvalidPoint
	}
	place, meters, ok := g.Nearest(p)
	if !ok || meters > maxReverseMeters {
		return Place{}, ErrNoPlace
	}
	return place, nil
}
