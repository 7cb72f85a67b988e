package api

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/server/account"
	"cardtable/server/httpjson"
	"cardtable/server/room"
	"cardtable/server/secret"
	"cardtable/server/usertext"
	"cardtable/store"
	"cardtable/table"
)

// Game describes a game for the lobby's form.
type Game struct {
	Name     string            `json:"name"`
	Title    string            `json:"title"`
	MinSeats int               `json:"min_seats"`
	MaxSeats int               `json:"max_seats"`
	Options  []optionJSON      `json:"options"`
	Accepts  map[string]string `json:"accepts"`
	Bots     []botJSON         `json:"bots"`
}

type optionJSON struct {
	Key     string   `json:"key"`
	Kind    string   `json:"kind"`
	Default string   `json:"default"`
	Help    string   `json:"help"`
	Values  []string `json:"values,omitempty"`
	Min     *int     `json:"min,omitempty"`
	Max     *int     `json:"max,omitempty"`
	Words   []string `json:"words,omitempty"`
}

type botJSON struct {
	Name    string `json:"name"`
	Help    string `json:"help"`
	Default bool   `json:"default"`
}

var kindNames = map[engine.OptionKind]string{engine.Enum: "enum", engine.Int: "int", engine.Bool: "bool", engine.RankOpt: "rank", engine.Duration: "duration"}

func (s *API) handleGames(w http.ResponseWriter, r *http.Request) {
	var out []Game
	for _, g := range s.gameList() {
		lo, hi := g.Seats()
		gj := Game{Name: g.Name(), Title: g.Title(), MinSeats: lo, MaxSeats: hi, Accepts: map[string]string{}}
		for _, o := range g.Options() {
			oj := optionJSON{Key: o.Key, Kind: kindNames[o.Kind], Default: o.Default, Help: o.Help, Values: o.Values, Words: o.Words}
			if o.Kind == engine.Int || o.Kind == engine.Duration {
				oj.Min, oj.Max = &o.Min, &o.Max
			}
			gj.Options = append(gj.Options, oj)
			gj.Accepts[o.Key] = o.Accepts()
		}
		def := bots.Default(g.Name())
		for _, b := range bots.For(g.Name()) {
			if b.Reference {
				continue // a degenerate reference player: not offered at the lobby
			}
			gj.Bots = append(gj.Bots, botJSON{Name: b.Name, Help: b.Help, Default: b.Name == def})
		}
		out = append(out, gj)
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"games": out})
}

// CreateRequest is the body of POST /api/tables.
type CreateRequest struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Seats   []SeatRequest     `json:"seats"`
	Name    string            `json:"name"`
	Listed  *bool             `json:"listed"`
	// Settings are the table's own (clock, timeout, chat: table.Settings).
	Settings map[string]string `json:"settings"`
	// Rated asks for a rated table (rated.go).
	Rated bool `json:"rated"`
}

// SeatRequest is one seat of a CreateRequest.
type SeatRequest struct {
	Kind string `json:"kind"`
	Bot  string `json:"bot"`
	// Open (a person's seat of a listed table): anyone in the lobby may
	// take it; false keeps it for the friend with its invite link.
	// Omitted: open, as before seats could be kept.
	Open *bool `json:"open"`
}

// Created answers POST /api/tables: the table, the creator's token, the
// creator's own seat and the invites to the others.
type Created struct {
	ID           string       `json:"id"`
	CreatorToken string       `json:"creator_token"`
	Seat         *int         `json:"seat,omitempty"`
	Token        string       `json:"token,omitempty"`
	Invites      []inviteJSON `json:"invites"`
	SpectatorURL string       `json:"spectator_url"`
}

type inviteJSON struct {
	Seat int    `json:"seat"`
	URL  string `json:"url"`
}

func (s *API) handleCreate(w http.ResponseWriter, r *http.Request) {
	if !s.writes.Allow(w, r) {
		return
	}
	var req CreateRequest
	err := httpjson.Read(w, r, &req)
	if err == nil {
		req.Name, err = usertext.Name(req.Name)
	}
	user, uerr := s.accounts.SignedCreator(r, &req.Name, req.Rated)
	if err == nil {
		err = uerr
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	uid := ""
	if user != nil {
		uid = user.ID
	}
	resp, err := s.create(r.Context(), req, openKeys(s.addrs.Addr(r), uid))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	if resp.Seat != nil {
		s.accounts.LinkSeat(r.Context(), user, resp.ID, *resp.Seat, resp.Token)
	}
	httpjson.Write(w, http.StatusCreated, resp)
}

// create validates a table request, stores the table and starts its room;
// the table counts under keys among the open tables (opentables.go).
func (s *API) create(ctx context.Context, req CreateRequest, keys []string) (*Created, error) {
	g, ok := s.games[req.Game]
	if !ok {
		return nil, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("api.no-game", engine.TextArg("game", strconv.Quote(httpjson.Truncate(req.Game, 40)))),
			"game: %q is not a game; games: war, regicide, watchtower", req.Game)
	}
	seats, given, err := seatPlan(g, req)
	if err != nil {
		return nil, err
	}
	opts, err := engine.ResolveOptions(g.Options(), given)
	if err != nil {
		return nil, httpjson.ErrorOf(http.StatusBadRequest, "bad-option", err)
	}
	if req.Rated {
		rs := make([]account.RatedSeat, len(seats))
		for i, sr := range seats {
			rs[i] = account.RatedSeat{Bot: sr.Kind == table.KindBot, Spec: sr.Bot}
		}
		if err := s.accounts.CheckRated(g, opts, rs); err != nil {
			return nil, err
		}
	}
	hdr := store.Table{ID: secret.TableID(), Game: g.Name(), Options: opts.Map(), Seed: secret.Seed(), Created: time.Now(), Rated: req.Rated}
	listed := req.Listed == nil || *req.Listed
	resp := &Created{ID: hdr.ID, CreatorToken: secret.Token(), Invites: []inviteJSON{}, SpectatorURL: "/t/" + hdr.ID}
	hdr.Creator = secret.Hash(resp.CreatorToken)
	for i, sr := range seats {
		st, err := s.newSeat(g, opts, i, sr)
		if err != nil {
			return nil, err
		}
		// Every seat carries an invite code (a bot's too), marked for a
		// listed table and for a seat open to anyone (invites.go).
		open := st.Kind == table.KindHuman && (sr.Open == nil || *sr.Open)
		code := secret.Invite()
		st.Invite = room.SealInvite(code, listed, open)
		if st.Kind == table.KindHuman {
			if resp.Seat == nil {
				resp.Seat, resp.Token = &i, secret.Token()
				st.Name, st.Token = req.Name, secret.Hash(resp.Token)
				if st.Name == "" {
					st.Name = table.SeatName(i)
				}
			} else {
				resp.Invites = append(resp.Invites, inviteJSON{Seat: i, URL: fmt.Sprintf("/t/%s?seat=%d&invite=%s", hdr.ID, i, code)})
			}
		}
		hdr.Seats = append(hdr.Seats, st)
	}
	t, err := table.New(g, opts, engine.Setup{Seed: hdr.Seed}, room.SeatInfos(hdr.Seats))
	if err != nil {
		return nil, httpjson.ErrorOf(http.StatusBadRequest, "bad-option", err)
	}
	if hdr.Settings, err = tableSettings(g, req.Settings, len(hdr.Seats)); err != nil {
		return nil, err
	}
	if err := s.reserveOpen(ctx, keys, hdr.ID); err != nil {
		return nil, err
	}
	if err := s.store.CreateTable(ctx, hdr); err != nil {
		s.releaseOpen(keys, hdr.ID)
		return nil, err
	}
	if err := s.rooms.Open(ctx, hdr, g, t); err != nil {
		return nil, err
	}
	s.metrics.Tables.Inc()
	s.log.Info("table created", "table", hdr.ID, "game", g.Name(), "seats", len(hdr.Seats))
	return resp, nil
}

// seatPlan is the seats asked for and the options with players set to
// their number.
func seatPlan(g engine.Game, req CreateRequest) ([]SeatRequest, map[string]string, error) {
	given := maps.Clone(req.Options)
	if given == nil {
		given = map[string]string{}
	}
	seats := req.Seats
	if seats != nil && len(seats) == 0 {
		lo, hi := g.Seats()
		return nil, nil, httpjson.Sayf(http.StatusBadRequest, "bad-seats", engine.Say("api.no-seat-listed", engine.NumArg("min", lo), engine.NumArg("max", hi)),
			"seats: [] lists no seat; list %d to %d, or leave seats out for the default (you and the game's default bot)", lo, hi)
	}
	if seats == nil {
		opts, err := engine.ResolveOptions(g.Options(), given)
		if err != nil {
			return nil, nil, httpjson.ErrorOf(http.StatusBadRequest, "bad-option", err)
		}
		seats = []SeatRequest{{Kind: table.KindHuman}}
		for len(seats) < opts.Int("players") {
			seats = append(seats, SeatRequest{Kind: table.KindBot})
		}
	}
	lo, hi := g.Seats()
	if len(seats) < lo || len(seats) > hi {
		return nil, nil, httpjson.Sayf(http.StatusBadRequest, "bad-seats",
			engine.Say("api.seat-count", engine.NumArg("n", len(seats)), engine.MsgArg("game", engine.Say("game."+g.Name()+".title")), engine.NumArg("min", lo), engine.NumArg("max", hi)),
			"seats: %d listed; %s seats %d to %d players", len(seats), g.Title(), lo, hi)
	}
	n := strconv.Itoa(len(seats))
	if p, ok := given["players"]; ok && p != n {
		return nil, nil, httpjson.Sayf(http.StatusBadRequest, "bad-seats", engine.Say("api.players-disagree", engine.TextArg("players", strconv.Quote(p)), engine.NumArg("n", len(seats))),
			"options.players is %q but %d seats are listed; leave players out or make them agree", p, len(seats))
	}
	given["players"] = n
	return seats, given, nil
}

// newSeat checks one requested seat and makes its stored form.
func (s *API) newSeat(g engine.Game, opts engine.Options, i int, sr SeatRequest) (store.Seat, error) {
	switch sr.Kind {
	case table.KindHuman, "":
		if sr.Bot != "" {
			return store.Seat{}, httpjson.Sayf(http.StatusBadRequest, "bad-seats", engine.Say("api.human-seat-bot", engine.NumArg("i", i)), "seats[%d]: a human seat names no bot; use kind \"bot\"", i)
		}
		return store.Seat{Kind: table.KindHuman}, nil
	case table.KindBot:
		text := sr.Bot
		if text == "" {
			text = bots.Default(g.Name())
		}
		spec, err := s.rooms.CheckBot(g, opts, i, text)
		if err != nil {
			return store.Seat{}, err
		}
		return store.Seat{Name: room.BotName(text, i), Kind: table.KindBot, Bot: spec.String()}, nil
	}
	return store.Seat{}, httpjson.Sayf(http.StatusBadRequest, "bad-seats", engine.Say("api.bad-seat-kind", engine.NumArg("i", i), engine.TextArg("kind", strconv.Quote(httpjson.Truncate(sr.Kind, 40)))),
		"seats[%d]: kind %q; a seat is \"human\" or \"bot\"", i, sr.Kind)
}

// Table is a table as the lobby lists it.
type Table struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Title   string            `json:"title"`
	Options map[string]string `json:"options"`
	Seats   []seatJSON        `json:"seats"`
	Free    []int             `json:"free"`
	// Open are the free seats anyone may take from the lobby; the others
	// are kept for friends with their invite links.
	Open     []int          `json:"open"`
	Listed   bool           `json:"listed"`
	Created  time.Time      `json:"created"`
	Finished bool           `json:"finished"`
	Result   *engine.Result `json:"result,omitempty"`
	// Settings are the table's own: its clock, timeout and chat (absent:
	// no clock, the game's default chat).
	Settings map[string]string `json:"settings,omitempty"`
	// Rated marks a rated table; Rating is the mean rating of the people
	// at it (rated.go).
	Rated  bool     `json:"rated,omitempty"`
	Rating *float64 `json:"rating,omitempty"`
}

type seatJSON struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Bot     string `json:"bot,omitempty"`
	Claimed bool   `json:"claimed"`
	// Open: a free seat anyone may take from the lobby (invites.go).
	Open bool `json:"open"`
}

func (s *API) describe(t store.Table) Table {
	tj := Table{ID: t.ID, Game: t.Game, Options: t.Options, Created: t.Created, Finished: t.Result != nil, Result: t.Result, Listed: room.IsListed(t), Free: []int{}, Open: []int{}, Settings: t.Settings, Rated: t.Rated}
	if g, ok := s.games[t.Game]; ok {
		tj.Title = g.Title()
	}
	for i, st := range room.SeatInfos(t.Seats) {
		claimed := t.Seats[i].Kind == table.KindBot || t.Seats[i].Token != ""
		open := !claimed && t.Seats[i].Kind == table.KindHuman && room.SeatOpen(t, t.Seats[i])
		tj.Seats = append(tj.Seats, seatJSON{Name: st.Name, Kind: st.Kind, Bot: st.Bot, Claimed: claimed, Open: open})
		if !claimed {
			tj.Free = append(tj.Free, i)
		}
		if open {
			tj.Open = append(tj.Open, i)
		}
	}
	return tj
}

// handleList lists listed tables only, in every form: an unlisted table
// is reached through its links alone.
func (s *API) handleList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	open := q.Get("open") == "true"
	limit := 50
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 200 {
			s.apiError(w, r, httpjson.BadRange("limit", l, 1, 200))
			return
		}
		limit = n
	}
	lo, hi, filter, err := ratingRange(q)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	out, err := s.listTables(r.Context(), open, limit)
	if err == nil {
		out, err = s.withRatings(r.Context(), out, filter, lo, hi)
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"tables": out})
}

// maxScan bounds the tables one list request reads to fill its page.
const maxScan = 10000

// listTables is the newest limit listed tables (open: unfinished, with a
// free seat). Unlisted tables are skipped, so the store is asked for more
// rows than the page until it is filled, runs out, or maxScan rows were
// read (then the page may be short).
func (s *API) listTables(ctx context.Context, open bool, limit int) ([]Table, error) {
	for fetch := 2 * limit; ; fetch = min(4*fetch, maxScan) {
		if open {
			fetch = 0 // every unfinished table: there are few
		}
		all, err := s.store.Tables(ctx, open, fetch)
		if err != nil {
			return nil, err
		}
		out := []Table{}
		for _, t := range all {
			tj := s.describe(t)
			if !tj.Listed || (open && len(tj.Open) == 0) {
				continue
			}
			if out = append(out, tj); len(out) == limit {
				break
			}
		}
		if len(out) == limit || fetch == 0 || len(all) < fetch || fetch == maxScan {
			return out, nil
		}
	}
}

func (s *API) handleTable(w http.ResponseWriter, r *http.Request) {
	t, err := s.store.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, s.describe(t))
}

// seatIndex reads the {n} of a seat path.
func seatIndex(r *http.Request) (int, error) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 || n >= engine.MaxSeats {
		n := httpjson.Truncate(r.PathValue("n"), 20)
		return 0, httpjson.Sayf(http.StatusNotFound, "not-found", engine.Say("api.bad-seat-number", engine.TextArg("seat", strconv.Quote(n))), "seat %q: seats are numbered from 0", n)
	}
	return n, nil
}

// seatRequest reads a seat command's path and JSON body into body.
func (s *API) seatRequest(w http.ResponseWriter, r *http.Request, body any) (int, error) {
	n, err := seatIndex(r)
	if err != nil {
		return n, err
	}
	return n, httpjson.Read(w, r, body)
}

func (s *API) handleClaim(w http.ResponseWriter, r *http.Request) {
	if !s.writes.Allow(w, r) {
		return
	}
	var req struct {
		Invite string `json:"invite"`
		Name   string `json:"name"`
	}
	n, err := s.seatRequest(w, r, &req)
	if err == nil {
		req.Name, err = usertext.Name(req.Name)
	}
	var user *store.User
	if err == nil {
		user, err = s.accounts.SignedClaimer(r, &req.Name)
	}
	var token string
	if err == nil {
		token, err = s.rooms.Claim(r.Context(), r.PathValue("id"), n, req.Name, req.Invite)
	}
	if errors.Is(err, room.ErrRemote) {
		s.forwardSeat(w, r, room.Request{Op: "claim", Seat: n, Name: req.Name, Invite: req.Invite}, func(token string) {
			s.accounts.LinkSeat(r.Context(), user, r.PathValue("id"), n, token)
		})
		return
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	s.accounts.LinkSeat(r.Context(), user, r.PathValue("id"), n, token)
	httpjson.Write(w, http.StatusOK, map[string]any{"seat": n, "token": token})
}

func (s *API) handleBotSeat(w http.ResponseWriter, r *http.Request) {
	if !s.writes.Allow(w, r) {
		return
	}
	var req struct {
		CreatorToken string `json:"creator_token"`
		Bot          string `json:"bot"`
	}
	n, err := s.seatRequest(w, r, &req)
	spec := req.Bot
	if err == nil {
		spec, err = s.rooms.HandToBot(r.Context(), r.PathValue("id"), n, secret.Hash(req.CreatorToken), spec)
	}
	if errors.Is(err, room.ErrRemote) {
		s.forwardSeat(w, r, room.Request{Op: "bot", Seat: n, Creator: secret.Hash(req.CreatorToken), Spec: req.Bot}, nil)
		return
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"seat": n, "bot": spec})
}

func (s *API) gameList() []engine.Game { return games.All() }

// tableSettings checks a new table's settings (400 bad-settings) and
// returns them as stored: resolved, every key (nil for a table with the
// defaults, so tables without settings stay as they were).
func tableSettings(g engine.Game, given map[string]string, seats int) (map[string]string, error) {
	if len(given) == 0 {
		return nil, nil
	}
	set, err := table.ParseSettings(given, g, seats)
	if err != nil {
		return nil, httpjson.ErrorOf(http.StatusBadRequest, "bad-settings", err)
	}
	return set.Map(), nil
}

// forwardSeat sends a lobby seat request (claim, bot) to the table's
// owner and answers it as the owner would; claimed (if set) gets a
// claim's new token first.
func (s *API) forwardSeat(w http.ResponseWriter, r *http.Request, req room.Request, claimed func(token string)) {
	resp, err := s.relays.Ask(r.PathValue("id"), req)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	if req.Op == "claim" {
		if claimed != nil {
			claimed(resp.Token)
		}
		httpjson.Write(w, http.StatusOK, map[string]any{"seat": req.Seat, "token": resp.Token})
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"seat": req.Seat, "bot": resp.Token})
}

// ratingRange reads the lobby's rating filter (min_rating, max_rating:
// whole numbers 0 to 4000); ok is false without one.
func ratingRange(q url.Values) (lo, hi float64, ok bool, err error) {
	lo, hi = 0, 4000
	for _, p := range []struct {
		key string
		v   *float64
	}{{"min_rating", &lo}, {"max_rating", &hi}} {
		text := q.Get(p.key)
		if text == "" {
			continue
		}
		n, perr := strconv.Atoi(text)
		if perr != nil || n < 0 || n > 4000 {
			return 0, 0, false, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("api.bad-range", engine.TextArg("key", p.key), engine.TextArg("value", strconv.Quote(httpjson.Truncate(text, 20))), engine.NumArg("min", 0), engine.NumArg("max", 4000)),
				"%s: %q; want a whole number from 0 to 4000", p.key, text)
		}
		*p.v, ok = float64(n), true
	}
	if lo > hi {
		return 0, 0, false, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("api.rating-range-inverted", engine.NumArg("min", int(lo)), engine.NumArg("max", int(hi))),
			"min_rating %v is above max_rating %v", lo, hi)
	}
	return lo, hi, ok, nil
}

// withRatings gives each rated table of ts the mean rating of the people
// seated at it (in its category), and keeps only the tables whose mean is
// within [lo, hi] when filter is set (unrated tables then drop out).
func (s *API) withRatings(ctx context.Context, ts []Table, filter bool, lo, hi float64) ([]Table, error) {
	if !s.accounts.On() {
		return ts, nil
	}
	rated := make([]store.Table, len(ts))
	for i, t := range ts {
		rated[i] = store.Table{ID: t.ID, Game: t.Game, Options: t.Options, Rated: t.Rated}
	}
	means, err := s.accounts.MeanRatings(ctx, rated)
	if err != nil {
		return nil, err
	}
	out := []Table{}
	for _, t := range ts {
		if mean, ok := means[t.ID]; ok {
			t.Rating = &mean
		}
		if filter && (t.Rating == nil || *t.Rating < lo || *t.Rating > hi) {
			continue
		}
		out = append(out, t)
	}
	return out, nil
}
