package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

// Bot is a bot account's program: its server, token and HTTP client.
type Bot struct {
	Server string
	Token  string
	Client *http.Client
	Rand   *rand.Rand
}

// Result is one game the bot played.
type Result struct {
	Table   string
	Seat    int
	End     string
	Winners []int
	Rated   bool
}

func (b *Bot) call(ctx context.Context, method, path string, body, out any) error {
	var rd *bytes.Reader = bytes.NewReader(nil)
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, b.Server+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		var e struct{ Code, Message string }
		json.NewDecoder(resp.Body).Decode(&e)
		return fmt.Errorf("%s %s: %d %s: %s", method, path, resp.StatusCode, e.Code, e.Message)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// PlayOne asks for one game of choice, waits to be seated and plays it.
func (b *Bot) PlayOne(ctx context.Context, choice string, rated bool) (Result, error) {
	var asked struct{ ID string }
	if err := b.call(ctx, "POST", "/api/pairing", map[string]any{"choice": choice, "rated": rated, "wait": 0}, &asked); err != nil {
		return Result{}, err
	}
	for {
		var out struct {
			Status, Table, Token, Message string
			Seat                          int
			Rated                         bool
		}
		if err := b.call(ctx, "GET", "/api/pairing/"+asked.ID+"?wait=20", nil, &out); err != nil {
			return Result{}, err
		}
		switch out.Status {
		case "waiting":
			continue
		case "paired":
			res, err := b.play(ctx, out.Table, out.Token)
			res.Table, res.Seat, res.Rated = out.Table, out.Seat, out.Rated
			return res, err
		default:
			return Result{}, fmt.Errorf("not paired: %s %s", out.Status, out.Message)
		}
	}
}

// message is what the bot reads of the server's messages.
type message struct {
	Type    string   `json:"type"`
	Version int      `json:"version"`
	Legal   []string `json:"legal"`
	Code    string   `json:"code"`
	Message string   `json:"message"`
	Result  *struct {
		End     string `json:"end"`
		Winners []int  `json:"winners"`
	} `json:"result"`
}

// play plays the seat of token at table to the end, a random legal action
// each turn.
func (b *Bot) play(ctx context.Context, table, token string) (Result, error) {
	url := "ws" + strings.TrimPrefix(b.Server, "http") + "/ws/" + table + "?token=" + token
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: b.Client})
	if err != nil {
		return Result{}, err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	for {
		var m message
		if err := wsjson.Read(ctx, c, &m); err != nil {
			return Result{}, err
		}
		switch m.Type {
		case "turn":
			if len(m.Legal) == 0 {
				continue
			}
			act := m.Legal[b.Rand.IntN(len(m.Legal))]
			if err := wsjson.Write(ctx, c, map[string]any{"action": act, "version": m.Version}); err != nil {
				return Result{}, err
			}
		case "end":
			res := Result{}
			if m.Result != nil {
				res.End, res.Winners = m.Result.End, m.Result.Winners
			}
			c.Close(websocket.StatusNormalClosure, "")
			return res, nil
		}
	}
}
