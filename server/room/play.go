package room

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/text/secure/precis"

	"cardtable/engine"
	"cardtable/record"
	"cardtable/server/conn"
	"cardtable/server/httpjson"
	"cardtable/server/secret"
	"cardtable/server/usertext"
	"cardtable/store"
	"cardtable/store/phases"
	"cardtable/table"
)

// Server-only error codes (the table's codes are in table/message.go).
const (
	CodeSpectator   = "spectator"   // a spectator sent an action
	CodeUnavailable = "unavailable" // the action could not be stored; not applied
)

// storeTimeout bounds one store call of a room.
const storeTimeout = 10 * time.Second

// command serves one client command.
func (r *Room) command(m cmdReq) {
	c, cmd := m.c, m.cmd
	r.span = phases.Start(m.readAt)
	r.span.RoomFree(r.freeAt)
	defer func() { r.span = nil }()
	if _, ok := r.clients[c]; !ok && m.sent == nil {
		return // it left while the command was queued
	}
	if table.IsTableCommand(cmd.Type) {
		r.tableCommand(c, cmd) // spectators too: each command decides
		return
	}
	if c.Seat < 0 {
		r.refuse(c, cmd.ID, table.Sayf(CodeSpectator, engine.Say("room.spectators-cannot-act"), "spectators cannot act; take a free seat from the lobby or an invite link"))
		return
	}
	if cmd.Type == table.CommandHint {
		hint, err := r.t.Hint(c.Seat, cmd.Action)
		if err != nil {
			r.refuseOnly(c, cmd.ID, err)
			return
		}
		m := table.Message{Type: table.TypeHint, Seat: c.Seat, Version: r.t.Version(), Action: cmd.Action, ID: cmd.ID}
		m.SetHint(hint)
		r.deliver(c, m)
		return
	}
	text := cmd.Action
	if r.slap.open != nil && isSlap(text) {
		sentAt := c.SentAt
		if m.sent != nil {
			sentAt = m.sent
		}
		sent, ok := sentAt(r.slap.open.version)
		if !ok {
			r.refuse(c, cmd.ID, table.Sayf(table.CodeStale, engine.Say("room.slap-stale"), "stale: the reveal at version %d has not reached this connection yet; slap when you see it", r.slap.open.version))
			return
		}
		text = r.slapText(m.readAt.Sub(sent))
	}
	if !r.judgeLesson(c, cmd.ID, text) {
		return
	}
	ap, err := r.play(c.Seat, text, *cmd.Version, cmd.ID)
	if err != nil {
		r.refuse(c, cmd.ID, err)
		return
	}
	r.observe(ap, time.Since(m.readAt))
	r.span.Finish()
}

// observe adds a command's latency to the metrics — for a sealed answer
// only once its window closes, so the histogram's count (on the public
// /metrics) does not move when an answer comes.
func (r *Room) observe(ap *table.Applied, d time.Duration) {
	r.sealed.latency = append(r.sealed.latency, d)
	if ap.Sealed {
		return
	}
	for _, d := range r.sealed.latency {
		r.rooms.metrics.Latency.Observe(d.Seconds())
	}
	r.sealed.latency = r.sealed.latency[:0]
}

// play applies seat's action text computed at version: the table takes it,
// the store keeps it (an action the store refused is not played), and
// only then is anyone told — in a simultaneous window only its actor, until
// the window closes. id is the correlation id of the command.
func (r *Room) play(seat int, text string, version int, id string) (*table.Applied, error) {
	at := r.rooms.Now()
	ap, err := r.t.PlayStored(seat, text, version, func(seq int, a record.Action) error {
		ctx, cancel := context.WithTimeout(phases.With(context.Background(), r.span), storeTimeout)
		defer cancel()
		r.span.Mark(phases.Handed)
		err := r.append(ctx, store.Action{Seq: seq, Seat: a.Seat, Action: a.Action, At: at})
		r.span.Mark(phases.Resumed)
		if err != nil {
			r.rooms.log.Error("action not stored", "table", r.id, "seq", seq, "err", err)
			return table.Sayf(CodeUnavailable, engine.Say("room.action-not-stored"), "the server could not store the action, so it was not played; try again")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	r.movedAt = at
	if ap.Sealed {
		r.broadcast(func(viewer int) bool { return viewer == seat }, func(viewer int) any { return ap.For(viewer, id)[0] })
	} else {
		// Counted when shown: the public /metrics must not move when an
		// answer is sealed.
		r.rooms.metrics.Actions.Add(float64(len(ap.Shown)))
		for i := range ap.Shown {
			r.broadcast(nil, func(viewer int) any { return ap.For(viewer, id)[i] })
		}
	}
	r.changed(ap)
	return ap, nil
}

// changed runs after the table moved (or when the room starts): it ends
// the game when it is over, opens or closes a slap window, gives the
// seats to move their turns and sets bots thinking. After a sealed answer
// only its actor may hear anything: its turn again if it may still act.
func (r *Room) changed(ap *table.Applied) {
	defer r.autoNext()
	if r.t.Over() {
		r.finish(ap != nil)
		if ap != nil {
			r.sendLesson()
		}
		return
	}
	r.watchSlap()
	switch {
	case ap != nil && ap.Sealed:
		if r.t.MayAct(ap.Seat) {
			r.broadcast(func(seat int) bool { return seat == ap.Seat }, func(seat int) any { return r.t.Turn(seat) })
		}
	case ap != nil:
		r.broadcast(func(seat int) bool { return seat >= 0 && r.t.MayAct(seat) }, func(seat int) any { return r.t.Turn(seat) })
	}
	r.lifeChanged(ap)
	if ap != nil {
		r.sendLesson()
	}
	r.thinkBots()
}

// finish stores the result (once, when the game has just ended) and
// tells everyone.
func (r *Room) finish(justEnded bool) {
	if r.slap.open != nil {
		r.slap.open.timer.Stop()
		r.slap.open = nil
	}
	r.lifeEnded()
	if !justEnded {
		if r.hdr.Result == nil {
			r.storeResult() // ended before a crash, the result unstored
		}
		return
	}
	r.storeResult()
	r.broadcast(nil, func(seat int) any { return r.endMessage(seat) })
	if r.hdr.Rated {
		r.sendRematch() // its rematch would be rated: say so now
	}
	if len(r.clients) == 0 && len(r.remote.conns) == 0 {
		r.startIdle()
	}
}

func (r *Room) storeResult() {
	res := r.t.Result()
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	err := r.settle(ctx, res, r.rooms.Now())
	if err != nil && !errors.Is(err, store.ErrConflict) {
		r.rooms.log.Error("result not stored", "table", r.id, "err", err)
		return
	}
	r.hdr.Result = &res
	r.rooms.metrics.Finished.Inc()
}

// claim gives seat to a person named name if invite opens it; it returns
// the seat's new token.
func (r *Room) claim(seat int, name, invite string) (string, error) {
	if seat < 0 || seat >= len(r.hdr.Seats) {
		return "", r.noSeat(seat)
	}
	st := r.hdr.Seats[seat]
	if st.Kind != table.KindHuman || st.Token != "" {
		return "", httpjson.Sayf(409, "seat-taken", engine.Say("room.seat-taken", engine.SeatArg("seat", seat)), "%s is taken; pick a free seat or watch as a spectator", table.SeatName(seat))
	}
	if code, open := inviteCode(st.Invite); !open && !secret.Equal(code, invite) {
		return "", httpjson.Sayf(403, "forbidden", engine.Say("room.invite-not-seat", engine.SeatArg("seat", seat)), "the invite code is not %s's; ask the table's creator for its invite link", table.SeatName(seat))
	}
	if err := r.nameFree(seat, name); err != nil {
		return "", err
	}
	token := secret.Token()
	st.Token, st.Name = secret.Hash(token), name
	if st.Name == "" {
		st.Name = table.SeatName(seat)
	}
	if err := r.updateSeat(seat, st); err != nil {
		return "", err
	}
	r.seatTaken()
	return token, nil
}

// reseat gives a claimed person's seat a new token (the old one no longer
// opens it) and answers it. The caller has checked who may: the account
// the seat belongs to (Server.reseat).
func (r *Room) reseat(seat int) (string, error) {
	if seat < 0 || seat >= len(r.hdr.Seats) {
		return "", r.noSeat(seat)
	}
	if r.t.Over() {
		return "", httpjson.Sayf(409, "game-over", engine.Say("room.game-over"), "the game is over")
	}
	st := r.hdr.Seats[seat]
	if st.Kind != table.KindHuman || st.Token == "" {
		return "", httpjson.Sayf(409, "seat-taken", engine.Say("room.not-claimed", engine.SeatArg("seat", seat)), "%s is not a person's claimed seat", table.SeatName(seat))
	}
	token := secret.Token()
	st.Token = secret.Hash(token)
	if err := r.updateSeat(seat, st); err != nil {
		return "", err
	}
	// The seat's open connections held the old token: closed, here and
	// on other nodes (their relays are told on the seat's subject).
	for c := range r.clients {
		if c.Seat == seat {
			c.Kick(conn.ByeSeatMoved, conn.SeatMovedText)
			delete(r.clients, c) // its queued commands are dropped
			r.forgetChatRate(c)
		}
	}
	for id, c := range r.remote.conns {
		if c.Seat == seat {
			delete(r.remote.conns, id)
			r.forgetChatRate(c)
		}
	}
	if cl := r.rooms.cfg.Cluster; cl != nil {
		cl.Publish(r.id, seat, Frame{Moved: true, Bye: conn.ByeSeatMoved})
	}
	r.sendSeats()
	return token, nil
}

// handToBot gives an unclaimed human seat to a bot, for the creator.
func (r *Room) handToBot(seat int, creator, spec string) error {
	if !secret.Equal(r.hdr.Creator, creator) {
		return httpjson.Sayf(403, "forbidden", engine.Say("room.bot-creator-only"), "only the table's creator may hand a seat to a bot (send its creator_token)")
	}
	if seat < 0 || seat >= len(r.hdr.Seats) {
		return r.noSeat(seat)
	}
	st := r.hdr.Seats[seat]
	if r.t.Over() {
		return httpjson.Sayf(409, "game-over", engine.Say("room.game-over"), "the game is over")
	}
	if _, err := r.rooms.CheckBot(r.game, r.t.State().Options(), seat, spec); err != nil {
		return err
	}
	if st.Kind == table.KindHuman && st.Token != "" {
		return r.handAwayToBot(seat, spec)
	}
	if st.Kind != table.KindHuman {
		return httpjson.Sayf(409, "seat-taken", engine.Say("room.bot-seat-taken", engine.SeatArg("seat", seat)), "%s is taken; only an empty seat, or one whose person is away, can go to a bot", table.SeatName(seat))
	}
	if err := r.seatBot(seat, spec); err != nil {
		return httpjson.ErrorOf(400, "bad-seats", err)
	}
	st = store.Seat{Name: BotName(spec, seat), Kind: table.KindBot, Bot: spec, Invite: st.Invite} // an unlisted table stays unlisted
	if err := r.updateSeat(seat, st); err != nil {
		r.bots.seat[seat] = nil
		return err
	}
	r.seatGiven(seat, spec)
	r.thinkBots()
	return nil
}

// updateSeat stores seat's new occupant, then seats it at the table and
// tells everyone.
func (r *Room) updateSeat(seat int, st store.Seat) error {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.updateSeatStored(ctx, seat, st); err != nil {
		r.rooms.log.Error("seat not stored", "table", r.id, "seat", seat, "err", err)
		if r.remote.fenced {
			return errTableMoved // the request follows the table (onRoom)
		}
		return httpjson.Sayf(503, CodeUnavailable, engine.Say("room.seat-not-stored"), "the server could not store the seat; try again")
	}
	r.hdr.Seats[seat] = st
	r.t.SetSeat(seat, SeatInfos(r.hdr.Seats)[seat])
	r.sendSeats()
	return nil
}

// BotName is how the bot of spec at seat is shown: the bot's name and
// its seat, so two bots of one kind are told apart ("heuristic (seat 2)").
func BotName(spec string, seat int) string {
	name, _, _ := strings.Cut(spec, ":")
	return fmt.Sprintf("%s (%s)", strings.TrimSpace(name), table.SeatName(seat))
}

// nameFree refuses name for seat when another seat of the table has it,
// ignoring case and width: at one table a name says who is who.
func (r *Room) nameFree(seat int, name string) error {
	for i, other := range r.hdr.Seats {
		if i != seat && name != "" && other.Name != "" && precis.Nickname.Compare(other.Name, name) {
			return httpjson.Sayf(400, usertext.CodeBadName, engine.Say("room.name-taken", engine.TextArg("name", fmt.Sprintf("%q", name)), engine.SeatArg("seat", i)),
				"name: %q is %s's name at this table; pick another", name, table.SeatName(i))
		}
	}
	return nil
}

// noSeat refuses a seat the table does not have.
func (r *Room) noSeat(seat int) *httpjson.Error {
	last := len(r.hdr.Seats) - 1
	return httpjson.Sayf(404, "not-found", engine.Say("room.no-seat", engine.TextArg("table", r.id), engine.NumArg("seat", seat), engine.NumArg("last", last)),
		"table %s has no seat %d; its seats are 0 to %d", r.id, seat, last)
}
