package tournament

import (
	"fmt"
	"net/http"
	"time"

	"cardtable/server/httpjson"
	"cardtable/store"
	"cardtable/tourney"
)

// View is a tournament's page (GET /api/tournaments/{id}).
type View struct {
	Tournament Summary `json:"tournament"`
	// Ranking is the table's order in a sentence.
	Ranking   string     `json:"ranking"`
	Standings []Row      `json:"standings"`
	Games     []GameView `json:"games"`
	// Me is the signed-in reader's entry (absent when not in).
	Me *MeView `json:"me,omitempty"`
	// Deals are a solo tournament's deals: each one's commitment, and its
	// seed once the tournament is over.
	Deals []DealView `json:"deals,omitempty"`
	// Creator: the reader created it (may add bots, start it early).
	Creator bool `json:"creator"`
}

// GameView is a game of the tournament (a bye has no table).
type GameView struct {
	Round  int    `json:"round"`
	Board  int    `json:"board"`
	First  string `json:"first"`
	Second string `json:"second,omitempty"`
	Table  string `json:"table,omitempty"`
	// Result: "1-0", "0-1", "½-½", "bye", a solo attempt's enemies, or
	// "" while it is played.
	Result string `json:"result"`
	Live   bool   `json:"live"`
}

// MeView is the reader's entry: whether they have a game to go to.
type MeView struct {
	Entry     int    `json:"entry"`
	Withdrawn bool   `json:"withdrawn"`
	Playing   string `json:"playing,omitempty"`
}

// DealView is one deal of a solo tournament.
type DealView struct {
	Deal       int    `json:"deal"`
	Commitment string `json:"commitment"`
	Seed       string `json:"seed,omitempty"`
}

func (s *Service) handleView(w http.ResponseWriter, r *http.Request) {
	t, err := s.tournament(r)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	es, err := s.st.Entrants(r.Context(), t.ID)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	gs, err := s.st.TournamentGames(r.Context(), t.ID)
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	u, _ := s.cfg.Accounts.CurrentUser(r)
	httpjson.Write(w, http.StatusOK, s.view(t, es, gs, u, s.cfg.Clock()))
}

func (s *Service) view(t store.Tournament, es []store.Entrant, gs []store.TournamentGame, u *store.User, now time.Time) View {
	names := map[string]string{}
	for _, e := range es {
		names[e.ID] = e.Name
	}
	v := View{Tournament: summary(t, len(active(es))), Ranking: ranking(t), Standings: standings(t, es, gs, now), Games: []GameView{},
		Creator: u != nil && u.ID == t.Creator}
	for _, g := range gs {
		v.Games = append(v.Games, GameView{Round: g.Round, Board: g.Board, First: names[g.First], Second: names[g.Second], Table: g.Table,
			Result: result(t, g), Live: g.Ended.IsZero()})
	}
	for _, e := range es {
		if u == nil || e.ID != u.ID {
			continue
		}
		v.Me = &MeView{Entry: e.Entry, Withdrawn: !e.Withdrawn.IsZero()}
		for _, g := range gs {
			if g.Ended.IsZero() && g.Table != "" && seatOf(g, e.ID) >= 0 {
				v.Me.Playing = g.Table
			}
		}
	}
	if t.Kind == store.KindSolo {
		over := t.Status == store.StatusFinished || t.Status == store.StatusCancelled
		for n := 1; n <= deals(t); n++ {
			seed := tourney.SoloSeed(s.secret, t.ID, n)
			d := DealView{Deal: n, Commitment: tourney.SoloCommitment(t.ID, n, seed)}
			if over {
				d.Seed = fmt.Sprint(seed)
			}
			v.Deals = append(v.Deals, d)
		}
	}
	return v
}

// result is how a game ended, as the page shows it.
func result(t store.Tournament, g store.TournamentGame) string {
	switch {
	case g.Table == "":
		return "bye"
	case g.Ended.IsZero():
		return ""
	case t.Kind == store.KindSolo:
		return fmt.Sprint(g.Enemies)
	}
	return map[tourney.Outcome]string{tourney.FirstWon: "1-0", tourney.SecondWon: "0-1", tourney.Draw: "½-½"}[tourney.Outcome(g.Outcome)]
}
