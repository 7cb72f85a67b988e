package watchtowerbot

import (
	"context"

	"cardtable/bots/ismcts"
	"cardtable/engine"
)

// Appraise runs the bot's search from s for seat and returns what it learnt
// of each root action instead of choosing one: the policy's best
// Candidates actions in s (its choice first) when among is nil, else the actions
// of among (each legal for seat in s), which may include actions the
// policy does not rank among its best. It reads s only through the seat's
// View, Legal and Determinize, like Act. A Mean is on the scale of the
// game's returns: a seat's expected return n·p − 1 for a chance p to win
// among n players (the evaluation's, where a rollout was cut short).
func (b *Bot) Appraise(s engine.State, seat int, among []engine.Action) []ismcts.ActionStat {
	return b.AppraiseContext(context.Background(), s, seat, among)
}

// AppraiseContext is Appraise with a search that stops when ctx ends (a
// slice of the server's thinking pool): the statistics are those of the
// iterations run so far.
func (b *Bot) AppraiseContext(ctx context.Context, s engine.State, seat int, among []engine.Action) []ismcts.ActionStat {
	candidates := b.candidates
	if candidates == 0 {
		candidates = DefaultCandidates
	}
	g := &searchGame{State: s, candidates: candidates, policy: b.policy}
	if among == nil {
		// The root's candidates are ranked once, in s: a determinization,
		// whose sampled showdowns differ, could rank others.
		among = b.policy.Ranked(s, seat, nil, candidates)
	}
	return b.search.SearchAmongContext(ctx, g, seat, among)
}
