package bots

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"cardtable/engine"
)

// Cap names, one for each field of engine.BotCaps.
const (
	CapThink      = "think"
	CapIterations = "iterations"
	CapWorkers    = "workers"
	CapCandidates = "candidates"
)

// cappedSettings says which cap bounds each bot setting that costs time or
// memory. The others cost nothing a cap would bound: c, loss, margin and
// complete-odds are numbers in a formula, and rollout-depth is at most a
// rollout to the end, which is the plain search's default (the time and
// iteration caps bound the rollouts).
var cappedSettings = map[string]string{
	"time":       CapThink,
	"iterations": CapIterations,
	"workers":    CapWorkers,
	"candidates": CapCandidates,
	"plays":      CapCandidates,
	"covers":     CapCandidates,
}

// OverCap is a bot setting over a cap.
type OverCap struct {
	// Key and Value are the setting as given.
	Key, Value string
	// Cap names the cap (CapThink, …) and Max is its value, written as
	// the setting would be.
	Cap, Max string
}

func (o OverCap) Error() string {
	return fmt.Sprintf("%s=%s is over this server's cap of %s; ask for at most %s", o.Key, o.Value, o.Max, o.Max)
}

// OverCaps returns the settings of s over caps, in key order (nil when
// none is). It reads the settings a bot has already accepted (New): a
// value it cannot read is not its business.
func (s Spec) OverCaps(caps engine.BotCaps) []OverCap {
	var over []OverCap
	for _, k := range slices.Sorted(maps.Keys(s.Params)) {
		v := strings.TrimSpace(s.Params[k])
		if o, ok := overCap(k, v, caps); ok {
			over = append(over, o)
		}
	}
	return over
}

// overCap checks one setting against its cap, if it has one.
func overCap(key, value string, caps engine.BotCaps) (OverCap, bool) {
	o := OverCap{Key: key, Value: value, Cap: cappedSettings[key]}
	switch o.Cap {
	case CapThink:
		d, err := time.ParseDuration(value)
		o.Max = caps.Think.String()
		return o, err == nil && caps.Think > 0 && d > caps.Think
	case CapIterations:
		return o.count(value, caps.Iterations)
	case CapWorkers:
		return o.count(value, caps.Workers)
	case CapCandidates:
		return o.count(value, caps.Candidates)
	}
	return o, false
}

func (o OverCap) count(value string, max int) (OverCap, bool) {
	n, err := strconv.Atoi(value)
	o.Max = strconv.Itoa(max)
	return o, err == nil && max > 0 && n > max
}
