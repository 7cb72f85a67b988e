package room

import (
	"context"
	"encoding/json"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/record"
	"cardtable/store"
	"cardtable/table"
)

// Table event kinds (store.Event.Kind): what happens at a table that is
// not a move of its game (docs/protocol.md, "Table events").
const (
	EventClockStart    = "clock-start"     // the clock started (every person's seat taken)
	EventTimeout       = "timeout"         // seat's time ran out
	EventEnd           = "end"             // the table ended the game: data by (record.Ending)
	EventDrawOffer     = "draw-offer"      // seat offered a draw
	EventDrawAccept    = "draw-accept"     // seat accepted it
	EventDrawDecline   = "draw-decline"    // seat declined it
	EventTakeover      = "takeover"        // a bot took seat: data reason, bot
	EventTakeback      = "takeback"        // seat's person took it back from the bot
	EventChat          = "chat"            // a chat line: data channel, name, text
	EventRematchOffer  = "rematch-offer"   // seat asked for a rematch
	EventRematchAccept = "rematch-accept"  // seat accepted it
	EventRematchNo     = "rematch-decline" // seat declined it
	EventRematchLapse  = "rematch-lapse"   // nobody but its maker answered in time: data seats (who did not)
	EventRematch       = "rematch"         // the rematch's table: data table, seats
	EventRematchOf     = "rematch-of"      // (on the new table) the table it is a rematch of
	EventClockPause    = "clock-pause"     // no server ran the table from data from until now: its running moves get that time back (roomclock.go)
)

// Why a bot took a seat (EventTakeover's reason).
const (
	reasonLeft     = "left"     // its person left it to a bot
	reasonAway     = "away"     // a seated person (or the creator) handed it over, its person away past the grace
	reasonTimeout  = "timeout"  // its time ran out
	reasonResigned = "resigned" // its person resigned at a table of three or more
	reasonCreator  = "creator"  // the creator gave the free seat to a bot
)

// EventData is the data of every kind, each using its own fields.
type EventData struct {
	By      string `json:"by,omitempty"`      // end: record.Ending's By
	Reason  string `json:"reason,omitempty"`  // takeover
	Bot     string `json:"bot,omitempty"`     // takeover
	Channel string `json:"channel,omitempty"` // chat: players or spectators
	Name    string `json:"name,omitempty"`    // chat: the speaker's name then
	Text    string `json:"text,omitempty"`    // chat
	Table   string `json:"table,omitempty"`   // rematch, rematch-of
	Seats   []int  `json:"seats,omitempty"`   // rematch: each old seat's new seat; rematch-lapse: who did not answer
	Bots    []int  `json:"bots,omitempty"`    // rematch: the old seats a bot sits in for there (they did not answer)
	// clock-pause: since when no server ran the table, and the least time
	// a running move was left with (ms).
	From    *time.Time `json:"from,omitempty"`
	LeastMS int64      `json:"least_ms,omitempty"`
}

// storeEvent stores a table event at time at (fenced on a cluster), before
// anything it says changes the room or is told; a refusal is unavailable.
func (r *Room) storeEvent(kind string, seat int, d EventData, at time.Time) error {
	data, err := json.Marshal(d)
	if err != nil {
		return err
	}
	e := store.Event{Seq: r.events, Version: r.t.Version(), Kind: kind, Seat: seat, Data: string(data), At: at}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if cl := r.rooms.cfg.Cluster; cl != nil {
		err = r.fence(cl.AppendEvent(ctx, r.id, r.remote.epoch, e))
	} else {
		err = r.rooms.store.AppendEvent(ctx, r.id, e)
	}
	if err != nil {
		r.rooms.log.Error("table event not stored", "table", r.id, "kind", kind, "err", err)
		return table.Sayf(CodeUnavailable, engine.Say("room.event-not-stored"), "the server could not store that, so nothing changed; try again")
	}
	r.events++
	return nil
}

// decodeEvent reads an event's data (nothing, for data it cannot read:
// the event still counts).
func decodeEvent(e store.Event) EventData {
	var d EventData
	json.Unmarshal([]byte(e.Data), &d)
	return d
}

// storedEnding is the ending the table's events give its game (nil: none).
func storedEnding(evs []store.Event) *record.Ending {
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Kind == EventEnd {
			e := record.Ending{By: decodeEvent(evs[i]).By}
			if evs[i].Seat >= 0 {
				seat := evs[i].Seat
				e.Seat = &seat
			}
			return &e
		}
	}
	return nil
}

// history is what a room is rebuilt from besides its header: the actions
// with their times, the table events, and (for a clocked table) the seats
// to move at each version outside a slap window.
type history struct {
	acts    []store.Action
	events  []store.Event
	running [][]int
}

// follow returns the ResumeFunc callback that notes the seats to move at
// each version, for a clocked table (nil otherwise).
func (h *history) follow(clocked bool) func(int, engine.State) {
	if !clocked {
		return nil
	}
	return func(v int, s engine.State) {
		if s.Terminal() || slapOpen(s) {
			h.running = append(h.running, nil)
			return
		}
		h.running = append(h.running, s.ToMove(nil))
	}
}

// slapOpen reports whether s is in a Slap War window (a seat to move may
// pass): the window keeps its own time, so no clock runs.
func slapOpen(s engine.State) bool {
	for _, seat := range s.ToMove(nil) {
		for _, a := range s.Legal(seat, nil) {
			if s.ActionString(a) == "pass" {
				return true
			}
		}
	}
	return false
}

// NoticeMessage tells everyone something happened at the table: a clock
// ran out, a bot took a seat, a draw was offered (docs/protocol.md).
type NoticeMessage struct {
	Type    string `json:"type"`
	Seat    int    `json:"seat"`
	Version int    `json:"version"`
	Kind    string `json:"kind"`
	// About is the seat it is about (-1: none).
	About int `json:"about"`
	// Text says it in English words, TextI18n as a message (seats are
	// seat arguments: each reader names them).
	Text     string     `json:"text"`
	TextI18n engine.Msg `json:"text_i18n"`
	At       time.Time  `json:"at"`
}

// notify tells everyone of event kind about seat: m, and m in English.
func (r *Room) notify(kind string, about int, m engine.Msg, at time.Time) {
	text := english(m, r.seatWho)
	r.broadcast(nil, func(seat int) any {
		return NoticeMessage{Type: "notice", Seat: seat, Version: r.t.Version(), Kind: kind, About: about, Text: text, TextI18n: m, At: at}
	})
}

// seatWho is how notices name seat: its person's (or bot's) name.
func (r *Room) seatWho(seat int) string {
	if seat < 0 || seat >= len(r.hdr.Seats) {
		return "the table"
	}
	if n := r.hdr.Seats[seat].Name; n != "" {
		return n
	}
	return table.SeatName(seat)
}

// eventMsg is an event as a message for the log and the replay (the zero
// Msg for kinds that are not told this way: chat has its own lines).
// Seats are seat arguments: the reader's side names them.
func eventMsg(e store.Event) engine.Msg {
	d := decodeEvent(e)
	seat := engine.SeatArg("seat", e.Seat)
	switch e.Kind {
	case EventEnd:
		end := record.Ending{By: d.By}
		if e.Seat >= 0 {
			end.Seat = &e.Seat
		}
		return endingMsg(end)
	case EventTakeover:
		return takeoverMsg(e.Seat, d.Bot, d.Reason)
	case EventRematchLapse:
		return engine.Say("table.event.rematch-lapse", engine.SeatsArg("seats", d.Seats))
	case EventRematch:
		if len(d.Bots) > 0 {
			return engine.Say("table.event.rematch-bots", engine.TextArg("table", d.Table), engine.SeatsArg("seats", d.Bots))
		}
		return engine.Say("table.event.rematch", engine.TextArg("table", d.Table))
	case EventRematchOf:
		return engine.Say("table.event.rematch-of", engine.TextArg("table", d.Table))
	case EventClockPause:
		return pauseMsg(d, e.At)
	case EventClockStart:
		return engine.Say("table.event.clock-start")
	}
	if id, ok := seatEventIDs[e.Kind]; ok {
		return engine.Say(id, seat)
	}
	return engine.Msg{}
}

// seatEventIDs are the messages of the kinds that say only who did it.
var seatEventIDs = map[string]string{
	EventTimeout: "table.event.timeout", EventDrawOffer: "table.event.draw-offer", EventDrawAccept: "table.event.draw-accept",
	EventDrawDecline: "table.event.draw-decline", EventTakeback: "table.event.takeback", EventRematchOffer: "table.event.rematch-offer",
	EventRematchAccept: "table.event.rematch-accept", EventRematchNo: "table.event.rematch-decline",
}

// english writes m in English, seats named by who.
func english(m engine.Msg, who func(int) string) string {
	return i18n.English.WithSeats(who).Say(m)
}

// pauseMsg is a clock pause as a message.
func pauseMsg(d EventData, to time.Time) engine.Msg {
	if d.From != nil {
		if down := to.Sub(*d.From).Round(time.Second); down > 0 {
			return engine.Say("table.event.pause", engine.MsgArg("time", durationMsg(down)))
		}
	}
	return engine.Say("table.event.restart")
}

// endingIDs are the messages of a table's endings, by record.Ending's By.
var endingIDs = map[string]string{
	record.EndResigned: "table.event.end.resigned", record.EndTimeout: "table.event.end.timeout",
	record.EndAborted: "table.event.end.aborted", record.EndAgreedDraw: "table.event.end.agreed-draw",
	record.EndAbandoned: "table.event.end.abandoned",
}

// endingMsg is a table's ending as a message (an ending this server does
// not know: its name, as notation).
func endingMsg(e record.Ending) engine.Msg {
	id, ok := endingIDs[e.By]
	if !ok {
		return engine.Say("table.event.end.other", engine.TextArg("by", e.By))
	}
	seat := -1
	if e.Seat != nil {
		seat = *e.Seat
	}
	return engine.Say(id, engine.SeatArg("seat", seat))
}

// takeoverWhy are the messages of why a bot took a seat.
var takeoverWhy = map[string]string{
	reasonLeft: "table.event.why.left", reasonAway: "table.event.why.away", reasonTimeout: "table.event.why.timeout",
	reasonResigned: "table.event.why.resigned",
}

// takeoverMsg says a bot took seat, and why; the bot is its name, as
// notation (the reader's side may name it in words).
func takeoverMsg(seat int, bot, reason string) engine.Msg {
	botName, _, _ := cutSpec(bot)
	args := []engine.Arg{engine.SeatArg("seat", seat), engine.TextArg("bot", botName)}
	if reason == reasonCreator {
		return engine.Say("table.event.takeover-creator", args...)
	}
	why := engine.Say("table.event.why.other", engine.TextArg("reason", reason))
	if id, ok := takeoverWhy[reason]; ok {
		why = engine.Say(id)
	}
	return engine.Say("table.event.takeover", append(args, engine.MsgArg("why", why))...)
}

// ReplayEvent is a table event as the replay page shows it.
type ReplayEvent struct {
	// Step is how many actions came before it.
	Step int    `json:"step"`
	Kind string `json:"kind"`
	Seat int    `json:"seat"`
	// Text says it in English words, TextI18n as a message (its seats
	// are seat arguments); chat lines carry their channel, speaker's name
	// and text instead.
	Text     string      `json:"text,omitempty"`
	TextI18n *engine.Msg `json:"text_i18n,omitempty"`
	Channel  string      `json:"channel,omitempty"`
	Name     string      `json:"name,omitempty"`
	At       time.Time   `json:"at"`
}

// ReplayEvents are a finished table's events for its replay.
func ReplayEvents(hdr store.Table, evs []store.Event) []ReplayEvent {
	who := func(seat int) string {
		if seat >= 0 && seat < len(hdr.Seats) && hdr.Seats[seat].Name != "" {
			return hdr.Seats[seat].Name
		}
		return table.SeatName(seat)
	}
	out := []ReplayEvent{}
	for _, e := range evs {
		re := ReplayEvent{Step: e.Version, Kind: e.Kind, Seat: e.Seat, At: e.At}
		if e.Kind == EventChat {
			d := decodeEvent(e)
			re.Channel, re.Name, re.Text = d.Channel, d.Name, d.Text
		} else if m := eventMsg(e); !m.IsZero() {
			re.Text, re.TextI18n = english(m, who), &m
		}
		out = append(out, re)
	}
	return out
}

// GivenUp is when (Order: 0 the first, -1 never) and why a person gave a
// seat up.
type GivenUp struct {
	Order  int
	Reason string
}

// GaveUp reads from a table's events which seats their person gave up: a
// seat is given up the first time a bot takes it over for any reason but
// the creator seating a bot at a free seat (resigned, left, time ran out,
// handed over while away, and any reason added later). A take-back does
// not undo it.
func GaveUp(events []store.Event, seats int) []GivenUp {
	out := make([]GivenUp, seats)
	for i := range out {
		out[i].Order = -1
	}
	n := 0
	for _, e := range events {
		if e.Kind != EventTakeover || e.Seat < 0 || e.Seat >= seats || out[e.Seat].Order >= 0 {
			continue
		}
		reason := decodeEvent(e).Reason
		if reason == reasonCreator {
			continue
		}
		out[e.Seat] = GivenUp{Order: n, Reason: reason}
		n++
	}
	return out
}

// durationMsg says d, in whole seconds, as people read it in their
// language: "45 seconds", "1 minute 30 seconds", "2 hours 5 minutes"
// (the two largest units; nothing smaller than seconds).
func durationMsg(d time.Duration) engine.Msg {
	h, m, s := int(d/time.Hour), int(d%time.Hour/time.Minute), int(d%time.Minute/time.Second)
	var parts []engine.Msg
	for _, u := range []struct {
		n    int
		noun string
	}{{h, "noun.hours"}, {m, "noun.minutes"}, {s, "noun.seconds"}} {
		if u.n > 0 && len(parts) < 2 && (len(parts) == 0 || u.noun != "noun.seconds" || h == 0) {
			parts = append(parts, engine.Say(u.noun, engine.CountArg(u.n)))
		}
	}
	switch len(parts) {
	case 0:
		return engine.Say("noun.seconds", engine.CountArg(0))
	case 1:
		return parts[0]
	}
	return engine.Say("duration.two", engine.MsgArg("a", parts[0]), engine.MsgArg("b", parts[1]))
}
