package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"cardtable/table"
)

// sealAgent is a program seat of TestPlaySealedWindow, role "a" or "b"
// (os.Args ends with ROLE ANSWER DIR). Both flip, and pass in every slap
// window but the first. In the first, a answers ANSWER ("silent": not
// until b has answered) and notes in DIR/asked that its answer was taken
// (its sealed came back); b waits for that note, then passes. Each writes
// every line it is told to DIR/ROLE.log, b with a "--- answered" line where
// it answered the window.
func sealAgent(args []string) int {
	role, answer, dir := args[0], args[1], args[2]
	log, err := os.Create(filepath.Join(dir, role+".log"))
	if err != nil {
		return 4
	}
	defer log.Close()
	out := bufio.NewWriter(os.Stdout)
	send := func(action string, v int) {
		fmt.Fprintf(out, "{\"action\":%q,\"version\":%d}\n", action, v)
		out.Flush()
	}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<16), table.MaxLine)
	window := -1
	for sc.Scan() {
		fmt.Fprintf(log, "%s\n", sc.Bytes())
		var m wireLine
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			return 5
		}
		switch {
		case m.Type == table.TypeSealed && role == "a" && m.Version == window:
			note(dir, "asked")
		case m.Type != table.TypeTurn:
		case !slices.Contains(m.Legal, "pass"):
			send(m.Legal[0], m.Version)
		case window >= 0:
			send("pass", m.Version)
		case role == "a" && answer == "silent":
			window = m.Version
			note(dir, "asked")
			if !waitNote(dir, "b-done") {
				note(dir, "b-not-asked")
			}
			send("pass", m.Version)
		case role == "a":
			window = m.Version
			send(answer, m.Version)
		default:
			window = m.Version
			waitNote(dir, "asked")
			fmt.Fprintln(log, "--- answered")
			send("pass", m.Version)
			note(dir, "b-done")
		}
	}
	return 0
}

func note(dir, name string) { os.WriteFile(filepath.Join(dir, name), nil, 0o644) }

// waitNote waits for the other agent's note (bounded: a guard, not a
// timing), reporting whether it came.
func waitNote(dir, name string) bool {
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

// An answer in a simultaneous window is hidden information over the agent
// protocol of `cardtable play` too: two programs play Slap War, and at the
// first slap window seat 2 slaps (claiming 40 ms or 1500 ms: the table
// measures it either way), passes, or stays silent before seat 1 answers (both are asked at once: seat 1's turn does not
// wait for seat 2's answer). Everything seat 1's program is told until it
// answers, and the spectator's transcript until the window closes, are the
// same every time; seat 2 alone hears its answer taken (sealed, version
// unchanged); at the close both answers come at once in seat order, seat
// 1's first although it came last.
func TestPlaySealedWindow(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(agentEnv, "seal")
	var before, transcript string
	for _, answer := range []string{"silent", "slap@40", "slap@1500", "pass"} {
		dir := t.TempDir()
		seat := func(role string) string { return fmt.Sprintf("cmd:%s -test.run=^$ %s %s %s", exe, role, answer, dir) }
		out, errOut, code := play(t, "", "play", "war", "--seed", "7", "-o", "slap=5,max-battles=100", "--seats", seat("b")+","+seat("a"), "--timeout", "1m")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", answer, code, errOut)
		}
		if _, err := os.Stat(filepath.Join(dir, "b-not-asked")); err == nil {
			t.Errorf("%s: seat 1 was not asked at the slap window until seat 2 answered", answer)
		}
		b, _ := os.ReadFile(filepath.Join(dir, "b.log"))
		a, _ := os.ReadFile(filepath.Join(dir, "a.log"))
		told, after, ok := strings.Cut(string(b), "--- answered\n")
		if !ok {
			t.Fatalf("%s: seat 1 met no slap window:\n%s", answer, b)
		}
		v := lastMessage(t, told).Version
		// At the close, seat 1 is told both answers at once, in seat order
		// (after its own answer's sealed, when it answered first).
		close := strings.SplitN(ownSealedOut(after), "\n", 3)
		first, second := lastMessage(t, close[0]), lastMessage(t, close[1])
		want := answer
		switch {
		case answer == "silent":
			want = "pass"
		case strings.HasPrefix(answer, "slap@"):
			// The table times the slap itself: whatever the program
			// claims, it is played as the time it took to answer.
			if !measuredSlap.MatchString(second.Action) {
				t.Errorf("%s: seat 2's slap was played as %q, not a measured slap", answer, second.Action)
			}
			want = second.Action
		}
		if first.Type != table.TypeEvent || *first.Actor != 0 || first.Action != "pass" || first.Version != v+1 ||
			second.Type != table.TypeEvent || *second.Actor != 1 || second.Action != want || second.Version != v+2 {
			t.Errorf("%s: seat 1 heard at the window's close\n%s\n%s\nwant seat 1's pass (version %d) then seat 2's %s", answer, close[0], close[1], v+1, want)
		}
		if answer != "silent" && !sealedAt(string(a), v, want) {
			t.Errorf("%s: seat 2 was not told its answer sealed at version %d:\n%s", answer, v, a)
		}
		lines := actionLine.FindAllString(out, -1)
		i := slices.Index(lines, table.ActionLine(v+1, 0, "pass"))
		if i < 0 || i+1 == len(lines) || lines[i+1] != table.ActionLine(v+2, 1, want) {
			t.Errorf("%s: the transcript does not show the window's answers together in seat order:\n%s", answer, out)
		}
		seen, _, _ := strings.Cut(out, table.ActionLine(v+1, 0, "pass"))
		// What differs by design: the seats' command lines (in hello and
		// the transcript's header), and seat 1's own earlier flips, sealed
		// when it flipped first (its flips race seat 2's).
		plain := strings.NewReplacer(seat("a"), "cmd:A", seat("b"), "cmd:B")
		told, seen = ownSealedOut(plain.Replace(told)), plain.Replace(seen)
		if before == "" {
			before, transcript = told, seen
			continue
		}
		if told != before {
			t.Errorf("seat 1's program was told more when seat 2 answered %s than when it was silent:\n%s\n---\n%s", answer, before, told)
		}
		if seen != transcript {
			t.Errorf("the spectator's transcript before the window closed differs when seat 2 answered %s", answer)
		}
	}
}

// measuredSlap is a slap as the table plays it: at the milliseconds it
// measured.
var measuredSlap = regexp.MustCompile(`^slap@[0-9]+$`)

// wireLine is what the agents and the test read of a protocol line.
type wireLine struct {
	Type    string   `json:"type"`
	Version int      `json:"version"`
	Actor   *int     `json:"actor"`
	Action  string   `json:"action"`
	Legal   []string `json:"legal"`
}

// sealedAt reports whether log has a sealed answer action at version v.
func sealedAt(log string, v int, action string) bool {
	for _, l := range strings.Split(log, "\n") {
		var m wireLine
		if json.Unmarshal([]byte(l), &m) == nil && m.Type == table.TypeSealed && m.Version == v && m.Action == action {
			return true
		}
	}
	return false
}

// ownSealedOut drops the sealed lines of a log.
func ownSealedOut(log string) string {
	var kept []string
	for _, l := range strings.SplitAfter(log, "\n") {
		if !strings.HasPrefix(l, `{"type":"sealed"`) {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "")
}

// lastMessage decodes the last JSON line of lines.
func lastMessage(t *testing.T, lines string) wireLine {
	t.Helper()
	all := strings.Split(strings.TrimRight(lines, "\n"), "\n")
	var m wireLine
	if err := json.Unmarshal([]byte(all[len(all)-1]), &m); err != nil {
		t.Fatalf("%v: %q", err, all[len(all)-1])
	}
	return m
}
