package main

/*
#include <stdint.h>

enum {
	CT_OK = 0,
	CT_BAD_ARGUMENT = 1,
	CT_BAD_OPTION = 2,
	CT_BAD_HANDLE = 3,
	CT_ILLEGAL = 4,
	CT_NOT_YOUR_TURN = 5,
	CT_GAME_OVER = 6,
	CT_NOTATION = 7,
	CT_BAD_BOT = 8,
	CT_NO_RECORD = 9,
	CT_BUFFER = 10,
	CT_INTERNAL = 11,
};
*/
import "C"

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/rlenv"
)

// code maps an error to its C code.
func code(err error) C.int32_t {
	switch {
	case err == nil:
		return C.CT_OK
	case errors.Is(err, errBadHandle):
		return C.CT_BAD_HANDLE
	case errors.Is(err, errBuffer):
		return C.CT_BUFFER
	case errors.Is(err, engine.ErrBadOption):
		return C.CT_BAD_OPTION
	case errors.Is(err, engine.ErrIllegal):
		return C.CT_ILLEGAL
	case errors.Is(err, engine.ErrNotYourTurn):
		return C.CT_NOT_YOUR_TURN
	case errors.Is(err, engine.ErrGameOver):
		return C.CT_GAME_OVER
	case errors.Is(err, engine.ErrNotation):
		return C.CT_NOTATION
	case errors.Is(err, rlenv.ErrBadBot):
		return C.CT_BAD_BOT
	case errors.Is(err, rlenv.ErrNoRecord):
		return C.CT_NO_RECORD
	case errors.Is(err, rlenv.ErrBadArgument):
		return C.CT_BAD_ARGUMENT
	}
	return C.CT_INTERNAL
}

//export ct_abi_version
func ct_abi_version() C.int32_t { return abiVersion }

// config reads the text arguments of ct_new and ct_describe.
func config(game, options, seats, settings *C.char) (rlenv.Config, error) {
	cfg := rlenv.Config{Game: strings.TrimSpace(goString(game))}
	if text := strings.TrimSpace(goString(options)); text != "" {
		opts, err := engine.ParseOptionArgs([]string{text})
		if err != nil {
			return cfg, err
		}
		cfg.Options = opts
	}
	if text := goString(seats); strings.TrimSpace(text) != "" {
		cfg.Seats = strings.Split(text, ",")
	}
	s, err := rlenv.ParseSettings(goString(settings))
	cfg.Settings = s
	return cfg, err
}

// description is what ct_describe writes: the space of a game and
// options, as JSON.
type description struct {
	Game       string              `json:"game"`
	Options    map[string]string   `json:"options"`
	Players    int                 `json:"players"`
	NumActions int                 `json:"num_actions"`
	Actions    []rlenv.ActionGroup `json:"actions"`
	ObsSize    int                 `json:"obs_size"`
	Obs        []rlenv.Field       `json:"observation"`
	Utility    string              `json:"utility"`
	Bots       []string            `json:"bots"`
}

//export ct_describe
func ct_describe(game, options *C.char, out *C.char, capacity C.int64_t, length *C.int64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return o.finish(describe(game, options, out, capacity, length))
}

func describe(game, options *C.char, out *C.char, capacity C.int64_t, length *C.int64_t) error {
	cfg, err := config(game, options, nil, nil)
	if err != nil {
		return err
	}
	g, err := games.Lookup(cfg.Game)
	if err != nil {
		return fmt.Errorf("%w: %v", rlenv.ErrBadArgument, err)
	}
	opts, err := engine.ResolveOptions(g.Options(), cfg.Options)
	if err != nil {
		return err
	}
	sp, err := rlenv.NewSpace(g, opts)
	if err != nil {
		return fmt.Errorf("%w: %v", rlenv.ErrBadArgument, err)
	}
	d := description{Game: g.Name(), Options: opts.Map(), Players: sp.Players, NumActions: sp.NumActions,
		Actions: sp.Actions, ObsSize: sp.Obs.Size, Obs: sp.Obs.Fields, Utility: g.Utility().String(), Bots: botNames(g.Name())}
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	return putText(out, capacity, length, string(b))
}

//export ct_new
func ct_new(game, options, seats, settings *C.char, seed C.uint64_t, handle *C.uint64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	if err := need("handle", unsafe.Pointer(handle)); err != nil {
		return o.finish(err)
	}
	cfg, err := config(game, options, seats, settings)
	if err != nil {
		return o.finish(err)
	}
	env, err := rlenv.New(cfg, uint64(seed))
	if err != nil {
		return o.finish(err)
	}
	*handle = C.uint64_t(register(env))
	return C.CT_OK
}

//export ct_free
func ct_free(h C.uint64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	e, err := lookup(h)
	if err != nil {
		return o.finish(err)
	}
	e.env = nil
	e.mu.Unlock()
	handlesMu.Lock()
	delete(handles, uint64(h))
	handlesMu.Unlock()
	return C.CT_OK
}

// with runs f on handle h's environment under its lock.
func with(h C.uint64_t, o errOut, f func(e *entry) error) C.int32_t {
	e, err := lookup(h)
	if err != nil {
		return o.finish(err)
	}
	defer e.mu.Unlock()
	return o.finish(f(e))
}

//export ct_reset
func ct_reset(h C.uint64_t, seed C.uint64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error { return e.env.Reset(uint64(seed)) })
}

//export ct_clone
func ct_clone(h C.uint64_t, out *C.uint64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error {
		if err := need("out", unsafe.Pointer(out)); err != nil {
			return err
		}
		c, err := e.env.Clone()
		if err != nil {
			return err
		}
		*out = C.uint64_t(register(c))
		return nil
	})
}

//export ct_determinize
func ct_determinize(h C.uint64_t, seat C.int32_t, seed C.uint64_t, out *C.uint64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error {
		if err := need("out", unsafe.Pointer(out)); err != nil {
			return err
		}
		d, err := e.env.Determinize(int(seat), uint64(seed))
		if err != nil {
			return err
		}
		*out = C.uint64_t(register(d))
		return nil
	})
}

//export ct_sizes
func ct_sizes(h C.uint64_t, players, numActions, obsSize *C.int32_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error {
		sp := e.env.Space()
		for _, p := range []struct {
			dst *C.int32_t
			v   int
		}{{players, sp.Players}, {numActions, sp.NumActions}, {obsSize, sp.Obs.Size}} {
			if p.dst != nil {
				*p.dst = C.int32_t(p.v)
			}
		}
		return nil
	})
}

//export ct_to_move
func ct_to_move(h C.uint64_t, seats *C.int32_t, capacity C.int32_t, n *C.int32_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error {
		e.seats = e.env.ToMove(e.seats[:0])
		return putInts(seats, capacity, n, e.seats)
	})
}

// putInts writes xs into the caller's int32 buffer and their count into
// *n; a buffer too small gets only the count and CT_BUFFER.
func putInts(buf *C.int32_t, capacity C.int32_t, n *C.int32_t, xs []int) error {
	if n != nil {
		*n = C.int32_t(len(xs))
	}
	if len(xs) == 0 {
		return nil
	}
	if buf == nil || int(capacity) < len(xs) {
		return fmt.Errorf("%w: %d numbers to write; the buffer holds %d", errBuffer, len(xs), int(capacity))
	}
	out := unsafe.Slice((*int32)(unsafe.Pointer(buf)), len(xs))
	for i, x := range xs {
		out[i] = int32(x)
	}
	return nil
}

//export ct_legal
func ct_legal(h C.uint64_t, seat C.int32_t, mask *C.uint8_t, maskLen C.int32_t, indices *C.int32_t, capacity C.int32_t, n *C.int32_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error { return e.legalInto(int(seat), mask, maskLen, indices, capacity, n) })
}

// legalInto writes seat's legal indices as a mask and/or a list (either
// buffer may be NULL).
func (e *entry) legalInto(seat int, mask *C.uint8_t, maskLen C.int32_t, indices *C.int32_t, capacity C.int32_t, n *C.int32_t) error {
	var err error
	if e.legal, err = e.env.Legal(seat, e.legal[:0]); err != nil {
		return err
	}
	if mask != nil {
		size := e.env.Space().NumActions
		if int(maskLen) < size {
			return fmt.Errorf("%w: the mask needs %d bytes; the buffer holds %d", rlenv.ErrBadArgument, size, int(maskLen))
		}
		m := unsafe.Slice((*byte)(unsafe.Pointer(mask)), size)
		clear(m)
		for _, x := range e.legal {
			m[x] = 1
		}
	}
	if indices == nil {
		if n != nil {
			*n = C.int32_t(len(e.legal))
		}
		return nil
	}
	return putInts(indices, capacity, n, e.legal)
}

//export ct_observe
func ct_observe(h C.uint64_t, seat C.int32_t, obs *C.float, obsLen C.int32_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error {
		if err := need("obs", unsafe.Pointer(obs)); err != nil {
			return err
		}
		return e.env.Observe(int(seat), floats(obs, obsLen))
	})
}

//export ct_step
func ct_step(h C.uint64_t, seat, index C.int32_t, next *C.int32_t, obs *C.float, obsLen C.int32_t, mask *C.uint8_t, maskLen C.int32_t, returns *C.double, nReturns C.int32_t, over *C.int32_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error {
		if err := e.env.Step(int(seat), int(index)); err != nil {
			return err
		}
		return e.after(next, obs, obsLen, mask, maskLen, returns, nReturns, over)
	})
}

// after reports the position a step left, in one call: the caller's next
// seat to act (-1 when none), its observation and legal mask (buffers
// that are not NULL), the returns and whether the game is over.
func (e *entry) after(next *C.int32_t, obs *C.float, obsLen C.int32_t, mask *C.uint8_t, maskLen C.int32_t, returns *C.double, nReturns C.int32_t, over *C.int32_t) error {
	e.seats = e.env.ToMove(e.seats[:0])
	seat := -1
	if len(e.seats) > 0 {
		seat = e.seats[0]
	}
	if next != nil {
		*next = C.int32_t(seat)
	}
	if over != nil {
		*over = 0
		if e.env.Terminal() {
			*over = 1
		}
	}
	if returns != nil && nReturns > 0 {
		out := unsafe.Slice((*float64)(unsafe.Pointer(returns)), int(nReturns))
		copy(out, e.env.Returns())
	}
	if seat < 0 {
		return nil
	}
	if obs != nil {
		if err := e.env.Observe(seat, floats(obs, obsLen)); err != nil {
			return err
		}
	}
	if mask != nil {
		return e.legalInto(seat, mask, maskLen, nil, 0, nil)
	}
	return nil
}

//export ct_step_text
func ct_step_text(h C.uint64_t, seat C.int32_t, text *C.char, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error { return e.env.StepText(int(seat), goString(text)) })
}

//export ct_status
func ct_status(h C.uint64_t, next *C.int32_t, obs *C.float, obsLen C.int32_t, mask *C.uint8_t, maskLen C.int32_t, returns *C.double, nReturns C.int32_t, over *C.int32_t, steps *C.int64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return with(h, o, func(e *entry) error {
		if steps != nil {
			*steps = C.int64_t(e.env.Steps())
		}
		return e.after(next, obs, obsLen, mask, maskLen, returns, nReturns, over)
	})
}

// text runs one of the functions that answer with text.
func text(h C.uint64_t, out *C.char, capacity C.int64_t, length *C.int64_t, o errOut, f func(e *entry) (string, error)) C.int32_t {
	return with(h, o, func(e *entry) error {
		s, err := f(e)
		if err != nil {
			return err
		}
		return putText(out, capacity, length, s)
	})
}

//export ct_result
func ct_result(h C.uint64_t, out *C.char, capacity C.int64_t, length *C.int64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return text(h, out, capacity, length, o, func(e *entry) (string, error) {
		b, err := json.Marshal(e.env.Result())
		return string(b), err
	})
}

//export ct_record
func ct_record(h C.uint64_t, out *C.char, capacity C.int64_t, length *C.int64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return text(h, out, capacity, length, o, func(e *entry) (string, error) {
		r, err := e.env.Record()
		if err != nil {
			return "", err
		}
		var b bytes.Buffer
		err = r.Write(&b)
		return b.String(), err
	})
}

//export ct_view
func ct_view(h C.uint64_t, seat, asText C.int32_t, out *C.char, capacity C.int64_t, length *C.int64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return text(h, out, capacity, length, o, func(e *entry) (string, error) {
		v, err := e.env.View(int(seat))
		if err != nil || asText != 0 {
			return viewText(v), err
		}
		b, err := json.Marshal(v)
		return string(b), err
	})
}

//export ct_action_text
func ct_action_text(h C.uint64_t, seat, index C.int32_t, out *C.char, capacity C.int64_t, length *C.int64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return text(h, out, capacity, length, o, func(e *entry) (string, error) {
		return e.env.ActionText(int(seat), int(index))
	})
}

//export ct_bot_action
func ct_bot_action(h C.uint64_t, seat C.int32_t, spec *C.char, index *C.int32_t, out *C.char, capacity C.int64_t, length *C.int64_t, errBuf *C.char, errCap C.int32_t) (rc C.int32_t) {
	o := errOut{errBuf, errCap}
	defer guard(&rc, o)
	return text(h, out, capacity, length, o, func(e *entry) (string, error) {
		x, t, err := e.env.BotAction(int(seat), goString(spec))
		if err == nil && index != nil {
			*index = C.int32_t(x)
		}
		return t, err
	})
}

// viewText is a view for people (nil: "").
func viewText(v engine.View) string {
	if v == nil {
		return ""
	}
	return v.String()
}

// botNames lists the bots that play game.
func botNames(game string) []string {
	var names []string
	for _, b := range bots.For(game) {
		names = append(names, b.Name)
	}
	return names
}
