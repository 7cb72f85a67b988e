package puzzles

import (
	"fmt"
	"slices"
	"sync"

	"cardtable/ratings"
)

// The puzzles' ratings (docs/puzzles.md): before anyone has answered a
// puzzle its rating is its seed, fitted from which of the panel's bots
// missed it (ratings.FitPanel over the whole set); people's counted
// answers then move it (the server keeps that).

// SetName names the built-in set in the store's puzzle ratings.
const SetName = "regicide"

type seeds struct {
	once sync.Once
	fit  ratings.PanelFit
	err  error
}

// fitMu guards making a set's seeds.
var fitMu sync.Mutex

// Fit is the set's panel fit: the seed of each number of misses and the
// panel's bots on the same scale. It is worked out once.
func (s *Set) Fit() (ratings.PanelFit, error) {
	fitMu.Lock()
	if s.fit == nil {
		s.fit = &seeds{}
	}
	f := s.fit
	fitMu.Unlock()
	f.once.Do(func() {
		missed := make([][]bool, len(s.Puzzles))
		for i, p := range s.Puzzles {
			missed[i] = make([]bool, len(s.Header.Panel))
			for b, spec := range s.Header.Panel {
				missed[i][b] = slices.Contains(p.MissedBy, spec)
			}
			if n := len(p.MissedBy); n != p.Misses || n > len(s.Header.Panel) {
				f.err = fmt.Errorf("puzzles: puzzle %d: misses %d but missed by %v of the panel %v", p.ID, p.Misses, p.MissedBy, s.Header.Panel)
				return
			}
		}
		f.fit, f.err = ratings.FitPanel(missed)
	})
	return f.fit, f.err
}

// Seed is puzzle id's seed rating.
func (s *Set) Seed(id int) (ratings.Rating, error) {
	p, err := s.Get(id)
	if err != nil {
		return ratings.Rating{}, err
	}
	fit, err := s.Fit()
	if err != nil {
		return ratings.Rating{}, err
	}
	return fit.Levels[p.Misses], nil
}
