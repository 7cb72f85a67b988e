// Package tourney pairs and ranks tournaments: Swiss pairings by score
// then rating with no repeated opponents and rotated byes (swiss.go), the
// Swiss standings with their tie-breaks (standings.go), arena points with
// streaks and the arena's pairing of waiting players (arena.go), and the
// Regicide solo tournament's deals and ranking (solo.go). It knows no
// server, store or clock: the server keeps tournaments and runs their
// games; docs/tournaments.md describes the rules this package implements.
package tourney
