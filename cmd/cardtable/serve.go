package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"cardtable/cluster"
	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/server"
	"cardtable/store"
	"cardtable/store/postgres"
)

// serveCmd is the serve command (cmd/internal/servecmd, shared with
// cardtable-serve) with every store: the embedded ones, PostgreSQL and a
// cluster of nodes over NATS.
type serveCmd struct {
	servecmd.Cmd `embed:""`
}

// Run serves until SIGINT or SIGTERM.
func (c *serveCmd) Run(a *app) error {
	return c.Cmd.Run(servecmd.Env{Ctx: a.ctx, Stdout: a.stdout, Stderr: a.stderr, Name: "cardtable serve"}, remoteStores{})
}

// remoteStores are PostgreSQL and the cluster (servecmd.Remote).
type remoteStores struct{}

func (remoteStores) IsDSN(db string) bool     { return postgres.IsDSN(db) }
func (remoteStores) Redact(dsn string) string { return postgres.Redact(dsn) }

// Open opens the PostgreSQL database; alone, as the only server on it (a
// killed one's lock goes with its session; a vanished machine's within
// about 15 s), else as a node that takes the guard as it joins (Join).
func (remoteStores) Open(ctx context.Context, dsn string, alone bool, log *slog.Logger) (store.Store, error) {
	st, err := postgres.OpenOptions(ctx, dsn, postgres.Options{Logger: log})
	if err != nil {
		return nil, fmt.Errorf("--db: %w", err)
	}
	if !alone {
		return st, nil
	}
	wait, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := st.Exclusive(wait); err != nil {
		st.Close()
		return nil, fmt.Errorf("--db: %w", err)
	}
	return st, nil
}

// Join connects this server to the other nodes: it takes the database's
// guard as one of them (never beside a lone server) and checks that it
// hears the nodes already there on its NATS.
func (remoteStores) Join(ctx context.Context, st store.Store, j servecmd.Join, log *slog.Logger) (servecmd.Node, error) {
	pg, ok := st.(*postgres.Store)
	if !ok {
		return nil, servecmd.UsageSay(engine.Say("cli.usage.nats-store", engine.TextArg("db", j.DB)), "--nats: the store of --db %s cannot share tables between nodes", j.DB)
	}
	name := j.Node
	if name == "" {
		name, _ = os.Hostname()
	}
	node, err := cluster.New(pg, cluster.Config{Name: name, NATS: j.NATS, Lease: j.Lease, Logger: log})
	if err != nil {
		return nil, servecmd.UsageErrorf("%v", err)
	}
	if err := pg.Member(ctx, node.Node()); err != nil {
		node.Close()
		return nil, fmt.Errorf("--db: %w", err)
	}
	peers, err := pg.Members(ctx)
	if err == nil {
		err = node.Hear(ctx, peers, j.NATS)
	}
	if err != nil {
		node.Close()
		return nil, servecmd.UsageErrorf("%v", err)
	}
	return clusterNode{node}, nil
}

// clusterNode is a cluster.Node as servecmd runs it (its Run takes the
// server).
type clusterNode struct{ *node }

// node names the embedded field apart from the Node method.
type node = cluster.Node

func (n clusterNode) Run(ctx context.Context, srv *server.Server) { n.node.Run(ctx, srv) }
