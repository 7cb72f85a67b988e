package regicidesolver

import (
	"math/bits"
	"slices"
	"time"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// outcome is what a subtree search found.
type outcome int

const (
	failed outcome = iota
	won
	aborted
)

// maxDepth bounds the search's depth. Every Regicide game ends (each play
// adds damage or a card to the table, and yields cannot follow one another
// round the table), so it is far beyond any real line; reaching it aborts.
const maxDepth = 4096

// checkEvery is how many nodes pass between checks of the clock and the
// context (the first node is checked too).
const checkEvery = 1 << 12

// child is one action from a position and the position it leads to.
type child struct {
	state  regicide.State
	action engine.Action
	seat   int
	score  int
}

// frame holds one depth's buffers: the legal actions, the children tried
// and their order (indices into children, best first).
type frame struct {
	legal    []engine.Action
	children []child
	order    []int
}

// codes are action encodings the search recognises, read from the game's
// notation so the search does not depend on the encoding beyond the
// documented card bits.
type codes struct {
	signalGood, signalRatherNot     engine.Action
	discardKind, yield, exactTavern engine.Action
}

// cardMask is the documented card part of an action (bits 8..61).
const cardMask = engine.Action(^uint64(0)>>2) &^ 0xff

func readCodes(s *regicide.State, seat int) codes {
	parse := func(text string) engine.Action {
		a, err := s.ParseAction(seat, text)
		if err != nil {
			panic("regicidesolver: the notation no longer reads " + text)
		}
		return a
	}
	return codes{
		signalGood:      parse("signal good"),
		signalRatherNot: parse("signal rather-not"),
		discardKind:     parse("discard") &^ cardMask,
		yield:           parse("yield"),
		exactTavern:     parse("exact tavern"),
	}
}

// unlimited is the discrepancy budget of the complete stage: no limit. It
// is passed down unchanged, so the complete stage tries every child.
const unlimited = 1<<15 - 1

// root searches s with a discrepancy budget and returns the winning line
// when it finds one, and for a failure the largest budget s is known to
// fail within (unlimited: it fails whatever the budget, it is lost).
func (v *Solver) root(s *regicide.State, budget int) ([]Step, outcome, int) {
	var line []Step
	out, proven := v.search(s, 0, budget, &line)
	slices.Reverse(line)
	return line, out, proven
}

// search returns won (appending the line, last step first), failed or
// aborted. budget is how many discrepancies the line may still take:
// trying a position's child of rank i (0 is the best by score) costs i of
// it, so the rank is the cost. A failed search also returns the largest budget it is known to fail
// within (unlimited: it fails whatever the budget) and remembers it.
func (v *Solver) search(s *regicide.State, depth, budget int, line *[]Step) (outcome, int) {
	if depth >= maxDepth {
		v.abort = "depth limit"
		return aborted, 0
	}
	key := s.PositionKey()
	if v.lim.Shuffles != ShufflesKnown {
		// Where the unknown shuffles' cards lie is part of the position.
		key[1] ^= uint64(s.Healed()+1) * 0x9e3779b97f4a7c15
	}
	if b, ok := v.table.failedWithin(key, budget); ok {
		return failed, b
	}
	if v.frames == nil || depth >= len(v.frames) {
		v.frames = append(v.frames, make([]frame, depth+1-len(v.frames))...)
	}
	f := &v.frames[depth]
	if stop := v.expand(s, f); stop != "" {
		v.abort = stop
		return aborted, 0
	}
	// proven is the budget within which the position is now known to
	// fail: the least over its children of the budget each failed with
	// plus its rank, unlimited when every child failed outright.
	proven := unlimited
	for cost, ci := range f.order {
		if cost > budget {
			proven = min(proven, budget)
			break
		}
		c := &f.children[ci]
		if v.lim.Shuffles != ShufflesKnown && c.state.DrewHealed() {
			if v.lim.Shuffles == ShufflesFor {
				*line = append(*line, Step{c.seat, s.ActionString(c.action)})
				return won, 0
			}
			continue
		}
		if c.state.Terminal() {
			if c.state.Facts().Won {
				*line = append(*line, Step{c.seat, s.ActionString(c.action)})
				return won, 0
			}
			continue
		}
		rest := budget - cost
		if budget == unlimited {
			rest = unlimited
		}
		out, b := v.search(&c.state, depth+1, rest, line)
		switch out {
		case won:
			*line = append(*line, Step{c.seat, s.ActionString(c.action)})
			return won, 0
		case aborted:
			return aborted, 0
		}
		if b < unlimited {
			proven = min(proven, b+cost)
		}
	}
	v.table.store(key, proven)
	return failed, proven
}

// expand fills f.children with the actions the search tries from s, each
// applied, best first. It returns why the search must stop, or "".
func (v *Solver) expand(s *regicide.State, f *frame) string {
	var seats [engine.MaxSeats]int
	seat := s.ToMove(seats[:0])[0]
	cd := &v.codes
	f.legal = s.Legal(seat, f.legal[:0])
	attack := s.Facts().Attack
	f.children = f.children[:0]
	for _, a := range f.legal {
		if a == cd.signalGood || a == cd.signalRatherNot {
			continue
		}
		if a == cd.yield && attack <= 0 && s.NumSeats() == 1 {
			continue
		}
		if v.quick && attack > 0 && a&^cardMask == cd.discardKind && !minimalCover(a, attack) {
			continue
		}
		if stop := v.count(); stop != "" {
			return stop
		}
		f.children = append(f.children, child{state: *s, action: a, seat: seat})
		c := &f.children[len(f.children)-1]
		if err := c.state.Apply(seat, a); err != nil {
			panic("regicidesolver: a legal action did not apply: " + err.Error())
		}
		facts := v.outlook(&c.state, seat)
		c.score = score(facts)
		v.deepest = max(v.deepest, facts.Defeated)
	}
	f.order = f.order[:0]
	for i := range f.children {
		f.order = append(f.order, i)
	}
	slices.SortStableFunc(f.order, func(a, b int) int { return f.children[b].score - f.children[a].score })
	return ""
}

// outlook returns the facts a child is scored by. With
// exact-kill=optional an exact kill waits for the killer's choice (REG-15)
// with the enemy's damage at its health; it is scored as the kill onto the
// Tavern it allows, or it would rank below every other kill.
func (v *Solver) outlook(child *regicide.State, seat int) regicide.SearchFacts {
	f := child.Facts()
	if f.Over || f.Health == 0 || f.Damage != f.Health {
		return f
	}
	killed := *child
	if killed.Apply(seat, v.codes.exactTavern) != nil {
		return f
	}
	return killed.Facts()
}

// count counts one node and says whether a budget has run out.
func (v *Solver) count() string {
	v.nodes++
	if v.budget > 0 && v.nodes > v.budget {
		return "node budget"
	}
	if v.nodes%checkEvery == 1 {
		if v.lim.Time > 0 && time.Since(v.start) > v.lim.Time {
			return "time budget"
		}
		if v.ctx.Err() != nil {
			return "cancelled"
		}
	}
	return ""
}

// score orders children: a win first, then progress through the Castle and
// on the current enemy, then resources: unused solo powers above all, the
// attack still to suffer (so Spades shields), hand value, Tavern value.
// The weights were tuned on solo deals 0..99 of seed 1 at 400,000 nodes,
// where they win 96 deals, against 73 for equal weights on hand and attack
// and a tenth of the power weight.
func score(f regicide.SearchFacts) int {
	if f.Won {
		return 1 << 30
	}
	sc := f.Defeated * 10000
	if f.Health > 0 {
		sc += f.Damage * 4000 / f.Health
	}
	return sc + 60*f.HandValue - 240*max(f.Attack, 0) + 15*f.TavernValue + 6000*f.PowersLeft
}

// minimalCover reports whether the cards of discard a cover attack and
// none of them can be left out.
func minimalCover(a engine.Action, attack int) bool {
	m := uint64(a & cardMask)
	total, least := 0, 1<<30
	for ; m != 0; m &= m - 1 {
		val := regicide.Value(cards.Card(bits.TrailingZeros64(m)))
		total += val
		least = min(least, val)
	}
	return total-least < attack
}
