package http

import (
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzhttp"
)

// compressJSON compresses the API's JSON answers of about 1 KB and more (gzip,
// or zstd when the client prefers it) and adds Vary: Accept-Encoding. The web
// app's files are compressed at build time and served as they are (spa.go).
// RandomJitter pads each compressed answer by a random length so that its size
// does not tell secrets in it apart from text an attacker put next to them
// (BREACH).
func compressJSON(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(1024),
		gzhttp.ContentTypes([]string{"application/json", "application/problem+json"}),
		gzhttp.RandomJitter(32, 0, false),
	)
	if err != nil {
		panic(err) // fixed options: fails only on a programming error
	}
	compressed := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			compressed.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}
