package server

import (
	"fmt"
	"time"

	"cardtable/engine"
)

// thinkBots sets every bot seat to move thinking, each on its own
// goroutine with a copy of the state, so a slow bot never holds up the
// room (which goes on answering) or any other room.
func (r *room) thinkBots() {
	if r.t.Over() {
		return
	}
	for _, seat := range r.t.ToMove() {
		if r.bots[seat] == nil || r.thinking[seat] {
			continue
		}
		r.thinking[seat] = true
		go r.think(seat, r.t.Version(), r.t.StateFor(seat), r.bots[seat], r.botWait())
	}
}

// botWait is when a bot deciding now may move: after the bot delay, or,
// in a slap window, at its drawn slap time after the reveal.
func (r *room) botWait() func(action string) time.Time {
	start := time.Now()
	delay := r.srv.cfg.BotDelay
	if r.slap == nil {
		return func(string) time.Time { return start.Add(delay) }
	}
	reveal, window := r.slap.at, time.Duration(r.slapMS)*time.Millisecond
	return func(action string) time.Time {
		var ms int
		if _, err := fmt.Sscanf(action, "slap@%d", &ms); err == nil {
			return reveal.Add(time.Duration(ms) * time.Millisecond)
		}
		// A pass waits the bot delay, within the window.
		return reveal.Add(min(delay, window/2))
	}
}

// think decides for seat on st (the table at version) and sends the move
// to the room when its time comes. It gives up when the server stops.
func (r *room) think(seat, version int, st engine.State, bot engine.Bot, when func(string) time.Time) {
	ctx := r.srv.ctx
	select {
	case r.srv.botSem <- struct{}{}:
	case <-ctx.Done():
		return
	}
	action, err := decide(bot, st, seat)
	<-r.srv.botSem
	if err != nil {
		r.srv.log.Error("bot failed", "table", r.id, "seat", seat, "err", err)
		action = ""
	}
	if wait := time.Until(when(action)); wait > 0 {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-ctx.Done():
			return
		}
	}
	r.send(botMove{seat: seat, version: version, action: action})
}

// decide asks bot for seat's move on st, turning a panic into an error.
func decide(bot engine.Bot, st engine.State, seat int) (action string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("bot panicked: %v", p)
		}
	}()
	return st.ActionString(bot.Act(st, seat)), nil
}

// botMoved plays a bot's decision; one the table has moved past is
// dropped and the bot asked again.
func (r *room) botMoved(m botMove) {
	r.thinking[m.seat] = false
	if m.action == "" || r.t.Over() || !r.t.MayAct(m.seat) {
		return
	}
	if _, err := r.play(m.seat, m.action, m.version, ""); err != nil {
		r.srv.log.Debug("bot move dropped", "table", r.id, "seat", m.seat, "action", m.action, "err", err)
		r.thinkBots()
	}
}
