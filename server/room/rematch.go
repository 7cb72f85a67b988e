package room

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/server/conn"
	"cardtable/server/secret"
	"cardtable/store"
	"cardtable/table"
)

// rematchState is a finished table's rematch: the open offer, asked at
// at (stop stops its lapse's alarm), how many were asked, the rematch's
// table once made (next), and the table this one is a rematch of.
type rematchState struct {
	offer    *table.Offer
	at       time.Time
	stop     func() bool
	offers   int
	next, of string
}

// MaxRematchOffers bounds the rematch offers of one table, so a declined
// or lapsed one is not asked again and again.
const MaxRematchOffers = 3

// RematchLapse is how long a rematch offer waits for answers, by the
// server's clock from when it was asked, at a table without a
// correspondence clock (one with waits its move time: 1 to 7 days). Then
// nobody waits any longer: when two people or more have agreed, the
// rematch is made with a bot sitting in for each person who did not answer
// (their token holds the seat, so they take it back with take-back);
// otherwise the offer lapses (docs/protocol.md, "Rematch").
const RematchLapse = 2 * time.Minute

// RematchMessage is the state of a finished table's rematch, sent on
// joining and whenever it changes (docs/protocol.md, "Rematch").
type RematchMessage struct {
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
	// Lapses (the server's time) and LapseMS (from when it was sent):
	// when an open offer stops waiting for those who have not answered.
	Lapses  *time.Time `json:"lapses,omitempty"`
	LapseMS int64      `json:"lapse_ms,omitempty"`
	// Rated: the rematch is rated, as this table is; it is made only when
	// every person agrees (docs/accounts.md, the rated-result rule).
	Rated bool `json:"rated,omitempty"`
}

// RematchMessage is seat's rematch message (false: nothing to say).
func (r *Room) rematchMessage(seat int) (RematchMessage, bool) {
	m := RematchMessage{Type: "rematch", Seat: seat, Version: r.t.Version(), From: -1, Agreed: []int{}, Waiting: []int{}, Table: r.rematch.next, YourSeat: -1, Of: r.rematch.of,
		Rated: r.hdr.Rated}
	if o := r.rematch.offer; o != nil {
		m.Open, m.From, m.Agreed, m.Waiting = true, o.From, o.Agreed(), o.Waiting()
		lapse, _ := r.rematchLapses()
		m.Lapses, m.LapseMS = &lapse, max(0, lapse.Sub(r.rooms.Now()).Milliseconds())
	}
	if m.Table != "" && seat >= 0 {
		m.YourSeat = (seat + 1) % r.t.NumSeats()
	}
	// A rated table says so to whoever joins: leaving and resigning count
	// (docs/accounts.md), and its rematch is rated too.
	return m, m.Open || m.Table != "" || m.Of != "" || m.Rated
}

func (r *Room) sendRematch() {
	r.broadcast(nil, func(seat int) any { m, _ := r.rematchMessage(seat); return m })
}

// rematchAsked is who must agree to a rematch: every seat of a person
// (one with a token, a bot playing it at the end or not).
func (r *Room) rematchAsked() []bool {
	asked := make([]bool, len(r.hdr.Seats))
	for i, st := range r.hdr.Seats {
		asked[i] = st.Token != ""
	}
	return asked
}

// askRematch asks for a rematch from c's seat at the end, or accepts the one
// asked; once every person has agreed the new table is made.
// errRematchNotStored refuses a rematch the store did not take.
var errRematchNotStored = table.Sayf(CodeUnavailable, engine.Say("room.rematch-not-stored"), "the server could not make the rematch; try again")

func (r *Room) askRematch(c *conn.Conn) error {
	if c.Seat < 0 {
		return table.Sayf(CodeSpectator, engine.Say("room.rematch-spectator"), "spectators cannot ask for a rematch; they follow the players to it")
	}
	if !r.t.Over() {
		return table.Sayf(CodeNotAllowed, engine.Say("room.rematch-not-over"), "a rematch is asked for once the game is over")
	}
	if r.lesson.script != nil {
		return table.Sayf(CodeNotAllowed, engine.Say("room.rematch-lesson", engine.TextArg("lesson", r.lesson.script.Name)), "a lesson has no rematch: start it again at /learn/%s, or play a real game from the lobby", r.lesson.script.Name)
	}
	if r.rematch.next != "" {
		r.sendRematch()
		return table.Sayf(CodeNotAllowed, engine.Say("room.rematch-made", engine.TextArg("id", r.rematch.next)), "the rematch is made already: table %s", r.rematch.next)
	}
	seat, at := c.Seat, r.rooms.Now()
	o := r.rematch.offer
	if o == nil {
		if r.rematch.offers >= MaxRematchOffers {
			return table.Sayf(CodeNotAllowed, engine.Say("room.rematch-too-many", engine.NumArg("n", MaxRematchOffers)), "a rematch was asked for %d times at this table; create a new table from the lobby", MaxRematchOffers)
		}
		if err := r.storeEvent(EventRematchOffer, seat, EventData{}, at); err != nil {
			return err
		}
		r.rematch.offer = table.NewOffer(seat, r.t.Version(), r.rematchAsked())
		r.rematch.at = at
		r.rematch.offers++
		r.armRematch()
		r.notify(EventRematchOffer, seat, engine.Say(r.rematchOfferID(), engine.SeatArg("seat", seat)), at)
	} else {
		if !o.Asked(seat) || slices.Contains(o.Agreed(), seat) {
			return table.Sayf(CodeNotAllowed, engine.Say("room.rematch-agreed"), "you have agreed to the rematch; it waits for the others")
		}
		if err := r.storeEvent(EventRematchAccept, seat, EventData{}, at); err != nil {
			return err
		}
		o.Agree(seat)
		r.notify(EventRematchAccept, seat, engine.Say("table.event.rematch-accept", engine.SeatArg("seat", seat)), at)
	}
	if r.rematch.offer.Done() {
		return r.makeRematch(at, nil)
	}
	r.sendRematch()
	return nil
}

// rematchOfferID is the message of a rematch offer: a rated rematch at a
// rated table.
func (r *Room) rematchOfferID() string {
	if r.hdr.Rated {
		return "table.event.rematch-offer-rated"
	}
	return "table.event.rematch-offer"
}

// rematchDecline declines the open rematch for c's seat: it is off.
func (r *Room) rematchDecline(c *conn.Conn) error {
	if c.Seat < 0 {
		return table.Sayf(CodeSpectator, engine.Say("room.rematch-spectator-decline"), "spectators have no say in a rematch")
	}
	if r.rematch.offer == nil || !r.rematch.offer.Asked(c.Seat) {
		return table.Sayf(CodeNotAllowed, engine.Say("room.no-rematch-offer"), "there is no rematch for you to decline")
	}
	at := r.rooms.Now()
	if err := r.storeEvent(EventRematchNo, c.Seat, EventData{}, at); err != nil {
		return err
	}
	r.rematch.offer = nil
	r.rematchTimerStop()
	r.notify(EventRematchNo, c.Seat, engine.Say("table.event.rematch-decline", engine.SeatArg("seat", c.Seat)), at)
	r.sendRematch()
	return nil
}

// rematchLapse is how long the table's rematch offers wait.
func (r *Room) rematchLapse() time.Duration {
	if r.settings.Pace == table.PaceCorrespondence {
		return r.settings.Move
	}
	return RematchLapse
}

// rematchLapses is when the open rematch offer stops waiting (false:
// none is open).
func (r *Room) rematchLapses() (time.Time, bool) {
	if r.rematch.offer == nil || r.rematch.next != "" {
		return time.Time{}, false
	}
	return r.rematch.at.Add(r.rematchLapse()), true
}

// armRematch sets the alarm for the open offer's lapse.
func (r *Room) armRematch() {
	r.rematchTimerStop()
	if lapse, ok := r.rematchLapses(); ok {
		r.armRematchIn(lapse.Sub(r.rooms.Now()))
	}
}

func (r *Room) armRematchIn(d time.Duration) {
	r.rematchTimerStop()
	r.rematch.stop = r.rooms.clock.AfterFunc(d, func() { r.send(func() { r.rematchDue() }) })
}

// rematchTimerStop stops the lapse's alarm.
func (r *Room) rematchTimerStop() {
	if r.rematch.stop != nil {
		r.rematch.stop()
		r.rematch.stop = nil
	}
}

// rematchDue runs at the open offer's lapse: with two people or more
// agreed the rematch is made, a bot sitting in for each who did not
// answer; otherwise, and always at a rated table (whose rematch is rated:
// nobody is rated in a game they did not agree to), the offer lapses.
func (r *Room) rematchDue() {
	o := r.rematch.offer
	lapse, ok := r.rematchLapses()
	if !ok {
		return
	}
	now := r.rooms.Now()
	if now.Before(lapse) {
		r.armRematch()
		return
	}
	absent := o.Waiting()
	if len(o.Agreed()) >= 2 && !r.hdr.Rated {
		if err := r.makeRematch(now, absent); err != nil {
			r.armRematchIn(5 * time.Second) // a store write failed: again soon
		}
		return
	}
	if err := r.storeEvent(EventRematchLapse, engine.Spectator, EventData{Seats: absent}, lapse); err != nil {
		r.armRematchIn(5 * time.Second)
		return
	}
	r.rematch.offer = nil
	r.notify(EventRematchLapse, engine.Spectator, engine.Say("table.event.rematch-lapse", engine.SeatsArg("seats", absent)), lapse)
	r.sendRematch()
}

// makeRematch makes the rematch's table: the same game, options, settings
// and bots, seats rotated by one (seat i here is seat i+1 there), each
// person's seat claimed with the same token, so their browsers carry it
// over; a new deal. The seats of absent (people who did not answer by the
// lapse) are theirs too, played by the game's default bot until they take
// them back. Stored and started, then linked from here.
func (r *Room) makeRematch(at time.Time, absent []int) error {
	hdr := store.Table{ID: secret.TableID(), Game: r.hdr.Game, Options: r.hdr.Options, Seed: secret.Seed(), Creator: r.hdr.Creator,
		Created: at, Settings: r.hdr.Settings, Rated: r.hdr.Rated}
	var moved []int
	var events []store.Event
	hdr.Seats, moved, events = r.rematchSeats(at, absent)
	g := r.game
	opts, err := engine.ResolveOptions(g.Options(), hdr.Options)
	if err != nil {
		return table.Sayf(CodeNotAllowed, engine.Say("room.rematch-impossible"), "the rematch cannot be made: %v", err)
	}
	t, err := table.New(g, opts, engine.Setup{Seed: hdr.Seed}, SeatInfos(hdr.Seats))
	if err != nil {
		return table.Sayf(CodeNotAllowed, engine.Say("room.rematch-impossible"), "the rematch cannot be made: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.rooms.store.CreateTable(ctx, hdr); err != nil {
		r.rooms.log.Error("rematch not stored", "table", r.id, "err", err)
		return errRematchNotStored
	}
	if err := r.linkRematch(ctx, hdr); err != nil {
		r.rooms.log.Error("rematch's seats not linked to their accounts", "table", hdr.ID, "err", err)
		return errRematchNotStored
	}
	for _, e := range events {
		if err := r.rooms.store.AppendEvent(ctx, hdr.ID, e); err != nil {
			r.rooms.log.Error("rematch event not stored", "table", hdr.ID, "kind", e.Kind, "err", err)
			events = events[:e.Seq]
			break
		}
	}
	if err := r.storeEvent(EventRematch, engine.Spectator, EventData{Table: hdr.ID, Seats: moved, Bots: absent}, at); err != nil {
		return err
	}
	r.rematch.offer, r.rematch.next = nil, hdr.ID
	r.rematchTimerStop()
	if err := r.rooms.openTable(ctx, hdr, g, t, &history{events: events}); err != nil {
		r.rooms.log.Error("rematch not started; it starts when someone joins", "table", hdr.ID, "err", err)
	}
	r.rooms.metrics.Tables.Inc()
	ready := engine.Say("table.event.rematch-ready")
	if len(absent) > 0 {
		ready = engine.Say("table.event.rematch-ready-bots", engine.TextArg("bot", bots.Default(r.game.Name())), engine.SeatsArg("seats", absent))
	}
	r.notify(EventRematch, engine.Spectator, ready, at)
	r.sendRematch()
	return nil
}

// linkRematch links each seat of the rematch hdr to the account that sat
// its seat here (seat i here is seat i+1 there), so a rated rematch rates
// the same people and every rematch is on their profiles.
func (r *Room) linkRematch(ctx context.Context, hdr store.Table) error {
	if r.rooms.accounts == nil {
		return nil
	}
	links, err := r.rooms.accounts.SeatAccounts(ctx, []string{r.id})
	if err != nil {
		return err
	}
	n := len(r.hdr.Seats)
	for _, l := range links {
		if l.Seat < 0 || l.Seat >= n {
			continue
		}
		j := (l.Seat + 1) % n
		if err := r.rooms.accounts.LinkSeat(ctx, hdr.ID, j, hdr.Seats[j].Token, l.User); err != nil {
			return err
		}
	}
	return nil
}

// rematchSeats are the rematch's seats (seat i here is seat i+1 there),
// where each seat here went, and the new table's first events: its link
// back here, and a takeover for each seat of absent.
func (r *Room) rematchSeats(at time.Time, absent []int) ([]store.Seat, []int, []store.Event) {
	n := len(r.hdr.Seats)
	seats, moved := make([]store.Seat, n), make([]int, n)
	events := []store.Event{{Seq: 0, Kind: EventRematchOf, Seat: engine.Spectator, Data: `{"table":"` + r.id + `"}`, At: at}}
	for i, st := range r.hdr.Seats {
		j := (i + 1) % n
		moved[i] = j
		switch {
		case st.Token != "" && slices.Contains(absent, i):
			spec := bots.Default(r.game.Name())
			seats[j] = store.Seat{Name: st.Name, Kind: table.KindBot, Bot: spec, Token: st.Token}
			data, _ := json.Marshal(EventData{Reason: reasonAway, Bot: spec})
			events = append(events, store.Event{Seq: len(events), Kind: EventTakeover, Seat: j, Data: string(data), At: at})
		case st.Token != "":
			seats[j] = store.Seat{Name: st.Name, Kind: table.KindHuman, Token: st.Token}
		default:
			seats[j] = store.Seat{Name: BotName(st.Bot, j), Kind: table.KindBot, Bot: st.Bot}
		}
		if st.Invite != "" {
			seats[j].Invite = secret.Invite() // an unlisted table's rematch stays unlisted
		}
	}
	return seats, moved, events
}
