package pgtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestServer connects to a database of the throwaway server, writes and
// reads, and checks the server does not run as root.
func TestServer(t *testing.T) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, DB(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `CREATE TABLE x (n INTEGER); INSERT INTO x VALUES (41)`); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := conn.QueryRow(ctx, `SELECT n + 1 FROM x`).Scan(&n); err != nil || n != 42 {
		t.Fatalf("SELECT gave %d, %v", n, err)
	}
	var pid int
	if err := conn.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat("/proc/" + strconv.Itoa(pid))
	if err != nil {
		t.Skipf("cannot see the server's process: %v", err)
	}
	if uid := statUID(fi); uid == 0 {
		t.Errorf("the PostgreSQL backend %d runs as root", pid)
	}
}

// TestDBsApart: two databases of one server do not see each other's tables.
func TestDBsApart(t *testing.T) {
	ctx := context.Background()
	a, err := pgx.Connect(ctx, DB(t))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close(ctx)
	b, err := pgx.Connect(ctx, DB(t))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close(ctx)
	if _, err := a.Exec(ctx, `CREATE TABLE only_a (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Exec(ctx, `SELECT * FROM only_a`); err == nil {
		t.Error("database b sees database a's table")
	}
}

// TestHelperDies is run by TestWatchdog as a child test process: it says
// where its server is and dies without stopping it.
func TestHelperDies(t *testing.T) {
	if os.Getenv("PGTEST_HELPER") != "die" {
		t.Skip("run by TestWatchdog")
	}
	fmt.Println("DIR", Current(t).Dir())
	os.Exit(3)
}

// TestWatchdog: a test process that dies without Stop leaves no server:
// its watchdog stops it and removes its folder.
func TestWatchdog(t *testing.T) {
	Current(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperDies$")
	cmd.Env = append(os.Environ(), "PGTEST_HELPER=die")
	out, _ := cmd.Output()
	_, dir, ok := strings.Cut(strings.TrimSpace(string(out)), "DIR ")
	if !ok || !strings.HasPrefix(dir, os.TempDir()) {
		t.Fatalf("the child test said %q", out)
	}
	for range 600 {
		if _, err := os.Stat(dir); os.IsNotExist(err) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("a minute after its test process died, %s is still there", dir)
}

// recorder is a testing.TB that records a failure or a skip instead of
// ending the test.
type recorder struct {
	testing.TB
	failed, skipped string
}

func (r *recorder) Helper()                      {}
func (r *recorder) Fatalf(f string, args ...any) { r.failed = fmt.Sprintf(f, args...) }
func (r *recorder) Skipf(f string, args ...any)  { r.skipped = fmt.Sprintf(f, args...) }

// TestMissingFailsUnderCI: without a server, Current fails the test under
// CI=true and skips it otherwise, saying why.
func TestMissingFailsUnderCI(t *testing.T) {
	saved, savedWhy := current, missing
	defer func() { current, missing = saved, savedWhy }()
	current, missing = nil, "PostgreSQL is not installed"
	t.Setenv("CI", "true")
	r := &recorder{TB: t}
	Current(r)
	if !strings.Contains(r.failed, "PostgreSQL is not installed") || r.skipped != "" {
		t.Errorf("under CI=true: failed %q, skipped %q; want a failure with the reason", r.failed, r.skipped)
	}
	t.Setenv("CI", "")
	r = &recorder{TB: t}
	Current(r)
	if !strings.Contains(r.skipped, "PostgreSQL is not installed") || r.failed != "" {
		t.Errorf("outside CI: failed %q, skipped %q; want a skip with the reason", r.failed, r.skipped)
	}
}
