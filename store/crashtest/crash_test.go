package crashtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/record"
)

// played is one action as a seat heard of it.
type played struct {
	Seat   int
	Action string
}

// session follows one table over one life of the server: the seats it
// plays, what they heard, and the command in flight.
type session struct {
	t     *testing.T
	ctx   context.Context
	conns map[int]*conn
	in    chan seatMsg
	// cur is the latest version heard; known[v] the action that made
	// version v+1, as the lowest seat played heard it (over every life of
	// the server).
	cur   int
	known map[int]played
	// hello is each seat's first message, views its latest view.
	hello map[int]msg
	views map[int]json.RawMessage
	at    map[int]int // the version of each seat's latest view
	// own[v] is action v as its actor heard it, when the session plays it.
	own   map[int]string
	turns map[int]msg
	ended map[int]*engine.Result
	// inFlight is the version a sent command answers (-1: none).
	inFlight int
	sent     int
}

// connect opens a session: every seat of tokens connects and says hello.
func connect(ctx context.Context, t *testing.T, s *server, id string, tokens map[int]string, known map[int]played) *session {
	t.Helper()
	se := &session{t: t, ctx: ctx, conns: map[int]*conn{}, in: make(chan seatMsg, 1024), known: known,
		hello: map[int]msg{}, views: map[int]json.RawMessage{}, at: map[int]int{}, own: map[int]string{}, turns: map[int]msg{}, ended: map[int]*engine.Result{}, inFlight: -1}
	for seat, tok := range tokens {
		se.conns[seat] = s.dial(ctx, id, seat, tok, se.in)
	}
	for len(se.hello) < len(tokens) {
		se.step()
	}
	se.cur = se.hello[se.lowest()].Version
	for seat, h := range se.hello {
		if h.Version != se.cur {
			t.Fatalf("seat %d's snapshot is at version %d, seat %d's at %d", seat, h.Version, se.lowest(), se.cur)
		}
	}
	return se
}

// lowest is the lowest seat the session plays: its stream is the one the
// actions are taken from.
func (se *session) lowest() int {
	low := -1
	for seat := range se.conns {
		if low < 0 || seat < low {
			low = seat
		}
	}
	return low
}

// step reads and handles one message.
func (se *session) step() {
	se.t.Helper()
	var sm seatMsg
	select {
	case sm = <-se.in:
	case <-se.ctx.Done():
		se.t.Fatalf("the game did not go on: %v (version %d, in flight %d, turns %v)", se.ctx.Err(), se.cur, se.inFlight, se.turns)
	}
	if sm.closed != nil {
		se.t.Fatalf("seat %d: the connection ended: %v", sm.seat, sm.closed)
	}
	m := sm.m
	if m.Seat != sm.seat {
		se.t.Fatalf("seat %d got a message for seat %d: %+v", sm.seat, m.Seat, m)
	}
	switch m.Type {
	case "hello":
		se.hello[sm.seat] = m
		se.views[sm.seat], se.at[sm.seat] = m.View, m.Version
	case "event":
		se.event(sm.seat, m)
	case "turn":
		se.turns[sm.seat] = m
	case "sealed":
		// The seat's answer in a simultaneous window, stored and kept
		// from the others until the window closes: its turn is over, its
		// own view has it.
		delete(se.turns, sm.seat)
		se.views[sm.seat] = m.View
		if m.ID == "c"+strconv.Itoa(se.sent) {
			se.inFlight = -1
		}
	case "end":
		se.ended[sm.seat] = m.Result
		se.views[sm.seat], se.at[sm.seat] = m.View, m.Version
	case "error":
		if m.Code != "stale" {
			se.t.Fatalf("seat %d: command %s refused: %s: %s", sm.seat, m.ID, m.Code, m.Message)
		}
		if m.ID == "c"+strconv.Itoa(se.sent) {
			se.inFlight = -1 // a bot moved first: choose again from the next turn
		}
	}
}

func (se *session) event(seat int, m msg) {
	se.views[seat], se.at[seat] = m.View, m.Version
	if m.Actor != nil && *m.Actor == seat {
		// The actor hears its own action whole (Watchtower's give CARD);
		// the others may hear less.
		se.own[m.Version-1] = m.Action
	}
	if seat != se.lowest() {
		return
	}
	if m.Version != se.cur+1 || m.Actor == nil {
		se.t.Fatalf("seat %d heard event version %d at version %d: %+v", seat, m.Version, se.cur, m)
	}
	p := played{Seat: *m.Actor, Action: m.Action}
	if own, ok := se.own[se.cur]; ok {
		p.Action = own
	}
	se.known[se.cur] = p
	se.cur = m.Version
	if se.cur > se.inFlight {
		se.inFlight = -1
	}
}

// mover is a seat the session plays whose turn is the current version,
// or -1.
func (se *session) mover() int {
	for seat := range len(se.conns) + 8 {
		if tm, ok := se.turns[seat]; ok && se.conns[seat] != nil && tm.Version == se.cur && len(tm.Legal) > 0 {
			return seat
		}
	}
	return -1
}

// over reports whether every seat played has heard the end.
func (se *session) over() bool { return len(se.ended) == len(se.conns) }

// move sends the mover's first legal action; it reports false when no
// seat may move yet.
func (se *session) move() bool {
	seat := se.mover()
	if seat < 0 || se.inFlight >= 0 {
		return false
	}
	tm := se.turns[seat]
	se.sent++
	if err := se.conns[seat].send(se.ctx, tm.Legal[0], tm.Version, "c"+strconv.Itoa(se.sent)); err != nil {
		se.t.Fatalf("seat %d: send: %v", seat, err)
	}
	se.inFlight = tm.Version
	return true
}

// playUntil plays until version at least v is heard (or the game ends).
func (se *session) playUntil(v int) {
	for se.cur < v && !se.over() {
		if !se.move() {
			se.step()
		}
	}
}

// settle waits until no command is in flight, every seat played has heard
// the latest version and one of them may move (or the game is over).
func (se *session) settle() {
	for (se.inFlight >= 0 || se.mover() < 0 || !se.heardAll()) && !se.over() {
		se.step()
	}
}

// heardAll reports whether every seat's latest view is of the current
// version.
func (se *session) heardAll() bool {
	for seat := range se.conns {
		if se.at[seat] != se.cur {
			return false
		}
	}
	return true
}

// replayTo is the game of rec after its first n actions.
func replayTo(t *testing.T, rec *record.Record, n int) engine.State {
	t.Helper()
	prefix := *rec
	prefix.Actions = rec.Actions[:n]
	prefix.Result = nil
	st, _, err := record.Replay(&prefix)
	if err != nil {
		t.Fatalf("replaying the first %d actions of the record: %v", n, err)
	}
	return st
}

// ownView reports whether view is seat's view of rec's position after n
// actions, with the first of seat's own answers in the simultaneous
// window that opens there, if any (the record shows a window's answers
// together, in seat order; until it closes a seat sees its own only).
func ownView(t *testing.T, rec *record.Record, n, seat int, view json.RawMessage) bool {
	t.Helper()
	st := replayTo(t, rec, n)
	if sameJSON(view, viewJSON(t, st, seat)) {
		return true
	}
	moving := st.ToMove(nil)
	if len(moving) < 2 {
		return false
	}
	for _, a := range rec.Actions[n:] {
		if a.Seat != seat {
			if !slices.Contains(moving, a.Seat) {
				return false // past the window's answers
			}
			continue
		}
		if err := engine.ApplyText(st, a.Seat, a.Action); err != nil {
			return false
		}
		if sameJSON(view, viewJSON(t, st, seat)) {
			return true
		}
	}
	return false
}

// viewJSON is seat's view of st as the server writes it.
func viewJSON(t *testing.T, st engine.State, seat int) []byte {
	t.Helper()
	b, err := json.Marshal(st.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkpoint is what the players knew when the server was killed, and what
// the restarted server said.
type checkpoint struct {
	acked  int                     // actions heard before the kill
	before map[int]json.RawMessage // each seat's last view before the kill
	after  map[int]msg             // each seat's hello after the restart
}

// scenario is one game played through crashes.
type scenario struct {
	name   string
	create map[string]any // the POST /api/tables body
	humans []int          // seats played over WebSockets (seat 0 is the creator's)
	kills  []int          // kill -9 once this many actions were heard
}

func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardtable and runs it as a process; not in -short")
	}
	bin := build(t)
	scenarios := scenarios()
	ports := freePorts(t, len(scenarios))
	for i, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel() // each scenario has its own server, port and file
			crash(t, bin, sc, fmt.Sprintf("127.0.0.1:%d", ports[i]), filepath.Join(t.TempDir(), "x.db"))
		})
	}
}

// scenarios are the games TestCrash plays on SQLite and TestCrashPostgres
// on PostgreSQL.
func scenarios() []scenario {
	return []scenario{
		{name: "war two people", humans: []int{0, 1}, kills: []int{9, 40, 41},
			create: map[string]any{"game": "war", "name": "ann", "options": map[string]string{"max-battles": "60"}, "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}},
		{name: "watchtower two people", humans: []int{0, 1}, kills: []int{4, 30},
			create: map[string]any{"game": "watchtower", "name": "ann", "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}},
		{name: "slap war with a bot", humans: []int{0}, kills: []int{6, 30, 31},
			create: map[string]any{"game": "war", "name": "ann", "options": map[string]string{"slap": "Q", "max-battles": "60"}, "seats": []map[string]string{{"kind": "human"}, {"kind": "bot"}}}},
		{name: "regicide with a bot", humans: []int{0}, kills: []int{2, 6},
			create: map[string]any{"game": "regicide", "name": "ann", "seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}}}},
	}
}

// run is one scenario's server, its database and its table.
type run struct {
	t      *testing.T
	ctx    context.Context
	bin    string
	addr   string
	db     string
	srv    *server
	id     string
	tokens map[int]string
	known  map[int]played
}

// crash plays sc on a server at addr storing its tables in db (a SQLite
// file or a postgres:// DSN), killing it with kill -9 and restarting it on
// db.
func crash(t *testing.T, bin string, sc scenario, addr, db string) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	r := &run{t: t, ctx: ctx, bin: bin, db: db, addr: addr, known: map[int]played{}}
	r.srv = start(t, bin, r.addr, r.db)
	var c created
	r.srv.api("POST", "/api/tables", sc.create, &c, http.StatusCreated)
	r.id, r.tokens = c.ID, map[int]string{0: c.Token}
	for _, seat := range sc.humans[1:] {
		r.tokens[seat] = r.srv.claim(c, seat, fmt.Sprintf("player%d", seat+1))
	}
	se := connect(ctx, t, r.srv, r.id, r.tokens, r.known)
	var checks []checkpoint
	for _, at := range sc.kills {
		se.playUntil(at)
		se.settle()
		if se.over() {
			if len(checks) == 0 {
				t.Fatalf("the game ended after %d actions, before the first kill at %d; kill earlier", se.cur, at)
			}
			t.Logf("the game ended after %d actions, before the kill at %d", se.cur, at)
			break
		}
		var cp checkpoint
		se, cp = r.killMidGame(se)
		checks = append(checks, cp)
	}
	se.playUntil(1 << 30)
	finish(t, r.srv, r.id, se, checks)
	r.killFinished(se)
}

// killMidGame sends one more command, kills the server before it is
// answered, restarts it and reconnects every seat: nothing acknowledged
// may be lost.
func (r *run) killMidGame(se *session) (*session, checkpoint) {
	t := r.t
	cp := checkpoint{acked: se.cur, before: map[int]json.RawMessage{}}
	for seat, v := range se.views {
		cp.before[seat] = v
	}
	mover := se.mover()
	se.move() // one more command, unanswered: it may or may not be kept
	r.srv.kill9()
	r.srv = start(t, r.bin, r.addr, r.db)
	se = connect(r.ctx, t, r.srv, r.id, r.tokens, r.known)
	cp.after = se.hello
	if se.cur < cp.acked {
		t.Fatalf("after kill -9 at %d acknowledged actions the snapshot is at version %d: acknowledged actions were lost", cp.acked, se.cur)
	}
	for seat, h := range se.hello {
		// The mover's unanswered command, kept as a sealed answer in a
		// window, shows in its own view only: finish checks it against
		// the record.
		if h.Version == cp.acked && seat != mover && !sameJSON(h.View, cp.before[seat]) {
			t.Errorf("after kill -9, seat %d's view differs from its last view before it:\nbefore %s\nafter  %s", seat, cp.before[seat], h.View)
		}
	}
	return se, cp
}

// killFinished kills the server once the game is over: the result and the
// record survive too.
func (r *run) killFinished(se *session) {
	t := r.t
	r.srv.kill9()
	r.srv = start(t, r.bin, r.addr, r.db)
	var after struct {
		Result *engine.Result `json:"result"`
	}
	r.srv.api("GET", "/api/tables/"+r.id, nil, &after, http.StatusOK)
	if after.Result == nil || !reflect.DeepEqual(*after.Result, *se.ended[se.lowest()]) {
		t.Errorf("after kill -9 of the finished game, the table's result is %+v, want %+v", after.Result, se.ended[se.lowest()])
	}
	se = connect(r.ctx, t, r.srv, r.id, r.tokens, map[int]played{})
	for len(se.ended) < len(r.tokens) {
		se.step()
	}
	finish(t, r.srv, r.id, se, nil)
}

// finish checks the finished game's record: it replays, holds every action
// heard in its place, ends as the players were told, and gives back the
// views the players had before each kill and after each restart.
func finish(t *testing.T, srv *server, id string, se *session, checks []checkpoint) {
	t.Helper()
	resp, err := http.Get(srv.base + "/api/tables/" + id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET the record of the finished game: status %d", resp.StatusCode)
	}
	rec, err := record.Decode(resp.Body)
	if err != nil {
		t.Fatalf("the record does not decode: %v", err)
	}
	final, _, err := record.Replay(rec)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if len(rec.Actions) != se.cur {
		t.Errorf("the record holds %d actions, the game ended at version %d", len(rec.Actions), se.cur)
	}
	for v, p := range se.known {
		if v >= len(rec.Actions) || rec.Actions[v].Seat != p.Seat || rec.Actions[v].Action != p.Action {
			t.Errorf("action %d was heard as seat %d %q; the record has %+v", v, p.Seat, p.Action, rec.Actions[min(v, len(rec.Actions)-1)])
		}
	}
	for seat, res := range se.ended {
		if got := final.Result(); !reflect.DeepEqual(*res, got) {
			t.Errorf("seat %d was told the result %+v; the record replays to %+v", seat, *res, got)
		}
		if !sameJSON(se.views[seat], viewJSON(t, final, seat)) {
			t.Errorf("seat %d's final view differs from the replay's", seat)
		}
	}
	for i, cp := range checks {
		for seat, v := range cp.before {
			if !ownView(t, rec, cp.acked, seat, v) {
				t.Errorf("kill %d: seat %d's last view before it is not the record's position after %d actions (with its own sealed answers)", i+1, seat, cp.acked)
			}
		}
		for seat, h := range cp.after {
			if !ownView(t, rec, h.Version, seat, h.View) {
				t.Errorf("kill %d: seat %d's snapshot after the restart is not the record's position after %d actions (with its own sealed answers)", i+1, seat, h.Version)
			}
		}
		t.Logf("kill %d: %d actions acknowledged, %d kept", i+1, cp.acked, cp.after[se.lowest()].Version)
	}
	slaps := 0
	for _, a := range rec.Actions {
		if strings.HasPrefix(a.Action, "slap") {
			slaps++
		}
	}
	t.Logf("the game ended after %d actions (%d slaps): %s", len(rec.Actions), slaps, final.Result().Detail)
}
