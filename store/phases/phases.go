// Package phases times the steps of each action inside a running server —
// read from its socket, taken by its room, handed to the store, its batch
// begun by the store's writer, the batch's statements run, committed,
// the room running again, broadcast — over a window a profiler asks for
// (Handler, on serve --pprof's listener), and sums where the slow ones
// spent their time, next to the Go scheduler's latencies over the same
// window. Outside a window it costs an atomic load a step.
package phases

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Step is one point of an action's way through the server.
type Step int

// The steps, in the order an action passes them.
const (
	Read      Step = iota // the frame read from the socket
	Taken                 // the room began serving the command
	Handed                // the append handed to the store
	Begun                 // the store's writer began the append's batch
	Ran                   // the batch's statements done
	Committed             // the batch committed: on disk
	Resumed               // the room running again after the store call
	Done                  // broadcast queued, the latency observed
	numSteps
)

// Span is one action's times, as nanoseconds of the monotonic clock since
// the window began (0: not passed; Read, always passed, may be 0 or less). A nil *Span ignores every call, so
// the server calls it unconditionally.
type Span struct {
	at [numSteps]int64
	// roomFree and writerFree are when the room and the writer finished
	// their work before this action's: a step's wait after them is a wait
	// for a CPU, before them a queue.
	roomFree, writerFree int64
	ckpt                 int64 // when a finishing checkpoint began, if the writer's earlier work ended with one
	batch                int   // writes in the append's batch
	appends              int   // store calls of the action
	w                    *recording
}

// window is the recording under way (nil: none).
var window atomic.Pointer[recording]

type recording struct {
	start time.Time
	mu    sync.Mutex
	spans []*Span
}

// clock is the window's clock now: nanoseconds since it began, at least 1
// (0 means "not passed").
func (w *recording) clock() int64 { return max(1, int64(time.Since(w.start))) }

// Now is the window's clock (0 outside a window, without reading the
// clock): for the room's and the writer's end of work (RoomFree,
// WriterFree).
func Now() int64 {
	w := window.Load()
	if w == nil {
		return 0
	}
	return w.clock()
}

// Start begins an action's span at readAt, or nil outside a window.
func Start(readAt time.Time) *Span {
	w := window.Load()
	if w == nil {
		return nil
	}
	s := &Span{w: w}
	s.at[Read] = int64(readAt.Sub(w.start)) // before the window: negative
	s.at[Taken] = w.clock()
	return s
}

// Mark stamps step now. Handed keeps its first stamp (an action storing
// more than once is timed from its first store call), the others their
// last.
func (s *Span) Mark(step Step) {
	if s == nil {
		return
	}
	now := s.w.clock()
	if step == Handed {
		s.appends++
		if s.at[Handed] != 0 {
			return
		}
	}
	s.at[step] = now
}

// RoomFree notes when the room finished its previous work (Now's clock).
func (s *Span) RoomFree(at int64) {
	if s != nil {
		s.roomFree = at
	}
}

// Batch notes the writer's batch: begun, its statements run and committed
// at those clocks (Now's); writerFree when the writer had finished its
// work before it, ckpt when that work's finishing checkpoint began (0:
// none); n writes.
func (s *Span) Batch(begun, ran, committed, writerFree, ckpt int64, n int) {
	if s == nil {
		return
	}
	s.at[Begun], s.at[Ran], s.at[Committed] = begun, ran, committed
	s.writerFree, s.ckpt, s.batch = writerFree, ckpt, n
}

// Finish stamps Done and keeps the span in the window.
func (s *Span) Finish() {
	if s == nil {
		return
	}
	s.Mark(Done)
	w := s.w
	if window.Load() != w {
		return // its window is over
	}
	w.mu.Lock()
	w.spans = append(w.spans, s)
	w.mu.Unlock()
}

type spanKey struct{}

// With carries s to the store through ctx.
func With(ctx context.Context, s *Span) context.Context {
	if s == nil {
		return ctx
	}
	return context.WithValue(ctx, spanKey{}, s)
}

// From is the span ctx carries, or nil.
func From(ctx context.Context) *Span {
	s, _ := ctx.Value(spanKey{}).(*Span)
	return s
}

// record runs a window of d (or until ctx ends) and answers its spans.
// ok is false when another window was under way.
func record(ctx context.Context, d time.Duration) (spans []*Span, ok bool) {
	w := &recording{start: time.Now()}
	if !window.CompareAndSwap(nil, w) {
		return nil, false
	}
	t := time.NewTimer(d)
	select {
	case <-t.C:
	case <-ctx.Done():
		t.Stop()
	}
	window.Store(nil)
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.spans, true
}
