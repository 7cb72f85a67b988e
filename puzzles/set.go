package puzzles

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
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
		if p.ID != len(s.Puzzles)+1 {
			return nil, fmt.Errorf("puzzles: line %d: id %d; puzzles are numbered 1, 2, … in order (want %d)", line, p.ID, len(s.Puzzles)+1)
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

// Get returns puzzle id (from 1).
func (s *Set) Get(id int) (*Puzzle, error) {
	if id < 1 || id > len(s.Puzzles) {
		return nil, fmt.Errorf("puzzles: no puzzle %d; puzzles are 1 to %d", id, len(s.Puzzles))
	}
	return &s.Puzzles[id-1], nil
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
