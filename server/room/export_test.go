package room

// Hooks for the room's external tests (package room_test), which look at
// a running room from outside as a paused node would.

// Pause holds the room's goroutine until resume is called: the room
// takes nothing from its inbox meanwhile (a paused node).
func (r *Room) Pause() (resume func()) {
	gate := make(chan struct{})
	r.send(func() { <-gate })
	return func() { close(gate) }
}

// Queued is how many requests wait in the room's inbox.
func (r *Room) Queued() int { return len(r.inbox) }
