package room

import (
	"slices"
	"strings"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server/conn"
	"cardtable/server/ratelimit"
	"cardtable/server/usertext"
	"cardtable/table"
)

// Chat's limits (docs/protocol.md, "Chat"): a line is at most MaxChat
// characters once cleaned (usertext.Clean). A seat may send chatRate lines a
// second, bursts of ChatBurst, whatever its connections; so may a
// spectator's connection, and at most SpectatorAddrRate (bursts of
// SpectatorAddrBurst) from one address and chatRate from one account
// across every connection and table. A table keeps the last MaxChatLines
// lines of each channel in memory, and a joining client is sent the last
// ChatReplay it may read. The spectators' channel takes at most
// MaxSpectatorLines lines a table; the players' channel has no cap: its
// seats' rate bounds it, and nothing spectators do can silence them.
const (
	MaxChat            = 300
	chatRate           = 0.5
	ChatBurst          = 5
	SpectatorAddrRate  = 1
	SpectatorAddrBurst = 10
	MaxChatLines       = 1000
	MaxSpectatorLines  = 1000
	ChatReplay         = 100
)

// Chat channels: the seated players' (everyone reads it) and the
// spectators' (only spectators read it while the game goes on, so nobody
// watching can coach a player; everyone once it is over, and in the
// replay).
const (
	ChannelPlayers    = "players"
	ChannelSpectators = "spectators"
)

// quickPhrases are the lines a player may send at a table whose chat is
// phrases only (Regicide's default): none says anything about a hand
// (REG-23). Regicide's go-next signals (REG-20) are the game's own
// actions, offered beside them when legal.
var quickPhrases = []string{
	"Hello!", "Good luck!", "Well played!", "Nice!", "Thanks!", "Sorry!", "Oops!",
	"Take your time.", "Back in a minute.", "Good game!", "Rematch?",
}

// quickPhraseIDs are the quick phrases' messages, in their order: each
// phrase is its message in English, and travels as both (the chat itself
// is never translated, but a phrase is the table's words).
var quickPhraseIDs = []string{
	"chat.phrase.hello", "chat.phrase.good-luck", "chat.phrase.well-played", "chat.phrase.nice", "chat.phrase.thanks",
	"chat.phrase.sorry", "chat.phrase.oops", "chat.phrase.take-your-time", "chat.phrase.back-soon", "chat.phrase.good-game",
	"chat.phrase.rematch",
}

// phraseMsg is text's message if it is a quick phrase (else zero).
func phraseMsg(text string) engine.Msg {
	if i := slices.Index(quickPhrases, text); i >= 0 {
		return engine.Say(quickPhraseIDs[i])
	}
	return engine.Msg{}
}

// phraseMsgs are the quick phrases' messages.
func phraseMsgs() []engine.Msg {
	ms := make([]engine.Msg, len(quickPhraseIDs))
	for i, id := range quickPhraseIDs {
		ms[i] = engine.Say(id)
	}
	return ms
}

// ChatLine is one stored line.
type ChatLine struct {
	From    int    `json:"from"` // the seat; -1: a spectator
	Channel string `json:"channel"`
	Name    string `json:"name"`
	Text    string `json:"text"`
	// TextI18n is a quick phrase's message (absent for other lines).
	TextI18n engine.Msg `json:"text_i18n,omitzero"`
	At       time.Time  `json:"at"`
	Version  int        `json:"version"`
	// n numbers the table's lines in the order they were said.
	n int
}

// chatState is a room's chat: the latest lines of each channel, how many
// spectators' lines the table took in all, and each sender's rate.
type chatState struct {
	players, spectators  []ChatLine
	said, spectatorLines int
	rates                map[any]*ratelimit.Bucket
}

func (cs *chatState) init() { cs.rates = map[any]*ratelimit.Bucket{} }

// add keeps l, dropping its channel's oldest line beyond MaxChatLines.
func (cs *chatState) add(l ChatLine) {
	l.n = cs.said
	cs.said++
	keep := &cs.players
	if l.Channel == ChannelSpectators {
		keep = &cs.spectators
		cs.spectatorLines++
	}
	if len(*keep) >= MaxChatLines {
		*keep = slices.Delete(*keep, 0, len(*keep)-MaxChatLines+1)
	}
	*keep = append(*keep, l)
}

// latest is the last n lines that read accepts, oldest first.
func (cs *chatState) latest(n int, read func(ChatLine) bool) []ChatLine {
	out := []ChatLine{}
	p, s := len(cs.players)-1, len(cs.spectators)-1
	for len(out) < n && (p >= 0 || s >= 0) {
		var l ChatLine
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

// ChatMessage carries chat lines: one new line, or on joining the latest
// ones the recipient may read (docs/protocol.md, "Chat").
type ChatMessage struct {
	Type    string     `json:"type"`
	Seat    int        `json:"seat"`
	Version int        `json:"version"`
	Lines   []ChatLine `json:"lines"`
	// Phrases are the quick phrases (on joining); Mode is the table's
	// chat setting (free, phrases, off).
	Phrases []string `json:"phrases,omitempty"`
	// PhrasesI18n are the quick phrases as messages, in Phrases' order.
	PhrasesI18n []engine.Msg `json:"phrases_i18n,omitempty"`
	Mode        string       `json:"mode,omitempty"`
}

// mayRead reports whether recipient seat may read line l now.
func (r *Room) mayRead(seat int, l ChatLine) bool {
	return l.Channel == ChannelPlayers || seat < 0 || r.t.Over()
}

// chatHistory is what a joining seat is sent of the chat.
func (r *Room) chatHistory(seat int) (ChatMessage, bool) {
	m := ChatMessage{Type: "chat", Seat: seat, Version: r.t.Version(), Phrases: quickPhrases, PhrasesI18n: phraseMsgs(), Mode: r.settings.Chat}
	m.Lines = r.chat.latest(ChatReplay, func(l ChatLine) bool { return r.mayRead(seat, l) })
	return m, true
}

// say says c's line at the table: a seat's in the players' channel, a
// spectator's in the spectators'. Cleaned and bounded first; stored before
// anyone reads it; never part of the game's state.
func (r *Room) say(c *conn.Conn, cmd table.Command) error {
	channel := ChannelPlayers
	if c.Seat < 0 {
		channel = ChannelSpectators
	}
	text, err := usertext.Clean("text", cmd.Text, MaxChat)
	if err != nil {
		said, _ := engine.SaidOf(err)
		return table.Sayf(table.CodeBadMessage, said, "%v", err)
	}
	if text == "" {
		return table.Sayf(table.CodeBadMessage, engine.Say("room.chat-empty"), "text: empty once cleaned; say something")
	}
	if channel == ChannelPlayers {
		if err := r.chatAllowed(text); err != nil {
			return err
		}
	} else if r.chat.spectatorLines >= MaxSpectatorLines {
		return table.Sayf(CodeNotAllowed, engine.Say("room.spectator-chat-full", engine.NumArg("n", MaxSpectatorLines)), "the spectators' chat at this table is full (%d lines); the players' chat goes on", MaxSpectatorLines)
	}
	now := r.rooms.Now()
	if err := r.chatRate(c, now); err != nil {
		return err
	}
	name := "spectator"
	if c.Seat >= 0 {
		name = r.seatWho(c.Seat)
	}
	if err := r.storeEvent(EventChat, c.Seat, EventData{Channel: channel, Name: name, Text: text}, now); err != nil {
		return err
	}
	l := ChatLine{From: c.Seat, Channel: channel, Name: name, Text: text, TextI18n: phraseMsg(text), At: now, Version: r.t.Version()}
	r.chat.add(l)
	r.broadcast(func(seat int) bool { return r.mayRead(seat, l) }, func(seat int) any {
		return ChatMessage{Type: "chat", Seat: seat, Version: r.t.Version(), Lines: []ChatLine{l}}
	})
	return nil
}

// chatAllowed refuses a player's line the table's chat setting does not
// take.
func (r *Room) chatAllowed(text string) error {
	switch r.settings.Chat {
	case table.ChatOff:
		return table.Sayf(CodeNotAllowed, engine.Say("room.chat-off"), "players' chat is off at this table")
	case table.ChatPhrases:
		if !slices.Contains(quickPhrases, text) && !r.t.Over() {
			return table.Sayf(CodeNotAllowed, engine.Say("room.phrases-only", engine.MsgsArg("phrases", phraseMsgs())),
				"players at this table chat in quick phrases only, since no player may tell another about a hand; the phrases: %s", strings.Join(quickPhrases, " | "))
		}
	}
	return nil
}

// chatRate spends a chat token of c's seat, or of a spectator's
// connection, address and account; a line over any of them is refused.
func (r *Room) chatRate(c *conn.Conn, now time.Time) error {
	var key any = c
	if c.Seat >= 0 {
		key = c.Seat
	}
	b := r.chat.rates[key]
	if b == nil {
		b = ratelimit.NewBucketAt(chatRate, ChatBurst, now)
		r.chat.rates[key] = b
	}
	if c.Seat < 0 {
		// The server-wide buckets count the machine's time, as the other
		// per-address limits do; the room's own, the table's clock.
		s, real := r.rooms, time.Now()
		wait := max(s.chatAddrs.Wait(c.Addr(), real), b.Wait(now))
		if c.User != "" {
			wait = max(wait, s.chatUsers.Wait(c.User, real))
		}
		if wait > 0 {
			return spectatorChatRefused(wait)
		}
		s.chatAddrs.TakeAt(c.Addr(), real)
		if c.User != "" {
			s.chatUsers.TakeAt(c.User, real)
		}
	}
	if !b.Take(now) {
		return chatRateRefused()
	}
	return nil
}

// chatRateRefused says a seat's chat line over the room's rate: the
// burst, and the pace after it in the reader's words ("2 seconds").
func chatRateRefused() *table.Error {
	every := time.Duration(float64(time.Second) / chatRate)
	return table.Sayf(ratelimit.CodeRateLimited, engine.Say("room.chat-rate", engine.NumArg("burst", ChatBurst), engine.MsgArg("every", durationMsg(every))),
		"too many chat lines; at most %d in a row, then one every %s", ChatBurst, i18n.English.Say(durationMsg(every)))
}

// spectatorChatRefused says a spectator's line over one of its limits,
// with the wait rounded up to whole seconds (never "the next one in 0
// seconds", never Go's "1.2s") in the reader's words.
func spectatorChatRefused(wait time.Duration) *table.Error {
	said := durationMsg(max((wait + time.Second - 1).Truncate(time.Second), time.Second))
	return table.Sayf(ratelimit.CodeRateLimited, engine.Say("room.spectator-chat-rate", engine.MsgArg("wait", said)),
		"too many spectators' chat lines from you (this connection, your address or your account); the next one in %s", i18n.English.Say(said))
}

// forgetChatRate drops a spectator connection's chat bucket (it left).
func (r *Room) forgetChatRate(c *conn.Conn) {
	if c.Seat == engine.Spectator {
		delete(r.chat.rates, c)
	}
}
