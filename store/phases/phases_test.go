package phases

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

const ms = int64(time.Millisecond)

// A span's parts add up to its time, and a wait is a queue while the
// goroutine due was busy, a wake after.
func TestPartsSplitQueueAndWake(t *testing.T) {
	s := &Span{}
	s.at = [numSteps]int64{Read: 1 * ms, Taken: 4 * ms, Handed: 5 * ms, Begun: 9 * ms, Ran: 10 * ms, Committed: 13 * ms, Resumed: 20 * ms, Done: 21 * ms}
	s.roomFree = 3 * ms   // busy 2 ms after the read, then 1 ms to wake
	s.writerFree = 8 * ms // busy 3 ms after the hand-over (the last 1 ms a checkpoint), 1 ms to wake
	s.ckpt = 7 * ms
	p := s.parts()
	want := [numParts]int64{2 * ms, 1 * ms, 1 * ms, 2 * ms, 1 * ms, 1 * ms, 1 * ms, 3 * ms, 7 * ms, 0, 1 * ms}
	if p != want {
		t.Fatalf("parts %v, want %v", p, want)
	}
	var sum int64
	for _, v := range p {
		sum += v
	}
	if sum != s.at[Done]-s.at[Read] {
		t.Fatalf("parts sum to %d, the span took %d", sum, s.at[Done]-s.at[Read])
	}
}

// Free times before the step (the goroutine idle) make it all a wake.
func TestPartsIdleGoroutinesAreWakes(t *testing.T) {
	s := &Span{}
	s.at = [numSteps]int64{Read: 10 * ms, Taken: 12 * ms, Handed: 12 * ms, Resumed: 15 * ms, Done: 16 * ms}
	s.roomFree = 5 * ms
	p := s.parts()
	if p[0] != 0 || p[1] != 2*ms || p[9] != 3*ms || p[10] != 1*ms {
		t.Fatalf("parts %v: want a 2 ms room wake, a 3 ms store call without steps, 1 ms broadcast", p)
	}
}

// Outside a window nothing is kept and a nil span ignores every call; in
// one, finished spans are summed by latency.
func TestWindowKeepsFinishedSpans(t *testing.T) {
	if s := Start(time.Now()); s != nil {
		t.Fatal("a span outside a window")
	}
	var none *Span
	none.Mark(Handed)
	none.Batch(1, 2, 3, 0, 0, 1)
	none.Finish()
	if From(With(context.Background(), none)) != nil {
		t.Fatal("a nil span carried")
	}

	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan Report)
	go func() {
		rep, ok := Record(ctx, time.Hour)
		if !ok {
			t.Error("the window refused")
		}
		got <- rep
	}()
	for Now() == 0 {
		time.Sleep(time.Millisecond)
	}
	if _, ok := Record(context.Background(), time.Second); ok {
		t.Error("a second window ran beside the first")
	}
	slow := Start(time.Now().Add(-20 * time.Millisecond))
	ctxS := With(context.Background(), slow)
	From(ctxS).Mark(Handed)
	From(ctxS).Batch(Now(), Now(), Now(), 0, 0, 3)
	slow.Mark(Resumed)
	slow.Finish()
	fast := Start(time.Now())
	fast.Mark(Handed)
	fast.Mark(Resumed)
	fast.Finish()
	unfinished := Start(time.Now())
	unfinished.Mark(Handed)
	cancel()
	rep := <-got
	if rep.Actions != 2 {
		t.Fatalf("%d actions in the window, want the 2 finished", rep.Actions)
	}
	g := rep.Groups[2] // over 10 ms
	if g.Over != "10ms" || g.Actions != 1 || g.MeanBatch != 3 || g.MeanMS < 20 {
		t.Fatalf("over 10 ms: %+v, want the slow action alone, its batch of 3, ≥ 20 ms", g)
	}
	if rep.Groups[0].Actions != 2 {
		t.Fatalf("all: %+v", rep.Groups[0])
	}
	if Start(time.Now()) != nil {
		t.Fatal("a span after the window")
	}
}

func TestHandlerRefusesBadSeconds(t *testing.T) {
	for _, q := range []string{"0", "121", "x", "-3"} {
		rec := httptest.NewRecorder()
		Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/debug/phases?seconds="+q, nil))
		if rec.Code != http.StatusBadRequest {
			t.Errorf("seconds=%s: %d, want 400", q, rec.Code)
		}
	}
	rec := httptest.NewRecorder()
	Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/debug/phases?seconds=1", nil))
	var rep Report
	if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil || rec.Code != http.StatusOK || rep.Seconds < 1 {
		t.Fatalf("seconds=1: %d %s (%v)", rec.Code, rec.Body, err)
	}
}
