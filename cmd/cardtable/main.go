// Command cardtable plays and studies card games: it simulates millions of
// seeded games with statistics (sim), sweeps options and rates bots
// against each other (sim --sweep, arena, merge for sharded studies),
// replays game records (replay), and describes the games, their options
// and bots (rules, games, bots).
//
// This package is wiring only: flags and subcommands over the sim, record,
// games and bots packages.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// SIGTERM too, so that a stopped `cardtable play` still stops the
	// programs it seated (they run in process groups of their own).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], newApp(os.Stdin, os.Stdout, os.Stderr))
	stop()
	os.Exit(code)
}
