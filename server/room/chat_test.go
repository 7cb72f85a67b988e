package room_test

import (
	"net/http"
	"net/url"

	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/msgtest"
	"cardtable/server/ratelimit"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
	"cardtable/store"
	"cardtable/store/memstore"
)

func say(c *servertest.Client, text, id string) {
	c.Send(map[string]string{"type": "chat", "text": text, "id": id})
}

// heard waits for a chat message and returns its lines.
func heard(t *testing.T, c *servertest.Client) []room.ChatLine {
	t.Helper()
	return servertest.As[room.ChatMessage](t, c.Until("chat")).Lines
}

// heardText waits for a chat message whose last line is text.
func heardText(t *testing.T, c *servertest.Client, text string) room.ChatLine {
	t.Helper()
	m := servertest.As[room.ChatMessage](t, c.Until("chat", func(m servertest.Msg) bool {
		l := servertest.As[room.ChatMessage](t, m).Lines
		return len(l) > 0 && l[len(l)-1].Text == text
	}))
	return m.Lines[len(m.Lines)-1]
}

// Chat: the players' channel reaches everyone, the spectators' only
// spectators while the game goes on (everyone once it is over); lines are
// cleaned (control and bidi characters gone), bounded in length and rate,
// stored with the table, sent on joining and shown in the replay.
func TestChat(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann, bob, spec := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1]), ts.Dial(tb.ID, "")
	for _, c := range []*servertest.Client{ann, bob, spec} {
		if h := servertest.As[room.ChatMessage](t, c.Until("chat")); len(h.Lines) != 0 || h.Mode != "free" || len(h.Phrases) == 0 {
			t.Fatalf("chat on joining: %+v", h)
		}
	}
	say(ann, "good \u202eluck\x07\t!", "c1")
	for _, c := range []*servertest.Client{ann, bob, spec} {
		if l := heard(t, c); len(l) != 1 || l[0].Text != "good luck !" || l[0].From != 0 || l[0].Name != "ann" || l[0].Channel != room.ChannelPlayers {
			t.Fatalf("ann's line: %+v", l)
		}
	}
	say(spec, "bob should slap", "c2")
	if l := heard(t, spec); l[0].Channel != room.ChannelSpectators || l[0].From != -1 || l[0].Name != "spectator" {
		t.Fatalf("the spectator's line: %+v", l)
	}
	say(bob, "hi", "c3")
	if l := heard(t, ann); l[0].Text != "hi" {
		t.Fatalf("ann heard %+v before bob's line: the spectators' channel reached a seat", l)
	}
	say(ann, strings.Repeat("é", room.MaxChat+1), "long")
	if e := servertest.Refused(t, ann, "long", "bad-message"); !strings.Contains(e.Text, "at most 300") {
		t.Errorf("too long: %s", e.Raw)
	}
	say(ann, "\u202e\u200b", "empty")
	servertest.Refused(t, ann, "empty", "bad-message")
	say(ann, strings.Repeat("é", room.MaxChat), "max")
	heardText(t, bob, strings.Repeat("é", room.MaxChat))
	// ann has used 2 of her 5; three more pass, the next is refused.
	for i := range 3 {
		say(ann, fmt.Sprint("spam ", i), "s")
		heardText(t, bob, fmt.Sprint("spam ", i))
	}
	say(ann, "one too many", "over")
	servertest.Refused(t, ann, "over", ratelimit.CodeRateLimited)
	clk.Advance(2 * time.Second)
	say(ann, "again", "ok")
	heardText(t, bob, "again")
	// Joining: a seat gets the players' lines, a spectator both channels.
	if h := servertest.As[room.ChatMessage](t, ts.Dial(tb.ID, tok[1]).Until("chat")); len(h.Lines) != 7 {
		t.Errorf("bob rejoining gets %d lines, want the 7 of the players' channel", len(h.Lines))
	}
	if h := servertest.As[room.ChatMessage](t, ts.Dial(tb.ID, "").Until("chat")); len(h.Lines) != 8 || h.Lines[1].Channel != room.ChannelSpectators {
		t.Errorf("a spectator joining gets %+v", h.Lines)
	}
	servertest.TableCmd(bob, "resign", "r")
	bob.Until("end")
	if h := servertest.As[room.ChatMessage](t, ts.Dial(tb.ID, tok[1]).Until("chat")); len(h.Lines) != 8 {
		t.Errorf("after the end a seat gets %d lines, want both channels' 8", len(h.Lines))
	}
	var rep api.Replay
	ts.Do("GET", "/api/tables/"+tb.ID+"/replay", nil, &rep)
	chats := 0
	for _, e := range rep.Events {
		if e.Kind == room.EventChat {
			chats++
		} else {
			said(t, "the replay's "+e.Kind+" event", e.Text, e.TextI18n, rep.Seats[0].Name, rep.Seats[1].Name)
		}
	}
	if chats != 8 || rep.Events[0].Text != "good luck !" || rep.Events[1].Channel != room.ChannelSpectators {
		t.Errorf("the replay's events: %+v", rep.Events)
	}
}

// Regicide's players chat in quick phrases (REG-23: nobody tells another
// about a hand); its spectators freely; a table may turn players' chat
// off.
func TestChatPhrases(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "regicide", 2, nil, nil)
	ann, spec := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, "")
	if h := servertest.As[room.ChatMessage](t, ann.Until("chat")); h.Mode != "phrases" {
		t.Errorf("Regicide's chat mode %q", h.Mode)
	}
	say(ann, "I hold the KS, play clubs", "free")
	if e := servertest.Refused(t, ann, "free", room.CodeNotAllowed); !strings.Contains(e.Text, "Good luck!") {
		t.Errorf("free text in Regicide: %s", e.Raw)
	}
	say(ann, "Good luck!", "phrase")
	heardText(t, spec, "Good luck!")
	say(spec, "nice deal", "spec")
	heardText(t, spec, "nice deal")
	off, otok := servertest.People(t, ts, "war", 2, nil, map[string]string{"chat": "off"})
	o := ts.Dial(off.ID, otok[0])
	say(o, "hello", "off")
	servertest.Refused(t, o, "off", room.CodeNotAllowed)
}

// Spectators cannot silence or flood a table: 40 spectator connections
// from one address sending 3 lines each get at most their address's burst
// through in all (every other line refused rate-limited), and the seated
// players chat on.
func TestSpectatorsCannotFlood(t *testing.T) {
	st := memstore.New()
	ts := servertest.New(t, st, server.Config{Limits: server.Limits{ConnRate: 1e6, ConnBurst: 1000, ConnsPerAddr: 100}})
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann := ts.Dial(tb.ID, tok[0])
	ann.Until("chat")
	const conns, lines = 40, 3
	var refused atomic.Int64
	began := time.Now()
	for i := range conns {
		s := ts.Dial(tb.ID, "")
		s.Until("chat")
		go func() {
			for m := range s.Msgs {
				if m.Type == "error" && strings.HasPrefix(m.ID, "f") {
					if m.Code != ratelimit.CodeRateLimited {
						t.Errorf("a spectator's line refused %s", m.Raw)
					}
					refused.Add(1)
				}
			}
		}()
		for j := range lines {
			say(s, "flood", fmt.Sprintf("f%d-%d", i, j))
		}
	}
	stored := func() int {
		n := 0
		evs, _ := st.Events(t.Context(), tb.ID)
		for _, e := range evs {
			if e.Kind == room.EventChat && e.Seat == -1 {
				n++
			}
		}
		return n
	}
	for deadline := time.Now().Add(servertest.Hang); stored()+int(refused.Load()) < conns*lines; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("of %d spectators' lines %d were stored and %d refused", conns*lines, stored(), refused.Load())
		}
	}
	// The address's bucket refills at its rate while the lines come.
	most := room.SpectatorAddrBurst + int(time.Since(began).Seconds()*room.SpectatorAddrRate) + 1
	if n := stored(); n > most {
		t.Errorf("40 spectators from one address got %d lines through in %v; want at most the address's burst and its refill, %d", n, time.Since(began).Round(time.Millisecond), most)
	}
	say(ann, "still here", "p1")
	heardText(t, ann, "still here")
}

// With the spectators' channel full (room.MaxSpectatorLines stored) and more
// players' lines stored than a table keeps in memory, a rebuilt table
// still takes the players' lines (and sends the latest on joining), and
// tells spectators their channel is full.
func TestFullChatNeverSilencesPlayers(t *testing.T) {
	st := memstore.New()
	ts := servertest.New(t, st, server.Config{Limits: server.Limits{ConnRate: 1e6, ConnBurst: 1000}})
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ts.Stop()
	evs, err := st.Events(t.Context(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	seq := len(evs)
	add := func(seat int, channel, text string) {
		data, _ := json.Marshal(room.EventData{Channel: channel, Name: "x", Text: text})
		if err := st.AppendEvent(t.Context(), tb.ID, store.Event{Seq: seq, Kind: room.EventChat, Seat: seat, Data: string(data), At: time.Now()}); err != nil {
			t.Fatal(err)
		}
		seq++
	}
	for i := range room.MaxChatLines + 200 {
		add(i%2, room.ChannelPlayers, fmt.Sprintf("p%d", i))
		if i < room.MaxSpectatorLines {
			add(-1, room.ChannelSpectators, fmt.Sprintf("s%d", i))
		}
	}
	ts = servertest.New(t, st, server.Config{Limits: server.Limits{ConnRate: 1e6, ConnBurst: 1000}})
	ann, spec := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, "")
	if l := heard(t, ann); len(l) != room.ChatReplay || l[len(l)-1].Text != fmt.Sprintf("p%d", room.MaxChatLines+199) {
		t.Fatalf("ann joined to %d lines ending %+v", len(l), l[len(l)-1])
	}
	heard(t, spec)
	say(ann, "we play on", "p1")
	heardText(t, ann, "we play on")
	heardText(t, spec, "we play on")
	say(spec, "me too", "s1")
	if e := spec.Until("error", func(m servertest.Msg) bool { return m.ID == "s1" }); e.Code != room.CodeNotAllowed || !strings.Contains(e.Text, "spectators' chat at this table is full") {
		t.Fatalf("a spectator's line with the spectators' channel full: %s", e.Raw)
	}
}

// A signed-in spectator's lines count for their account across
// connections and addresses: two connections from two addresses get at
// most the account's burst through together.
func TestSpectatorChatPerAccount(t *testing.T) {
	ts, _ := servertest.NewAccountsConfig(t, server.Config{TrustedProxies: servertest.Proxies(t, "127.0.0.0/8")})
	tb := ts.Create(api.CreateRequest{Game: "war", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	eve := ts.SignedUp("eve")
	u, _ := url.Parse(ts.HTTP.URL)
	var conns []*websocket.Conn
	for _, addr := range []string{"203.0.113.1", "203.0.113.2"} {
		h := http.Header{"X-Forwarded-For": {addr}}
		for _, c := range eve.Client.Jar.Cookies(u) {
			h.Add("Cookie", c.Name+"="+c.Value)
		}
		conn, _, err := websocket.Dial(t.Context(), "ws"+strings.TrimPrefix(ts.HTTP.URL, "http")+"/ws/"+tb.ID, &websocket.DialOptions{HTTPHeader: h})
		if err != nil {
			t.Fatal(err)
		}
		defer conn.CloseNow()
		conns = append(conns, conn)
	}
	refused := 0
	for i, conn := range conns {
		for j := range room.ChatBurst {
			id := fmt.Sprintf("e%d-%d", i, j)
			b, _ := json.Marshal(map[string]string{"type": "chat", "text": id, "id": id})
			if err := conn.Write(t.Context(), websocket.MessageText, b); err != nil {
				t.Fatal(err)
			}
			for {
				_, data, err := conn.Read(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				m := msgtest.Decode(t, data)
				if m.Type == "error" && m.ID == id {
					refused++
					break
				}
				if m.Type == "chat" && strings.Contains(string(m.Raw), `"text":"`+id+`"`) {
					break
				}
			}
		}
	}
	if refused != room.ChatBurst {
		t.Errorf("eve's two connections from two addresses: %d of %d lines refused, want %d (the account's burst is %d)", refused, 2*room.ChatBurst, room.ChatBurst, room.ChatBurst)
	}
}

// TestChatPhrasesAsMessages: the quick phrases travel with their messages
// (each phrase is its message in English), a phrase said carries its
// message so each reader sees it in their language, and the refusal of a
// line that is no phrase says so as a message naming the phrases.
func TestChatPhrasesAsMessages(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "regicide", 2, nil, nil)
	ann, bob := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1])
	h := servertest.As[room.ChatMessage](t, ann.Until("chat"))
	if len(h.PhrasesI18n) != len(h.Phrases) || len(h.Phrases) == 0 {
		t.Fatalf("%d phrases, %d messages", len(h.Phrases), len(h.PhrasesI18n))
	}
	for i, m := range h.PhrasesI18n {
		if got := i18n.English.Say(m); got != h.Phrases[i] {
			t.Errorf("phrase %d %q: its message reads %q in English", i, h.Phrases[i], got)
		}
		if got := i18n.For("cy").Say(m); got == h.Phrases[i] || got == m.ID {
			t.Errorf("phrase %q has no Welsh: %q", h.Phrases[i], got)
		}
	}
	say(ann, "I hold the KS", "free")
	e := servertest.Refused(t, ann, "free", room.CodeNotAllowed)
	var raw struct {
		Said engine.Msg `json:"message_i18n"`
	}
	if err := json.Unmarshal([]byte(e.Raw), &raw); err != nil || raw.Said.ID != "room.phrases-only" {
		t.Fatalf("the refusal carries no message: %s", e.Raw)
	}
	if he := i18n.For("he").Say(raw.Said); !strings.Contains(he, "בהצלחה!") || !strings.Contains(he, "בביטויים מהירים") {
		t.Errorf("the refusal in Hebrew: %q", he)
	}
	say(ann, "Good luck!", "phrase")
	if l := heardText(t, bob, "Good luck!"); !l.TextI18n.Equal(engine.Say("chat.phrase.good-luck")) {
		t.Errorf("the phrase said carries %+v", l.TextI18n)
	}
	say(ann, "Good luck!!", "not-a-phrase")
	servertest.Refused(t, ann, "not-a-phrase", room.CodeNotAllowed)
}
