package arena

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"sync/atomic"

	"cardtable/engine"
	"cardtable/sim"
)

// Report is an arena's result. Its JSON is what `cardtable arena --json`
// prints (docs/cli.md). The counts (matchups' outcomes, entries' and
// teams' decisions, teams' wins, pairs' deals) add up across shards;
// every other figure is derived from them (Report.derive), so a merged
// report is the one an unsharded arena prints.
type Report struct {
	// Kind is "arena", telling an arena's document from a run's.
	Kind    string         `json:"kind"`
	Game    string         `json:"game"`
	Options engine.Options `json:"options"`
	Seed    uint64         `json:"seed"`
	// Deals is the number of deals each run played; Players the seats of
	// a game.
	Deals   int64 `json:"deals"`
	Players int   `json:"players"`
	// Bots are the entries, as given; Games every game played.
	Bots  []string `json:"bots"`
	Games int64    `json:"games"`
	// Against are the reference opponents of an arena played with
	// --against, as given; Gauntlet is then every entry's record against
	// each of them, in place of match-ups, ratings and head to head.
	Against  []string   `json:"against,omitempty"`
	Gauntlet []Gauntlet `json:"gauntlet,omitempty"`
	// Arrangements is the number of seat arrangements each match-up
	// plays (players!), 1 in a co-operative game.
	Arrangements int `json:"arrangements"`
	// Entries describes each bot over the whole arena, in --bots order
	// (then --against's; in such an arena only their decisions and time
	// are counted).
	Entries []Entry `json:"entries"`
	// Zero-sum games: each match-up's outcomes, the fitted ratings (best
	// first) and every ordered pair's record.
	Matchups   []Matchup    `json:"matchups,omitempty"`
	Ratings    []Rating     `json:"ratings,omitempty"`
	HeadToHead []HeadToHead `json:"head_to_head,omitempty"`
	// Prior is the drawn games per pair added to the fit (Prior).
	Prior float64 `json:"prior,omitempty"`
	// Co-operative games: each bot's record as a team on the same deals,
	// and each pair of bots compared on the deals only one of them won.
	Pairs     []Pair  `json:"pairs,omitempty"`
	ElapsedS  float64 `json:"elapsed_s"`
	GamesPerS float64 `json:"games_per_s"`
	Workers   int     `json:"workers"`
	Version   string  `json:"version"`
	// Shard is present in the report of one slice of an arena.
	Shard *Shard `json:"shard,omitempty"`
}

// Shard says which slice of an arena's deals a report holds.
type Shard struct {
	Index int `json:"index"`
	Of    int `json:"of"`
	// DealsTotal is the whole arena's deals per run.
	DealsTotal int64 `json:"deals_total"`
}

// Entry is one bot's record over every game it played.
type Entry struct {
	Bot string `json:"bot"`
	// BotOptions are every setting the bot got (its own and --bot-opt).
	BotOptions map[string]string `json:"bot_options"`
	// Games, Wins and Draws count the games it played, its seat won, and
	// no seat won; Points adds its share of each game (1/winners for a
	// win, 1/players for a draw). Zero-sum games only.
	Games  int64   `json:"games"`
	Wins   int64   `json:"wins"`
	Draws  int64   `json:"draws"`
	Points float64 `json:"points"`
	// Co-operative games: the deals its team played and won, the share
	// won and its 95% Wilson interval.
	Deals     int64      `json:"deals,omitempty"`
	DealsWon  int64      `json:"deals_won,omitempty"`
	WinShare  float64    `json:"win_share,omitempty"`
	WinCI95   [2]float64 `json:"win_ci95,omitzero"`
	Decisions int64      `json:"decisions"`
	// Seconds is the time it spent deciding; SPerDecision the mean.
	Seconds      float64 `json:"seconds"`
	SPerDecision float64 `json:"s_per_decision"`
}

// Matchup is the outcomes of the games among one set of bots, over every
// seat arrangement.
type Matchup struct {
	Bots     []string  `json:"bots"`
	Games    int64     `json:"games"`
	Outcomes []Outcome `json:"outcomes"`
}

// Outcome counts the games a match-up's bots ended with the same
// winners (none: a draw).
type Outcome struct {
	Winners []string `json:"winners"`
	Games   int64    `json:"games"`
}

// Rating is one bot's fitted strength on the Elo scale (mean 0 over the
// bots) with its 95% interval.
type Rating struct {
	Rank int        `json:"rank"`
	Bot  string     `json:"bot"`
	Elo  float64    `json:"elo"`
	CI95 [2]float64 `json:"ci95"`
}

// HeadToHead is one bot's record against another over the games they
// both played: a win is a game the bot's seat won and the other's did
// not; a tie, both or neither won. Share is (wins + ties/2) / games with
// its 95% Wilson interval.
type HeadToHead struct {
	Bot      string     `json:"bot"`
	Opponent string     `json:"opponent"`
	Games    int64      `json:"games"`
	Wins     int64      `json:"wins"`
	Losses   int64      `json:"losses"`
	Ties     int64      `json:"ties"`
	Share    float64    `json:"share"`
	CI95     [2]float64 `json:"ci95"`
}

// Pair compares two bots of a co-operative game on the same deals: the
// deals both won, only A, only B, neither, and the two-sided exact sign
// test over the deals only one of them won.
type Pair struct {
	A       string  `json:"a"`
	B       string  `json:"b"`
	Deals   int64   `json:"deals"`
	Both    int64   `json:"both"`
	OnlyA   int64   `json:"only_a"`
	OnlyB   int64   `json:"only_b"`
	Neither int64   `json:"neither"`
	PValue  float64 `json:"p_value"`
}

// tally is the additive part of a report being played, with per-deal
// results of a co-operative game kept until the pairs are counted.
type tally struct {
	rep *Report
	// index maps a match-up's entry indices to Report.Matchups.
	index map[string]int
	// coopDeals[e][d] is 0 when deal d was not played, 1 lost, 2 won.
	coopDeals [][]int32
}

func newTally(p *Plan) *tally {
	cfg := p.cfg
	rep := &Report{
		Kind: "arena", Game: cfg.Game.Name(), Options: cfg.Options, Seed: cfg.Seed,
		Deals: cfg.Deals, Players: p.players, Bots: p.labels[:len(cfg.Entries)], Arrangements: 1, Version: sim.Version(),
	}
	if len(cfg.Against) > 0 {
		rep.Against = p.labels[len(cfg.Entries):]
		rep.Gauntlet = gauntletRows(rep.Bots, rep.Against, p.players)
	}
	if len(p.runs) > 0 {
		rep.Deals = p.runs[0].sim.GamesPlayed()
	}
	if cfg.Shard.Of > 0 {
		rep.Shard = &Shard{Index: cfg.Shard.Index, Of: cfg.Shard.Of, DealsTotal: cfg.Deals}
	}
	t := &tally{rep: rep, index: map[string]int{}}
	all := append(slices.Clone(cfg.Entries), cfg.Against...)
	for e, label := range p.labels {
		spec := all[e].Over(cfg.BotParams)
		rep.Entries = append(rep.Entries, Entry{Bot: label, BotOptions: spec.Params})
	}
	if len(cfg.Against) > 0 {
		return t
	}
	if p.coop {
		t.coopDeals = make([][]int32, len(p.labels))
		return t
	}
	rep.Prior = Prior
	rep.Arrangements = len(permutations(make([]int, p.players)))
	for _, m := range combinations(len(p.labels), p.players) {
		t.index[fmt.Sprint(m)] = len(rep.Matchups)
		mu := Matchup{}
		for _, e := range m {
			mu.Bots = append(mu.Bots, p.labels[e])
		}
		for mask := 0; mask < 1<<p.players; mask++ {
			o := Outcome{Winners: []string{}}
			for i, b := range mu.Bots {
				if mask&(1<<i) != 0 {
					o.Winners = append(o.Winners, b)
				}
			}
			mu.Outcomes = append(mu.Outcomes, o)
		}
		rep.Matchups = append(rep.Matchups, mu)
	}
	return t
}

// addTimes adds a run's decisions and time to each entry that sat in it.
func (t *tally) addTimes(rep *sim.Report) {
	for _, b := range rep.BotsSummary {
		e := slices.IndexFunc(t.rep.Entries, func(e Entry) bool { return e.Bot == b.Bot })
		t.rep.Entries[e].Decisions += b.Decisions
		t.rep.Entries[e].Seconds += b.SPerDecision * float64(b.Decisions)
	}
}

// addSeating counts a zero-sum run's games by winners: masks count games
// by winning seats, turned here into the match-up's winning bots.
func (t *tally) addSeating(seating []int, masks *[1 << engine.MaxSeats]atomic.Int64, rep *sim.Report) {
	m := slices.Sorted(slices.Values(seating))
	mu := &t.rep.Matchups[t.index[fmt.Sprint(m)]]
	for seatMask := range masks {
		n := masks[seatMask].Load()
		if n == 0 {
			continue
		}
		var mask int
		for s, e := range seating {
			if seatMask&(1<<s) != 0 {
				mask |= 1 << slices.Index(m, e)
			}
		}
		mu.Outcomes[mask].Games += n
		mu.Games += n
	}
	t.rep.Games += rep.Games
	t.addTimes(rep)
}

// addCoop keeps a co-operative run's result per deal and counts its wins.
func (t *tally) addCoop(entry int, deals []atomic.Int32, rep *sim.Report) {
	d := make([]int32, len(deals))
	for i := range deals {
		d[i] = deals[i].Load()
	}
	t.coopDeals[entry] = d
	e := &t.rep.Entries[entry]
	e.Deals += rep.Games
	e.DealsWon += rep.Team.Wins
	t.rep.Games += rep.Games
	t.addTimes(rep)
}

// pairUp counts, for every pair of entries, the deals both, one or
// neither won.
func (t *tally) pairUp(p *Plan) {
	for a := range p.labels {
		for b := a + 1; b < len(p.labels); b++ {
			pr := Pair{A: p.labels[a], B: p.labels[b]}
			for d, ra := range t.coopDeals[a] {
				rb := t.coopDeals[b][d]
				if ra == 0 || rb == 0 {
					continue
				}
				pr.Deals++
				switch {
				case ra == 2 && rb == 2:
					pr.Both++
				case ra == 2:
					pr.OnlyA++
				case rb == 2:
					pr.OnlyB++
				default:
					pr.Neither++
				}
			}
			t.rep.Pairs = append(t.rep.Pairs, pr)
		}
	}
}

// report finishes a played arena's report.
func (p *Plan) report(t *tally, elapsed float64, workers int) (*Report, error) {
	rep := t.rep
	rep.ElapsedS, rep.Workers = elapsed, workers
	if err := rep.derive(); err != nil {
		return nil, err
	}
	return rep, nil
}

// derive computes every figure that is not a count from the counts: the
// entries' records and times, the ratings, the head-to-head matrix, the
// teams' shares and the pairs' sign tests.
func (r *Report) derive() error {
	if r.ElapsedS > 0 {
		r.GamesPerS = float64(r.Games) / r.ElapsedS
	}
	for i := range r.Entries {
		e := &r.Entries[i]
		e.Games, e.Wins, e.Draws, e.Points = 0, 0, 0, 0
		e.SPerDecision = 0
		if e.Decisions > 0 {
			e.SPerDecision = e.Seconds / float64(e.Decisions)
		}
		if e.Deals > 0 {
			e.WinShare = float64(e.DealsWon) / float64(e.Deals)
			lo, hi := sim.Wilson(e.DealsWon, e.Deals, sim.Z95)
			e.WinCI95 = [2]float64{lo, hi}
		}
	}
	for i := range r.Pairs {
		pr := &r.Pairs[i]
		pr.PValue = SignTest(pr.OnlyA, pr.OnlyB)
	}
	r.deriveGauntlet()
	if len(r.Matchups) == 0 {
		return nil
	}
	return r.deriveRatings()
}

// h2h is one ordered pair's record while it is counted.
type h2h struct{ games, wins, losses, ties int64 }

// deriveRatings fits the ratings to the match-ups' outcomes and counts
// each entry's record and the head-to-head matrix.
func (r *Report) deriveRatings() error {
	k := len(r.Bots)
	pairs := make([][]h2h, k)
	for i := range pairs {
		pairs[i] = make([]h2h, k)
	}
	var results []Result
	for _, mu := range r.Matchups {
		res, err := r.countMatchup(mu, pairs)
		if err != nil {
			return err
		}
		results = append(results, res...)
	}
	fit, err := FitRatings(k, results, r.Prior)
	if err != nil {
		return err
	}
	r.Ratings = nil
	for i, th := range fit.Theta {
		half := sim.Z95 * math.Sqrt(math.Max(fit.Cov.At(i, i), 0)) * EloPerNat
		elo := th * EloPerNat
		r.Ratings = append(r.Ratings, Rating{Bot: r.Bots[i], Elo: elo, CI95: [2]float64{elo - half, elo + half}})
	}
	sort.SliceStable(r.Ratings, func(a, b int) bool { return r.Ratings[a].Elo > r.Ratings[b].Elo })
	for i := range r.Ratings {
		r.Ratings[i].Rank = i + 1
	}
	r.HeadToHead = nil
	for a := range pairs {
		for b, c := range pairs[a] {
			if c.games == 0 {
				continue
			}
			share := (float64(c.wins) + float64(c.ties)/2) / float64(c.games)
			lo, hi := sim.WilsonShare(share, c.games, sim.Z95)
			r.HeadToHead = append(r.HeadToHead, HeadToHead{
				Bot: r.Bots[a], Opponent: r.Bots[b], Games: c.games, Wins: c.wins, Losses: c.losses, Ties: c.ties,
				Share: share, CI95: [2]float64{lo, hi},
			})
		}
	}
	return nil
}

// countMatchup adds a match-up's outcomes to its entries' records and the
// pairs' head-to-head counts, and returns them as results to fit.
func (r *Report) countMatchup(mu Matchup, pairs [][]h2h) ([]Result, error) {
	players := make([]int, len(mu.Bots))
	for i, b := range mu.Bots {
		if players[i] = slices.Index(r.Bots, b); players[i] < 0 {
			return nil, fmt.Errorf("arena: match-up bot %s is not one of the bots %v", b, r.Bots)
		}
	}
	var results []Result
	for _, o := range mu.Outcomes {
		if o.Games == 0 {
			continue
		}
		won := map[int]bool{}
		var winners []int
		for _, w := range o.Winners {
			e := slices.Index(r.Bots, w)
			if e < 0 || !slices.Contains(mu.Bots, w) {
				return nil, fmt.Errorf("arena: match-up %v won by %s, who is not in it", mu.Bots, w)
			}
			won[e] = true
			winners = append(winners, e)
		}
		res := Result{Players: players, Winners: winners, Games: float64(o.Games)}
		results = append(results, res)
		shares := res.shares()
		for _, a := range players {
			e := &r.Entries[a]
			e.Games += o.Games
			e.Points += shares[a] * float64(o.Games)
			if won[a] {
				e.Wins += o.Games
			}
			if len(winners) == 0 {
				e.Draws += o.Games
			}
			for _, b := range players {
				if a == b {
					continue
				}
				c := &pairs[a][b]
				c.games += o.Games
				switch {
				case won[a] && !won[b]:
					c.wins += o.Games
				case won[b] && !won[a]:
					c.losses += o.Games
				default:
					c.ties += o.Games
				}
			}
		}
	}
	return results, nil
}
