package room

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"cardtable/engine"
	"cardtable/server/conn"
	"cardtable/table"
)

// autoPlay is a seat's auto-play (the auto table command): the room plays
// action for the seat whenever it is among the seat's legal actions, at
// most once per interval, until the game ends, the seat turns it off, or no
// connection of the seat is left. It never plays in a slap window: that is
// the person's decision, and auto-play goes on after it. While it is on the
// bots move without the bot delay, so a pace of N is N tricks a second.
type autoPlay struct {
	seat      int
	action    string
	perSecond int
	interval  time.Duration
	last      time.Time
	timer     *time.Timer
	// gen numbers the auto-plays of the room, so a timer of one that was
	// stopped or replaced does nothing.
	gen int
}

// AutoMessage tells a seat's connections that its auto-play started, changed
// pace or stopped (Action "": off, Reason says why).
type AutoMessage struct {
	Type      string `json:"type"`
	Seat      int    `json:"seat"`
	Version   int    `json:"version"`
	Action    string `json:"action"`
	PerSecond int    `json:"per_second,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// autoCommand starts (or re-paces) the seat's auto-play, or stops it when
// the command names no action.
func (r *Room) autoCommand(c *conn.Conn, cmd table.Command) {
	if c.Seat < 0 {
		r.refuse(c, cmd.ID, table.Sayf(CodeSpectator, engine.Say("room.spectator"), "spectators cannot act; take a free seat from the lobby or an invite link"))
		return
	}
	if strings.TrimSpace(cmd.Action) == "" {
		if r.auto != nil && r.auto.seat == c.Seat {
			r.autoStop("you turned it off")
		}
		return
	}
	if r.t.Over() {
		r.refuse(c, cmd.ID, table.Sayf(table.CodeGameOver, engine.Say("room.game-over"), "the game has ended"))
		return
	}
	for i, st := range r.hdr.Seats {
		if i != c.Seat && st.Kind != table.KindBot {
			r.refuse(c, cmd.ID, table.Sayf(CodeNotAllowed, engine.Say("room.autoplay-bots-only", engine.SeatArg("seat", i)), "auto-play is only for a table where every other seat is a bot; %s is a person's", table.SeatName(i)))
			return
		}
	}
	st := r.t.State()
	a, err := st.ParseAction(c.Seat, cmd.Action)
	if err != nil {
		r.refuse(c, cmd.ID, err)
		return
	}
	text := st.ActionString(a)
	if isSlap(text) {
		r.refuse(c, cmd.ID, table.Sayf(table.CodeIllegal, engine.Say("room.autoplay-no-slap"), "auto-play does not slap: a slap is yours to time; auto-play flips and waits in every slap window"))
		return
	}
	per := cmd.PerSecond
	if per == 0 {
		per = table.MaxAutoPerSecond
	}
	gen := 1
	if r.auto != nil {
		gen = r.auto.gen + 1
		if r.auto.timer != nil {
			r.auto.timer.Stop()
		}
	}
	r.auto = &autoPlay{seat: c.Seat, action: text, perSecond: per, interval: time.Second / time.Duration(per), gen: gen}
	r.autoTell(nil, "")
	r.autoNext()
}

// autoTell sends the auto-play's state to the seat's connections (to c
// alone when c is given); reason says why it stopped.
func (r *Room) autoTell(c *conn.Conn, reason string) {
	msg := AutoMessage{Type: "auto", Seat: r.auto.seat, Version: r.t.Version(), Reason: reason}
	if reason == "" {
		msg.Action, msg.PerSecond = r.auto.action, r.auto.perSecond
	}
	if c != nil {
		r.deliver(c, msg)
		return
	}
	seat := r.auto.seat
	r.broadcast(func(s int) bool { return s == seat }, func(int) any { return msg })
}

// autoJoined tells a connection of the auto-playing seat that auto-play is
// on (after its hello and turn).
func (r *Room) autoJoined(c *conn.Conn) {
	if r.auto != nil && c.Seat == r.auto.seat {
		r.autoTell(c, "")
	}
}

// autoStop ends the auto-play and says why.
func (r *Room) autoStop(reason string) {
	if r.auto == nil {
		return
	}
	if r.auto.timer != nil {
		r.auto.timer.Stop()
	}
	r.autoTell(nil, reason)
	r.auto = nil
}

// autoNext schedules the auto-play's next move when its action is legal
// now, no slap window is open and none is scheduled; it runs after every
// change of the table.
func (r *Room) autoNext() {
	a := r.auto
	if a == nil {
		return
	}
	if r.t.Over() {
		r.autoStop("the game is over")
		return
	}
	if a.timer != nil || r.slap.open != nil || !r.t.MayAct(a.seat) || !slices.Contains(r.t.Legal(a.seat), a.action) {
		return
	}
	wait := time.Until(a.last.Add(a.interval))
	gen, version := a.gen, r.t.Version()
	a.timer = time.AfterFunc(max(wait, 0), func() { r.send(func() { r.autoStep(gen, version) }) })
}

// autoStep plays the auto-play's action, scheduled at version.
func (r *Room) autoStep(gen, version int) {
	a := r.auto
	if a == nil || a.gen != gen {
		return
	}
	a.timer = nil
	if !r.seatConnected(a.seat) {
		r.autoStop("nobody is at the seat")
		return
	}
	if r.t.Version() != version {
		r.autoNext()
		return
	}
	a.last = time.Now()
	if _, err := r.play(a.seat, a.action, version, ""); err != nil {
		r.autoStop(fmt.Sprintf("the server could not play %s: %v", a.action, err))
	}
}

// seatConnected reports whether a connection of seat is open here or
// relayed from another node.
func (r *Room) seatConnected(seat int) bool {
	for c := range r.clients {
		if c.Seat == seat {
			return true
		}
	}
	for _, c := range r.remote.conns {
		if c.Seat == seat {
			return true
		}
	}
	return false
}

// botDelay is how long a bot waits before it moves: the server's bot
// delay, or nothing while a person has auto-play on (they asked for the
// pace).
func (r *Room) botDelay() time.Duration {
	if r.auto != nil {
		return 0
	}
	return r.rooms.cfg.BotDelay
}
