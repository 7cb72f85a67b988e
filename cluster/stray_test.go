package cluster_test

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cardtable/cluster"
	"cardtable/store"
	"cardtable/store/postgres"
	"cardtable/store/postgres/pgtest"
)

// lateAnswer is a store whose first Acquire takes the lease and then
// reports an error, as when the caller's context ends while the database's
// answer is on its way.
type lateAnswer struct {
	*postgres.Store
	acquires atomic.Int64
}

func (s *lateAnswer) Acquire(ctx context.Context, table, node string, ttl time.Duration) (store.Lease, bool, error) {
	l, ok, err := s.Store.Acquire(ctx, table, node, ttl)
	if s.acquires.Add(1) == 1 && err == nil && ok {
		return store.Lease{}, false, context.DeadlineExceeded
	}
	return l, ok, err
}

// owning adopts a table by taking its lease, as the server's rooms do.
type owning struct {
	n  *cluster.Node
	mu sync.Mutex
	ok []int64 // the epochs taken
}

func (o *owning) Adopt(ctx context.Context, id string) error {
	epoch, ok, err := o.n.Own(ctx, id)
	if err == nil && ok {
		o.mu.Lock()
		o.ok = append(o.ok, epoch)
		o.mu.Unlock()
	}
	return err
}

func (o *owning) Lost(string) {}

func (o *owning) taken() []int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]int64(nil), o.ok...)
}

// TestStrayLeaseGivenBack: a lease the database gave a node whose Acquire
// then failed (no room runs the table) is given back at the next renewal
// instead of being renewed for as long as the node lives, so the table is
// adopted again; a lease the node does run is renewed and kept.
func TestStrayLeaseGivenBack(t *testing.T) {
	_, natsBin := binaries(t)
	url := startNATS(t, natsBin)
	pg, err := postgres.Open(context.Background(), pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := pg.CreateTable(ctx, store.Table{ID: "stray", Game: "war", Created: time.Now(),
		Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}}); err != nil {
		t.Fatal(err)
	}
	st := &lateAnswer{Store: pg}
	var logs syncBuffer
	n, err := cluster.New(st, cluster.Config{Name: "solo", NATS: url, Lease: 600 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	tables := &owning{n: n}
	go n.Run(ctx, tables)
	deadline := time.Now().Add(time.Minute) // a guard, not a timing claim
	for len(tables.taken()) == 0 {
		if time.Now().After(deadline) {
			l, _ := pg.Lease(ctx, "stray")
			t.Fatalf("the table was never adopted after the failed Acquire (%d acquires); its lease: %+v\n%s",
				st.acquires.Load(), l, logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	epoch := tables.taken()[0]
	// Several renewals later the lease the node runs is still its own.
	for range 5 {
		time.Sleep(200 * time.Millisecond)
		l, err := pg.Lease(ctx, "stray")
		if err != nil || l.Node != n.Node() || l.Epoch != epoch {
			t.Fatalf("the lease of a table the node runs: %+v, %v; want %s's at epoch %d\n%s", l, err, n.Node(), epoch, logs.String())
		}
	}
	if got := tables.taken(); len(got) != 1 {
		t.Fatalf("the table was adopted %d times (epochs %v); want once", len(got), got)
	}
}

// syncBuffer is a log sink safe for the node's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	return len(p), nil
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
