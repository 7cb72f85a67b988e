package puzzles

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sync"

	"cardtable/engine"
	"cardtable/games/regicide"
)

var regicideGame engine.Game = regicide.Game{}

// Set is a puzzle file: its header and its puzzles in order.
type Set struct {
	Header  Header
	Puzzles []Puzzle
	opts    engine.Options
	// fit is the seeds of the puzzles' ratings, fitted once (Seed).
	fit *seeds
}

// Write writes s as JSON Lines: the header, then one puzzle a line. The
// same set always makes the same bytes.
func (s *Set) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s.Header); err != nil {
		return err
	}
	for i := range s.Puzzles {
		if err := enc.Encode(&s.Puzzles[i]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// maxLine bounds one line of a puzzle file.
const maxLine = 1 << 20

// Read parses a puzzle file, checking its header, its numbering and that
// every puzzle's actions replay; errors name the line.
func Read(r io.Reader) (*Set, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	s := &Set{}
	line := 0
	for sc.Scan() {
		line++
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if line == 1 {
			if err := dec.Decode(&s.Header); err != nil {
				return nil, fmt.Errorf("puzzles: line 1 (the header): %w", err)
			}
			if s.Header.Format != Format || s.Header.Version != Version || s.Header.Game != "regicide" {
				return nil, fmt.Errorf("puzzles: line 1: format %q version %d game %q; want %q version %d of regicide", s.Header.Format, s.Header.Version, s.Header.Game, Format, Version)
			}
			opts, err := s.Header.resolved()
			if err != nil {
				return nil, fmt.Errorf("puzzles: line 1: options: %w", err)
			}
			s.opts = opts
			continue
		}
		var p Puzzle
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("puzzles: line %d: %w", line, err)
		}
		if n := len(s.Puzzles); p.ID < 1 || n > 0 && p.ID <= s.Puzzles[n-1].ID {
			return nil, fmt.Errorf("puzzles: line %d: id %d; ids start at 1 and rise from one line to the next", line, p.ID)
		}
		if p.Themes == nil {
			p.Themes = []string{}
		}
		if p.Answer == "" || len(p.Line) == 0 || p.Line[0] != p.Answer {
			return nil, fmt.Errorf("puzzles: line %d: puzzle %d: its line must start with its answer %q", line, p.ID, p.Answer)
		}
		s.Puzzles = append(s.Puzzles, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("puzzles: line %d: %w", line+1, err)
	}
	if line == 0 {
		return nil, fmt.Errorf("puzzles: empty file; want a header line then one puzzle a line")
	}
	return s, nil
}

// Options returns the set's resolved game options.
func (s *Set) Options() engine.Options {
	if s.opts.Get("players") == "" {
		s.opts, _ = s.Header.resolved()
	}
	return s.opts
}

// Get returns puzzle id. Ids keep their numbers when puzzles are dropped
// (Prune), so there may be gaps. A missing id's error says, in the
// catalogue (engine.SaidOf) and in English, the puzzles on either side of
// it, so the player can go on.
func (s *Set) Get(id int) (*Puzzle, error) {
	i, ok := slices.BinarySearchFunc(s.Puzzles, id, func(p Puzzle, id int) int { return p.ID - id })
	if !ok {
		return nil, s.missing(id, i)
	}
	return &s.Puzzles[i], nil
}

// missing is the error for id, absent where index i would hold it: the
// puzzles on either side named.
func (s *Set) missing(id, i int) error {
	args := []engine.Arg{engine.NumArg("id", id), engine.NumArg("last", s.LastID())}
	const tail = "; puzzles are numbered 1 to %d, %d of them (numbers of puzzles dropped by a re-check are not reused)"
	switch {
	case len(s.Puzzles) == 0:
		return engine.SayErr(nil, engine.Say("puzzles.missing.empty", args[0]), "puzzles: no puzzle %d; the file has no puzzles", id)
	case i == 0 || i == len(s.Puzzles):
		near := s.Puzzles[min(i, len(s.Puzzles)-1)].ID
		return engine.SayErr(nil, engine.Say("puzzles.missing.one", append(args, engine.NumArg("near", near))...),
			"puzzles: no puzzle %d; the nearest is %d"+tail, id, near, s.LastID(), len(s.Puzzles))
	}
	before, after := s.Puzzles[i-1].ID, s.Puzzles[i].ID
	return engine.SayErr(nil, engine.Say("puzzles.missing.between", append(args, engine.NumArg("before", before), engine.NumArg("after", after))...),
		"puzzles: no puzzle %d; the nearest are %d and %d"+tail, id, before, after, s.LastID(), len(s.Puzzles))
}

// LastID is the largest puzzle id (0 for no puzzle).
func (s *Set) LastID() int {
	if len(s.Puzzles) == 0 {
		return 0
	}
	return s.Puzzles[len(s.Puzzles)-1].ID
}

// IDs lists the ids of the puzzles with theme ("": every puzzle), in order.
func (s *Set) IDs(theme string) []int {
	out := []int{}
	for i := range s.Puzzles {
		if theme == "" || s.Puzzles[i].HasTheme(theme) {
			out = append(out, s.Puzzles[i].ID)
		}
	}
	return out
}

// Next is the id of the puzzle after id with theme ("": any), wrapping
// round to the first; 0 when no puzzle has the theme.
func (s *Set) Next(id int, theme string) int {
	ids := s.IDs(theme)
	if len(ids) == 0 {
		return 0
	}
	i, found := slices.BinarySearch(ids, id)
	if found {
		i++
	}
	return ids[i%len(ids)]
}

//go:embed data/regicide.jsonl
var shipped []byte

var (
	embeddedOnce sync.Once
	embeddedSet  *Set
	embeddedErr  error
)

// Shipped returns the puzzles embedded in the binary
// (puzzles/data/regicide.jsonl).
func Shipped() (*Set, error) {
	embeddedOnce.Do(func() {
		embeddedSet, embeddedErr = Read(bytes.NewReader(shipped))
	})
	return embeddedSet, embeddedErr
}
