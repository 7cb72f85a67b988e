package war

import (
	"fmt"
	"sync/atomic"
	"time"

	"cardtable/cards"
	"cardtable/engine"
)

// pickupOrder is the value of the pickup option (WAR-04).
type pickupOrder uint8

const (
	winnerFirst pickupOrder = iota
	loserFirst
	seatOrder
	shuffled
)

// Comparison results of the two-player table cmp2.
const (
	tie       = 0
	firstWins = 1
	secondWin = 2
	autoTie   = 3
)

// rules are the options decoded into what the play loop needs.
type rules struct {
	seats      int
	pickup     pickupOrder
	maxBattles int
	// down is the number of face-down cards of a full war round: 3, or 5
	// in Peace (WAR-05, WAR-10).
	down     int
	autoWar  cards.Rank
	underdog cards.Rank
	slap     cards.Rank
	windowMS int
	lockout  bool
	cmp      *comparator
	// order[w] lists the seats in the order their cards of a layer go
	// under winner w's pile (WAR-04); a shuffle collects winner-first.
	order [3][3]uint8
}

// comparator is the one comparison every battle and war uses (WAR-13),
// precomputed. Comparators are immutable and shared.
type comparator struct {
	// beats[a][b] is 1 when a card of rank a beats one of rank b under
	// Peace and # Beats Faces (WAR-01, WAR-10, WAR-13), else 0.
	beats [16][16]uint8
	// cmp2[x][y] compares two cards by card value for the two-player fast
	// path: tie, firstWins, secondWin or autoTie (WAR-12).
	cmp2 [64][64]uint8
}

// comparators caches one comparator per (peace, beats-faces, beats-ace,
// auto-war), so that Simulate builds each table once per process.
var comparators [2][16][16][16]atomic.Pointer[comparator]

// comparatorFor returns the shared comparator for these options.
func comparatorFor(peace bool, faces, ace, autoWar cards.Rank) *comparator {
	p := 0
	if peace {
		p = 1
	}
	slot := &comparators[p][faces&15][ace&15][autoWar&15]
	if c := slot.Load(); c != nil {
		return c
	}
	c := new(comparator)
	c.fill(peace, faces, ace, autoWar)
	slot.CompareAndSwap(nil, c)
	return slot.Load()
}

// repetitionApplies reports whether the piles alone determine the rest of
// the game, so that a repeated position is a loop (WAR-08).
func (r *rules) repetitionApplies() bool { return r.pickup != shuffled && r.slap == 0 }

// rankOption reads a rank option in the canonical spelling ResolveOptions
// leaves ("2".."10", "J", "Q", "K", "A" or "off"); 0 means off. Unlike
// engine.Options.Rank it never allocates, which keeps Simulate
// allocation-free.
func rankOption(opts engine.Options, key string) cards.Rank {
	switch v := opts.Get(key); v {
	case "J":
		return cards.Jack
	case "Q":
		return cards.Queen
	case "K":
		return cards.King
	case "A":
		return cards.Ace
	case "10":
		return cards.Ten
	default:
		if len(v) == 1 && v[0] >= '2' && v[0] <= '9' {
			return cards.Rank(v[0] - '0')
		}
	}
	return 0
}

// rulesFrom decodes resolved options and rejects combinations the rules do
// not allow (WAR-10, WAR-13).
func rulesFrom(opts engine.Options) (rules, error) {
	r := rules{
		seats:      opts.Int("players"),
		maxBattles: opts.Int("max-battles"),
		down:       3,
		autoWar:    rankOption(opts, "auto-war"),
		underdog:   rankOption(opts, "underdog"),
		slap:       rankOption(opts, "slap"),
		windowMS:   int(opts.Duration("slap-window") / time.Millisecond),
		lockout:    opts.Get("false-slap") != "ignore",
	}
	if r.seats < 2 || r.seats > 3 || r.maxBattles < 1 || r.windowMS < 1 {
		// Only a program reads this: the lobby and the CLI resolve options.
		return r, fmt.Errorf("war: %w: options %q are not resolved War options; make them with engine.ResolveOptions(war.Game{}.Options(), ...)", engine.ErrBadOption, opts.String())
	}
	switch opts.Get("pickup") {
	case "loser-first":
		r.pickup = loserFirst
	case "seat":
		r.pickup = seatOrder
	case "shuffle":
		r.pickup = shuffled
	}
	peace := opts.Bool("peace")
	if peace {
		r.down = 5
	}
	faces, ace := rankOption(opts, "beats-faces"), rankOption(opts, "beats-ace")
	for _, b := range []struct {
		key  string
		rank cards.Rank
	}{{"beats-faces", faces}, {"beats-ace", ace}} {
		if b.rank > cards.Ten {
			return r, fmt.Errorf("war: %w", engine.SayErr(engine.ErrBadOption, engine.Say("war.option.beats-number", engine.TextArg("key", b.key), engine.TextArg("rank", b.rank.String())),
				"%s=%s: the beating card must be a number card 2-10 (e.g. %s=3)", b.key, b.rank, b.key))
		}
		if b.rank != 0 && peace {
			return r, fmt.Errorf("war: %w", engine.SayErr(engine.ErrBadOption, engine.Say("war.option.peace-beats", engine.TextArg("key", b.key)),
				"peace cannot be combined with %s (WAR-10): set %s=off or peace=false", b.key, b.key))
		}
	}
	r.cmp = comparatorFor(peace, faces, ace, r.autoWar)
	for w := range r.seats {
		for i := range r.seats {
			switch r.pickup {
			case loserFirst:
				r.order[w][i] = uint8((w + 1 + i) % r.seats)
			case seatOrder:
				r.order[w][i] = uint8(i)
			default:
				r.order[w][i] = uint8((w + i) % r.seats)
			}
		}
	}
	return r, nil
}

// fill builds the comparator: beats by rank and cmp2 by card.
func (r *comparator) fill(peace bool, faces, ace, autoWar cards.Rank) {
	for a := cards.Two; a <= cards.Ace; a++ {
		for b := cards.Two; b <= cards.Ace; b++ {
			switch {
			case a == b:
			case a == faces && b.IsRoyal(), a == ace && b == cards.Ace:
				r.beats[a][b] = 1
			case b == faces && a.IsRoyal(), b == ace && a == cards.Ace:
			case peace:
				r.beats[a][b] = boolByte(a < b)
			default:
				r.beats[a][b] = boolByte(a > b)
			}
		}
	}
	for _, x := range standardDeck {
		for _, y := range standardDeck {
			rx, ry := x.Rank(), y.Rank()
			switch {
			case autoWar != 0 && (rx == autoWar || ry == autoWar):
				r.cmp2[x][y] = autoTie
			case r.beats[rx][ry] == 1:
				r.cmp2[x][y] = firstWins
			case r.beats[ry][rx] == 1:
				r.cmp2[x][y] = secondWin
			}
		}
	}
}
