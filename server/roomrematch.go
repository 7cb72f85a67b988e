package server

import (
	"context"
	"slices"
	"time"

	"cardtable/engine"
	"cardtable/store"
	"cardtable/table"
)

// maxRematchOffers bounds the rematch offers of one table, so a declined
// one is not asked again and again.
const maxRematchOffers = 3

// rematchMessage is the state of a finished table's rematch, sent on
// joining and whenever it changes (docs/protocol.md, "Rematch").
type rematchMessage struct {
	Type    string `json:"type"`
	Seat    int    `json:"seat"`
	Version int    `json:"version"`
	// Open: asked by From; Agreed have said yes, Waiting must still.
	Open    bool  `json:"open"`
	From    int   `json:"from"`
	Agreed  []int `json:"agreed"`
	Waiting []int `json:"waiting"`
	// Table is the rematch's table once made; YourSeat is the recipient's
	// seat there (-1: a spectator, who follows to watch).
	Table    string `json:"table,omitempty"`
	YourSeat int    `json:"your_seat"`
	// Of is the table this one is a rematch of.
	Of string `json:"of,omitempty"`
}

// rematchMessage is seat's rematch message (false: nothing to say).
func (r *room) rematchMessage(seat int) (rematchMessage, bool) {
	m := rematchMessage{Type: "rematch", Seat: seat, Version: r.t.Version(), From: -1, Agreed: []int{}, Waiting: []int{}, Table: r.life.next, YourSeat: -1, Of: r.life.rematchOf}
	if o := r.life.rematch; o != nil {
		m.Open, m.From, m.Agreed, m.Waiting = true, o.From, o.Agreed(), o.Waiting()
	}
	if m.Table != "" && seat >= 0 {
		m.YourSeat = (seat + 1) % r.t.NumSeats()
	}
	return m, m.Open || m.Table != "" || m.Of != ""
}

func (r *room) sendRematch() {
	r.broadcast(nil, func(seat int) any { m, _ := r.rematchMessage(seat); return m })
}

// rematchAsked is who must agree to a rematch: every seat of a person
// (one with a token, a bot playing it at the end or not).
func (r *room) rematchAsked() []bool {
	asked := make([]bool, len(r.hdr.Seats))
	for i, st := range r.hdr.Seats {
		asked[i] = st.Token != ""
	}
	return asked
}

// rematch asks for a rematch from c's seat at the end, or accepts the one
// asked; once every person has agreed the new table is made.
func (r *room) rematch(c *client) error {
	if c.seat < 0 {
		return table.Errorf(CodeSpectator, "spectators cannot ask for a rematch; they follow the players to it")
	}
	if !r.t.Over() {
		return table.Errorf(CodeNotAllowed, "a rematch is asked for once the game is over")
	}
	if r.life.next != "" {
		r.sendRematch()
		return table.Errorf(CodeNotAllowed, "the rematch is made already: table %s", r.life.next)
	}
	seat, at := c.seat, r.srv.now()
	o := r.life.rematch
	if o == nil {
		if r.life.rematchOffers >= maxRematchOffers {
			return table.Errorf(CodeNotAllowed, "a rematch was asked for %d times at this table; create a new table from the lobby", maxRematchOffers)
		}
		if err := r.storeEvent(evRematchOffer, seat, eventData{}, at); err != nil {
			return err
		}
		r.life.rematch = table.NewOffer(seat, r.t.Version(), r.rematchAsked())
		r.life.rematchOffers++
		r.notify(evRematchOffer, seat, r.seatWho(seat)+" asked for a rematch", at)
	} else {
		if !o.Asked(seat) || slices.Contains(o.Agreed(), seat) {
			return table.Errorf(CodeNotAllowed, "you have agreed to the rematch; it waits for the others")
		}
		if err := r.storeEvent(evRematchAccept, seat, eventData{}, at); err != nil {
			return err
		}
		o.Agree(seat)
		r.notify(evRematchAccept, seat, r.seatWho(seat)+" accepted the rematch", at)
	}
	if r.life.rematch.Done() {
		return r.makeRematch(at)
	}
	r.sendRematch()
	return nil
}

// rematchDecline declines the open rematch for c's seat: it is off.
func (r *room) rematchDecline(c *client) error {
	if c.seat < 0 {
		return table.Errorf(CodeSpectator, "spectators have no say in a rematch")
	}
	if r.life.rematch == nil || !r.life.rematch.Asked(c.seat) {
		return table.Errorf(CodeNotAllowed, "there is no rematch for you to decline")
	}
	at := r.srv.now()
	if err := r.storeEvent(evRematchNo, c.seat, eventData{}, at); err != nil {
		return err
	}
	r.life.rematch = nil
	r.notify(evRematchNo, c.seat, r.seatWho(c.seat)+" declined the rematch", at)
	r.sendRematch()
	return nil
}

// makeRematch makes the rematch's table: the same game, options, settings
// and bots, seats rotated by one (seat i here is seat i+1 there), each
// person's seat claimed with the same token, so their browsers carry it
// over; a new deal. Stored and started, then linked from here.
func (r *room) makeRematch(at time.Time) error {
	n := len(r.hdr.Seats)
	hdr := store.Table{ID: newTableID(), Game: r.hdr.Game, Options: r.hdr.Options, Seed: newSeed(), Creator: r.hdr.Creator,
		Created: at, Settings: r.hdr.Settings, Seats: make([]store.Seat, n)}
	moved := make([]int, n)
	for i, st := range r.hdr.Seats {
		j := (i + 1) % n
		moved[i] = j
		if st.Token != "" {
			hdr.Seats[j] = store.Seat{Name: st.Name, Kind: table.KindHuman, Token: st.Token}
		} else {
			hdr.Seats[j] = store.Seat{Name: botName(st.Bot, j), Kind: table.KindBot, Bot: st.Bot}
		}
		if st.Invite != "" {
			hdr.Seats[j].Invite = newInvite() // an unlisted table's rematch stays unlisted
		}
	}
	g := r.game
	opts, err := engine.ResolveOptions(g.Options(), hdr.Options)
	if err != nil {
		return table.Errorf(CodeNotAllowed, "the rematch cannot be made: %v", err)
	}
	t, err := table.New(g, opts, engine.Setup{Seed: hdr.Seed}, seatInfos(hdr.Seats))
	if err != nil {
		return table.Errorf(CodeNotAllowed, "the rematch cannot be made: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	link := store.Event{Seq: 0, Kind: evRematchOf, Seat: engine.Spectator, Data: `{"table":"` + r.id + `"}`, At: at}
	if err := r.srv.store.CreateTable(ctx, hdr); err != nil {
		r.srv.log.Error("rematch not stored", "table", r.id, "err", err)
		return table.Errorf(CodeUnavailable, "the server could not make the rematch; try again")
	}
	if err := r.srv.store.AppendEvent(ctx, hdr.ID, link); err != nil {
		r.srv.log.Error("rematch link not stored", "table", hdr.ID, "err", err)
	}
	if err := r.storeEvent(evRematch, engine.Spectator, eventData{Table: hdr.ID, Seats: moved}, at); err != nil {
		return err
	}
	r.life.rematch, r.life.next = nil, hdr.ID
	if err := r.srv.openTable(ctx, hdr, g, t, &history{events: []store.Event{link}}); err != nil {
		r.srv.log.Error("rematch not started; it starts when someone joins", "table", hdr.ID, "err", err)
	}
	r.srv.metrics.tables.Inc()
	r.notify(evRematch, engine.Spectator, "the rematch is ready", at)
	r.sendRematch()
	return nil
}
