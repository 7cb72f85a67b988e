// Command libcardtable is cardtable's learning environments (package
// rlenv) as a C library, for Python (python/cardtable) and any language
// with a foreign-function interface. Build it with
//
//	go build -buildmode=c-shared -o libcardtable.so ./cmd/libcardtable
//
// which also writes libcardtable.h. Environments are named by handles
// (numbers), never by Go pointers; the caller owns every buffer. Every
// function returns a code (CT_OK, 0, or an error code) and writes the
// error's sentence into the caller's err buffer; a bad argument, a bad
// handle or a bug never crashes the host process (a Go panic is recovered
// and returned as CT_INTERNAL). docs/python.md, "The C library", lists the
// functions and codes.
package main

/*
#include <stdint.h>
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"cardtable/rlenv"
)

// abiVersion is the C interface's version: raised when a function changes
// its meaning or signature (functions are added without raising it).
const abiVersion = 1

func main() {}

// entry is one environment behind a handle, with its lock: calls on one
// handle are serialized, calls on different handles run in parallel.
type entry struct {
	mu  sync.Mutex
	env *rlenv.Env
	// legal and seats are scratch.
	legal []int
	seats []int
}

var (
	handlesMu sync.RWMutex
	handles   = map[uint64]*entry{}
	nextID    atomic.Uint64
)

// register stores env under a new handle.
func register(env *rlenv.Env) uint64 {
	id := nextID.Add(1)
	handlesMu.Lock()
	handles[id] = &entry{env: env}
	handlesMu.Unlock()
	return id
}

// lookup returns the entry of handle h, locked; call unlock when done.
func lookup(h C.uint64_t) (*entry, error) {
	handlesMu.RLock()
	e := handles[uint64(h)]
	handlesMu.RUnlock()
	if e == nil {
		return nil, fmt.Errorf("%w: no environment has the handle %d (never made, or freed)", errBadHandle, uint64(h))
	}
	e.mu.Lock()
	if e.env == nil { // freed while we waited for the lock
		e.mu.Unlock()
		return nil, fmt.Errorf("%w: the environment %d was freed", errBadHandle, uint64(h))
	}
	return e, nil
}

var (
	errBadHandle = errors.New("bad handle")
	errBuffer    = errors.New("buffer too small")
)

// errOut is the caller's buffer for an error's sentence.
type errOut struct {
	buf *C.char
	cap C.int32_t
}

// finish writes err's sentence into the caller's buffer and returns its
// code. Deferred with recover, it turns a panic into CT_INTERNAL.
func (o errOut) finish(err error) C.int32_t {
	if err == nil {
		return 0 // CT_OK
	}
	writeString(o.buf, int64(o.cap), err.Error())
	return code(err)
}

// guard recovers a panic into CT_INTERNAL with its message; every
// exported function defers it.
func guard(rc *C.int32_t, o errOut) {
	if p := recover(); p != nil {
		*rc = o.finish(fmt.Errorf("internal error (a bug in cardtable; please report it): %v", p))
	}
}

// writeString copies s into buf (capacity n bytes) with a final NUL,
// cutting it if needed; nothing for a nil buffer.
func writeString(buf *C.char, n int64, s string) {
	if buf == nil || n <= 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(buf)), n)
	k := copy(b[:n-1], s)
	b[k] = 0
}

// putText writes s whole into out (capacity cap) and its length into
// *length; a buffer too small gets nothing but the length needed and
// CT_BUFFER.
func putText(out *C.char, capacity C.int64_t, length *C.int64_t, s string) error {
	if length != nil {
		*length = C.int64_t(len(s))
	}
	if out == nil || int64(capacity) < int64(len(s))+1 {
		return fmt.Errorf("%w: the text needs %d bytes and a NUL; the buffer holds %d", errBuffer, len(s), int64(capacity))
	}
	writeString(out, int64(capacity), s)
	return nil
}

// goString reads a C string, "" for NULL.
func goString(s *C.char) string {
	if s == nil {
		return ""
	}
	return C.GoString(s)
}

// need refuses a NULL pointer argument.
func need(name string, p unsafe.Pointer) error {
	if p == nil {
		return fmt.Errorf("%w: %s is NULL", rlenv.ErrBadArgument, name)
	}
	return nil
}

// floats views a caller's float buffer of n numbers.
func floats(p *C.float, n C.int32_t) []float32 {
	if p == nil || n <= 0 {
		return nil
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(p)), int(n))
}
