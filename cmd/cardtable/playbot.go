package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"

	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/table"
)

// botFlags are play's flags for a program playing on a server as a bot
// account (docs/accounts.md, "Bot accounts"): --server, --token, --choice,
// --rated, --wait, -n and one --seats cmd:PROGRAM.
type botFlags struct {
	Token  string        `env:"CARDTABLE_BOT_TOKEN" placeholder:"TOKEN" help:"With --server: play as the bot account of TOKEN (its owner gets it on the account page; better given in CARDTABLE_BOT_TOKEN, which other users cannot read in the process list). The program of --seats cmd:PROGRAM plays each game the server pairs it for."`
	Choice string        `placeholder:"CHOICE" help:"With --token: the quick-pairing choice to ask for (watchtower-2-1m; GET /api/pairing on the server lists them)."`
	Rated  bool          `help:"With --token: ask for rated games."`
	Wait   time.Duration `placeholder:"D" help:"With --token: how long to wait for people before the server's bots take the other seats (1s to 5m; 0, the default: people and bot accounts only)."`
}

// botPlay is a program's play on a server as a bot account.
type botPlay struct {
	base, token string
	client      *http.Client
}

// playAsBot asks the server for -n games of --choice with the bot's token
// and plays each with the program of --seats, over the table's WebSocket
// (the agent protocol's messages, passed on as the server sends them).
func (c *playCmd) playAsBot(a *app) error {
	base, err := serverURL(c.Server)
	if err != nil {
		return err
	}
	specs, err := table.ParseSeats(c.Seats)
	if err != nil || len(specs) != 1 || specs[0].Kind != table.KindProgram {
		return servecmd.UsageSay(engine.Say("cli.usage.token-seats"), "--token: give the program that plays as --seats cmd:PROGRAM ARGS (one seat: the bot's)")
	}
	if c.Choice == "" {
		return servecmd.UsageSay(engine.Say("cli.usage.token-choice", engine.TextArg("base", base)), "--token: name the quick-pairing choice to ask for with --choice (watchtower-2-1m; GET %s/api/pairing lists them)", base)
	}
	if c.Wait < 0 || c.Wait > 5*time.Minute || (c.Wait > 0 && c.Wait < time.Second) {
		return servecmd.UsageSay(engine.Say("cli.usage.wait", engine.TextArg("value", c.Wait.String())), "--wait %v: give 1s to 5m, or 0 for people and bot accounts only", c.Wait)
	}
	if c.Games < 1 || c.Games > 10000 {
		return servecmd.UsageSay(engine.Say("cli.usage.bot-games", engine.NumArg("n", int(c.Games))), "-n %d: give 1 to 10000 games", c.Games)
	}
	b := &botPlay{base: base, token: c.Token, client: &http.Client{Timeout: 40 * time.Second}}
	ctx := context.Background()
	won, p := 0, i18n.For(c.Lang)
	for i := range c.Games {
		res, err := b.game(ctx, c, specs[0].Command)
		if err != nil {
			return fmt.Errorf("game %d: %w", i+1, err)
		}
		outcome := "cli.bot.lost"
		for _, w := range res.winners {
			if w == res.seat {
				outcome = "cli.bot.won"
				won++
			}
		}
		if len(res.winners) == 0 {
			outcome = "cli.bot.no-winner"
		}
		line := "cli.bot.game"
		if res.rated {
			line = "cli.bot.game-rated"
		}
		fmt.Fprintln(a.stdout, p.T(line, engine.NumArg("n", int(i)+1), engine.TextArg("url", base+"/t/"+res.table), engine.SeatArg("seat", res.seat),
			engine.MsgArg("outcome", engine.Say(outcome)), engine.TextArg("end", res.end)))
	}
	fmt.Fprintln(a.stdout, p.T("cli.bot.games", engine.NounArg("games", int(c.Games), "noun.games"), engine.NumArg("won", won)))
	return nil
}

// botGame is one game the bot played.
type botGame struct {
	table   string
	seat    int
	rated   bool
	end     string
	winners []int
}

// game asks to be paired, waits for the table and plays it with the
// program argv.
func (b *botPlay) game(ctx context.Context, c *playCmd, argv []string) (botGame, error) {
	var asked struct{ ID string }
	if err := b.call(ctx, "POST", "/api/pairing", map[string]any{"choice": c.Choice, "rated": c.Rated,
		"wait": int(c.Wait / time.Second), "bots": true}, &asked); err != nil {
		return botGame{}, err
	}
	var out struct {
		Status, Table, Token, Message string
		Seat                          int
		Rated                         bool
	}
	for out.Status == "" || out.Status == "waiting" {
		if err := b.call(ctx, "GET", "/api/pairing/"+url.PathEscape(asked.ID)+"?wait=20", nil, &out); err != nil {
			return botGame{}, err
		}
	}
	if out.Status != "paired" {
		return botGame{}, fmt.Errorf("not paired (%s): %s", out.Status, out.Message)
	}
	g := botGame{table: out.Table, seat: out.Seat, rated: out.Rated}
	p, err := table.StartProgram(argv, c.Timeout)
	if err != nil {
		return g, err
	}
	defer p.Close()
	ws := "ws" + strings.TrimPrefix(b.base, "http") + "/ws/" + url.PathEscape(out.Table) + "?token=" + url.QueryEscape(out.Token)
	conn, _, err := websocket.Dial(ctx, ws, nil)
	if err != nil {
		return g, fmt.Errorf("cannot join the table: %w", err)
	}
	conn.SetReadLimit(1 << 20)
	seat := &wsSeat{conn: conn, decode: decodeRaw}
	defer seat.close()
	res, err := seat.playWith(ctx, p)
	if err != nil {
		return g, err
	}
	if res != nil {
		g.end, g.winners = res.End, res.Winners
	}
	return g, nil
}

// call sends a request signed with the bot's token and decodes the
// answer into out; a refusal is an error with the server's sentence.
func (b *botPlay) call(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader = http.NoBody
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, b.base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.token)
	req.Header.Set("Content-Type", "application/json")
	return doJSON(b.client, req, b.base, path, out)
}

// rawView is a view as the server sent it, passed on to a program as it
// is (whatever the game).
type rawView json.RawMessage

func (v rawView) String() string               { return string(v) }
func (v rawView) MarshalJSON() ([]byte, error) { return v, nil }

// decodeRaw reads a server message, its view kept as sent.
func decodeRaw(data []byte) (table.Message, error) {
	var w wireMessage
	if err := json.Unmarshal(data, &w); err != nil {
		return table.Message{}, errors.New("the server sent what is not a message")
	}
	m := w.Message
	if len(w.View) > 0 && string(w.View) != "null" {
		m.View = rawView(w.View)
	}
	return m, nil
}
