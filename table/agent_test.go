package table

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"
)

// agentEnv makes the test binary, started as a program seat, play one of
// the test agents below instead of running tests.
const agentEnv = "CARDTABLE_TEST_AGENT"

func TestMain(m *testing.M) {
	if mode := os.Getenv(agentEnv); mode != "" {
		os.Exit(testAgent(mode))
	}
	os.Exit(m.Run())
}

// testAgent speaks the protocol on stdin/stdout: "first" plays the first
// legal action of every turn; "crash" exits with status 3 on its first
// turn; "hang" never answers; "garbage" answers with a line that is not a
// command; "noversion" answers without the version; "deaf" never reads
// its input; "reactive" is reactiveAgent; "slapper" answers slap@0 in
// every slap window, slapperDelay after its turn.
func testAgent(mode string) int {
	if mode == "deaf" {
		time.Sleep(time.Hour)
		return 0
	}
	if mode == "reactive" {
		if _, err := reactiveAgent(os.Stdin, os.Stdout, 3, false); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 4
		}
		return 0
	}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<16), MaxLine)
	for sc.Scan() {
		var m Message
		var raw struct {
			Type    string   `json:"type"`
			Version int      `json:"version"`
			Legal   []string `json:"legal"`
		}
		if err := json.Unmarshal(sc.Bytes(), &raw); err != nil {
			fmt.Fprintln(os.Stderr, "agent: bad message:", err)
			return 2
		}
		m.Type = raw.Type
		if m.Type != TypeTurn {
			continue
		}
		switch mode {
		case "crash":
			fmt.Fprintln(os.Stderr, "agent: out of ideas")
			return 3
		case "hang":
			time.Sleep(time.Hour)
		case "garbage":
			fmt.Println("I play the ace, obviously")
		case "slapper":
			// Claims the fastest slap possible in every slap window, but
			// answers a human's slow second later.
			action := raw.Legal[0] // flip: never a false slap
			if slices.Contains(raw.Legal, "pass") {
				time.Sleep(slapperDelay)
				action = "slap@0"
			}
			b, _ := json.Marshal(Command{Action: action, Version: &raw.Version})
			fmt.Println(string(b))
		case "noversion":
			b, _ := json.Marshal(Command{Action: raw.Legal[0]})
			fmt.Println(string(b))
		default:
			b, _ := json.Marshal(Command{Action: raw.Legal[0], Version: &raw.Version})
			fmt.Println(string(b))
		}
	}
	return 0
}

// agentArgv starts this test binary as the agent mode (the environment
// variable is inherited by the child).
func agentArgv(t *testing.T, mode string) []string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(agentEnv, mode)
	return []string{exe, "-test.run=^$"}
}
