package routing

import (
	"strings"
	"testing"
)

// matchPerKey is the per-key matching that the joined key string replaces.
func matchPerKey(e *gazetteerEntry, q string) int {
	best := noMatch
	if e.exact != "" && e.exact == q {
		return exactMatch
	}
	all := strings.Split(strings.Trim(e.keys, keySep), keySep)
	all = append(all, strings.Split(strings.Trim(e.town, keySep), keySep)...)
	for _, k := range all {
		if k == "" {
			continue
		}
		switch {
		case k == q:
			return exactMatch
		case strings.HasPrefix(k, q):
			best = max(best, prefixMatch)
		case strings.Contains(k, q):
			best = max(best, substringMatch)
		}
	}
	return best
}

func TestGazetteerJoinedKeysMatchLikePerKey(t *testing.T) {
	places := append(Builtin().Places(),
		Place{Name: "Pilot #101", Address: "123 Main St", City: "Amarillo", State: "TX", Zip: "79101", Kind: KindStation},
		Place{Name: "Odd\x00Name", City: "Dallas", State: "TX", Kind: KindStation})
	queries := []string{"dallas", "dal", "allas", "tx", "texas", "dallas tx", "dallas, texas", "pilot", "101", "79101", "main st",
		"amarillo, tx", "s tx", "x", "a", "oddname", "odd\x00name", "st louis", "new york", "york", "ny"}
	for _, p := range places {
		e := newEntry(p, nil)
		for _, raw := range queries {
			q := normalize(raw)
			if got, want := e.match(q), matchPerKey(&e, q); got != want {
				t.Fatalf("%q on %q: tier %d, per key %d", q, p.Label(), got, want)
			}
		}
	}
}
