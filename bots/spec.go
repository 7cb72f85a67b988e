package bots

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"cardtable/engine"
)

// Spec names a bot and its own settings, written "NAME" or
// "NAME:key=value:key=value" (for example "expert:iterations=64"), so one
// text says who plays a seat on every command that seats bots.
type Spec struct {
	Name   string
	Params map[string]string
}

// ParseSpec reads a bot spec. It checks the form only; New checks that the
// bot exists for the game and accepts the settings.
func ParseSpec(text string) (Spec, error) {
	parts := strings.Split(strings.TrimSpace(text), ":")
	spec := Spec{Name: strings.TrimSpace(parts[0]), Params: map[string]string{}}
	if spec.Name == "" {
		return Spec{}, engine.SayErr(nil, engine.Say("bot.spec.no-name", engine.TextArg("spec", strconv.Quote(text))),
			"bots: %q: no bot name; write NAME or NAME:key=value, e.g. expert:iterations=64", text)
	}
	for _, kv := range parts[1:] {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return Spec{}, engine.SayErr(nil, engine.Say("bot.spec.not-key-value", engine.TextArg("spec", strconv.Quote(text)), engine.TextArg("setting", strconv.Quote(kv))),
				"bots: %q: setting %q is not key=value; write NAME:key=value, e.g. expert:iterations=64", text, kv)
		}
		if _, dup := spec.Params[k]; dup {
			return Spec{}, engine.SayErr(nil, engine.Say("bot.spec.twice", engine.TextArg("spec", strconv.Quote(text)), engine.TextArg("setting", strconv.Quote(k))),
				"bots: %q: setting %q given twice", text, k)
		}
		spec.Params[k] = v
	}
	return spec, nil
}

// String writes the spec back in its text form, settings sorted by key.
func (s Spec) String() string {
	keys := make([]string, 0, len(s.Params))
	for k := range s.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(s.Name)
	for _, k := range keys {
		fmt.Fprintf(&b, ":%s=%s", k, s.Params[k])
	}
	return b.String()
}

// ParseSpecs reads one spec per element of texts, as a comma-separated
// --bot list arrives ("expert:iterations=64", "heuristic").
func ParseSpecs(texts []string) ([]Spec, error) {
	specs := make([]Spec, 0, len(texts))
	for _, t := range texts {
		s, err := ParseSpec(t)
		if err != nil {
			return nil, err
		}
		specs = append(specs, s)
	}
	return specs, nil
}

// Over returns the spec with shared settings added under its own: a plain
// key of shared applies to every bot, "NAME.key" only to the bots called
// NAME, and a setting the spec gives itself wins over a shared one (so
// --bot-opt iterations=100 with --bot expert:iterations=64 leaves 64).
func (s Spec) Over(shared map[string]string) Spec {
	p := make(map[string]string, len(s.Params)+len(shared))
	for k, v := range shared {
		if prefix, key, scoped := strings.Cut(k, "."); scoped {
			if prefix == s.Name {
				p[key] = v
			}
			continue
		}
		p[k] = v
	}
	for k, v := range s.Params {
		p[k] = v
	}
	return Spec{Name: s.Name, Params: p}
}

// Bot makes the spec's bot for game g, seeded with seed; an unknown bot or
// a setting it refuses is an error naming what is valid.
func (s Spec) Bot(g engine.Game, opts engine.Options, seed uint64) (engine.Bot, error) {
	return New(s.Name, g, opts, s.Params, seed)
}
