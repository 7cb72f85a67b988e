package room

import (
	"fmt"
	"time"

	"cardtable/engine"
	"cardtable/record"
	"cardtable/server/conn"
	"cardtable/store"
	"cardtable/table"
)

// startLife sets up the room's table-level state from its header and, for
// a table rebuilt from the store, its history (nil for a new table).
func (r *Room) startLife(h *history) {
	n := r.t.NumSeats()
	set, err := table.ParseSettings(GameSettings(r.hdr.Settings), r.game, n)
	if err != nil {
		r.rooms.log.Error("table settings not read; the table runs without a clock", "table", r.id, "err", err)
		set, _ = table.ParseSettings(nil, r.game, n)
	}
	r.settings = set
	r.clock = clockState{c: table.NewClock(set, n)}
	r.away = awayState{since: make([]time.Time, n), resigned: make([]bool, n)}
	r.draw = drawState{at: make([]int, n)}
	r.chat.init()
	now := r.rooms.Now()
	for i := range r.away.since {
		r.away.since[i] = now // nobody is connected to a room that starts
		r.draw.at[i] = -1
	}
	if h != nil {
		r.replayLife(h)
	}
}

// replayLife walks the stored actions and events in the order they
// happened, applying each event as it was applied live, so the clock,
// the offers and the chat are what they were (roomevents.go).
func (r *Room) replayLife(h *history) {
	bots := r.initialBots(h.events)
	ended := false
	running := func(v int) []int {
		if ended || v >= len(h.running) {
			return nil
		}
		var out []int
		for _, s := range h.running[v] {
			if !bots[s] {
				out = append(out, s)
			}
		}
		return out
	}
	ev := 0
	for v := 0; v <= len(h.acts); v++ {
		for ; ev < len(h.events) && h.events[ev].Version <= v; ev++ {
			e := h.events[ev]
			r.ReplayEvent(e, bots)
			ended = ended || e.Kind == EventEnd
			if c := r.clock.c; c != nil {
				if e.Kind == EventClockStart {
					c.Start(e.At, running(v))
				}
				c.Run(e.At, running(v), -1)
				if d := decodeEvent(e); e.Kind == EventClockPause && d.From != nil {
					c.Pause(*d.From, e.At, time.Duration(d.LeastMS)*time.Millisecond)
				}
			}
		}
		if v == len(h.acts) {
			break
		}
		r.noteSealedClock(v)
		a := h.acts[v]
		r.movedAt = a.At
		if r.draw.offer != nil && a.Seat != r.draw.offer.From {
			r.draw.offer = nil // lapsed: another seat moved
		}
		if c := r.clock.c; c != nil {
			c.Run(a.At, running(v+1), a.Seat)
		}
	}
	r.events = len(h.events)
}

// initialBots is which seats bots held when the game began: those a bot
// holds now, but for seats whose first change of hands was a takeover
// (then a person's) or a takeback (then a bot's).
func (r *Room) initialBots(evs []store.Event) []bool {
	bots := make([]bool, len(r.hdr.Seats))
	seen := make([]bool, len(bots))
	for i, st := range r.hdr.Seats {
		bots[i] = st.Kind == table.KindBot
	}
	for _, e := range evs {
		if e.Seat < 0 || e.Seat >= len(bots) || seen[e.Seat] {
			continue
		}
		switch e.Kind {
		case EventTakeover:
			bots[e.Seat], seen[e.Seat] = false, true
		case EventTakeback:
			bots[e.Seat], seen[e.Seat] = true, true
		}
	}
	return bots
}

// ReplayEvent applies one stored event to the table-level state (bots is
// which seats bots hold, as the walk goes).
func (r *Room) ReplayEvent(e store.Event, bots []bool) {
	d := decodeEvent(e)
	seatOK := e.Seat >= 0 && e.Seat < len(bots)
	switch e.Kind {
	case EventTakeover:
		if seatOK {
			bots[e.Seat] = true
			r.away.resigned[e.Seat] = r.away.resigned[e.Seat] || d.Reason == reasonResigned
			r.withdrawDraw(e.Seat)
			r.noteTakeover(e.Seat, d.Bot, d.Reason)
		}
	case EventTakeback:
		if seatOK {
			bots[e.Seat] = false
		}
	case EventDrawOffer:
		if seatOK {
			r.draw.offer = table.NewOffer(e.Seat, e.Version, r.drawAsked(e.Seat))
			r.draw.at[e.Seat] = e.Version
		}
	case EventDrawAccept:
		if r.draw.offer != nil {
			r.draw.offer.Agree(e.Seat)
		}
	case EventDrawDecline, EventEnd:
		r.draw.offer = nil
	case EventChat:
		r.chat.add(ChatLine{From: e.Seat, Channel: d.Channel, Name: d.Name, Text: d.Text, TextI18n: phraseMsg(d.Text), At: e.At, Version: e.Version})
	case EventRematchOffer:
		r.rematch.offer = table.NewOffer(e.Seat, e.Version, r.rematchAsked())
		r.rematch.at = e.At
		r.rematch.offers++
	case EventRematchAccept:
		if r.rematch.offer != nil {
			r.rematch.offer.Agree(e.Seat)
		}
	case EventRematchNo, EventRematchLapse:
		r.rematch.offer = nil
	case EventRematch:
		r.rematch.offer, r.rematch.next = nil, d.Table
	case EventRematchOf:
		r.rematch.of = d.Table
	}
}

// lifeChanged runs after the table moved (ap: the action, nil when the
// room starts): a draw offer lapses when a seat other than its maker
// moves, and the clock runs for the seats now to move.
func (r *Room) lifeChanged(ap *table.Applied) {
	if ap != nil && ap.Sealed {
		r.clockSealed(ap.Seat, r.movedAt) // and no one told (sealing.go)
		return
	}
	r.sealed.clock = nil
	if ap != nil && r.draw.offer != nil && movedOther(ap, r.draw.offer.From) {
		r.draw.offer = nil
		r.sendOffer()
	}
	at, actor := r.rooms.Now(), -1
	if ap != nil {
		at, actor = r.movedAt, ap.Seat
	}
	if ap == nil {
		r.startClock(at)
	}
	r.clockRun(at, actor)
}

// lifeJoined sends a client that just joined the table-level state: the
// clock, an open offer, the chat it may read, the rematch.
func (r *Room) lifeJoined(c *conn.Conn) {
	for _, m := range r.lifeSnapshot(c.Seat) {
		r.deliver(c, m)
	}
}

// lifeSnapshot is what lifeJoined sends seat (for a relayed join too).
func (r *Room) lifeSnapshot(seat int) []any {
	var out []any
	if r.clock.c != nil {
		out = append(out, r.clockMessage(seat))
	}
	if m, ok := r.offerMessage(seat); ok {
		out = append(out, m)
	}
	if m, ok := r.chatHistory(seat); ok {
		out = append(out, m)
	}
	if m, ok := r.rematchMessage(seat); ok {
		out = append(out, m)
	}
	return out
}

// lifeStop stops the table-level timers (the room stops).
func (r *Room) lifeStop() {
	r.clockStop()
	r.rematchTimerStop()
	if r.away.stop != nil {
		r.away.stop()
		r.away.stop = nil
	}
}

// clockStop stops the clock's alarm.
func (r *Room) clockStop() {
	if r.clock.stop != nil {
		r.clock.stop()
		r.clock.stop = nil
	}
}

// endTable ends the game at the table (a resignation, an abort, a loss on
// time, an agreed draw): stored first, then the result, and everyone told.
func (r *Room) endTable(e record.Ending, at time.Time) error {
	seat := engine.Spectator
	if e.Seat != nil {
		seat = *e.Seat
	}
	if err := r.storeEvent(EventEnd, seat, EventData{By: e.By}, at); err != nil {
		return err
	}
	if err := r.t.Conclude(e); err != nil {
		r.rooms.log.Error("table ending refused after it was stored", "table", r.id, "err", err)
		return err
	}
	r.draw.offer = nil
	r.notify(EventEnd, seat, endingMsg(e), at)
	r.finish(true)
	return nil
}

// lifeEnded runs when the game is over: the clock stops (everyone is told
// its last state) and any draw offer is gone.
func (r *Room) lifeEnded() {
	r.lifeStop()
	r.sealed.clock = nil
	r.armRematch() // an offer rebuilt from the store lapses in its time
	r.draw.offer = nil
	if c := r.clock.c; c != nil {
		c.Run(r.rooms.Now(), nil, -1)
		r.broadcast(nil, func(seat int) any { return r.clockMessage(seat) })
	}
}

// noteTakeover keeps, for the end, that a bot played on for seat's person
// and why ("bob's time ran out; heuristic played on for them").
func (r *Room) noteTakeover(seat int, bot, reason string) {
	why := map[string]string{reasonLeft: "left the seat", reasonAway: "was away", reasonTimeout: "'s time ran out", reasonResigned: "resigned"}[reason]
	if why == "" {
		return
	}
	name, _, _ := cutSpec(bot)
	who := r.seatWho(seat)
	if why[0] == '\'' {
		who += why
	} else {
		who += " " + why
	}
	r.away.notes = append(r.away.notes, fmt.Sprintf("%s; %s played on for them", who, name))
	r.away.notesI18n = append(r.away.notesI18n, engine.Say(takeoverNoteIDs[reason], engine.TextArg("seat", r.seatWho(seat)), engine.TextArg("bot", name)))
}

// takeoverNoteIDs are the messages of noteTakeover's notes, by reason.
var takeoverNoteIDs = map[string]string{reasonLeft: "table.note.left", reasonAway: "table.note.away",
	reasonTimeout: "table.note.timeout", reasonResigned: "table.note.resigned"}

// endMessage is the end message for seat, with the table's notes.
func (r *Room) endMessage(seat int) table.Message {
	m := r.t.End(seat)
	m.Notes, m.NotesI18n = r.away.notes, r.away.notesI18n
	return m
}
