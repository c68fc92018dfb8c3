package routing

import (
	"context"
	"encoding/binary"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
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

// gazetteerEntry is one place in a compact form: the geocoder holds one per
// station, so the entry's search keys and the place's own text share one
// string, and what the places of a town have in common is kept once, in
// town.
type gazetteerEntry struct {
	// text holds the entry's own search keys and the place's name, address
	// and ZIP; see entryText for its layout. The entries of one Add share
	// a few large strings (textBlockSize).
	text     string
	town     *town
	lat, lon float64
}

// town is what the places of one town (city, state, kind and population)
// added in one call share.
type town struct {
	city, state, kind string
	population        int
	// keys are the keys that depend only on the city and state ("dallas
	// tx", "dallas, texas", "texas"), each preceded and the last followed
	// by keySep.
	keys string
	// exact is the key matched whole only (the state code), "" for none.
	exact string
	// nameSuffixes follow an entry's name key to make its name-and-state
	// keys: " tx", ", texas", " texas". Each starts with a space or a comma.
	nameSuffixes []string
}

// keySep separates keys; normalize removes it from keys and queries.
const keySep = "\x00"

// textBlockSize is the size of the strings that the entry texts of one Add
// are cut from: one allocation per station cost its size class's rounding,
// and the allocator's free slots left among them by the garbage of
// building them.
const textBlockSize = 64 << 10

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
	entries := make([]gazetteerEntry, len(places))
	b := entryBuilder{towns: map[townKey]*town{}, suffixes: map[string][]string{}}
	block := make([]byte, 0, min(textBlockSize, 256*len(places)))
	var ends []int // where the texts of entries[first:i] end in block
	first := 0
	cut := func(upto int) {
		s, start := string(block), 0
		for j, end := range ends {
			entries[first+j].text = s[start:end]
			start = end
		}
		block, ends, first = block[:0], ends[:0], upto
	}
	var text []byte
	for i, p := range places {
		entries[i], text = b.entry(p, text[:0])
		if len(block)+len(text) > cap(block) {
			cut(i)
		}
		if len(text) > cap(block) {
			entries[i].text = string(text)
			first = i + 1
			continue
		}
		block = append(block, text...)
		ends = append(ends, len(block))
	}
	cut(len(places))
	g.mu.Lock()
	g.entries = append(g.entries, entries...)
	g.mu.Unlock()
}

// townKey identifies a place's town: the keys that depend on its city and
// state only (and whether the city is the place's own name, when they are
// the place's own keys), and the fields it shares with its town.
type townKey struct {
	city, state, kind string
	population        int
	named             bool
}

// entryBuilder builds the entries of one Add call, sharing towns and
// name suffixes among them. Towns are built only for a town not seen yet,
// so no discarded copy is left among the live ones (which would pin their
// memory pages).
type entryBuilder struct {
	towns    map[townKey]*town
	suffixes map[string][]string // by state
}

// entry returns p's entry without its text, and its text appended to buf.
//
// Text layout, numbers as uvarints: the length of keys; keys, p's own keys
// that are not substrings of another (bases), each preceded and the last
// followed by keySep; the offset and length in keys of the name key that
// the town's nameSuffixes follow (length 0: none); the number of keys, and
// each key's offset and length in keys; the length of the name and of the
// address; the name, the address and the ZIP.
func (b *entryBuilder) entry(p Place, buf []byte) (gazetteerEntry, []byte) {
	t := b.town(p)
	keys := entryKeys(p)
	// The name-and-state keys are the name key followed by the town's
	// suffixes when normalizing gives exactly those (it does unless the
	// name ends in a space or comma, or normalizes to nothing).
	name := normalize(p.Name)
	named := name != "" && len(t.nameSuffixes) > 0
	for _, s := range t.nameSuffixes {
		named = named && slices.ContainsFunc(keys, func(k string) bool { return isSuffixed(k, name, s) })
	}
	own := keys[:0:0]
	for _, k := range keys {
		if !named || !slices.ContainsFunc(t.nameSuffixes, func(s string) bool { return isSuffixed(k, name, s) }) {
			own = append(own, k)
		}
	}
	// Bases, longest first; every other key is found inside one.
	bySize := slices.Clone(own)
	slices.SortStableFunc(bySize, func(a, b string) int { return len(b) - len(a) })
	var bases []string
	at := func(k string) int {
		off := len(keySep)
		for _, base := range bases {
			if i := strings.Index(base, k); i >= 0 {
				return off + i
			}
			off += len(base) + len(keySep)
		}
		return -1
	}
	for _, k := range bySize {
		if at(k) < 0 {
			bases = append(bases, k)
		}
	}
	keysLen := 0
	if len(bases) > 0 {
		keysLen = len(keySep)
		for _, base := range bases {
			keysLen += len(base) + len(keySep)
		}
	}
	buf = binary.AppendUvarint(buf, uint64(keysLen))
	if len(bases) > 0 {
		buf = append(buf, keySep...)
		for _, base := range bases {
			buf = append(buf, base...)
			buf = append(buf, keySep...)
		}
	}
	if named {
		buf = binary.AppendUvarint(buf, uint64(at(name)))
		buf = binary.AppendUvarint(buf, uint64(len(name)))
	} else {
		buf = binary.AppendUvarint(buf, 0)
		buf = binary.AppendUvarint(buf, 0)
	}
	buf = binary.AppendUvarint(buf, uint64(len(own)))
	for _, k := range own {
		buf = binary.AppendUvarint(buf, uint64(at(k)))
		buf = binary.AppendUvarint(buf, uint64(len(k)))
	}
	buf = binary.AppendUvarint(buf, uint64(len(p.Name)))
	buf = binary.AppendUvarint(buf, uint64(len(p.Address)))
	buf = append(buf, p.Name...)
	buf = append(buf, p.Address...)
	buf = append(buf, p.Zip...)
	return gazetteerEntry{town: t, lat: p.Lat, lon: p.Lon}, buf
}

// isSuffixed reports whether k is name followed by suffix.
func isSuffixed(k, name, suffix string) bool {
	return len(k) == len(name)+len(suffix) && strings.HasPrefix(k, name) && strings.HasSuffix(k, suffix)
}

// town returns p's town, built the first time it is seen.
func (b *entryBuilder) town(p Place) *town {
	tk := townKey{city: p.City, state: p.State, kind: p.Kind, population: p.Population, named: p.City == p.Name}
	if t, ok := b.towns[tk]; ok {
		return t
	}
	t := &town{city: p.City, state: p.State, kind: p.Kind, population: p.Population, keys: joinKeys(townKeys(p))}
	if p.State != "" {
		t.exact = normalize(p.State)
	}
	suffixes, ok := b.suffixes[p.State]
	if !ok {
		suffixes = nameSuffixes(p.State)
		b.suffixes[p.State] = suffixes
	}
	t.nameSuffixes = suffixes
	b.towns[tk] = t
	return t
}

// nameSuffixes are what follows a name in its name-and-state keys when the
// name normalizes cleanly: " tx", ", texas", " texas".
func nameSuffixes(stateCode string) []string {
	var out []string
	add := func(sep, s string) {
		if s = normalize(s); s != "" && !slices.Contains(out, sep+s) {
			out = append(out, sep+s)
		}
	}
	add(" ", stateCode)
	if state := StateName(stateCode); state != "" {
		add(", ", state)
		add(" ", state)
	}
	return out
}

// addKey adds s, normalized, to keys unless it is empty or already there.
func addKey(keys *[]string, s string) {
	if s = normalize(s); s != "" && !slices.Contains(*keys, s) {
		*keys = append(*keys, s)
	}
}

// addWithState adds name followed by the state code, and by the state's
// name when known.
func addWithState(keys *[]string, name, stateCode string) {
	addKey(keys, name+" "+stateCode)
	if state := StateName(stateCode); state != "" {
		addKey(keys, name+", "+state)
		addKey(keys, name+" "+state)
	}
}

// entryKeys are p's own search keys, deduplicated: name, label, address,
// ZIP, and name with state.
func entryKeys(p Place) []string {
	var keys []string
	addKey(&keys, p.Name)
	addKey(&keys, p.Label())
	addKey(&keys, p.Address)
	addKey(&keys, p.Zip)
	if p.Name != "" {
		addWithState(&keys, p.Name, p.State)
	}
	return keys
}

// townKeys are p's search keys that depend only on its city and state:
// the state's name and, for a place that is not its city, "city st",
// "city, state", "city state", "city" and "city, st".
func townKeys(p Place) []string {
	var keys []string
	addKey(&keys, StateName(p.State))
	if p.City != "" && p.City != p.Name {
		addWithState(&keys, p.City, p.State)
		addKey(&keys, p.City)
		addKey(&keys, p.City+", "+p.State)
	}
	return keys
}

// entryText is an entry's text read back (see entryBuilder.entry).
type entryText struct {
	keys string
	// name is the name key that the town's nameSuffixes follow, "" for none.
	name string
	// spans are the keys' offsets and lengths in keys, and what follows.
	spans string
}

// readText reads e's keys and name key; the key spans are read only when a
// query is inside keys, as most entries do not match.
func (e *gazetteerEntry) readText() entryText {
	n, rest := uvarint(e.text)
	keys, rest := rest[:n], rest[n:]
	off, rest := uvarint(rest)
	n, rest = uvarint(rest)
	return entryText{keys: keys, name: keys[off : off+n], spans: rest}
}

// place returns the entry's place.
func (e *gazetteerEntry) place() Place {
	t := e.readText()
	n, rest := uvarint(t.spans)
	for range 2 * n {
		_, rest = uvarint(rest)
	}
	nameLen, rest := uvarint(rest)
	addrLen, rest := uvarint(rest)
	return Place{
		Name: rest[:nameLen], Address: rest[nameLen : nameLen+addrLen], City: e.town.city, State: e.town.state,
		Zip: rest[nameLen+addrLen:], Lat: e.lat, Lon: e.lon, Kind: e.town.kind, Population: e.town.population,
	}
}

// uvarint reads a uvarint written by binary.AppendUvarint at the start of s.
func uvarint(s string) (int, string) {
	var x uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 {
			return int(x | uint64(c)<<(7*i)), s[i+1:]
		}
		x |= uint64(c&0x7f) << (7 * i)
	}
	panic("routing: truncated gazetteer entry")
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
	out := make([]byte, 0, len(s)+4)
	space := false // a space is due before the next character written
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return normalizeText(s) // the same, for any text
		case c == '.' || c == '\'' || c == keySep[0]:
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			space = true
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if space && len(out) > 0 {
			out = append(out, ' ')
		}
		out = append(out, c)
		space = c == ','
	}
	return string(out)
}

// normalizeText is normalize for any text (normalize's own loop is for
// ASCII, which station and place names almost always are: adding 6,000
// stations to the gazetteer spent most of its time here).
func normalizeText(s string) string {
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
	t := e.town
	if t.exact != "" && t.exact == q {
		return exactMatch
	}
	best := matchKeys(t.keys, q)
	if best == exactMatch {
		return best
	}
	text := e.readText()
	if strings.Contains(text.keys, q) {
		// q is inside one of the entry's own keys: a substring match at
		// least, and better when a key starts with it.
		best = max(best, substringMatch)
		n, spans := uvarint(text.spans)
		for range n {
			var off, size int
			off, spans = uvarint(spans)
			size, spans = uvarint(spans)
			if k := text.keys[off : off+size]; k == q {
				return exactMatch
			} else if strings.HasPrefix(k, q) {
				best = prefixMatch
			}
		}
	}
	if text.name != "" {
		best = max(best, matchSuffixed(text.name, t.nameSuffixes, q))
	}
	return best
}

// matchSuffixed is the best tier of q against the keys name+suffix, for
// each suffix, leaving out what name alone matches (it is a key of its
// own).
func matchSuffixed(name string, suffixes []string, q string) int {
	best := noMatch
	for _, s := range suffixes {
		if len(q) > len(name) && q[:len(name)] == name {
			if rest := q[len(name):]; rest == s {
				return exactMatch
			} else if strings.HasPrefix(s, rest) {
				best = prefixMatch
			}
		}
		if best == noMatch && (strings.Contains(s, q) || spansJoin(name, s, q)) {
			best = substringMatch
		}
	}
	return best
}

// spansJoin reports whether q is inside name+suffix across the join: an end
// of name followed by a start of suffix.
func spansJoin(name, suffix, q string) bool {
	for k := max(1, len(q)-len(suffix)); k < len(q) && k <= len(name); k++ {
		if q[k] == suffix[0] && strings.HasPrefix(suffix, q[k:]) && strings.HasSuffix(name, q[:k]) {
			return true
		}
	}
	return false
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
	// Only the best limit hits are kept (a bounded heap, worst on top), so
	// a one-letter query matching every station costs a pass over the
	// entries, not a sort of all of them with a label built per comparison.
	best := searchHeap{}
	g.mu.RLock()
	for i := range g.entries {
		if tier := g.entries[i].match(q); tier != noMatch {
			best.offer(searchHit{tier: tier, index: i, entry: &g.entries[i]}, limit)
		}
	}
	g.mu.RUnlock()
	// Entries are never changed once added, so the hits are read outside
	// the lock.
	hits := best.sorted()
	out := make([]Place, 0, len(hits))
	for _, h := range hits {
		out = append(out, h.entry.place())
	}
	return out
}

// searchHit is one matching entry; label is built only when a comparison
// reaches it (tier and population tie).
type searchHit struct {
	tier  int
	index int
	entry *gazetteerEntry
	label string
	built bool
}

func (h *searchHit) labelText() string {
	if !h.built {
		h.label, h.built = h.entry.place().Label(), true
	}
	return h.label
}

// better orders hits: higher tier, then larger population, then label, then
// insertion order (so equal labels keep a fixed order).
func better(a, b *searchHit) bool {
	if a.tier != b.tier {
		return a.tier > b.tier
	}
	if pa, pb := a.entry.town.population, b.entry.town.population; pa != pb {
		return pa > pb
	}
	if la, lb := a.labelText(), b.labelText(); la != lb {
		return la < lb
	}
	return a.index < b.index
}

// searchHeap keeps the best hits offered, the worst of them at the root.
type searchHeap struct{ hits []searchHit }

func (h *searchHeap) offer(hit searchHit, limit int) {
	if len(h.hits) < limit {
		h.hits = append(h.hits, hit)
		h.up(len(h.hits) - 1)
		return
	}
	if !better(&hit, &h.hits[0]) {
		return
	}
	h.hits[0] = hit
	h.down(0)
}

func (h *searchHeap) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !better(&h.hits[parent], &h.hits[i]) {
			return
		}
		h.hits[parent], h.hits[i] = h.hits[i], h.hits[parent]
		i = parent
	}
}

func (h *searchHeap) down(i int) {
	for {
		worst, left, right := i, 2*i+1, 2*i+2
		if left < len(h.hits) && better(&h.hits[worst], &h.hits[left]) {
			worst = left
		}
		if right < len(h.hits) && better(&h.hits[worst], &h.hits[right]) {
			worst = right
		}
		if worst == i {
			return
		}
		h.hits[worst], h.hits[i] = h.hits[i], h.hits[worst]
		i = worst
	}
}

// sorted returns the kept hits best first.
func (h *searchHeap) sorted() []searchHit {
	out := h.hits
	sort.Slice(out, func(i, j int) bool { return better(&out[i], &out[j]) })
	return out
}

// Nearest returns the place nearest p and its great-circle distance in
// meters; ok is false when the gazetteer is empty.
func (g *Gazetteer) Nearest(p Point) (place Place, meters float64, ok bool) {
	return g.nearest(p, false)
}

// nearest is Nearest, among towns only (no station) with townsOnly.
func (g *Gazetteer) nearest(p Point, townsOnly bool) (place Place, meters float64, ok bool) {
	meters = math.Inf(1)
	g.mu.RLock()
	defer g.mu.RUnlock()
	var nearest *gazetteerEntry
	for i := range g.entries {
		e := &g.entries[i]
		if townsOnly && e.town.kind == KindStation {
			continue
		}
		if d := distanceMeters(p, Point{Lat: e.lat, Lon: e.lon}); d < meters {
			nearest, meters = e, d
		}
	}
	if nearest == nil {
		return Place{}, meters, false
	}
	return nearest.place(), meters, true
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

// Reverse implements Geocoder with the nearest town (city or hub, never a
// station: "use current location" names where the driver is, not the
// truck stop next door). It fails with ErrInvalidPoint for a bad
// coordinate and ErrNoPlace when no town is within about 155 miles.
func (g *Gazetteer) Reverse(ctx context.Context, p Point) (Place, error) {
	if err := ctx.Err(); err != nil {
		return Place{}, err
	}
	if !p.Valid() {
		return Place{}, ErrInvalidPoint
	}
	place, meters, ok := g.nearest(p, true)
	if !ok || meters > maxReverseMeters {
		return Place{}, ErrNoPlace
	}
	return place, nil
}
