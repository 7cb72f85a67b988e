package server

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"cardtable/server/testclock"
)

func say(c *wsClient, text, id string) {
	c.send(map[string]string{"type": "chat", "text": text, "id": id})
}

// heard waits for a chat message and returns its lines.
func heard(t *testing.T, c *wsClient) []chatLine {
	t.Helper()
	return as[chatMessage](t, c.until("chat")).Lines
}

// heardText waits for a chat message whose last line is text.
func heardText(t *testing.T, c *wsClient, text string) chatLine {
	t.Helper()
	m := as[chatMessage](t, c.until("chat", func(m wireMsg) bool {
		l := as[chatMessage](t, m).Lines
		return len(l) > 0 && l[len(l)-1].Text == text
	}))
	return m.Lines[len(m.Lines)-1]
}

// Chat: the players' channel reaches everyone, the spectators' only
// spectators while the game goes on (everyone once it is over); lines are
// cleaned (control and bidi characters gone), bounded in length and rate,
// stored with the table, sent on joining and shown in the replay.
func TestChat(t *testing.T) {
	clk := testclock.New(lifeStart)
	ts := lifeServer(t, nil, clk)
	tb, tok := people(t, ts, "war", 2, nil, nil)
	ann, bob, spec := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, tok[1]), ts.dial(tb.ID, "")
	for _, c := range []*wsClient{ann, bob, spec} {
		if h := as[chatMessage](t, c.until("chat")); len(h.Lines) != 0 || h.Mode != "free" || len(h.Phrases) == 0 {
			t.Fatalf("chat on joining: %+v", h)
		}
	}
	say(ann, "good \u202eluck\x07\t!", "c1")
	for _, c := range []*wsClient{ann, bob, spec} {
		if l := heard(t, c); len(l) != 1 || l[0].Text != "good luck !" || l[0].From != 0 || l[0].Name != "ann" || l[0].Channel != channelPlayers {
			t.Fatalf("ann's line: %+v", l)
		}
	}
	say(spec, "bob should slap", "c2")
	if l := heard(t, spec); l[0].Channel != channelSpectators || l[0].From != -1 || l[0].Name != "spectator" {
		t.Fatalf("the spectator's line: %+v", l)
	}
	say(bob, "hi", "c3")
	if l := heard(t, ann); l[0].Text != "hi" {
		t.Fatalf("ann heard %+v before bob's line: the spectators' channel reached a seat", l)
	}
	say(ann, strings.Repeat("é", maxChat+1), "long")
	if e := refused(t, ann, "long", "bad-message"); !strings.Contains(e.Text, "at most 300") {
		t.Errorf("too long: %s", e.Raw)
	}
	say(ann, "\u202e\u200b", "empty")
	refused(t, ann, "empty", "bad-message")
	say(ann, strings.Repeat("é", maxChat), "max")
	heardText(t, bob, strings.Repeat("é", maxChat))
	// ann has used 2 of her 5; three more pass, the next is refused.
	for i := range 3 {
		say(ann, fmt.Sprint("spam ", i), "s")
		heardText(t, bob, fmt.Sprint("spam ", i))
	}
	say(ann, "one too many", "over")
	refused(t, ann, "over", CodeRateLimited)
	clk.Advance(2 * time.Second)
	say(ann, "again", "ok")
	heardText(t, bob, "again")
	// Joining: a seat gets the players' lines, a spectator both channels.
	if h := as[chatMessage](t, ts.dial(tb.ID, tok[1]).until("chat")); len(h.Lines) != 7 {
		t.Errorf("bob rejoining gets %d lines, want the 7 of the players' channel", len(h.Lines))
	}
	if h := as[chatMessage](t, ts.dial(tb.ID, "").until("chat")); len(h.Lines) != 8 || h.Lines[1].Channel != channelSpectators {
		t.Errorf("a spectator joining gets %+v", h.Lines)
	}
	tableCmd(bob, "resign", "r")
	bob.until("end")
	if h := as[chatMessage](t, ts.dial(tb.ID, tok[1]).until("chat")); len(h.Lines) != 8 {
		t.Errorf("after the end a seat gets %d lines, want both channels' 8", len(h.Lines))
	}
	var rep replayJSON
	ts.do("GET", "/api/tables/"+tb.ID+"/replay", nil, &rep)
	chats := 0
	for _, e := range rep.Events {
		if e.Kind == evChat {
			chats++
		}
	}
	if chats != 8 || rep.Events[0].Text != "good luck !" || rep.Events[1].Channel != channelSpectators {
		t.Errorf("the replay's events: %+v", rep.Events)
	}
}

// Regicide's players chat in quick phrases (REG-23: nobody tells another
// about a hand); its spectators freely; a table may turn players' chat
// off.
func TestChatPhrases(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	tb, tok := people(t, ts, "regicide", 2, nil, nil)
	ann, spec := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, "")
	if h := as[chatMessage](t, ann.until("chat")); h.Mode != "phrases" {
		t.Errorf("Regicide's chat mode %q", h.Mode)
	}
	say(ann, "I hold the KS, play clubs", "free")
	if e := refused(t, ann, "free", CodeNotAllowed); !strings.Contains(e.Text, "Good luck!") {
		t.Errorf("free text in Regicide: %s", e.Raw)
	}
	say(ann, "Good luck!", "phrase")
	heardText(t, spec, "Good luck!")
	say(spec, "nice deal", "spec")
	heardText(t, spec, "nice deal")
	off, otok := people(t, ts, "war", 2, nil, map[string]string{"chat": "off"})
	o := ts.dial(off.ID, otok[0])
	say(o, "hello", "off")
	refused(t, o, "off", CodeNotAllowed)
}
