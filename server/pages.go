package server

import (
	"io/fs"
	"net/http"
	"strings"
)

// routePages serves the browser's pages and files from the web assets: the
// lobby at /, a table at /t/{id}, a replay at /replay/{id} (each page is
// the matching HTML file; its script reads the id from the address), a
// game's rules at /rules/{game} (server/rules.go), and the rest under
// /static/.
func (s *Server) routePages(mux *http.ServeMux) {
	assets := s.cfg.Assets
	if assets == nil {
		mux.HandleFunc("GET /{$}", placeholder)
		mux.HandleFunc("GET /t/{id}", placeholder)
		mux.HandleFunc("GET /replay/{id}", placeholder)
		return
	}
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			data, err := fs.ReadFile(assets, name)
			if err != nil {
				http.Error(w, "page missing from the build", http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Write(data)
		}
	}
	mux.HandleFunc("GET /{$}", page("index.html"))
	mux.HandleFunc("GET /t/{id}", page("table.html"))
	mux.HandleFunc("GET /replay/{id}", page("replay.html"))
	mux.HandleFunc("GET /rules/{game}", s.handleRules)
	static := http.FileServerFS(assets)
	mux.Handle("GET /static/", http.StripPrefix("/static", noDirs(static)))
}

// noDirs refuses directory listings.
func noDirs(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// placeholder is the page served until the browser client is built in.
func placeholder(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write([]byte(`<!doctype html><meta charset="utf-8"><title>cardtable</title>
<h1>cardtable</h1><p>The server runs; this build has no browser client. The lobby API is at
<a href="/api/games">/api/games</a> (docs/protocol.md).</p>`))
}
