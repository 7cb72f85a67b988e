package table

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"cardtable/engine"
)

// A table's pace (Settings.Pace).
const (
	// PaceNone: no clock; a seat may take as long as it likes.
	PaceNone = "none"
	// PaceLive: a time per move, then an optional reserve per seat.
	PaceLive = "live"
	// PaceCorrespondence: days per move.
	PaceCorrespondence = "correspondence"
)

// What a seat whose time runs out comes to (Settings.Timeout).
const (
	// TimeoutBot: the game's default bot takes the seat and plays on.
	TimeoutBot = "bot"
	// TimeoutLose: the seat loses and the game ends (two-seat War and
	// Watchtower tables only).
	TimeoutLose = "lose"
)

// A table's chat (Settings.Chat).
const (
	ChatFree    = "free"    // anything within the length and rate limits
	ChatPhrases = "phrases" // players pick from quick phrases only (Regicide's default: REG-23)
	ChatOff     = "off"     // no chat from players
)

// The clock's bounds and defaults: a client sets a table's pace, so every
// number is bounded here, whoever asks.
const (
	MinLiveMove     = 5 * time.Second
	MaxLiveMove     = 10 * time.Minute
	DefaultLiveMove = time.Minute
	MaxReserve      = time.Hour
	Day             = 24 * time.Hour
	DefaultCorrDays = 3
)

// CorrespondenceDays are the days a correspondence move may take.
var CorrespondenceDays = []int{1, 2, 3, 7}

// Settings are a table's own settings, not the game's rules: its pace
// (clock), what a timeout does and its chat. The zero value is a table
// without a clock, with free chat.
type Settings struct {
	Pace string
	// Move is the time a seat has for each move: MinLiveMove to
	// MaxLiveMove at a live table, 1, 2, 3 or 7 days by correspondence.
	Move time.Duration
	// Reserve is each seat's extra time at a live table, spent once a move
	// takes longer than Move (0 to MaxReserve); never given back.
	Reserve time.Duration
	// Timeout is TimeoutBot or TimeoutLose.
	Timeout string
	// Chat is ChatFree, ChatPhrases or ChatOff.
	Chat string
}

// settingKeys are the keys a settings map may hold.
var settingKeys = []string{"pace", "move", "reserve", "timeout", "chat"}

// ParseSettings reads a table's settings for a game of g with seats seats
// (missing keys take their defaults). Anything it does not take is refused
// with a sentence naming the key, the value and what is allowed.
func ParseSettings(m map[string]string, g engine.Game, seats int) (Settings, error) {
	for k := range m {
		if !slices.Contains(settingKeys, k) {
			return Settings{}, settingErr(engine.Say("settings.unknown-key", q("key", k), engine.TextArg("keys", strings.Join(settingKeys, ", "))),
				"unknown key %q; the keys are %s", k, strings.Join(settingKeys, ", "))
		}
	}
	s := Settings{Pace: PaceNone, Timeout: TimeoutBot, Chat: ChatFree}
	if g.Name() == "regicide" {
		s.Chat = ChatPhrases
	}
	if v, ok := m["pace"]; ok {
		s.Pace = v
	}
	switch s.Pace {
	case PaceNone:
		if m["move"] != "" || m["reserve"] != "" {
			return Settings{}, settingErr(engine.Say("settings.clock-needed", q("live", PaceLive), q("correspondence", PaceCorrespondence)),
				"move and reserve need a clock; set pace to %q or %q", PaceLive, PaceCorrespondence)
		}
	case PaceLive:
		if err := s.parseLive(m); err != nil {
			return Settings{}, err
		}
	case PaceCorrespondence:
		if err := s.parseCorrespondence(m); err != nil {
			return Settings{}, err
		}
	default:
		return Settings{}, settingErr(engine.Say("settings.bad-pace", q("value", s.Pace), q("none", PaceNone), q("live", PaceLive), q("correspondence", PaceCorrespondence)),
			"pace %q; a pace is %q, %q or %q", s.Pace, PaceNone, PaceLive, PaceCorrespondence)
	}
	if err := s.parseTimeout(m, g, seats); err != nil {
		return Settings{}, err
	}
	if v, ok := m["chat"]; ok {
		if v != ChatFree && v != ChatPhrases && v != ChatOff {
			return Settings{}, settingErr(engine.Say("settings.bad-chat", q("value", v), q("free", ChatFree), q("phrases", ChatPhrases), q("off", ChatOff)),
				"chat %q; chat is %q, %q or %q", v, ChatFree, ChatPhrases, ChatOff)
		}
		s.Chat = v
	}
	return s, nil
}

func (s *Settings) parseLive(m map[string]string) error {
	s.Move = DefaultLiveMove
	if v, ok := m["move"]; ok {
		d, err := time.ParseDuration(v)
		if err != nil || d < MinLiveMove || d > MaxLiveMove {
			return settingErr(engine.Say("settings.bad-live-move", q("value", v), engine.TextArg("min", MinLiveMove.String()), engine.TextArg("max", MaxLiveMove.String())),
				"move %q; a live move takes %s to %s, written like 20s or 2m", v, MinLiveMove, MaxLiveMove)
		}
		s.Move = d
	}
	if v, ok := m["reserve"]; ok {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > MaxReserve {
			return settingErr(engine.Say("settings.bad-reserve", q("value", v), engine.TextArg("max", MaxReserve.String())),
				"reserve %q; a reserve is 0 to %s, written like 0s, 30s or 5m", v, MaxReserve)
		}
		s.Reserve = d
	}
	return nil
}

func (s *Settings) parseCorrespondence(m map[string]string) error {
	s.Move = DefaultCorrDays * Day
	if v, ok := m["move"]; ok {
		n, err := strconv.Atoi(strings.TrimSuffix(v, "d"))
		if err != nil || !strings.HasSuffix(v, "d") || !slices.Contains(CorrespondenceDays, n) {
			return settingErr(engine.Say("settings.bad-correspondence-move", q("value", v)), "move %q; a correspondence move takes 1d, 2d, 3d or 7d", v)
		}
		s.Move = time.Duration(n) * Day
	}
	if v := m["reserve"]; v != "" && v != "0s" {
		return settingErr(engine.Say("settings.correspondence-reserve", q("value", v)), "reserve %q; a correspondence table has no reserve, only days per move", v)
	}
	return nil
}

func (s *Settings) parseTimeout(m map[string]string, g engine.Game, seats int) error {
	v, ok := m["timeout"]
	if !ok {
		return nil
	}
	switch v {
	case TimeoutBot:
	case TimeoutLose:
		if g.Utility() != engine.ZeroSum {
			return settingErr(engine.Say("settings.lose-cooperative", q("value", v), engine.MsgArg("game", engine.Say("game."+g.Name()+".title")), q("bot", TimeoutBot)),
				"timeout %q: %s is co-operative; a seat whose time runs out goes to a bot (timeout %q)", v, g.Title(), TimeoutBot)
		}
		if seats != 2 {
			return settingErr(engine.Say("settings.lose-two-seats", q("value", v), q("bot", TimeoutBot)),
				"timeout %q is for two-seat tables; with %d seats a seat whose time runs out goes to a bot so the others play on (timeout %q)", v, seats, TimeoutBot)
		}
	default:
		return settingErr(engine.Say("settings.bad-timeout", q("value", v), q("bot", TimeoutBot), q("lose", TimeoutLose)),
			"timeout %q; a timeout is %q (a bot plays on) or %q (the seat loses)", v, TimeoutBot, TimeoutLose)
	}
	s.Timeout = v
	return nil
}

// settingErr is a refused setting: msg for people, "settings: " and the
// English format for programs.
func settingErr(msg engine.Msg, format string, args ...any) error {
	return engine.SayErr(nil, msg, "settings: "+format, args...)
}

// q is a value as typed, quoted, for a refusal.
func q(name, value string) engine.Arg { return engine.TextArg(name, strconv.Quote(value)) }

// Map is s as stored and shown: every key, resolved.
func (s Settings) Map() map[string]string {
	m := map[string]string{"pace": s.Pace, "timeout": s.Timeout, "chat": s.Chat}
	switch s.Pace {
	case PaceLive:
		m["move"], m["reserve"] = s.Move.String(), s.Reserve.String()
	case PaceCorrespondence:
		m["move"] = strconv.Itoa(int(s.Move/Day)) + "d"
	}
	return m
}

// Clocked reports whether the table has a clock.
func (s Settings) Clocked() bool { return s.Pace == PaceLive || s.Pace == PaceCorrespondence }

// Equal reports whether two settings are the same.
func (s Settings) Equal(o Settings) bool { return maps.Equal(s.Map(), o.Map()) }
