package ismcts

import (
	"fmt"
	"math"
	"time"

	"cardtable/cards"
	"cardtable/engine"
)

// none marks a missing node link.
const none = -1

// node is one information set of the searching seat's tree: the one reached
// from its parent's when seat chose action. Nodes live in the worker's
// arena and link to their children by index, so growing the tree allocates
// nothing but the arena itself.
type node struct {
	action     engine.Action
	reward     float64 // sum of seat's returns over the visits
	seat       int32   // the seat that chose action
	firstChild int32
	next       int32 // next sibling
	visits     int32
	avail      int32 // times the node was available for selection
}

// worker searches one tree. Its buffers are reused from one iteration (and
// one decision) to the next.
type worker struct {
	cfg    *Config
	rng    cards.RNG
	nodes  []node
	path   []int32
	toMove []int
	legal  []engine.Action
	tried  []bool
	avail  []int32
	index  actionIndex
	// sample is the last iteration's determinization, reused by the next
	// one for games that implement engine.IntoCloner.
	sample engine.State
	// root, when not nil, is what the searching seat may choose at the
	// root instead of the sample's Legal (Bot.SearchAmong).
	root []engine.Action
}

// reset empties the tree and reseeds the worker's generator.
func (w *worker) reset(seed uint64) {
	w.rng.Seed(seed)
	w.nodes = append(w.nodes[:0], node{seat: none, firstChild: none, next: none})
}

// search runs iterations from root for seat until limit iterations are done
// (limit < 0: no limit), the deadline (if not zero) has passed or done is
// closed (a nil done never is).
func (w *worker) search(root engine.State, seat, limit int, deadline time.Time, done <-chan struct{}) {
	determinizer := w.rng.Rand()
	for i := 0; limit < 0 || i < limit; i++ {
		select {
		case <-done:
			return
		default:
		}
		if i > 0 && !deadline.IsZero() && time.Now().After(deadline) {
			return
		}
		w.sample = engine.DeterminizeInto(root, w.sample, seat, determinizer)
		w.iterate(w.sample, seat)
		if w.cfg.StopEarly && w.cfg.Workers == 1 && limit > 0 && w.decided(limit-i-1) {
			return
		}
	}
}

// decided reports whether the most visited root child leads every other
// root action (an untried one counts as 0 visits) by more than remaining
// visits, so that no remaining iteration can make another action the most
// visited or tie with it.
func (w *worker) decided(remaining int) bool {
	first, second := int32(0), int32(0)
	for ch := w.nodes[0].firstChild; ch != none; ch = w.nodes[ch].next {
		switch v := w.nodes[ch].visits; {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	return int(first-second) > remaining
}

// iterate is one ISMCTS iteration on the determinization d: descend the
// tree through actions legal in d, expand one, roll out, back-propagate.
func (w *worker) iterate(d engine.State, rootSeat int) {
	w.path = append(w.path[:0], 0)
	for cur := int32(0); !d.Terminal(); {
		mover := rootSeat
		if cur != 0 {
			w.toMove = d.ToMove(w.toMove[:0])
			mover = w.toMove[0]
		}
		if cur == 0 && w.root != nil {
			w.legal = append(w.legal[:0], w.root...)
		} else {
			w.legal = d.Legal(mover, w.legal[:0])
		}
		if len(w.legal) == 0 {
			panic(fmt.Sprintf("ismcts: %s: seat %d is to move but has no legal action", d.Game().Name(), mover))
		}
		child, expanded := w.choose(cur, mover)
		w.apply(d, mover, w.nodes[child].action)
		w.path = append(w.path, child)
		if expanded {
			break
		}
		cur = child
	}
	w.backpropagate(w.rollout(d))
}

// choose returns the child of cur to descend to when mover, whose legal
// actions in the current determinization are w.legal, is to act: a new
// child for a random untried action if there is one (expanded), else the
// available child with the best UCB1 score. Every available child's
// availability count goes up by one.
func (w *worker) choose(cur int32, mover int) (child int32, expanded bool) {
	w.tried = append(w.tried[:0], make([]bool, len(w.legal))...)
	w.avail = w.avail[:0]
	w.index.reset(w.legal)
	for ch := w.nodes[cur].firstChild; ch != none; ch = w.nodes[ch].next {
		n := &w.nodes[ch]
		if int(n.seat) != mover {
			continue
		}
		if i := w.index.find(n.action); i >= 0 {
			w.tried[i] = true
			n.avail++
			w.avail = append(w.avail, ch)
		}
	}
	if untried := len(w.legal) - len(w.avail); untried > 0 {
		k := w.rng.IntN(untried)
		for i, t := range w.tried {
			if t {
				continue
			}
			if k == 0 {
				return w.addChild(cur, mover, w.legal[i]), true
			}
			k--
		}
	}
	return w.bestUCB(), false
}

// bestUCB returns the available child (w.avail) with the highest UCB1
// score, the first one on ties.
func (w *worker) bestUCB() int32 {
	best, bestScore := int32(none), math.Inf(-1)
	for _, ch := range w.avail {
		n := &w.nodes[ch]
		v := float64(n.visits)
		score := n.reward/v + w.cfg.C*math.Sqrt(math.Log(float64(n.avail))/v)
		if score > bestScore {
			best, bestScore = ch, score
		}
	}
	return best
}

// addChild adds a child of parent for seat's action, available once.
func (w *worker) addChild(parent int32, seat int, a engine.Action) int32 {
	id := int32(len(w.nodes))
	w.nodes = append(w.nodes, node{
		action:     a,
		seat:       int32(seat),
		firstChild: none,
		next:       w.nodes[parent].firstChild,
		avail:      1,
	})
	w.nodes[parent].firstChild = id
	return id
}

// rollout plays d on with the rollout policy (the lowest seat in ToMove
// acting) to the end or the depth cap, and returns the seats' returns.
func (w *worker) rollout(d engine.State) []float64 {
	for depth := 0; !d.Terminal(); depth++ {
		if w.cfg.RolloutDepth > 0 && depth >= w.cfg.RolloutDepth {
			if w.cfg.Evaluate != nil {
				return w.cfg.Evaluate(d)
			}
			return d.Returns()
		}
		w.toMove = d.ToMove(w.toMove[:0])
		mover := w.toMove[0]
		w.legal = d.Legal(mover, w.legal[:0])
		var a engine.Action
		if w.cfg.Rollout != nil {
			a = w.cfg.Rollout(d, mover, w.legal, &w.rng)
		} else {
			a = w.legal[w.rng.IntN(len(w.legal))]
		}
		// a is one of the actions d just listed: the game's trusted path
		// (engine.LegalApplier) plays it without checking it again.
		if err := engine.ApplyLegal(d, mover, a); err != nil {
			w.refused(d, mover, a, err)
		}
	}
	return d.Returns()
}

// apply plays an action the game itself listed as legal; a refusal is a
// bug in the game, not a condition the search can recover from.
func (w *worker) apply(d engine.State, seat int, a engine.Action) {
	if err := d.Apply(seat, a); err != nil {
		w.refused(d, seat, a, err)
	}
}

// refused panics: the game refused an action it listed as legal.
func (w *worker) refused(d engine.State, seat int, a engine.Action, err error) {
	panic(fmt.Sprintf("ismcts: %s: seat %d's legal action %q was refused: %v", d.Game().Name(), seat, d.ActionString(a), err))
}

// backpropagate counts the iteration at the root and credits every other
// node of its path with the return of the seat that chose its action.
func (w *worker) backpropagate(returns []float64) {
	w.nodes[0].visits++
	for _, id := range w.path[1:] {
		n := &w.nodes[id]
		n.visits++
		n.reward += returns[n.seat]
	}
}

// eachRootChild calls fn with the statistics of each of seat's actions at
// the root.
func (w *worker) eachRootChild(seat int, fn func(a engine.Action, visits int, reward float64)) {
	for ch := w.nodes[0].firstChild; ch != none; ch = w.nodes[ch].next {
		if n := &w.nodes[ch]; int(n.seat) == seat {
			fn(n.action, int(n.visits), n.reward)
		}
	}
}
