// Package pgtest starts a throwaway PostgreSQL server for tests: Debian's
// postgresql binaries (/usr/lib/postgresql/N/bin), initdb and pg_ctl into a
// temporary folder, run as a non-root user (PostgreSQL refuses root: under
// root the server runs as the postgres system user through runuser),
// listening only on a unix socket in that folder. A test package starts
// one server in TestMain with Main and makes one database per test (or per
// group of tests) with DB.
//
// Under CI=true a missing PostgreSQL fails the tests; outside CI it is
// installed with apt-get when we are root, else the tests are skipped with
// a message saying how to install it.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is a running throwaway PostgreSQL.
type Server struct {
	bin  string // the folder of initdb, pg_ctl, postgres
	dir  string // the temporary folder: data/ and the socket
	user string // the system user the server runs as ("" for ourselves)
}

// superuser is the database role initdb creates; it trusts local
// connections, which only we can reach (the socket's folder is ours).
const superuser = "cardtable"

// port names the socket file (.s.PGSQL.5432); nothing listens on TCP.
const port = 5432

// current is the server Main started (nil before, or when it could not).
var (
	current *Server
	missing string // why there is no server, for the tests to report
)

// Main starts a server, runs the package's tests and stops the server; use
// it as TestMain's body: os.Exit(pgtest.Main(m)).
func Main(m *testing.M) int {
	s, err := Start()
	if err != nil {
		missing = err.Error()
	} else {
		current = s
	}
	code := m.Run()
	if s != nil {
		if err := s.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
		}
	}
	return code
}

// Current is the server Main started; without one it fails t under
// CI=true and skips it otherwise, saying why.
func Current(t testing.TB) *Server {
	t.Helper()
	if current != nil {
		return current
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("no PostgreSQL for the tests (CI=true, so this fails rather than skips): %s", missing)
		return nil
	}
	t.Skipf("no PostgreSQL for the tests: %s", missing)
	return nil
}

var dbs atomic.Int64

// DB makes a new empty database on the server Main started and returns
// its DSN (postgres://...). It is not dropped when t ends (that costs a
// fifth of a second); Main's Stop removes the whole cluster.
func DB(t testing.TB) string {
	t.Helper()
	s := Current(t)
	name := fmt.Sprintf("t%d_%d", os.Getpid(), dbs.Add(1))
	dsn, err := s.CreateDB(name)
	if err != nil {
		t.Fatal(err)
	}
	return dsn
}

// Start finds (or installs) PostgreSQL, makes a cluster in a new temporary
// folder and starts it.
func Start() (*Server, error) {
	bin, err := findBin()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	s := &Server{bin: bin, dir: dir}
	if os.Geteuid() == 0 {
		if err := s.runAsPostgres(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	if err := s.initdb(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := s.start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s.watch()
	return s, nil
}

// watch starts a watchdog that stops the server and removes its folder
// once this process is gone, so a test binary that dies without running
// Stop (a panic, a go test timeout, kill -9) leaves no server running on a
// shared machine. It runs in its own process group, so a Ctrl-C sent to the
// tests' group does not stop it before it has cleaned up.
func (s *Server) watch() {
	stop := strings.Join(s.command("pg_ctl", "stop", "-m", "immediate", "-w", "-D", s.data()).Args, " ")
	script := fmt.Sprintf(`while kill -0 %d 2>/dev/null; do sleep 1; done; if [ -d %s ]; then %s >/dev/null 2>&1; fi; rm -rf %s`,
		os.Getpid(), s.data(), stop, s.dir)
	cmd := exec.Command("sh", "-c", script)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest: no watchdog (a crashed test run may leave its PostgreSQL running):", err)
		return
	}
	go cmd.Wait() //nolint:errcheck // reaped only; it outlives us by design
}

// findBin is the newest /usr/lib/postgresql/N/bin holding initdb,
// installing the postgresql package when it is missing and we may.
func findBin() (string, error) {
	if bin := newestBin(); bin != "" {
		return bin, nil
	}
	if os.Getenv("CI") == "true" {
		return "", errors.New("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); .ci/run installs Debian's postgresql package")
	}
	if os.Geteuid() != 0 {
		return "", errors.New("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); install it with: sudo apt-get install -y postgresql")
	}
	fmt.Fprintln(os.Stderr, "pgtest: installing postgresql with apt-get")
	for _, args := range [][]string{{"update", "-qq"}, {"install", "-y", "-qq", "postgresql"}} {
		cmd := exec.Command("apt-get", args...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("installing postgresql: apt-get %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	if bin := newestBin(); bin != "" {
		return bin, nil
	}
	return "", errors.New("apt-get installed postgresql but no /usr/lib/postgresql/*/bin/initdb is there")
}

func newestBin() string {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(found, func(i, j int) bool { return version(found[i]) > version(found[j]) })
	if len(found) == 0 {
		return ""
	}
	return filepath.Dir(found[0])
}

// version is N of /usr/lib/postgresql/N/bin/initdb (0 if not a number).
func version(initdb string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return n
}

// runAsPostgres makes the server run as the postgres system user (the
// Debian package creates it; we create it when missing) and hands it the
// temporary folder.
func (s *Server) runAsPostgres() error {
	u, err := user.Lookup("postgres")
	if err != nil {
		out, aerr := exec.Command("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres").CombinedOutput()
		if aerr != nil {
			return fmt.Errorf("PostgreSQL will not run as root and there is no postgres user: useradd: %v\n%s", aerr, out)
		}
		if u, err = user.Lookup("postgres"); err != nil {
			return err
		}
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(s.dir, uid, gid); err != nil {
		return err
	}
	s.user = "postgres"
	return nil
}

// command runs one of the server's programs as the server's user.
func (s *Server) command(name string, args ...string) *exec.Cmd {
	prog := filepath.Join(s.bin, name)
	if s.user == "" {
		return exec.Command(prog, args...)
	}
	return exec.Command("runuser", append([]string{"-u", s.user, "--", prog}, args...)...)
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

func (s *Server) initdb() error {
	out, err := s.command("initdb", "-D", s.data(), "-U", superuser, "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync").CombinedOutput()
	if err != nil {
		return fmt.Errorf("initdb: %v\n%s", err, out)
	}
	return nil
}

// start starts the server on the socket only. fsync is off unless
// PGTEST_FSYNC=on (for benchmarks that should pay for the disk): a
// throwaway cluster need not survive a power cut, and the tests run faster
// (a committed transaction still survives the death of any process).
func (s *Server) start() error {
	fsync := "off"
	if os.Getenv("PGTEST_FSYNC") == "on" {
		fsync = "on"
	}
	opts := strings.Join([]string{
		"-c listen_addresses=''",
		"-c unix_socket_directories=" + s.dir,
		"-c port=" + strconv.Itoa(port),
		"-c fsync=" + fsync,
		"-c full_page_writes=" + fsync,
		"-c shared_buffers=32MB",
		"-c max_connections=200",
	}, " ")
	logf := filepath.Join(s.dir, "server.log")
	out, err := s.command("pg_ctl", "start", "-w", "-t", "60", "-D", s.data(), "-l", logf, "-o", opts).CombinedOutput()
	if err != nil {
		logText, _ := os.ReadFile(logf)
		return fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, logText)
	}
	return nil
}

// Stop stops the server at once and removes its folder.
func (s *Server) Stop() error {
	out, err := s.command("pg_ctl", "stop", "-m", "immediate", "-w", "-D", s.data()).CombinedOutput()
	rmErr := os.RemoveAll(s.dir)
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return rmErr
}

// Dir is the folder of the server's socket (a DSN's host).
func (s *Server) Dir() string { return s.dir }

// DSN is the address of database db: a postgres:// URL whose host is the
// socket's folder.
func (s *Server) DSN(db string) string {
	return fmt.Sprintf("postgres://%s@/%s?host=%s&port=%d&sslmode=disable", superuser, db, s.dir, port)
}

// admin runs a statement on the postgres database.
func (s *Server) admin(stmt string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return fmt.Errorf("pgtest: connecting: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, stmt); err != nil {
		return fmt.Errorf("pgtest: %s: %w", stmt, err)
	}
	return nil
}

// CreateDB makes an empty database called name (letters, digits and _)
// and returns its DSN.
func (s *Server) CreateDB(name string) (string, error) {
	if err := s.admin("CREATE DATABASE " + pgx.Identifier{name}.Sanitize()); err != nil {
		return "", err
	}
	return s.DSN(name), nil
}

// DropDB drops database name, closing the connections still on it.
func (s *Server) DropDB(name string) error {
	return s.admin("DROP DATABASE IF EXISTS " + pgx.Identifier{name}.Sanitize() + " WITH (FORCE)")
}

// StopServer stops the server at once, keeping its data, for tests of a
// database that goes away; StartServer brings it back.
func (s *Server) StopServer() error {
	out, err := s.command("pg_ctl", "stop", "-m", "immediate", "-w", "-D", s.data()).CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return nil
}

// StartServer starts a server StopServer stopped.
func (s *Server) StartServer() error { return s.start() }
