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
}

// files serves the assets; a missing file or a folder is a JSON 404.
func (s *API) files(assets fs.FS) http.Handler {
	static := http.FileServerFS(assets)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if st, err := fs.Stat(assets, name); err != nil || st.IsDir() || strings.HasSuffix(r.URL.Path, "/") {
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
			missingTable(w, id, false)
			return
		}
		if _, err := s.store.Table(r.Context(), id); errors.Is(err, store.ErrNotFound) {
			missingTable(w, id, true)
			return
		}
		next(w, r)
	}
}

// missingPage is the page for a table that does not exist: for people, so
// HTML, with the way back to the lobby.
var missingPage = template.Must(template.New("missing").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>No such table — cardtable</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<header class="table-header"><a class="home" href="/">cardtable</a></header>
<main>
<section class="panel missing" aria-labelledby="missing-title">
<h1 id="missing-title">{{if .WellFormed}}This table does not exist{{else}}This is not a table's address{{end}}</h1>
{{if .WellFormed}}<p>There is no table <code>{{.ID}}</code> on this server. Check the link you were sent: it may be mistyped or cut short, or the table may have been on another server.</p>
{{else}}<p>Table addresses look like <code>/t/k3v9q2m7xa</code>: letters and digits after <code>/t/</code>. This one is not.</p>
{{end}}<p><a class="button primary" href="/">Go to the lobby</a> to create a table or join an open one.</p>
</section>
</main>
</body>
</html>
`))

func missingTable(w http.ResponseWriter, id string, wellFormed bool) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNotFound)
	missingPage.Execute(w, struct {
		ID         string
		WellFormed bool
	}{httpjson.Truncate(id, secret.MaxIDLen), wellFormed})
}
