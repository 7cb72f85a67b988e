package server

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"cardtable/analysis"
	"cardtable/record"
	"cardtable/server/httpjson"
	"cardtable/server/thinkpool"
	"cardtable/store"
)

// The server's analyses of finished tables (docs/analysis.md): computed on
// request, one at a time per table and at most maxAnalyses at once, only
// in the turns the thinking slots give them (pacer), then stored with the
// table (store.Analyses) so every later viewer gets them at once. Only the
// default depth: its cost is bounded (a few seconds of CPU a game).
const (
	maxAnalyses = 4
	// analysisTurn is the longest an analysis holds a thinking slot in
	// one turn; a bot move waiting for the slot waits at most that long
	// (and until the analysis's next safe point, a few milliseconds of
	// the solver or one search of the expert's).
	analysisTurn = 250 * time.Millisecond
)

// analysisJobs are the analyses running, by table id.
type analysisJobs struct {
	mu   sync.Mutex
	jobs map[string]*analysisJob
	// retries counts the judgements of tried moves running (retry.go).
	retries atomic.Int64
}

// analysisJob is one running analysis's progress.
type analysisJob struct {
	done, total atomic.Int64
}

// analysisStatus answers for an analysis still running.
type analysisStatus struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	// Done and Total count the decisions appraised so far and in all (0
	// of 0 while the solver's part runs).
	Done  int64 `json:"done"`
	Total int64 `json:"total"`
}

var errNoAnalysisStore = httpjson.Errorf(http.StatusNotImplemented, "no-analysis-store", "this server's store keeps no analyses")

// analysisStore is the server's store of analyses, if it keeps them.
func (s *Server) analysisStore() (store.Analyses, error) {
	as, ok := s.store.(store.Analyses)
	if !ok {
		return nil, errNoAnalysisStore
	}
	return as, nil
}

// handleAnalysis answers GET /api/tables/{id}/analysis: the stored
// analysis (200), the progress of a running one (202), or 404
// no-analysis; 409 not-finished for a game in progress.
func (s *Server) handleAnalysis(w http.ResponseWriter, r *http.Request) {
	s.answerAnalysis(w, r, false)
}

// handleAnalyze answers POST /api/tables/{id}/analysis: as the GET, but it
// starts the analysis when there is none (202), or answers 503 busy when
// maxAnalyses run already.
func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) {
	if !s.writes.Allow(w, r) {
		return
	}
	s.answerAnalysis(w, r, true)
}

func (s *Server) answerAnalysis(w http.ResponseWriter, r *http.Request, start bool) {
	id := r.PathValue("id")
	_, rec, _, err := s.rooms.FinishedRecord(r.Context(), id)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	as, err := s.analysisStore()
	if err != nil {
		s.apiError(w, r, err)
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
		s.apiError(w, r, err)
		return
	}
	job, err := s.analysisJob(id, rec, start)
	switch {
	case err != nil:
		s.apiError(w, r, err)
	case job == nil:
		s.apiError(w, r, httpjson.Errorf(http.StatusNotFound, "no-analysis", "table %s has no analysis yet; ask for one with POST /api/tables/%s/analysis", id, id))
	default:
		httpjson.Write(w, http.StatusAccepted, analysisStatus{ID: id, Status: "running", Done: job.done.Load(), Total: job.total.Load()})
	}
}

// analysisJob returns table id's running analysis, starting it when start
// is set and none runs (nil when none runs and start is not set).
func (s *Server) analysisJob(id string, rec *record.Record, start bool) (*analysisJob, error) {
	a := &s.analyses
	a.mu.Lock()
	defer a.mu.Unlock()
	if job := a.jobs[id]; job != nil || !start {
		return job, nil
	}
	if len(a.jobs) >= maxAnalyses {
		return nil, httpjson.Errorf(http.StatusServiceUnavailable, "busy", "the server is analysing %d games already; try again in a minute", maxAnalyses)
	}
	if s.draining.Load() {
		return nil, httpjson.ErrShuttingDown
	}
	if a.jobs == nil {
		a.jobs = map[string]*analysisJob{}
	}
	job := &analysisJob{}
	a.jobs[id] = job
	s.jobs.Add(1)
	go s.analyse(id, rec, job)
	return job, nil
}

// analyse runs table id's analysis in the thinking slots' turns, stores
// it, and then forgets the job (so a request finds the stored one first).
func (s *Server) analyse(id string, rec *record.Record, job *analysisJob) {
	defer s.jobs.Done()
	defer func() {
		s.analyses.mu.Lock()
		delete(s.analyses.jobs, id)
		s.analyses.mu.Unlock()
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
			s.log.Error("analysis failed", "table", id, "err", err)
		}
		return
	}
	var b bytes.Buffer
	if err := doc.Write(&b); err != nil {
		s.log.Error("analysis not encoded", "table", id, "err", err)
		return
	}
	as, err := s.analysisStore()
	if err == nil {
		err = as.SaveAnalysis(s.ctx, id, string(doc.Depth), b.String(), time.Now())
	}
	if err != nil {
		s.log.Error("analysis not stored", "table", id, "err", err)
		return
	}
	s.log.Info("table analysed", "table", id, "decisions", len(doc.Decisions), "seconds", time.Since(start).Seconds())
}

// paceTurns gives p turns of at most analysisTurn each, each a background
// job of the thinking pool bots use (thinkpool.go, keyed by the table's
// analysis), until finished closes or the server stops. A bot move waiting
// when a turn ends is served before the analysis's next turn.
func (s *Server) paceTurns(id string, p *pacer, finished <-chan struct{}) {
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
		if s.pool.Do(s.ctx, turn) != nil {
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
