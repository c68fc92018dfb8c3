package http_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"fuelportal/http/apitest"
	"fuelportal/routing"
)

type basemapAnswer struct {
	Type     string
	Features []struct {
		Type     string
		Geometry struct {
			Type        string
			Coordinates json.RawMessage
		}
		Properties map[string]any
	}
}

func TestBasemap_DrawsTheBuiltinInterstatesAndCities(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/maps/basemap"}).ExpectStatus(t, http.StatusUnauthorized)

		res := f.api.Get("/api/maps/basemap", token).ExpectStatus(t, http.StatusOK)
		var got basemapAnswer
		res.Decode(t, &got)
		g := routing.Builtin()
		lines, cities, names := 0, 0, map[string]bool{}
		highways := map[string]bool{}
		for _, ft := range got.Features {
			switch ft.Geometry.Type {
			case "LineString":
				var coords [][2]float64
				if err := json.Unmarshal(ft.Geometry.Coordinates, &coords); err != nil || len(coords) < 2 {
					t.Fatalf("line %v: %v", ft.Properties, err)
				}
				lines++
				highways[ft.Properties["highway"].(string)] = true
			case "Point":
				if ft.Properties["kind"] == "city" {
					cities++
					names[ft.Properties["name"].(string)+", "+ft.Properties["state"].(string)] = true
				}
			}
		}
		if lines != len(g.Edges()) || !highways["I-40"] || !highways["I-95"] {
			t.Fatalf("%d road lines for %d edges; highways %v", lines, len(g.Edges()), highways)
		}
		if cities < 400 || !names["Dallas, TX"] || !names["Seattle, WA"] || !names["Miami, FL"] {
			t.Fatalf("%d cities", cities)
		}

		etag := res.Header.Get("ETag")
		// Gzip straight from the handler (the contract checker reads plain JSON).
		req := httptest.NewRequest("GET", "/api/maps/basemap", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		f.srv.Handler().ServeHTTP(rec, req)
		zipped := rec.Body.Bytes()
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" || len(zipped) >= len(res.Body)/3 {
			t.Fatalf("gzip: %d %q, %d of %d bytes", rec.Code, rec.Header().Get("Content-Encoding"), len(zipped), len(res.Body))
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped))
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := io.ReadAll(zr)
		if !bytes.Equal(plain, res.Body) {
			t.Fatal("gzipped answer differs")
		}
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/maps/basemap", Token: token,
			Header: http.Header{"If-None-Match": {etag}}}).ExpectStatus(t, http.StatusNotModified)
		t.Logf("basemap: %d features, %d bytes, %d gzipped", len(got.Features), len(res.Body), len(zipped))
	})
}
