package bots

import (
	"fmt"
	"sort"
	"strings"
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
		return Spec{}, fmt.Errorf("bots: %q: no bot name; write NAME or NAME:key=value, e.g. expert:iterations=64", text)
	}
	for _, kv := range parts[1:] {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return Spec{}, fmt.Errorf("bots: %q: setting %q is not key=value; write NAME:key=value, e.g. expert:iterations=64", text, kv)
		}
		if _, dup := spec.Params[k]; dup {
			return Spec{}, fmt.Errorf("bots: %q: setting %q given twice", text, k)
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
