package room

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"cardtable/engine"
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
		return table.Errorf(CodeUnavailable, "the server could not store that, so nothing changed; try again")
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
	About int       `json:"about"`
	Text  string    `json:"text"`
	At    time.Time `json:"at"`
}

// notify tells everyone of event kind about seat, in words.
func (r *Room) notify(kind string, about int, text string, at time.Time) {
	r.broadcast(nil, func(seat int) any {
		return NoticeMessage{Type: "notice", Seat: seat, Version: r.t.Version(), Kind: kind, About: about, Text: text, At: at}
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

// eventText is an event in words for the log and the replay ("" for
// kinds that are not told this way: chat has its own lines).
func eventText(e store.Event, who func(int) string) string {
	d := decodeEvent(e)
	switch e.Kind {
	case EventClockStart:
		return "the clock started"
	case EventTimeout:
		return who(e.Seat) + "'s time ran out"
	case EventEnd:
		seat := e.Seat
		end := record.Ending{By: d.By}
		if seat >= 0 {
			end.Seat = &seat
		}
		return endingText(end, who)
	case EventDrawOffer:
		return who(e.Seat) + " offered a draw"
	case EventDrawAccept:
		return who(e.Seat) + " accepted the draw"
	case EventDrawDecline:
		return who(e.Seat) + " declined the draw"
	case EventTakeover:
		return takeoverText(who(e.Seat), d.Bot, d.Reason)
	case EventTakeback:
		return who(e.Seat) + " took the seat back from the bot"
	case EventRematchOffer:
		return who(e.Seat) + " asked for a rematch"
	case EventRematchAccept:
		return who(e.Seat) + " accepted the rematch"
	case EventRematchNo:
		return who(e.Seat) + " declined the rematch"
	case EventRematchLapse:
		return "the rematch lapsed: " + names(d.Seats, who) + " did not answer"
	case EventRematch:
		if len(d.Bots) > 0 {
			return "the rematch is at table " + d.Table + "; a bot sits in for " + names(d.Bots, who) + ", who did not answer"
		}
		return "the rematch is at table " + d.Table
	case EventRematchOf:
		return "a rematch of table " + d.Table
	case EventClockPause:
		return pauseText(d, e.At)
	}
	return ""
}

// pauseText is a clock pause in words.
func pauseText(d EventData, to time.Time) string {
	if d.From != nil {
		if down := to.Sub(*d.From).Round(time.Second); down > 0 {
			return fmt.Sprintf("the table was not running for %s; the clocks did not run meanwhile", down)
		}
	}
	return "the server restarted; the clocks did not run meanwhile"
}

// endingText is a table's ending in words.
func endingText(e record.Ending, who func(int) string) string {
	switch e.By {
	case record.EndResigned:
		return who(*e.Seat) + " resigned"
	case record.EndTimeout:
		return who(*e.Seat) + " lost on time"
	case record.EndAborted:
		return who(*e.Seat) + " aborted the game"
	case record.EndAgreedDraw:
		return "the players agreed a draw"
	case record.EndAbandoned:
		return who(*e.Seat) + " left the game; the win was claimed"
	}
	return e.By
}

// takeoverText says a bot took name's seat, and why.
func takeoverText(name, bot, reason string) string {
	why := map[string]string{
		reasonLeft: "left to it", reasonAway: "away", reasonTimeout: "time ran out",
		reasonResigned: "resigned", reasonCreator: "seat given to a bot",
	}[reason]
	botName, _, _ := cutSpec(bot)
	if reason == reasonCreator {
		return fmt.Sprintf("%s plays %s", botName, name)
	}
	return fmt.Sprintf("%s plays on for %s (%s)", botName, name, why)
}

// ReplayEvent is a table event as the replay page shows it.
type ReplayEvent struct {
	// Step is how many actions came before it.
	Step int    `json:"step"`
	Kind string `json:"kind"`
	Seat int    `json:"seat"`
	// Text says it in words; chat lines carry their channel, speaker's
	// name and text instead.
	Text    string    `json:"text,omitempty"`
	Channel string    `json:"channel,omitempty"`
	Name    string    `json:"name,omitempty"`
	At      time.Time `json:"at"`
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
		} else {
			re.Text = eventText(e, who)
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
