package room

import (
	"net/http"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/server/httpjson"
	"cardtable/table"
)

// Default bot caps (docs/protocol.md, "Bots"): a move a player waits for
// without thinking the table stuck; ten times the strongest bot's default
// iterations (Regicide's expert: 2,000, about 50 ms a move), whose tree
// stays near a megabyte; one CPU a move on a shared server; four times the
// default candidates.
const (
	defaultBotThink      = 2 * time.Second
	defaultBotIterations = 20000
	defaultBotWorkers    = 1
	defaultBotCandidates = 16
)

// botCapFlags names the serve flag that sets each cap.
var botCapFlags = map[string]string{
	bots.CapThink:      "--bot-max-think",
	bots.CapIterations: "--bot-max-iterations",
	bots.CapWorkers:    "--bot-max-workers",
	bots.CapCandidates: "--bot-max-candidates",
}

func BotCapsWithDefaults(c engine.BotCaps) engine.BotCaps {
	if c.Think <= 0 {
		c.Think = defaultBotThink
	}
	if c.Iterations <= 0 {
		c.Iterations = defaultBotIterations
	}
	if c.Workers <= 0 {
		c.Workers = defaultBotWorkers
	}
	if c.Candidates <= 0 {
		c.Candidates = defaultBotCandidates
	}
	return c
}

// CheckBot checks the bot a client asks to seat at seat: it exists for
// the game, accepts its settings, and asks for none over the server's
// caps. The refusal (bad-seats) names the seat, the bot and what to ask
// for instead; a bot's refusal of its settings (the lobby's bot settings
// field) passes its message on in the reader's language.
func (s *Rooms) CheckBot(g engine.Game, opts engine.Options, seat int, text string) (bots.Spec, error) {
	spec, err := bots.ParseSpec(text)
	if err != nil {
		return bots.Spec{}, httpjson.ErrorOf(http.StatusBadRequest, "bad-seats", table.SeatRefused(seat, err))
	}
	if _, err := bots.New(spec.Name, g, opts, spec.Params, 0); err != nil {
		why, ok := engine.SaidOf(err)
		if !ok {
			return bots.Spec{}, httpjson.Errorf(http.StatusBadRequest, "bad-seats", "%s (%s): %v", table.SeatName(seat), spec.Name, err)
		}
		return bots.Spec{}, httpjson.Sayf(http.StatusBadRequest, "bad-seats", engine.Say("api.bot-refused", engine.SeatArg("seat", seat), engine.TextArg("bot", spec.Name), engine.MsgArg("why", why)),
			"%s (%s): %v", table.SeatName(seat), spec.Name, err)
	}
	if over := spec.OverCaps(s.cfg.BotCaps); len(over) > 0 {
		o := over[0]
		return bots.Spec{}, httpjson.Sayf(http.StatusBadRequest, "bad-seats",
			engine.Say("api.bot-over-cap", engine.SeatArg("seat", seat), engine.TextArg("bot", spec.Name), engine.TextArg("key", o.Key), engine.TextArg("value", o.Value), engine.TextArg("max", o.Max)),
			"%s (%s): %v (serve %s)", table.SeatName(seat), spec.Name, o, botCapFlags[o.Cap])
	}
	return spec, nil
}
