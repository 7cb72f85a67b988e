package main

import (
	"encoding/json"
	"fmt"
	"time"

	"cardtable/cmd/internal/servecmd"
	"cardtable/server/loadtest"
)

type loadtestCmd struct {
	Tables  int           `default:"100" help:"Tables to create (two people's seats each)."`
	Clients int           `default:"400" help:"WebSocket clients in all: two seats per table, the rest spectators."`
	Game    string        `default:"war" help:"Game the tables play."`
	Think   time.Duration `default:"2s" help:"A seat's mean pause before answering its turn (drawn from 0 to twice it); 0 answers at once."`
	Hold    time.Duration `default:"30s" help:"How long all clients are held and measured."`
	Ramp    int           `default:"1000" help:"Clients connected a second."`
	URL     string        `placeholder:"URL" help:"A running cardtable serve to load (default: one started in this process on loopback, over a store in memory)."`
	JSON    bool          `help:"Print the report as JSON (fields in docs/benchmarks.md)."`
}

func (loadtestCmd) Help() string {
	return `Loads a server on loopback with tables whose seats and spectators are
WebSocket clients: each seat answers its turn after a think time. Reports
the clients held, actions a second, the action-to-broadcast latency (a
seat's action sent to each client of its table receiving the event; p50,
p99, max) and, for a server in this process, heap per table and per
connection. Raise the open-files limit for large runs.

Examples:
  cardtable loadtest --tables 100 --clients 400 --hold 20s
  (ulimit -n 65536; cardtable loadtest --tables 2500 --clients 10000 --hold 60s)`
}

// Run performs the load run and prints its report.
func (c *loadtestCmd) Run(a *app) error {
	if c.Tables < 1 || c.Clients < 2*c.Tables {
		return servecmd.UsageErrorf("--clients %d: want at least two per table (%d)", c.Clients, 2*c.Tables)
	}
	if c.Think < 0 {
		return servecmd.UsageErrorf("--think %v: want 0 (answer at once) or more", c.Think)
	}
	rep, err := loadtest.Run(a.ctx, loadtest.Config{Tables: c.Tables, Clients: c.Clients, Game: c.Game,
		Think: c.Think, Hold: c.Hold, Ramp: c.Ramp, URL: c.URL, Log: a.stderr})
	if err != nil {
		return err
	}
	if c.JSON {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintf(a.stdout, "tables %d, clients held %d of %d over %.0fs\n", rep.Tables, rep.ClientsHeld, rep.ClientsWanted, rep.HoldSeconds)
	fmt.Fprintf(a.stdout, "actions %d (%.0f/s), broadcasts received %d\n", rep.Actions, rep.ActionsPerSec, rep.Broadcasts)
	fmt.Fprintf(a.stdout, "action to broadcast: p50 %.2f ms, p99 %.2f ms, max %.2f ms (actor's own event: p50 %.2f ms, p99 %.2f ms)\n", rep.P50ms, rep.P99ms, rep.MaxMs, rep.AckP50ms, rep.AckP99ms)
	if rep.ServerWithin10ms != nil {
		p99 := fmt.Sprintf("p99 at most %g ms", *rep.ServerP99ms)
		if *rep.ServerP99ms < 0 {
			p99 = "p99 over 1 s"
		}
		fmt.Fprintf(a.stdout, "the server's own histogram (command read to event queued): %.1f%% within 10 ms, %s\n", 100**rep.ServerWithin10ms, p99)
	}
	if rep.BytesPerTable > 0 {
		of := "the server's heap"
		if rep.HeapOf == "process" {
			of = "this process's heap, both ends of each connection"
		}
		fmt.Fprintf(a.stdout, "heap: %.1f KiB a table, %.1f KiB a connection (%s)\n", rep.BytesPerTable/1024, rep.BytesPerClient/1024, of)
	}
	fmt.Fprintf(a.stdout, "errors: %d dials failed, %d commands refused (%d rate-limited, sent again after the server's retry_after_ms), %d connections dropped, %d events unmatched; %d games ended\n",
		rep.DialErrors, rep.Refused, rep.RateLimited, rep.Dropped, rep.Unmatched, rep.GamesEnded)
	return nil
}
