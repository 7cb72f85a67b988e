// Package thinkpool runs thinking jobs — bot moves, and background work
// such as post-game analysis — on a fixed number of slots, fairly: keys
// take turns, live jobs come before background ones, and every job holds
// its slot at most its budget (Pool).
package thinkpool

import (
	"context"
	"sync"
	"time"
)

// BackgroundSlice bounds one background job of the server's pool: the
// longest a bot move waits behind background work.
const BackgroundSlice = 250 * time.Millisecond

// Pool runs thinking jobs — bot moves, and background work such as
// post-game analysis — on at most a fixed number of slots at once (the
// server's CPUs), fairly:
//
//   - Every job has a key: a table's id for its bots' moves, any other
//     string (say "analysis:"+id) for other work. Jobs of one key run one at
//     a time, in the order they came; the keys with jobs waiting take turns
//     (round robin), so a key with many jobs waiting gets no more slots than
//     a key with one. One table therefore thinks with at most one bot at a
//     time and cannot starve the others.
//   - A job is live (a bot move: someone is waiting for it) or background.
//     A free slot goes to a live job whenever one waits; background jobs
//     take only slots no live job wants, for at most the pool's slice each,
//     so a live job waits for at most one slice of background work. Long
//     background work is cut into slices: do one, then submit the next.
//   - Every job has a budget: its context ends once it has held its slot
//     that long (and when the caller's context ends). The slot is freed
//     then even if the job has not returned: a job that ignores its context
//     keeps its key busy but never holds a slot past its budget.
//
// Use:
//
//	err := s.pool.do(ctx, thinkJob{key: "analysis:" + id, background: true,
//		budget: time.Second, run: func(ctx context.Context) { … }})
//
// do blocks until the job has run (nil) or ctx ended before it got a slot
// (ctx's error; the job did not run).
type Pool struct {
	// slice bounds a background job's budget.
	slice time.Duration
	// afterFunc calls f once d has passed unless stopped first: the job
	// deadlines' clock, injected by tests (key is the job's).
	afterFunc func(key string, d time.Duration, f func()) (stop func() bool)

	mu   sync.Mutex
	free int
	// busy holds the keys with a job running.
	busy map[string]bool
	// waiting are the jobs waiting for a slot: live ones, background ones.
	live, background keyQueue
}

// Job is one job of a thinkPool.
type Job struct {
	Key        string
	Background bool
	// Budget is how long the job may hold its slot; 0 is no bound for a
	// live job, the pool's slice for a background one.
	Budget time.Duration
	Run    func(ctx context.Context)
}

// poolWaiter is a job waiting for a slot; granted is closed when it gets
// one.
type poolWaiter struct {
	job     Job
	granted chan struct{}
}

// keyQueue is the waiting jobs of one class: a queue of jobs per key and
// the keys in turn order.
type keyQueue struct {
	turns []string
	jobs  map[string][]*poolWaiter
}

// newThinkPool makes a pool of slots slots whose background jobs run at
// most slice each.
func New(slots int, slice time.Duration) *Pool {
	return &Pool{
		slice: slice, free: slots, busy: map[string]bool{},
		live:       keyQueue{jobs: map[string][]*poolWaiter{}},
		background: keyQueue{jobs: map[string][]*poolWaiter{}},
		afterFunc: func(_ string, d time.Duration, f func()) func() bool {
			return time.AfterFunc(d, f).Stop
		},
	}
}

// Do runs job once it has a slot (see thinkPool).
func (p *Pool) Do(ctx context.Context, job Job) error {
	return p.await(ctx, p.submit(job))
}

// submit queues job for a slot; await then waits for it and runs it.
func (p *Pool) submit(job Job) *poolWaiter {
	w := &poolWaiter{job: job, granted: make(chan struct{})}
	p.mu.Lock()
	p.queue(job.Background).push(w)
	p.dispatch()
	p.mu.Unlock()
	return w
}

// await waits for w's slot and runs its job, or gives its place up when
// ctx ends first.
func (p *Pool) await(ctx context.Context, w *poolWaiter) error {
	select {
	case <-w.granted:
	case <-ctx.Done():
		p.mu.Lock()
		withdrawn := p.queue(w.job.Background).remove(w)
		p.mu.Unlock()
		if withdrawn {
			return ctx.Err()
		}
		<-w.granted // granted meanwhile: run it, cut short at once
	}
	p.run(ctx, w.job)
	return nil
}

// run runs a job that holds a slot, frees the slot at its budget or when
// it returns (whichever comes first), then frees its key.
func (p *Pool) run(ctx context.Context, job Job) {
	budget := job.Budget
	if job.Background && (budget <= 0 || budget > p.slice) {
		budget = p.slice
	}
	jctx, cancel := context.WithCancel(ctx)
	held := true
	release := func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if held {
			held = false
			p.free++
			p.dispatch()
		}
	}
	stop := func() bool { return false }
	if budget > 0 {
		stop = p.afterFunc(job.Key, budget, func() { release(); cancel() })
	}
	job.Run(jctx)
	stop()
	cancel()
	// The slot and the key are freed together: freeing the slot while the
	// key still counted busy would hand it past the key's next job, which
	// (its turn come) would then wait behind a job queued after it.
	p.mu.Lock()
	if held {
		held = false
		p.free++
	}
	delete(p.busy, job.Key)
	p.dispatch()
	p.mu.Unlock()
}

// SetDeadlines makes after the clock of the jobs' deadlines (the
// machine's by default): after(key, d, f) calls f once d has passed unless
// stopped first. Tests fire deadlines by hand (testclock.Deadlines).
func (p *Pool) SetDeadlines(after func(key string, d time.Duration, f func()) (stop func() bool)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.afterFunc = after
}

// queue is the waiting jobs of a class.
func (p *Pool) queue(background bool) *keyQueue {
	if background {
		return &p.background
	}
	return &p.live
}

// dispatch gives free slots to waiting jobs whose key is not busy: live
// ones first. It holds p.mu.
func (p *Pool) dispatch() {
	for p.free > 0 {
		w := p.live.next(p.busy)
		if w == nil {
			w = p.background.next(p.busy)
		}
		if w == nil {
			return
		}
		p.free--
		p.busy[w.job.Key] = true
		close(w.granted)
	}
}

// Stats are how many jobs wait for a slot, and how many keys have a job
// running (for /metrics' cardtable_think_waiting and _running).
func (p *Pool) Stats() (waiting, running int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, q := range []*keyQueue{&p.live, &p.background} {
		for _, jobs := range q.jobs {
			waiting += len(jobs)
		}
	}
	return waiting, len(p.busy)
}

// State reports whether key has a job running and how many wait (tests).
func (p *Pool) State(key string) (running bool, waiting int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.busy[key], len(p.live.jobs[key]) + len(p.background.jobs[key])
}

// push queues w behind its key's other jobs; a key with no job waiting
// takes its turn at the back.
func (q *keyQueue) push(w *poolWaiter) {
	k := w.job.Key
	if len(q.jobs[k]) == 0 {
		q.turns = append(q.turns, k)
	}
	q.jobs[k] = append(q.jobs[k], w)
}

// next takes the first job of the first key in turn that is not busy;
// that key, if it has more jobs waiting, goes to the back of the turns.
func (q *keyQueue) next(busy map[string]bool) *poolWaiter {
	for i, k := range q.turns {
		if busy[k] {
			continue
		}
		jobs := q.jobs[k]
		w := jobs[0]
		q.turns = append(q.turns[:i], q.turns[i+1:]...)
		if len(jobs) == 1 {
			delete(q.jobs, k)
		} else {
			q.jobs[k] = jobs[1:]
			q.turns = append(q.turns, k)
		}
		return w
	}
	return nil
}

// remove takes w out of the queue if it is still waiting.
func (q *keyQueue) remove(w *poolWaiter) bool {
	k := w.job.Key
	jobs := q.jobs[k]
	for i, x := range jobs {
		if x != w {
			continue
		}
		jobs = append(jobs[:i], jobs[i+1:]...)
		if len(jobs) > 0 {
			q.jobs[k] = jobs
			return true
		}
		delete(q.jobs, k)
		for j, t := range q.turns {
			if t == k {
				q.turns = append(q.turns[:j], q.turns[j+1:]...)
				break
			}
		}
		return true
	}
	return false
}
