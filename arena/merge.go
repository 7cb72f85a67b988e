package arena

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Merge combines the reports of every shard of one arena into the report
// the arena would have printed unsharded: the counts are added and every
// other figure derived again. Only elapsed_s and workers (the shards'
// totals), games_per_s and the seconds per decision differ, as between
// any two runs. Shards of different arenas (game, options, bots and
// their settings, seed, deals, slices or build), a missing slice or a
// repeated one are refused with an error naming the problem. Each part's
// Options must be resolved.
func Merge(parts []*Report) (*Report, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("arena: no shards to merge")
	}
	first := parts[0]
	for i, p := range parts {
		if p.Shard == nil {
			return nil, fmt.Errorf("arena: report %d is not a shard: run each slice with --shard I/N", i+1)
		}
		if err := sameArena(first, p); err != nil {
			return nil, fmt.Errorf("arena: shard %d/%d and shard %d/%d are not slices of one arena: %w", first.Shard.Index, first.Shard.Of, p.Shard.Index, p.Shard.Of, err)
		}
	}
	of := first.Shard.Of
	seen := make([]bool, of)
	for _, p := range parts {
		i := p.Shard.Index
		if i < 0 || i >= of {
			return nil, fmt.Errorf("arena: shard %d/%d: no such slice", i, of)
		}
		if seen[i] {
			return nil, fmt.Errorf("arena: shard %d/%d is given twice", i, of)
		}
		seen[i] = true
	}
	var missing []string
	for i, ok := range seen {
		if !ok {
			missing = append(missing, strconv.Itoa(i))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("arena: shard %s of %d missing (slices 0 to %d are needed); merge every slice of the arena", strings.Join(missing, ", "), of, of-1)
	}
	out := &Report{
		Kind: first.Kind, Game: first.Game, Options: first.Options, Seed: first.Seed, Deals: first.Shard.DealsTotal,
		Players: first.Players, Bots: first.Bots, Against: first.Against, Arrangements: first.Arrangements, Prior: first.Prior, Version: first.Version,
	}
	for _, g := range first.Gauntlet {
		out.Gauntlet = append(out.Gauntlet, Gauntlet{Bot: g.Bot, Opponent: g.Opponent, BotSeats: g.BotSeats})
	}
	for _, e := range first.Entries {
		out.Entries = append(out.Entries, Entry{Bot: e.Bot, BotOptions: e.BotOptions})
	}
	for _, m := range first.Matchups {
		mu := Matchup{Bots: m.Bots}
		for _, o := range m.Outcomes {
			mu.Outcomes = append(mu.Outcomes, Outcome{Winners: o.Winners})
		}
		out.Matchups = append(out.Matchups, mu)
	}
	for _, pr := range first.Pairs {
		out.Pairs = append(out.Pairs, Pair{A: pr.A, B: pr.B})
	}
	for _, p := range orderedByIndex(parts) {
		if err := out.add(p); err != nil {
			return nil, fmt.Errorf("arena: shard %d/%d: %w", p.Shard.Index, p.Shard.Of, err)
		}
	}
	if err := out.derive(); err != nil {
		return nil, err
	}
	return out, nil
}

func orderedByIndex(parts []*Report) []*Report {
	out := slices.Clone(parts)
	slices.SortFunc(out, func(a, b *Report) int { return a.Shard.Index - b.Shard.Index })
	return out
}

// add adds a shard's counts to r.
func (r *Report) add(p *Report) error {
	if len(p.Entries) != len(r.Entries) || len(p.Matchups) != len(r.Matchups) || len(p.Pairs) != len(r.Pairs) {
		return fmt.Errorf("its entries, match-ups or pairs do not match the first shard's")
	}
	r.Games += p.Games
	r.ElapsedS += p.ElapsedS
	r.Workers += p.Workers
	for i, e := range p.Entries {
		o := &r.Entries[i]
		o.Deals += e.Deals
		o.DealsWon += e.DealsWon
		o.Decisions += e.Decisions
		o.Seconds += e.Seconds
	}
	for i, m := range p.Matchups {
		mu := &r.Matchups[i]
		if !slices.Equal(m.Bots, mu.Bots) || len(m.Outcomes) != len(mu.Outcomes) {
			return fmt.Errorf("match-up %d is %v, want %v", i, m.Bots, mu.Bots)
		}
		for j, o := range m.Outcomes {
			if !slices.Equal(o.Winners, mu.Outcomes[j].Winners) {
				return fmt.Errorf("match-up %v: outcome %d is won by %v, want %v", m.Bots, j, o.Winners, mu.Outcomes[j].Winners)
			}
			mu.Outcomes[j].Games += o.Games
			mu.Games += o.Games
		}
	}
	for i, pr := range p.Pairs {
		o := &r.Pairs[i]
		if pr.A != o.A || pr.B != o.B {
			return fmt.Errorf("pair %d is %s and %s, want %s and %s", i, pr.A, pr.B, o.A, o.B)
		}
		o.Deals += pr.Deals
		o.Both += pr.Both
		o.OnlyA += pr.OnlyA
		o.OnlyB += pr.OnlyB
		o.Neither += pr.Neither
	}
	return r.addGauntlet(p)
}

// sameArena says how two shard reports differ in what makes an arena.
func sameArena(a, b *Report) error {
	switch {
	case a.Game != b.Game:
		return fmt.Errorf("one is of game %s, the other of %s", a.Game, b.Game)
	case a.Options.String() != b.Options.String():
		return fmt.Errorf("options %s against %s", a.Options, b.Options)
	case a.Seed != b.Seed:
		return fmt.Errorf("seed %d against %d", a.Seed, b.Seed)
	case a.Shard.DealsTotal != b.Shard.DealsTotal:
		return fmt.Errorf("%d deals in all against %d", a.Shard.DealsTotal, b.Shard.DealsTotal)
	case a.Shard.Of != b.Shard.Of:
		return fmt.Errorf("%d slices against %d", a.Shard.Of, b.Shard.Of)
	case !slices.Equal(a.Bots, b.Bots):
		return fmt.Errorf("bots %s against %s", strings.Join(a.Bots, ","), strings.Join(b.Bots, ","))
	case !slices.Equal(a.Against, b.Against):
		return fmt.Errorf("reference opponents %s against %s", strings.Join(a.Against, ","), strings.Join(b.Against, ","))
	case a.Players != b.Players || a.Prior != b.Prior:
		return fmt.Errorf("%d players (prior %g) against %d (prior %g)", a.Players, a.Prior, b.Players, b.Prior)
	case a.Version != b.Version:
		return fmt.Errorf("built from cardtable %s and %s", a.Version, b.Version)
	case len(a.Entries) != len(b.Entries):
		return fmt.Errorf("%d entries against %d", len(a.Entries), len(b.Entries))
	}
	for i := range a.Entries {
		if !maps.Equal(a.Entries[i].BotOptions, b.Entries[i].BotOptions) {
			return fmt.Errorf("bot %s's settings %v against %v", a.Entries[i].Bot, a.Entries[i].BotOptions, b.Entries[i].BotOptions)
		}
	}
	return nil
}
