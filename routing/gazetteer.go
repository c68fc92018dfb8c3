package routing

import (
	"context"
	"math"
	"slices"
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
	// keys are the entry's search keys, deduplicated, each preceded and the
	// last followed by keySep: "\x00dallas\x00dallas tx\x00". One string
	// instead of a slice of a dozen keeps a station's entry compact (the
	// geocoder holds one per station). exact is the key matched whole only
	// (the state code), "" for none.
	keys string
	// town holds the keys that depend only on the city and state ("dallas
	// tx", "dallas, texas", "texas"), in the same form, shared by every
	// entry of that town added in one call (≈170 B a station saved).
	town  string
	exact string
}

// keySep separates keys; normalize removes it from keys and queries.
const keySep = "\x00"

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
	towns := map[townKey]string{}
	for _, p := range places {
		entries = append(entries, newEntry(p, towns))
	}
	g.mu.Lock()
	g.entries = append(g.entries, entries...)
	g.mu.Unlock()
}

// townKey identifies the town keys of a place: they depend on its city and
// state only (and whether the city is the place's own name, when they are
// the place's own keys).
type townKey struct {
	city, state string
	named       bool
}

// newEntry builds p's entry; towns shares the town keys among the places
// of one Add call. They are built only for a town not seen yet, so no
// discarded copy is left among the live ones (which would pin their
// memory pages).
func newEntry(p Place, towns map[townKey]string) gazetteerEntry {
	e := gazetteerEntry{place: p}
	var keys []string
	add := func(to *[]string, s string) {
		if s = normalize(s); s != "" && !slices.Contains(*to, s) {
			*to = append(*to, s)
		}
	}
	state := StateName(p.State)
	add(&keys, p.Name)
	add(&keys, p.Label())
	add(&keys, p.Address)
	add(&keys, p.Zip)
	withState := func(to *[]string, name string) {
		add(to, name+" "+p.State)
		if state != "" {
			add(to, name+", "+state)
			add(to, name+" "+state)
		}
	}
	if p.Name != "" {
		withState(&keys, p.Name)
	}
	tk := townKey{city: p.City, state: p.State, named: p.City == p.Name}
	town, ok := towns[tk]
	if !ok {
		var tkeys []string
		add(&tkeys, state)
		if p.City != "" && !tk.named {
			withState(&tkeys, p.City)
			add(&tkeys, p.City)
			add(&tkeys, p.City+", "+p.State)
		}
		town = joinKeys(tkeys)
		if towns != nil {
			towns[tk] = town
		}
	}
	e.keys = joinKeys(keys)
	e.town = town
	if p.State != "" {
		e.exact = normalize(p.State)
	}
	return e
}

// joinKeys is "" for no keys, else every key preceded and the last followed
// by keySep.
func joinKeys(keys []string) string {
	if len(keys) == 0 {
		return ""
	}
	return keySep + strings.Join(keys, keySep) + keySep
}

// normalizeDrop is built once: a Replacer per call cost about 15 KB of
// garbage per station entry (1.5 GB while adding 100,000 stations).
var normalizeDrop = strings.NewReplacer(".", "", "'", "", "’", "", keySep, "")

// normalize lowercases, drops periods and apostrophes (so "St. Louis" finds
// "st louis") and collapses spaces, including around commas.
func normalize(s string) string {
	s = strings.ToLower(s)
	s = normalizeDrop.Replace(s)
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

// match is the best tier of q against the keys: a key equal to q, a key
// starting with q, a key containing q (q holds no keySep, so a match never
// spans two keys).
func (e *gazetteerEntry) match(q string) int {
	if e.exact != "" && e.exact == q {
		return exactMatch
	}
	return max(matchKeys(e.keys, q), matchKeys(e.town, q))
}

// matchKeys is the best tier of q against one joined key string.
func matchKeys(keys, q string) int {
	i := strings.Index(keys, q)
	if i < 1 {
		return noMatch // keys start with keySep: i == 0 only for q == "" or keys == ""
	}
	if strings.Contains(keys, keySep+q+keySep) {
		return exactMatch
	}
	if keys[i-1] == 0 || strings.Contains(keys[i:], keySep+q) {
		return prefixMatch
	}
	return substringMatch
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
