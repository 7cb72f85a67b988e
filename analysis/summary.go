package analysis

// finish draws the graph and sums each analysed seat's decisions up.
func (d *Document) finish() {
	d.Graph = Graph{Measure: "chance", Points: []Point{}}
	if d.Game == "war" {
		d.Graph.Measure = "reaction"
	}
	for i := range d.Decisions {
		if p, ok := d.point(&d.Decisions[i]); ok {
			d.Graph.Points = append(d.Graph.Points, p)
		}
	}
	d.Summary = make([]SeatSummary, 0, len(d.Analysed))
	for _, seat := range d.Analysed {
		d.Summary = append(d.Summary, d.summarize(seat))
	}
}

// point is a decision's place on the graph: the chance after the move
// played (Regicide, Watchtower) or a slap's reaction time as a share of
// its window, a miss or a false slap at the top (War).
func (d *Document) point(dec *Decision) (Point, bool) {
	p := Point{Step: dec.Step, Seat: dec.Seat, Mark: dec.Mark, Losing: dec.Losing}
	switch {
	case dec.Played != nil:
		p.Value, p.Low, p.High = dec.Played.Chance, dec.Played.Low, dec.Played.High
	case dec.Slap != nil:
		p.Value = 1
		if dec.Slap.ReactionMS >= 0 && dec.Slap.WindowMS > 0 {
			p.Value = min(float64(dec.Slap.ReactionMS)/float64(dec.Slap.WindowMS), 1)
		}
		p.Low, p.High = p.Value, p.Value
	case dec.Losing:
		// A forced losing move has no estimate; it still gets its dot,
		// at the chance of the point before it.
		if n := len(d.Graph.Points); n > 0 {
			prev := d.Graph.Points[n-1]
			p.Value, p.Low, p.High = prev.Value, prev.Low, prev.High
		}
	default:
		return Point{}, false
	}
	return p, true
}

// summarize counts seat's decisions and marks and finds its turning point.
func (d *Document) summarize(seat int) SeatSummary {
	s := SeatSummary{Seat: seat}
	worst := 0.0
	reactions := 0
	var accs []float64
	for i := range d.Decisions {
		dec := &d.Decisions[i]
		if dec.Seat != seat {
			continue
		}
		s.Decisions++
		if dec.Accuracy != nil {
			accs = append(accs, *dec.Accuracy)
		}
		switch dec.Mark {
		case MarkInaccuracy:
			s.Inaccuracies++
		case MarkMistake:
			s.Mistakes++
		case MarkBlunder:
			s.Blunders++
		}
		if dec.Mark != "" && dec.Loss > worst {
			worst, s.TurningPoint = dec.Loss, dec.Step
		}
		if dec.Losing {
			s.LosingStep = dec.Step
		}
		if sl := dec.Slap; sl != nil {
			s.countSlap(sl, &reactions)
		}
	}
	if s.LosingStep > 0 {
		s.TurningPoint = s.LosingStep
	}
	if reactions > 0 {
		s.MeanReactionMS /= float64(reactions)
	}
	if len(accs) > 0 {
		a := gameAccuracy(accs)
		s.Accuracy = &a
	}
	return s
}

// countSlap adds one Slap War answer to s (MeanReactionMS holds the sum
// until summarize divides it by reactions).
func (s *SeatSummary) countSlap(sl *Slap, reactions *int) {
	switch {
	case !sl.Possible:
		s.False++
	case sl.ReactionMS < 0:
		s.Windows++
		s.Missed++
	default:
		s.Windows++
		s.Slaps++
		*reactions++
		s.MeanReactionMS += float64(sl.ReactionMS)
		if sl.First {
			s.First++
		}
	}
}
