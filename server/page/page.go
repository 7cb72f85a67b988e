// Package page serves the browser client's HTML pages from the web
// assets (package web), each as it is: the page's script reads what it
// shows from the API. A build without the assets serves a placeholder
// page that points to the API.
package page

import (
	"io/fs"
	"log/slog"
	"net/http"

	"cardtable/server/httpjson"
)

// Serve serves the page name of assets (nil: the placeholder); a page
// missing from them is a 500, a build without its pages.
func Serve(assets fs.FS, name string, log *slog.Logger) http.HandlerFunc {
	if assets == nil {
		return Placeholder
	}
	return func(w http.ResponseWriter, r *http.Request) {
		data, err := fs.ReadFile(assets, name)
		if err != nil {
			httpjson.Refuse(w, r, log, err)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(data)
	}
}

// Placeholder is the page served until the browser client is built in.
func Placeholder(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write([]byte(`<!doctype html><meta charset="utf-8"><title>cardtable</title>
<h1>cardtable</h1><p>The server runs; this build has no browser client. The lobby API is at
<a href="/api/games">/api/games</a> (docs/protocol.md).</p>`))
}
