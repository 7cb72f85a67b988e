package account

import (
	"net/http"

	"cardtable/server/page"
)

// The accounts' pages (web/static): each is an HTML file whose script
// reads what it shows from the API.
var accountPages = map[string]string{
	"GET /account":      "account.html",
	"GET /u/{name}":     "profile.html",
	"GET /daily":        "daily.html",
	"GET /leaderboards": "leaderboards.html",
}

func (s *Accounts) routeAccountPages(mux *http.ServeMux) {
	for route, file := range accountPages {
		mux.HandleFunc(route, page.Serve(s.cfg.Assets, file, s.log))
	}
}
