package api

import (
	"errors"
	"net/http"

	"cardtable/i18n"
	"cardtable/server/rulespage"
	"cardtable/store"
)

// handleRules serves /rules/{game}: the game's rules as `cardtable rules`
// prints them, rendered as a page, with every option. ?table=ID marks the
// options in force at that table (read from the store, so the marks are
// the table's own, whatever the link says); a table that does not exist
// is said on the page, which then marks nothing.
func (s *API) handleRules(w http.ResponseWriter, r *http.Request) {
	g, ok := s.games[r.PathValue("game")]
	if !ok {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte("no game " + r.PathValue("game") + "; the rules are at /rules/war, /rules/regicide and /rules/watchtower\n"))
		return
	}
	var at *rulespage.Table
	if id := r.URL.Query().Get("table"); id != "" {
		at = &rulespage.Table{ID: id}
		t, err := s.store.Table(r.Context(), id)
		switch {
		case errors.Is(err, store.ErrNotFound):
			at.Missing = true
		case err != nil:
			s.apiError(w, r, err)
			return
		case t.Game != g.Name():
			at.Missing = true
		default:
			at.Options = t.Options
		}
	}
	page, err := rulespage.Render(g, s.gameList(), at, i18n.For(i18n.FromRequest(r)))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(page)
}
