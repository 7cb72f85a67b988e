package tournament

import (
	"cardtable/accounts"
	"cardtable/engine"
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"cardtable/bots"
	"cardtable/ratings"
	"cardtable/server/httpjson"
	"cardtable/server/page"
	"cardtable/server/secret"
	"cardtable/server/usertext"
	"cardtable/store"
)

// Routes adds the tournaments' routes to mux (docs/protocol.md).
func (s *Service) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /tournaments", page.Serve(s.cfg.Assets, "tournaments.html", s.log))
	mux.HandleFunc("GET /tournaments/{id}", page.Serve(s.cfg.Assets, "tournaments.html", s.log))
	mux.HandleFunc("GET /api/tournaments", s.handleList)
	mux.HandleFunc("POST /api/tournaments", s.signed(s.handleCreate))
	mux.HandleFunc("GET /api/tournaments/{id}", s.handleView)
	mux.HandleFunc("POST /api/tournaments/{id}/join", s.signed(s.handleJoin))
	mux.HandleFunc("POST /api/tournaments/{id}/withdraw", s.signed(s.handleWithdraw))
	mux.HandleFunc("POST /api/tournaments/{id}/bots", s.signed(s.handleBots))
	mux.HandleFunc("POST /api/tournaments/{id}/start", s.signed(s.handleStart))
	mux.HandleFunc("POST /api/tournaments/{id}/play", s.signed(s.handlePlay))
}

// signed serves h to a signed-in request within the address's write rate.
func (s *Service) signed(h func(w http.ResponseWriter, r *http.Request, u *store.User)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.Writes != nil && !s.cfg.Writes.Allow(w, r) {
			return
		}
		u, err := s.cfg.Accounts.CurrentUser(r)
		if err == nil && u == nil {
			err = httpjson.Sayf(http.StatusUnauthorized, "signed-out", engine.Say("tournament.signed-out"), "tournaments are for signed-in players; sign in first")
		}
		if err != nil {
			s.refuse(w, r, err)
			return
		}
		h(w, r, u)
	}
}

// refuse answers a refused request, the store's errors as sentences.
func (s *Service) refuse(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, store.ErrNotFound):
		err = httpjson.Sayf(http.StatusNotFound, httpjson.CodeNotFound, engine.Say("tournament.not-found"), "%s", trimStore(err))
	case errors.Is(err, store.ErrConflict):
		err = httpjson.Sayf(http.StatusConflict, "conflict", engine.Say("tournament.conflict"), "%s", trimStore(err))
	case errors.Is(err, store.ErrLimit):
		err = httpjson.Sayf(http.StatusTooManyRequests, "limit", engine.Say("tournament.limit"), "%s", trimStore(err))
	}
	httpjson.Refuse(w, r, s.log, err)
}

// trimStore is a store error's sentence without the sentinel's prefix.
func trimStore(err error) string {
	msg := err.Error()
	for _, p := range []string{"store: not found: ", "store: conflict: ", "store: limit reached: "} {
		if len(msg) > len(p) && msg[:len(p)] == p {
			return msg[len(p):]
		}
	}
	return msg
}

// Summary is a tournament as lists show it.
type Summary struct {
	ID       string    `json:"id"`
	Kind     string    `json:"kind"`
	Game     string    `json:"game"`
	Preset   string    `json:"preset"`
	Name     string    `json:"name"`
	Status   string    `json:"status"`
	Rated    bool      `json:"rated"`
	Starts   time.Time `json:"starts"`
	Ends     time.Time `json:"ends,omitzero"`
	Round    int       `json:"round"`
	Rounds   int       `json:"rounds,omitempty"`
	Deals    int       `json:"deals,omitempty"`
	Clock    string    `json:"clock,omitempty"`
	Entrants int       `json:"entrants"`
	// Place and Withdrew: a player's final place (0 while it goes on) and
	// whether they withdrew, in the list of their tournaments.
	Place    int  `json:"place,omitempty"`
	Withdrew bool `json:"withdrew,omitempty"`
}

func summary(t store.Tournament, entrants int) Summary {
	sm := Summary{ID: t.ID, Kind: t.Kind, Game: t.Game, Preset: t.Settings["preset"], Name: t.Name, Status: t.Status, Rated: t.Rated,
		Starts: t.Starts, Ends: t.Ends, Round: t.Round, Clock: t.Settings["clock"], Entrants: entrants}
	switch t.Kind {
	case store.KindSwiss:
		sm.Rounds = rounds(t)
	case store.KindSolo:
		sm.Deals = deals(t)
	}
	return sm
}

func (s *Service) handleList(w http.ResponseWriter, r *http.Request) {
	if name := r.URL.Query().Get("user"); name != "" {
		s.handleUserList(w, r, name)
		return
	}
	ts, err := s.st.ListTournaments(r.Context(), nil, 50)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	out := []Summary{}
	for _, t := range ts {
		out = append(out, summary(t, t.Entrants))
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"tournaments": out})
}

// handleUserList lists the tournaments a player entered, latest first,
// with their places: the profile's tournaments (GET
// /api/tournaments?user=NAME).
func (s *Service) handleUserList(w http.ResponseWriter, r *http.Request, name string) {
	u, err := s.acc.UserByKey(r.Context(), accounts.Key(name))
	var ut []store.UserTournament
	if err == nil {
		ut, err = s.st.UserTournaments(r.Context(), u.ID, 50)
	}
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	out := []Summary{}
	for _, x := range ut {
		sm := summary(x.Tournament, x.Tournament.Entrants)
		sm.Place, sm.Withdrew = x.Entrant.Place, !x.Entrant.Withdrawn.IsZero()
		out = append(out, sm)
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"tournaments": out})
}

// createReq is a new tournament (POST /api/tournaments).
type createReq struct {
	Kind   string `json:"kind"`
	Game   string `json:"game"`
	Preset string `json:"preset"`
	Name   string `json:"name"`
	Rounds int    `json:"rounds"`
	// Minutes is an arena's or solo tournament's window; StartsIn the
	// minutes until it starts.
	Minutes  int    `json:"minutes"`
	StartsIn int    `json:"starts_in"`
	Clock    string `json:"clock"`
	Deals    int    `json:"deals"`
	Rated    bool   `json:"rated"`
}

// presets are the games' options a tournament may play, by kind.
var presets = map[string]map[string]map[string]string{
	store.KindSwiss: {"war/slap": {"players": "2", "slap": "5"}, "war/classic": {"players": "2"}, "watchtower/standard": {"players": "2"}},
	store.KindArena: {"war/slap": {"players": "2", "slap": "5"}, "war/classic": {"players": "2"}},
	store.KindSolo:  {"regicide/standard": {"players": "1"}},
}

var clocks = map[string]bool{"20s": true, "1m": true, "3m": true}

func bad(msg engine.Msg, format string, args ...any) error {
	return httpjson.Sayf(http.StatusBadRequest, "bad-request", msg, format, args...)
}

// check makes the tournament a request asks for, or says what is wrong.
func check(req createReq, now time.Time) (store.Tournament, error) {
	if req.Preset == "" {
		req.Preset = map[string]string{"war": "slap", "watchtower": "standard", "regicide": "standard"}[req.Game]
	}
	opts, ok := presets[req.Kind][req.Game+"/"+req.Preset]
	if !ok {
		return store.Tournament{}, bad(engine.Say("tournament.bad-kind", engine.TextArg("kind", strconv.Quote(req.Kind)), engine.TextArg("game", strconv.Quote(req.Game)), engine.TextArg("preset", strconv.Quote(req.Preset))),
			"kind %q, game %q, preset %q: a Swiss is War (slap, classic) or Watchtower; an arena is War; a solo tournament is Regicide", req.Kind, req.Game, req.Preset)
	}
	name, err := usertext.Clean("name", req.Name, 60)
	if err != nil {
		return store.Tournament{}, err
	}
	if name == "" {
		name = fmt.Sprintf("%s %s", req.Game, req.Kind)
	}
	if req.StartsIn < 0 || time.Duration(req.StartsIn)*time.Minute > MaxStartDelay {
		return store.Tournament{}, bad(engine.Say("tournament.bad-starts-in", engine.NumArg("n", req.StartsIn), engine.NounArg("max", int(MaxStartDelay/time.Minute), "noun.minutes")),
			"starts_in: %d minutes; a tournament starts 0 to %d minutes from now", req.StartsIn, int(MaxStartDelay/time.Minute))
	}
	t := store.Tournament{ID: secret.TableID(), Kind: req.Kind, Game: req.Game, Options: opts, Name: name, Status: store.StatusOpen,
		Settings: map[string]string{"preset": req.Preset}, Starts: now.Add(time.Duration(req.StartsIn) * time.Minute), Created: now}
	if req.Kind != store.KindSolo {
		if !clocks[req.Clock] {
			return t, bad(engine.Say("tournament.bad-clock", engine.TextArg("value", strconv.Quote(req.Clock))), "clock: %q; a move takes 20s, 1m or 3m", req.Clock)
		}
		t.Settings["clock"] = req.Clock
	}
	switch req.Kind {
	case store.KindSwiss:
		if req.Rounds < 1 || req.Rounds > MaxRounds {
			return t, bad(engine.Say("tournament.bad-rounds", engine.NumArg("n", req.Rounds), engine.NounArg("max", MaxRounds, "noun.rounds")), "rounds: %d; a Swiss has 1 to %d rounds", req.Rounds, MaxRounds)
		}
		t.Settings["rounds"] = fmt.Sprint(req.Rounds)
	default:
		d := time.Duration(req.Minutes) * time.Minute
		if d < MinWindow || d > MaxWindow {
			return t, bad(engine.Say("tournament.bad-minutes", engine.NumArg("n", req.Minutes), engine.NumArg("min", int(MinWindow/time.Minute)), engine.NounArg("max", int(MaxWindow/time.Minute), "noun.minutes")),
				"minutes: %d; an arena or solo tournament lasts %d to %d minutes", req.Minutes, int(MinWindow/time.Minute), int(MaxWindow/time.Minute))
		}
		t.Ends = t.Starts.Add(d)
	}
	if req.Kind == store.KindSolo {
		if req.Deals < 1 || req.Deals > MaxDeals {
			return t, bad(engine.Say("tournament.bad-deals", engine.NumArg("n", req.Deals), engine.NumArg("max", MaxDeals)), "deals: %d; a solo tournament plays 1 to %d deals", req.Deals, MaxDeals)
		}
		t.Settings["deals"] = fmt.Sprint(req.Deals)
	}
	if req.Rated && (req.Kind == store.KindSolo || category(t) == "") {
		return t, httpjson.Sayf(http.StatusBadRequest, "not-rateable", engine.Say("tournament.not-rateable"), "rated: only Watchtower and Slap War tournaments are rated")
	}
	t.Rated = req.Rated
	return t, nil
}

// category is the rating category of t's games ("" for none).
func category(t store.Tournament) string {
	switch {
	case t.Game == "watchtower":
		return ratings.Watchtower
	case t.Game == "war" && t.Options["slap"] != "":
		return ratings.SlapWar
	}
	return ""
}

func (s *Service) handleCreate(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req createReq
	if err := httpjson.Read(w, r, &req); err != nil {
		s.refuse(w, r, err)
		return
	}
	t, err := check(req, s.cfg.Clock())
	if err == nil && u.Bot {
		err = httpjson.Sayf(http.StatusForbidden, "forbidden", engine.Say("tournament.bot-creates"), "a bot account enters tournaments but does not create them")
	}
	if err == nil {
		t.Creator = u.ID
		err = s.st.CreateTournament(r.Context(), t, MaxUnderWay)
	}
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	s.log.Info("tournament created", "tournament", t.ID, "kind", t.Kind, "game", t.Game)
	httpjson.Write(w, http.StatusCreated, summary(t, 0))
}

// tournament reads the tournament of the request's path.
func (s *Service) tournament(r *http.Request) (store.Tournament, error) {
	return s.st.Tournament(r.Context(), r.PathValue("id"))
}

// rating is u's rating in t's category when they join (1500 before any
// rated game, and in a category without ratings).
func (s *Service) rating(ctx context.Context, t store.Tournament, user string) int {
	cat := category(t)
	if cat == "" {
		return 1500
	}
	rs, err := s.acc.Ratings(ctx, cat, []string{user})
	if err != nil || len(rs) == 0 {
		return 1500
	}
	return int(math.Round(rs[0].R))
}

func (s *Service) handleJoin(w http.ResponseWriter, r *http.Request, u *store.User) {
	t, err := s.tournament(r)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	e := store.Entrant{Tournament: t.ID, ID: u.ID, Name: u.Name, User: u.ID, Rating: s.rating(r.Context(), t, u.ID), Joined: s.cfg.Clock()}
	// Late entry: an arena or solo tournament takes entrants while it
	// runs; a Swiss only before it starts.
	e, err = s.st.JoinTournament(r.Context(), e, MaxEntrants, t.Kind != store.KindSwiss)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	s.poke()
	httpjson.Write(w, http.StatusOK, map[string]any{"entry": e.Entry})
}

func (s *Service) handleWithdraw(w http.ResponseWriter, r *http.Request, u *store.User) {
	if err := s.st.WithdrawEntrant(r.Context(), r.PathValue("id"), u.ID, s.cfg.Clock()); err != nil {
		s.refuse(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"withdrawn": true})
}

// handleBots adds the server's bots to an open tournament (its creator
// only), each at the game's default bot with its fixed rating.
func (s *Service) handleBots(w http.ResponseWriter, r *http.Request, u *store.User) {
	var req struct {
		Count int `json:"count"`
	}
	if err := httpjson.Read(w, r, &req); err != nil {
		s.refuse(w, r, err)
		return
	}
	t, err := s.tournament(r)
	if err == nil && t.Creator != u.ID {
		err = httpjson.Sayf(http.StatusForbidden, "forbidden", engine.Say("tournament.creator-adds-bots"), "only the tournament's creator adds bots")
	}
	if err == nil && (req.Count < 1 || req.Count > MaxBots) {
		err = bad(engine.Say("tournament.bad-count", engine.NumArg("n", req.Count), engine.NumArg("max", MaxBots)), "count: %d; add 1 to %d bots", req.Count, MaxBots)
	}
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	spec := bots.Default(t.Game)
	rating := 1500
	if br, ok := ratings.Bot(category(t), spec, 2); ok {
		rating = int(math.Round(br.R))
	}
	added := 0
	for added < req.Count {
		n := t.Entrants + added + 1
		e := store.Entrant{Tournament: t.ID, ID: fmt.Sprintf("bot:%d", n), Name: fmt.Sprintf("%s bot %d", spec, n), Bot: spec,
			Rating: rating, Joined: s.cfg.Clock()}
		if _, err := s.st.JoinTournament(r.Context(), e, MaxEntrants, false); err != nil {
			s.refuse(w, r, err)
			return
		}
		added++
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"added": added})
}

// handleStart starts an open tournament now (its creator only).
func (s *Service) handleStart(w http.ResponseWriter, r *http.Request, u *store.User) {
	t, err := s.tournament(r)
	if err == nil && t.Creator != u.ID {
		err = httpjson.Sayf(http.StatusForbidden, "forbidden", engine.Say("tournament.creator-starts"), "only the tournament's creator starts it early")
	}
	if err == nil {
		err = s.st.SetTournamentStatus(r.Context(), t.ID, t.Version, store.StatusRunning)
	}
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	s.poke()
	httpjson.Write(w, http.StatusOK, map[string]any{"status": store.StatusRunning})
}

func (s *Service) handlePlay(w http.ResponseWriter, r *http.Request, u *store.User) {
	t, err := s.tournament(r)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	var me *store.Entrant
	es, err := s.st.Entrants(r.Context(), t.ID)
	for i := range es {
		if es[i].ID == u.ID {
			me = &es[i] // one who withdrew still takes their game under way
		}
	}
	if err == nil && me == nil {
		err = httpjson.Sayf(http.StatusForbidden, "forbidden", engine.Say("tournament.not-in"), "you are not in this tournament; join it first")
	}
	var seat *Seat
	if err == nil {
		seat, err = s.play(r.Context(), t, *me, s.cfg.Clock())
	}
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, seat)
}
