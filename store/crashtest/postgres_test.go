package crashtest

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	"cardtable/store/postgres/pgtest"
)

// TestMain starts one throwaway PostgreSQL for the PostgreSQL tests and
// removes the shared cardtable binary at the end.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// TestCrashPostgres plays TestCrash's games on cardtable serve --db
// postgres://...: kill -9 of the server mid-game, a restart on the same
// database, every acknowledged action kept and the game played to its end.
func TestCrashPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardtable and runs it as a process; not in -short")
	}
	bin := build(t)
	scenarios := scenarios()
	ports := freePorts(t, len(scenarios))
	for i, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel() // each scenario has its own server, port and database
			crash(t, bin, sc, fmt.Sprintf("127.0.0.1:%d", ports[i]), pgtest.DB(t))
		})
	}
}

// TestSecondServerRefused: a second cardtable serve on a database another
// serves is refused, naming the holder, and the first goes on serving;
// once the first is killed (kill -9) a new one starts on the database.
func TestSecondServerRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardtable and runs it as a process; not in -short")
	}
	bin := build(t)
	db := pgtest.DB(t)
	first := start(t, bin, fmt.Sprintf("127.0.0.1:%d", freePorts(t, 1)[0]), db)
	out, err := exec.Command(bin, "serve", "--addr", fmt.Sprintf("127.0.0.1:%d", freePorts(t, 1)[0]), "--db", db).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "in use by another cardtable serve") || !strings.Contains(string(out), `application "cardtable"`) {
		t.Fatalf("a second server on the database: %v\n%s\nwant it refused naming the holder", err, out)
	}
	var c created
	first.api("POST", "/api/tables", map[string]any{"game": "war", "name": "ann", "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c, http.StatusCreated)
	first.kill9()
	again := start(t, bin, fmt.Sprintf("127.0.0.1:%d", freePorts(t, 1)[0]), db)
	var got struct {
		ID string `json:"id"`
	}
	again.api("GET", "/api/tables/"+c.ID, nil, &got, http.StatusOK)
	if got.ID != c.ID {
		t.Errorf("the server started after the kill does not have the table: %+v", got)
	}
}
