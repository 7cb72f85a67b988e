package tourney

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"
	"time"
)

// The Regicide solo tournament: every entrant plays the same deals, one
// counted attempt at each, within the tournament's window.

// SoloSeed is deal number deal (from 1) of tournament id under the
// server's secret: the first 8 bytes of HMAC-SHA256(secret, "cardtable
// tournament regicide-solo " + id + " deal " + deal). Without the secret
// nobody can know a deal before the tournament shows it.
func SoloSeed(secret []byte, id string, deal int) uint64 {
	m := hmac.New(sha256.New, secret)
	fmt.Fprintf(m, "cardtable tournament regicide-solo %s deal %d", id, deal)
	return binary.BigEndian.Uint64(m.Sum(nil)[:8])
}

// SoloCommitment is what the tournament shows of a deal's seed until it
// ends: SHA-256 of "cardtable tournament commitment " + id + " " + deal +
// " " + seed, in hex. Once the seeds are published anyone can check them.
func SoloCommitment(id string, deal int, seed uint64) string {
	h := sha256.Sum256(fmt.Appendf(nil, "cardtable tournament commitment %s %d %d", id, deal, seed))
	return hex.EncodeToString(h[:])
}

// SoloAttempt is an entrant's counted attempt at one deal.
type SoloAttempt struct {
	Deal    int
	Started time.Time
	// Ended is zero while the game goes on.
	Ended   time.Time
	Enemies int
	Won     bool
}

// SoloEntrant is an entrant with their attempts.
type SoloEntrant struct {
	ID       string
	Order    int
	Attempts []SoloAttempt
}

// SoloStanding is an entrant's line in a solo tournament.
type SoloStanding struct {
	ID   string
	Rank int
	// Enemies defeated over every deal, and deals won and played to
	// their end.
	Enemies, Won, Finished int
	// Time is the ranking's time (SoloRanking).
	Time  time.Duration
	Order int
}

// SoloRanking names the solo tournament's order in a sentence.
const SoloRanking = "Ranked by enemies defeated over all the deals, then by the least time: each deal counts from " +
	"its start to its end (a game still going on counts until now, at most until the tournament closes), " +
	"and a deal never started counts the whole tournament; then the entry order."

// SoloStandings ranks entrants of a tournament of deals deals open from
// start to end, as they stand at now.
func SoloStandings(entrants []SoloEntrant, deals int, start, end, now time.Time) []SoloStanding {
	cut := now
	if cut.After(end) {
		cut = end
	}
	out := make([]SoloStanding, len(entrants))
	for i, e := range entrants {
		s := SoloStanding{ID: e.ID, Order: e.Order}
		started := map[int]bool{}
		for _, a := range e.Attempts {
			if a.Deal < 1 || a.Deal > deals || started[a.Deal] {
				continue // not a deal of the tournament, or not the counted attempt
			}
			started[a.Deal] = true
			s.Enemies += a.Enemies
			stop := a.Ended
			if stop.IsZero() || stop.After(cut) {
				stop = cut
			} else {
				s.Finished++
				if a.Won {
					s.Won++
				}
			}
			if stop.After(a.Started) {
				s.Time += stop.Sub(a.Started)
			}
		}
		s.Time += time.Duration(deals-len(started)) * end.Sub(start)
		out[i] = s
	}
	slices.SortStableFunc(out, func(a, b SoloStanding) int {
		switch {
		case a.Enemies != b.Enemies:
			return b.Enemies - a.Enemies
		case a.Time != b.Time:
			if a.Time < b.Time {
				return -1
			}
			return 1
		}
		return a.Order - b.Order
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}
