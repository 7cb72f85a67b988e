package tui

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/table"
)

// fakeRemote records the moves the screen sends; the test hands the
// screen the server's messages itself.
type fakeRemote struct {
	played  []string
	version []int
	hinted  []string
}

func (f *fakeRemote) Hint(_ context.Context, action string, _ int) error {
	f.hinted = append(f.hinted, action)
	return nil
}

func (f *fakeRemote) Next(ctx context.Context) (table.Message, error) {
	<-ctx.Done()
	return table.Message{}, ctx.Err()
}

func (f *fakeRemote) Play(_ context.Context, action string, version int) error {
	f.played, f.version = append(f.played, action), append(f.version, version)
	return nil
}

// plainScreen is the screen's text without its styles.
func plainScreen(m *remoteModel) string { return ansi.Strip(m.render()) }

func newRemoteModel(f *fakeRemote) *remoteModel {
	m := newRemote(context.Background(), RemoteConfig{Game: regicide.Game{}, Title: "Daily deal of today", Table: f})
	m.width, m.height = 100, 40
	m.Init() // focuses the picker's line; the test hands the messages in itself
	return m
}

// press presses one key (a name from namedKeys or a character) and
// returns its command.
func press(m *remoteModel, name string) tea.Cmd {
	k, ok := namedKeys[name]
	if !ok {
		k = tea.Key{Code: []rune(name)[0], Text: name}
	}
	return m.key(tea.KeyPressMsg(k))
}

// The remote screen plays a seat from the server's messages alone: the
// turn's legal moves are offered and the chosen one is sent at the turn's
// version; a refused move brings the turn back with the sentence, a stale
// one waits for the server's next turn; an event goes to the last moves;
// the end says won or lost with the result's sentence and stops reading;
// a lost connection is said.
func TestRemoteScreen(t *testing.T) {
	opts, err := engine.ResolveOptions(regicide.Game{}.Options(), map[string]string{"players": "1"})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.New(regicide.Game{}, opts, engine.Setup{Seed: 7}, []table.SeatInfo{{Name: "ann", Kind: table.KindHuman}})
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeRemote{}
	m := newRemoteModel(f)
	m.Update(remoteMsg{msg: tb.Hello(0)})
	m.Update(remoteMsg{msg: tb.Turn(0)})
	legal := tb.Legal(0)
	screen := plainScreen(m)
	if !strings.Contains(screen, "Daily deal of today") || !strings.Contains(screen, "Your move:") || !strings.Contains(screen, "▸ "+glyphs(legal[0])) || !strings.Contains(screen, "ann") {
		t.Fatalf("the turn's screen:\n%s", screen)
	}
	// The highlighted move's forecast is asked for, one request at a time.
	if m.hinting != legal[0] {
		t.Fatalf("the first turn asked for the forecast of %q; want %q", m.hinting, legal[0])
	}
	m.Update(remoteMsg{msg: table.Message{Type: table.TypeHint, Action: legal[0], Hint: legal[0] + ": attack 2 (spades)", ID: "hint"}})
	if s := plainScreen(m); !strings.Contains(s, "forecast: "+glyphs(legal[0])+": attack 2 (spades)") || m.hinting != "" {
		t.Fatalf("the forecast is not shown (asking %q):\n%s", m.hinting, s)
	}
	press(m, "down")
	if m.hinting != legal[1] {
		t.Fatalf("moving down asked for %q; want %q", m.hinting, legal[1])
	}
	press(m, "up")
	if m.hinting != legal[1] {
		t.Fatal("a second forecast was asked before the first was answered")
	}
	m.Update(remoteMsg{msg: table.Message{Type: table.TypeError, Code: "rate-limited", Text: "slow down", ID: "hint"}})
	if s := plainScreen(m); strings.Contains(s, "slow down") || m.hinting != "" {
		t.Fatalf("a refused forecast is shown or still awaited (%q):\n%s", m.hinting, s)
	}
	press(m, "down")
	cmd := press(m, "enter")
	if cmd == nil {
		t.Fatal("enter sent nothing")
	}
	m.Update(cmd())
	if len(f.played) != 1 || f.played[0] != legal[1] || f.version[0] != tb.Version() {
		t.Fatalf("sent %v at %v; want %q at %d", f.played, f.version, legal[1], tb.Version())
	}
	if s := plainScreen(m); !strings.Contains(s, "waiting for the server") || press(m, "enter") != nil {
		t.Fatalf("after a move the screen still offers moves:\n%s", s)
	}
	m.Update(remoteMsg{msg: table.Message{Type: table.TypeError, Code: table.CodeIllegal, Text: "that move is not legal now"}})
	if s := plainScreen(m); !strings.Contains(s, "that move is not legal now") || !strings.Contains(s, "▸ "+glyphs(legal[1])) {
		t.Fatalf("a refused move did not bring the turn back:\n%s", s)
	}
	// Typing filters the list; enter sends the highlighted match.
	want := legal[len(legal)-1]
	for _, r := range want {
		if r == ' ' {
			press(m, "space")
		} else {
			press(m, string(r))
		}
	}
	if s := plainScreen(m); strings.Contains(s, "  "+glyphs(legal[0])+"\n") {
		t.Fatalf("typing %q left %q in the list:\n%s", want, legal[0], s)
	}
	m.Update(press(m, "enter")())
	if got := f.played[len(f.played)-1]; got != want {
		t.Fatalf("typed %q and sent %q", want, got)
	}
	m.Update(remoteMsg{msg: table.Message{Type: table.TypeError, Code: table.CodeStale, Text: "stale"}})
	if m.asking {
		t.Fatal("a stale move brought the old turn back; the server sends a new one")
	}
	ap, err := tb.Play(0, legal[0], tb.Version())
	if err != nil {
		t.Fatal(err)
	}
	m.Update(remoteMsg{msg: ap.For(0, "")[0]})
	if s := plainScreen(m); !strings.Contains(s, "last moves:\n  you: "+glyphs(legal[0])) {
		t.Fatalf("the event is not among the last moves:\n%s", s)
	}
	for !tb.Over() {
		if _, err := tb.Play(0, tb.Legal(0)[0], tb.Version()); err != nil {
			t.Fatal(err)
		}
	}
	if cmd := m.take(tb.End(0)); cmd != nil {
		t.Error("the screen reads on after the end")
	}
	res := tb.Result()
	tag := " Lost "
	if len(res.Winners) > 0 {
		tag = " Won "
	}
	// The server's sentence, its seat named as the screen names it.
	wantText := strings.ReplaceAll(res.Detail, "seat 1 ", "ann (you) ")
	if s := plainScreen(m); !strings.Contains(s, tag) || !strings.Contains(s, wantText) {
		t.Fatalf("the end screen, want %q and %q:\n%s", tag, wantText, s)
	}

	lost := newRemoteModel(&fakeRemote{})
	lost.Update(remoteMsg{err: errors.New("the connection to the table ended: EOF")})
	if s := plainScreen(lost); !strings.Contains(s, "The connection to the server ended: the connection to the table ended: EOF") {
		t.Fatalf("a lost connection:\n%s", s)
	}
}
