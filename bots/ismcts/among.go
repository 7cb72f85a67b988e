package ismcts

import (
	"context"
	"fmt"

	"cardtable/engine"
)

// SearchAmong is Search with the root's choices given: every iteration
// starts with one of actions instead of one of the sample's Legal list, and
// the statistics are those of actions, in their order. Below the root the
// game's own Legal lists apply.
//
// It answers questions Act does not ask: how good is one particular action
// (actions holds just it, so every iteration goes through it), or an action
// a pruned search game does not list. Each action must be legal for seat in
// s and in every determinization of s for seat, which holds for a seat's
// own actions in a game whose legality reads only what the seat sees; a
// sample that refuses one panics, as a refused legal action does anywhere
// in the search. With StopEarly the search may end once the most visited
// of actions can no longer change.
func (b *Bot) SearchAmong(s engine.State, seat int, actions []engine.Action) []ActionStat {
	return b.SearchAmongContext(context.Background(), s, seat, actions)
}

// SearchAmongContext is SearchAmong stopped when ctx ends (a deadline of
// the server's thinking pool): the statistics are those of the iterations
// run so far.
func (b *Bot) SearchAmongContext(ctx context.Context, s engine.State, seat int, actions []engine.Action) []ActionStat {
	if len(actions) == 0 {
		return nil
	}
	for i, a := range actions[:len(actions)-1] {
		for _, other := range actions[i+1:] {
			if a == other {
				panic(fmt.Sprintf("ismcts: SearchAmong: %q is given twice", s.ActionString(a)))
			}
		}
	}
	return b.search(ctx, s, seat, actions, actions)
}
