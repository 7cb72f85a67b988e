package api

import (
	"errors"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"cardtable/server/httpjson"
	"cardtable/server/page"
	"cardtable/server/secret"
	"cardtable/store"
)

// routePages serves the browser's pages and files from the web assets: the
// lobby at /, a table at /t/{id}, a replay at /replay/{id} (each page is
// the matching HTML file; its script reads the id from the address), a
// game's rules at /rules/{game} (server/rules.go), and the rest under
// /static/. A table or replay address whose table does not exist gets a
// page saying so (404), not the table's page.
func (s *API) routePages(mux *http.ServeMux) {
	assets := s.cfg.Assets
	mux.HandleFunc("GET /{$}", page.Serve(assets, "index.html", s.log))
	mux.HandleFunc("GET /t/{id}", s.tablePage(page.Serve(assets, "table.html", s.log)))
	mux.HandleFunc("GET /replay/{id}", s.tablePage(page.Serve(assets, "replay.html", s.log)))
	if assets == nil {
		return
	}
	mux.HandleFunc("GET /rules/{game}", s.handleRules)
	mux.HandleFunc("GET /learn/{$}", page.Serve(assets, "learn.html", s.log))
	mux.HandleFunc("GET /learn/{lesson}", page.Serve(assets, "learn.html", s.log))
	mux.Handle("GET /static/", http.StripPrefix("/static", s.files(assets)))
	// Browsers ask for /favicon.ico of a page that names no icon (a
	// record, an API answer opened in a tab).
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/static/favicon.svg", http.StatusMovedPermanently)
	})
}

// files serves the assets; a missing file or a folder is a JSON 404.
func (s *API) files(assets fs.FS) http.Handler {
	static := http.FileServerFS(assets)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if st, err := fs.Stat(assets, name); err != nil || st.IsDir() || strings.HasSuffix(r.URL.Path, "/") {
			if httpjson.ForPeople(r) {
				missing(w, missingPath, "/static"+r.URL.Path)
				return
			}
			s.apiError(w, r, httpjson.NotFound("/static"+r.URL.Path))
			return
		}
		static.ServeHTTP(w, r)
	})
}

// tablePage serves next for a table that exists, and the missing-table
// page (404) for one that does not or an id that cannot be one. A store
// that fails to answer serves the page anyway: its connection will say
// what is wrong.
func (s *API) tablePage(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		if !secret.WellFormedID(id) {
			missing(w, missingAddress, id)
			return
		}
		if _, err := s.store.Table(r.Context(), id); errors.Is(err, store.ErrNotFound) {
			missing(w, missingTable, id)
			return
		}
		next(w, r)
	}
}

// The three kinds of missing page: a table that does not exist, an
// address that cannot be a table's, and any other address nothing is at.
const (
	missingTable = iota
	missingAddress
	missingPath
)

// missingPage is the page for a table that does not exist, or anything
// else a person's browser opens that is not there: for people, so HTML,
// with the way back to the lobby.
var missingPage = template.Must(template.New("missing").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{if eq .Kind 2}}Nothing here{{else}}No such table{{end}} — cardtable</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<header class="table-header"><a class="home" href="/">cardtable</a></header>
<main>
<section class="panel missing" aria-labelledby="missing-title">
{{if eq .Kind 0}}<h1 id="missing-title">This table does not exist</h1>
<p>There is no table <code>{{.ID}}</code> on this server. Check the link you were sent: it may be mistyped or cut short, or the table may have been on another server.</p>
{{else if eq .Kind 1}}<h1 id="missing-title">This is not a table's address</h1>
<p>Table addresses look like <code>/t/k3v9q2m7xa</code>: letters and digits after <code>/t/</code>. This one is not.</p>
{{else}}<h1 id="missing-title">There is nothing at this address</h1>
<p>Nothing on this server is at <code>{{.ID}}</code>: the address may be mistyped or cut short. The games' rules are at <a href="/rules/watchtower">/rules/watchtower</a>, <a href="/rules/regicide">/rules/regicide</a> and <a href="/rules/war">/rules/war</a>.</p>
{{end}}<p><a class="button primary" href="/">Go to the lobby</a> to create a table or join an open one.</p>
</section>
</main>
</body>
</html>
`))

// missing writes the missing page of kind for id (a table's id, or the
// path asked for), 404.
func missing(w http.ResponseWriter, kind int, id string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNotFound)
	n := secret.MaxIDLen
	if kind == missingPath {
		n = 100
	}
	missingPage.Execute(w, struct {
		ID   string
		Kind int
	}{httpjson.Truncate(id, n), kind})
}

// MissingPage is the page for people of an address nothing is at
// (httpjson.Routes serves it to a browser opening one).
func MissingPage(w http.ResponseWriter, r *http.Request) { missing(w, missingPath, r.URL.Path) }
