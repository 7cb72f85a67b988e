package main

import (
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// progress is the sim progress bar: drawn on stderr only when stdout and
// stderr are terminals (never in pipes, files or --quiet runs). Workers
// report once per chunk of games, so it costs nothing per game.
type progress struct {
	p   *mpb.Progress
	bar *mpb.Bar
}

// newProgress draws a bar of total games named name.
func newProgress(a *app, enabled bool, name string, total int64) *progress {
	return newNamedProgress(a, enabled, func() string { return name }, total)
}

// newNamedProgress is newProgress with a name asked again at every
// refresh (a sweep names the setting it is at).
func newNamedProgress(a *app, enabled bool, name func() string, total int64) *progress {
	if !enabled || !a.terminal {
		return &progress{}
	}
	p := mpb.NewWithContext(a.ctx, mpb.WithOutput(a.stderr), mpb.WithWidth(40))
	bar := p.AddBar(total,
		mpb.PrependDecorators(decor.Any(func(decor.Statistics) string { return name() + " " }), decor.CountersNoUnit("%d/%d")),
		mpb.AppendDecorators(
			decor.Percentage(decor.WCSyncSpace),
			decor.AverageSpeed(nil, "%.0f games/s", decor.WCSyncSpace),
			decor.Name(" ETA "), decor.AverageETA(decor.ET_STYLE_GO),
		),
		mpb.BarRemoveOnComplete(),
	)
	return &progress{p: p, bar: bar}
}

// add counts finished games; safe for concurrent use.
func (pr *progress) add(games int) {
	if pr.bar != nil {
		pr.bar.IncrBy(games)
	}
}

// finish removes the bar and waits for it to be cleared from the screen.
func (pr *progress) finish(complete bool) {
	if pr.p == nil {
		return
	}
	if !complete {
		pr.bar.Abort(true)
	}
	pr.p.Wait()
}
