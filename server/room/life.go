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

// life is a room's table-level state (issue 20): its settings and clock,
// the open offers, who is away, its chat and its rematch. The features
// live in roomclock.go, roomleave.go, roomdraw.go, roomchat.go and
// roomrematch.go; their facts are table events (roomevents.go), stored
// before they change anything, and replayed when the room is rebuilt.
type life struct {
	settings table.Settings
	// clock is nil at a table without one; stopTimer stops its alarm.
	clock     *table.Clock
	stopTimer func() bool
	// events counts the stored events (the next one's seq).
	events int
	// movedAt is the stored time of the last action.
	movedAt time.Time
	// away[s] is since when seat s has had no connection (zero: it has);
	// awayStop stops the alarm at the end of the next one's grace.
	away     []time.Time
	awayStop func() bool
	// forfeit[s]: seat s's person resigned at a table of three or more;
	// the seat is the bot's for good.
	forfeit []bool
	// draw is the open draw offer; drawAt[s] the version of seat s's
	// last one (-1: none).
	draw   *table.Offer
	drawAt []int
	chat   chatState
	// rematch is the open rematch offer, asked at rematchAt; rematchStop
	// stops its lapse's alarm; next the rematch's table once made,
	// rematchOf the table this one is a rematch of.
	rematch         *table.Offer
	rematchAt       time.Time
	rematchStop     func() bool
	rematchOffers   int
	next, rematchOf string
	// notes say who a bot played on for, and why, for the end message.
	notes []string
}

// startLife sets up the room's table-level state from its header and, for
// a table rebuilt from the store, its history (nil for a new table).
func (r *Room) startLife(h *history) {
	n := r.t.NumSeats()
	set, err := table.ParseSettings(r.hdr.Settings, r.game, n)
	if err != nil {
		r.rooms.log.Error("table settings not read; the table runs without a clock", "table", r.id, "err", err)
		set, _ = table.ParseSettings(nil, r.game, n)
	}
	r.life = life{settings: set, clock: table.NewClock(set, n), away: make([]time.Time, n), forfeit: make([]bool, n), drawAt: make([]int, n)}
	r.life.chat.init()
	now := r.rooms.Now()
	for i := range r.life.away {
		r.life.away[i] = now // nobody is connected to a room that starts
		r.life.drawAt[i] = -1
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
			if c := r.life.clock; c != nil {
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
		r.life.movedAt = a.At
		if r.life.draw != nil && a.Seat != r.life.draw.From {
			r.life.draw = nil // lapsed: another seat moved
		}
		if c := r.life.clock; c != nil {
			c.Run(a.At, running(v+1), a.Seat)
		}
	}
	r.life.events = len(h.events)
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
			r.life.forfeit[e.Seat] = r.life.forfeit[e.Seat] || d.Reason == reasonResigned
			r.withdrawDraw(e.Seat)
			r.noteTakeover(e.Seat, d.Bot, d.Reason)
		}
	case EventTakeback:
		if seatOK {
			bots[e.Seat] = false
		}
	case EventDrawOffer:
		if seatOK {
			r.life.draw = table.NewOffer(e.Seat, e.Version, r.drawAsked(e.Seat))
			r.life.drawAt[e.Seat] = e.Version
		}
	case EventDrawAccept:
		if r.life.draw != nil {
			r.life.draw.Agree(e.Seat)
		}
	case EventDrawDecline, EventEnd:
		r.life.draw = nil
	case EventChat:
		r.life.chat.add(ChatLine{From: e.Seat, Channel: d.Channel, Name: d.Name, Text: d.Text, At: e.At, Version: e.Version})
	case EventRematchOffer:
		r.life.rematch = table.NewOffer(e.Seat, e.Version, r.rematchAsked())
		r.life.rematchAt = e.At
		r.life.rematchOffers++
	case EventRematchAccept:
		if r.life.rematch != nil {
			r.life.rematch.Agree(e.Seat)
		}
	case EventRematchNo, EventRematchLapse:
		r.life.rematch = nil
	case EventRematch:
		r.life.rematch, r.life.next = nil, d.Table
	case EventRematchOf:
		r.life.rematchOf = d.Table
	}
}

// lifeChanged runs after the table moved (ap: the action, nil when the
// room starts): a draw offer lapses when a seat other than its maker
// moves, and the clock runs for the seats now to move.
func (r *Room) lifeChanged(ap *table.Applied) {
	if ap != nil && ap.Sealed {
		r.clockSealed(ap.Seat, r.life.movedAt) // and no one told (sealing.go)
		return
	}
	r.sealedClock = nil
	if ap != nil && r.life.draw != nil && movedOther(ap, r.life.draw.From) {
		r.life.draw = nil
		r.sendOffer()
	}
	at, actor := r.rooms.Now(), -1
	if ap != nil {
		at, actor = r.life.movedAt, ap.Seat
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
	if r.life.clock != nil {
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
	if r.life.awayStop != nil {
		r.life.awayStop()
		r.life.awayStop = nil
	}
}

// clockStop stops the clock's alarm.
func (r *Room) clockStop() {
	if r.life.stopTimer != nil {
		r.life.stopTimer()
		r.life.stopTimer = nil
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
	r.life.draw = nil
	r.notify(EventEnd, seat, endingText(e, r.seatWho), at)
	r.finish(true)
	return nil
}

// lifeEnded runs when the game is over: the clock stops (everyone is told
// its last state) and any draw offer is gone.
func (r *Room) lifeEnded() {
	r.lifeStop()
	r.sealedClock = nil
	r.armRematch() // an offer rebuilt from the store lapses in its time
	r.life.draw = nil
	if c := r.life.clock; c != nil {
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
	r.life.notes = append(r.life.notes, fmt.Sprintf("%s; %s played on for them", who, name))
}

// endMessage is the end message for seat, with the table's notes.
func (r *Room) endMessage(seat int) table.Message {
	m := r.t.End(seat)
	m.Notes = r.life.notes
	return m
}
