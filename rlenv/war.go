package rlenv

import (
	"strconv"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/war"
)

// War's observations have room for 3 seats whatever the players option
// (seats beyond the players stay 0), counted from the viewer.
const warSeats = 3

// War's action indices.
const (
	warFlip = iota
	warPass
	warSlap
	warActions
)

var (
	warPhases = []string{"flip", "slap", "over"}
	warHows   = []string{"compare", "underdog", "slap", "run-out", "draw"}
	warEnds   = []string{"win", "draw", "repetition", "cap"}
	rankNames = []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
)

// warLayout holds the offsets of War's observation fields.
type warLayout struct {
	seat, players, piles, out, phase, round, toFlip, tableCount, table    int
	slapOpen, slapRank, slapWindow, toAnswer, answer, answerMS, lockedOut int
	battles, wars, last, lastWinner, lastHow, lastCount, lastTable        int
	lastUnderdog, lastSlapMS, winners, end                                int
}

func newWarSpace(sp *Space) {
	var g actionGroups
	g.add("flip", 1, "`flip`: lay this seat's cards of the round")
	g.add("pass", 1, "`pass`: do not slap in this slap window")
	g.add("slap", 1, "`slap@MS`: a slap, at the environment's `slap-ms` (0 by default: `slap@0`, the fastest); a false slap when no slap card shows")
	sp.Actions, sp.NumActions = g.groups, g.size

	l := &sp.Obs
	const s, c = warSeats, numCards - 2
	var o warLayout
	o.seat = l.add("seat", "the viewer's seat (absolute), one-hot", s)
	o.players = l.add("players", "2 or 3 players, one-hot", 2)
	o.piles = l.add("piles", "each seat's pile size / 52; seats here and below count from the viewer (0 = the viewer, 1 = the next seat)", s)
	o.out = l.add("out", "1 for a seat out of the game", s)
	o.phase = l.add("phase", "`flip`, `slap` (a window is open), `over`, one-hot", len(warPhases))
	o.round = l.add("round", "`battle`, `war` (a peace in Peace), one-hot", 2)
	o.toFlip = l.add("to_flip", "1 for a seat that still has to flip", s)
	o.tableCount = l.add("table_count", "cards each seat has laid in this trick / 52", s)
	o.table = l.add("table", "per seat, per card: (i+1)/52 for a face-up card laid i-th in this trick (face-down cards: 0, and counted in `table_count`)", s, c)
	o.slapOpen = l.add("slap_open", "1 while a slap window is open", 1)
	o.slapRank = l.add("slap_rank", "the open window's slap rank (2 … A), one-hot", len(rankNames))
	o.slapWindow = l.add("slap_window", "the open window's length in ms / 60000", 1)
	o.toAnswer = l.add("to_answer", "1 for a seat yet to answer the open window", s)
	o.answer = l.add("answer", "the viewer's own answer to the open window: `pass`, `slap`, one-hot", 2)
	o.answerMS = l.add("answer_ms", "the viewer's own slap time / 60000", 1)
	o.lockedOut = l.add("locked_out", "1 for a seat barred from the next slap window", s)
	o.battles = l.add("battles", "battles played / the `max-battles` option", 1)
	o.wars = l.add("wars", "wars started, w: w/(w+100)", 1)
	o.last = l.add("last", "1 once a trick has been decided", 1)
	o.lastWinner = l.add("last_winner", "the last trick's winner, one-hot (all 0 on a draw)", s)
	o.lastHow = l.add("last_how", "how it was decided: `compare`, `underdog`, `slap`, `run-out`, `draw`, one-hot", len(warHows))
	o.lastCount = l.add("last_count", "cards each seat laid in the last trick / 52", s)
	o.lastTable = l.add("last_table", "the last trick as `table`", s, c)
	o.lastUnderdog = l.add("last_underdog", "the face-down card that won the last trick by Underdog, one-hot", c)
	o.lastSlapMS = l.add("last_slap_ms", "the winning slap's time / 60000", 1)
	o.winners = l.add("winners", "1 for a seat that won (once the game is over)", s)
	o.end = l.add("end", "why the game ended: `win`, `draw`, `repetition`, `cap`, one-hot", len(warEnds))
	maxBattles := sp.Options.Int("max-battles")
	sp.newCoder = func() coder { return &warCoder{o: o, maxBattles: maxBattles} }
}

type warCoder struct {
	o          warLayout
	maxBattles int
}

func (c *warCoder) indices(st engine.State, seat int, acts []engine.Action, idx []int) {
	for i, a := range acts {
		switch {
		case a == war.Flip:
			idx[i] = warFlip
		case a == war.Pass:
			idx[i] = warPass
		case strings.HasPrefix(st.ActionString(a), "slap@"):
			idx[i] = warSlap
		default:
			idx[i] = -1
		}
	}
}

func (c *warCoder) encode(st engine.State, seat int, w obsWriter) {
	v := st.View(seat).(*war.View)
	o, n := &c.o, v.Players
	w.set(o.seat, seat, 1)
	w.set(o.players, n-2, 1)
	for s := range n {
		r := rel(s, seat, n)
		w.ratio(o.piles+r, v.Piles[s], 52)
		w.flag(o.out, r, v.Out[s])
		w.ratio(o.tableCount+r, len(v.Table[s]), 52)
		warLaid(w, o.table+r*52, v.Table[s])
	}
	w.oneOf(o.phase, v.Phase, warPhases)
	w.flag(o.round, 0, v.Round == "battle")
	w.flag(o.round, 1, v.Round != "battle")
	w.seats(o.toFlip, v.ToFlip, seat, n)
	if sl := v.Slap; sl != nil {
		w.set(o.slapOpen, 0, 1)
		w.oneOf(o.slapRank, sl.Rank, rankNames)
		w.ratio(o.slapWindow, sl.WindowMS, 60000)
		w.seats(o.toAnswer, sl.ToAnswer, seat, n)
		switch {
		case sl.Answer == "pass":
			w.set(o.answer, 0, 1)
		case strings.HasPrefix(sl.Answer, "slap@"):
			w.set(o.answer, 1, 1)
			ms, _ := strconv.Atoi(strings.TrimPrefix(sl.Answer, "slap@"))
			w.ratio(o.answerMS, ms, 60000)
		}
	}
	w.seats(o.lockedOut, v.LockedOut, seat, n)
	w.ratio(o.battles, v.Battles, c.maxBattles)
	w.squash(o.wars, v.Wars, 100)
	if l := v.Last; l != nil {
		w.set(o.last, 0, 1)
		w.seat(o.lastWinner, l.Winner, seat, n)
		w.oneOf(o.lastHow, l.How, warHows)
		for s := range n {
			r := rel(s, seat, n)
			w.ratio(o.lastCount+r, len(l.Table[s]), 52)
			warLaid(w, o.lastTable+r*52, l.Table[s])
		}
		if u, ok := cardNamed[l.Underdog]; ok {
			w.set(o.lastUnderdog, cardIndex(u), 1)
		}
		w.ratio(o.lastSlapMS, l.SlapMS, 60000)
	}
	if v.Result.Over {
		w.seats(o.winners, v.Result.Winners, seat, n)
		w.oneOf(o.end, v.Result.End, warEnds)
	}
}

// warLaid writes one seat's laid cards: (i+1)/52 at each face-up card laid
// i-th.
func warLaid(w obsWriter, offset int, laid []string) {
	for i, t := range laid {
		if c, ok := cardNamed[t]; ok {
			w.set(offset, cardIndex(c), float32(i+1)/52)
		}
	}
}

// cardNamed reads the 52 cards' notation faster than cards.Parse (views
// write cards as text; face-down "##" is not in it).
var cardNamed = func() map[string]cards.Card {
	m := map[string]cards.Card{}
	for _, c := range cards.Standard52() {
		m[c.String()] = c
	}
	return m
}()
