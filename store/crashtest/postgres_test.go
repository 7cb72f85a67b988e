package crashtest

import (
	"os"
	"testing"

	"cardtable/store/postgres/pgtest"
)

// TestMain starts one throwaway PostgreSQL for TestCrashPostgres.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestCrashPostgres plays TestCrash's games on cardtable serve --db
// postgres://...: kill -9 of the server mid-game, a restart on the same
// database, every acknowledged action kept and the game played to its end.
func TestCrashPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardtable and runs it as a process; not in -short")
	}
	bin := build(t)
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) { crash(t, bin, sc, pgtest.DB(t)) })
	}
}
