package room

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cardtable/store"
	"cardtable/store/memstore"
)

// slapAnswers are what seat 1 does in a Slap War window: slap early, slap
// late, pass, or nothing yet ("").
var slapAnswers = []struct {
	name   string
	action string
	after  time.Duration // when the server reads it after the reveal
}{
	{"silent", "", 0},
	{"early slap", "slap", 40 * time.Millisecond},
	{"late slap", "slap", 1500 * time.Millisecond},
	{"pass", "pass", 300 * time.Millisecond},
}

// sealedSlapTable is a two-person Slap War table (with a second tab on
// seat 2 and a spectator) at its first slap window, every message so far
// read.
type sealedSlapTable struct {
	s          *Rooms
	rm         *Room
	a, b, b2   *probe
	spec       *probe
	turn       wireMsg        // seat 1's turn at the reveal
	turnB      wireMsg        // seat 2's
	start      map[*probe]int // messages each probe had at the window
	metricsAt0 string
}

func openSlapWindow(t *testing.T, st store.Store) *sealedSlapTable {
	s := newRooms(st)
	t.Cleanup(func() { s.Shutdown(context.Background()) })
	rm := seededTable(t, s, "seal", "war", map[string]string{"slap": "2", "slap-window": "20s"}, 5, nil)
	x := &sealedSlapTable{s: s, rm: rm, a: joinProbe(t, s, rm, "tok0"), b: joinProbe(t, s, rm, "tok1")}
	x.b2, x.spec = joinProbe(t, s, rm, "tok1"), joinProbe(t, s, rm, "")
	x.turn, x.turnB = untilSlap(t, rm, x.a, x.b)
	syncRoom(t, rm)
	x.start = map[*probe]int{}
	for _, p := range []*probe{x.a, x.b, x.b2, x.spec} {
		p.drain()
		x.start[p] = len(p.got)
	}
	x.metricsAt0 = metricsText(s)
	return x
}

// since is every byte p got since the window opened.
func (x *sealedSlapTable) since(p *probe) string {
	var b strings.Builder
	for _, m := range p.got[x.start[p]:] {
		b.Write(m.Raw)
		b.WriteByte('\n')
	}
	return b.String()
}

// metricsText is the server's own metrics from /metrics (the process's
// and the runtime's move by themselves).
func metricsText(s *Rooms) string {
	rec := httptest.NewRecorder()
	s.metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	var own []string
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if strings.HasPrefix(line, "cardtable_") {
			own = append(own, line)
		}
	}
	return strings.Join(own, "\n")
}

// answerAt sends p's action in the window, read by the server after d.
func answerAt(t *testing.T, p *probe, turn wireMsg, action string, d time.Duration) {
	t.Helper()
	sent, ok := p.c.SentAt(turn.Version)
	if !ok {
		t.Fatal("the reveal was not written to the seat")
	}
	data := fmt.Sprintf(`{"action":%q,"version":%d,"id":"ans"}`, action, turn.Version)
	p.sent = append(p.sent, data)
	p.c.Frame(p.rm, true, []byte(data), sent.Add(d))
}

// An answer in a simultaneous window is hidden information on the server
// until the window closes: every byte the other seat (both its tabs) and a
// spectator receive, and the public /metrics, are the same whether seat 1
// slapped early, slapped late, passed or has not answered; seat 1 alone
// gets its answer back (sealed, with the time the server measured). When
// the last answer comes every answer is shown at once, in seat order.
func TestWindowAnswersSealedOnTheServer(t *testing.T) {
	var first map[string]string
	for _, sc := range slapAnswers {
		x := openSlapWindow(t, memstore.New())
		if sc.action != "" {
			answerAt(t, x.a, x.turn, sc.action, sc.after)
		}
		syncRoom(t, x.rm)
		for _, p := range []*probe{x.a, x.b, x.b2, x.spec} {
			p.drain()
		}
		seen := map[string]string{"seat 2": x.since(x.b), "seat 2's other tab": x.since(x.b2), "spectator": x.since(x.spec)}
		if m := metricsText(x.s); m != x.metricsAt0 {
			t.Errorf("%s: /metrics moved while the window was open:\n%s\n---\n%s", sc.name, x.metricsAt0, m)
		}
		if first == nil {
			first = seen
		}
		for who, got := range seen {
			if got != first[who] {
				t.Errorf("what %s got while the window was open differs when seat 1 did %q and %q:\n%s\n---\n%s", who, slapAnswers[0].name, sc.name, first[who], got)
			}
		}
		if sc.action == "" {
			continue
		}
		want := "pass"
		if sc.action == "slap" {
			want = fmt.Sprintf("slap@%d", sc.after.Milliseconds())
		}
		ack := lastOf(x.a.got[x.start[x.a]:], "sealed")
		if ack.ID != "ans" || ack.Version != x.turn.Version || ack.Action != want || !strings.Contains(string(ack.View), `"answer":"`+want+`"`) {
			t.Errorf("%s: seat 1's acknowledgement %s, want its answer %s", sc.name, ack.Raw, want)
		}
		// Seat 2 answers: the window closes, both answers shown at once.
		x.b.act("pass", x.turn.Version, "b")
		syncRoom(t, x.rm)
		for _, p := range []*probe{x.a, x.b, x.spec} {
			var events []wireMsg
			for _, m := range p.drain() {
				if m.Type == "event" {
					events = append(events, m)
				}
			}
			if len(events) != 2 || *events[0].Actor != 0 || events[0].Action != want || *events[1].Actor != 1 || events[1].Action != "pass" ||
				events[0].Version != x.turn.Version+1 || events[1].Version != x.turn.Version+2 {
				t.Errorf("%s: %s got at the window's close %v, want seat 1's %s then seat 2's pass", sc.name, who(p.c.Seat), events, want)
			}
		}
	}
}

// A bot's answer is sealed too: while the window is open nothing the
// person at the table gets changes when the bot answers.
func TestBotAnswerSealed(t *testing.T) {
	s := newRooms(memstore.New())
	defer s.Shutdown(context.Background())
	rm := seededTable(t, s, "sealbot", "war", map[string]string{"slap": "2", "slap-window": "20s"}, 5, map[int]string{0: "random"})
	b, spec := joinProbe(t, s, rm, "tok1"), joinProbe(t, s, rm, "")
	var turn wireMsg
	deadline := time.Now().Add(hang)
	for turn.Type == "" {
		syncRoom(t, rm)
		spec.drain()
		b.drain()
		if tm, ok := b.lastTurn(); ok {
			if strings.Contains(strings.Join(tm.Legal, " "), "pass") {
				turn = tm
				break
			}
			b.act("flip", tm.Version, "")
		}
		if time.Now().After(deadline) {
			var got []string
			for _, m := range b.got[max(0, len(b.got)-6):] {
				got = append(got, string(m.Raw))
			}
			t.Fatalf("no slap window; last got:\n%s", strings.Join(got, "\n"))
		}
		time.Sleep(time.Millisecond)
	}
	// Wait for the bot's answer (it slaps at its drawn time, or passes).
	for answered := false; !answered; time.Sleep(time.Millisecond) {
		look(rm, func() { answered = !rm.t.MayAct(0) })
		if time.Now().After(deadline) {
			t.Fatal("the bot did not answer")
		}
	}
	syncRoom(t, rm)
	if got := b.drain(); len(got) != 0 {
		t.Fatalf("the person heard of the bot's sealed answer: %s", got[0].Raw)
	}
	if got := spec.drain(); len(got) != 0 {
		t.Fatalf("the spectator heard of the bot's sealed answer: %s", got[0].Raw)
	}
	b.act("pass", turn.Version, "")
	syncRoom(t, rm)
	if evs := b.drain(); len(evs) < 2 || evs[0].Type != "event" || *evs[0].Actor != 0 {
		t.Fatalf("the window's close: %d messages", len(evs))
	}
}

// A restart mid-window keeps the stored answers sealed and reopens the
// window: the answering seat's snapshot has its answer (with the time the
// server measured before the restart), the others' snapshots and turns are
// those of the opening position — no different from before the restart —
// and when the last seat answers, the kept answer is shown with the rest.
func TestRestartMidWindow(t *testing.T) {
	st := memstore.New()
	x := openSlapWindow(t, st)
	answerAt(t, x.a, x.turn, "slap", 70*time.Millisecond)
	syncRoom(t, x.rm)
	ack := lastOf(x.a.drain(), "sealed")
	if ack.Action != "slap@70" {
		t.Fatalf("the slap: %s", ack.Raw)
	}
	if got := x.b.drain(); len(got) != 0 {
		t.Fatalf("seat 2 heard of the slap: %s", got[0].Raw)
	}
	beforeB := x.turnB
	if err := x.s.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	s2 := newRooms(st)
	defer s2.Shutdown(context.Background())
	rm, err := s2.room(context.Background(), "seal")
	if err != nil {
		t.Fatal(err)
	}
	a, b, spec := joinProbe(t, s2, rm, "tok0"), joinProbe(t, s2, rm, "tok1"), joinProbe(t, s2, rm, "")
	syncRoom(t, rm)
	helloA, helloB, helloS := lastOf(a.drain(), "hello"), lastOf(b.drain(), "hello"), lastOf(spec.drain(), "hello")
	if helloA.Version != x.turn.Version || !bytes.Equal(helloA.View, ack.View) {
		t.Errorf("seat 1's snapshot after the restart:\n%s\nwant its sealed view\n%s", helloA.Raw, ack.View)
	}
	if _, ok := a.lastTurn(); ok {
		t.Error("seat 1, which answered, is asked again after the restart")
	}
	turnB, ok := b.lastTurn()
	if !ok || helloB.Version != x.turn.Version || !bytes.Equal(turnB.View, beforeB.View) || strings.Join(turnB.Legal, ",") != strings.Join(beforeB.Legal, ",") {
		t.Errorf("seat 2 after the restart: %s / %s\nwant its turn from before\n%s", helloB.Raw, turnB.Raw, beforeB.Raw)
	}
	if strings.Contains(string(helloS.View), "slap@") || helloS.Version != x.turn.Version {
		t.Errorf("the spectator's snapshot after the restart: %s", helloS.Raw)
	}
	b.act("pass", turnB.Version, "")
	syncRoom(t, rm)
	var shown []string
	for _, m := range spec.drain() {
		if m.Type == "event" {
			shown = append(shown, fmt.Sprintf("%d:%s", *m.Actor, m.Action))
		}
	}
	if strings.Join(shown, " ") != "0:slap@70 1:pass" {
		t.Errorf("the window closed after the restart showing %v, want seat 1's slap@70 kept", shown)
	}
	if acts, _ := st.Actions(context.Background(), "seal"); acts[len(acts)-2].Action != "slap@70" {
		t.Errorf("stored: %+v", acts[len(acts)-2:])
	}
}

// A refusal in an open window tells nothing either, over the WebSocket:
// at a three-seat War table's first flips, seat 1 flips, then sends
// another flip and a slap; what it is answered — and everything seat 3
// and a spectator get — is the same whether seat 2 has flipped meanwhile
// or not. Seat 1, which has answered, gets no fresh turn after its errors.
func TestWindowRefusalsSealedOnTheServer(t *testing.T) {
	var first map[string]string
	for _, other := range []bool{false, true} {
		s := newRooms(memstore.New())
		rm := seededTable(t, s, "seal3", "war", map[string]string{"players": "3"}, 5, nil)
		a, b, c, spec := joinProbe(t, s, rm, "tok0"), joinProbe(t, s, rm, "tok1"), joinProbe(t, s, rm, "tok2"), joinProbe(t, s, rm, "")
		syncRoom(t, rm)
		start := map[*probe]int{}
		for _, p := range []*probe{a, b, c, spec} {
			p.drain()
			start[p] = len(p.got)
		}
		turn, ok := a.lastTurn()
		if !ok {
			t.Fatal("seat 1 has no turn")
		}
		a.act("flip", turn.Version, "f")
		if other {
			b.act("flip", turn.Version, "g")
		}
		a.act("flip", turn.Version, "again")
		a.act("slap", turn.Version, "slap")
		syncRoom(t, rm)
		seen := map[string]string{}
		for who, p := range map[string]*probe{"seat 1": a, "seat 3": c, "the spectator": spec} {
			p.drain()
			var b strings.Builder
			for _, m := range p.got[start[p]:] {
				b.Write(m.Raw)
				b.WriteByte('\n')
				if p == a && m.Type == "turn" {
					t.Errorf("seat 1, which answered, got a turn in the window: %s", m.Raw)
				}
			}
			seen[who] = b.String()
		}
		s.Shutdown(context.Background())
		if n := strings.Count(seen["seat 1"], `"type":"error"`); n != 2 {
			t.Errorf("seat 1 got %d errors for its two refused commands:\n%s", n, seen["seat 1"])
		}
		if first == nil {
			first = seen
			continue
		}
		for who, got := range seen {
			if got != first[who] {
				t.Errorf("what %s got differs when seat 2 has flipped too:\n%s\n---\n%s", who, first[who], got)
			}
		}
	}
}
