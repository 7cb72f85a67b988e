// Package rlenv makes cardtable's games learning environments: for each
// game and its options a fixed space of action indices (an index names
// exactly one legal action where the legal mask says so) and an
// observation of a seat as a vector of numbers that holds what that seat's
// engine.State.View holds and nothing else; and Env, a game in progress
// that plays bot seats, seals simultaneous windows as the tables do and
// keeps the game's record. The C library (cmd/libcardtable) and the Python
// package (python/cardtable) are built on it; docs/python.md documents
// every index and every field.
package rlenv

import (
	"fmt"
	"math/bits"

	"cardtable/engine"
)

// Space is one game's action indices and observation layout for a set of
// options.
type Space struct {
	Game    engine.Game
	Options engine.Options
	// Players is the number of seats.
	Players int
	// Actions are the index groups, NumActions the number of indices.
	Actions    []ActionGroup
	NumActions int
	// Obs is the observation's layout.
	Obs Layout

	newCoder func() coder
	// describe names index x in the game's terms ("" to use the group's
	// name and the index in it).
	describe func(x int) string
}

// coder turns one game's actions into indices and its views into numbers.
// A coder keeps scratch memory: one per goroutine.
type coder interface {
	// indices writes into idx the index of each of seat's legal actions
	// acts in st (-1 for an action the space has no index for).
	indices(st engine.State, seat int, acts []engine.Action, idx []int)
	// encode writes seat's observation of st into obs (len Obs.Size),
	// which the caller has cleared.
	encode(st engine.State, seat int, obs obsWriter)
}

// NewSpace returns the space of game g with options opts.
func NewSpace(g engine.Game, opts engine.Options) (*Space, error) {
	players := opts.Int("players")
	sp := &Space{Game: g, Options: opts, Players: players}
	switch g.Name() {
	case "war":
		newWarSpace(sp)
	case "regicide":
		newRegicideSpace(sp)
	case "watchtower":
		newWatchtowerSpace(sp)
	default:
		return nil, fmt.Errorf("rlenv: no learning environment for the game %q", g.Name())
	}
	return sp, nil
}

// Coder is a Space's indexer and encoder with its own scratch memory; use
// one per goroutine.
type Coder struct {
	sp    *Space
	c     coder
	legal []engine.Action
	idx   []int
	// taken has bit x set for each index of the last Legal call.
	taken []uint64
}

// Coder returns a new coder of the space.
func (sp *Space) Coder() *Coder {
	return &Coder{sp: sp, c: sp.newCoder(), taken: make([]uint64, (sp.NumActions+63)/64)}
}

// Legal lists seat's legal actions in st and their indices: acts[i] has
// index idx[i]. It returns an error naming the action if one has no index
// or two share one (a bug of the space, never of the caller).
func (c *Coder) Legal(st engine.State, seat int) (acts []engine.Action, idx []int, err error) {
	c.legal = st.Legal(seat, c.legal[:0])
	if cap(c.idx) < len(c.legal) {
		c.idx = make([]int, len(c.legal))
	}
	c.idx = c.idx[:len(c.legal)]
	c.c.indices(st, seat, c.legal, c.idx)
	clear(c.taken)
	for i, x := range c.idx {
		if x < 0 || x >= c.sp.NumActions {
			return nil, nil, fmt.Errorf("rlenv: %s: the legal action %q of seat %d has no index", c.sp.Game.Name(), st.ActionString(c.legal[i]), seat+1)
		}
		if c.taken[x/64]&(1<<(x%64)) != 0 {
			return nil, nil, fmt.Errorf("rlenv: %s: two legal actions of seat %d share the index %d (one is %q)", c.sp.Game.Name(), seat+1, x, st.ActionString(c.legal[i]))
		}
		c.taken[x/64] |= 1 << (x % 64)
	}
	return c.legal, c.idx, nil
}

// Sorted appends the indices of the last Legal call to dst in increasing
// order.
func (c *Coder) Sorted(dst []int) []int {
	for w, word := range c.taken {
		for ; word != 0; word &= word - 1 {
			dst = append(dst, w*64+bits.TrailingZeros64(word))
		}
	}
	return dst
}

// Encode writes seat's observation of st into obs, which must hold
// Obs.Size numbers.
func (c *Coder) Encode(st engine.State, seat int, obs []float32) {
	obs = obs[:c.sp.Obs.Size]
	clear(obs)
	c.c.encode(st, seat, obsWriter(obs))
}

// Describe says which action index x is, in the space's terms ("play of
// hand slots 0, 2", "challenge 2 places on for 7 with K=1").
func (sp *Space) Describe(x int) string {
	for _, g := range sp.Actions {
		if x < g.Offset || x >= g.Offset+g.Size {
			continue
		}
		if sp.describe != nil {
			if d := sp.describe(x); d != "" {
				return d
			}
		}
		if g.Size == 1 {
			return g.Name
		}
		return fmt.Sprintf("%s #%d", g.Name, x-g.Offset)
	}
	return fmt.Sprintf("no action (the indices are 0 to %d)", sp.NumActions-1)
}
