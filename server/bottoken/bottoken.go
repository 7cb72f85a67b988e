// Package bottoken reads the bot-account token a program signs its
// requests with ("Authorization: Bearer ctbot_..."; docs/accounts.md, "Bot
// accounts") and makes new ones. Only a token's SHA-256 is stored.
package bottoken

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"cardtable/server/httpjson"
	"cardtable/server/secret"
	"cardtable/store"
)

// prefix marks a bot's token, so a leaked one is recognised.
const prefix = "ctbot_"

// New is a new bot token (the caller stores its secret.Hash).
func New() string { return prefix + secret.Token() }

// Authenticate is the bot account a request is signed with ("Authorization: Bearer
// TOKEN"): nil, nil for a request without one; a refusal for a token that
// is unknown, replaced, or of a bot shut off.
func Authenticate(st store.Store, r *http.Request, now time.Time) (*store.User, error) {
	h := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(h, "Bearer ")
	if !ok {
		return nil, nil
	}
	bs, ok := st.(store.Bots)
	// Only a bot's program reads these refusals (it sends the token).
	if !ok || !strings.HasPrefix(tok, prefix) || len(tok) > 128 {
		return nil, httpjson.Errorf(http.StatusUnauthorized, "bad-token", "that is not a bot's token; its owner gets one on the account page")
	}
	b, err := bs.BotByToken(r.Context(), secret.Hash(tok), now)
	if errors.Is(err, store.ErrNotFound) {
		return nil, httpjson.Errorf(http.StatusUnauthorized, "bad-token", "that token is not a live bot's: it was replaced, or its owner shut the bot off")
	}
	if err != nil {
		return nil, err
	}
	return &b.User, nil
}
