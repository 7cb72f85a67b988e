package server

import (
	"io/fs"
	"net/http"
)

// The accounts' pages (web/static): each is an HTML file whose script
// reads what it shows from the API.
var accountPages = map[string]string{
	"GET /account":      "account.html",
	"GET /u/{name}":     "profile.html",
	"GET /daily":        "daily.html",
	"GET /leaderboards": "leaderboards.html",
}

func (s *Server) routeAccountPages(mux *http.ServeMux) {
	assets := s.cfg.Assets
	for route, file := range accountPages {
		mux.HandleFunc(route, func(w http.ResponseWriter, r *http.Request) {
			if assets == nil {
				placeholder(w, r)
				return
			}
			data, err := fs.ReadFile(assets, file)
			if err != nil {
				s.apiError(w, r, err)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Write(data)
		})
	}
}
