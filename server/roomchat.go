package server

import (
	"slices"
	"strings"
	"time"

	"cardtable/engine"
	"cardtable/server/conn"
	"cardtable/server/ratelimit"
	"cardtable/server/usertext"
	"cardtable/table"
)

// Chat's limits (docs/protocol.md, "Chat"): a line is at most maxChat
// characters once cleaned (usertext.Clean). A seat may send chatRate lines a
// second, bursts of chatBurst, whatever its connections; so may a
// spectator's connection, and at most spectatorAddrRate (bursts of
// spectatorAddrBurst) from one address and chatRate from one account
// across every connection and table. A table keeps the last maxChatLines
// lines of each channel in memory, and a joining client is sent the last
// chatReplay it may read. The spectators' channel takes at most
// maxSpectatorLines lines a table; the players' channel has no cap: its
// seats' rate bounds it, and nothing spectators do can silence them.
const (
	maxChat            = 300
	chatRate           = 0.5
	chatBurst          = 5
	spectatorAddrRate  = 1
	spectatorAddrBurst = 10
	maxChatLines       = 1000
	maxSpectatorLines  = 1000
	chatReplay         = 100
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
	// n numbers the table's lines in the order they were said.
	n int
}

// chatState is a room's chat: the latest lines of each channel, how many
// spectators' lines the table took in all, and each sender's rate.
type chatState struct {
	players, spectators  []chatLine
	said, spectatorLines int
	rates                map[any]*ratelimit.Bucket
}

func (cs *chatState) init() { cs.rates = map[any]*ratelimit.Bucket{} }

// add keeps l, dropping its channel's oldest line beyond maxChatLines.
func (cs *chatState) add(l chatLine) {
	l.n = cs.said
	cs.said++
	keep := &cs.players
	if l.Channel == channelSpectators {
		keep = &cs.spectators
		cs.spectatorLines++
	}
	if len(*keep) >= maxChatLines {
		*keep = slices.Delete(*keep, 0, len(*keep)-maxChatLines+1)
	}
	*keep = append(*keep, l)
}

// latest is the last n lines that read accepts, oldest first.
func (cs *chatState) latest(n int, read func(chatLine) bool) []chatLine {
	out := []chatLine{}
	p, s := len(cs.players)-1, len(cs.spectators)-1
	for len(out) < n && (p >= 0 || s >= 0) {
		var l chatLine
		if s < 0 || (p >= 0 && cs.players[p].n > cs.spectators[s].n) {
			l, p = cs.players[p], p-1
		} else {
			l, s = cs.spectators[s], s-1
		}
		if read(l) {
			out = append(out, l)
		}
	}
	slices.Reverse(out)
	return out
}

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
	m := chatMessage{Type: "chat", Seat: seat, Version: r.t.Version(), Phrases: quickPhrases, Mode: r.life.settings.Chat}
	m.Lines = r.life.chat.latest(chatReplay, func(l chatLine) bool { return r.mayRead(seat, l) })
	return m, true
}

// chat says c's line at the table: a seat's in the players' channel, a
// spectator's in the spectators'. Cleaned and bounded first; stored before
// anyone reads it; never part of the game's state.
func (r *room) chat(c *conn.Conn, cmd table.Command) error {
	channel := channelPlayers
	if c.Seat < 0 {
		channel = channelSpectators
	}
	text, err := usertext.Clean("text", cmd.Text, maxChat)
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
	} else if r.life.chat.spectatorLines >= maxSpectatorLines {
		return table.Errorf(CodeNotAllowed, "the spectators' chat at this table is full (%d lines); the players' chat goes on", maxSpectatorLines)
	}
	now := r.srv.now()
	if err := r.chatRate(c, now); err != nil {
		return err
	}
	name := "spectator"
	if c.Seat >= 0 {
		name = r.seatWho(c.Seat)
	}
	if err := r.storeEvent(evChat, c.Seat, eventData{Channel: channel, Name: name, Text: text}, now); err != nil {
		return err
	}
	l := chatLine{From: c.Seat, Channel: channel, Name: name, Text: text, At: now, Version: r.t.Version()}
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

// chatRate spends a chat token of c's seat, or of a spectator's
// connection, address and account; a line over any of them is refused.
func (r *room) chatRate(c *conn.Conn, now time.Time) error {
	var key any = c
	if c.Seat >= 0 {
		key = c.Seat
	}
	b := r.life.chat.rates[key]
	if b == nil {
		b = ratelimit.NewBucketAt(chatRate, chatBurst, now)
		r.life.chat.rates[key] = b
	}
	if c.Seat < 0 {
		// The server-wide buckets count the machine's time, as the other
		// per-address limits do; the room's own, the table's clock.
		s, real := r.srv, time.Now()
		wait := max(s.chatAddrs.Wait(c.Addr(), real), b.Wait(now))
		if c.User != "" {
			wait = max(wait, s.chatUsers.Wait(c.User, real))
		}
		if wait > 0 {
			return table.Errorf(ratelimit.CodeRateLimited, "too many spectators' chat lines from you (this connection, your address or your account); the next one in %s", wait.Round(100*time.Millisecond))
		}
		s.chatAddrs.TakeAt(c.Addr(), real)
		if c.User != "" {
			s.chatUsers.TakeAt(c.User, real)
		}
	}
	if !b.Take(now) {
		return table.Errorf(ratelimit.CodeRateLimited, "too many chat lines; at most %d in a row, then one every %s", chatBurst, time.Duration(float64(time.Second)/chatRate))
	}
	return nil
}

// forgetChatRate drops a spectator connection's chat bucket (it left).
func (r *room) forgetChatRate(c *conn.Conn) {
	if c.Seat == engine.Spectator {
		delete(r.life.chat.rates, c)
	}
}
