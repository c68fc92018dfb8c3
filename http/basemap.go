package http

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"sync"

	"fuelportal/routing"
)

// The offline base map: the built-in Interstate network the router drives
// on and the gazetteer's cities, as GeoJSON, so the web map can draw roads
// and city names with no tile server. Built once; the data ships in the
// binary and never changes while the server runs.

type basemapFeature struct {
	Type       string         `json:"type"`
	Geometry   basemapGeom    `json:"geometry"`
	Properties map[string]any `json:"properties"`
}

type basemapGeom struct {
	Type        string `json:"type"`
	Coordinates any    `json:"coordinates"`
}

type basemapJSON struct {
	Type     string           `json:"type"`
	Features []basemapFeature `json:"features"`
}

// basemap is the encoded answer with its gzip form and ETag.
type basemap struct {
	body, gzipped []byte
	etag          string
}

var (
	basemapOnce  sync.Once
	basemapCache basemap
)

// coord rounds to 4 decimals (about 10 m), plenty for a base map.
func coord(p routing.Point) [2]float64 {
	return [2]float64{math.Round(p.Lon*1e4) / 1e4, math.Round(p.Lat*1e4) / 1e4}
}

// buildBasemap encodes the graph's edges (kind "interstate", highway) and
// places (kind "city" or "hub", name, state, population in thousands).
func buildBasemap(g *routing.Graph) basemap {
	out := basemapJSON{Type: "FeatureCollection", Features: []basemapFeature{}}
	for _, e := range g.Edges() {
		line := make([][2]float64, len(e.Points))
		for i, p := range e.Points {
			line[i] = coord(p)
		}
		out.Features = append(out.Features, basemapFeature{
			Type:       "Feature",
			Geometry:   basemapGeom{Type: "LineString", Coordinates: line},
			Properties: map[string]any{"kind": "interstate", "highway": e.Highway, "ref": strings.Split(e.Highway, "/")[0]},
		})
	}
	for _, p := range g.Places() {
		out.Features = append(out.Features, basemapFeature{
			Type:     "Feature",
			Geometry: basemapGeom{Type: "Point", Coordinates: coord(p.Point())},
			Properties: map[string]any{
				"kind": p.Kind, "name": p.Name, "state": p.State, "population": p.Population,
			},
		})
	}
	body, err := json.Marshal(out)
	if err != nil {
		panic(err) // plain data: cannot fail
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(body)
	_ = zw.Close()
	sum := sha256.Sum256(body)
	return basemap{body: body, gzipped: gz.Bytes(), etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
}

// handleBasemap serves the offline base map (GeoJSON), gzipped when the
// client accepts it, cacheable for a day and revalidated by ETag.
func (s *Server) handleBasemap(w http.ResponseWriter, r *http.Request) {
	basemapOnce.Do(func() { basemapCache = buildBasemap(routing.Builtin()) })
	bm := basemapCache
	h := w.Header()
	h.Set("Content-Type", "application/geo+json")
	h.Set("Cache-Control", "private, max-age=86400")
	h.Set("ETag", bm.etag)
	h.Add("Vary", "Accept-Encoding")
	if r.Header.Get("If-None-Match") == bm.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := bm.body
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = bm.gzipped
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}
