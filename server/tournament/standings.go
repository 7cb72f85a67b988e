package tournament

import (
	"time"

	"cardtable/store"
	"cardtable/tourney"
)

// Row is one entrant's line in a tournament's table (the fields of its
// kind are set; docs/tournaments.md says what each counts).
type Row struct {
	Rank    int    `json:"rank"`
	Entrant string `json:"entrant"`
	Name    string `json:"name"`
	// Bot marks the server's bots and bot accounts.
	Bot       bool `json:"bot,omitempty"`
	Withdrawn bool `json:"withdrawn,omitempty"`
	// Points: Swiss points (a win 1, a draw ½), arena points, or the
	// solo tournament's enemies defeated.
	Points float64 `json:"points"`
	// Swiss: Buchholz and Sonneborn-Berger in points.
	Buchholz        float64 `json:"buchholz,omitempty"`
	SonnebornBerger float64 `json:"sonneborn_berger,omitempty"`
	Wins            int     `json:"wins"`
	Draws           int     `json:"draws"`
	Losses          int     `json:"losses"`
	Byes            int     `json:"byes,omitempty"`
	// Arena: on fire, and the performance.
	Fire        bool `json:"fire,omitempty"`
	Performance int  `json:"performance,omitempty"`
	// Solo: deals finished and their time in seconds.
	Finished int     `json:"finished,omitempty"`
	Seconds  float64 `json:"seconds,omitempty"`
}

// standings ranks t's entrants from its games as they stand at now.
func standings(t store.Tournament, es []store.Entrant, gs []store.TournamentGame, now time.Time) []Row {
	by := map[string]store.Entrant{}
	for _, e := range es {
		by[e.ID] = e
	}
	row := func(id string, rank int) Row {
		e := by[id]
		return Row{Rank: rank, Entrant: id, Name: e.Name, Bot: e.Bot != "", Withdrawn: !e.Withdrawn.IsZero()}
	}
	out := []Row{}
	switch t.Kind {
	case store.KindSwiss:
		games, _ := played(gs)
		for _, st := range tourney.SwissStandings(players(es), games) {
			r := row(st.ID, st.Rank)
			r.Points, r.Buchholz, r.SonnebornBerger = float64(st.Points)/2, float64(st.Buchholz)/2, float64(st.SonnebornBerger)/4
			r.Wins, r.Draws, r.Losses, r.Byes = st.Wins, st.Draws, st.Losses, st.Byes
			out = append(out, r)
		}
	case store.KindArena:
		var ends []tourney.Game
		for _, g := range gs {
			if !g.Ended.IsZero() && g.Second != "" {
				ends = append(ends, tourney.Game{Round: g.Seq, First: g.First, Second: g.Second, Outcome: tourney.Outcome(g.Outcome)})
			}
		}
		for _, st := range tourney.ArenaStandings(players(es), ends) {
			r := row(st.ID, st.Rank)
			r.Points, r.Fire, r.Performance = float64(st.Score), st.Fire, st.Performance
			r.Wins, r.Draws, r.Losses = st.Wins, st.Draws, st.Games-st.Wins-st.Draws
			out = append(out, r)
		}
	default:
		solo := make([]tourney.SoloEntrant, len(es))
		for i, e := range es {
			solo[i] = tourney.SoloEntrant{ID: e.ID, Order: e.Entry}
		}
		idx := map[string]int{}
		for i, e := range es {
			idx[e.ID] = i
		}
		for _, g := range gs {
			if i, ok := idx[g.First]; ok {
				solo[i].Attempts = append(solo[i].Attempts, tourney.SoloAttempt{Deal: g.Round, Started: g.Started, Ended: g.Ended,
					Enemies: g.Enemies, Won: g.Won})
			}
		}
		for _, st := range tourney.SoloStandings(solo, deals(t), t.Starts, t.Ends, now) {
			r := row(st.ID, st.Rank)
			r.Points, r.Wins, r.Finished, r.Seconds = float64(st.Enemies), st.Won, st.Finished, st.Time.Seconds()
			out = append(out, r)
		}
	}
	return out
}

// ranking is the sentence of t's order.
func ranking(t store.Tournament) string {
	switch t.Kind {
	case store.KindSwiss:
		return tourney.SwissRanking
	case store.KindArena:
		return tourney.ArenaRanking
	}
	return tourney.SoloRanking
}
