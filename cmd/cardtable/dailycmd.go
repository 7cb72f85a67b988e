package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/term"

	"cardtable/cmd/internal/servecmd"
	"cardtable/daily"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/i18n"
	"cardtable/table"
	"cardtable/tui"
)

// playDaily plays the daily deal (docs/accounts.md): with --server and
// --user, the server's deal of the day, counted (the server runs the game,
// so this is its client; the session is kept for the next run,
// dailysession.go); with --server alone, a practice deal there; alone, the
// day's offline deal in the terminal table, never counted.
func (c *playCmd) playDaily(a *app) error {
	if c.Game != "" && c.Game != daily.Game {
		return servecmd.UsageSay(engine.Say("cli.usage.daily-game", engine.TextArg("game", strconv.Quote(c.Game))), "--daily is Regicide solo's daily deal: drop %q or write cardtable play regicide --daily", c.Game)
	}
	if c.Seats != "" || c.Seed != "" || len(c.Option) > 0 || c.Record != "" || c.Games > 1 || c.JSON {
		return servecmd.UsageSay(engine.Say("cli.usage.daily-flags"), "--daily plays the day's own deal: drop --seats, --seed, -o, --record, -n and --json")
	}
	if c.User != "" && c.Server == "" {
		return servecmd.UsageSay(engine.Say("cli.usage.user-without-server"), "--user signs in to a server: give it with --server URL")
	}
	if c.Server == "" {
		return c.playOfflineDaily(a)
	}
	base, err := serverURL(c.Server)
	if err != nil {
		return err
	}
	cl, err := newDailyClient(base)
	if err != nil {
		return err
	}
	if c.User != "" {
		if err := cl.signedIn(a, c.User); err != nil {
			return err
		}
	}
	start, err := cl.start(a.ctx)
	if err != nil {
		return err
	}
	seat, err := cl.join(a.ctx, start)
	if err != nil {
		return err
	}
	defer seat.close()
	if c.onTerminal(a) {
		return playDailyScreen(a, base, start, seat, c.Lang)
	}
	if start.Resumed {
		fmt.Fprintf(a.stdout, "The daily deal of %s on %s: your counted attempt, resumed where you left it (table %s).\n", start.Day, base, start.ID)
	} else if start.Counted {
		fmt.Fprintf(a.stdout, "The daily deal of %s on %s: your counted attempt (table %s).\n", start.Day, base, start.ID)
	} else {
		fmt.Fprintf(a.stdout, "A practice deal on %s, not the day's (sign in with --user NAME to play the daily deal of %s, counted).\n", base, start.Day)
	}
	p := table.NewLinesPlayer(a.stdin, a.stdout)
	defer p.Close()
	res, err := seat.playWith(a.ctx, p)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "\n%s\nThe board and your share text: %s/daily\n", res.Detail, base)
	return nil
}

// playDailyScreen plays the server's daily table in the terminal table
// (tui.RunRemote): the board as the server shows the seat, the legal
// moves to choose from; the result is printed once the screen closes.
func playDailyScreen(a *app, base string, start dailyStart, seat *wsSeat, lang string) error {
	w := i18n.For(lang)
	title := w.T("cli.daily.practice")
	if start.Counted {
		title = w.T("cli.daily.counted", engine.TextArg("day", start.Day))
	}
	if start.Resumed {
		title = w.T("cli.daily.resumed", engine.TextArg("title", title))
	}
	end, err := tui.RunRemote(a.ctx, tui.RemoteConfig{Game: regicide.Game{}, Title: title, Table: seat, In: a.stdin, Out: a.stdout, Lang: lang})
	if err != nil {
		return err
	}
	if end == nil || end.Result == nil {
		if start.Counted {
			fmt.Fprintf(a.stderr, "cardtable: your attempt waits on the server (table %s); the same command goes on with it\n", start.ID)
		} else {
			fmt.Fprintf(a.stderr, "cardtable: the practice game stays on the server (table %s) until it is idle; it cannot be resumed\n", start.ID)
		}
		return nil
	}
	fmt.Fprintf(a.stdout, "%s\nThe board and your share text: %s/daily\n", end.Result.Detail, base)
	return nil
}

// playOfflineDaily plays today's offline deal in the terminal table.
func (c *playCmd) playOfflineDaily(a *app) error {
	day := daily.Day(time.Now())
	seed := daily.OfflineSeed(day)
	g := regicide.Game{}
	opts, err := engine.ResolveOptions(g.Options(), daily.Options())
	if err != nil {
		return err
	}
	specs := []table.SeatSpec{{Kind: table.KindHuman}}
	t, err := table.New(g, opts, engine.Setup{Seed: seed}, []table.SeatInfo{specs[0].Info(0)})
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stderr, "cardtable: the daily deal of %s, offline (the same for everyone offline, not a server's deal, never counted; --server URL plays a server's)\n", day)
	c.title = i18n.For(c.Lang).T("cli.daily.offline", engine.TextArg("day", day))
	return c.play(a, t, specs, seed, c.Save)
}

// serverURL checks --server: an http or https address.
func serverURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimRight(raw, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
		return "", servecmd.UsageSay(engine.Say("cli.usage.server-url", engine.TextArg("value", strconv.Quote(raw))), "--server %q: give the server's address, like http://localhost:8080", raw)
	}
	return u.Scheme + "://" + u.Host, nil
}

// password is the account's password: $CARDTABLE_PASSWORD, else asked on
// the terminal without echo.
func password(a *app, user string) (string, error) {
	if pw := os.Getenv("CARDTABLE_PASSWORD"); pw != "" {
		return pw, nil
	}
	f, ok := a.stdin.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return "", servecmd.UsageSay(engine.Say("cli.usage.user-password", engine.TextArg("user", user)), "--user %s: give the password in CARDTABLE_PASSWORD (standard input is not a terminal to ask on)", user)
	}
	fmt.Fprintf(a.stderr, "password for %s: ", user)
	pw, err := term.ReadPassword(int(f.Fd()))
	fmt.Fprintln(a.stderr)
	return string(pw), err
}

// dailyClient speaks to a server's accounts and daily deal API and to the
// table's WebSocket, with its session cookie.
type dailyClient struct {
	base string
	http *http.Client
}

func newDailyClient(base string) (*dailyClient, error) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, err
	}
	return &dailyClient{base: base, http: &http.Client{Jar: jar, Timeout: 30 * time.Second}}, nil
}

// post sends a JSON body and decodes the answer into out; a refusal is an
// error with the server's sentence.
func (c *dailyClient) post(ctx context.Context, path string, body, out any) error {
	data, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, "POST", c.base+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	return doJSON(c.http, req, c.base, path, out)
}

// doJSON sends req (to base+path) with client and decodes the answer into
// out; a refusal is an error with the server's sentence.
func doJSON(client *http.Client, req *http.Request, base, path string, out any) error {
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("cannot reach %s: %w", base, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		var e struct{ Code, Message string }
		if json.Unmarshal(raw, &e) == nil && e.Message != "" {
			return fmt.Errorf("%s: %s", base, e.Message)
		}
		return fmt.Errorf("%s%s: HTTP %d", base, path, resp.StatusCode)
	}
	return json.Unmarshal(raw, out)
}

func (c *dailyClient) signIn(ctx context.Context, user, pw string) error {
	var me struct{ User *struct{ Name string } }
	if err := c.post(ctx, "/api/account/signin", map[string]string{"name": user, "password": pw}, &me); err != nil {
		return err
	}
	if me.User == nil {
		return errors.New("the server did not sign you in")
	}
	return nil
}

// dailyStart is the server's answer to a start.
type dailyStart struct {
	ID      string `json:"id"`
	Token   string `json:"token"`
	Day     string `json:"day"`
	Counted bool   `json:"counted"`
	Resumed bool   `json:"resumed"` // the day's attempt, started before, goes on
}

func (c *dailyClient) start(ctx context.Context) (dailyStart, error) {
	var s dailyStart
	err := c.post(ctx, "/api/daily/start", struct{}{}, &s)
	return s, err
}

// wireMessage is a server message with the view left raw, to decode as
// Regicide's.
type wireMessage struct {
	table.Message
	View json.RawMessage `json:"view,omitempty"`
}

// decode reads a server message; a view is Regicide's.
func decodeMessage(data []byte) (table.Message, error) {
	var w wireMessage
	if err := json.Unmarshal(data, &w); err != nil {
		return table.Message{}, fmt.Errorf("the server sent what is not a message: %w", err)
	}
	m := w.Message
	if len(w.View) > 0 && string(w.View) != "null" {
		v := &regicide.View{}
		if err := json.Unmarshal(w.View, v); err != nil {
			return m, fmt.Errorf("the server sent a view that is not Regicide's: %w", err)
		}
		m.View = v
	}
	return m, nil
}

// wsSeat is the seat of a started table, over its WebSocket: a
// tui.RemoteTable, or driven by a table.Player (playWith).
type wsSeat struct {
	conn *websocket.Conn
	// decode reads a message (nil: decodeMessage, Regicide's views).
	decode func([]byte) (table.Message, error)
}

// join connects to the started table's seat.
func (c *dailyClient) join(ctx context.Context, s dailyStart) (*wsSeat, error) {
	ws := "ws" + strings.TrimPrefix(c.base, "http") + "/ws/" + url.PathEscape(s.ID) + "?token=" + url.QueryEscape(s.Token)
	conn, _, err := websocket.Dial(ctx, ws, nil)
	if err != nil {
		return nil, fmt.Errorf("cannot join the table: %w", err)
	}
	conn.SetReadLimit(1 << 20)
	return &wsSeat{conn: conn}, nil
}

func (w *wsSeat) close() { w.conn.CloseNow() }

// Next is the server's next message to the seat; a bye (the server closed
// the table) is an error.
func (w *wsSeat) Next(ctx context.Context) (table.Message, error) {
	_, data, err := w.conn.Read(ctx)
	if err != nil {
		return table.Message{}, fmt.Errorf("the connection to the table ended: %w", err)
	}
	decode := w.decode
	if decode == nil {
		decode = decodeMessage
	}
	m, err := decode(data)
	if err == nil && m.Type == "bye" {
		err = fmt.Errorf("the server closed the table: %s", strings.TrimSpace(string(data)))
	}
	return m, err
}

// Play sends the seat's action chosen at version.
func (w *wsSeat) Play(ctx context.Context, action string, version int) error {
	out, _ := json.Marshal(table.Command{Action: action, Version: &version})
	return w.conn.Write(ctx, websocket.MessageText, out)
}

// Hint asks for action's forecast at version (answered by a hint
// message, or an error, with id "hint").
func (w *wsSeat) Hint(ctx context.Context, action string, version int) error {
	out, _ := json.Marshal(table.Command{Type: table.CommandHint, Action: action, Version: &version, ID: "hint"})
	return w.conn.Write(ctx, websocket.MessageText, out)
}

// playWith plays the seat with p until the game ends, and returns the
// result.
func (w *wsSeat) playWith(ctx context.Context, p table.Player) (*engine.Result, error) {
	var last *table.Message
	for {
		m, err := w.Next(ctx)
		if err != nil {
			return nil, err
		}
		switch m.Type {
		case table.TypeTurn:
			last = &m
		case table.TypeError: // a refused move: the same turn again
			if err := p.Tell(m); err != nil {
				return nil, err
			}
			if last == nil || m.Code == table.CodeStale {
				continue
			}
		case table.TypeHello, table.TypeEvent:
			if err := p.Tell(m); err != nil {
				return nil, err
			}
			continue
		case table.TypeEnd:
			if err := p.Tell(m); err != nil {
				return nil, err
			}
			return m.Result, nil
		default:
			continue // seats and other table news
		}
		mv, err := p.Act(ctx, table.Turn{Message: *last})
		if err != nil {
			return nil, err
		}
		if err := w.Play(ctx, mv.Action, mv.Version); err != nil {
			return nil, err
		}
	}
}
