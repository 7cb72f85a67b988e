// Package analyse is the server's analyses of finished tables
// (docs/analysis.md): computed on request, one at a time per table and a
// few at once, only in the turns the thinking pool gives them, then
// stored with the table so every later viewer gets them at once.
package analyse

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"cardtable/analysis"
	"cardtable/engine"
	"cardtable/record"
	"cardtable/server/httpjson"
	"cardtable/server/ratelimit"
	"cardtable/server/room"
	"cardtable/server/thinkpool"
	"cardtable/store"
)

// The server's analyses of finished tables (docs/analysis.md): computed on
// request, one at a time per table and at most MaxRunning at once, only
// in the turns the thinking slots give them (pacer), then stored with the
// table (store.Analyses) so every later viewer gets them at once. Only the
// default depth: its cost is bounded (a few seconds of CPU a game).
const (
	MaxRunning = 4
	// analysisTurn is the longest an analysis holds a thinking slot in
	// one turn; a bot move waiting for the slot waits at most that long
	// (and until the analysis's next safe point, a few milliseconds of
	// the solver or one search of the expert's).
	analysisTurn = 250 * time.Millisecond
)

// Config is what the analyses need.
type Config struct {
	// Store keeps the analyses (when it is a store.Analyses).
	Store store.Store
	// Rooms give the finished tables' records.
	Rooms *room.Rooms
	// Pool gives the analyses their turns.
	Pool *thinkpool.Pool
	// Writes bounds the requests that start one.
	Writes *ratelimit.Writes
	Log    *slog.Logger
}

// Analyses are the analyses of a server: those running, by table id.
type Analyses struct {
	cfg Config
	// ctx ends at Shutdown: the analyses running stop.
	ctx      context.Context
	cancel   context.CancelFunc
	draining atomic.Bool
	wg       sync.WaitGroup

	mu   sync.Mutex
	jobs map[string]*analysisJob
	// retries counts the judgements of tried moves running (retry.go).
	retries atomic.Int64
}

// New makes a server's analyses.
func New(cfg Config) *Analyses {
	ctx, cancel := context.WithCancel(context.Background())
	return &Analyses{cfg: cfg, ctx: ctx, cancel: cancel}
}

// Routes adds the analyses' routes to mux.
func (s *Analyses) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/tables/{id}/analysis", s.handleAnalysis)
	mux.HandleFunc("POST /api/tables/{id}/analysis", s.handleAnalyze)
	mux.HandleFunc("GET /api/tables/{id}/analysis/retry", s.handleRetryChoices)
	mux.HandleFunc("POST /api/tables/{id}/analysis/retry", s.handleRetry)
}

// Running reports whether table id's analysis is running.
func (s *Analyses) Running(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.jobs[id] != nil
}

// Shutdown stops the analyses running and refuses new ones; it returns
// once they have stopped or ctx ends.
func (s *Analyses) Shutdown(ctx context.Context) error {
	s.draining.Store(true)
	s.cancel()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("server: shutdown: %w", ctx.Err())
	}
}

// analysisJob is one running analysis's progress.
type analysisJob struct {
	done, total atomic.Int64
}

// Status answers for an analysis still running.
type Status struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	// Done and Total count the decisions appraised so far and in all (0
	// of 0 while the solver's part runs).
	Done  int64 `json:"done"`
	Total int64 `json:"total"`
}

// errNoAnalysis refuses table id's analysis, which is not made yet.
func errNoAnalysis(id string) error {
	return httpjson.Sayf(http.StatusNotFound, "no-analysis", engine.Say("analysis.none-yet"), "table %s has no analysis yet; ask for one with POST /api/tables/%s/analysis", id, id)
}

var errNoAnalysisStore = httpjson.Sayf(http.StatusNotImplemented, "no-analysis-store", engine.Say("analysis.no-store"), "this server's store keeps no analyses")

// analysisStore is the server's store of analyses, if it keeps them.
func (s *Analyses) analysisStore() (store.Analyses, error) {
	as, ok := s.cfg.Store.(store.Analyses)
	if !ok {
		return nil, errNoAnalysisStore
	}
	return as, nil
}

// handleAnalysis answers GET /api/tables/{id}/analysis: the stored
// analysis (200), the progress of a running one (202), or 404
// no-analysis; 409 not-finished for a game in progress.
func (s *Analyses) handleAnalysis(w http.ResponseWriter, r *http.Request) {
	s.answerAnalysis(w, r, false)
}

// handleAnalyze answers POST /api/tables/{id}/analysis: as the GET, but it
// starts the analysis when there is none (202), or answers 503 busy when
// MaxRunning run already.
func (s *Analyses) handleAnalyze(w http.ResponseWriter, r *http.Request) {
	if !s.cfg.Writes.Allow(w, r) {
		return
	}
	s.answerAnalysis(w, r, true)
}

func (s *Analyses) answerAnalysis(w http.ResponseWriter, r *http.Request, start bool) {
	id := r.PathValue("id")
	_, rec, _, err := s.cfg.Rooms.FinishedRecord(r.Context(), id)
	if err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	as, err := s.analysisStore()
	if err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	doc, err := as.Analysis(r.Context(), id, string(analysis.DefaultDepth))
	switch {
	case err == nil:
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.Write([]byte(doc))
		return
	case !errors.Is(err, store.ErrNotFound):
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	job, err := s.analysisJob(id, rec, start)
	switch {
	case err != nil:
		httpjson.Refuse(w, r, s.cfg.Log, err)
	case job == nil:
		httpjson.Refuse(w, r, s.cfg.Log, errNoAnalysis(id))
	default:
		httpjson.Write(w, http.StatusAccepted, Status{ID: id, Status: "running", Done: job.done.Load(), Total: job.total.Load()})
	}
}

// analysisJob returns table id's running analysis, starting it when start
// is set and none runs (nil when none runs and start is not set).
func (s *Analyses) analysisJob(id string, rec *record.Record, start bool) (*analysisJob, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if job := s.jobs[id]; job != nil || !start {
		return job, nil
	}
	if len(s.jobs) >= MaxRunning {
		return nil, httpjson.Sayf(http.StatusServiceUnavailable, "busy", engine.Say("analysis.busy", engine.NumArg("n", MaxRunning)), "the server is analysing %d games already; try again in a minute", MaxRunning)
	}
	if s.draining.Load() {
		return nil, httpjson.ErrShuttingDown
	}
	if s.jobs == nil {
		s.jobs = map[string]*analysisJob{}
	}
	job := &analysisJob{}
	s.jobs[id] = job
	s.wg.Add(1)
	go s.analyse(id, rec, job)
	return job, nil
}

// analyse runs table id's analysis in the thinking slots' turns, stores
// it, and then forgets the job (so a request finds the stored one first).
func (s *Analyses) analyse(id string, rec *record.Record, job *analysisJob) {
	defer s.wg.Done()
	defer func() {
		s.mu.Lock()
		delete(s.jobs, id)
		s.mu.Unlock()
	}()
	p := newPacer()
	finished := make(chan struct{})
	go s.paceTurns(id, p, finished)
	defer close(finished)
	start := time.Now()
	doc, err := analysis.Analyze(s.ctx, rec, analysis.Options{Pace: p.wait, Progress: func(done, total int) {
		job.done.Store(int64(done))
		job.total.Store(int64(total))
	}})
	if err != nil {
		if s.ctx.Err() == nil {
			s.cfg.Log.Error("analysis failed", "table", id, "err", err)
		}
		return
	}
	var b bytes.Buffer
	if err := doc.Write(&b); err != nil {
		s.cfg.Log.Error("analysis not encoded", "table", id, "err", err)
		return
	}
	as, err := s.analysisStore()
	if err == nil {
		err = as.SaveAnalysis(s.ctx, id, string(doc.Depth), b.String(), time.Now())
	}
	if err != nil {
		s.cfg.Log.Error("analysis not stored", "table", id, "err", err)
		return
	}
	s.cfg.Log.Info("table analysed", "table", id, "decisions", len(doc.Decisions), "seconds", time.Since(start).Seconds())
}

// paceTurns gives p turns of at most analysisTurn each, each a background
// job of the thinking pool bots use (thinkpool.go, keyed by the table's
// analysis), until finished closes or the server stops. A bot move waiting
// when a turn ends is served before the analysis's next turn.
func (s *Analyses) paceTurns(id string, p *pacer, finished <-chan struct{}) {
	turn := thinkpool.Job{Key: "analysis:" + id, Background: true, Budget: analysisTurn, Run: func(ctx context.Context) {
		p.allow()
		select {
		case <-ctx.Done():
		case <-finished:
		}
		p.hold()
	}}
	for {
		select {
		case <-finished:
			return
		default:
		}
		if s.cfg.Pool.Do(s.ctx, turn) != nil {
			return
		}
	}
}

// pacer holds a computation back between its turns: the computation calls
// wait at its safe points, which returns at once during a turn and blocks
// between turns.
type pacer struct {
	mu sync.Mutex
	// gate is closed during a turn.
	gate chan struct{}
	open bool
}

func newPacer() *pacer { return &pacer{gate: make(chan struct{})} }

// wait returns once the computation may run (nil) or ctx has ended.
func (p *pacer) wait(ctx context.Context) error {
	p.mu.Lock()
	g := p.gate
	p.mu.Unlock()
	select {
	case <-g:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// allow starts a turn; hold ends it.
func (p *pacer) allow() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.open {
		close(p.gate)
		p.open = true
	}
}

func (p *pacer) hold() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.open {
		p.gate = make(chan struct{})
		p.open = false
	}
}

// Link is the address of table id's stored analysis, "" when it
// has none (or the store keeps none): the replay page with its analysis
// panel brought up (analysisQuery), not the JSON document.
func Link(ctx context.Context, st store.Store, id string) string {
	as, ok := st.(store.Analyses)
	if !ok {
		return ""
	}
	if _, err := as.Analysis(ctx, id, string(analysis.DefaultDepth)); err != nil {
		return ""
	}
	return ReplayLink(id)
}

// analysisQuery is the replay page's query that brings its analysis
// panel up on opening (js/replay.js).
const analysisQuery = "?analysis=1"

// ReplayLink is table id's replay page with its analysis panel up.
func ReplayLink(id string) string { return "/replay/" + id + analysisQuery }
