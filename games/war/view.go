package war

import (
	"fmt"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
)

// faceDown is how a face-down card shows in a view: nobody, its owner
// included, knows it.
const faceDown = "##"

// View is what one seat (or a spectator) sees of a War game: sizes and
// face-up cards only. No seat sees the order or contents of any pile, its
// own included.
type View struct {
	// Seat is the viewer (engine.Spectator for the public view).
	Seat    int `json:"seat"`
	Players int `json:"players"`
	// Piles are the numbers of cards in each seat's pile.
	Piles []int `json:"piles"`
	// Out marks the seats that are out of the game.
	Out []bool `json:"out"`
	// Table is each seat's cards on the table in this trick, in the order
	// laid; face-down cards show as "##".
	Table [][]string `json:"table"`
	// Phase is "flip", "slap" (a window is open) or "over".
	Phase string `json:"phase"`
	// Round is "battle" or "war" (a peace in Peace).
	Round string `json:"round"`
	// ToFlip are the seats that still have to flip.
	ToFlip []int `json:"to_flip"`
	// Slap is the open slap window, if any.
	Slap *SlapView `json:"slap,omitempty"`
	// LockedOut are the seats barred, after a false slap, from the slap
	// window of the next reveal.
	LockedOut []int `json:"locked_out"`
	Battles   int   `json:"battles"`
	Wars      int   `json:"wars"`
	// Last is the previous trick, as everyone saw it.
	Last   *TrickView    `json:"last,omitempty"`
	Result engine.Result `json:"result"`
}

// SlapView is an open slap window. The other seats' answers stay hidden
// until it closes.
type SlapView struct {
	Rank     string `json:"rank"`
	WindowMS int    `json:"window_ms"`
	// ToAnswer are the seats that have not answered yet.
	ToAnswer []int `json:"to_answer"`
	// Answer is the viewing seat's own answer, once given.
	Answer string `json:"answer,omitempty"`
}

// TrickView is a finished trick as the table showed it.
type TrickView struct {
	// Winner took the table; -1 on a draw.
	Winner int `json:"winner"`
	// How is "compare", "underdog", "slap", "run-out" or "draw".
	How   string     `json:"how"`
	Table [][]string `json:"table"`
	// Turned is Table with its face-down cards turned face up, as they are
	// when the trick is won and the winner gathers them: every seat sees
	// them then. Absent when the trick had no face-down card (or came from
	// a state that did not keep them).
	Turned [][]string `json:"turned,omitempty"`
	// Underdog is the face-down card that won the war (WAR-14).
	Underdog string `json:"underdog,omitempty"`
	// SlapMS is the winning slap's time after the reveal (WAR-15).
	SlapMS int `json:"slap_ms,omitempty"`
}

var hows = [...]string{byCompare: "compare", byUnderdog: "underdog", bySlap: "slap", byRunOut: "run-out", byDraw: "draw"}

// View returns what seat may see; engine.Spectator gets the public view.
func (s *State) View(seat int) engine.View {
	v := &View{
		Seat: seat, Players: s.r.seats, Phase: [...]string{"flip", "slap", "over"}[s.phase],
		Round: "battle", ToFlip: []int{}, LockedOut: appendSeats([]int{}, s.locked),
		Battles: s.count.battles, Wars: s.count.wars, Result: s.Result(),
	}
	if s.war {
		v.Round = "war"
	}
	if s.phase == phaseFlip {
		v.ToFlip = appendSeats(v.ToFlip, s.pending)
	}
	for i := 0; i < s.r.seats; i++ {
		v.Piles = append(v.Piles, int(s.piles[i].n))
		v.Out = append(v.Out, s.in&bit(i) == 0)
		st := &s.table[i]
		v.Table = append(v.Table, showCards(st.cards[:st.n], st.up))
	}
	if s.phase == phaseSlap {
		w := &s.window
		v.Slap = &SlapView{Rank: s.r.slap.String(), WindowMS: s.r.windowMS, ToAnswer: appendSeats([]int{}, w.eligible&^w.answered)}
		if seat >= 0 && seat < s.r.seats && w.answered&bit(seat) != 0 {
			v.Slap.Answer = "pass"
			if w.slapped&bit(seat) != 0 {
				v.Slap.Answer = s.ActionString(Slap(int(w.ms[seat])))
			}
		}
	}
	if l := &s.last; l.how != 0 {
		t := &TrickView{Winner: int(l.winner), How: hows[l.how], SlapMS: int(l.slapMS)}
		if l.underdog != cards.NoCard {
			t.Underdog = l.underdog.String()
		}
		t.Turned = l.turned(s.r.seats)
		for i := 0; i < s.r.seats; i++ {
			t.Table = append(t.Table, showCards(l.cards[i][:l.n[i]], l.up[i]))
		}
		v.Last = t
	}
	return v
}

// turned is every seat's cards of the trick face up, or nil when none was
// face down or one is not known.
func (l *trick) turned(seats int) [][]string {
	down := false
	for i := range seats {
		for _, c := range l.cards[i][:l.n[i]] {
			if c == cards.NoCard {
				return nil
			}
		}
		down = down || l.up[i] != (1<<l.n[i])-1
	}
	if !down {
		return nil
	}
	out := make([][]string, seats)
	for i := range seats {
		out[i] = showCards(l.cards[i][:l.n[i]], (1<<l.n[i])-1)
	}
	return out
}

// showCards writes cards in notation, the face-down ones (bit i of up
// clear) as "##".
func showCards(cs []cards.Card, up uint64) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = faceDown
		if up&(1<<i) != 0 {
			out[i] = c.String()
		}
	}
	return out
}

// faceUp returns the up marks of a trick record, in which face-down cards
// are stored as cards.NoCard.
func faceUp(cs []cards.Card) uint64 {
	var up uint64
	for i, c := range cs {
		if c != cards.NoCard {
			up |= 1 << i
		}
	}
	return up
}

// String renders the view as one readable line.
func (v *View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "battle %d, wars %d | piles", v.Battles, v.Wars)
	for i, n := range v.Piles {
		fmt.Fprintf(&b, " s%d:%d", i+1, n)
		if v.Out[i] {
			b.WriteString("(out)")
		}
	}
	if t := tableString(v.Table); t != "" {
		fmt.Fprintf(&b, " | %s: %s", v.Round, t)
	}
	switch {
	case v.Result.Over:
		fmt.Fprintf(&b, " | %s: %s", v.Result.End, v.Result.Detail)
	case v.Slap != nil:
		fmt.Fprintf(&b, " | SLAP WINDOW (%s, %d ms), to answer %v", v.Slap.Rank, v.Slap.WindowMS, fromOne(v.Slap.ToAnswer))
		if v.Slap.Answer != "" {
			fmt.Fprintf(&b, ", you: %s", v.Slap.Answer)
		}
	default:
		fmt.Fprintf(&b, " | to flip %v", fromOne(v.ToFlip))
	}
	if len(v.LockedOut) > 0 {
		fmt.Fprintf(&b, " | locked out %v", fromOne(v.LockedOut))
	}
	if l := v.Last; l != nil {
		b.WriteString(" | last: ")
		if l.Winner >= 0 {
			fmt.Fprintf(&b, "s%d took it by %s", l.Winner+1, l.How)
		} else {
			b.WriteString("draw")
		}
		switch {
		case l.Underdog != "":
			fmt.Fprintf(&b, " (%s)", l.Underdog)
		case l.How == "slap":
			fmt.Fprintf(&b, " (%d ms)", l.SlapMS)
		}
		fmt.Fprintf(&b, ": %s", tableString(l.Table))
	}
	return b.String()
}

// fromOne numbers seats from 1, as people read them ("s1" is seat 0).
func fromOne(seats []int) []int {
	out := make([]int, len(seats))
	for i, s := range seats {
		out[i] = s + 1
	}
	return out
}

// tableString writes each seat's laid cards, "" for an empty table.
func tableString(table [][]string) string {
	var parts []string
	for i, cs := range table {
		if len(cs) > 0 {
			parts = append(parts, fmt.Sprintf("s%d[%s]", i+1, strings.Join(cs, " ")))
		}
	}
	return strings.Join(parts, " ")
}
