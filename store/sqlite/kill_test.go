package sqlite

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"cardtable/store"
)

// writerEnv names the database a re-run test binary appends to (see
// TestMain and appendForever).
const writerEnv = "CARDTABLE_TEST_KILL_WRITER_DB"

const killTables = 12

// TestMain runs the package's tests, or, when writerEnv is set, is the
// writer process TestKill9 kills.
func TestMain(m *testing.M) {
	if path := os.Getenv(writerEnv); path != "" {
		if err := appendForever(path); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// appendForever opens path, creates the tables if missing, and appends to
// all of them at once from one goroutine each, printing "ack TABLE SEQ"
// once each Append has returned, until it is killed.
func appendForever(path string) error {
	s, err := Open(path)
	if err != nil {
		return err
	}
	ctx := context.Background()
	var out sync.Mutex
	w := bufio.NewWriter(os.Stdout)
	ack := func(line string) {
		out.Lock()
		defer out.Unlock()
		w.WriteString(line)
		w.Flush()
	}
	counts := make([]int, killTables)
	for i := range killTables {
		id := fmt.Sprint("k", i)
		if _, err := s.Table(ctx, id); err != nil {
			err := s.CreateTable(ctx, store.Table{ID: id, Game: "war", Seats: []store.Seat{{Kind: "bot"}, {Kind: "bot"}}, Created: time.Now()})
			if err != nil {
				return err
			}
		}
		as, err := s.Actions(ctx, id)
		if err != nil {
			return err
		}
		counts[i] = len(as)
	}
	errs := make(chan error, killTables)
	for i := range killTables {
		id := fmt.Sprint("k", i)
		go func() {
			for seq := counts[i]; ; seq++ {
				if err := s.Append(ctx, id, store.Action{Seq: seq, Seat: seq % 2, Action: "flip " + strconv.Itoa(seq), At: time.Now()}); err != nil {
					errs <- err
					return
				}
				ack(fmt.Sprintf("ack %s %d\n", id, seq))
			}
		}()
	}
	ack("ready\n")
	return <-errs
}

// TestKill9 kills a process appending to many tables at once with SIGKILL,
// three times, each after it acknowledged some hundreds of appends: every
// acknowledged action is in the file, each log has no gap, and the writer
// goes on from where each table was.
func TestKill9(t *testing.T) {
	path := t.TempDir() + "/kill.db"
	acked := map[string]int{} // the highest seq acknowledged per table
	for round := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), writerEnv+"="+path)
		cmd.Stderr = os.Stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(stdout)
		n := 0
		for lines.Scan() {
			if f := strings.Fields(lines.Text()); len(f) == 3 && f[0] == "ack" {
				seq, _ := strconv.Atoi(f[2])
				acked[f[1]] = max(acked[f[1]], seq)
				if n++; n == 400*(round+1) {
					cmd.Process.Signal(syscall.SIGKILL)
				}
			}
		}
		// Lines written before the process died are acknowledged too:
		// the scan above read them all.
		err = cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
			t.Fatalf("round %d: the writer ended otherwise than by SIGKILL (%v) after %d acks", round, err, n)
		}
		checkKilled(t, path, round, acked)
	}
}

func checkKilled(t *testing.T, path string, round int, acked map[string]int) {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatalf("round %d: reopening after kill -9: %v", round, err)
	}
	defer s.Close()
	for i := range killTables {
		id := fmt.Sprint("k", i)
		as, err := s.Actions(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		for j, a := range as {
			if a.Seq != j || a.Action != "flip "+strconv.Itoa(j) {
				t.Fatalf("round %d, table %s: action %d is %+v", round, id, j, a)
			}
		}
		if w, ok := acked[id]; ok && len(as) <= w {
			t.Errorf("round %d, table %s: seq %d was acknowledged, the file holds %d actions", round, id, w, len(as))
		}
	}
	t.Logf("round %d: %d tables, acknowledged up to %v", round, killTables, acked)
}
