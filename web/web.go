// Package web holds the browser client of cardtable serve: plain HTML,
// CSS and JavaScript modules, embedded in the binary so that it is all a
// user needs. Assets is served under /static/ and for the pages:
//
//	index.html    the lobby (GET /)
//	table.html    a table (GET /t/{id})
//	replay.html   a finished game step by step (GET /replay/{id})
//	account.html, profile.html, daily.html, leaderboards.html
//	              accounts, /u/{name}, the daily deal, leaderboards
//	              (docs/accounts.md)
//	style.css, life.css, accounts.css, favicon.svg, js/*.js   loaded by the pages from /static/
//
// The pages speak docs/protocol.md: the lobby API and the table's
// WebSocket. They know no game rules: the server sends each view and the
// legal actions; the client draws them and sends a choice.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// Assets is the client's files, rooted at the static folder (index.html,
// table.html, replay.html, style.css, js/...).
var Assets fs.FS

// Page names in Assets.
const (
	LobbyPage  = "index.html"
	TablePage  = "table.html"
	ReplayPage = "replay.html"
)

func init() {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err)
	}
	Assets = sub
}
