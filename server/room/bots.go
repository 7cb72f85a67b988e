package room

import (
	"context"
	"fmt"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/server/thinkpool"
	"cardtable/table"
)

// botState is the table's bots: seat[s] plays seat s (nil for a person),
// thinking[s] while one of its decisions is under way.
type botState struct {
	seat     []engine.Bot
	thinking []bool
}

// seatBot makes the bot of spec play seat i, seeded from the game's seed
// and held to the server's caps. A stored table whose settings are over
// today's caps (lowered since it was made) still plays, under the caps;
// its load says so in the log.
func (r *Room) seatBot(i int, text string) error {
	spec, err := bots.ParseSpec(text)
	if err != nil {
		return err
	}
	p, err := table.NewBot(r.t, spec, r.hdr.Seed, i)
	if err != nil {
		return err
	}
	caps := r.rooms.cfg.BotCaps
	for _, o := range spec.OverCaps(caps) {
		r.rooms.log.Warn("bot setting over the server's cap: the bot plays under it", "table", r.id,
			"seat", i, "bot", text, "setting", o.Key+"="+o.Value, "cap", o.Max, "flag", botCapFlags[o.Cap])
	}
	engine.CapBot(p.Bot, caps)
	r.bots.seat[i] = p.Bot
	return nil
}

// thinkBots sets every bot seat to move thinking, each on its own
// goroutine with a copy of the state, so a slow bot never holds up the
// room (which goes on answering) or any other room.
func (r *Room) thinkBots() {
	if r.t.Over() {
		return
	}
	for _, seat := range r.t.ToMove() {
		if r.bots.seat[seat] == nil || r.bots.thinking[seat] {
			continue
		}
		r.bots.thinking[seat] = true
		go r.think(seat, r.t.Version(), r.t.StateFor(seat), r.lessonBot(seat, r.t.Version()), r.botWait())
	}
}

// botWait is when a bot deciding now may move: after the bot delay, or,
// in a slap window, at its drawn slap time after the reveal.
func (r *Room) botWait() func(action string) time.Time {
	start := time.Now()
	delay := r.botDelay()
	if r.slap.open == nil {
		return func(string) time.Time { return start.Add(delay) }
	}
	reveal, window := r.slap.open.at, time.Duration(r.slap.ms)*time.Millisecond
	return func(action string) time.Time {
		var ms int
		if _, err := fmt.Sscanf(action, "slap@%d", &ms); err == nil {
			return reveal.Add(time.Duration(ms) * time.Millisecond)
		}
		// A pass waits the bot delay, within the window.
		return reveal.Add(min(delay, window/2))
	}
}

// think decides for seat on st (the table at version) in a slot of the
// server's thinking pool, within the think cap, and sends the move to the
// room when its time comes. It gives up when the server stops.
func (r *Room) think(seat, version int, st engine.State, bot engine.Bot, when func(string) time.Time) {
	ctx := r.rooms.ctx
	var action string
	var err error
	job := thinkpool.Job{Key: r.id, Budget: r.rooms.cfg.BotCaps.Think, Run: func(jctx context.Context) {
		action, err = decide(jctx, bot, st, seat)
	}}
	if r.rooms.pool.Do(ctx, job) != nil {
		return
	}
	if err != nil {
		r.rooms.log.Error("bot failed", "table", r.id, "seat", seat, "err", err)
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

// decide asks bot for seat's move on st, cut short when ctx ends, turning
// a panic into an error.
func decide(ctx context.Context, bot engine.Bot, st engine.State, seat int) (action string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("bot panicked: %v", p)
		}
	}()
	return st.ActionString(engine.ActContext(ctx, bot, st, seat)), nil
}

// botMoved plays a bot's decision; one the table has moved past is
// dropped and the bot asked again.
func (r *Room) botMoved(m botMove) {
	r.bots.thinking[m.seat] = false
	if m.action == "" || r.t.Over() || !r.t.MayAct(m.seat) || r.bots.seat[m.seat] == nil {
		return
	}
	if _, err := r.play(m.seat, m.action, m.version, ""); err != nil {
		r.rooms.log.Debug("bot move dropped", "table", r.id, "seat", m.seat, "action", m.action, "err", err)
		r.thinkBots()
	}
}
