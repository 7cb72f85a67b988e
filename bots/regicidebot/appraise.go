package regicidebot

import (
	"context"

	"cardtable/bots/ismcts"
	"cardtable/engine"
)

// Appraise runs the bot's search from s for seat, as Act would, and
// returns what it learnt of each root action instead of choosing one: the
// search game's own candidates when among is nil (the policy's best plays
// or covers and the power, in its order), else the actions of among (each
// legal for seat in s), which may include actions the search game would
// have pruned. It reads s only through Legal and Determinize, like Act.
// A bot without a search (iterations=0) returns nil.
//
// With Settings.LossScale 0 a lost game returns 0 and a won one 1, so an
// action's Mean is the share of the search's games through it that were
// won: the search's estimate of the chance to win after that action.
func (b *Bot) Appraise(s engine.State, seat int, among []engine.Action) []ismcts.ActionStat {
	return b.AppraiseContext(context.Background(), s, seat, among)
}

// AppraiseContext is Appraise with a search that stops when ctx ends (a
// slice of the server's thinking pool): the statistics are those of the
// iterations run so far.
func (b *Bot) AppraiseContext(ctx context.Context, s engine.State, seat int, among []engine.Action) []ismcts.ActionStat {
	if b.search == nil {
		return nil
	}
	g := &searchGame{State: s, plays: b.plays, covers: b.covers, lossScale: b.loss, w: &b.policy.w, buf: &b.buf}
	if among != nil {
		return b.search.SearchAmongContext(ctx, g, seat, among)
	}
	return b.search.SearchContext(ctx, g, seat)
}
