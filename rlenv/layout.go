package rlenv

import (
	"fmt"
	"strings"

	"cardtable/cards"
)

// Field is one named part of an observation: Size consecutive numbers from
// Offset, laid out as Shape (row-major; one dimension for a flat field).
type Field struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
	Size   int    `json:"size"`
	Shape  []int  `json:"shape"`
	// Doc says what the numbers hold and how they are scaled.
	Doc string `json:"doc"`
}

// Layout is an observation's fields in order. Every number lies in [0, 1].
type Layout struct {
	Fields []Field `json:"fields"`
	Size   int     `json:"size"`
}

// add appends a field of the given shape and returns its offset.
func (l *Layout) add(name, doc string, shape ...int) int {
	size := 1
	for _, d := range shape {
		size *= d
	}
	l.Fields = append(l.Fields, Field{Name: name, Offset: l.Size, Size: size, Shape: shape, Doc: doc})
	l.Size += size
	return l.Size - size
}

// Field returns the field called name; ok is false when there is none.
func (l *Layout) Field(name string) (Field, bool) {
	for _, f := range l.Fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// Markdown renders the layout as the table docs/python.md shows.
func (l *Layout) Markdown() string {
	var b strings.Builder
	b.WriteString("| field | offset | shape | holds |\n| --- | --- | --- | --- |\n")
	for _, f := range l.Fields {
		shape := make([]string, len(f.Shape))
		for i, d := range f.Shape {
			shape[i] = fmt.Sprint(d)
		}
		fmt.Fprintf(&b, "| `%s` | %d | %s | %s |\n", f.Name, f.Offset, strings.Join(shape, "×"), f.Doc)
	}
	fmt.Fprintf(&b, "| | **%d** | | |\n", l.Size)
	return b.String()
}

// ActionGroup is a run of action indices of one kind: Offset up to
// Offset+Size.
type ActionGroup struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
	Size   int    `json:"size"`
	// Doc says which action each index of the group is.
	Doc string `json:"doc"`
}

// actionGroups builds a list of groups laid out one after another.
type actionGroups struct {
	groups []ActionGroup
	size   int
}

func (g *actionGroups) add(name string, size int, doc string) int {
	g.groups = append(g.groups, ActionGroup{Name: name, Offset: g.size, Size: size, Doc: doc})
	g.size += size
	return g.size - size
}

// actionsMarkdown renders action groups as the table docs/python.md shows.
func actionsMarkdown(groups []ActionGroup, size int) string {
	var b strings.Builder
	b.WriteString("| indices | action | which |\n| --- | --- | --- |\n")
	for _, g := range groups {
		span := fmt.Sprint(g.Offset)
		if g.Size > 1 {
			span = fmt.Sprintf("%d–%d", g.Offset, g.Offset+g.Size-1)
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s |\n", span, g.Name, g.Doc)
	}
	fmt.Fprintf(&b, "| **%d** | | |\n", size)
	return b.String()
}

// numCards is the number of card indices in observations: the 52 cards of
// a pack (2C 2D 2H 2S 3C … AS) then JK1 and JK2.
const numCards = 54

// cardIndex is c's index among the numCards: 2C is 0, AS 51, JK1 52, JK2 53.
func cardIndex(c cards.Card) int { return int(c) - int(cards.New(cards.Two, cards.Clubs)) }

// obsWriter writes one observation; every method adds to a cleared buffer.
type obsWriter []float32

// set writes v at offset+i.
func (w obsWriter) set(offset, i int, v float32) { w[offset+i] = v }

// flag writes 1 at offset+i when on.
func (w obsWriter) flag(offset, i int, on bool) {
	if on {
		w[offset+i] = 1
	}
}

// ratio writes n/max at offset.
func (w obsWriter) ratio(offset, n, max int) { w[offset] = float32(n) / float32(max) }

// squash writes n/(n+k) at offset: a count with no bound, kept under 1.
func (w obsWriter) squash(offset, n, k int) { w[offset] = float32(n) / float32(n+k) }

// cardSet writes 1 at each card of cs.
func (w obsWriter) cardSet(offset int, cs []cards.Card) {
	for _, c := range cs {
		w[offset+cardIndex(c)] = 1
	}
}

// cardOrder writes (i+1)/scale at the card of cs[i]: the set and its order.
func (w obsWriter) cardOrder(offset int, cs []cards.Card, scale int) {
	for i, c := range cs {
		w[offset+cardIndex(c)] = float32(i+1) / float32(scale)
	}
}

// rel is seat s counted from viewer: 0 is the viewer, 1 the next seat in
// seat order, and so on. A spectator counts from seat 0.
func rel(s, viewer, n int) int {
	if viewer < 0 {
		viewer = 0
	}
	return ((s-viewer)%n + n) % n
}

// seats writes 1 at each seat of ss, counted from viewer.
func (w obsWriter) seats(offset int, ss []int, viewer, n int) {
	for _, s := range ss {
		if s >= 0 && s < n {
			w[offset+rel(s, viewer, n)] = 1
		}
	}
}

// seat writes 1 at seat s counted from viewer (nothing for s < 0).
func (w obsWriter) seat(offset, s, viewer, n int) {
	if s >= 0 && s < n {
		w[offset+rel(s, viewer, n)] = 1
	}
}

// oneOf writes 1 at the index of v among words (nothing when absent).
func (w obsWriter) oneOf(offset int, v string, words []string) {
	for i, x := range words {
		if x == v {
			w[offset+i] = 1
			return
		}
	}
}
