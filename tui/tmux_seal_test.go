package tui

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"cardtable/table"
)

// sealAgentEnv makes this test binary, started as a program seat by the
// real cardtable binary, play sealAgent instead of running tests.
const sealAgentEnv = "CARDTABLE_TUI_TEST_AGENT"

func TestMain(m *testing.M) {
	if os.Getenv(sealAgentEnv) != "" {
		os.Exit(sealAgent(os.Args[len(os.Args)-2], os.Args[len(os.Args)-1]))
	}
	os.Exit(m.Run())
}

// sealAgent plays seat 2 of TestTmuxSlapWindowSealed: it flips, and at
// the first slap window answers answer ("silent": never), then leaves the
// note DIR/answered (after its answer is written); it passes at every
// later window.
func sealAgent(answer, dir string) int {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<16), table.MaxLine)
	first := true
	for sc.Scan() {
		var m struct {
			Type    string   `json:"type"`
			Version int      `json:"version"`
			Legal   []string `json:"legal"`
		}
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			return 5
		}
		if m.Type != table.TypeTurn {
			continue
		}
		action := m.Legal[0]
		if slices.Contains(m.Legal, "pass") {
			action = "pass"
			if first {
				first, action = false, answer
			}
		}
		if action != "silent" {
			fmt.Printf("{\"action\":%q,\"version\":%d}\n", action, m.Version)
		}
		if answer == action || action == "silent" {
			os.WriteFile(filepath.Join(dir, "answered"), nil, 0o644)
		}
	}
	return 0
}

// An answer in a simultaneous window is hidden information on the real
// terminal table: the person plays Slap War in tmux against a program in
// seat 2, which at the first slap window slaps (claiming 40 ms or 1500
// ms: the table measures it either way), passes or stays silent. Once it has answered, the person's screen (the
// countdown aside) is the same every time, and names no answer of seat
// 2's; when the person slaps, the window closes and both answers appear
// at once, the person's (seat 1) first.
func TestTmuxSlapWindowSealed(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var before string
	for _, answer := range []string{"silent", "slap@40", "slap@1500", "pass"} {
		t.Run(answer, func(t *testing.T) {
			dir := t.TempDir()
			program := fmt.Sprintf("cmd:%s -test.run=^$ %s %s", exe, answer, dir)
			p := startPane(t, 100, 30, dir, []string{sealAgentEnv + "=1"}, "play", "war", "--seed", "7", "-o", "slap=5", "-o", "slap-window=20s",
				"--speed", "0", "--seats", "human,"+program)
			p.wait("War", "Slap War on 5", "▸ flip")
			flipToSlap(t, p)
			end := time.Now().Add(deadline)
			for _, err := os.Stat(filepath.Join(dir, "answered")); err != nil; _, err = os.Stat(filepath.Join(dir, "answered")) {
				if time.Now().After(end) {
					t.Fatal("the program did not answer at the slap window")
				}
				time.Sleep(10 * time.Millisecond)
			}
			screen := countdown.ReplaceAllString(p.wait("SLAP!"), "SLAP! (countdown)")
			if strings.Contains(screen, "seat 2 (program): pass") || strings.Contains(screen, "seat 2 (program): slap") {
				t.Errorf("the screen names seat 2's answer while the window is open:\n%s", screen)
			}
			if before == "" {
				before = screen
			} else if screen != before {
				t.Errorf("the person's screen at the window differs when seat 2 is silent and when it answers %s:\n%s\n---\n%s", answer, before, screen)
			}
			if answer == "silent" {
				return
			}
			p.keys("Space")
			// A program's slap is timed by the table, whatever it claims:
			// shown at the milliseconds measured.
			shown := "seat 2 (program): " + answer
			if strings.HasPrefix(answer, "slap@") {
				shown = "seat 2 (program): slap@"
			}
			s := p.wait("seat 1 (you): slap@", shown)
			if mine, theirs := strings.Index(s, "seat 1 (you): slap@"), strings.Index(s, shown); theirs < mine {
				t.Errorf("seat 2's answer is shown before the person's:\n%s", s)
			}
		})
	}
}

// flipToSlap flips once per move (the header's move number) until a slap
// window opens, so no Enter meant for a flip lands in the window.
func flipToSlap(t *testing.T, p *pane) {
	t.Helper()
	pressed := ""
	end := time.Now().Add(deadline)
	for {
		s := p.capture()
		if strings.Contains(s, "SLAP!") {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("no slap window:\n%s", s)
		}
		if move := moveNumber.FindString(s); strings.Contains(s, "▸ flip") && move != pressed {
			pressed = move
			p.keys("Enter")
		}
		time.Sleep(30 * time.Millisecond)
	}
}
