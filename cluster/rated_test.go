package cluster_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"cardtable/ratings"
	"cardtable/store/postgres"
)

// TestRatedResultSettledOnce: a rated Watchtower game between two
// accounts on two nodes ends (Ann resigns on the table's owner) while the
// table moves to the other node, and its result moves each rating exactly
// once, by one Glicko-2 update, whichever node writes it (docs/accounts.md,
// "Tests"). The moment of the move is held by a PostgreSQL lock the test
// takes, not by timing:
//
//   - paused-before-result: the owner is paused after the resignation is
//     stored and before it learns so; the other node adopts the table,
//     replays the resignation and settles; the owner, let go, finds its
//     settlement fenced.
//   - paused-mid-result: the owner is paused inside its settlement's
//     transaction; the other node's takeover waits for it (the settlement
//     holds the lease row), and once the owner goes on, the game is rated
//     once.
//   - killed-mid-result: the owner is killed inside its settlement's
//     transaction; it is rolled back whole and the other node settles.
func TestRatedResultSettledOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		move func(t *testing.T, g *ratedGame)
	}{
		{"paused-before-result", pausedBeforeResult},
		{"paused-mid-result", pausedMidResult},
		{"killed-mid-result", killedMidResult},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := startRated(t)
			tc.move(t, g)
			g.waitFinished(t)
			g.checkRatedOnce(t)
			g.logResults(t)
		})
	}
}

func pausedBeforeResult(t *testing.T, g *ratedGame) {
	release := g.lock(t, "SELECT 1 FROM game_tables WHERE id = $1 FOR UPDATE", g.id)
	g.resign(t)
	g.waitBlocked(t, "table_events") // the resignation's write waits for the lock
	g.owner.signal(syscall.SIGSTOP)
	release() // the resignation is stored; the owner does not know it yet
	g.waitOwner(t, g.other)
	g.waitFinished(t)
	g.checkRatedOnce(t)
	g.owner.signal(syscall.SIGCONT)
	g.waitLogged(t, g.owner, "table lost")
	if out := g.owner.output(); strings.Contains(out, "result not stored") && !strings.Contains(out, "fenced") {
		t.Errorf("%s's settlement after the move failed, but not by the fence:\n%s", g.owner.name, out)
	}
}

func pausedMidResult(t *testing.T, g *ratedGame) {
	release := g.lock(t, "LOCK TABLE rating_history IN SHARE MODE")
	g.resign(t)
	g.waitBlocked(t, "rating_history") // the owner's settlement is under way
	g.owner.signal(syscall.SIGSTOP)
	release()
	// The owner's lease has lapsed: the other node tries to take the
	// table and waits on the lease row the owner's settlement holds.
	g.waitBlocked(t, "INSERT INTO leases")
	if hdr, err := g.st.Table(context.Background(), g.id); err != nil || hdr.Result != nil {
		t.Fatalf("while %s's settlement is open the table reads %+v, %v; want unfinished", g.owner.name, hdr.Result, err)
	}
	g.owner.signal(syscall.SIGCONT)
	g.waitLogged(t, g.owner, "table lost")
}

// TestPausedSettlementTimesOut: the owner is paused inside its settlement
// and stays paused. PostgreSQL ends its transaction once it has been idle
// for the store's idle_in_transaction_session_timeout (2 s here, 30 s by
// default), releasing the lease row, so the other node takes the table
// and settles it — once — without waiting for the paused node.
func TestPausedSettlementTimesOut(t *testing.T) {
	g := startRatedDSN(t, "idle_in_transaction_session_timeout=2s")
	release := g.lock(t, "LOCK TABLE rating_history IN SHARE MODE")
	g.resign(t)
	g.waitBlocked(t, "rating_history")
	g.owner.signal(syscall.SIGSTOP)
	t.Cleanup(func() { g.owner.cmd.Process.Signal(syscall.SIGCONT) })
	release()
	g.waitOwner(t, g.other)
	g.waitFinished(t)
	g.checkRatedOnce(t)
	g.logResults(t)
}

func killedMidResult(t *testing.T, g *ratedGame) {
	release := g.lock(t, "LOCK TABLE rating_history IN SHARE MODE")
	g.resign(t)
	g.waitBlocked(t, "rating_history")
	g.owner.kill9()
	release() // the owner's transaction dies with its connection
	g.waitOwner(t, g.other)
}

// ratedGame is a rated two-player Watchtower table created by Ann on
// node0, Bob's seat claimed through node1, Ann connected to the table's
// owner and Bob to the other node, a few moves in.
type ratedGame struct {
	nodes []*proc
	// owner runs the table (node0, which created it, unless node1
	// adopted it first); other is the node it moves to.
	owner, other *proc
	db           string
	st           *postgres.Store
	sql          *pgx.Conn
	id           string
	ann, bob     string // user ids; Ann holds seat 0
	annWS        *wsConn
}

// person is an http client with its own cookies (its session).
type person struct {
	t      *testing.T
	client *http.Client
	id     string
}

func (p *person) call(base, method, path string, body, out any) int {
	p.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		p.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			p.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	if resp.StatusCode >= 300 {
		p.t.Logf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
	return resp.StatusCode
}

// signUp makes an account with a password on node n.
func signUp(t *testing.T, n *proc, name string) *person {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	p := &person{t: t, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	var me struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	if st := p.call(n.base, "POST", "/api/account/signup", map[string]string{"name": name, "password": "the password of " + name}, &me); st != http.StatusCreated || me.User.ID == "" {
		t.Fatalf("signing %s up on %s: status %d", name, n.name, st)
	}
	p.id = me.User.ID
	return p
}

func startRated(t *testing.T) *ratedGame {
	t.Helper()
	return startRatedDSN(t, "")
}

// startRatedDSN is startRated with params added to the nodes' database
// address (startNodesDSN).
func startRatedDSN(t *testing.T, params string) *ratedGame {
	t.Helper()
	nodes, db := startNodesDSN(t, 2, params)
	g := &ratedGame{nodes: nodes, db: db, st: openStore(t, db)}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var err error
	if g.sql, err = pgx.Connect(ctx, db); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.sql.Close(context.Background()) })
	ann, bob := signUp(t, nodes[0], "Ann"), signUp(t, nodes[1], "Bob")
	g.ann, g.bob = ann.id, bob.id
	var c created
	if st := ann.call(nodes[0].base, "POST", "/api/tables", map[string]any{"game": "watchtower", "rated": true,
		"options": map[string]string{"players": "2"},
		"seats":   []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c); st != http.StatusCreated {
		t.Fatalf("Ann's rated table: status %d", st)
	}
	g.id = c.ID
	var claimed struct {
		Token string `json:"token"`
	}
	if st := bob.call(nodes[1].base, "POST", "/api/tables/"+c.ID+"/seats/1/claim", map[string]string{}, &claimed); st != http.StatusOK || claimed.Token == "" {
		t.Fatalf("Bob's claim through node1: status %d, token %q", st, claimed.Token)
	}
	// node0 runs the table it created, unless node1 adopted it between
	// its creation and its opening (a race the server allows).
	g.owner, g.other = nodes[0], nodes[1]
	g.poll(t, "the table's lease", func() bool {
		l, err := g.st.Lease(ctx, g.id)
		if err == nil && strings.HasPrefix(l.Node, "node1-") {
			g.owner, g.other = nodes[1], nodes[0]
		}
		return err == nil && l.Node != ""
	})
	if g.annWS, err = dial(ctx, g.owner.base, c.ID, c.Token); err != nil {
		t.Fatalf("Ann at %s: %v", g.owner.name, err)
	}
	bobWS, err := dial(ctx, g.other.base, c.ID, claimed.Token)
	if err != nil {
		t.Fatalf("Bob at %s: %v", g.other.name, err)
	}
	t.Cleanup(func() { g.annWS.close(); bobWS.close() })
	playSome(t, ctx, []*wsConn{g.annWS, bobWS}, 4)
	g.waitOwner(t, g.owner)
	return g
}

// playSome plays the seats' turns with their first legal action until n
// actions are acknowledged and none is waiting for its answer.
func playSome(t *testing.T, ctx context.Context, conns []*wsConn, n int) {
	t.Helper()
	pending := make([]string, len(conns))
	acked := 0
	busy := func() bool {
		for _, p := range pending {
			if p != "" {
				return true
			}
		}
		return false
	}
	for acked < n || busy() {
		var seat int
		var data json.RawMessage
		var ok bool
		select {
		case data, ok = <-conns[0].msgs:
		case data, ok = <-conns[1].msgs:
			seat = 1
		case <-ctx.Done():
			t.Fatalf("%d actions acknowledged in time; want %d", acked, n)
		}
		if !ok {
			t.Fatalf("seat %d's connection ended mid-game", seat)
		}
		var m msg
		json.Unmarshal(data, &m)
		switch {
		case m.Type == "turn" && m.Seat == seat && len(m.Legal) > 0 && pending[seat] == "" && acked < n:
			pending[seat] = fmt.Sprintf("s%d-%d", seat, acked)
			if err := conns[seat].send(command{Action: m.Legal[0], Version: m.Version, ID: pending[seat]}); err != nil {
				t.Fatal(err)
			}
		case (m.Type == "event" || m.Type == "error") && m.ID != "" && m.ID == pending[seat]:
			if m.Type == "event" {
				acked++
			}
			pending[seat] = ""
		case m.Type == "end":
			t.Fatalf("the game ended after %d actions; the test needs it going", acked)
		}
	}
}

// resign sends Ann's resignation to the owner.
func (g *ratedGame) resign(t *testing.T) {
	t.Helper()
	if err := g.annWS.send(map[string]string{"type": "resign", "id": "resign"}); err != nil {
		t.Fatal(err)
	}
}

// lock runs query in a transaction of the test's own, held until release
// (or the test's end).
func (g *ratedGame) lock(t *testing.T, query string, args ...any) (release func()) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, g.db)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, query, args...); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			if err := tx.Commit(ctx); err != nil {
				t.Error(err)
			}
			conn.Close(ctx)
		})
	}
	t.Cleanup(release)
	return release
}

// waitBlocked waits until a statement of the database mentioning what
// waits for a lock.
func (g *ratedGame) waitBlocked(t *testing.T, what string) {
	t.Helper()
	g.poll(t, "a statement on "+what+" waiting for a lock", func() bool {
		var n int
		err := g.sql.QueryRow(context.Background(), `SELECT COUNT(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND strpos(query, $1) > 0`, what).Scan(&n)
		return err == nil && n > 0
	})
}

// waitOwner waits until node n holds the table's lease.
func (g *ratedGame) waitOwner(t *testing.T, n *proc) {
	t.Helper()
	g.poll(t, n.name+" holding the table", func() bool {
		l, err := g.st.Lease(context.Background(), g.id)
		return err == nil && strings.HasPrefix(l.Node, n.name+"-")
	})
}

// waitFinished waits until the table's result is stored.
func (g *ratedGame) waitFinished(t *testing.T) {
	t.Helper()
	g.poll(t, "the result stored", func() bool {
		hdr, err := g.st.Table(context.Background(), g.id)
		return err == nil && hdr.Result != nil
	})
}

// waitLogged waits until node n logs text.
func (g *ratedGame) waitLogged(t *testing.T, n *proc, text string) {
	t.Helper()
	g.poll(t, n.name+" logging "+text, func() bool { return strings.Contains(n.output(), text) })
}

// poll waits for ok, a minute at most (the nodes' lease is a second).
func (g *ratedGame) poll(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !ok() {
		if time.Now().After(deadline) {
			g.logDatabase(t)
			g.other.dumpGoroutines()
			t.Fatalf("no %s within a minute", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// logDatabase logs what the database's sessions are doing and the
// table's lease, for a wait that failed.
func (g *ratedGame) logDatabase(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if l, err := g.st.Lease(ctx, g.id); err == nil {
		t.Logf("the table's lease: %s epoch %d expires %s", l.Node, l.Epoch, l.Expires.Format(time.RFC3339Nano))
	}
	rows, err := g.sql.Query(ctx, `SELECT pid, COALESCE(state, ''), COALESCE(wait_event_type, ''), COALESCE(wait_event, ''),
		COALESCE(now() - xact_start, '0'::interval)::text, left(regexp_replace(query, '\s+', ' ', 'g'), 120)
		FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)
	if err != nil {
		t.Logf("pg_stat_activity: %v", err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var pid int
		var state, wtype, wevent, age, query string
		if rows.Scan(&pid, &state, &wtype, &wevent, &age, &query) == nil {
			t.Logf("session %d %s %s/%s tx %s: %s", pid, state, wtype, wevent, age, query)
		}
	}
}

// logResults logs what each node said about the table's result.
func (g *ratedGame) logResults(t *testing.T) {
	for _, n := range g.nodes {
		for _, line := range strings.Split(n.output(), "\n") {
			if strings.Contains(line, "result not stored") || strings.Contains(line, "table lost") || strings.Contains(line, "game not rated") {
				t.Logf("%s: %s", n.name, line)
			}
		}
	}
}

// checkRatedOnce: the stored result is Ann's resignation (Bob wins), each
// account has one rated game with one point in its history, and the
// ratings are one Glicko-2 update of two new players by that result.
func (g *ratedGame) checkRatedOnce(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	hdr, err := g.st.Table(ctx, g.id)
	if err != nil || hdr.Result == nil {
		t.Fatalf("table %s: result %+v, %v", g.id, hdr.Result, err)
	}
	if res := hdr.Result; len(res.Returns) != 2 || res.Returns[1] <= res.Returns[0] {
		t.Fatalf("the stored result %+v is not a win for Bob (seat 1)", res)
	}
	want, err := ratings.System{}.Rate([]ratings.Seat{{Rating: ratings.New()}, {Rating: ratings.New()}}, hdr.Result.Returns)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := g.st.Ratings(ctx, ratings.Watchtower, []string{g.ann, g.bob})
	if err != nil || len(rs) != 2 {
		t.Fatalf("ratings: %+v, %v; want Ann's and Bob's", rs, err)
	}
	for _, r := range rs {
		seat := map[string]int{g.ann: 0, g.bob: 1}[r.User]
		w := want[seat]
		if r.Games != 1 || math.Abs(r.R-w.R) > 1e-6 || math.Abs(r.RD-w.RD) > 1e-6 || math.Abs(r.Vol-w.Vol) > 1e-9 {
			t.Errorf("seat %d's rating: %d games, %.3f ± %.3f (vol %.6f); want 1 game, %.3f ± %.3f (vol %.6f), one update",
				seat, r.Games, r.R, r.RD, r.Vol, w.R, w.RD, w.Vol)
		}
	}
	var points int
	if err := g.sql.QueryRow(ctx, `SELECT COUNT(*) FROM rating_history`).Scan(&points); err != nil || points != 2 {
		t.Errorf("the rating history holds %d points (%v); want one for each player", points, err)
	}
}
