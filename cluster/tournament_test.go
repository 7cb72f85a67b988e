package cluster_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"cardtable/server/tournament"
)

// TestTournamentNodeDies: a Swiss of six bots over three nodes; in round
// 1 the node running one of its games (not yet over) is killed. The
// tournament runs to its end on the nodes left: the dead node's games are
// adopted and finished, every round pairs three games with no repeat, and
// every game is settled exactly once (its table finished once, its result
// numbered once in the tournament's count).
func TestTournamentNodeDies(t *testing.T) {
	nodes, db := startNodes(t, 3)
	st := openStore(t, db)
	ann := signUp(t, nodes[0], "Ann")
	var sm tournament.Summary
	if code := ann.call(nodes[0].base, "POST", "/api/tournaments", map[string]any{"kind": "swiss", "game": "watchtower",
		"preset": "standard", "rounds": 3, "clock": "1m", "starts_in": 10}, &sm); code != http.StatusCreated {
		t.Fatalf("creating the Swiss: %d", code)
	}
	base := "/api/tournaments/" + sm.ID
	if code := ann.call(nodes[1].base, "POST", base+"/bots", map[string]int{"count": 6}, nil); code != http.StatusOK {
		t.Fatalf("adding bots: %d", code)
	}
	if code := ann.call(nodes[2].base, "POST", base+"/start", nil, nil); code != http.StatusOK {
		t.Fatalf("starting: %d", code)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	alive := append([]*proc{}, nodes...)
	view := func() tournament.View {
		var v tournament.View
		if code := ann.call(alive[0].base, "GET", base, nil, &v); code != http.StatusOK {
			t.Fatalf("the tournament through %s: %d", alive[0].name, code)
		}
		return v
	}
	// A game of round 1 under way, and the node that runs it.
	var victim *proc
	var game string
	for victim == nil {
		if ctx.Err() != nil {
			t.Fatal("no game of round 1 under way on a node within the time")
		}
		for _, g := range view().Games {
			l, err := st.Lease(ctx, g.Table)
			if g.Table == "" || !g.Live || err != nil || l.Node == "" {
				continue
			}
			for i, n := range nodes {
				if strings.HasPrefix(l.Node, n.name+"-") {
					victim, game = n, g.Table
					alive = append(alive[:i:i], alive[i+1:]...)
				}
			}
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	victim.kill9()
	tb, err := st.Table(ctx, game)
	t.Logf("killed %s, which ran game %s (over when killed: %v)", victim.name, game, err == nil && !tb.Finished.IsZero())
	var v tournament.View
	for v = view(); v.Tournament.Status != "finished"; v = view() {
		if ctx.Err() != nil {
			t.Fatalf("the tournament did not finish within the time: %+v", v.Tournament)
		}
		time.Sleep(100 * time.Millisecond)
	}
	met := map[string]bool{}
	rounds := map[int]int{}
	for _, g := range v.Games {
		rounds[g.Round]++
		pair := fmt.Sprint(min(g.First, g.Second), "|", max(g.First, g.Second))
		if met[pair] {
			t.Errorf("%s met twice", pair)
		}
		met[pair] = true
		if g.Result == "" {
			t.Errorf("game %+v has no result", g)
		}
	}
	if len(rounds) != 3 || rounds[1] != 3 || rounds[2] != 3 || rounds[3] != 3 {
		t.Errorf("games by round: %v, want 3 in each of 3", rounds)
	}
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var games, seqs, lastSeq, ended, open int
	if err := conn.QueryRow(ctx, `SELECT COUNT(*), COUNT(DISTINCT seq), MAX(seq) FROM tournament_games WHERE tournament_id = $1`,
		sm.ID).Scan(&games, &seqs, &lastSeq); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow(ctx, `SELECT ended FROM tournaments WHERE id = $1`, sm.ID).Scan(&ended); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM game_tables t JOIN tournament_games g ON g.table_id = t.id
		WHERE g.tournament_id = $1 AND t.finished IS NULL`, sm.ID).Scan(&open); err != nil {
		t.Fatal(err)
	}
	if games != 9 || seqs != 9 || lastSeq != 9 || ended != 9 || open != 0 {
		t.Errorf("%d games, %d distinct result numbers up to %d, the tournament counted %d settled, %d tables unfinished; want 9, 9, 9, 9, 0",
			games, seqs, lastSeq, ended, open)
	}
}
