package http_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	fphttp "fuelportal/http"
)

// A built app as web/vite.config.ts writes it: hashed assets with brotli and
// gzip copies, index.html with copies, a file without copies.
func builtApp() fstest.MapFS {
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		_, _ = w.Write([]byte(s))
		_ = w.Close()
		return b.Bytes()
	}
	return fstest.MapFS{
		"index.html":                {Data: []byte("<!doctype html><title>app</title>")},
		"index.html.gz":             {Data: gz("<!doctype html><title>app</title>")},
		"index.html.br":             {Data: []byte("BROTLI-INDEX")},
		"assets/index-abc123.js":    {Data: []byte("console.log('app')")},
		"assets/index-abc123.js.gz": {Data: gz("console.log('app')")},
		"assets/index-abc123.js.br": {Data: []byte("BROTLI-JS")},
		"assets/index-abc123.css":   {Data: []byte("body{}")},
		"manifest.webmanifest":      {Data: []byte(`{"name":"Fuel Portal"}`)},
		"robots.txt":                {Data: []byte("User-agent: *\nDisallow: /api/\n")},
		".keep":                     {Data: nil},
		".vite/manifest.json":       {Data: []byte(`{}`)},
	}
}

func appServer(t *testing.T) http.Handler {
	t.Helper()
	srv := &fphttp.Server{Config: fphttp.Config{Static: builtApp()}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	return srv.Handler()
}

func getApp(t *testing.T, h http.Handler, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestAppServesPrecompressedCopiesByAcceptEncoding(t *testing.T) {
	h := appServer(t)
	for _, tc := range []struct {
		accept, encoding, body string
	}{
		{"gzip, deflate, br, zstd", "br", "BROTLI-JS"},
		{"gzip", "gzip", ""},
		{"br;q=0, gzip;q=0.8", "gzip", ""},
		{"", "", "console.log('app')"},
		{"identity", "", "console.log('app')"},
	} {
		rec := getApp(t, h, "/assets/index-abc123.js", map[string]string{"Accept-Encoding": tc.accept})
		if rec.Code != http.StatusOK {
			t.Fatalf("%q: status %d", tc.accept, rec.Code)
		}
		if got := rec.Header().Get("Content-Encoding"); got != tc.encoding {
			t.Errorf("%q: Content-Encoding %q, want %q", tc.accept, got, tc.encoding)
		}
		if got := rec.Header().Get("Content-Type"); got != "text/javascript; charset=utf-8" {
			t.Errorf("%q: Content-Type %q", tc.accept, got)
		}
		if got := rec.Header().Get("Vary"); !strings.Contains(got, "Accept-Encoding") {
			t.Errorf("%q: Vary %q", tc.accept, got)
		}
		if got := rec.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
			t.Errorf("%q: Cache-Control %q", tc.accept, got)
		}
		body := rec.Body.String()
		if tc.encoding == "gzip" {
			r, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(r)
			body = string(b)
			tc.body = "console.log('app')"
		}
		if body != tc.body {
			t.Errorf("%q: body %q, want %q", tc.accept, body, tc.body)
		}
	}
}

func TestAppETagsDifferPerEncodingAndRevalidate(t *testing.T) {
	h := appServer(t)
	br := getApp(t, h, "/assets/index-abc123.js", map[string]string{"Accept-Encoding": "br"})
	plain := getApp(t, h, "/assets/index-abc123.js", nil)
	if br.Header().Get("ETag") == "" || br.Header().Get("ETag") == plain.Header().Get("ETag") {
		t.Fatalf("ETags br %q, plain %q: want two different ones", br.Header().Get("ETag"), plain.Header().Get("ETag"))
	}
	again := getApp(t, h, "/assets/index-abc123.js", map[string]string{"Accept-Encoding": "br", "If-None-Match": br.Header().Get("ETag")})
	if again.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: status %d, want 304", again.Code)
	}

	index := getApp(t, h, "/", map[string]string{"Accept-Encoding": "gzip, br"})
	if index.Header().Get("ETag") == "" {
		t.Fatal("index.html has no ETag")
	}
	again = getApp(t, h, "/dashboard", map[string]string{"Accept-Encoding": "gzip, br", "If-None-Match": index.Header().Get("ETag")})
	if again.Code != http.StatusNotModified {
		t.Errorf("index.html If-None-Match: status %d, want 304", again.Code)
	}
}

func TestAppDeepLinksServeIndexUncached(t *testing.T) {
	h := appServer(t)
	for _, path := range []string{"/", "/index.html", "/dashboard", "/transactions/42", "/.keep", "/.vite/manifest.json", "/index.html.br"} {
		rec := getApp(t, h, path, map[string]string{"Accept-Encoding": "br"})
		if rec.Code != http.StatusOK || rec.Body.String() != "BROTLI-INDEX" || rec.Header().Get("Content-Encoding") != "br" {
			t.Errorf("%s: status %d, encoding %q, body %q: want index.html's brotli copy", path, rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.String())
		}
		if got := rec.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", path, got)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache", path, got)
		}
	}
}

func TestAppFilesWithoutCopiesAndMissingAssets(t *testing.T) {
	h := appServer(t)
	for path, want := range map[string]string{
		"/robots.txt":              "text/plain; charset=utf-8",
		"/manifest.webmanifest":    "application/manifest+json",
		"/assets/index-abc123.css": "text/css; charset=utf-8",
	} {
		rec := getApp(t, h, path, map[string]string{"Accept-Encoding": "gzip, br"})
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: status %d, encoding %q", path, rec.Code, rec.Header().Get("Content-Encoding"))
		}
		if got := rec.Header().Get("Content-Type"); got != want {
			t.Errorf("%s: Content-Type %q, want %q", path, got, want)
		}
	}
	if rec := getApp(t, h, "/robots.txt", nil); !strings.Contains(rec.Body.String(), "User-agent") {
		t.Errorf("/robots.txt: body %q", rec.Body.String())
	}
	// An old build's chunk must fail as a 404, not load the app's HTML as code.
	if rec := getApp(t, h, "/assets/index-old999.js", nil); rec.Code != http.StatusNotFound {
		t.Errorf("missing asset: status %d, want 404", rec.Code)
	}
}
