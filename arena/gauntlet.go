package arena

import (
	"fmt"
	"slices"
	"sync/atomic"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/sim"
)

// Gauntlet is one bot's record against one reference opponent (Config.
// Against) at tables where the bot plays BotSeats of the seats and the
// opponent all the others, over every choice of those seats, on the same
// deals. A game is a win when a seat of the bot won and none of the
// opponent's did, a loss the other way round, shared when both sides hold
// a seat among the winners, and a draw when no one won. Share is wins /
// games, with its 95% Wilson interval.
type Gauntlet struct {
	Bot      string     `json:"bot"`
	Opponent string     `json:"opponent"`
	BotSeats int        `json:"bot_seats"`
	Games    int64      `json:"games"`
	Wins     int64      `json:"wins"`
	Losses   int64      `json:"losses"`
	Shared   int64      `json:"shared"`
	Draws    int64      `json:"draws"`
	Share    float64    `json:"share"`
	CI95     [2]float64 `json:"ci95"`
}

// planGauntlet adds to p the runs of an arena against reference opponents:
// for every bot, opponent and number k of the bot's seats (1 to players-1),
// every choice of the k seats.
func (p *Plan) planGauntlet() error {
	cfg := p.cfg
	if p.coop {
		return fmt.Errorf("arena: %s is co-operative: every bot already plays the same deals alone; --against is for games with opponents", cfg.Game.Name())
	}
	nb := len(cfg.Entries)
	all := append(slices.Clone(cfg.Entries), cfg.Against...)
	g := 0
	for b := range nb {
		for o := range cfg.Against {
			for k := 1; k < p.players; k++ {
				for _, seats := range combinations(p.players, k) {
					seating := slices.Repeat([]int{nb + o}, p.players)
					for _, s := range seats {
						seating[s] = b
					}
					r, err := p.planRun(all, seating)
					if err != nil {
						return err
					}
					r.gauntlet = g + k - 1
					p.runs = append(p.runs, r)
				}
			}
			g += p.players - 1
		}
	}
	return nil
}

// planRun checks the sim run of one seating (indices into specs).
func (p *Plan) planRun(specs []bots.Spec, seating []int) (planned, error) {
	cfg := p.cfg
	seated := make([]bots.Spec, len(seating))
	for i, e := range seating {
		seated[i] = specs[e]
	}
	seats, err := sim.SeatsFromSpecs(cfg.Game, cfg.Options, p.players, seated, paramsFor(seated, cfg.BotParams))
	if err != nil {
		return planned{}, fmt.Errorf("arena: %w", err)
	}
	sc := sim.Config{Game: cfg.Game, Options: cfg.Options, Games: cfg.Deals, Seed: cfg.Seed, Workers: cfg.Workers, Seats: seats, Shard: cfg.Shard, Progress: cfg.Progress}
	if err := sc.Check(); err != nil {
		return planned{}, fmt.Errorf("arena: %w", err)
	}
	return planned{seating: seating, sim: sc, gauntlet: -1}, nil
}

// gauntletRows lays out the report's gauntlet: for every bot, opponent and
// number of the bot's seats, in that order (planGauntlet's).
func gauntletRows(bots, against []string, players int) []Gauntlet {
	var rows []Gauntlet
	for _, b := range bots {
		for _, o := range against {
			for k := 1; k < players; k++ {
				rows = append(rows, Gauntlet{Bot: b, Opponent: o, BotSeats: k})
			}
		}
	}
	return rows
}

// addGauntlet counts a gauntlet run's games by which side won.
func (t *tally) addGauntlet(r planned, bot int, masks *[1 << engine.MaxSeats]atomic.Int64, rep *sim.Report) {
	row := &t.rep.Gauntlet[r.gauntlet]
	var mine int
	for s, e := range r.seating {
		if e == bot {
			mine |= 1 << s
		}
	}
	theirs := (1<<len(r.seating) - 1) &^ mine
	for mask := range masks {
		n := masks[mask].Load()
		switch won, lost := mask&mine != 0, mask&theirs != 0; {
		case won && lost:
			row.Shared += n
		case won:
			row.Wins += n
		case lost:
			row.Losses += n
		default:
			row.Draws += n
		}
		row.Games += n
	}
	t.rep.Games += rep.Games
	t.addTimes(rep)
}

// deriveGauntlet computes each gauntlet row's share and interval.
func (r *Report) deriveGauntlet() {
	for i := range r.Gauntlet {
		g := &r.Gauntlet[i]
		g.Share, g.CI95 = 0, [2]float64{}
		if g.Games > 0 {
			g.Share = float64(g.Wins) / float64(g.Games)
			lo, hi := sim.Wilson(g.Wins, g.Games, sim.Z95)
			g.CI95 = [2]float64{lo, hi}
		}
	}
}

// addGauntlet adds a shard's gauntlet counts to r's.
func (r *Report) addGauntlet(p *Report) error {
	if len(p.Gauntlet) != len(r.Gauntlet) {
		return fmt.Errorf("its gauntlet has %d rows, want %d", len(p.Gauntlet), len(r.Gauntlet))
	}
	for i, g := range p.Gauntlet {
		o := &r.Gauntlet[i]
		if g.Bot != o.Bot || g.Opponent != o.Opponent || g.BotSeats != o.BotSeats {
			return fmt.Errorf("gauntlet row %d is %s against %s in %d seats, want %s against %s in %d", i, g.Bot, g.Opponent, g.BotSeats, o.Bot, o.Opponent, o.BotSeats)
		}
		o.Games += g.Games
		o.Wins += g.Wins
		o.Losses += g.Losses
		o.Shared += g.Shared
		o.Draws += g.Draws
	}
	return nil
}
