package room

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/record"
	"cardtable/server/conn"
	"cardtable/server/httpjson"
	"cardtable/table"
)

// awayState is who is away and who gave up: since[s] is since when seat s
// has had no connection (zero: it has one), resigned[s] that its person
// resigned at a table of three or more (the seat is the bot's for good),
// and notes say, for the end message, who a bot played on for and why.
type awayState struct {
	since []time.Time
	// stop stops the alarm at the end of the next one's grace.
	stop     func() bool
	resigned []bool
	notes    []string
	// notesI18n say notes as messages, in the same order.
	notesI18n []engine.Msg
}

// CodeNotAllowed refuses a table command the table does not allow now (a
// resignation in a co-operative game, an abort once the game got going, a
// draw offer to a bot...); the sentence says why and what is possible.
const CodeNotAllowed = "not-allowed"

// seatOf is the seat c holds, or a refusal for a spectator.
func (r *Room) seatOf(c *conn.Conn, what string) (int, error) {
	if c.Seat < 0 {
		return 0, table.Sayf(CodeSpectator, engine.Say("room.spectator"), "spectators cannot %s; take a free seat from the lobby or an invite link", what)
	}
	if r.t.Over() {
		return 0, table.Sayf(table.CodeGameOver, engine.Say("room.game-over"), "the game is over")
	}
	return c.Seat, nil
}

// resign gives c's seat up (War, Watchtower): with two seats the game ends
// and the other wins; with three or more the game's default bot plays the
// seat to the end for the others' sake, and the seat counts as resigned.
func (r *Room) resign(c *conn.Conn) error {
	seat, err := r.seatOf(c, "resign")
	if err != nil {
		return err
	}
	if !r.t.ZeroSum() {
		return table.Sayf(CodeNotAllowed, engine.Say("room.no-resign-cooperative", gameArg(r.game)), "%s is co-operative: nobody resigns; leave your seat to a bot (leave), or abort before the game gets going", r.game.Title())
	}
	if r.away.resigned[seat] {
		return table.Sayf(CodeNotAllowed, engine.Say("room.resigned-already"), "you resigned already; a bot plays your seat to the end")
	}
	at := r.rooms.Now()
	if r.t.NumSeats() == 2 {
		return r.endTable(record.Ending{By: record.EndResigned, Seat: &seat}, at)
	}
	return r.takeOver(seat, reasonResigned, bots.Default(r.game.Name()), at)
}

// abortable reports whether the game may still be aborted: no seat but
// the first to move has moved (in a solo game: no move yet).
func (r *Room) abortable() bool {
	// Only the actions shown count: answers sealed in an open window must
	// not tell (sealing.go).
	acts := r.t.Record().Actions[:r.t.Version()]
	if r.t.NumSeats() == 1 {
		return len(acts) == 0
	}
	for _, a := range acts {
		if a.Seat != acts[0].Seat {
			return false
		}
	}
	return true
}

// errSeatNotStored refuses a change of seat the store did not take.
var errSeatNotStored = table.Sayf(CodeUnavailable, engine.Say("room.seat-not-stored"), "the server could not store the seat; try again")

// gameArg names game g in a message, in the reader's language.
func gameArg(g engine.Game) engine.Arg {
	return engine.MsgArg("game", engine.Say("game."+g.Name()+".title"))
}

// abort calls the game off before it gets going: nobody wins or loses,
// and it is not rated.
func (r *Room) abort(c *conn.Conn) error {
	seat, err := r.seatOf(c, "abort")
	if err != nil {
		return err
	}
	if !r.abortable() {
		what, id := "resign, or leave your seat to a bot", "room.abort-too-late"
		if !r.t.ZeroSum() {
			what, id = "leave your seat to a bot", "room.abort-too-late-cooperative"
		}
		return table.Sayf(CodeNotAllowed, engine.Say(id), "the game got going (a second seat has moved), so it can no longer be aborted; %s", what)
	}
	return r.endTable(record.Ending{By: record.EndAborted, Seat: &seat}, r.rooms.Now())
}

// leaveToBot hands c's seat to the game's default bot, which plays on at
// the table's bot speed until the seat's person takes it back.
func (r *Room) leaveToBot(c *conn.Conn) error {
	seat, err := r.seatOf(c, "leave a seat")
	if err != nil {
		return err
	}
	if r.hdr.Seats[seat].Kind == table.KindBot {
		return table.Sayf(CodeNotAllowed, engine.Say("room.bot-plays-yours"), "a bot plays your seat already; take it back with take-back")
	}
	return r.takeOver(seat, reasonLeft, bots.Default(r.game.Name()), r.rooms.Now())
}

// takeBack gives a person back the seat a bot holds for them.
func (r *Room) takeBack(c *conn.Conn) error {
	seat, err := r.seatOf(c, "take a seat back")
	if err != nil {
		return err
	}
	switch {
	case r.hdr.Seats[seat].Kind != table.KindBot:
		return table.Sayf(CodeNotAllowed, engine.Say("room.hold-seat"), "you hold your seat already")
	case r.away.resigned[seat]:
		return table.Sayf(CodeNotAllowed, engine.Say("room.resigned-bot-plays"), "you resigned: the bot plays your seat to the end")
	}
	at := r.rooms.Now()
	if err := r.storeEvent(EventTakeback, seat, EventData{}, at); err != nil {
		return err
	}
	st := r.hdr.Seats[seat]
	st.Kind, st.Bot = table.KindHuman, ""
	if err := r.updateSeat(seat, st); err != nil {
		return errSeatNotStored
	}
	r.bots.seat[seat] = nil // a decision under way is dropped when it comes (botMoved)
	r.notify(EventTakeback, seat, engine.Say("table.event.takeback", engine.SeatArg("seat", seat)), at)
	if r.t.MayAct(seat) {
		r.broadcast(func(s int) bool { return s == seat }, func(s int) any { return r.t.Turn(s) })
	}
	r.clockMoved(at)
	return nil
}

// takeOver hands seat to the bot of spec for reason, at time at: stored
// first (the event, then the seat, which keeps its person's name and token
// so they can take it back), then the bot plays from its next turn.
func (r *Room) takeOver(seat int, reason, spec string, at time.Time) error {
	if err := r.seatBot(seat, spec); err != nil {
		r.bots.seat[seat] = nil
		said, _ := engine.SaidOf(err)
		return table.Sayf(CodeNotAllowed, said, "%v", err)
	}
	r.bots.seat[seat] = nil
	if err := r.storeEvent(EventTakeover, seat, EventData{Reason: reason, Bot: spec}, at); err != nil {
		return err
	}
	st := r.hdr.Seats[seat]
	st.Kind, st.Bot = table.KindBot, spec
	if err := r.updateSeat(seat, st); err != nil {
		return errSeatNotStored
	}
	r.seatBot(seat, spec)
	r.away.resigned[seat] = r.away.resigned[seat] || reason == reasonResigned
	r.noteTakeover(seat, spec, reason)
	r.withdrawDraw(seat)
	r.notify(EventTakeover, seat, takeoverMsg(seat, spec, reason), at)
	r.clockMoved(at)
	r.thinkBots()
	return nil
}

// seatGiven runs after the creator gave a free seat to a bot: noted in
// the table's events, and the clock starts once every person is seated.
func (r *Room) seatGiven(seat int, spec string) {
	at := r.rooms.Now()
	if err := r.storeEvent(EventTakeover, seat, EventData{Reason: reasonCreator, Bot: spec}, at); err == nil {
		r.notify(EventTakeover, seat, takeoverMsg(seat, spec, reasonCreator), at)
	}
	r.seatTaken()
}

// seatTaken runs after a seat was claimed or given to a bot: the clock
// starts once every person is seated.
func (r *Room) seatTaken() {
	at := r.rooms.Now()
	r.startClock(at)
	r.clockMoved(at)
}

// noteAway keeps since when each seat has had no connection (connected
// is who has one now), for the creator's hand-over after the grace.
func (r *Room) noteAway(connected func(seat int) bool) {
	now := r.rooms.Now()
	for s := range r.away.since {
		switch {
		case connected(s):
			r.away.since[s] = time.Time{}
		case r.away.since[s].IsZero():
			r.away.since[s] = now
		}
	}
}

// awayLeft is how long until seat's person has been away (no connection)
// for the server's grace, 0 once they have; ok is false when the seat
// cannot be handed over for being away: a free seat, a bot's, a person's
// who is at the table, or any seat at a correspondence table (its clock
// decides alone, since people there are rarely connected).
func (r *Room) awayLeft(seat int) (left time.Duration, ok bool) {
	st := r.hdr.Seats[seat]
	since := r.away.since[seat]
	if r.t.Over() || r.settings.Pace == table.PaceCorrespondence || st.Kind != table.KindHuman || st.Token == "" || since.IsZero() {
		return 0, false
	}
	return max(0, r.rooms.cfg.AwayGrace-r.rooms.Now().Sub(since)), true
}

// armAway sets the room's alarm for the end of the next away seat's
// grace: everyone is sent the seats again then, so the pages' countdowns
// end when the server's does, whatever their own clocks.
func (r *Room) armAway() {
	if r.away.stop != nil {
		r.away.stop()
		r.away.stop = nil
	}
	next := time.Duration(-1)
	for seat := range r.hdr.Seats {
		if left, ok := r.awayLeft(seat); ok && left > 0 && (next < 0 || left < next) {
			next = left
		}
	}
	if next < 0 {
		return
	}
	r.away.stop = r.rooms.clock.AfterFunc(next, func() {
		r.send(func() {
			r.away.stop = nil
			r.sendSeats()
		})
	})
}

// awayRefusal says why seat cannot be handed over now (nil: it can), as
// a table error: not-away with the time left, or not-allowed.
func (r *Room) awayRefusal(seat int) *table.Error {
	if r.settings.Pace == table.PaceCorrespondence {
		return table.Sayf(CodeNotAllowed, engine.Say("room.away-correspondence"), "a correspondence table's clock decides when a seat goes to a bot; nobody hands it over")
	}
	if r.hdr.Seats[seat].Kind == table.KindBot {
		return table.Sayf("seat-taken", engine.Say("room.bot-plays-already", engine.SeatArg("seat", seat)), "a bot plays %s already", table.SeatName(seat))
	}
	grace := r.rooms.cfg.AwayGrace
	left, ok := r.awayLeft(seat)
	switch {
	case !ok:
		return table.Sayf("not-away", engine.Say("room.not-away", engine.TextArg("who", r.seatWho(seat)), engine.TextArg("grace", grace.String())),
			"%s is at the table; a seat goes to a bot once its person has been away for %s", r.seatWho(seat), grace)
	case left > 0:
		return table.Sayf("not-away", engine.Say("room.away-too-short", engine.TextArg("who", r.seatWho(seat)), engine.TextArg("grace", grace.String()), engine.TextArg("left", left.Round(time.Second).String())),
			"%s left less than %s ago; a seat goes to a bot once its person has been away for %s (in %s)", r.seatWho(seat), grace, grace, left.Round(time.Second))
	}
	return nil
}

// handAwayToBot is the creator handing a claimed seat to a bot (the
// lobby's POST .../bot): allowed once its person has been away for the
// server's grace.
func (r *Room) handAwayToBot(seat int, spec string) error {
	if e := r.awayRefusal(seat); e != nil {
		return httpjson.Sayf(http.StatusConflict, e.Code, e.Said, "%s", e.Msg)
	}
	return asHTTP(r.takeOver(seat, reasonAway, spec, r.rooms.Now()))
}

// asHTTP is a room's refusal for an HTTP answer.
func asHTTP(err error) error {
	var te *table.Error
	if errors.As(err, &te) {
		status := http.StatusServiceUnavailable
		if te.Code != CodeUnavailable {
			status = http.StatusBadRequest
		}
		return httpjson.Sayf(status, te.Code, te.Said, "%s", te.Msg)
	}
	return err
}

// handToBotCmd is a seated person handing another seat, whose person has
// been away for the grace, to the game's default bot (any seat may: a
// table without its creator would wait for ever).
func (r *Room) handToBotCmd(c *conn.Conn, cmd table.Command) error {
	if _, err := r.seatOf(c, "hand a seat to a bot"); err != nil {
		return err
	}
	seat := *cmd.Seat
	if seat < 0 || seat >= len(r.hdr.Seats) {
		return table.Sayf(table.CodeBadMessage, engine.Say("room.bad-seat", engine.NumArg("seat", seat), engine.NumArg("last", len(r.hdr.Seats)-1)), "seat: %d; this table's seats are 0 to %d", seat, len(r.hdr.Seats)-1)
	}
	if seat == c.Seat {
		return table.Sayf(CodeNotAllowed, engine.Say("room.own-seat"), "that is your own seat; leave it to a bot with leave")
	}
	if e := r.awayRefusal(seat); e != nil {
		return e
	}
	return r.takeOver(seat, reasonAway, bots.Default(r.game.Name()), r.rooms.Now())
}

// claimWin ends a two-seat game (War, Watchtower) won for c's seat when
// the other seat's person has been away for the grace (Lichess's "claim
// victory"): the other seat abandoned it, and loses.
func (r *Room) claimWin(c *conn.Conn) error {
	seat, err := r.seatOf(c, "claim a win")
	if err != nil {
		return err
	}
	if !r.t.ZeroSum() || r.t.NumSeats() != 2 {
		return table.Sayf(CodeNotAllowed, engine.Say("room.claim-two-seats"), "a win is claimed at a two-seat War or Watchtower table; here hand the away seat to a bot (hand-to-bot)")
	}
	other := 1 - seat
	if e := r.awayRefusal(other); e != nil {
		return e
	}
	return r.endTable(record.Ending{By: record.EndAbandoned, Seat: &other}, r.rooms.Now())
}

// withdrawDraw ends an open draw offer that seat made or must answer (a
// bot took the seat).
func (r *Room) withdrawDraw(seat int) {
	if d := r.draw.offer; d != nil && (d.From == seat || d.Asked(seat)) {
		r.draw.offer = nil
		r.sendOffer()
	}
}

// cutSpec splits a bot spec into its name and settings.
func cutSpec(spec string) (name, params string, ok bool) {
	name, params, ok = strings.Cut(spec, ":")
	return strings.TrimSpace(name), params, ok
}
