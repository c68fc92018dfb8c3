package http

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// handleApp serves the web app: an existing file as is, any other path
// index.html, so the app's router handles deep links (/dashboard, …).
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
	if name != "" && name != "index.html" {
		if info, err := fs.Stat(s.Static, name); err == nil && !info.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				// Vite puts a content hash in every asset name.
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			http.ServeFileFS(w, r, s.Static, name)
			return
		}
	}
	index, err := fs.ReadFile(s.Static, "index.html")
	if errors.Is(err, fs.ErrNotExist) {
		http.Error(w, "The web app is not built yet: run the web build, then rebuild the server.", http.StatusServiceUnavailable)
		return
	} else if err != nil {
		s.respondError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(index)
}
