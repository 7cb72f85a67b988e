package thinkpool

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"cardtable/server/testclock"
)

// poolRun drives jobs through a pool: each job says when it starts on
// starts, and runs until the test releases it (or, if it honours its
// context, until the context ends).
type poolRun struct {
	t      *testing.T
	p      *Pool
	starts chan string
	jobs   map[string]*testJob
}

type testJob struct {
	release chan struct{}
	ctxDone chan struct{} // closed when the job saw its context end
	done    chan error    // do's answer
}

func newPoolRun(t *testing.T, slots int) (*poolRun, *testclock.Deadlines) {
	p := New(slots, BackgroundSlice)
	clock := testclock.NewDeadlines()
	p.SetDeadlines(clock.AfterFunc)
	return &poolRun{t: t, p: p, starts: make(chan string, 100), jobs: map[string]*testJob{}}, clock
}

// submit queues job name (key: the name up to its digits) now, and waits
// for its slot on a goroutine of its own. A job that honours its context
// returns when it ends.
func (r *poolRun) submit(ctx context.Context, name string, background, honours bool, budget time.Duration) *testJob {
	j := &testJob{release: make(chan struct{}), ctxDone: make(chan struct{}), done: make(chan error, 1)}
	r.jobs[name] = j
	key := strings.TrimRight(name, "0123456789")
	w := r.p.submit(Job{Key: key, Background: background, Budget: budget, Run: func(ctx context.Context) {
		r.starts <- name
		go func() {
			<-ctx.Done()
			close(j.ctxDone)
		}()
		if honours {
			select {
			case <-j.release:
			case <-ctx.Done():
			}
			return
		}
		<-j.release
	}})
	go func() { j.done <- r.p.await(ctx, w) }()
	return j
}

// started waits for the next job to start and checks it is want.
func (r *poolRun) started(want string) {
	r.t.Helper()
	select {
	case got := <-r.starts:
		if got != want {
			r.t.Fatalf("%s started, want %s", got, want)
		}
	case <-time.After(hang):
		r.t.Fatalf("no job started, want %s", want)
	}
}

// finish releases job name and waits for do to return.
func (r *poolRun) finish(name string) {
	r.t.Helper()
	j := r.jobs[name]
	close(j.release)
	select {
	case err := <-j.done:
		if err != nil {
			r.t.Fatalf("%s: %v", name, err)
		}
	case <-time.After(hang):
		r.t.Fatalf("%s did not return", name)
	}
}

// quiet checks that no job has started.
func (r *poolRun) quiet() {
	r.t.Helper()
	select {
	case got := <-r.starts:
		r.t.Fatalf("%s started, want none", got)
	default:
	}
}

// Keys take turns: a key with five jobs waiting gets the slot once, then
// the key with one, then the rest of its own (a first-come semaphore would
// have run all five first).
func TestThinkPoolKeysTakeTurns(t *testing.T) {
	r, _ := newPoolRun(t, 1)
	ctx := t.Context()
	r.submit(ctx, "x0", false, false, time.Hour)
	r.started("x0")
	for _, name := range []string{"a1", "a2", "a3", "a4", "a5", "b1"} {
		r.submit(ctx, name, false, false, time.Hour)
	}
	var order []string
	prev := "x0"
	for range 6 {
		r.finish(prev)
		prev = <-r.starts
		order = append(order, prev)
	}
	if want := []string{"a1", "b1", "a2", "a3", "a4", "a5"}; !slices.Equal(order, want) {
		t.Errorf("ran %v, want %v", order, want)
	}
	r.finish(prev)
}

// A key runs one job at a time even with slots free; another key takes
// the free slot at once.
func TestThinkPoolOneJobPerKey(t *testing.T) {
	r, _ := newPoolRun(t, 2)
	ctx := t.Context()
	r.submit(ctx, "a1", false, false, time.Hour)
	r.submit(ctx, "a2", false, false, time.Hour)
	r.started("a1")
	r.quiet()
	if running, waiting := r.p.State("a"); !running || waiting != 1 {
		t.Fatalf("key a: running %v, %d waiting; want running, 1 waiting", running, waiting)
	}
	r.submit(ctx, "b1", false, false, time.Hour)
	r.started("b1")
	r.finish("a1")
	r.started("a2")
	r.finish("a2")
	r.finish("b1")
}

// Live jobs take a free slot before background ones that waited longer;
// a background job's budget is at most the slice.
func TestThinkPoolLiveFirst(t *testing.T) {
	r, clock := newPoolRun(t, 1)
	ctx := t.Context()
	r.submit(ctx, "x0", false, false, time.Hour)
	r.started("x0")
	r.submit(ctx, "analysis1", true, false, time.Hour)
	r.submit(ctx, "table1", false, false, 2*time.Second)
	r.finish("x0")
	r.started("table1")
	if d, _ := clock.Last(t, "table"); d != 2*time.Second {
		t.Errorf("a live job's deadline is %v, want its budget 2s", d)
	}
	r.finish("table1")
	r.started("analysis1")
	if d, _ := clock.Last(t, "analysis"); d != BackgroundSlice {
		t.Errorf("a background job's deadline is %v, want the slice %v", d, BackgroundSlice)
	}
	r.finish("analysis1")
}

// At its deadline a job's context ends and its slot goes to the next job
// at once, even when the job goes on running (it ignores its context):
// no job holds a slot past its deadline. Its key stays busy until it
// returns. A job that returns in time has its deadline stopped.
func TestThinkPoolDeadlineFreesTheSlot(t *testing.T) {
	r, clock := newPoolRun(t, 1)
	ctx := t.Context()
	stubborn := r.submit(ctx, "a1", false, false, time.Second)
	r.submit(ctx, "a2", false, true, time.Second)
	r.submit(ctx, "b1", false, false, time.Second)
	r.started("a1")
	clock.Fire(t, "a")
	<-stubborn.ctxDone
	r.started("b1") // a1 still runs: its slot is b1's now
	if running, waiting := r.p.State("a"); !running || waiting != 1 {
		t.Fatalf("key a after its deadline: running %v, %d waiting; want running, 1 waiting", running, waiting)
	}
	r.finish("b1")
	if _, stopped := clock.Last(t, "b"); !stopped {
		t.Error("b1 returned in time but its deadline is still set")
	}
	r.quiet() // a2 waits for a1, whatever the free slot
	r.finish("a1")
	r.started("a2")
	honest := r.jobs["a2"]
	clock.Fire(t, "a")
	<-honest.ctxDone
	if err := <-honest.done; err != nil {
		t.Errorf("a2: %v", err)
	}
}

// A job whose caller gives up before it has a slot never runs and leaves
// no trace in the queue; the pool's gauges count what waits and runs.
func TestThinkPoolCallerGivesUp(t *testing.T) {
	r, _ := newPoolRun(t, 1)
	r.submit(t.Context(), "x0", false, false, time.Hour)
	r.started("x0")
	ctx, cancel := context.WithCancel(t.Context())
	gone := r.submit(ctx, "a1", false, false, time.Hour)
	if w, run := r.p.Stats(); w != 1 || run != 1 {
		t.Errorf("stats: %v waiting, %v running; want 1 and 1", w, run)
	}
	cancel()
	if err := <-gone.done; !errors.Is(err, context.Canceled) {
		t.Errorf("a job given up while waiting: %v, want context.Canceled", err)
	}
	if running, waiting := r.p.State("a"); running || waiting != 0 {
		t.Errorf("key a after giving up: running %v, %d waiting", running, waiting)
	}
	r.finish("x0")
	r.quiet()
	if w, run := r.p.Stats(); w != 0 || run != 0 {
		t.Errorf("stats: %v waiting, %v running; want 0 and 0", w, run)
	}
}

// A key whose job ends keeps its turn for its next job: with one slot,
// c2 (queued behind c1 before a1 came) runs before a1. Freeing the slot
// while c still counted busy gave it to a1, and c2 then waited behind a
// job that came after it (TestCappedTablesDoNotStarveOthers's flips
// waited forever behind a capped search that way on a loaded machine).
func TestThinkPoolKeyKeepsItsTurn(t *testing.T) {
	r, _ := newPoolRun(t, 1)
	ctx := t.Context()
	r.submit(ctx, "c1", false, false, time.Hour)
	r.started("c1")
	r.submit(ctx, "c2", false, false, time.Hour)
	r.submit(ctx, "a1", false, false, time.Hour)
	r.finish("c1")
	r.started("c2")
	r.finish("c2")
	r.started("a1")
	r.finish("a1")
}

// hang bounds every wait in these tests: not a timing assertion, a guard
// so a broken pool fails the test instead of hanging it.
const hang = 20 * time.Second
