// Package arena rates bots against each other: it plays every match-up of
// a list of bots, in every seat arrangement, on the same deals, and fits
// Bradley–Terry ratings (on the Elo scale, with 95% intervals) and a
// head-to-head matrix to the results; for a co-operative game it reports
// each bot's win share on the same deals and compares every pair on the
// deals only one of the two won, with a sign test.
package arena
