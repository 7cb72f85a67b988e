package account_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"testing"
	"time"

	"cardtable/accounts"
	"cardtable/server"
	"cardtable/server/account"
	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
	"cardtable/store"
	"cardtable/store/memstore"
)

// These tests play every way a rated game can end or a seat can change
// hands against a real server (accounts, WebSocket clients) and check
// every person's rating against Glicko-2 computed here, from Glickman's
// paper, independently of package ratings: the rule of docs/accounts.md
// ("A rated seat's result belongs to the person who sat it").

// g2 is a rating on the Glicko scale.
type g2 struct{ r, rd, vol float64 }

// g2Scale is the paper's 173.7178: 400 / ln 10.
var g2Scale = 400 / math.Ln10

// g2Update is one rating period of Glickman's "Example of the Glicko-2
// system" (steps 2 to 8, τ = 0.5), written for these tests: the volatility
// found by bisection rather than the paper's Illinois iteration (both
// find the one root of f), and the deviation kept at 45 or above as
// docs/accounts.md says.
func g2Update(p g2, opps []g2, scores []float64) g2 {
	const tau = 0.5
	mu, phi := (p.r-1500)/g2Scale, p.rd/g2Scale
	gOf := func(ph float64) float64 { return 1 / math.Sqrt(1+3*ph*ph/(math.Pi*math.Pi)) }
	var vInv, sum float64
	for j, o := range opps {
		muJ, gJ := (o.r-1500)/g2Scale, gOf(o.rd/g2Scale)
		e := 1 / (1 + math.Exp(-gJ*(mu-muJ)))
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (scores[j] - e)
	}
	v := 1 / vInv
	delta := v * sum
	a := math.Log(p.vol * p.vol)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	lo, hi := a-60, a+60 // f > 0 below its root, < 0 above
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	vol := math.Exp((lo + hi) / 4)
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	return g2{r: 1500 + g2Scale*(mu+phiNew*phiNew*sum), rd: math.Max(g2Scale*phiNew, 45), vol: vol}
}

// TestG2Oracle: the oracle reproduces the paper's worked example.
func TestG2Oracle(t *testing.T) {
	got := g2Update(g2{1500, 200, 0.06}, []g2{{1400, 30, 0}, {1550, 100, 0}, {1700, 300, 0}}, []float64{1, 0, 0})
	if math.Abs(got.r-1464.06) > 0.02 || math.Abs(got.rd-151.52) > 0.01 || math.Abs(got.vol-0.05999) > 0.00001 {
		t.Fatalf("the oracle gives %+v; the paper 1464.06, 151.52, 0.05999", got)
	}
}

// botG2 are the bots' fixed ratings as docs/accounts.md lists them, by
// seat count: RD 50.
var botG2 = map[int]map[string]float64{
	2: {"heuristic": 1500, "expert": 1630, "random": 1049},
	3: {"heuristic": 1500, "expert": 1505, "random": 1372},
	4: {"heuristic": 1500, "expert": 1519, "random": 1424},
}

// ratedRig is a server with accounts on a test clock, and its people.
type ratedRig struct {
	t   *testing.T
	ts  *servertest.Server
	clk *testclock.Clock
	st  *memstore.Store
	who []*servertest.Person
	ids []string
}

func newRatedRig(t *testing.T, names ...string) *ratedRig {
	t.Helper()
	clk := testclock.New(servertest.LifeStart)
	st := memstore.New()
	// Bots move at once (BotDelay 0), so a seat handed to one plays the
	// rest of the game in a burst of hundreds of frames to the person who
	// left and still watches; a loaded machine can leave this process's
	// reader behind the room, and a send queue of the default 256 would
	// drop that client as too slow — a different test (server/conn's).
	srv := server.New(st, server.Config{Clock: clk, BotDelay: 0, AwayGrace: time.Minute, Limits: server.Limits{APIRate: 1000, APIBurst: 1000, ConnRate: 1e6, ConnBurst: 1000, AddrRate: 1e6, AddrBurst: 1000, SendQueue: 1 << 14}})
	hs := httptest.NewUnstartedServer(nil)
	if err := srv.UseAccounts(server.AccountsConfig{Origins: []string{"http://" + hs.Listener.Addr().String()}, Now: clk.Now,
		Hasher: accounts.NewHasher(accounts.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}, 2)}); err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs.Config.Handler = srv.Handler()
	hs.Start()
	rg := &ratedRig{t: t, ts: &servertest.Server{T: t, Srv: srv, St: st, HTTP: hs}, clk: clk, st: st}
	t.Cleanup(rg.ts.Stop)
	for _, n := range names {
		rg.who = append(rg.who, rg.ts.SignedUp(n))
		u, err := st.UserByKey(context.Background(), accounts.Key(n))
		if err != nil {
			t.Fatal(err)
		}
		rg.ids = append(rg.ids, u.ID)
	}
	return rg
}

// table makes a rated Watchtower table: person i at seat i for each of
// people, then a default-settings bot for each of bots; the first person
// creates it. It returns the table and each person's token.
func (rg *ratedRig) table(people int, bots []string, settings map[string]string) (api.Created, []string) {
	rg.t.Helper()
	var seats []api.SeatRequest
	for range people {
		seats = append(seats, api.SeatRequest{Kind: "human"})
	}
	for _, b := range bots {
		seats = append(seats, api.SeatRequest{Kind: "bot", Bot: b})
	}
	tb := rg.who[0].CreateTable(api.CreateRequest{Game: "watchtower", Seats: seats, Rated: true, Settings: settings})
	tokens := []string{tb.Token}
	for i := 1; i < people; i++ {
		var cl struct{ Token string }
		if code := rg.who[i].Do("POST", fmt.Sprintf("/api/tables/%s/seats/%d/claim", tb.ID, i), map[string]string{}, nil, &cl); code != 200 {
			rg.t.Fatalf("claim of seat %d: %d", i, code)
		}
		tokens = append(tokens, cl.Token)
	}
	return tb, tokens
}

// before reads the people's stored ratings (zero Games: none yet).
func (rg *ratedRig) before() []store.Rating {
	rg.t.Helper()
	out := make([]store.Rating, len(rg.ids))
	rs, err := rg.st.Ratings(context.Background(), "watchtower", rg.ids)
	if err != nil {
		rg.t.Fatal(err)
	}
	for i, id := range rg.ids {
		out[i] = store.Rating{User: id, R: 1500, RD: 350, Vol: 0.06}
		for _, r := range rs {
			if r.User == id {
				out[i] = r
			}
		}
	}
	return out
}

// settled waits until table id's result is stored (with its ratings, in
// one transaction).
func (rg *ratedRig) settled(id string) store.Table {
	rg.t.Helper()
	deadline := time.Now().Add(servertest.Hang)
	for time.Now().Before(deadline) {
		if hdr, err := rg.st.Table(context.Background(), id); err == nil && hdr.Result != nil {
			return hdr
		}
		time.Sleep(2 * time.Millisecond)
	}
	rg.t.Fatalf("table %s was never settled", id)
	return store.Table{}
}

// seatOf is who sits where: person p (index into rg.who) at a seat, or a
// bot from the start.
type seatOf struct {
	person int // -1: a bot from the start
	bot    string
	// gaveUp is the order in which the seat's person gave it up (0 the
	// first), -1 never.
	gaveUp int
}

// expect computes, from the stored result and the people's ratings
// before, everyone's rating after the game as docs/accounts.md's rule
// says, and checks the stored ratings against it; it returns each
// person's expected outcome.
func (rg *ratedRig) expect(hdr store.Table, seats []seatOf, before []store.Rating) []string {
	rg.t.Helper()
	n := len(seats)
	place := make([]float64, n)
	for i, s := range seats {
		if s.gaveUp >= 0 {
			place[i] = float64(s.gaveUp) - 100 // below everyone who played on, the first lowest
			continue
		}
		for j := range seats {
			if seats[j].gaveUp < 0 && hdr.Result.Returns[j] < hdr.Result.Returns[i] {
				place[i]++
			}
		}
	}
	pre := make([]g2, n)
	for i, s := range seats {
		if s.person < 0 {
			pre[i] = g2{botG2[n][s.bot], 50, 0.06}
			continue
		}
		b := before[s.person]
		pre[i] = g2{b.R, b.RD, b.Vol}
		if b.Games > 0 { // the deviation grows a day's step 6 at a time, to 350 at most
			days := rg.clk.Now().Sub(b.Updated).Hours() / 24
			phi := b.RD / g2Scale
			pre[i].rd = math.Min(g2Scale*math.Sqrt(phi*phi+days*b.Vol*b.Vol), math.Max(b.RD, 350))
		}
	}
	after, err := rg.st.Ratings(context.Background(), "watchtower", rg.ids)
	if err != nil {
		rg.t.Fatal(err)
	}
	outcomes := make([]string, len(rg.ids))
	for i, s := range seats {
		if s.person < 0 {
			continue
		}
		var opps []g2
		var scores []float64
		outcome := "won"
		for j := range seats {
			if j == i {
				continue
			}
			opps = append(opps, pre[j])
			switch {
			case place[i] > place[j]:
				scores = append(scores, 1)
			case place[i] < place[j]:
				scores, outcome = append(scores, 0), "lost"
			default:
				scores = append(scores, 0.5)
				if outcome == "won" {
					outcome = "drawn"
				}
			}
		}
		want := g2Update(pre[i], opps, scores)
		outcomes[s.person] = outcome
		var got *store.Rating
		for k := range after {
			if after[k].User == rg.ids[s.person] {
				got = &after[k]
			}
		}
		switch {
		case got == nil:
			rg.t.Errorf("seat %d's person has no rating after the game", i)
		case got.Games != before[s.person].Games+1 || math.Abs(got.R-want.r) > 1e-6 || math.Abs(got.RD-want.rd) > 1e-6 || math.Abs(got.Vol-want.vol) > 1e-9:
			rg.t.Errorf("seat %d (%s, scores %v against %v): stored %.4f ± %.4f σ %.6f after %d games; Glicko-2 gives %.4f ± %.4f σ %.6f",
				i, outcome, scores, opps, got.R, got.RD, got.Vol, got.Games, want.r, want.rd, want.vol)
		}
	}
	return outcomes
}

// profileGame is person p's profile line for table id.
func (rg *ratedRig) profileGame(p int, id string) account.ProfileGame {
	rg.t.Helper()
	var prof account.Profile
	name := rg.who[p].Who()
	if code := rg.ts.Do("GET", "/api/users/"+name, nil, &prof); code != 200 {
		rg.t.Fatalf("profile of %s: %d", name, code)
	}
	for _, g := range prof.Games {
		if g.ID == id {
			return g
		}
	}
	rg.t.Fatalf("%s's profile does not list table %s", name, id)
	return account.ProfileGame{}
}

// playPlan is what one connection does: it plays its seat's first legal
// action until it has made moves moves (and the takeovers of after were
// seen), then sends the table commands then (in order), then plays on to
// the end if on, else answers nothing more. Without commands it plays
// all along if on, never if not.
type playPlan struct {
	moves int
	then  []string
	on    bool
	// after: the commands wait, besides, until a bot has taken each of
	// these seats over (its notice seen), so the order of giving up is
	// the test's.
	after []int
}

// drive plays conns (seat -> connection) by their plans until every one
// has seen the end, and returns the end message.
func drive(t *testing.T, conns map[int]*servertest.Client, plans map[int]playPlan) servertest.Msg {
	t.Helper()
	type done struct {
		end servertest.Msg
		err error
	}
	out := make(chan done, len(conns))
	for seat, c := range conns {
		p := plans[seat]
		go func() {
			moved, sent := 0, false
			waiting := map[int]bool{}
			for _, w := range p.after {
				waiting[w] = true
			}
			for {
				select {
				case m, ok := <-c.Msgs:
					if !ok {
						out <- done{err: fmt.Errorf("seat %d: connection closed", seat)}
						return
					}
					switch m.Type {
					case "notice":
						if n := servertest.As[room.NoticeMessage](t, m); n.Kind == room.EventTakeover {
							delete(waiting, n.About)
						}
					case "turn":
						if moved >= p.moves && !sent && len(p.then) > 0 && len(waiting) == 0 {
							for i, typ := range p.then {
								sendQuiet(c, map[string]string{"type": typ, "id": fmt.Sprintf("%s-%d", typ, i)})
							}
							sent = true
							continue // the seat is the bot's now, or taken back: a fresh turn comes
						}
						if len(m.Legal) == 0 || !((len(p.then) > 0 && !sent) || p.on) {
							continue
						}
						data, _ := json.Marshal(servertest.Cmd(m.Legal[0], m.Version, ""))
						sendQuiet(c, string(data))
						moved++
					case "end":
						out <- done{end: m}
						return
					case "error":
						if m.Code != "stale" && m.Code != "not-your-turn" {
							out <- done{err: fmt.Errorf("seat %d refused: %s %s", seat, m.Code, m.Text)}
							return
						}
					}
				case <-time.After(servertest.Hang):
					out <- done{err: fmt.Errorf("seat %d: no message for %v", seat, servertest.Hang)}
					return
				}
			}
		}()
	}
	var end servertest.Msg
	for range conns {
		d := <-out
		if d.err != nil {
			t.Fatalf("playing: %v", d.err)
		}
		end = d.end
	}
	return end
}

// sendQuiet writes v from a goroutine other than the test's (errors are
// the reader's to find).
func sendQuiet(c *servertest.Client, v any) {
	data, ok := v.(string)
	if !ok {
		b, _ := json.Marshal(v)
		data = string(b)
	}
	ctx, cancel := context.WithTimeout(context.Background(), servertest.Hang)
	defer cancel()
	c.Conn.Write(ctx, 1, []byte(data))
}

// playOut plays every seat of conns (seat -> connection) with its first
// legal action until the game ends, and returns the end message.
func playOut(t *testing.T, conns map[int]*servertest.Client) servertest.Msg {
	t.Helper()
	plans := map[int]playPlan{}
	for seat := range conns {
		plans[seat] = playPlan{on: true}
	}
	return drive(t, conns, plans)
}
