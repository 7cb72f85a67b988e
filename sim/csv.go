package sim

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"cardtable/engine"
)

// header is the CSV header: game,seed,length,end,winner,return0..,metrics.
func (r *runner) header() []byte {
	cols := []string{"game", "seed", "length", "end", "winner"}
	for s := 0; s < r.seats; s++ {
		cols = append(cols, fmt.Sprintf("return%d", s))
	}
	cols = append(cols, r.spec.Metrics...)
	return []byte(strings.Join(cols, ",") + "\n")
}

// appendRow appends game i's CSV row. The winner column is the winning
// seat, empty when no seat won, and the seats joined by '|' when several
// won (a co-operative win).
func (r *runner) appendRow(b []byte, i int64, seed uint64, out *engine.Outcome) []byte {
	b = strconv.AppendInt(b, i, 10)
	b = append(b, ',')
	b = strconv.AppendUint(b, seed, 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(out.Length), 10)
	b = append(b, ',')
	b = append(b, r.endName(out.End)...)
	b = append(b, ',')
	first := true
	for s := 0; s < r.seats; s++ {
		if out.Won[s] {
			if !first {
				b = append(b, '|')
			}
			b = strconv.AppendInt(b, int64(s), 10)
			first = false
		}
	}
	for s := 0; s < r.seats; s++ {
		b = append(b, ',')
		b = strconv.AppendFloat(b, out.Returns[s], 'g', -1, 64)
	}
	for k := range r.spec.Metrics {
		b = append(b, ',')
		b = strconv.AppendFloat(b, out.Metrics[k], 'g', -1, 64)
	}
	return append(b, '\n')
}

func (r *runner) endName(i int) string {
	if rr, ok := r.reporter.(*resultReporter); ok {
		names := rr.endNames()
		if i < len(names) {
			return names[i]
		}
	}
	if i >= 0 && i < len(r.spec.EndReasons) {
		return r.spec.EndReasons[i]
	}
	return strconv.Itoa(i)
}

// csvWriter writes chunks of rows in chunk order, whatever order the
// workers finish them in: a chunk that arrives early waits in pending.
type csvWriter struct {
	chunks chan csvChunk
	done   chan error
}

type csvChunk struct {
	index int64
	rows  []byte
}

// newCSVWriter writes header, then the rows of chunks first, first+1, ...
func newCSVWriter(w io.Writer, header []byte, first int64) *csvWriter {
	c := &csvWriter{chunks: make(chan csvChunk, 64), done: make(chan error, 1)}
	go c.loop(bufio.NewWriterSize(w, 1<<20), header, first)
	return c
}

func (c *csvWriter) put(index int64, rows []byte) { c.chunks <- csvChunk{index, rows} }

// close waits for every chunk put so far to be written.
func (c *csvWriter) close() error {
	close(c.chunks)
	return <-c.done
}

func (c *csvWriter) loop(w *bufio.Writer, header []byte, next int64) {
	_, err := w.Write(header)
	pending := map[int64][]byte{}
	for ch := range c.chunks {
		pending[ch.index] = ch.rows
		for rows, ok := pending[next]; ok; rows, ok = pending[next] {
			delete(pending, next)
			next++
			if err == nil {
				_, err = w.Write(rows)
			}
		}
	}
	if err == nil {
		err = w.Flush()
	}
	c.done <- err
}
