package conn

import (
	"fmt"
	"testing"
)

// The send queue hands messages on in the order queued, holds at most
// SendQueue of them (the next drops the client with too-slow and is not
// queued), and an idle connection holds no slots for them.
func TestSendQueue(t *testing.T) {
	c := New(&Config{SendQueue: 4}, "test")
	if c.q != nil {
		t.Fatalf("a new connection holds %d queue slots", cap(c.q))
	}
	for i := range 4 {
		if !c.EnqueueOut(Out{Data: []byte(fmt.Sprint(i)), Version: i}) {
			t.Fatalf("message %d refused with room in the queue", i)
		}
	}
	if c.ByeCode() != "" {
		t.Fatalf("dropped with %q before the queue was full", c.ByeCode())
	}
	if c.EnqueueOut(Out{Data: []byte("4")}) {
		t.Fatal("a fifth message was queued past SendQueue 4")
	}
	if c.ByeCode() != ByeTooSlow {
		t.Fatalf("a full queue dropped the client with %q, want %q", c.ByeCode(), ByeTooSlow)
	}
	if c.EnqueueOut(Out{Data: []byte("5")}) {
		t.Fatal("a message was queued for a dropped client")
	}
	for i := range 4 {
		it, ok := c.Take()
		if !ok || string(it.Data) != fmt.Sprint(i) || it.Version != i {
			t.Fatalf("take %d: %q %d %v", i, it.Data, it.Version, ok)
		}
	}
	if it, ok := c.Take(); ok {
		t.Fatalf("an empty queue gave %q", it.Data)
	}
	if cap(c.q) > idleSlots {
		t.Fatalf("an emptied queue keeps %d slots, want at most %d", cap(c.q), idleSlots)
	}
}
