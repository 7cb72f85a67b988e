package tournament_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
	"cardtable/server/tournament"
	"cardtable/store"
	"cardtable/tourney"
	"cardtable/tourney/swisscheck"
)

func create(t *testing.T, p *servertest.Person, body map[string]any) tournament.Summary {
	t.Helper()
	var sm tournament.Summary
	if code := p.Do("POST", "/api/tournaments", body, nil, &sm); code != http.StatusCreated {
		t.Fatalf("create %v: %d %+v", body, code, sm)
	}
	return sm
}

func must(t *testing.T, p *servertest.Person, path string, body any) {
	t.Helper()
	var e servertest.APIError
	if code := p.Do("POST", path, body, nil, &e); code != http.StatusOK {
		t.Fatalf("POST %s: %d %+v", path, code, e)
	}
}

func view(t *testing.T, p *servertest.Person, id string) tournament.View {
	t.Helper()
	var v tournament.View
	if code := p.Do("GET", "/api/tournaments/"+id, nil, nil, &v); code != http.StatusOK {
		t.Fatalf("GET tournament: %d", code)
	}
	return v
}

// resignIfPlaying takes p's seat in their game under way, if any, and
// resigns it.
func resignIfPlaying(t *testing.T, ts *servertest.Server, p *servertest.Person, id string) bool {
	t.Helper()
	if v := view(t, p, id); v.Me == nil || v.Me.Playing == "" {
		return false
	}
	var seat tournament.Seat
	if code := p.Do("POST", "/api/tournaments/"+id+"/play", nil, nil, &seat); code != http.StatusOK {
		return false // it ended a moment ago
	}
	c := ts.Dial(seat.Table, seat.Token)
	if hello := c.Until("hello"); hello.Seat != seat.Seat {
		t.Fatalf("the play token of seat %d joined as %d", seat.Seat, hello.Seat)
	}
	servertest.TableCmd(c, "resign", "r")
	c.Until("end")
	return true
}

// TestSwissOfEight runs a Swiss of two people and six bots for three
// rounds; Bob leaves during round 1 (his game still counts: he resigns
// it). Every round is checked against the independent pairer: no repeated
// opponent, the byes of the seven left rotated, the least-cost pairing.
func TestSwissOfEight(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann, bob := ts.SignedUp("Ann"), ts.SignedUp("Bob")
	sw := create(t, ann, map[string]any{"kind": "swiss", "game": "war", "preset": "classic", "rounds": 3, "clock": "1m", "starts_in": 10})
	must(t, ann, "/api/tournaments/"+sw.ID+"/join", nil)
	must(t, bob, "/api/tournaments/"+sw.ID+"/join", nil)
	must(t, ann, "/api/tournaments/"+sw.ID+"/bots", map[string]int{"count": 6})
	var refusal servertest.APIError
	if code := bob.Do("POST", "/api/tournaments/"+sw.ID+"/start", nil, nil, &refusal); code != http.StatusForbidden {
		t.Errorf("Bob starting Ann's tournament: %d %+v", code, refusal)
	}
	must(t, ann, "/api/tournaments/"+sw.ID+"/start", nil)
	bobLeft := false
	deadline := time.Now().Add(90 * time.Second)
	for view(t, ann, sw.ID).Tournament.Status != store.StatusFinished {
		if time.Now().After(deadline) {
			t.Fatalf("the Swiss did not finish: %+v", view(t, ann, sw.ID))
		}
		resignIfPlaying(t, ts, ann, sw.ID)
		if !bobLeft && view(t, bob, sw.ID).Me.Playing != "" {
			must(t, bob, "/api/tournaments/"+sw.ID+"/withdraw", nil)
			bobLeft = true
			if !resignIfPlaying(t, ts, bob, sw.ID) {
				t.Errorf("Bob, withdrawn, could not take his game under way to resign it")
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	st := ts.St.(store.Tournaments)
	es, _ := st.Entrants(context.Background(), sw.ID)
	gs, _ := st.TournamentGames(context.Background(), sw.ID)
	checkSwiss(t, es, gs, 3)
	if v := view(t, bob, sw.ID); !v.Me.Withdrawn || v.Me.Playing != "" {
		t.Errorf("Bob after withdrawing: %+v", v.Me)
	}
	places := []int{}
	for _, e := range es {
		places = append(places, e.Place)
	}
	slices.Sort(places)
	if !slices.Equal(places, []int{1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Errorf("final places %v, want 1 to 8", places)
	}
}

// checkSwiss checks every round of the games against swisscheck, with the
// players active then (Bob, who withdrew in round 1, out of rounds 2 on).
func checkSwiss(t *testing.T, es []store.Entrant, gs []store.TournamentGame, rounds int) {
	t.Helper()
	var played []tourney.Game
	byes := map[string]int{}
	for r := 1; r <= rounds; r++ {
		var active []swisscheck.Player
		for _, e := range es {
			if e.Withdrawn.IsZero() || r == 1 {
				active = append(active, tourney.Player{ID: e.ID, Rating: e.Rating, Order: e.Entry})
			}
		}
		var round tourney.Round
		var these []tourney.Game
		for _, g := range gs {
			if g.Round != r {
				continue
			}
			if g.Ended.IsZero() {
				t.Errorf("round %d board %d never ended", r, g.Board)
			}
			if g.Second == "" {
				round.Bye = g.First
				byes[g.First]++
			} else {
				round.Boards = append(round.Boards, tourney.Board{First: g.First, Second: g.Second})
			}
			these = append(these, tourney.Game{Round: r, First: g.First, Second: g.Second, Outcome: tourney.Outcome(g.Outcome)})
		}
		if len(these) == 0 {
			t.Fatalf("round %d was not played", r)
		}
		if err := swisscheck.Check(active, played, round); err != nil {
			t.Errorf("round %d: %v", r, err)
		}
		played = append(played, these...)
	}
	for id, n := range byes {
		if n > 1 {
			t.Errorf("%s had %d byes in %d rounds of seven", id, n, rounds)
		}
	}
	if len(byes) != rounds-1 {
		t.Errorf("byes %v; want one in each round of an odd number", byes)
	}
}

// TestSoloRanking: two people play the same deals of a Regicide solo
// tournament; aborting at once, Ann takes less time than Bob (a minute
// of the server's clock passes during Bob's attempt) and ranks first with
// equal enemies; the deals' seeds, shown after the end, match the
// commitments shown before it.
func TestSoloRanking(t *testing.T) {
	clk := testclock.New(time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC))
	ts, _ := servertest.NewAccountsConfig(t, server.Config{Clock: clk})
	ann, bob := ts.SignedUp("Ann"), ts.SignedUp("Bob")
	so := create(t, ann, map[string]any{"kind": "solo", "game": "regicide", "minutes": 5, "deals": 1, "starts_in": 10})
	must(t, ann, "/api/tournaments/"+so.ID+"/join", nil)
	must(t, bob, "/api/tournaments/"+so.ID+"/join", nil)
	must(t, ann, "/api/tournaments/"+so.ID+"/start", nil)
	before := view(t, ann, so.ID)
	if len(before.Deals) != 1 || before.Deals[0].Seed != "" || before.Deals[0].Commitment == "" {
		t.Fatalf("the deals before the end: %+v; want a commitment and no seed", before.Deals)
	}
	var seats []tournament.Seat
	for i, p := range []*servertest.Person{ann, bob} {
		var seat tournament.Seat
		deadline := time.Now().Add(10 * time.Second)
		for p.Do("POST", "/api/tournaments/"+so.ID+"/play", nil, nil, &seat) != http.StatusOK {
			if time.Now().After(deadline) {
				t.Fatal("the solo tournament did not start")
			}
			time.Sleep(50 * time.Millisecond)
		}
		if i == 1 {
			clk.Advance(time.Minute) // Bob takes longer
		}
		c := ts.Dial(seat.Table, seat.Token)
		c.Until("hello")
		servertest.TableCmd(c, "abort", "r") // Regicide is co-operative: nobody resigns
		c.Until("end")
		seats = append(seats, seat)
	}
	var again servertest.APIError
	if code := ann.Do("POST", "/api/tournaments/"+so.ID+"/play", nil, nil, &again); code != http.StatusConflict {
		t.Errorf("a second attempt after the last deal: %d %+v", code, again)
	}
	a, _ := ts.St.Table(context.Background(), seats[0].Table)
	b, _ := ts.St.Table(context.Background(), seats[1].Table)
	if a.Seed != b.Seed {
		t.Errorf("Ann and Bob played different deals: seeds %d and %d", a.Seed, b.Seed)
	}
	var v tournament.View
	deadline := time.Now().Add(10 * time.Second)
	for {
		v = view(t, ann, so.ID)
		if len(v.Standings) == 2 && v.Standings[0].Finished == 1 && v.Standings[1].Finished == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the attempts were not settled: %+v", v.Standings)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if v.Standings[0].Name != "Ann" || v.Standings[0].Seconds >= v.Standings[1].Seconds {
		t.Errorf("standings %+v; want Ann first, in less time", v.Standings)
	}
	if fmt.Sprint(tourney.SoloCommitment(so.ID, 1, a.Seed)) != before.Deals[0].Commitment {
		t.Errorf("the deal's seed does not match the commitment shown before")
	}
}

func TestCreateRefusals(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	guest := ts.NewPerson()
	if code := guest.Do("POST", "/api/tournaments", map[string]any{"kind": "swiss", "game": "war", "rounds": 3, "clock": "1m"}, nil, nil); code != http.StatusUnauthorized {
		t.Errorf("a guest creating a tournament: %d", code)
	}
	ann := ts.SignedUp("Ann")
	for _, body := range []map[string]any{
		{"kind": "swiss", "game": "regicide", "rounds": 3, "clock": "1m"},
		{"kind": "arena", "game": "watchtower", "minutes": 30, "clock": "1m"},
		{"kind": "swiss", "game": "war", "rounds": 30, "clock": "1m"},
		{"kind": "swiss", "game": "war", "rounds": 3, "clock": "1h"},
		{"kind": "arena", "game": "war", "minutes": 1000, "clock": "1m"},
		{"kind": "solo", "game": "regicide", "minutes": 30, "deals": 50},
		{"kind": "solo", "game": "regicide", "minutes": 30, "deals": 3, "rated": true},
		{"kind": "swiss", "game": "war", "preset": "classic", "rounds": 3, "clock": "1m", "rated": true},
		{"kind": "swiss", "game": "war", "rounds": 3, "clock": "1m", "starts_in": -1},
	} {
		var e servertest.APIError
		if code := ann.Do("POST", "/api/tournaments", body, nil, &e); code != http.StatusBadRequest || e.Message == "" {
			t.Errorf("%v: %d %+v, want 400 with a sentence", body, code, e)
		}
	}
	for range tournament.MaxUnderWay {
		create(t, ann, map[string]any{"kind": "swiss", "game": "war", "rounds": 3, "clock": "1m", "starts_in": 60})
	}
	if code := ann.Do("POST", "/api/tournaments", map[string]any{"kind": "swiss", "game": "war", "rounds": 3, "clock": "1m", "starts_in": 60}, nil, nil); code != http.StatusTooManyRequests {
		t.Errorf("a tournament past the creator's bound: %d", code)
	}
}

// TestArenaPairsAgain runs a War arena of four bots for four seconds, games
// of at most 40 battles (made in the store: the HTTP API's shortest window
// is five minutes): players
// are paired again as soon as their games end, never against the opponent
// of their last game, and the arena ends once its games have.
func TestArenaPairsAgain(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	st := ts.St.(store.Tournaments)
	ctx := context.Background()
	now := time.Now()
	ar := store.Tournament{ID: "arena1", Kind: store.KindArena, Game: "war", Name: "arena", Options: map[string]string{"players": "2", "max-battles": "40"},
		Settings: map[string]string{"clock": "1m", "preset": "classic"}, Status: store.StatusOpen, Starts: now, Ends: now.Add(4 * time.Second), Created: now}
	if err := st.CreateTournament(ctx, ar, 0); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		e := store.Entrant{Tournament: "arena1", ID: fmt.Sprintf("bot:%d", i+1), Name: fmt.Sprintf("bot %d", i+1), Bot: "random", Rating: 1500, Joined: now}
		if _, err := st.JoinTournament(ctx, e, 0, false); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		got, _ := st.Tournament(ctx, "arena1")
		if got.Status == store.StatusFinished {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the arena did not finish: %+v", got)
		}
		time.Sleep(50 * time.Millisecond)
	}
	gs, _ := st.TournamentGames(ctx, "arena1")
	if len(gs) <= 2 {
		t.Fatalf("%d games in four seconds of an arena of four bots; want them paired again and again", len(gs))
	}
	last := map[string]string{}
	for _, g := range gs { // by wave: each player's games in the order played
		if g.Ended.IsZero() {
			t.Errorf("game %+v never ended", g)
		}
		if last[g.First] == g.Second || last[g.Second] == g.First {
			t.Errorf("wave %d: %s met %s twice in a row", g.Round, g.First, g.Second)
		}
		last[g.First], last[g.Second] = g.Second, g.First
	}
	es, _ := st.Entrants(ctx, "arena1")
	for _, e := range es {
		if e.Place < 1 || e.Place > 4 {
			t.Errorf("%s: place %d", e.ID, e.Place)
		}
	}
}

// TestAbortLoses: a player who calls their Swiss game off before it gets
// going (abort) loses it, rather than drawing: nobody escapes a pairing
// after a look at their cards.
func TestAbortLoses(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann, bob := ts.SignedUp("Ann"), ts.SignedUp("Bob")
	sw := create(t, ann, map[string]any{"kind": "swiss", "game": "watchtower", "rounds": 1, "clock": "1m", "starts_in": 10})
	must(t, ann, "/api/tournaments/"+sw.ID+"/join", nil)
	must(t, bob, "/api/tournaments/"+sw.ID+"/join", nil)
	must(t, ann, "/api/tournaments/"+sw.ID+"/start", nil)
	var seat tournament.Seat
	deadline := time.Now().Add(10 * time.Second)
	for ann.Do("POST", "/api/tournaments/"+sw.ID+"/play", nil, nil, &seat) != http.StatusOK {
		if time.Now().After(deadline) {
			t.Fatal("Ann's game never came")
		}
		time.Sleep(50 * time.Millisecond)
	}
	c := ts.Dial(seat.Table, seat.Token)
	c.Until("hello")
	servertest.TableCmd(c, "abort", "a")
	c.Until("end")
	deadline = time.Now().Add(10 * time.Second)
	for {
		v := view(t, ann, sw.ID)
		if v.Tournament.Status == store.StatusFinished {
			if v.Standings[0].Name != "Bob" || v.Standings[1].Name != "Ann" || v.Standings[1].Losses != 1 {
				t.Errorf("after Ann aborted: %+v; want Bob first, Ann with a loss", v.Standings)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tournament did not finish: %+v", v)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestArenaPairsAtOnce: with the director's walk an hour apart, an arena
// of four bots still plays wave after wave: each game's end, stored, tells
// the director, which pairs the players free again at once.
func TestArenaPairsAtOnce(t *testing.T) {
	ts, _ := servertest.NewAccountsConfig(t, server.Config{TournamentWalk: time.Hour})
	ann := ts.SignedUp("Ann")
	ar := create(t, ann, map[string]any{"kind": "arena", "game": "war", "preset": "classic", "minutes": 5, "clock": "20s", "starts_in": 10})
	must(t, ann, "/api/tournaments/"+ar.ID+"/bots", map[string]int{"count": 4})
	must(t, ann, "/api/tournaments/"+ar.ID+"/start", nil)
	st := ts.St.(store.Tournaments)
	deadline := time.Now().Add(time.Minute)
	for {
		gs, _ := st.TournamentGames(context.Background(), ar.ID)
		ended := 0
		for _, g := range gs {
			if !g.Ended.IsZero() {
				ended++
			}
		}
		if len(gs) >= 6 && ended >= 4 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d games (%d ended) in a minute; want wave after wave paired as games end", len(gs), ended)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
