package crashtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"cardtable/engine"
)

// built is the cardtable binary the package's tests share, compiled once.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// build compiles cardtable into a temporary folder, once for all the
// package's tests (TestMain removes it).
func build(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "crashtest-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "cardtable")
		out, err := exec.Command("go", "build", "-o", built.bin, "cardtable/cmd/cardtable").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// freePorts finds n distinct loopback ports nobody listens on now: each
// is held until all are found, so no two scenarios get the same one.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// server is one `cardtable serve` process.
type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
	log  *bytes.Buffer
	exit chan error
}

// start runs `cardtable serve` on addr and db and waits until /healthz
// answers.
func start(t *testing.T, bin, addr, db string, extra ...string) *server {
	t.Helper()
	args := append([]string{"serve", "--addr", addr, "--db", db, "--bot-delay", "0s"}, extra...)
	cmd := exec.Command(bin, args...)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, cmd: cmd, base: "http://" + addr, log: &log, exit: make(chan error, 1)}
	go func() { s.exit <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			<-s.exit
		}
	})
	for range 600 {
		select {
		case err := <-s.exit:
			t.Fatalf("cardtable serve exited before serving: %v\n%s", err, log.String())
		default:
		}
		resp, err := http.Get(s.base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("cardtable serve did not answer /healthz within 60 s\n%s", log.String())
	return nil
}

// kill9 kills the process with SIGKILL and waits for it to be gone.
func (s *server) kill9() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		s.t.Fatal(err)
	}
	err := <-s.exit
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		s.t.Fatalf("the server did not die of SIGKILL: %v", err)
	}
}

// api sends a JSON request and decodes the JSON answer into out, failing
// the test on any status but want.
func (s *server) api(method, path string, body, out any, want int) {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		s.t.Fatalf("%s %s: status %d, want %d: %s", method, path, resp.StatusCode, want, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			s.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
}

// created is the answer to POST /api/tables.
type created struct {
	ID      string `json:"id"`
	Seat    int    `json:"seat"`
	Token   string `json:"token"`
	Invites []struct {
		Seat int    `json:"seat"`
		URL  string `json:"url"`
	} `json:"invites"`
}

// claim takes seat n of the table with its invite link and returns its
// token.
func (s *server) claim(c created, n int, name string) string {
	s.t.Helper()
	for _, inv := range c.Invites {
		if inv.Seat != n {
			continue
		}
		u, err := url.Parse(inv.URL)
		if err != nil {
			s.t.Fatal(err)
		}
		var out struct {
			Seat  int    `json:"seat"`
			Token string `json:"token"`
		}
		s.api("POST", fmt.Sprintf("/api/tables/%s/seats/%d/claim", c.ID, n),
			map[string]string{"invite": u.Query().Get("invite"), "name": name}, &out, http.StatusOK)
		return out.Token
	}
	s.t.Fatalf("no invite for seat %d in %+v", n, c.Invites)
	return ""
}

// msg is one server message, its view kept as raw JSON.
type msg struct {
	Type    string          `json:"type"`
	Seat    int             `json:"seat"`
	Version int             `json:"version"`
	View    json.RawMessage `json:"view"`
	Legal   []string        `json:"legal"`
	Actor   *int            `json:"actor"`
	Action  string          `json:"action"`
	Result  *engine.Result  `json:"result"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
	ID      string          `json:"id"`
}

// seatMsg is a message and the seat whose connection it came on; closed
// when the connection ended.
type seatMsg struct {
	seat   int
	m      msg
	closed error
}

// conn is one seat's WebSocket.
type conn struct {
	seat int
	ws   *websocket.Conn
	last time.Time
}

// sendGap paces a connection's commands under the server's per-connection
// rate limit (20 a second, docs/protocol.md).
const sendGap = 60 * time.Millisecond

// dial connects seat with token to table id, its messages going to out.
func (s *server) dial(ctx context.Context, id string, seat int, token string, out chan<- seatMsg) *conn {
	s.t.Helper()
	u := strings.Replace(s.base, "http://", "ws://", 1) + "/ws/" + id + "?token=" + url.QueryEscape(token)
	ws, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		s.t.Fatalf("seat %d: dial: %v", seat, err)
	}
	ws.SetReadLimit(1 << 22)
	go func() {
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				out <- seatMsg{seat: seat, closed: err}
				return
			}
			var m msg
			if err := json.Unmarshal(data, &m); err != nil {
				out <- seatMsg{seat: seat, closed: fmt.Errorf("not a message: %v: %s", err, data)}
				return
			}
			out <- seatMsg{seat: seat, m: m}
		}
	}()
	return &conn{seat: seat, ws: ws}
}

// send writes an action command answering version.
func (c *conn) send(ctx context.Context, action string, version int, id string) error {
	if wait := sendGap - time.Since(c.last); wait > 0 {
		time.Sleep(wait)
	}
	c.last = time.Now()
	b, _ := json.Marshal(map[string]any{"action": action, "version": version, "id": id})
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return bytes.Equal(xs, ys)
}
