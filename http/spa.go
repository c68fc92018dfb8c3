package http

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// handleApp serves the web app: an existing file as is, any other path
// index.html, so the app's router handles deep links (/dashboard, …). A
// missing file under assets/ answers 404, never the app's HTML: a page still
// running an older build must see its lazy chunk fail, not parse HTML as code.
func (s *Server) handleApp(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if s.Static == nil {
		http.Error(w, "The web app is not built into this binary.", http.StatusNotFound)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && name != "index.html" && servable(name) {
		if info, err := fs.Stat(s.Static, name); err == nil && !info.IsDir() {
			s.serveStatic(w, r, name)
			return
		}
	}
	if strings.HasPrefix(name, "assets/") {
		http.Error(w, "Not found", http.StatusNotFound)
		return
	}
	if _, err := fs.Stat(s.Static, "index.html"); errors.Is(err, fs.ErrNotExist) {
		http.Error(w, "The web app is not built yet: run the web build, then rebuild the server.", http.StatusServiceUnavailable)
		return
	}
	s.serveStatic(w, r, "index.html")
}

// servable reports whether a built file may be served by its name: not a
// hidden file or folder (dist/.keep, dist/.vite/manifest.json) and not a
// precompressed copy, which is served only in place of its original.
func servable(name string) bool {
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			return false
		}
	}
	return !strings.HasSuffix(name, ".br") && !strings.HasSuffix(name, ".gz")
}

// precompressed are the copies the web build writes next to a file (web/vite.config.ts),
// best first.
var precompressed = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveStatic serves one built file: its brotli or gzip copy when the client
// accepts it and the build made one, with the original's Content-Type, an
// ETag per encoding and the cache rule: hashed assets/ forever, the rest
// (index.html, sw.js, manifest, icons) revalidated on every use.
func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request, name string) {
	h := w.Header()
	h.Set("Vary", "Accept-Encoding")
	h.Set("Content-Type", contentType(name))
	hashed := strings.HasPrefix(name, "assets/")
	if hashed {
		// Vite puts a content hash in every asset name.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}

	file, encoding := name, ""
	if r.Header.Get("Range") == "" {
		accepted := acceptedEncodings(r.Header.Get("Accept-Encoding"))
		for _, c := range precompressed {
			if !accepted[c.encoding] {
				continue
			}
			if info, err := fs.Stat(s.Static, name+c.suffix); err == nil && !info.IsDir() {
				file, encoding = name+c.suffix, c.encoding
				break
			}
		}
	}
	content, err := openSeeker(s.Static, file)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
	}
	if hashed {
		h.Set("ETag", strconv.Quote(path.Base(file)))
	} else {
		sum := sha256.New()
		if _, err := io.Copy(sum, content); err != nil {
			s.respondError(w, r, err)
			return
		}
		if _, err := content.Seek(0, io.SeekStart); err != nil {
			s.respondError(w, r, err)
			return
		}
		h.Set("ETag", strconv.Quote(hex.EncodeToString(sum.Sum(nil)[:12])+"-"+strings.TrimPrefix(path.Ext(file), ".")))
	}
	http.ServeContent(w, r, name, time.Time{}, content)
}

// openSeeker opens a built file for http.ServeContent (embedded files seek;
// others are read into memory).
func openSeeker(fsys fs.FS, name string) (io.ReadSeeker, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	if rs, ok := f.(io.ReadSeeker); ok {
		return rs, nil
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(data), nil
}

// acceptedEncodings parses Accept-Encoding: the codings listed with a
// quality above zero.
func acceptedEncodings(header string) map[string]bool {
	accepted := map[string]bool{}
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		q := 1.0
		for _, param := range strings.Split(params, ";") {
			if k, v, ok := strings.Cut(strings.TrimSpace(param), "="); ok && strings.EqualFold(k, "q") {
				if parsed, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = parsed
				}
			}
		}
		accepted[coding] = q > 0
	}
	return accepted
}

// contentType is a built file's media type by its extension; the few the
// standard table may lack are listed here.
func contentType(name string) string {
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".webmanifest":
		return "application/manifest+json"
	case ".ico":
		return "image/x-icon"
	case ".txt":
		return "text/plain; charset=utf-8"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	default:
		if t := mime.TypeByExtension(ext); t != "" {
			return t
		}
		return "application/octet-stream"
	}
}
