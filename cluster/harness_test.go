package cluster_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"cardtable/store/postgres/pgtest"
)

// TestMain starts one throwaway PostgreSQL for the package and removes the
// binaries built for it at the end.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// built is cardtable and nats-server, compiled once for the package.
var built struct {
	once      sync.Once
	dir       string
	cardtable string
	nats      string
	err       error
}

// binaries builds cardtable and the NATS server (the module's tool
// dependency) into a temporary folder.
func binaries(t testing.TB) (cardtable, natsServer string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds cardtable and nats-server and runs them as processes; not in -short")
	}
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "clustertest-"); built.err != nil {
			return
		}
		built.cardtable = filepath.Join(built.dir, "cardtable")
		built.nats = filepath.Join(built.dir, "nats-server")
		for _, b := range [][2]string{{built.cardtable, "cardtable/cmd/cardtable"}, {built.nats, "github.com/nats-io/nats-server/v2"}} {
			args := []string{"build", "-o", b[0]}
			if os.Getenv("CLUSTER_RACE") != "" && b[1] == "cardtable/cmd/cardtable" {
				args = append(args, "-race") // the nodes under the race detector
			}
			if out, err := exec.Command("go", append(args, b[1])...).CombinedOutput(); err != nil {
				built.err = fmt.Errorf("go build %s: %v\n%s", b[1], err, out)
				return
			}
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.cardtable, built.nats
}

// freePort is a loopback port nobody listens on now.
func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// proc is one process the test started.
type proc struct {
	t    testing.TB
	name string
	cmd  *exec.Cmd
	base string
	mu   sync.Mutex
	log  bytes.Buffer
	exit chan error
}

func (p *proc) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.Write(b)
}

// dumpGoroutines makes a running node write every goroutine's stack to
// its output and exit (SIGQUIT), for a wait on it that failed: the test
// logs the output when it ends.
func (p *proc) dumpGoroutines() {
	if p.cmd.ProcessState != nil || p.cmd.Process.Signal(syscall.SIGQUIT) != nil {
		return
	}
	select {
	case err := <-p.exit:
		p.exit <- err
	case <-time.After(10 * time.Second):
	}
}

func (p *proc) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

func run(t testing.TB, name, bin string, args ...string) *proc {
	t.Helper()
	p := &proc{t: t, name: name, cmd: exec.Command(bin, args...), exit: make(chan error, 1)}
	p.cmd.Stdout, p.cmd.Stderr = p, p
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exit <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Signal(syscall.SIGCONT)
			p.cmd.Process.Kill()
			<-p.exit
		}
		if strings.Contains(p.output(), "DATA RACE") {
			t.Errorf("%s reported a data race", p.name)
		}
		if t.Failed() {
			t.Logf("%s's output:\n%s", p.name, p.output())
		}
	})
	return p
}

// startNATS runs a NATS server on a free port and returns its URL.
func startNATS(t testing.TB, bin string) string {
	t.Helper()
	port := freePort(t)
	p := run(t, "nats-server", bin, "-a", "127.0.0.1", "-p", fmt.Sprint(port))
	for range 300 {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return fmt.Sprintf("nats://127.0.0.1:%d", port)
		}
		select {
		case err := <-p.exit:
			t.Fatalf("nats-server exited: %v\n%s", err, p.output())
		case <-time.After(100 * time.Millisecond):
		}
	}
	t.Fatalf("nats-server did not listen within 30 s\n%s", p.output())
	return ""
}

// startNode runs one cardtable serve node and waits for /healthz.
func startNode(t testing.TB, bin, name, db, natsURL string, extra ...string) *proc {
	t.Helper()
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	args := append([]string{"serve", "--addr", addr, "--db", db, "--nats", natsURL, "--node", name,
		"--lease", "1s", "--bot-delay", "0s"}, extra...)
	p := run(t, name, bin, args...)
	p.base = "http://" + addr
	for range 600 {
		select {
		case err := <-p.exit:
			t.Fatalf("%s exited before serving: %v\n%s", name, err, p.output())
		default:
		}
		if resp, err := http.Get(p.base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s did not answer /healthz within 60 s\n%s", name, p.output())
	return nil
}

// startNodes runs n nodes on one database and one NATS server.
func startNodes(t testing.TB, n int, extra ...string) ([]*proc, string) {
	return startNodesDSN(t, n, "", extra...)
}

// startNodesDSN is startNodes with params (a=b&c=d) added to the nodes'
// database address; the returned address has none of them.
func startNodesDSN(t testing.TB, n int, params string, extra ...string) ([]*proc, string) {
	bin, natsBin := binaries(t)
	db := pgtest.DB(t)
	natsURL := startNATS(t, natsBin)
	dsn := db
	if params != "" {
		dsn += "&" + params
	}
	var nodes []*proc
	for i := range n {
		nodes = append(nodes, startNode(t, bin, fmt.Sprintf("node%d", i), dsn, natsURL, extra...))
	}
	return nodes, db
}

// signal sends sig to the node. A SIGSTOP returns only once every thread
// of the node has stopped: kill(2) returns when the signal is queued, and
// a thread running on another CPU (or on a virtual CPU the host has
// descheduled) goes on for a while — long enough, seen in the rated
// tests, to read the database's answer to a statement the test has just
// unblocked and commit the transaction the test meant to catch half done.
func (p *proc) signal(sig syscall.Signal) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatal(err)
	}
	if sig != syscall.SIGSTOP {
		return
	}
	deadline := time.Now().Add(10 * time.Second)
	for !p.stopped() {
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: some thread still runs 10 s after SIGSTOP", p.name)
		}
		time.Sleep(time.Millisecond)
	}
}

// stopped reports whether every thread of the node is stopped (state T
// in /proc/PID/task/TID/stat).
func (p *proc) stopped() bool {
	dir := fmt.Sprintf("/proc/%d/task", p.cmd.Process.Pid)
	tasks, err := os.ReadDir(dir)
	if err != nil || len(tasks) == 0 {
		return false
	}
	for _, task := range tasks {
		b, err := os.ReadFile(dir + "/" + task.Name() + "/stat")
		if err != nil {
			return false
		}
		// The state follows the command's closing parenthesis: "PID (comm) S ...".
		i := bytes.LastIndexByte(b, ')')
		if i < 0 || i+2 >= len(b) || b[i+2] != 'T' {
			return false
		}
	}
	return true
}

// kill9 kills the node and waits for it to be gone.
func (p *proc) kill9() {
	p.t.Helper()
	p.signal(syscall.SIGKILL)
	err := <-p.exit
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		p.t.Fatalf("%s did not die of SIGKILL: %v", p.name, err)
	}
}

// api sends a JSON request and decodes the answer into out; it returns
// the status.
func (p *proc) api(method, path string, body, out any) int {
	p.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		p.t.Fatalf("%s %s %s: %v", p.name, method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			p.t.Fatalf("%s %s %s: %v in %s", p.name, method, path, err, data)
		}
	}
	return resp.StatusCode
}

// created is POST /api/tables's answer.
type created struct {
	ID           string `json:"id"`
	CreatorToken string `json:"creator_token"`
	Token        string `json:"token"`
}

// createTable creates a table of people on node p; it returns the table
// and seat 0's token.
func createTable(t testing.TB, p *proc, game string, opts map[string]string, seats int) created {
	t.Helper()
	var ss []map[string]string
	for range seats {
		ss = append(ss, map[string]string{"kind": "human"})
	}
	var c created
	if st := p.api("POST", "/api/tables", map[string]any{"game": game, "options": opts, "seats": ss, "name": "ann"}, &c); st != http.StatusCreated {
		t.Fatalf("creating a %s table on %s: status %d", game, p.name, st)
	}
	return c
}

// claim claims seat n of table id through node p and returns its token.
func claim(t testing.TB, p *proc, id string, n int) string {
	t.Helper()
	var out struct {
		Token string `json:"token"`
	}
	if st := p.api("POST", fmt.Sprintf("/api/tables/%s/seats/%d/claim", id, n), map[string]string{"name": fmt.Sprintf("p%d", n)}, &out); st != http.StatusOK || out.Token == "" {
		t.Fatalf("claiming seat %d of %s on %s: status %d", n, id, p.name, st)
	}
	return out.Token
}

// wsConn is one WebSocket connection to a node.
type wsConn struct {
	conn *websocket.Conn
	msgs chan json.RawMessage // closed when the connection ends
}

// dial connects to table id on node base with token ("" to watch).
func dial(ctx context.Context, base, id, token string) (*wsConn, error) {
	u := strings.Replace(base, "http://", "ws://", 1) + "/ws/" + id
	if token != "" {
		u += "?token=" + token
	}
	conn, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(1 << 20)
	w := &wsConn{conn: conn, msgs: make(chan json.RawMessage, 4096)}
	go func() {
		defer close(w.msgs)
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			w.msgs <- data
		}
	}()
	return w, nil
}

func (w *wsConn) send(v any) error {
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return w.conn.Write(ctx, websocket.MessageText, b)
}

func (w *wsConn) close() { w.conn.CloseNow() }
