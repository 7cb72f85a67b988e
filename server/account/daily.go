package account

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"cardtable/bots/regicidesolver"
	"cardtable/daily"
	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server/analyse"
	"cardtable/server/httpjson"
	"cardtable/server/room"
	"cardtable/server/secret"
	"cardtable/server/thinkpool"
	"cardtable/store"
	"cardtable/table"
)

// The daily deal on the server (docs/accounts.md): one Regicide solo deal
// a day, seeded from the day and a secret every node shares (kept in the
// store), committed to during the day and published after it. A signed-in
// player's first start is the day's counted attempt, created with its
// table in one transaction; a guest gets a practice deal instead (a random
// one, never the day's, so nobody learns the counted deal without spending
// an account's attempt on it). The games
// run here like any other table, so the result is the server's; while the
// day goes on nobody may watch or replay another's game of it.

// dailySecretName names the daily deal's secret in the store.
const dailySecretName = "daily-deal"

// dailyDeals is the server's daily deal state.
type dailyDeals struct {
	srv *Accounts
	mu  sync.Mutex
	// secret is read from the store once.
	secret []byte
	// solving marks the days whose verdict is being worked out.
	solving map[string]bool
}

func newDailyDeals(s *Accounts) *dailyDeals { return &dailyDeals{srv: s, solving: map[string]bool{}} }

// secretKey is the shared secret, made and stored by the first node to
// need it.
func (d *dailyDeals) secretKey(ctx context.Context) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.secret != nil {
		return d.secret, nil
	}
	b := make([]byte, 32)
	rand.Read(b)
	v, err := d.srv.acc.st.Secret(ctx, dailySecretName, hex.EncodeToString(b))
	if err != nil {
		return nil, err
	}
	if d.secret, err = hex.DecodeString(v); err != nil {
		return nil, err
	}
	return d.secret, nil
}

// seed is day's deal.
func (d *dailyDeals) seed(ctx context.Context, day string) (uint64, error) {
	key, err := d.secretKey(ctx)
	if err != nil {
		return 0, err
	}
	return daily.Seed(key, day), nil
}

// now is the accounts' clock (the daily deal's day).
func (s *Accounts) accNow() time.Time {
	if s.acc != nil {
		return s.acc.now()
	}
	return time.Now()
}

// DayOver reports whether day is over (its games may be watched).
func (s *Accounts) DayOver(day string) bool { return daily.Ended(day, s.accNow()) }

func (s *Accounts) routeDaily(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/daily", s.handleDailyToday)
	mux.HandleFunc("POST /api/daily/start", s.handleDailyStart)
	mux.HandleFunc("GET /api/daily/{day}", s.handleDailyDay)
}

// Daily is a day's deal as the daily page shows it.
type Daily struct {
	Day     string            `json:"day"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	// Commitment binds the seed while the day goes on; Seed is published
	// once it is over.
	Commitment string          `json:"commitment"`
	Seed       *uint64         `json:"seed,omitempty"`
	Over       bool            `json:"over"`
	Board      []dailyEntry    `json:"board"`
	Mine       *dailyMineJSON  `json:"mine,omitempty"`
	Streak     *dailyStreak    `json:"streak,omitempty"`
	Verdict    json.RawMessage `json:"verdict,omitempty"`
	SignedIn   bool            `json:"signed_in"`
	// Ranking is the board's order in a sentence, every tie-break named.
	Ranking string `json:"ranking"`
}

type dailyEntry struct {
	Rank     int       `json:"rank"`
	Name     string    `json:"name"`
	Won      bool      `json:"won"`
	Grade    string    `json:"grade"`
	Enemies  int       `json:"enemies"`
	Actions  int       `json:"actions"`
	Aborted  bool      `json:"aborted,omitempty"`
	Finished time.Time `json:"finished"`
	// Replay is the game's replay, once the day is over.
	Replay string `json:"replay,omitempty"`
}

// dailyMineJSON is the signed-in player's attempt.
type dailyMineJSON struct {
	Table    string `json:"table"`
	Finished bool   `json:"finished"`
	Rank     int    `json:"rank,omitempty"`
	daily.Score
	GradeName string `json:"grade_name,omitempty"`
	Share     string `json:"share,omitempty"`
	// Replay and Analysis, once the day is over: the game's replay, and
	// the replay with its analysis panel up (which offers to analyse the
	// game when it has no stored analysis yet).
	Replay   string `json:"replay,omitempty"`
	Analysis string `json:"analysis,omitempty"`
}

type dailyStreak struct {
	Current int `json:"current"`
	Best    int `json:"best"`
}

// maxBoard is how many entries a day's board shows.
const maxBoard = 100

func (s *Accounts) handleDailyToday(w http.ResponseWriter, r *http.Request) {
	s.serveDay(w, r, daily.Day(s.accNow()))
}

func (s *Accounts) handleDailyDay(w http.ResponseWriter, r *http.Request) {
	day := r.PathValue("day")
	start, err := daily.Start(day)
	if err != nil {
		httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("daily.bad-day", engine.TextArg("day", strconv.Quote(httpjson.Truncate(day, 20)))), "%v", err))
		return
	}
	if start.After(s.accNow()) {
		httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusNotFound, "not-found", engine.Say("daily.not-out", engine.TextArg("day", day)), "the deal of %s is not out yet", day))
		return
	}
	s.serveDay(w, r, day)
}

// serveDay answers day's deal, its board and the caller's attempt.
func (s *Accounts) serveDay(w http.ResponseWriter, r *http.Request, day string) {
	ctx := r.Context()
	seed, err := s.acc.daily.seed(ctx, day)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	out := Daily{Day: day, Game: daily.Game, Options: daily.Options(), Commitment: daily.Commitment(day, seed), Over: s.DayOver(day), Board: []dailyEntry{},
		Ranking: daily.Ranking}
	if out.Over {
		out.Seed = &seed
	}
	board, err := s.acc.st.DailyBoard(ctx, day, 0, maxBoard)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	for i, a := range board {
		e := dailyEntry{Rank: i + 1, Name: a.Name, Won: a.Won, Grade: daily.GradeName(a.Grade), Enemies: a.Enemies, Actions: a.Actions, Aborted: a.Aborted, Finished: a.Finished}
		if e.Name == "" {
			e.Name = "former player"
		}
		if out.Over {
			e.Replay = "/replay/" + a.Table
		}
		out.Board = append(out.Board, e)
	}
	u, err := s.CurrentUser(r)
	if err == nil && u != nil {
		out.SignedIn = true
		err = s.dailyMine(r, &out, u, board)
	}
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	httpjson.Write(w, http.StatusOK, out)
}

// dailyMine fills in u's attempt at out's day, the streak and, once u
// has finished, the solver's verdict.
func (s *Accounts) dailyMine(r *http.Request, out *Daily, u *store.User, board []store.DailyAttempt) error {
	ctx := r.Context()
	hist, err := s.dailyHistory(r, u.ID)
	if err != nil {
		return err
	}
	out.Streak = &dailyStreak{Current: hist.Streak, Best: hist.BestStreak}
	a, err := s.acc.st.DailyAttempt(ctx, out.Day, u.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	mine := &dailyMineJSON{Table: a.Table, Finished: !a.Finished.IsZero()}
	if mine.Finished {
		mine.Score = scoreOf(a)
		mine.GradeName = daily.GradeName(a.Grade)
		mine.Share = daily.ShareTextIn(i18n.For(i18n.FromRequest(r)), out.Day, mine.Score, siteURL(r)+"/daily")
		for i, b := range board {
			if b.Table == a.Table {
				mine.Rank = i + 1
			}
		}
		out.Verdict = s.acc.daily.verdict(ctx, out.Day)
		if out.Over {
			mine.Replay, mine.Analysis = "/replay/"+a.Table, analyse.ReplayLink(a.Table)
		}
	}
	out.Mine = mine
	return nil
}

// scoreOf is a stored attempt's score.
func scoreOf(a store.DailyAttempt) daily.Score {
	return daily.Score{Won: a.Won, Grade: a.Grade, Enemies: a.Enemies, Actions: a.Actions, Aborted: a.Aborted}
}

// siteURL is the address the request came to, for links in share texts.
func siteURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// dailyHistoryJSON is a player's daily results (on their profile).
type dailyHistoryJSON struct {
	Streak     int               `json:"streak"`
	BestStreak int               `json:"best_streak"`
	Results    []dailyResultJSON `json:"results"`
}

type dailyResultJSON struct {
	Day string `json:"day"`
	daily.Score
	GradeName string `json:"grade_name"`
	Finished  bool   `json:"finished"`
	Replay    string `json:"replay,omitempty"`
	Analysis  string `json:"analysis,omitempty"`
}

// dailyHistory is user's daily results, newest first, with the streaks.
func (s *Accounts) dailyHistory(r *http.Request, user string) (dailyHistoryJSON, error) {
	as, err := s.acc.st.UserDaily(r.Context(), user, 400)
	if err != nil {
		return dailyHistoryJSON{}, err
	}
	out := dailyHistoryJSON{Results: []dailyResultJSON{}}
	var days []string
	for _, a := range as {
		days = append(days, a.Day)
		res := dailyResultJSON{Day: a.Day, Score: scoreOf(a),
			GradeName: daily.GradeName(a.Grade), Finished: !a.Finished.IsZero()}
		if res.Finished && s.DayOver(a.Day) {
			res.Replay = "/replay/" + a.Table
			res.Analysis = analyse.Link(r.Context(), s.store, a.Table)
		}
		out.Results = append(out.Results, res)
	}
	out.Streak, out.BestStreak = daily.Streak(days, daily.Day(s.accNow()))
	return out, nil
}

// handleDailyStart seats the caller at today's deal: a signed-in player's
// one counted attempt (a second start resumes it, or is refused once it is
// over), or a guest at a practice deal.
func (s *Accounts) handleDailyStart(w http.ResponseWriter, r *http.Request) {
	if !s.writes.Allow(w, r) {
		return
	}
	u, err := s.CurrentUser(r)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	resp, err := s.startDaily(r.Context(), u)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	status := http.StatusCreated
	if resp.Resumed {
		status = http.StatusOK
	}
	httpjson.Write(w, status, resp)
}

// DailyStart answers a start: the table and the seat's token.
type DailyStart struct {
	ID      string `json:"id"`
	Seat    int    `json:"seat"`
	Token   string `json:"token"`
	Day     string `json:"day"`
	Counted bool   `json:"counted"`
	// Practice: a guest's deal, a random one rather than the day's.
	Practice bool `json:"practice,omitempty"`
	// Resumed: the signed-in player's attempt of the day, started before
	// and still going on, handed back with a new token for its seat.
	Resumed bool `json:"resumed,omitempty"`
}

func (s *Accounts) startDaily(ctx context.Context, u *store.User) (*DailyStart, error) {
	day := daily.Day(s.accNow())
	if u == nil {
		return s.startPractice(ctx, day)
	}
	seed, err := s.acc.daily.seed(ctx, day)
	if err != nil {
		return nil, err
	}
	g := s.games[daily.Game]
	opts, err := engine.ResolveOptions(g.Options(), daily.Options())
	if err != nil {
		return nil, err
	}
	token := secret.Token()
	hdr := store.Table{ID: secret.TableID(), Game: g.Name(), Options: opts.Map(), Seed: seed, Created: time.Now(), Daily: day,
		Seats: []store.Seat{{Name: u.Name, Kind: table.KindHuman, Token: secret.Hash(token)}}, Creator: secret.Hash(secret.Token())}
	t, err := table.New(g, opts, engine.Setup{Seed: seed}, room.SeatInfos(hdr.Seats))
	if err != nil {
		return nil, err
	}
	if err = s.acc.st.StartDaily(ctx, hdr, day, u.ID); errors.Is(err, store.ErrConflict) {
		return s.secondAttempt(ctx, day, u)
	}
	if err == nil {
		err = s.acc.st.LinkSeat(ctx, hdr.ID, 0, hdr.Seats[0].Token, u.ID)
	}
	if err != nil {
		return nil, err
	}
	if err := s.rooms.Open(ctx, hdr, g, t); err != nil {
		return nil, err
	}
	s.metrics.Tables.Inc()
	return &DailyStart{ID: hdr.ID, Seat: 0, Token: token, Day: day, Counted: true}, nil
}

// startPractice seats a guest at a practice deal: Regicide solo with the
// daily deal's rules and a random seed, an ordinary table (never the
// day's deal, never counted, never on the board).
func (s *Accounts) startPractice(ctx context.Context, day string) (*DailyStart, error) {
	g := s.games[daily.Game]
	opts, err := engine.ResolveOptions(g.Options(), daily.Options())
	if err != nil {
		return nil, err
	}
	token := secret.Token()
	hdr := store.Table{ID: secret.TableID(), Game: g.Name(), Options: opts.Map(), Seed: secret.Seed(), Created: time.Now(),
		Seats: []store.Seat{{Name: "guest", Kind: table.KindHuman, Token: secret.Hash(token)}}, Creator: secret.Hash(secret.Token())}
	t, err := table.New(g, opts, engine.Setup{Seed: hdr.Seed}, room.SeatInfos(hdr.Seats))
	if err != nil {
		return nil, err
	}
	if err := s.store.CreateTable(ctx, hdr); err != nil {
		return nil, err
	}
	if err := s.rooms.Open(ctx, hdr, g, t); err != nil {
		return nil, err
	}
	s.metrics.Tables.Inc()
	return &DailyStart{ID: hdr.ID, Seat: 0, Token: token, Day: day, Practice: true}, nil
}

// secondAttempt answers a second start the same day: the attempt still
// going on, handed back with a new token for its seat (a terminal or
// another browser goes on with it; the old token no longer opens it), or
// the refusal once it is over.
func (s *Accounts) secondAttempt(ctx context.Context, day string, u *store.User) (*DailyStart, error) {
	a, err := s.acc.st.DailyAttempt(ctx, day, u.ID)
	if err != nil {
		return nil, err
	}
	if a.Finished.IsZero() {
		token, err := s.reseat(ctx, a.Table, 0)
		if err == nil {
			return &DailyStart{ID: a.Table, Seat: 0, Token: token, Day: day, Counted: true, Resumed: true}, nil
		}
		var api *httpjson.Error
		if !errors.As(err, &api) || api.Code != "game-over" {
			return nil, err
		}
		// It ended a moment ago: its result is being recorded.
	}
	return nil, httpjson.Sayf(http.StatusConflict, "daily-played", engine.Say("daily.played"), "you played today's deal already (one counted attempt a day); the next deal comes at midnight UTC")
}

// reseat gives seat of table id a new token, wherever the table runs.
func (s *Accounts) reseat(ctx context.Context, id string, seat int) (string, error) {
	rm, err := s.rooms.Get(ctx, id)
	if errors.Is(err, room.ErrRemote) {
		resp, err := s.relays.Ask(id, room.Request{Op: "reseat", Seat: seat})
		return resp.Token, err
	}
	if err != nil {
		return "", err
	}
	return rm.Reseat(seat)
}

// Verdict is the solver's verdict on a day's deal.
type Verdict struct {
	// Verdict is won (the deal could be won), lost (it could not) or
	// unknown (the search ran out of budget).
	Verdict string `json:"verdict"`
	Nodes   int64  `json:"nodes"`
}

// verdictNodes bounds the solver's search of a day's deal.
const verdictNodes = 2_000_000

// verdict is day's stored verdict, or nil while it is worked out (in the
// bots' worker pool, once per day per node at most at a time).
func (d *dailyDeals) verdict(ctx context.Context, day string) json.RawMessage {
	v, err := d.srv.acc.st.DailyVerdict(ctx, day)
	if err == nil {
		return json.RawMessage(v)
	}
	d.mu.Lock()
	busy := d.solving[day]
	d.solving[day] = true
	d.mu.Unlock()
	if !busy {
		go d.solve(day)
	}
	return nil
}

// solve works out day's verdict and stores it, as a job of the thinking
// pool (at most verdictTime).
func (d *dailyDeals) solve(day string) {
	defer func() {
		d.mu.Lock()
		delete(d.solving, day)
		d.mu.Unlock()
	}()
	s := d.srv
	err := s.pool.Do(s.ctx, thinkpool.Job{Key: "daily:" + day, Budget: verdictTime, Run: func(ctx context.Context) {
		if err := d.solveNow(ctx, day); err != nil {
			s.log.Error("daily deal not solved", "day", day, "err", err)
		}
	}})
	if err != nil {
		s.log.Warn("daily deal not solved", "day", day, "err", err)
	}
}

// verdictTime bounds one verdict's search.
const verdictTime = 20 * time.Second

func (d *dailyDeals) solveNow(ctx context.Context, day string) error {
	s := d.srv
	seed, err := d.seed(ctx, day)
	if err != nil {
		return err
	}
	g := s.games[daily.Game]
	opts, err := engine.ResolveOptions(g.Options(), daily.Options())
	if err != nil {
		return err
	}
	st, err := regicidesolver.NewDeal(opts, seed)
	if err != nil {
		return err
	}
	solver, err := regicidesolver.New(18)
	if err != nil {
		return err
	}
	res, err := solver.Solve(ctx, st, regicidesolver.Limits{Nodes: verdictNodes})
	if err != nil {
		return err
	}
	if res.Why == "cancelled" {
		return nil // the server stops: another time
	}
	data, _ := json.Marshal(Verdict{Verdict: res.Verdict.String(), Nodes: res.Nodes})
	return s.acc.st.SetDailyVerdict(context.WithoutCancel(ctx), day, string(data), time.Now())
}
