package pairing

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"cardtable/accounts"
	"cardtable/engine"
	"cardtable/pairing"
	"cardtable/ratings"
	"cardtable/server/bottoken"
	"cardtable/server/httpjson"
	"cardtable/server/ratelimit"
	"cardtable/server/secret"
	"cardtable/server/usertext"
	"cardtable/store"
)

// Routes adds quick pairing's routes to mux (docs/protocol.md).
func (s *Service) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/pairing", s.handleGrid)
	mux.HandleFunc("POST /api/pairing", s.handleAsk)
	mux.HandleFunc("GET /api/pairing/{id}", s.handleWait)
	mux.HandleFunc("DELETE /api/pairing/{id}", s.handleCancel)
}

// gridCell is a grid choice with how many wait for it.
type gridCell struct {
	Choice
	Waiting int `json:"waiting"`
}

func (s *Service) handleGrid(w http.ResponseWriter, r *http.Request) {
	waiting := s.Waiting()
	cells := make([]gridCell, len(Grid))
	for i, c := range Grid {
		cells[i] = gridCell{Choice: c, Waiting: waiting[c.ID]}
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"grid": cells, "waits": waitChoices, "ranges": rangeChoices})
}

// The waits for people (seconds; 0: never a bot) and rating ranges (±;
// 0: any) a request may name: the grid's menus.
var (
	waitChoices  = []int{10, 30, 60, 120, 0}
	rangeChoices = []int{0, 100, 200, 300, 500}
)

// askReq is a request for a game (POST /api/pairing).
type askReq struct {
	Choice string `json:"choice"`
	Rated  bool   `json:"rated"`
	// Range: the opponents' ratings within ± this of one's own (0: any).
	Range int `json:"range"`
	// Wait: seconds to wait for people before the bots (0: never).
	Wait int `json:"wait"`
	// Bots: accept bot accounts as opponents.
	Bots bool   `json:"bots"`
	Name string `json:"name"`
	// Opponent names the one player to play (a challenge, two seats
	// only; waits for them alone): an account's name, such as a bot's.
	Opponent string `json:"opponent"`
}

// guestCookie holds a guest's pairing identity, so one browser has one
// request at a time whatever its tabs.
const guestCookie = "cardtable_guest"

func (s *Service) handleAsk(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Writes != nil && !s.cfg.Writes.Allow(w, r) {
		return
	}
	var req askReq
	if err := httpjson.Read(w, r, &req); err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	wt, err := s.request(w, r, req)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	if s.sh != nil {
		if err := s.askShared(r.Context(), wt); err != nil {
			httpjson.Refuse(w, r, s.log, err)
			return
		}
		httpjson.Write(w, http.StatusAccepted, map[string]any{"id": wt.req.ID, "status": "waiting", "choice": wt.choice.ID})
		return
	}
	now := s.cfg.Clock()
	s.mu.Lock()
	err = s.pool.Add(wt.req, now)
	if err == nil {
		wt.req.At = now
		s.waits[wt.req.ID] = wt
	}
	s.mu.Unlock()
	if err != nil {
		httpjson.Refuse(w, r, s.log, refusal(err))
		return
	}
	s.match(r.Context())
	httpjson.Write(w, http.StatusAccepted, map[string]any{"id": wt.req.ID, "status": "waiting", "choice": wt.choice.ID})
}

// refusal is the HTTP refusal of a pool's error.
func refusal(err error) error {
	switch {
	case errors.Is(err, pairing.ErrWaiting):
		return httpjson.Sayf(http.StatusConflict, "already-waiting", engine.Say("pairing.already-waiting"), "you are waiting for a game already (in this or another window); cancel that request first")
	case errors.Is(err, pairing.ErrFull):
		return httpjson.Sayf(http.StatusServiceUnavailable, "pairing-full", engine.Say("pairing.full"), "too many players are waiting right now; try again in a moment")
	}
	return httpjson.ErrorOf(http.StatusBadRequest, "bad-request", err)
}

// request makes the pool's request of an ask, from who asks.
func (s *Service) request(w http.ResponseWriter, r *http.Request, req askReq) (*wait, error) {
	c, ok := choice(req.Choice)
	if !ok {
		return nil, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("pairing.bad-choice", engine.TextArg("choice", strconv.Quote(httpjson.Truncate(req.Choice, 40)))), "choice: %q is not on the grid; GET /api/pairing lists the choices", req.Choice)
	}
	if req.Wait < 0 || req.Wait > int(pairing.MaxBotAfter/time.Second) {
		return nil, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("pairing.bad-wait", engine.NumArg("n", req.Wait), engine.NumArg("max", int(pairing.MaxBotAfter/time.Second))),
			"wait: %d s; wait 1 to %d s for people, or 0 for people only", req.Wait, int(pairing.MaxBotAfter/time.Second))
	}
	if req.Range < 0 || req.Range > 1000 {
		return nil, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("pairing.bad-range", engine.NumArg("n", req.Range)), "range: %d; a rating range is 0 (any) to ±1000", req.Range)
	}
	if req.Rated && !c.Rateable {
		return nil, httpjson.Sayf(http.StatusBadRequest, "not-rateable", engine.Say("pairing.not-rateable", engine.TextArg("choice", c.ID)), "%s is not rated; ask for it casual", c.ID)
	}
	name, err := usertext.Name(req.Name)
	if err != nil {
		return nil, err
	}
	u, err := s.cfg.Accounts.CurrentUser(r)
	if err == nil && u == nil {
		// A program playing as a bot account signs with its token.
		u, err = bottoken.Authenticate(s.cfg.Store, r, s.cfg.Clock())
	}
	if err != nil {
		return nil, err
	}
	wt := &wait{choice: c, user: u, name: name, done: make(chan struct{}), out: Outcome{Status: "waiting"}}
	wt.req = pairing.Request{ID: secret.Token(), Key: c.key(req.Rated),
		Address: s.cfg.Addr(r), Bots: req.Bots, BotAfter: time.Duration(req.Wait) * time.Second}
	if req.Opponent != "" {
		if err := s.challenge(r, c, req.Opponent, wt); err != nil {
			return nil, err
		}
	}
	if u == nil {
		if req.Rated || req.Range != 0 {
			return nil, httpjson.Sayf(http.StatusUnauthorized, "signed-out", engine.Say("pairing.signed-out"), "rated games and rating ranges are for signed-in players; sign in, or ask for a casual game")
		}
		wt.req.Player = "guest:" + guestID(w, r)
		return wt, nil
	}
	if u.Bot && s.cfg.BotRates != nil && !s.cfg.BotRates.Take(u.ID) {
		// A bot account is bounded like a person's address, whatever
		// addresses its program asks from. Only its program reads this.
		return nil, httpjson.Errorf(http.StatusTooManyRequests, ratelimit.CodeRateLimited, "too many requests from this bot account; wait a second and try again")
	}
	wt.req.Player, wt.req.Account, wt.req.Bot, wt.name = u.ID, true, u.Bot, u.Name
	if u.Bot {
		if bs, ok := s.cfg.Store.(store.Bots); ok {
			b, err := bs.BotAccount(r.Context(), u.ID)
			if err != nil {
				return nil, err
			}
			wt.req.Owner = b.Owner
		}
	}
	if req.Rated || req.Range != 0 {
		rating, err := s.rating(r, c, u)
		if err != nil {
			return nil, err
		}
		wt.req.Rating = rating
		if req.Range > 0 {
			wt.req.Min, wt.req.Max = max(0, rating-req.Range), min(pairing.MaxRating-1, rating+req.Range)
		}
	}
	return wt, nil
}

// challenge makes wt a challenge of the account named opponent: it waits
// for that player alone, never for the server's bots.
func (s *Service) challenge(r *http.Request, c Choice, opponent string, wt *wait) error {
	acc, ok := s.cfg.Store.(store.Accounts)
	if !ok {
		return httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("pairing.no-accounts"), "this server keeps no accounts to challenge")
	}
	if c.Seats != 2 {
		return httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("pairing.challenge-two", engine.TextArg("choice", c.ID)), "opponent: a challenge is for a two-player game; %s seats %d", c.ID, c.Seats)
	}
	if len(opponent) > 64 {
		opponent = opponent[:64]
	}
	o, err := acc.UserByKey(r.Context(), accounts.Key(opponent))
	if errors.Is(err, store.ErrNotFound) {
		return httpjson.Sayf(http.StatusNotFound, httpjson.CodeNotFound, engine.Say("pairing.no-opponent", engine.TextArg("name", strconv.Quote(opponent))), "opponent: no player is called %q", opponent)
	}
	if err != nil {
		return err
	}
	wt.req.Opponent, wt.req.BotAfter = o.ID, 0
	return nil
}

// rating is u's rating in the choice's category (1500 before a first
// rated game).
func (s *Service) rating(r *http.Request, c Choice, u *store.User) (int, error) {
	cat := ratings.Watchtower
	if c.Game == "war" {
		cat = ratings.SlapWar
	}
	acc, ok := s.cfg.Store.(store.Accounts)
	if !ok {
		return 0, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("pairing.no-ratings"), "this server keeps no ratings")
	}
	rs, err := acc.Ratings(r.Context(), cat, []string{u.ID})
	if err != nil {
		return 0, err
	}
	if len(rs) == 0 {
		return 1500, nil
	}
	return int(math.Round(min(max(rs[0].R, 0), pairing.MaxRating-1))), nil
}

// guestID is the guest's pairing identity from its cookie, set the first
// time.
func guestID(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(guestCookie); err == nil && len(c.Value) >= 16 && len(c.Value) <= 64 {
		return secret.Hash(c.Value)[:24]
	}
	v := secret.Token()
	http.SetCookie(w, &http.Cookie{Name: guestCookie, Value: v, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: r.TLS != nil, MaxAge: 365 * 24 * 3600})
	return secret.Hash(v)[:24]
}

// maxLongPoll bounds GET /api/pairing/{id}?wait=.
const maxLongPoll = 25 * time.Second

// errNoRequest answers an id no request has.
var errNoRequest = httpjson.Sayf(http.StatusNotFound, httpjson.CodeNotFound, engine.Say("pairing.no-request"), "no pairing request with that id (it ended over 2 minutes ago, or never was)")

func (s *Service) handleWait(w http.ResponseWriter, r *http.Request) {
	secs, _ := strconv.Atoi(r.URL.Query().Get("wait"))
	d := min(time.Duration(max(secs, 0))*time.Second, maxLongPoll)
	if s.sh != nil {
		s.waitShared(w, r, r.PathValue("id"), d)
		return
	}
	s.mu.Lock()
	wt := s.waits[r.PathValue("id")]
	s.mu.Unlock()
	if wt == nil {
		httpjson.Refuse(w, r, s.log, errNoRequest)
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-wt.done:
	case <-t.C:
	case <-r.Context().Done():
		return
	}
	httpjson.Write(w, http.StatusOK, s.outcome(wt))
}

// outcome is wt's outcome as it stands.
func (s *Service) outcome(wt *wait) Outcome {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := wt.out
	if out.Status == "waiting" {
		out.Choice, out.Rated, out.WaitedMS = wt.choice.ID, wt.req.Rated, s.cfg.Clock().Sub(wt.req.At).Milliseconds()
	}
	return out
}

func (s *Service) handleCancel(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if s.sh != nil {
		s.cancelShared(w, r, id)
		return
	}
	s.mu.Lock()
	wt := s.waits[id]
	if wt != nil && s.pool.Cancel(id) {
		s.end(wt, Outcome{Status: "cancelled"})
	}
	s.mu.Unlock()
	if wt == nil {
		httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusNotFound, httpjson.CodeNotFound, engine.Say("pairing.no-request"), "no pairing request with that id"))
		return
	}
	httpjson.Write(w, http.StatusOK, s.outcome(wt))
}
