package analysis

import "strings"

// sparkBars are the eight heights of a sparkline, lowest first.
var sparkBars = []rune("▁▂▃▄▅▆▇█")

// MarkLegend explains the letters of a sparkline's marks row.
const MarkLegend = "i inaccuracy · m mistake · b blunder · x the losing move · o missed slap · f false slap"

// markLetters are the marks row's letters, by mark.
var markLetters = map[string]rune{
	MarkInaccuracy: 'i', MarkMistake: 'm', MarkBlunder: 'b', MarkLosing: 'x', MarkMissed: 'o', MarkFalse: 'f',
}

// markRank orders marks when several share a column: the worst shows.
var markRank = map[rune]int{'i': 1, 'o': 1, 'f': 2, 'm': 2, 'b': 3, 'x': 4}

// Sparkline draws seat's series of g in at most width columns: a row of
// bars (one per point, or the mean of neighbouring points when there are
// more points than columns) and a row of the same length with each
// column's worst mark as a letter (MarkLegend), spaces elsewhere. Both
// are empty when seat has no point.
func Sparkline(g Graph, seat, width int) (line, marks string) {
	var pts []Point
	for _, p := range g.Points {
		if p.Seat == seat {
			pts = append(pts, p)
		}
	}
	if len(pts) == 0 || width < 1 {
		return "", ""
	}
	cols := min(len(pts), width)
	var bars, letters strings.Builder
	for c := range cols {
		from, to := c*len(pts)/cols, (c+1)*len(pts)/cols
		sum, mark := 0.0, ' '
		for _, p := range pts[from:to] {
			sum += p.Value
			mk := p.Mark
			if p.Losing {
				mk = MarkLosing
			}
			if l, ok := markLetters[mk]; ok && markRank[l] > markRank[mark] {
				mark = l
			}
		}
		v := sum / float64(to-from)
		bars.WriteRune(sparkBars[min(int(v*float64(len(sparkBars))), len(sparkBars)-1)])
		letters.WriteRune(mark)
	}
	return bars.String(), strings.TrimRight(letters.String(), " ")
}
