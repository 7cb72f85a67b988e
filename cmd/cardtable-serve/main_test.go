package main

import (
	"bufio"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// build compiles this program into a temporary folder.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "cardtable-serve")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// The program built from this folder serves the lobby on a SQLite file,
// stores there, and stops on Ctrl-C (exit 0).
func TestServesTheLobby(t *testing.T) {
	bin := build(t)
	db := filepath.Join(t.TempDir(), "tables.db")
	cmd := exec.Command(bin, "--addr", "127.0.0.1:0", "--db", db, "--log-format", "json")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("first line: %v", err)
	}
	m := regexp.MustCompile(`^cardtable-serve: open (http://localhost:\d+/) \(tables in (.*); Ctrl-C stops\)`).FindStringSubmatch(line)
	if m == nil || m[2] != db {
		t.Fatalf("first line %q: want the address to open and the file %s", line, db)
	}
	for path, want := range map[string]string{"": `data-i18n="web.lobby.page-title"`, "api/tables": `{"tables":[]}`} {
		resp, err := http.Get(m[1] + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET /%s: %d %.200q, want 200 with %q", path, resp.StatusCode, body, want)
		}
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("the SQLite file: %v", err)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("after Ctrl-C: %v, want exit 0", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("still serving 30 s after Ctrl-C")
	}
}

// What is not built into this program (a PostgreSQL --db, --nats) is a
// usage error (exit 2) naming cardtable serve, without the password; the
// shared serve flags are refused as cardtable serve refuses them.
func TestRefusesWhatIsNotBuiltIn(t *testing.T) {
	bin := build(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--db", "postgres://cardtable:s3cret@db.internal/cardtable"}, "--db postgres://cardtable:xxxxx@db.internal/cardtable: a database server (PostgreSQL) is not built into this program; use cardtable serve for it (go run ./cmd/cardtable serve)"},
		{[]string{"--nats", "nats://127.0.0.1:4222"}, "--nats nats://127.0.0.1:4222: a cluster of nodes needs PostgreSQL and NATS; use cardtable serve"},
		{[]string{"--bot-max-workers", "0"}, "--bot-max-workers 0: give 1 or more"},
		{[]string{"--no-such-flag"}, "unknown flag --no-such-flag"},
	} {
		out, err := exec.Command(bin, c.args...).CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 {
			t.Errorf("%v: %v, want exit 2", c.args, err)
		}
		if !strings.HasPrefix(string(out), "cardtable-serve: ") || !strings.Contains(string(out), c.want) || strings.Contains(string(out), "s3cret") || strings.Count(string(out), "\n") != 1 {
			t.Errorf("%v: %q, want one line with %q (and no password)", c.args, out, c.want)
		}
	}
}

// This program stays lean: none of what makes cardtable's first build
// long (PostgreSQL's driver, NATS, the terminal UI, the study commands and
// their plots) is compiled into it.
func TestCompilesNoneOfTheHeavyParts(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, heavy := range []string{"github.com/jackc/", "github.com/nats-io/", "charm.land/", "gonum.org/", "github.com/prometheus/",
		"cardtable/store/postgres", "cardtable/cluster", "cardtable/tui", "cardtable/arena", "cardtable/sim/plot"} {
		for _, d := range deps {
			if strings.HasPrefix(d, heavy) {
				t.Errorf("cardtable-serve compiles %s", d)
				break
			}
		}
	}
	if !strings.Contains(" "+strings.Join(deps, " ")+" ", " modernc.org/sqlite ") {
		t.Error("cardtable-serve lacks the embedded SQLite store")
	}
}
