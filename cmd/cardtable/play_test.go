package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/record"
	"cardtable/table"
)

// agentEnv makes the test binary, started as a program seat, play the test
// agent instead of running tests.
const agentEnv = "CARDTABLE_PLAY_TEST_AGENT"

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) != "" {
		main() // the real command (interrupt_test.go)
	}
	if mode := os.Getenv(agentEnv); mode == "seal" {
		os.Exit(sealAgent(os.Args[len(os.Args)-3:]))
	} else if mode != "" {
		os.Exit(testAgent(mode))
	}
	os.Exit(m.Run())
}

// testAgent plays the first legal action of every turn ("first"), or
// exits with status 3 at its first turn ("crash").
func testAgent(mode string) int {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<16), table.MaxLine)
	for sc.Scan() {
		var m struct {
			Type    string   `json:"type"`
			Version int      `json:"version"`
			Legal   []string `json:"legal"`
		}
		if json.Unmarshal(sc.Bytes(), &m) != nil || m.Type != table.TypeTurn {
			continue
		}
		if mode == "crash" {
			fmt.Fprintln(os.Stderr, "agent: giving up")
			return 3
		}
		fmt.Printf("{\"action\":%q,\"version\":%d}\n", m.Legal[0], m.Version)
	}
	return 0
}

// agentSeat is a cmd: seat running this test binary as the agent.
func agentSeat(t *testing.T, mode string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(agentEnv, mode)
	return "cmd:" + exe + " -test.run=^$"
}

// play runs the CLI with the real games.
func play(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return cardtableWith(t, games.All(), stdin, args...)
}

// playCase is a game to play through the protocols.
type playCase struct {
	game string
	opts []string
	seed uint64
}

var playCases = []playCase{
	{"war", nil, 3},
	{"war", []string{"-o", "players=3,slap=5,max-battles=300"}, 4},
	{"regicide", []string{"-o", "players=2"}, 5},
	{"regicide", nil, 7},
	{"watchtower", []string{"-o", "players=3"}, 8},
}

// humanActions plays c's game with a random bot in the person's seat (seat
// 0) and the play command's default bots elsewhere, and returns the
// person's actions: a script that, typed in, plays the same game.
func humanActions(t *testing.T, c playCase) []string {
	t.Helper()
	g, _ := games.Lookup(c.game)
	var optArgs []string
	for i := 1; i < len(c.opts); i += 2 {
		optArgs = append(optArgs, c.opts[i])
	}
	opts, err := resolveOptions(g, optArgs)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.New(g, opts, engine.Setup{Seed: c.seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]table.Player, tb.NumSeats())
	for i := range ps {
		spec := bots.Spec{Name: bots.Default(c.game)}
		if i == 0 {
			spec.Name = "random"
		}
		if ps[i], err = table.NewBot(tb, spec, c.seed, i); err != nil {
			t.Fatal(err)
		}
	}
	if err := (&table.Runner{Table: tb, Players: ps}).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var script []string
	for _, a := range tb.Record().Actions {
		if a.Seat == 0 {
			script = append(script, a.Action)
		}
	}
	return script
}

var actionLine = regexp.MustCompile(`(?m)^\d+\. seat \d+: .*$`)

// finalBlock is a transcript's end: the final public view and the result.
func finalBlock(t *testing.T, transcript string) string {
	t.Helper()
	_, after, ok := strings.Cut(transcript, "\nfinal:\n")
	if !ok {
		t.Fatalf("no final view in:\n%s", transcript)
	}
	block, _, _ := strings.Cut(after, "\nseed ")
	return strings.TrimRight(block, "\n")
}

// sameActions checks the action lines a seat was shown against the
// replay's: the same lines, except that an action the seat may not fully
// know is written as the game tells it (Watchtower's "give" without the
// given card).
func sameActions(t *testing.T, seen, replayed []string) {
	t.Helper()
	if len(replayed) < 2 {
		t.Fatalf("the replay has %d action lines", len(replayed))
	}
	if len(seen) != len(replayed) {
		t.Fatalf("%d action lines, the replay has %d", len(seen), len(replayed))
	}
	for i := range seen {
		if seen[i] != replayed[i] && !(strings.HasSuffix(seen[i], ": give") && strings.HasPrefix(replayed[i], seen[i]+" ")) {
			t.Fatalf("action line %d: %q, the replay says %q", i+1, seen[i], replayed[i])
		}
	}
}

// A script typed into plain-text mode plays the game it was made from,
// and the transcript matches `cardtable replay` of the saved record: the
// same action lines ("N. seat K: ACTION", the person's own actions in full,
// others' as the person may know them), the same final public view and
// result.
func TestPlayLinesMatchesReplay(t *testing.T) {
	for _, c := range playCases {
		t.Run(c.game+strings.Join(c.opts, ""), func(t *testing.T) {
			script := humanActions(t, c)
			path := filepath.Join(t.TempDir(), "game.json")
			args := append([]string{"play", c.game, "--seed", fmt.Sprint(c.seed), "--save", path}, c.opts...)
			out, errOut, code := play(t, strings.Join(script, "\n")+"\n", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s\n%s", code, errOut, out)
			}
			replayed, errOut, code := play(t, "", "replay", path)
			if code != 0 {
				t.Fatalf("replay: exit %d: %s", code, errOut)
			}
			sameActions(t, actionLine.FindAllString(out, -1), actionLine.FindAllString(replayed, -1))
			if got, want := finalBlock(t, out), finalBlock(t, replayed); got != want {
				t.Errorf("final block:\n%s\nthe replay's:\n%s", got, want)
			}
			for _, want := range []string{"seat 1: you\n", "your move (seat 1, version ", "seed " + fmt.Sprint(c.seed)} {
				if !strings.Contains(out, want) {
					t.Errorf("transcript lacks %q", want)
				}
			}
			if strings.Contains(out, "seat 0") {
				t.Errorf("the transcript numbers a seat from 0")
			}
		})
	}
}

// jsonSession plays the person's seat over the JSON protocol: each turn is
// answered with the script's next action, after a garbage line whose error
// is checked. It returns every message received.
func jsonSession(t *testing.T, script []string, args ...string) ([]table.Message, string, int) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut bytes.Buffer
	a := newApp(inR, outW, &errOut)
	a.games = games.All
	done := make(chan int)
	go func() {
		code := run(context.Background(), args, a)
		outW.Close()
		done <- code
	}()
	var msgs []table.Message
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	garbage := true
	for sc.Scan() {
		var m table.Message
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &raw); err != nil {
			t.Fatalf("not JSON: %s", sc.Text())
		}
		json.Unmarshal(raw["type"], &m.Type)
		json.Unmarshal(raw["version"], &m.Version)
		json.Unmarshal(raw["code"], &m.Code)
		json.Unmarshal(raw["action"], &m.Action)
		if r, ok := raw["result"]; ok {
			m.Result = &engine.Result{}
			json.Unmarshal(r, m.Result)
		}
		m.Actor = new(int)
		if json.Unmarshal(raw["actor"], m.Actor) != nil {
			m.Actor = nil
		}
		msgs = append(msgs, m)
		switch {
		case m.Type == table.TypeTurn && garbage:
			fmt.Fprintln(inW, `{"action": play}`)
			garbage = false
		case m.Type == table.TypeTurn:
			// The turn after the garbage line's error included: every
			// refusal is followed by the turn again (docs/protocol-agent.md).
			fmt.Fprintf(inW, "{\"action\":%q,\"version\":%d}\n", script[0], m.Version)
			script = script[1:]
		case m.Type == table.TypeEnd:
			inW.Close()
		}
	}
	inW.Close()
	return msgs, errOut.String(), <-done
}

// The same scripts played over the JSON protocol: one garbage line gets a
// bad-message error and changes nothing, the events name the replay's
// actions, and the end's result is the replay's.
func TestPlayJSONMatchesReplay(t *testing.T) {
	for _, c := range playCases {
		t.Run(c.game+strings.Join(c.opts, ""), func(t *testing.T) {
			script := humanActions(t, c)
			path := filepath.Join(t.TempDir(), "game.json")
			args := append([]string{"play", c.game, "--seed", fmt.Sprint(c.seed), "--save", path, "--protocol", "json"}, c.opts...)
			msgs, errOut, code := jsonSession(t, script, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if msgs[0].Type != table.TypeHello || msgs[len(msgs)-1].Type != table.TypeEnd {
				t.Fatalf("first %s, last %s; want hello ... end", msgs[0].Type, msgs[len(msgs)-1].Type)
			}
			var seen []string
			errors := 0
			for _, m := range msgs {
				switch m.Type {
				case table.TypeEvent:
					seen = append(seen, table.ActionLine(m.Version, *m.Actor, m.Action))
				case table.TypeError:
					errors++
				}
			}
			if errors != 1 {
				t.Errorf("%d errors, want 1 (the garbage line)", errors)
			}
			f, _ := os.Open(path)
			rec, err := record.Decode(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			replayed, _, _ := play(t, "", "replay", path)
			sameActions(t, seen, actionLine.FindAllString(replayed, -1))
			s, _, err := record.Replay(rec)
			if err != nil || !s.Terminal() {
				t.Fatalf("the saved record does not replay to the end: %v", err)
			}
			got, _ := json.Marshal(msgs[len(msgs)-1].Result)
			want, _ := json.Marshal(s.Result())
			if !bytes.Equal(got, want) {
				t.Errorf("end result %s, the replay's %s", got, want)
			}
			if !strings.Contains(errOut, "seed "+fmt.Sprint(c.seed)) {
				t.Errorf("stderr does not give the seed: %q", errOut)
			}
		})
	}
}

// python3 finds the interpreter; under CI=true its absence fails the test.
func python3(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 is missing; CI installs it (.ci/run)")
		}
		t.Skip("python3 is not installed; the example agent's test needs it")
	}
	return path
}

// The example agent plays Regicide over nothing but the protocol: a
// whole game, and a run of games reported like sim.
func TestPythonExampleAgent(t *testing.T) {
	py := python3(t)
	seat := "cmd:" + py + " ../../examples/regicide_agent.py"
	out, errOut, code := play(t, "", "play", "regicide", "--seats", seat, "--seed", "7", "--timeout", "2m")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{"seat 1: seat 1 (program cmd:", "\n1. seat 1: ", "final:", "result: ", "seed 7"} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	out, errOut, code = play(t, "", "play", "regicide", "--seats", seat, "-n", "4", "--json", "-q", "--timeout", "2m")
	var rep struct {
		Games int64
		Team  *struct{ Wins int64 }
		Bots  []string
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("-n 4 --json: exit %d: %s\n%s", code, errOut, out)
	}
	if rep.Games != 4 || rep.Team == nil || len(rep.Bots) != 1 || rep.Bots[0] != seat {
		t.Errorf("report: %+v", rep)
	}
}

// Programs and bots play many games; the report is sim's, and bots alone
// give sim's own figures for the same seed.
func TestPlayManyReportsLikeSim(t *testing.T) {
	agent := agentSeat(t, "first")
	out, errOut, code := play(t, "", "play", "watchtower", "--seats", agent+",heuristic", "-n", "6", "-q", "--timeout", "2m")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Watchtower: 6 games, seed 1 (state path)", "per bot", "heuristic", "95% CI", "time per decision", "  2     heuristic"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	playJSON, _, _ := play(t, "", "play", "regicide", "-o", "players=2", "--seats", "heuristic,heuristic", "-n", "20", "--json", "-q")
	simJSON, _, _ := play(t, "", "sim", "regicide", "-o", "players=2", "-n", "20", "--json", "-q", "--no-fast-path")
	var a, b struct {
		Team   struct{ Wins int64 }
		Length struct{ Mean float64 }
	}
	json.Unmarshal([]byte(playJSON), &a)
	json.Unmarshal([]byte(simJSON), &b)
	if a != b || a.Length.Mean == 0 {
		t.Errorf("play -n of bots: %+v; sim: %+v", a, b)
	}
}

// A program that crashes ends the game with a message naming the seat and
// what it did; the record so far is kept in a file that play goes on with.
func TestPlayProgramCrashKeepsTheRecord(t *testing.T) {
	out, errOut, code := play(t, "", "play", "war", "--seed", "2", "--seats", "heuristic,"+agentSeat(t, "crash"), "--timeout", "2m")
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{"seat 2: program", "closed its output before moving", "exit status 3", "agent: giving up", "the game so far is in "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q: %s", want, errOut)
		}
	}
	_, kept, _ := strings.Cut(errOut, "the game so far is in ")
	kept, _, _ = strings.Cut(kept, " ")
	defer os.Remove(kept)
	replayed, rerr, rcode := play(t, "", "replay", kept)
	if rcode != 0 || !strings.Contains(replayed, "result: the game is not over") {
		t.Fatalf("the kept record %s: exit %d %s\n%s", kept, rcode, rerr, replayed)
	}
	_, errOut, code = play(t, "", "play", "--record", kept)
	if code != 2 || !strings.Contains(errOut, "seat 2 played by a program") || !strings.Contains(errOut, "a record never starts programs") {
		t.Errorf("--record naming a program: exit %d, %s; want a refusal", code, errOut)
	}
	out, errOut, code = play(t, "", "play", "--record", kept, "--seats", "heuristic,heuristic", "--save", kept)
	if code != 0 || !strings.Contains(out, "result: seat") {
		t.Fatalf("going on with the kept record: exit %d %s\n%s", code, errOut, out)
	}
}

// A game stopped half-way (the input ends) is saved, goes on from its last
// position with --record, and once finished is reviewed as a transcript.
func TestPlayResumeAndReview(t *testing.T) {
	c := playCase{"regicide", []string{"-o", "players=2"}, 11}
	script := humanActions(t, c)
	if len(script) < 4 {
		t.Fatalf("script of %d actions", len(script))
	}
	path := filepath.Join(t.TempDir(), "game.json")
	half := len(script) / 2
	args := append([]string{"play", c.game, "--seed", "11", "--save", path}, c.opts...)
	_, errOut, code := play(t, strings.Join(script[:half], "\n")+"\n", args...)
	if code != 1 || !strings.Contains(errOut, "seat 1: the input ended before a move") {
		t.Fatalf("half a script: exit %d, %s", code, errOut)
	}
	out, errOut, code := play(t, strings.Join(script[half:], "\n")+"\n", "play", "--record", path)
	if code != 0 || !strings.Contains(out, "result: ") {
		t.Fatalf("resume: exit %d %s\n%s", code, errOut, out)
	}
	full := filepath.Join(t.TempDir(), "full.json")
	play(t, strings.Join(script, "\n")+"\n", append([]string{"play", c.game, "--seed", "11", "--save", full}, c.opts...)...)
	resumed, _, _ := play(t, "", "replay", path)
	whole, _, _ := play(t, "", "replay", full)
	if resumed != whole {
		t.Errorf("the resumed game's replay differs from the game played at once:\n%s\n---\n%s", resumed, whole)
	}
	review, _, code := play(t, "", "play", "--record", full)
	if code != 0 || review != whole {
		t.Errorf("reviewing a finished record: exit %d, not the replay's transcript:\n%s", code, review)
	}
}

func TestPlayUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play"}, "name a game"},
		{[]string{"play", "chess"}, `unknown game "chess"`},
		{[]string{"play", "war", "-o", "players=2", "--seats", "heuristic,heuristic,heuristic"}, "3 seats given for a 2-seat game"},
		{[]string{"play", "regicide", "--seats", "human,grandmaster"}, `seat 2: bots: no bot "grandmaster"`},
		{[]string{"play", "regicide", "--seats", "human,human"}, "2 people seated"},
		{[]string{"play", "regicide", "-n", "5"}, "seat no person"},
		{[]string{"play", "regicide", "--protocol", "xml"}, `--protocol "xml": give lines`},
		{[]string{"play", "regicide", "--seed", "x"}, `--seed "x": give a whole number`},
		{[]string{"play", "regicide", "--seats", "cmd:"}, "names no program"},
		{[]string{"play", "war", "--record", "x.json"}, "drop the game name"},
		{[]string{"play", "war", "--seats", "heuristic,random", "-n", "3", "--save", "x.json"}, "--save and --record are for one game"},
	} {
		_, errOut, code := play(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("cardtable %v: exit %d, stderr %q; want exit 2 and one line containing %q", tc.args, code, errOut, tc.want)
		}
	}
	_, errOut, code := play(t, "", "play", "regicide", "--seats", "cmd:/no/such/agent")
	if code != 1 || !strings.Contains(errOut, `seat 1: table: cannot start program "/no/such/agent"`) {
		t.Errorf("a missing program: exit %d, %q", code, errOut)
	}
}

func TestPlayHelp(t *testing.T) {
	out, _, code := play(t, "", "play", "--help")
	for _, want := range []string{"Examples:", "cardtable play regicide", "--seats", "cmd:PROGRAM", "--protocol", "--record", "docs/protocol-agent.md"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("play --help lacks %q (exit %d)", want, code)
		}
	}
}
