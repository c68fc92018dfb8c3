package http_test

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	fphttp "fuelportal/http"
)

func TestJSONAnswersOverOneKBAreCompressed(t *testing.T) {
	srv := &fphttp.Server{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	h := srv.Handler()

	// The API contract is far over 1 KB: gzip when asked, with Vary.
	rec := getApp(t, h, "/api/openapi.json", map[string]string{"Accept-Encoding": "gzip"})
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("openapi.json: status %d, Content-Encoding %q, want gzip", rec.Code, rec.Header().Get("Content-Encoding"))
	}
	if !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
		t.Errorf("Vary %q", rec.Header().Get("Vary"))
	}
	if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Errorf("Content-Type %q", rec.Header().Get("Content-Type"))
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.NewDecoder(zr).Decode(&doc); err != nil || doc["openapi"] == nil {
		t.Fatalf("decompressed body is not the contract: %v", err)
	}

	// Without Accept-Encoding, or for a small answer, the body goes as it is.
	if rec := getApp(t, h, "/api/openapi.json", nil); rec.Header().Get("Content-Encoding") != "" || !json.Valid(rec.Body.Bytes()) {
		t.Errorf("no Accept-Encoding: Content-Encoding %q", rec.Header().Get("Content-Encoding"))
	}
	small := getApp(t, h, "/api/config", map[string]string{"Accept-Encoding": "gzip"})
	if small.Code != http.StatusOK || small.Header().Get("Content-Encoding") != "" || !json.Valid(small.Body.Bytes()) {
		t.Errorf("/api/config (small): status %d, Content-Encoding %q", small.Code, small.Header().Get("Content-Encoding"))
	}
}
