package cluster_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/record"
	"cardtable/store"
	"cardtable/store/postgres"
	"cardtable/table"
)

// TestNodesPlayOneTable: three nodes; a table created on one, its second
// seat claimed through another (forwarded to the owner), its players
// connected to the two nodes that do not own it and spectators on the
// owner and a relay. The game is played to its end and every message each
// of them got is checked against its view of the true position (no
// leaks across nodes), and every node's lobby lists the table.
func TestNodesPlayOneTable(t *testing.T) {
	nodes, db := startNodes(t, 3)
	for _, game := range []struct {
		name  string
		opts  map[string]string
		seats int
	}{
		{"regicide", map[string]string{"players": "2"}, 2},
		{"watchtower", map[string]string{"players": "3", "max-rounds": "8"}, 3},
	} {
		t.Run(game.name, func(t *testing.T) {
			c := createTable(t, nodes[0], game.name, game.opts, game.seats)
			tokens := []string{c.Token}
			for s := 1; s < game.seats; s++ {
				tokens = append(tokens, claim(t, nodes[2], c.ID, s))
			}
			acks := &atomic.Int64{}
			var players []*player
			for s, tok := range tokens {
				players = append(players, newPlayer(t, c.ID, s, tok, acks, nodes[1+s%2].base))
			}
			players = append(players, newPlayer(t, c.ID, -1, "", acks, nodes[0].base), newPlayer(t, c.ID, -1, "", acks, nodes[1].base))
			playAll(t, players, 90*time.Second)
			checkNoLeaks(t, db, c.ID, players)
			for _, n := range nodes {
				var list struct {
					Tables []struct {
						ID string `json:"id"`
					} `json:"tables"`
				}
				n.api("GET", "/api/tables", nil, &list)
				if !strings.Contains(fmt.Sprint(list), c.ID) {
					t.Errorf("%s's lobby does not list table %s: %v", n.name, c.ID, list)
				}
			}
		})
	}
}

// playAll plays every player to the game's end.
func playAll(t *testing.T, players []*player, limit time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	var wg sync.WaitGroup
	ended := make([]bool, len(players))
	for i, p := range players {
		wg.Go(func() { ended[i] = p.play(ctx) })
	}
	wg.Wait()
	for i, p := range players {
		if !ended[i] {
			for _, q := range players {
				ms := q.messages()
				for _, m := range ms[max(0, len(ms)-3):] {
					t.Logf("seat %d's last messages: %s", q.seat, m.Raw)
				}
			}
			t.Fatalf("seat %d did not see the game end within %v (got %d messages)", p.seat, limit, len(p.messages()))
		}
	}
}

// TestKillOwner: three nodes; a War table (two people, a bot) owned by
// one, its players on the others. The owner is killed with kill -9
// mid-game; the table resumes on another node, the players reconnect (the
// relays tell them the table moved) and play it to its end, resending
// their last unanswered command as it was. Every acknowledged action is
// in the log where it was acknowledged and none is applied twice.
func TestKillOwner(t *testing.T) {
	nodes, db := startNodes(t, 3)
	var c created
	if st := nodes[0].api("POST", "/api/tables", map[string]any{"game": "war", "name": "ann",
		"options": map[string]string{"max-battles": "80"},
		"seats":   []map[string]string{{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}}}, &c); st != 201 {
		t.Fatalf("create: status %d", st)
	}
	tok1 := claim(t, nodes[1], c.ID, 1)
	acks := &atomic.Int64{}
	players := []*player{
		newPlayer(t, c.ID, 0, c.Token, acks, nodes[1].base, nodes[2].base),
		newPlayer(t, c.ID, 1, tok1, acks, nodes[2].base, nodes[1].base),
		newPlayer(t, c.ID, -1, "", acks, nodes[1].base, nodes[2].base),
	}
	done := make(chan struct{})
	go func() { playAll(t, players, 100*time.Second); close(done) }()
	for acks.Load() < 20 {
		select {
		case <-done:
			t.Fatal("the game ended before the owner could be killed; make it longer")
		case <-time.After(10 * time.Millisecond):
		}
	}
	before := acks.Load()
	nodes[0].kill9()
	killed := time.Now()
	<-done
	if acks.Load() <= before+2 {
		t.Fatalf("only %d actions acknowledged after the kill", acks.Load()-before)
	}
	var first time.Time
	for _, p := range players[:2] {
		if at := firstAfter(p, killed); !at.IsZero() && (first.IsZero() || at.Before(first)) {
			first = at
		}
	}
	t.Logf("%d actions acknowledged before the kill, %d after; the first after it %v after it", before, acks.Load()-before, first.Sub(killed))
	checkAcked(t, db, c.ID, players[:2])
	checkNoLeaks(t, db, c.ID, players)
	if !strings.Contains(nodes[1].output()+nodes[2].output(), "table taken over") {
		t.Error("neither node that was left logged taking the table over")
	}
}

// firstAfter is p's first acknowledgement after at (zero if none).
func firstAfter(p *player, at time.Time) time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, a := range p.ackAt {
		if a.After(at) {
			return a
		}
	}
	return time.Time{}
}

// TestPausedOwnerFenced: the owner is paused (SIGSTOP) until its lease
// expires and another node takes the table; after SIGCONT the command a
// player sends it is refused (the append is fenced, not trusted) and
// nothing of it is stored; the player reconnects and the action is
// accepted by the new owner.
func TestPausedOwnerFenced(t *testing.T) {
	nodes, db := startNodes(t, 2)
	c := createTable(t, nodes[0], "regicide", map[string]string{"players": "2"}, 2)
	tokens := []string{c.Token, claim(t, nodes[1], c.ID, 1)}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	st := openStore(t, db)
	owner, other := ownerOf(t, ctx, st, c.ID, nodes)
	// Both seats on the owner; the one to move is the one the test plays.
	turns := make(chan msg, 2)
	var conns []*wsConn
	for s, tok := range tokens {
		w, err := dial(ctx, owner.base, c.ID, tok)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, w)
		go func() {
			for data := range w.msgs {
				var m msg
				json.Unmarshal(data, &m)
				if m.Type == "turn" && m.Seat == s {
					turns <- m
					return
				}
			}
		}()
	}
	var turn msg
	select {
	case turn = <-turns:
	case <-ctx.Done():
		t.Fatal("no seat got its turn")
	}
	w, token := conns[turn.Seat], tokens[turn.Seat]
	owner.signal(syscall.SIGSTOP)
	for {
		l, err := st.Lease(ctx, c.ID)
		if err == nil && strings.HasPrefix(l.Node, other.name+"-") {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("%s did not take the table over from the paused %s: %+v %v", other.name, owner.name, l, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	owner.signal(syscall.SIGCONT)
	w.send(command{Action: turn.Legal[0], Version: turn.Version, ID: "late"})
	for m := range w.msgs {
		var got msg
		json.Unmarshal(m, &got)
		if got.Type == "event" {
			t.Fatalf("the fenced node acknowledged an action: %s", m)
		}
	}
	if acts, err := st.Actions(ctx, c.ID); err != nil || len(acts) != 0 {
		t.Fatalf("after the fenced node's command the log holds %v (%v); want nothing", acts, err)
	}
	w2, err := dial(ctx, other.base, c.ID, token)
	if err != nil {
		t.Fatal(err)
	}
	seat := turn.Seat
	turn = waitFor(t, ctx, w2, func(m msg) bool { return m.Type == "turn" && m.Seat == seat })
	w2.send(command{Action: turn.Legal[0], Version: turn.Version, ID: "again"})
	waitFor(t, ctx, w2, func(m msg) bool { return m.Type == "event" && m.ID == "again" })
	if acts, err := st.Actions(ctx, c.ID); err != nil || len(acts) != 1 {
		t.Fatalf("the new owner's log: %v (%v); want the one action", acts, err)
	}
	if !strings.Contains(owner.output(), "table lost") {
		t.Errorf("%s did not log losing the table:\n%s", owner.name, owner.output())
	}
}

// waitFor reads w until a message matches.
func waitFor(t *testing.T, ctx context.Context, w *wsConn, match func(msg) bool) msg {
	t.Helper()
	for {
		select {
		case data, ok := <-w.msgs:
			if !ok {
				t.Fatal("the connection ended before the message came")
			}
			var m msg
			json.Unmarshal(data, &m)
			if match(m) {
				return m
			}
		case <-ctx.Done():
			t.Fatal("the message did not come in time")
		}
	}
}

// ownerOf waits until table id has an owner and returns that node of the
// two and the other one. The node that created a table runs it, unless
// the other adopted it between its creation and its opening (a race the
// server allows: a table is stored before it is leased).
func ownerOf(t *testing.T, ctx context.Context, st *postgres.Store, id string, nodes []*proc) (owner, other *proc) {
	t.Helper()
	for {
		l, err := st.Lease(ctx, id)
		if err == nil && l.Node != "" {
			if strings.HasPrefix(l.Node, nodes[1].name+"-") {
				return nodes[1], nodes[0]
			}
			return nodes[0], nodes[1]
		}
		if ctx.Err() != nil {
			t.Fatalf("table %s has no owner: %+v %v", id, l, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func openStore(t *testing.T, db string) *postgres.Store {
	t.Helper()
	st, err := postgres.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// checkAcked: each acknowledged action is in the log at the version its
// event named, by its seat, as sent; no two commands share a log entry.
func checkAcked(t *testing.T, db, id string, players []*player) {
	t.Helper()
	_, acts := canonicalLog(t, db, id)
	used := map[int]string{}
	for _, p := range players {
		for cid, v := range p.acked {
			if v < 0 || v > len(acts) || v == 0 && !p.sealed[cid] {
				t.Fatalf("seat %d's %s acknowledged at version %d; the log has %d actions", p.seat, cid, v, len(acts))
			}
			at := v - 1
			if p.sealed[cid] {
				// Sealed in a simultaneous window that opened at v: it is
				// among the window's answers, shown from v on.
				at = -1
				for i := v; i < len(acts) && i < v+2*engine.MaxSeats; i++ {
					if _, dup := used[i]; !dup && acts[i].Seat == p.seat && acts[i].Action == p.sent[cid] {
						at = i
						break
					}
				}
				if at < 0 {
					t.Errorf("seat %d's %s (%q) acknowledged sealed at version %d, but the window's answers from there are %+v", p.seat, cid, p.sent[cid], v, acts[v:min(len(acts), v+2*engine.MaxSeats)])
					continue
				}
			}
			a := acts[at]
			if a.Seat != p.seat || a.Action != p.sent[cid] {
				t.Errorf("seat %d's %s (%q) acknowledged at version %d, but the log has %+v there", p.seat, cid, p.sent[cid], v, a)
			}
			if other, dup := used[at]; dup {
				t.Errorf("log entry %d acknowledged to two commands: %s and %s", at, other, cid)
			}
			used[at] = cid
		}
	}
}

// canonicalLog is table id's stored log as the players were shown it: a
// simultaneous window's answers (stored in the order they came) in seat
// order, as a table resumed from the log has them.
func canonicalLog(t *testing.T, db, id string) (store.Table, []record.Action) {
	t.Helper()
	st := openStore(t, db)
	hdr, err := st.Table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	acts, err := st.Actions(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Lookup(hdr.Game)
	if err != nil {
		t.Fatal(err)
	}
	seed := hdr.Seed
	rec := &record.Record{Version: record.Version, Game: hdr.Game, Options: hdr.Options, Seed: &seed}
	for _, a := range acts {
		rec.Actions = append(rec.Actions, record.Action{Seat: a.Seat, Action: a.Action})
	}
	tb, err := table.Resume(g, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	return hdr, tb.Record().Actions
}

var cardPattern = regexp.MustCompile(`\b(?:10|[2-9JQKA])[CDHS]\b|\bJK[12]\b`)

// checkNoLeaks checks what each player got against the game replayed from
// the log: every message is for its seat, every view is its view of the
// true position (a spectator's cards seen by every seat), every event's
// action told as it may know it.
func checkNoLeaks(t *testing.T, db, id string, players []*player) {
	t.Helper()
	hdr, acts := canonicalLog(t, db, id)
	g, err := games.Lookup(hdr.Game)
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := engine.ResolveOptions(g.Options(), hdr.Options)
	state, err := g.New(opts, engine.Setup{Seed: hdr.Seed})
	if err != nil {
		t.Fatal(err)
	}
	states, played := []engine.State{state.Clone()}, []engine.Action{0}
	for _, a := range acts {
		act, err := state.ParseAction(a.Seat, a.Action)
		if err == nil {
			err = state.Apply(a.Seat, act)
		}
		if err != nil {
			t.Fatalf("stored action %+v: %v", a, err)
		}
		states, played = append(states, state.Clone()), append(played, act)
	}
	if !state.Terminal() {
		t.Fatal("the stored game did not end")
	}
	for _, p := range players {
		checkPlayer(t, p, states, played, acts)
	}
}

// ownView reports whether view is seat's view of st or, in a simultaneous
// window opening at st, of st with some of seat's own answers (next: the
// actions shown from st on), which only seat may see before it closes.
func ownView(st engine.State, next []record.Action, seat int, view []byte) bool {
	st = st.Clone()
	moving := st.ToMove(nil)
	for _, a := range next {
		if seat < 0 || len(moving) < 2 || !slices.Contains(moving, a.Seat) {
			return false
		}
		if a.Seat != seat {
			continue
		}
		if engine.ApplyText(st, a.Seat, a.Action) != nil {
			return false
		}
		if got, _ := json.Marshal(st.View(seat)); bytes.Equal(got, view) {
			return true
		}
	}
	return false
}

func checkPlayer(t *testing.T, p *player, states []engine.State, played []engine.Action, acts []record.Action) {
	views := 0
	for _, m := range p.messages() {
		if m.Seat != p.seat {
			t.Fatalf("seat %d got a message for seat %d: %s", p.seat, m.Seat, m.Raw)
		}
		if m.Version < 0 || m.Version >= len(states) {
			if m.Type != "error" {
				t.Fatalf("seat %d: version %d of a %d-action game: %s", p.seat, m.Version, len(acts), m.Raw)
			}
			continue
		}
		st := states[m.Version]
		if len(m.View) > 0 {
			views++
			want, _ := json.Marshal(st.View(p.seat))
			if !bytes.Equal(want, m.View) && (m.Type == "event" || !ownView(st, acts[m.Version:], p.seat, m.View)) {
				t.Fatalf("seat %d at version %d got view\n%s\nwant\n%s", p.seat, m.Version, m.View, want)
			}
			if p.seat < 0 {
				checkSpectator(t, st, m)
			}
		}
		if m.Type == "event" {
			v := m.Version
			if m.Actor == nil || v < 1 || *m.Actor != acts[v-1].Seat {
				t.Fatalf("seat %d: event %s for stored action %+v", p.seat, m.Raw, acts[v-1])
			}
			if want := engine.TellAction(st, p.seat, *m.Actor, played[v]); m.Action != want {
				t.Fatalf("seat %d was told %q of %q, want %q", p.seat, m.Action, acts[v-1].Action, want)
			}
			if m.Hint != "" && p.seat != *m.Actor {
				t.Fatalf("seat %d got the actor's forecast: %s", p.seat, m.Raw)
			}
		}
	}
	if views == 0 {
		t.Fatalf("seat %d got no views", p.seat)
	}
}

// checkSpectator: every card a spectator sees, every seat sees.
func checkSpectator(t *testing.T, st engine.State, m msg) {
	for s := range st.NumSeats() {
		v, _ := json.Marshal(st.View(s))
		sees := map[string]bool{}
		for _, c := range cardPattern.FindAllString(string(v), -1) {
			sees[c] = true
		}
		for _, c := range cardPattern.FindAllString(string(m.View), -1) {
			if !sees[c] {
				t.Fatalf("the spectator sees %s at version %d, which seat %d does not", c, m.Version, s)
			}
		}
	}
}

// A relaying node that dies cannot say its connections left: the owner
// drops them once the node's heartbeat stops, and the seat shows as
// disconnected to everyone at the table.
func TestDeadRelayLeavesNoPresence(t *testing.T) {
	nodes, db := startNodes(t, 2)
	c := createTable(t, nodes[0], "regicide", map[string]string{"players": "2"}, 2)
	tok1 := claim(t, nodes[1], c.ID, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// The node that runs the table: the creating node's adoption loop or
	// the other's may take a brand-new table first (it is stored before it
	// is leased); seat 0 connects there, seat 1 through the other node.
	host, relay := ownerOf(t, ctx, openStore(t, db), c.ID, nodes)
	owner, err := dial(ctx, host.base, c.ID, c.Token)
	if err != nil {
		t.Fatal(err)
	}
	relayed, err := dial(ctx, relay.base, c.ID, tok1)
	if err != nil {
		t.Fatal(err)
	}
	defer relayed.close()
	seat1Connected := func(want bool) {
		t.Helper()
		for {
			select {
			case data, ok := <-owner.msgs:
				if !ok {
					t.Fatal("the owner's connection ended")
				}
				var m struct {
					Type  string `json:"type"`
					Seats []struct {
						Connected bool `json:"connected"`
					} `json:"seats"`
				}
				json.Unmarshal(data, &m)
				if m.Type == "seats" && len(m.Seats) == 2 && m.Seats[1].Connected == want {
					return
				}
			case <-ctx.Done():
				t.Fatalf("seat 1 never showed connected=%v on the owner", want)
			}
		}
	}
	seat1Connected(true)
	killed := time.Now()
	relay.kill9()
	seat1Connected(false)
	t.Logf("seat 1 shown disconnected %v after its relaying node was killed (lease 1s)", time.Since(killed).Round(10*time.Millisecond))
	// The node's log is read as it comes: give the line a moment.
	for !strings.Contains(host.output(), "relayed connections dropped") {
		if ctx.Err() != nil {
			t.Fatalf("the owner did not log dropping the dead node's connections:\n%s", host.output())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
