package server

import (
	"slices"
	"strings"
	"time"

	"cardtable/engine"
	"cardtable/table"
)

// Chat's limits (docs/protocol.md, "Chat"): a line is at most maxChat
// characters once cleaned (cleanText); a seat (or a spectator's
// connection) may send chatRate lines a second, bursts of chatBurst; a
// table keeps at most maxChatLines lines, and a joining client is sent the
// last chatReplay it may read.
const (
	maxChat      = 300
	chatRate     = 0.5
	chatBurst    = 5
	maxChatLines = 1000
	chatReplay   = 100
)

// Chat channels: the seated players' (everyone reads it) and the
// spectators' (only spectators read it while the game goes on, so nobody
// watching can coach a player; everyone once it is over, and in the
// replay).
const (
	channelPlayers    = "players"
	channelSpectators = "spectators"
)

// quickPhrases are the lines a player may send at a table whose chat is
// phrases only (Regicide's default): none says anything about a hand
// (REG-23). Regicide's go-next signals (REG-20) are the game's own
// actions, offered beside them when legal.
var quickPhrases = []string{
	"Hello!", "Good luck!", "Well played!", "Nice!", "Thanks!", "Sorry!", "Oops!",
	"Take your time.", "Back in a minute.", "Good game!", "Rematch?",
}

// chatLine is one stored line.
type chatLine struct {
	From    int       `json:"from"` // the seat; -1: a spectator
	Channel string    `json:"channel"`
	Name    string    `json:"name"`
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
	Version int       `json:"version"`
}

// chatState is a room's chat: the lines kept and each sender's rate.
type chatState struct {
	lines []chatLine
	rates map[any]*bucket
}

func (cs *chatState) init() { cs.rates = map[any]*bucket{} }

func (cs *chatState) add(l chatLine) { cs.lines = append(cs.lines, l) }

// chatMessage carries chat lines: one new line, or on joining the latest
// ones the recipient may read (docs/protocol.md, "Chat").
type chatMessage struct {
	Type    string     `json:"type"`
	Seat    int        `json:"seat"`
	Version int        `json:"version"`
	Lines   []chatLine `json:"lines"`
	// Phrases are the quick phrases (on joining); Mode is the table's
	// chat setting (free, phrases, off).
	Phrases []string `json:"phrases,omitempty"`
	Mode    string   `json:"mode,omitempty"`
}

// mayRead reports whether recipient seat may read line l now.
func (r *room) mayRead(seat int, l chatLine) bool {
	return l.Channel == channelPlayers || seat < 0 || r.t.Over()
}

// chatHistory is what a joining seat is sent of the chat.
func (r *room) chatHistory(seat int) (chatMessage, bool) {
	m := chatMessage{Type: "chat", Seat: seat, Version: r.t.Version(), Lines: []chatLine{}, Phrases: quickPhrases, Mode: r.life.settings.Chat}
	for i := len(r.life.chat.lines) - 1; i >= 0 && len(m.Lines) < chatReplay; i-- {
		if l := r.life.chat.lines[i]; r.mayRead(seat, l) {
			m.Lines = append(m.Lines, l)
		}
	}
	slices.Reverse(m.Lines)
	return m, true
}

// chat says c's line at the table: a seat's in the players' channel, a
// spectator's in the spectators'. Cleaned and bounded first; stored before
// anyone reads it; never part of the game's state.
func (r *room) chat(c *client, cmd table.Command) error {
	channel := channelPlayers
	if c.seat < 0 {
		channel = channelSpectators
	}
	text, err := cleanText("text", cmd.Text, maxChat)
	if err != nil {
		return table.Errorf(table.CodeBadMessage, "%v", err)
	}
	if text == "" {
		return table.Errorf(table.CodeBadMessage, "text: empty once cleaned; say something")
	}
	if channel == channelPlayers {
		if err := r.chatAllowed(text); err != nil {
			return err
		}
	}
	if len(r.life.chat.lines) >= maxChatLines {
		return table.Errorf(CodeNotAllowed, "this table's chat is full (%d lines)", maxChatLines)
	}
	now := r.srv.now()
	var key any = c
	if c.seat >= 0 {
		key = c.seat
	}
	b := r.life.chat.rates[key]
	if b == nil {
		b = &bucket{rate: chatRate, burst: chatBurst, tokens: chatBurst, last: now}
		r.life.chat.rates[key] = b
	}
	if !b.take(now) {
		return table.Errorf(CodeRateLimited, "too many chat lines; at most %d in a row, then one every %s", chatBurst, time.Duration(float64(time.Second)/chatRate))
	}
	name := "spectator"
	if c.seat >= 0 {
		name = r.seatWho(c.seat)
	}
	if err := r.storeEvent(evChat, c.seat, eventData{Channel: channel, Name: name, Text: text}, now); err != nil {
		return err
	}
	l := chatLine{From: c.seat, Channel: channel, Name: name, Text: text, At: now, Version: r.t.Version()}
	r.life.chat.add(l)
	r.broadcast(func(seat int) bool { return r.mayRead(seat, l) }, func(seat int) any {
		return chatMessage{Type: "chat", Seat: seat, Version: r.t.Version(), Lines: []chatLine{l}}
	})
	return nil
}

// chatAllowed refuses a player's line the table's chat setting does not
// take.
func (r *room) chatAllowed(text string) error {
	switch r.life.settings.Chat {
	case table.ChatOff:
		return table.Errorf(CodeNotAllowed, "players' chat is off at this table")
	case table.ChatPhrases:
		if !slices.Contains(quickPhrases, text) && !r.t.Over() {
			return table.Errorf(CodeNotAllowed, "players at this table chat in quick phrases only, since no player may tell another about a hand; the phrases: %s", strings.Join(quickPhrases, " | "))
		}
	}
	return nil
}

// forgetChatRate drops a spectator connection's chat bucket (it left).
func (r *room) forgetChatRate(c *client) {
	if c.seat == engine.Spectator {
		delete(r.life.chat.rates, c)
	}
}
