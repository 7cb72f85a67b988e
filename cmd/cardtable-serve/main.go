// Command cardtable-serve serves the games in the browser, as `cardtable
// serve` does, with the stores that need no server: a SQLite file (the
// default, cardtable.db) or :memory:. It is the README's first command
// (go run ./cmd/cardtable-serve) because it builds from a fresh clone in
// about two thirds of the time of the whole cardtable program: no
// PostgreSQL driver, NATS client, terminal UI or study commands to
// compile. For PostgreSQL and clusters of nodes, use cardtable serve.
//
// This package is wiring only: the command is cmd/internal/servecmd.
package main

import (
	"context"
	"os"
	"os/signal"

	"cardtable/cmd/internal/servecmd"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := servecmd.Main(ctx, "cardtable-serve", os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}
