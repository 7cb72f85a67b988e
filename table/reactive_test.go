package table

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

// reactiveAgent speaks the agent protocol on in and out and only reacts
// to messages: it never polls and never retries on a timer. On each turn
// it sends a burst of commands the table must refuse around its action
// (stale and unknown actions, a refused hint; on the lenient person's seat
// also lines that are not commands), and sometimes its action is itself
// refused or left out (only a refused line is sent). After a refusal it
// waits for the fresh turn the protocol promises. A turn for the version
// its action is pending on is a duplicate unless that action was refused
// (its error carries the action's id). It returns when the game ends, or
// the number of refusals it met.
func reactiveAgent(in io.Reader, out io.Writer, seed uint64, lenient bool) (map[string]int, error) {
	rng := rand.New(rand.NewPCG(seed, 11))
	w := bufio.NewWriter(out)
	send := func(line string) {
		w.WriteString(line + "\n")
	}
	latest, pending, n := 0, -1, 0
	realID := ""
	refused := map[string]int{}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		var m struct {
			Type    string   `json:"type"`
			Version int      `json:"version"`
			Legal   []string `json:"legal"`
			Code    string   `json:"code"`
			ID      string   `json:"id"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return refused, fmt.Errorf("agent: bad message %q: %v", sc.Bytes(), err)
		}
		switch m.Type {
		case TypeHello, TypeEvent, TypeSealed:
			latest = max(latest, m.Version)
			if m.ID != "" && m.ID == realID {
				pending = -1 // answered: a turn after it is a new one
			}
		case TypeError:
			refused[m.Code]++
			if m.ID != "" && m.ID == realID {
				pending = -1
			}
		case TypeEnd:
			return refused, nil
		case TypeTurn:
			if m.Version < latest || m.Version == pending {
				continue
			}
			latest = m.Version
			n++
			junk := func() {
				id := fmt.Sprintf("j%d", n)
				switch k := rng.IntN(5); {
				case k == 0 && lenient:
					send(`I play the ace, obviously`)
				case k == 1 && lenient:
					send(`{"action":"` + m.Legal[0] + `","version":` + fmt.Sprint(m.Version) + `,"seat":3}`)
				case k == 2:
					send(`{"type":"hint","action":"dance","id":"` + id + `"}`)
				case k == 3:
					send(`{"action":"dance","version":` + fmt.Sprint(m.Version) + `,"id":"` + id + `"}`)
				default:
					send(`{"action":"` + m.Legal[0] + `","version":` + fmt.Sprint(m.Version+3) + `,"id":"` + id + `"}`)
				}
			}
			if rng.IntN(8) == 0 {
				// Only a refused line: the fresh turn after it goes on.
				if lenient {
					send(`not a command`)
				} else {
					send(`{"action":"dance","version":` + fmt.Sprint(m.Version) + `}`)
				}
				w.Flush()
				continue
			}
			if rng.IntN(3) == 0 {
				junk()
			}
			realID = fmt.Sprintf("r%d", n)
			version := m.Version
			if rng.IntN(6) == 0 {
				version += 1 + rng.IntN(3) // refused as stale
			}
			pending = m.Version
			send(fmt.Sprintf(`{"action":%q,"version":%d,"id":%q}`, m.Legal[rng.IntN(len(m.Legal))], version, realID))
			if rng.IntN(4) == 0 {
				junk()
			}
		}
		if err := w.Flush(); err != nil {
			return refused, err
		}
	}
	return refused, fmt.Errorf("agent: input ended before the end (at version %d)", latest)
}

// reactiveGames are the games the reactive agents play.
var reactiveGames = []struct {
	game string
	opts map[string]string
}{
	{"war", map[string]string{"slap": "5", "max-battles": "60"}},
	{"regicide", map[string]string{"players": "2"}},
	{"watchtower", map[string]string{"players": "2", "max-rounds": "8"}},
}

// An agent that only reacts to messages plays whole games on the lenient
// person's seat (`--protocol json`) through bursts of refused lines —
// lines that are not commands among them — because every refusal is
// followed by a fresh turn while the seat may act.
func TestReactiveAgentOnThePersonsSeat(t *testing.T) {
	total := map[string]int{}
	for i, g := range reactiveGames {
		for seed := uint64(1); seed <= 3; seed++ {
			tb := newTable(t, g.game, g.opts, seed)
			// The operating system's pipes, buffered as a program's are:
			// both ends may write a burst at once.
			toTable, fromAgent, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			toAgent, fromTable, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			p := NewJSONPlayer(toTable, fromTable)
			players := botPlayers(t, tb, seed)
			players[0] = p
			agent := make(chan error, 1)
			var met map[string]int
			go func() {
				var err error
				met, err = reactiveAgent(toAgent, fromAgent, seed+uint64(10*i), true)
				fromAgent.Close()
				agent <- err
			}()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			err = (&Runner{Table: tb, Players: players}).Run(ctx)
			cancel()
			fromTable.Close()
			aerr := <-agent
			p.Close()
			toTable.Close()
			if err != nil {
				t.Fatalf("%s seed %d: the game stopped at version %d: %v", g.game, seed, tb.Version(), err)
			}
			if aerr != nil {
				t.Fatalf("%s seed %d: %v", g.game, seed, aerr)
			}
			for code, n := range met {
				total[code] += n
			}
		}
	}
	for _, code := range []string{CodeBadMessage, CodeNotation, CodeStale} {
		if total[code] == 0 {
			t.Errorf("no %s refusal met: %v", code, total)
		}
	}
}

// The same agent as a program seat (strict: it sends only commands) plays
// whole games through bursts of refused actions.
func TestReactiveAgentAsAProgram(t *testing.T) {
	for _, g := range reactiveGames {
		tb := newTable(t, g.game, g.opts, 3)
		p, err := StartProgram(agentArgv(t, "reactive"), time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		players := botPlayers(t, tb, 3)
		players[0] = p
		err = (&Runner{Table: tb, Players: players}).Run(context.Background())
		p.Close()
		if err != nil {
			t.Fatalf("%s: %v", g.game, err)
		}
		if got := p.ExitStatus(); got != "exit status 0" {
			t.Errorf("%s: the agent ended with %q", g.game, got)
		}
	}
}
