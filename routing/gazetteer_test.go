package routing

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
)

func TestGazetteer_Search(t *testing.T) {
	g := BuiltinGazetteer()
	g.Add(Place{Name: "Pilot Travel Center #436", Address: "2201 S Ross Ave", City: "Amarillo", State: "TX", Zip: "79101", Lat: 35.19, Lon: -101.82, Kind: KindStation})
	tests := []struct {
		name, query string
		want        string // label of the first result
	}{
		{"exact city and state", "Dallas, TX", "Dallas, TX"},
		{"case and spacing do not matter", "  dallas,tx ", "Dallas, TX"},
		{"city without comma", "dallas tx", "Dallas, TX"},
		{"city with state name", "Portland, Maine", "Portland, ME"},
		{"bigger city wins an exact tie", "Portland", "Portland, OR"},
		{"prefix ranks by population", "San", "San Antonio, TX"},
		{"exact beats a bigger prefix match", "Columbus", "Columbus, OH"},
		{"periods are optional", "st louis", "St. Louis, MO"},
		{"apostrophes are optional", "coeur dalene", "Coeur d'Alene, ID"},
		{"ZIP code", "73102", "Oklahoma City, OK"},
		{"state name lists its biggest city", "texas", "Houston, TX"},
		{"state code lists its biggest city", "NM", "Albuquerque, NM"},
		{"substring match", "ville", "Jacksonville, FL"},
		{"station by address", "2201 s ross", "Pilot Travel Center #436, 2201 S Ross Ave, Amarillo, TX 79101"},
		{"station by name", "pilot travel", "Pilot Travel Center #436, 2201 S Ross Ave, Amarillo, TX 79101"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := g.Search(tt.query, 5)
			if len(got) == 0 {
				t.Fatalf("Search(%q) found nothing, want %s", tt.query, tt.want)
			}
			if got[0].Label() != tt.want {
				t.Errorf("Search(%q)[0] = %s, want %s", tt.query, got[0].Label(), tt.want)
			}
		})
	}
}

func TestGazetteer_SearchLimitsAndEmptyQueries(t *testing.T) {
	g := BuiltinGazetteer()
	if got := g.Search("a", 7); len(got) != 7 {
		t.Errorf("Search(a, 7) returned %d places", len(got))
	}
	if got := g.Search("   ", 7); len(got) != 0 {
		t.Errorf("blank query returned %d places", len(got))
	}
	if got := g.Search("zzzz", 7); len(got) != 0 {
		t.Errorf("unknown query returned %v", got)
	}
	got, err := g.Geocode(context.Background(), "spring", 0)
	if err != nil || len(got) != 10 {
		t.Errorf("Geocode with limit 0 returned %d places, %v; want 10", len(got), err)
	}
}

func TestGazetteer_Reverse(t *testing.T) {
	g := BuiltinGazetteer()
	// A truck stop right where the driver stands is not where they are: the town is.
	g.Add(Place{Name: "Pilot Travel Center #436", Address: "2201 S Ross Ave", City: "Amarillo", State: "TX", Zip: "79101", Lat: 35.60, Lon: -101.90, Kind: KindStation})
	tests := []struct {
		name string
		p    Point
		want string
		err  error
	}{
		{"downtown finds its city", Point{Lat: 32.78, Lon: -96.80}, "Dallas, TX", nil},
		{"a farm finds the nearest town", Point{Lat: 35.60, Lon: -101.90}, "Amarillo, TX", nil},
		{"mid-Atlantic ocean finds nothing", Point{Lat: 35, Lon: -40}, "", ErrNoPlace},
		{"bad coordinate is rejected", Point{Lat: 100, Lon: 0}, "", ErrInvalidPoint},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := g.Reverse(context.Background(), tt.p)
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if got.Label() != tt.want && tt.err == nil {
				t.Errorf("Reverse(%v) = %s, want %s", tt.p, got.Label(), tt.want)
			}
		})
	}
	_, meters, _ := g.nearest(Point{Lat: 35.60, Lon: -101.90}, true)
	if miles := meters / MetersPerMile; miles < 20 || miles > 30 {
		t.Errorf("farm is %.1f mi from Amarillo, want about 26", miles)
	}
}

func TestStateCode(t *testing.T) {
	for in, want := range map[string]string{"Texas": "TX", "new york": "NY", "tx": "TX", "District of Columbia": "DC", "Ontario": ""} {
		if got := StateCode(in); got != want {
			t.Errorf("StateCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGazetteer_AddWhileSearching(t *testing.T) {
	g := BuiltinGazetteer()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 200; i++ {
			g.Add(Place{Name: "Station", City: "Amarillo", State: "TX", Lat: 35.2, Lon: -101.8, Kind: KindStation})
		}
	}()
	for i := 0; i < 200; i++ {
		g.Search("amarillo", 5)
		g.Nearest(Point{Lat: 35.2, Lon: -101.8})
	}
	<-done
	if got := g.Search("station", 500); len(got) != 200 {
		t.Errorf("found %d stations, want 200", len(got))
	}
}

// TestGazetteer_SearchKeepsTheBestLikeAFullSort: the bounded selection of the
// best hits returns exactly the first limit of a full sort of every hit
// (tier, population, label, then the order added), for short queries that
// match thousands of stations with equal populations and equal labels.
func TestGazetteer_SearchKeepsTheBestLikeAFullSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	g := BuiltinGazetteer()
	towns := [][2]string{{"Dallas", "TX"}, {"Amarillo", "TX"}, {"Tulsa", "OK"}, {"Nowhere Junction", "KS"}}
	chains := []string{"Pilot Travel Center", "Love's Travel Stop", "Sapp Bros", "TA"}
	var stations []Place
	for i := range 3000 {
		town := towns[rng.IntN(len(towns))]
		name := chains[rng.IntN(len(chains))]
		if rng.IntN(3) > 0 {
			name = fmt.Sprintf("%s #%d", name, rng.IntN(400)) // some names repeat exactly
		}
		stations = append(stations, Place{Name: name, Address: fmt.Sprintf("%d Main St", i%50), City: town[0], State: town[1], Zip: "7" + fmt.Sprint(1000+i%90), Lat: 30 + rng.Float64()*5, Lon: -100 + rng.Float64()*5, Kind: KindStation})
	}
	g.Add(stations...)
	for _, query := range []string{"s", "a", "t", "tx", "pilot", "main st", "dallas", "#1", "love", "7"} {
		q := normalize(query)
		var all []searchHit
		for i := range g.entries {
			if tier := g.entries[i].match(q); tier != noMatch {
				all = append(all, searchHit{tier: tier, index: i, entry: &g.entries[i]})
			}
		}
		sort.SliceStable(all, func(i, j int) bool { return better(&all[i], &all[j]) })
		for _, limit := range []int{1, 5, 10, 50, 5000} {
			got := g.Search(query, limit)
			want := all[:min(limit, len(all))]
			if len(got) != len(want) {
				t.Fatalf("Search(%q, %d): %d places, want %d", query, limit, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i].entry.place() {
					t.Fatalf("Search(%q, %d)[%d] = %v, want %v", query, limit, i, got[i].Label(), want[i].entry.place().Label())
				}
			}
		}
	}
}
