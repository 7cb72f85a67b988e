package engine

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"cardtable/cards"
)

// OptionKind says which values an option takes.
type OptionKind int

const (
	// Enum options take one of Values.
	Enum OptionKind = iota
	// Int options take an integer in [Min, Max] (or one of Words).
	Int
	// Bool options take true/false (also on/off, yes/no, 1/0).
	Bool
	// RankOpt options take a card rank 2..10, J, Q, K, A (or one of Words,
	// typically "off").
	RankOpt
	// Duration options take a Go duration such as 2s or 500ms, in [Min, Max]
	// milliseconds.
	Duration
)

// Option describes one named setting of a game. The same key is used by
// `-o key=value` on the command line, the library API and the web lobby.
type Option struct {
	Key     string
	Kind    OptionKind
	Default string
	Help    string
	// Values are the choices of an Enum.
	Values []string
	// Min and Max bound Int and Duration (milliseconds) values.
	Min, Max int
	// Words are extra literal values accepted besides the kind's own
	// ("off" for a rank option, "random" for a seat).
	Words []string
}

// Accepts describes the valid values, for help text and error messages.
func (o Option) Accepts() string {
	var s string
	switch o.Kind {
	case Enum:
		s = strings.Join(o.Values, ", ")
	case Int:
		s = fmt.Sprintf("an integer from %d to %d", o.Min, o.Max)
	case Bool:
		s = "true or false"
	case RankOpt:
		s = "a rank 2-10, J, Q, K or A"
	case Duration:
		s = fmt.Sprintf("a duration from %s to %s (e.g. 2s, 500ms)", ShortDuration(time.Duration(o.Min)*time.Millisecond), ShortDuration(time.Duration(o.Max)*time.Millisecond))
	}
	for _, w := range o.Words {
		s += " or " + w
	}
	return s
}

// AcceptsMsg says what Accepts says as a message, for people: each
// value typed as it is (an enum's values, the Words, durations) passed
// through mark (a page sets them as code; nil: as they are).
func (o Option) AcceptsMsg(mark func(string) string) Msg {
	if mark == nil {
		mark = func(v string) string { return v }
	}
	var m Msg
	switch o.Kind {
	case Enum:
		values := make([]string, len(o.Values))
		for i, v := range o.Values {
			values[i] = mark(v)
		}
		m = Say("option.accepts.values", TextArg("values", strings.Join(values, ", ")))
	case Int:
		m = Say("option.accepts.int", NumArg("min", o.Min), NumArg("max", o.Max))
	case Bool:
		m = Say("option.accepts.bool")
	case RankOpt:
		m = Say("option.accepts.rank")
	case Duration:
		ms := func(n int) string { return mark(ShortDuration(time.Duration(n) * time.Millisecond)) }
		m = Say("option.accepts.duration", TextArg("min", ms(o.Min)), TextArg("max", ms(o.Max)))
	}
	for _, w := range o.Words {
		m = Say("option.accepts.or", MsgArg("a", m), TextArg("b", mark(w)))
	}
	return m
}

// ShortDuration writes d as a person would type it: "1m", not Go's
// "1m0s"; "1h30m", not "1h30m0s".
func ShortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// canonical checks v against the option and returns its canonical spelling.
func (o Option) canonical(v string) (string, error) {
	for _, w := range o.Words {
		if strings.EqualFold(v, w) {
			return w, nil
		}
	}
	bad := func() (string, error) {
		return "", SayErr(ErrBadOption, Say("option.bad-value", TextArg("key", o.Key), TextArg("value", strconv.Quote(v)), MsgArg("accepts", o.AcceptsMsg(nil))),
			"%s=%q: want %s", o.Key, v, o.Accepts())
	}
	switch o.Kind {
	case Enum:
		for _, x := range o.Values {
			if strings.EqualFold(v, x) {
				return x, nil
			}
		}
	case Int:
		n, err := strconv.Atoi(v)
		if err == nil && n >= o.Min && n <= o.Max {
			return strconv.Itoa(n), nil
		}
	case Bool:
		switch strings.ToLower(v) {
		case "true", "on", "yes", "1":
			return "true", nil
		case "false", "off", "no", "0":
			return "false", nil
		}
	case RankOpt:
		if r, err := cards.ParseRank(v); err == nil {
			return r.String(), nil
		}
	case Duration:
		d, err := time.ParseDuration(v)
		if err == nil && d >= time.Duration(o.Min)*time.Millisecond && d <= time.Duration(o.Max)*time.Millisecond {
			return d.String(), nil
		}
	}
	return bad()
}

// Options are a game's resolved settings: every option of the game with a
// valid value in canonical spelling. Make them with ResolveOptions.
type Options struct {
	vals map[string]string
	id   uint64
}

// optionsIDs numbers ResolveOptions results.
var optionsIDs atomic.Uint64

// ID identifies this ResolveOptions result (copies share it; the zero
// Options has ID 0). Options never change, so a fast path called many
// times with the same options (FastSimulator.Simulate) can keep what it
// decoded from them keyed by ID instead of decoding them on every call.
func (o Options) ID() uint64 { return o.id }

// ResolveOptions checks given against specs and fills in defaults. An
// unknown key or a bad value returns an error wrapping ErrBadOption that
// lists what is valid.
func ResolveOptions(specs []Option, given map[string]string) (Options, error) {
	vals := make(map[string]string, len(specs))
	byKey := make(map[string]Option, len(specs))
	for _, o := range specs {
		byKey[o.Key] = o
		vals[o.Key] = o.Default
	}
	keys := make([]string, 0, len(given))
	for k := range given {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		o, ok := byKey[k]
		if !ok {
			valid := make([]string, 0, len(specs))
			for _, o := range specs {
				valid = append(valid, o.Key)
			}
			return Options{}, SayErr(ErrBadOption, Say("option.unknown", TextArg("key", strconv.Quote(k)), TextArg("valid", strings.Join(valid, ", "))),
				"unknown option %q; valid options: %s", k, strings.Join(valid, ", "))
		}
		v, err := o.canonical(strings.TrimSpace(given[k]))
		if err != nil {
			return Options{}, err
		}
		vals[k] = v
	}
	return Options{vals: vals, id: optionsIDs.Add(1)}, nil
}

// MustResolve is ResolveOptions for fixed, known-good options (tests,
// benchmarks); it panics on error.
func MustResolve(g Game, given map[string]string) Options {
	o, err := ResolveOptions(g.Options(), given)
	if err != nil {
		panic(err)
	}
	return o
}

// ParseOptionArgs turns "key=value" strings (the -o flags) into a map. A
// repeated key keeps the last value.
func ParseOptionArgs(args []string) (map[string]string, error) {
	m := make(map[string]string, len(args))
	for _, a := range args {
		for _, part := range strings.Split(a, ",") {
			k, v, ok := strings.Cut(part, "=")
			k = strings.TrimSpace(k)
			if !ok || k == "" {
				return nil, SayErr(ErrBadOption, Say("option.not-key-value", TextArg("text", strconv.Quote(part))),
					"%q: write options as key=value, e.g. -o players=3", part)
			}
			m[k] = strings.TrimSpace(v)
		}
	}
	return m, nil
}

// Get returns the value of key ("" if the game has no such option).
func (o Options) Get(key string) string { return o.vals[key] }

// Int returns an Int option's value, or -1 when it holds one of its Words.
func (o Options) Int(key string) int {
	n, err := strconv.Atoi(o.vals[key])
	if err != nil {
		return -1
	}
	return n
}

// Bool returns a Bool option's value.
func (o Options) Bool(key string) bool { return o.vals[key] == "true" }

// Rank returns a RankOpt option's rank, or 0 when it holds one of its Words
// (such as "off").
func (o Options) Rank(key string) cards.Rank {
	r, err := cards.ParseRank(o.vals[key])
	if err != nil {
		return 0
	}
	return r
}

// Duration returns a Duration option's value.
func (o Options) Duration(key string) time.Duration {
	d, _ := time.ParseDuration(o.vals[key])
	return d
}

// Map returns a copy of all values by key.
func (o Options) Map() map[string]string {
	m := make(map[string]string, len(o.vals))
	for k, v := range o.vals {
		m[k] = v
	}
	return m
}

// String writes the options as sorted key=value pairs separated by commas.
func (o Options) String() string {
	keys := make([]string, 0, len(o.vals))
	for k := range o.vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + o.vals[k]
	}
	return strings.Join(parts, ",")
}

// MarshalJSON writes the options as a JSON object.
func (o Options) MarshalJSON() ([]byte, error) { return json.Marshal(o.vals) }
