package account_test

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/server/account"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/store"
)

// TestRatedEscapes: at rated tables of two, three and four seats, a
// person who leaves their seat to a bot, resigns, times out, takes the
// seat back, or is away when the creator hands it to a bot is rated as
// having given it up (a loss; last at three or four, the first to give up
// lowest), whatever the bot then does; everyone else is rated against
// their real rating. Each person's rating is checked against Glicko-2
// computed here.
func TestRatedEscapes(t *testing.T) {
	cases := []struct {
		name   string
		people int
		bots   []string
		set    map[string]string
		plans  map[int]playPlan
		// gave is each seat's give-up order (-1 never).
		gave []int
		// timeOut: the first seat to move never does and its time runs
		// out; gives says whether that is giving the seat up (a bot plays
		// on) or a loss by the game's end. plans and gave are then for
		// the seats that play on.
		timeOut, gives bool
		// away: seat 1 never connects and the creator hands it to a bot.
		away bool
		// why is seat 0's reason on its profile ("" when it played on).
		why string
	}{
		{name: "two seats, leave while playing", people: 2, plans: map[int]playPlan{0: {moves: 3, then: []string{"leave"}}, 1: {on: true}}, gave: []int{0, -1}, why: "left"},
		{name: "two seats, leave and take back", people: 2, plans: map[int]playPlan{0: {moves: 2, then: []string{"leave", "take-back"}, on: true}, 1: {on: true}}, gave: []int{0, -1}, why: "left"},
		{name: "two seats, resign", people: 2, plans: map[int]playPlan{0: {moves: 2, then: []string{"resign"}}, 1: {on: true}}, gave: []int{-1, -1}},
		{name: "two seats, played out", people: 2, plans: map[int]playPlan{0: {on: true}, 1: {on: true}}, gave: []int{-1, -1}},
		{name: "two seats, time runs out (lose)", people: 2, set: map[string]string{"pace": "live", "move": "30s", "timeout": "lose"},
			plans: map[int]playPlan{0: {on: true}, 1: {on: true}}, gave: []int{-1, -1}, timeOut: true},
		{name: "two seats, away and handed to a bot", people: 2, plans: map[int]playPlan{0: {on: true}}, gave: []int{-1, 0}, away: true},
		{name: "two seats against a bot, leave", people: 1, bots: []string{"random"}, plans: map[int]playPlan{0: {moves: 1, then: []string{"leave"}}}, gave: []int{0, -1}, why: "left"},
		{name: "three seats, resign at once", people: 3, plans: map[int]playPlan{0: {then: []string{"resign"}}, 1: {on: true}, 2: {on: true}}, gave: []int{0, -1, -1}, why: "resigned"},
		{name: "three seats, time runs out (bot plays on)", people: 3, set: map[string]string{"pace": "live", "move": "30s"},
			plans: map[int]playPlan{0: {on: true}, 1: {on: true}, 2: {on: true}}, gave: []int{-1, -1, -1}, timeOut: true, gives: true},
		{name: "three seats with the random bot, leave", people: 2, bots: []string{"random"}, plans: map[int]playPlan{0: {moves: 2, then: []string{"leave"}}, 1: {on: true}}, gave: []int{0, -1, -1}, why: "left"},
		{name: "four seats, resign then leave", people: 4,
			plans: map[int]playPlan{0: {moves: 1, then: []string{"resign"}}, 1: {on: true}, 2: {moves: 2, then: []string{"leave"}, after: []int{0}}, 3: {on: true}},
			gave:  []int{0, -1, 1, -1}, why: "resigned"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rg := newRatedRig(t, "Ann", "Bob", "Cyd", "Dee")
			rg.playTwoWarmUps()
			tb, tok := rg.table(c.people, c.bots, c.set)
			before := rg.before()
			conns := map[int]*servertest.Client{}
			for s := range c.people {
				if c.away && s == 1 {
					continue
				}
				conns[s] = rg.ts.Dial(tb.ID, tok[s])
			}
			if c.timeOut {
				// The seat to move first (the deal decides) never does:
				// its time runs out.
				cm := servertest.ClockOf(t, rg.ts.Dial(tb.ID, ""), func(m room.ClockMessage) bool { return m.Started && servertest.Running(m) >= 0 })
				s := servertest.Running(cm)
				c.plans = maps.Clone(c.plans)
				c.plans[s] = playPlan{}
				if c.gave = slices.Clone(c.gave); c.gives {
					c.gave[s] = 0
					if s == 0 {
						c.why = "timeout"
					}
				}
				rg.clk.Advance(time.Duration(cm.Seats[s].LeftMS)*time.Millisecond + room.ClockLag) // timed out once the lag has passed
			}
			if c.away {
				rg.clk.Advance(time.Minute + time.Second)
				if code := rg.ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/bot", map[string]string{"creator_token": tb.CreatorToken}, nil); code != 200 {
					t.Fatalf("the creator's hand-over of the away seat: %d", code)
				}
			}
			drive(t, conns, c.plans)
			hdr := rg.settled(tb.ID)
			seats := make([]seatOf, c.people+len(c.bots))
			for i := range seats {
				seats[i] = seatOf{person: i, gaveUp: c.gave[i]}
				if i >= c.people {
					seats[i] = seatOf{person: -1, bot: c.bots[i-c.people], gaveUp: -1}
				}
			}
			outcomes := rg.expect(hdr, seats, before)
			g := rg.profileGame(0, tb.ID)
			if g.Rating == nil || g.Outcome != outcomes[0] || g.Rating.GaveUp != c.why || math.Abs(g.Rating.Change-(g.Rating.After-g.Rating.Before)) > 1e-9 {
				t.Errorf("Ann's profile says %+v (rating %+v); want %s, gave up %q", g, g.Rating, outcomes[0], c.why)
			}
			if r := ratingOf(rg.ts, "Ann", "watchtower"); r == nil || r.History[len(r.History)-1].Outcome != outcomes[0] || r.History[len(r.History)-1].GaveUp != c.why {
				t.Errorf("Ann's last history point: %+v; want %s, gave up %q", r, outcomes[0], c.why)
			}
			if c.gave[0] >= 0 && outcomes[0] != "lost" {
				t.Errorf("Ann gave her seat up, yet her rated result is %s", outcomes[0])
			}
		})
	}
}

// playTwoWarmUps gives Ann and Bob ratings apart from a new player's (Ann
// beats Bob twice, by his resignation), so each later game is rated from
// real, different ratings.
func (rg *ratedRig) playTwoWarmUps() {
	rg.t.Helper()
	for range 2 {
		tb, tok := rg.table(2, nil, nil)
		bob := rg.ts.Dial(tb.ID, tok[1])
		servertest.TableCmd(bob, "resign", "r")
		bob.Until("end")
		rg.settled(tb.ID)
	}
	rg.clk.Advance(3 * 24 * time.Hour) // their deviations grow for three idle days
}

// TestRatedAbortMovesNothing: an aborted rated game moves no rating and
// reads "aborted" on the profile, never "drawn".
func TestRatedAbortMovesNothing(t *testing.T) {
	rg := newRatedRig(t, "Ann", "Bob")
	tb, tok := rg.table(2, nil, nil)
	ann := rg.ts.Dial(tb.ID, tok[0])
	servertest.TableCmd(ann, "abort", "a")
	ann.Until("end")
	rg.settled(tb.ID)
	if rs, _ := rg.st.Ratings(context.Background(), "watchtower", rg.ids); len(rs) != 0 {
		t.Errorf("an aborted game rated %+v", rs)
	}
	if g := rg.profileGame(1, tb.ID); g.Outcome != "aborted" || g.Rating != nil {
		t.Errorf("Bob's profile: %+v; want aborted, no rating change", g)
	}
}

// TestRatedRematch: the rematch of a rated table is rated, its seats
// linked to the same accounts, when both agree; its result moves both
// ratings again (checked by Glicko-2 here). At three seats a rated
// rematch is not made with a bot sitting in for someone who did not
// answer: the offer lapses.
func TestRatedRematch(t *testing.T) {
	rg := newRatedRig(t, "Ann", "Bob", "Cyd")
	tb, tok := rg.table(2, nil, nil)
	ann, bob := rg.ts.Dial(tb.ID, tok[0]), rg.ts.Dial(tb.ID, tok[1])
	drive(t, map[int]*servertest.Client{0: ann, 1: bob}, map[int]playPlan{0: {on: true}, 1: {on: true}})
	rg.settled(tb.ID)
	if m := servertest.RematchOf(t, bob, func(m room.RematchMessage) bool { return true }); m.Open || !m.Rated {
		t.Errorf("at the end of a rated game: %+v; want the table to say its rematch would be rated", m)
	}
	servertest.TableCmd(ann, "rematch", "m")
	if n := servertest.Notice(t, bob, room.EventRematchOffer); n.Text != "Ann asked for a rated rematch" {
		t.Errorf("the offer's notice: %q", n.Text)
	}
	if m := servertest.RematchOf(t, bob, func(m room.RematchMessage) bool { return m.Open }); !m.Rated {
		t.Errorf("the rematch offer at a rated table does not say it is rated: %+v", m)
	}
	servertest.TableCmd(bob, "rematch", "yes")
	m := servertest.RematchOf(t, ann, func(m room.RematchMessage) bool { return m.Table != "" })
	hdr, err := rg.st.Table(context.Background(), m.Table)
	if err != nil || !hdr.Rated {
		t.Fatalf("the rematch of a rated table: %+v, %v; want it rated", hdr, err)
	}
	links, _ := rg.st.SeatAccounts(context.Background(), []string{m.Table})
	if len(links) != 2 || links[0].User != rg.ids[1] || links[1].User != rg.ids[0] {
		t.Fatalf("the rematch's seats are linked %+v; want Bob at 0, Ann at 1 (seats move on by one)", links)
	}
	before := rg.before()
	ann2, bob2 := rg.ts.Dial(m.Table, tok[0]), rg.ts.Dial(m.Table, tok[1])
	drive(t, map[int]*servertest.Client{1: ann2, 0: bob2}, map[int]playPlan{0: {moves: 2, then: []string{"leave"}}, 1: {on: true}})
	rg.expect(rg.settled(m.Table), []seatOf{{person: 1, gaveUp: 0}, {person: 0, gaveUp: -1}}, before)

	// Three seats: Cyd does not answer; the rated rematch lapses.
	tb3, tok3 := rg.table(3, nil, nil)
	c3 := map[int]*servertest.Client{}
	for s := range 3 {
		c3[s] = rg.ts.Dial(tb3.ID, tok3[s])
	}
	servertest.TableCmd(c3[0], "resign", "r0")
	servertest.TableCmd(c3[1], "resign", "r1")
	drive(t, map[int]*servertest.Client{2: c3[2]}, map[int]playPlan{2: {on: true}})
	c3[0].Until("end")
	servertest.TableCmd(c3[0], "rematch", "m")
	servertest.RematchOf(t, c3[1], func(m room.RematchMessage) bool { return m.Open })
	servertest.TableCmd(c3[1], "rematch", "yes")
	servertest.RematchOf(t, c3[0], func(m room.RematchMessage) bool { return m.Open && len(m.Agreed) == 2 })
	rg.clk.Advance(room.RematchLapse)
	servertest.Notice(t, c3[0], room.EventRematchLapse)
	if m := servertest.RematchOf(t, c3[0], func(m room.RematchMessage) bool { return !m.Open }); m.Table != "" {
		t.Errorf("a rated rematch was made with a bot sitting in for Cyd: %+v", m)
	}
}

// TestLeaderboardProvisional: the leaderboard leaves out provisional
// players (deviation above 110, as grown by idle days) and shows the
// grown deviation; the profile shows the grown deviation too.
func TestLeaderboardProvisional(t *testing.T) {
	rg := newRatedRig(t, "Ann", "Bob")
	ctx := context.Background()
	// Ann is established (RD 60), Bob provisional (RD 150), both rated a
	// moment ago.
	for i, rd := range []float64{60, 150} {
		tb := store.Table{ID: fmt.Sprintf("warm%d", i), Game: "watchtower", Options: map[string]string{"players": "2"}, Rated: true, Created: rg.clk.Now(),
			Seats: []store.Seat{{Name: "a", Kind: "human", Token: "x"}, {Name: "b", Kind: "human", Token: "y"}}}
		if err := rg.st.CreateTable(ctx, tb); err != nil {
			t.Fatal(err)
		}
		c := store.RatingChange{Before: store.Rating{User: rg.ids[i], Category: "watchtower", R: 1500, RD: 350, Vol: 0.06},
			After: store.Rating{R: 1700 - 100*float64(i), RD: rd, Vol: 0.06}}
		if err := rg.st.Settle(ctx, store.Settlement{Table: tb.ID, Result: won2, At: rg.clk.Now(), Ratings: []store.RatingChange{c}}); err != nil {
			t.Fatal(err)
		}
	}
	board := func() account.Leaderboard {
		var b account.Leaderboard
		rg.ts.Do("GET", "/api/leaderboards/watchtower", nil, &b)
		return b
	}
	if b := board(); len(b.Entries) != 1 || b.Entries[0].Name != "Ann" || b.Entries[0].RD != 60 {
		t.Fatalf("the board: %+v; want Ann alone (Bob is provisional)", b.Entries)
	}
	var around account.Leaderboard
	rg.who[1].Do("GET", "/api/leaderboards/watchtower?around=me", nil, nil, &around)
	if around.Me == nil || !around.Me.Provisional || around.Me.Rank != 0 || around.Me.Rating != 1600 {
		t.Errorf("Bob's own entry: %+v; want provisional without a rank", around.Me)
	}
	rg.clk.Advance(30 * 24 * time.Hour)
	wantRD := g2Scale * math.Sqrt(math.Pow(60/g2Scale, 2)+30*0.06*0.06)
	if b := board(); len(b.Entries) != 1 || math.Abs(b.Entries[0].RD-wantRD) > 1e-9 {
		t.Errorf("after 30 idle days the board: %+v; want Ann at RD %.2f", b.Entries, wantRD)
	}
	if r := ratingOf(rg.ts, "Ann", "watchtower"); r == nil || math.Abs(r.RD-wantRD) > 1e-9 || r.Provisional || r.Rank != 1 {
		t.Errorf("Ann's profile after 30 idle days: %+v; want RD %.2f, rank 1", r, wantRD)
	}
	rg.clk.Advance(60 * 24 * time.Hour) // 90 days: 60² + 90·108.6 > 110²
	if b := board(); len(b.Entries) != 0 {
		t.Errorf("after 90 idle days the board: %+v; Ann's deviation grew past 110", b.Entries)
	}
	if r := ratingOf(rg.ts, "Ann", "watchtower"); r == nil || !r.Provisional || r.Rank != 0 {
		t.Errorf("Ann's profile after 90 idle days: %+v; want provisional, no rank", r)
	}
}

// won2 is a two-seat result, seat 0 the winner.
var won2 = engine.Result{Over: true, End: "won", Winners: []int{0}, Returns: []float64{1, -1}}
