package sim

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"cardtable/engine"
)

// SweepColumns are the columns of a sweep's CSV and readable table, named
// after the JSON fields they repeat (docs/cli.md): the axis keys, games,
// then per seat (or the team) wins, share and interval, draws, the first
// player's share, length statistics, end reasons and metric means, each
// present when some row has it.
func (r *SweepReport) SweepColumns() []string {
	var cols []string
	for _, a := range r.Sweep {
		cols = append(cols, a.Key)
	}
	cols = append(cols, "games")
	seats, team, draws, first := 0, false, false, false
	var ends, metrics []string
	for _, row := range r.Rows {
		seats = max(seats, len(row.Seats))
		team = team || row.Team != nil
		draws = draws || row.Draws != nil
		first = first || row.FirstPlayer != nil
		for _, e := range row.EndOrder {
			if !slices.Contains(ends, e) {
				ends = append(ends, e)
			}
		}
		for _, m := range row.MetricOrder {
			if !slices.Contains(metrics, m) {
				metrics = append(metrics, m)
			}
		}
	}
	share := func(prefix string) []string {
		return []string{prefix + ".wins", prefix + ".share", prefix + ".ci95_lo", prefix + ".ci95_hi"}
	}
	if team {
		cols = append(cols, share("team")...)
	} else {
		for s := 0; s < seats; s++ {
			cols = append(cols, share(fmt.Sprintf("seats.%d", s))...)
		}
	}
	if draws {
		cols = append(cols, "draws")
	}
	if first {
		cols = append(cols, share("first_player")...)
	}
	cols = append(cols, "length.mean", "length.median", "length.p90", "length.p99", "length.max")
	for _, e := range ends {
		cols = append(cols, "ends."+e)
	}
	for _, m := range metrics {
		cols = append(cols, "metrics."+m+".mean")
	}
	return cols
}

// Cell returns row's value of a SweepColumns column, "" when the row has
// none (a seat a 2-player setting does not have).
func (r *SweepReport) Cell(row *SweepRow, col string) string {
	if v, ok := row.Setting[col]; ok {
		return v
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	n := strconv.FormatInt
	share := func(s *Share, field string) string {
		if s == nil {
			return ""
		}
		switch field {
		case "wins":
			return n(s.Wins, 10)
		case "share":
			return f(s.Share)
		case "ci95_lo":
			return f(s.CI95[0])
		}
		return f(s.CI95[1])
	}
	head, rest, _ := strings.Cut(col, ".")
	switch {
	case col == "games":
		return n(row.Games, 10)
	case col == "draws":
		if row.Draws == nil {
			return ""
		}
		return n(*row.Draws, 10)
	case head == "team":
		return share(row.Team, rest)
	case head == "first_player":
		return share(row.FirstPlayer, rest)
	case head == "seats":
		seat, field, _ := strings.Cut(rest, ".")
		i, err := strconv.Atoi(seat)
		if err != nil || i >= len(row.Seats) {
			return ""
		}
		st := row.Seats[i]
		return share(&Share{Wins: st.Wins, Share: st.Share, CI95: st.CI95}, field)
	case head == "length":
		l := row.Length
		return map[string]string{"mean": f(l.Mean), "median": strconv.Itoa(l.Median), "p90": strconv.Itoa(l.P90), "p99": strconv.Itoa(l.P99), "max": strconv.Itoa(l.Max)}[rest]
	case head == "ends":
		if c, ok := row.Ends[rest]; ok {
			return n(c, 10)
		}
	case head == "metrics":
		if m, ok := row.Metrics[strings.TrimSuffix(rest, ".mean")]; ok {
			return f(m.Mean)
		}
	}
	return ""
}

// WriteCSV writes one CSV row per setting with the SweepColumns header.
func (r *SweepReport) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cols := r.SweepColumns()
	if err := cw.Write(cols); err != nil {
		return err
	}
	for _, row := range r.Rows {
		rec := make([]string, len(cols))
		for i, c := range cols {
			rec[i] = r.Cell(row, c)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Figure is one point of a sweep plot: a value and its 95% interval.
type Figure struct {
	Value, Lo, Hi float64
}

// SweepFigures names the figures a sweep plot can draw for the sweep's
// runs (--y): share (each seat's, or the team's), draws, first-player,
// length (the mean), every metric (its mean) and end:REASON (the share of
// games that ended so). A figure is offered when every setting has it.
func SweepFigures(g engine.Game, configs []Config) []string {
	var names []string
	for i, cfg := range configs {
		spec := reporterOf(g).Stats(cfg.Options)
		var these []string
		these = append(these, "share")
		if g.Utility() == engine.ZeroSum {
			these = append(these, "draws")
		}
		if slices.Contains(spec.Metrics, FirstPlayerMetric) {
			these = append(these, "first-player")
		}
		these = append(these, "length")
		these = append(these, spec.Metrics...)
		for _, e := range spec.EndReasons {
			these = append(these, "end:"+e)
		}
		if i == 0 {
			names = these
			continue
		}
		names = slices.DeleteFunc(names, func(n string) bool { return !slices.Contains(these, n) })
	}
	return names
}

// Figures returns row's value of figure y (SweepFigures) with its 95%
// interval: one per seat for share in a zero-sum game, else one. Shares
// have Wilson intervals; means the normal interval mean ± 1.96·sd/√n.
func (row *SweepRow) Figures(y string) []Figure {
	n := row.Games
	wilson := func(k int64) Figure {
		lo, hi := Wilson(k, n, Z95)
		return Figure{float64(k) / float64(n), lo, hi}
	}
	mean := func(m, sd float64) Figure {
		h := Z95 * sd / math.Sqrt(float64(n))
		return Figure{m, m - h, m + h}
	}
	switch {
	case y == "share" && row.Team != nil:
		return []Figure{wilson(row.Team.Wins)}
	case y == "share":
		var out []Figure
		for _, s := range row.Seats {
			out = append(out, wilson(s.Wins))
		}
		return out
	case y == "draws" && row.Draws != nil:
		return []Figure{wilson(*row.Draws)}
	case y == "first-player" && row.FirstPlayer != nil:
		return []Figure{wilson(row.FirstPlayer.Wins)}
	case y == "length":
		return []Figure{mean(row.Length.Mean, row.lengths.sd())}
	case strings.HasPrefix(y, "end:"):
		if c, ok := row.Ends[strings.TrimPrefix(y, "end:")]; ok {
			return []Figure{wilson(c)}
		}
	}
	if m, ok := row.Metrics[y]; ok {
		return []Figure{mean(m.Mean, m.SD)}
	}
	return nil
}
