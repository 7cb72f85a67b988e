package analyse

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"cardtable/analysis"
	"cardtable/engine"
	"cardtable/record"
	"cardtable/server/httpjson"
	"cardtable/store"
)

// "Learn from your mistakes" on a finished table's stored analysis
// (docs/analysis.md): the position before an appraised decision with the
// deciding seat's legal actions, and the judgement of another action tried
// there (analysis.Judge: the expert's estimate and, in Regicide, the
// solver's verdict with hindsight).
//
//	GET  /api/tables/{id}/analysis/retry?step=N   {step, seat, played, choices}
//	POST /api/tables/{id}/analysis/retry          {"step": N, "action": "..."} → analysis.Retry
//
// Bounds: the table must be finished and analysed; step an appraised
// decision of its analysis; action one of the choices, at most 64 bytes. A
// judgement costs up to about a second of CPU (one search and one solver
// probe), so at most maxRetries run at once (503 busy beyond), each within
// retryTime, and each POST counts against the write rate limit.
const (
	maxRetries      = 2
	retryTime       = 20 * time.Second
	maxRetryAction  = 64
	retryStepDigits = 6
)

// Choices is the position before a decision, as choices.
type Choices struct {
	Step    int      `json:"step"`
	Seat    int      `json:"seat"`
	Played  string   `json:"played"`
	Choices []string `json:"choices"`
}

// storedAnalysis reads table id's finished record and its stored analysis
// at the default depth (404 no-analysis when there is none yet).
func (s *Analyses) storedAnalysis(ctx context.Context, id string) (*record.Record, *analysis.Document, error) {
	_, rec, _, err := s.cfg.Rooms.FinishedRecord(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	as, err := s.analysisStore()
	if err != nil {
		return nil, nil, err
	}
	text, err := as.Analysis(ctx, id, string(analysis.DefaultDepth))
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, errNoAnalysis(id)
	}
	if err != nil {
		return nil, nil, err
	}
	doc, err := analysis.Decode(strings.NewReader(text))
	if err != nil {
		return nil, nil, err
	}
	return rec, doc, nil
}

// appraisedStep finds the decision of step in doc, or says what is wrong.
func appraisedStep(doc *analysis.Document, step int) (*analysis.Decision, error) {
	i := slices.IndexFunc(doc.Decisions, func(d analysis.Decision) bool { return d.Step == step })
	if i < 0 || doc.Decisions[i].Best == nil {
		return nil, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("analysis.not-appraised", engine.NumArg("step", step)), "step %d is not a decision the analysis appraised; try a marked one (the analysis's decisions with a mark)", step)
	}
	return &doc.Decisions[i], nil
}

func (s *Analyses) handleRetryChoices(w http.ResponseWriter, r *http.Request) {
	text := r.URL.Query().Get("step")
	step, err := strconv.Atoi(text)
	if err != nil || len(text) > retryStepDigits {
		text = httpjson.Truncate(text, 20)
		httpjson.Refuse(w, r, s.cfg.Log, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("analysis.bad-step", engine.TextArg("step", strconv.Quote(text))), "step %q: give the number of an analysed decision (?step=N)", text))
		return
	}
	rec, doc, err := s.storedAnalysis(r.Context(), r.PathValue("id"))
	if err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	dec, err := appraisedStep(doc, step)
	if err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	_, choices, err := analysis.RetryChoices(rec, step)
	if err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	httpjson.Write(w, http.StatusOK, Choices{Step: step, Seat: dec.Seat, Played: dec.Action, Choices: choices})
}

func (s *Analyses) handleRetry(w http.ResponseWriter, r *http.Request) {
	if !s.cfg.Writes.Allow(w, r) {
		return
	}
	var body struct {
		Step   int    `json:"step"`
		Action string `json:"action"`
	}
	if err := httpjson.Read(w, r, &body); err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	if len(body.Action) > maxRetryAction || body.Action == "" {
		httpjson.Refuse(w, r, s.cfg.Log, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("analysis.bad-action-size"), "action: %d bytes; send one of the choices (at most %d bytes)", len(body.Action), maxRetryAction))
		return
	}
	rec, doc, err := s.storedAnalysis(r.Context(), r.PathValue("id"))
	if err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	if _, err := appraisedStep(doc, body.Step); err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	if s.retries.Add(1) > maxRetries {
		s.retries.Add(-1)
		httpjson.Refuse(w, r, s.cfg.Log, httpjson.Sayf(http.StatusServiceUnavailable, "busy", engine.Say("analysis.judge-busy", engine.NumArg("n", maxRetries)), "the server is judging %d moves already; try again in a moment", maxRetries))
		return
	}
	defer s.retries.Add(-1)
	ctx, cancel := context.WithTimeout(r.Context(), retryTime)
	defer cancel()
	res, err := analysis.Judge(ctx, rec, doc, body.Step, body.Action)
	switch {
	case errors.Is(err, engine.ErrBadOption):
		e := httpjson.ErrorOf(http.StatusBadRequest, "bad-request", err)
		e.Message = httpjson.Truncate(e.Message, 200)
		httpjson.Refuse(w, r, s.cfg.Log, e)
	case err != nil:
		httpjson.Refuse(w, r, s.cfg.Log, err)
	default:
		httpjson.Write(w, http.StatusOK, res)
	}
}
