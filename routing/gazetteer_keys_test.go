package routing

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// perKey holds a place's search keys as the gazetteer first built them, one
// string each: what the compact entries must match exactly like.
type perKey struct {
	keys  []string
	exact string
}

func perKeyOf(p Place) perKey {
	var keys []string
	add := func(s string) {
		if s = normalize(s); s != "" && !slices.Contains(keys, s) {
			keys = append(keys, s)
		}
	}
	withState := func(name string) {
		add(name + " " + p.State)
		if state := StateName(p.State); state != "" {
			add(name + ", " + state)
			add(name + " " + state)
		}
	}
	add(p.Name)
	add(p.Label())
	add(p.Address)
	add(p.Zip)
	if p.Name != "" {
		withState(p.Name)
	}
	own := keys
	keys = nil
	add(StateName(p.State))
	if p.City != "" && p.City != p.Name {
		withState(p.City)
		add(p.City)
		add(p.City + ", " + p.State)
	}
	k := perKey{keys: append(own, keys...)}
	if p.State != "" {
		k.exact = normalize(p.State)
	}
	return k
}

// match is the best tier of q against every key on its own.
func (k perKey) match(q string) int {
	if k.exact != "" && k.exact == q {
		return exactMatch
	}
	best := noMatch
	for _, key := range k.keys {
		switch {
		case key == q:
			return exactMatch
		case strings.HasPrefix(key, q):
			best = max(best, prefixMatch)
		case strings.Contains(key, q):
			best = max(best, substringMatch)
		}
	}
	return best
}

// oddPlaces normalize in unusual ways: names ending in a space or comma,
// names that normalize to nothing, unknown or lower-case states, a name
// equal to its city, a separator inside a name.
var oddPlaces = []Place{
	{Name: "Pilot #101", Address: "123 Main St", City: "Amarillo", State: "TX", Zip: "79101", Kind: KindStation},
	{Name: "Odd\x00Name", City: "Dallas", State: "TX", Kind: KindStation},
	{Name: "Odd,  Name ", Address: " 1 Main St,", City: "Dallas", State: "TX", Zip: "75201", Kind: KindStation},
	{Name: "Trail ,", Address: "9 Elm", City: "Waco", State: "tx", Kind: KindStation},
	{Name: "...", City: "Austin", State: "TX", Kind: KindStation},
	{Name: "Nowhere Stop", State: "ZZ", Kind: KindStation},
	{Name: "Bare"},
	{Name: "Dallas", City: "Dallas", State: "TX", Kind: KindStation},
	{Name: "St. Mary's Plaza", Address: "1 St. Mary's Rd", City: "St. Louis", State: "MO", Zip: "63101", Kind: KindStation},
	{Name: "Texas Stop TX", City: "Texarkana", State: "TX", Kind: KindStation},
	{Address: "5 Oak Rd", City: "Tulsa", State: "OK", Zip: "74101", Kind: KindStation},
	{Name: "Ünïcode Café ’", City: "Zürich", State: "ND", Kind: KindStation},
}

func TestGazetteerJoinedKeysMatchLikePerKey(t *testing.T) {
	places := append(Builtin().Places(), oddPlaces...)
	queries := []string{"dallas", "dal", "allas", "tx", "texas", "dallas tx", "dallas, texas", "pilot", "101", "79101", "main st",
		"amarillo, tx", "s tx", "x", "a", "oddname", "odd\x00name", "st louis", "new york", "york", "ny",
		"pilot #101 tx", "pilot #101, texas", "pilot #101 tex", "#101 t", "1, te", "101 texas", "1 t", "odd, name tx", "trail, tx", "trail , tx"}
	g := NewGazetteer(places...)
	for i, p := range places {
		e, want := &g.entries[i], perKeyOf(p)
		for _, raw := range queries {
			q := normalize(raw)
			if got, want := e.match(q), want.match(q); got != want {
				t.Fatalf("%q on %q: tier %d, per key %d", q, p.Label(), got, want)
			}
		}
	}
}

// TestGazetteerEntriesMatchLikePerKey tries every piece of every key of
// random places against the compact entries.
func TestGazetteerEntriesMatchLikePerKey(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	words := []string{"Pilot", "Travel", "Center", "#102", "Love's", "St.", "Main", "Rd", "Dallas", "Texas", "TX", "ca",
		"California", "New", "York", ",", " ", "", "’", "I-40", "Exit", "5", "92104"}
	text := func(n int) string {
		var b strings.Builder
		for range rnd.IntN(n + 1) {
			b.WriteString(words[rnd.IntN(len(words))])
			if rnd.IntN(3) > 0 {
				b.WriteByte(' ')
			}
		}
		return b.String()
	}
	states := []string{"TX", "CA", "ny", "ZZ", "", "New York"}
	places := slices.Clone(oddPlaces)
	for range 300 {
		p := Place{Name: text(4), Address: text(3), City: text(2), State: states[rnd.IntN(len(states))], Zip: text(1), Kind: KindStation}
		if rnd.IntN(5) == 0 {
			p.City = p.Name
		}
		places = append(places, p)
	}
	g := NewGazetteer(places...)
	for i, p := range places {
		e, want := &g.entries[i], perKeyOf(p)
		var queries []string
		for _, k := range want.keys {
			for from := range len(k) {
				for to := from + 1; to <= len(k); to++ {
					queries = append(queries, k[from:to])
				}
			}
		}
		for range 50 {
			queries = append(queries, normalize(text(3)))
		}
		for _, q := range queries {
			if q == "" || normalize(q) != q {
				continue // Search normalizes every query
			}
			if got, want := e.match(q), want.match(q); got != want {
				t.Fatalf("%q on %q: tier %d, per key %d", q, p.Label(), got, want)
			}
		}
		if got := e.place(); got != p {
			t.Fatalf("entry %d reads back %#v, added %#v", i, got, p)
		}
	}
}

// TestGazetteer_StationsReadBack: a station found by its name, or nearest a
// coordinate, is the place added, every field.
func TestGazetteer_StationsReadBack(t *testing.T) {
	g := BuiltinGazetteer()
	stations := []Place{
		{Name: "Pilot Travel Center #436", Address: "2201 S Ross Ave", City: "Amarillo", State: "TX", Zip: "79101", Lat: 35.19, Lon: -101.82, Kind: KindStation},
		{Name: "Love's Travel Stop #202", Address: "7020 Industrial Blvd", City: "San Diego", State: "CA", Zip: "92103", Lat: 32.727708, Lon: -117.159949, Kind: KindStation},
		{Name: "Odd,  Name ", Address: " 1 Main St,", City: "Dallas", State: "TX", Zip: "75201", Lat: 32.8123, Lon: -96.7531, Kind: KindStation},
	}
	g.Add(stations...)
	for _, want := range stations {
		got := g.Search(want.Name+" "+want.State, 1)
		if len(got) != 1 || got[0] != want {
			t.Errorf("Search(%q) = %#v, want %#v", want.Name+" "+want.State, got, want)
		}
		if got, _, _ := g.Nearest(want.Point()); got != want {
			t.Errorf("Nearest(%v) = %#v, want %#v", want.Point(), got, want)
		}
	}
}

// TestNormalize_ASCIIIsNormalizeText: normalize's loop for ASCII text gives
// what normalizeText gives, on names, addresses and random mixes of the
// characters it treats apart (letters, periods, apostrophes, commas,
// spaces of each kind, the key separator), non-ASCII text included.
func TestNormalize_ASCIIIsNormalizeText(t *testing.T) {
	cases := []string{"", " ", ",", " , ", "St. Louis", "ST LOUIS, MO", "  Pilot  Travel Center #123 ,", "O'Reilly's", "a,b", "a ,b", ",a", "a,", "a,,b", "a, ,b",
		"a\tb\nc\vd\fe\rf", "x\x00y", "Love's Travel Stop", "Pe\u00f1a Blvd.", "Joe\u2019s Diner", "SAN JOS\u00c9", "a\u00a0b", "a\u0085b"}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "aZm09 .,'\t\n\v\f\r\x00-#"
	for range 20_000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		if got, want := normalize(s), normalizeText(s); got != want {
			t.Fatalf("normalize(%q) = %q, want %q", s, got, want)
		}
	}
}
