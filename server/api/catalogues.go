package api

import (
	"encoding/json"
	"net/http"
	"strings"

	"cardtable/i18n"
	"cardtable/server/httpjson"
)

// handleCatalogue serves /i18n/{lang}.json: the messages the browser needs
// to speak that language (i18n.Catalogue; web/static/js/i18n.js reads
// them). /i18n/auto.json is the language the request asks for
// (i18n.FromRequest: its cookie, the account's, its Accept-Language;
// English if none is spoken here).
func (s *API) handleCatalogue(w http.ResponseWriter, r *http.Request) {
	code, ok := strings.CutSuffix(r.PathValue("file"), ".json")
	if code == "auto" {
		code = i18n.FromRequest(r)
		w.Header().Set("Vary", "Accept-Language, Cookie")
	}
	c, known := i18n.CatalogueFor(code)
	if !ok || !known {
		httpjson.Refuse(w, r, s.log, httpjson.NotFound(r.URL.Path))
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	json.NewEncoder(w).Encode(c)
}
