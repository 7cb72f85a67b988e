// Package botapi serves bot accounts (docs/accounts.md, "Bot accounts";
// after Lichess's Bot API): a signed-in person makes bot accounts, gets
// each a token (shown once; only its SHA-256 is kept), replaces the token,
// revokes it, and shuts a bot off or on (the page /account/bots); a
// program then signs its requests with "Authorization: Bearer TOKEN"
// (bottoken, for quick pairing) and plays the seat it is given over the
// WebSocket protocol. A bot is always shown as a bot.
package botapi

import (
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"cardtable/accounts"
	"cardtable/engine"
	"cardtable/server/account"
	"cardtable/server/bottoken"
	"cardtable/server/httpjson"
	"cardtable/server/page"
	"cardtable/server/ratelimit"
	"cardtable/server/secret"
	"cardtable/store"
)

// MaxBots bounds the bot accounts one person owns.
const MaxBots = 5

// Config is what bot accounts need of the rest of the server.
type Config struct {
	// Assets hold the page (bots.html).
	Assets   fs.FS
	Store    store.Store
	Accounts *account.Accounts
	Writes   *ratelimit.Writes
	Clock    func() time.Time
	Log      *slog.Logger
}

// API serves bot accounts.
type API struct {
	cfg  Config
	bots store.Bots
	log  *slog.Logger
}

// New makes the bot accounts' API over a store that keeps them (ok false
// when it does not).
func New(cfg Config) (*API, bool) {
	b, ok := cfg.Store.(store.Bots)
	if !ok {
		return nil, false
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &API{cfg: cfg, bots: b, log: cfg.Log}, true
}

// Routes adds the bot accounts' routes to mux.
func (a *API) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /account/bots", page.Serve(a.cfg.Assets, "bots.html", a.log))
	mux.HandleFunc("GET /api/account/bots", a.person(a.handleList))
	mux.HandleFunc("POST /api/account/bots", a.person(a.handleCreate))
	mux.HandleFunc("POST /api/account/bots/{id}/token", a.person(a.handleToken))
	mux.HandleFunc("POST /api/account/bots/{id}/revoke", a.person(a.handleRevoke))
	mux.HandleFunc("POST /api/account/bots/{id}/off", a.person(a.handleOff))
	mux.HandleFunc("POST /api/account/bots/{id}/on", a.person(a.handleOn))
}

// person serves h to a signed-in person (not a bot) within the address's
// write rate.
func (a *API) person(h func(w http.ResponseWriter, r *http.Request, u *store.User)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && a.cfg.Writes != nil && !a.cfg.Writes.Allow(w, r) {
			return
		}
		u, err := a.cfg.Accounts.CurrentUser(r)
		switch {
		case err != nil:
		case u == nil:
			err = httpjson.Sayf(http.StatusUnauthorized, "signed-out", engine.Say("api.signed-out"), "you are not signed in; sign in first")
		case u.Bot:
			err = httpjson.Sayf(http.StatusForbidden, "forbidden", engine.Say("botapi.bot-owns-none"), "a bot account owns no bots")
		}
		if err != nil {
			a.refuse(w, r, err)
			return
		}
		h(w, r, u)
	}
}

func (a *API) refuse(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, store.ErrNotFound):
		err = httpjson.Sayf(http.StatusNotFound, httpjson.CodeNotFound, engine.Say("botapi.no-bot"), "you own no bot with that id")
	case errors.Is(err, store.ErrConflict):
		err = httpjson.Sayf(http.StatusConflict, "name-taken", engine.Say("botapi.name-taken"), "that name is taken; pick another")
	case errors.Is(err, store.ErrLimit):
		err = httpjson.Sayf(http.StatusTooManyRequests, "limit", engine.Say("botapi.limit", engine.NumArg("n", MaxBots)), "you own %d bots, the most one person may", MaxBots)
	}
	httpjson.Refuse(w, r, a.log, err)
}

// Bot is a bot account as its owner sees it; Token only in the answer that
// made it.
type Bot struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Off     bool      `json:"off"`
	Token   string    `json:"token,omitempty"`
}

func view(b store.BotAccount) Bot {
	return Bot{ID: b.User.ID, Name: b.User.Name, Created: b.Created, Off: !b.Disabled.IsZero()}
}

func (a *API) handleList(w http.ResponseWriter, r *http.Request, u *store.User) {
	bs, err := a.bots.OwnerBots(r.Context(), u.ID)
	if err != nil {
		a.refuse(w, r, err)
		return
	}
	out := []Bot{}
	for _, b := range bs {
		out = append(out, view(b))
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"bots": out})
}

// handleCreate makes a bot account named by its owner (an account name's
// rules) and its first token.
func (a *API) handleCreate(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req struct {
		Name string `json:"name"`
	}
	if err := httpjson.Read(w, r, &req); err != nil {
		a.refuse(w, r, err)
		return
	}
	name, key, err := accounts.CheckName(req.Name)
	if err != nil {
		a.refuse(w, r, httpjson.ErrorOf(http.StatusBadRequest, "bad-name", err))
		return
	}
	now := a.cfg.Clock()
	b := store.BotAccount{User: store.User{ID: secret.TableID(), Name: name, Key: key, Created: now}, Owner: u.ID, Created: now}
	if err := a.bots.CreateBot(r.Context(), b, MaxBots); err != nil {
		a.refuse(w, r, err)
		return
	}
	tok, err := a.newToken(r, u, b.User.ID)
	if err != nil {
		a.refuse(w, r, err)
		return
	}
	out := view(b)
	out.Token = tok
	a.log.Info("bot account made", "bot", b.User.ID, "owner", u.ID)
	httpjson.Write(w, http.StatusCreated, out)
}

func (a *API) newToken(r *http.Request, u *store.User, bot string) (string, error) {
	tok := bottoken.New()
	return tok, a.bots.SetBotToken(r.Context(), u.ID, store.BotToken{ID: secret.Hash(tok), Bot: bot, Created: a.cfg.Clock()})
}

func (a *API) handleToken(w http.ResponseWriter, r *http.Request, u *store.User) {
	tok, err := a.newToken(r, u, r.PathValue("id"))
	if err != nil {
		a.refuse(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]string{"token": tok})
}

// handleRevoke leaves the bot without a token: a new one replaces the
// old and is thrown away unseen, so none works until its owner makes one.
func (a *API) handleRevoke(w http.ResponseWriter, r *http.Request, u *store.User) {
	if _, err := a.newToken(r, u, r.PathValue("id")); err != nil {
		a.refuse(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]bool{"revoked": true})
}

func (a *API) handleOff(w http.ResponseWriter, r *http.Request, u *store.User) {
	a.setOff(w, r, u, a.cfg.Clock())
}

func (a *API) handleOn(w http.ResponseWriter, r *http.Request, u *store.User) {
	a.setOff(w, r, u, time.Time{})
}

func (a *API) setOff(w http.ResponseWriter, r *http.Request, u *store.User, at time.Time) {
	if err := a.bots.SetBotDisabled(r.Context(), u.ID, r.PathValue("id"), at); err != nil {
		a.refuse(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]bool{"off": !at.IsZero()})
}
