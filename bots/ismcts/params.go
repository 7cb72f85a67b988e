package ismcts

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"cardtable/engine"
)

// paramOrder lists the --bot-opt keys in the order error messages show
// them; paramAccepts says what each accepts.
var (
	paramOrder   = []string{"iterations", "time", "c", "workers", "rollout-depth"}
	paramAccepts = map[string]string{
		"iterations":    "a positive integer (default 1000)",
		"time":          "a positive duration such as 500ms or 2s",
		"c":             "a number >= 0 (default 0.7)",
		"workers":       fmt.Sprintf("an integer from 1 to %d (default 1)", MaxWorkers),
		"rollout-depth": "an integer >= 0; 0 plays rollouts to the end (default)",
	}
)

func validParams() string {
	parts := make([]string, len(paramOrder))
	for i, k := range paramOrder {
		parts[i] = k + " (" + paramAccepts[k] + ")"
	}
	return strings.Join(parts, ", ")
}

// ParseParams reads the bot's --bot-opt settings over DefaultConfig. An
// unknown key or a bad value returns an error wrapping engine.ErrBadOption
// that names it and lists the valid settings. Giving time without
// iterations makes the budget time alone.
func ParseParams(params map[string]string) (Config, error) {
	return ParseParamsOver(DefaultConfig(), params)
}

// ParseParamsOver is ParseParams over base instead of DefaultConfig: bots
// built on the search (with defaults of their own) read their users'
// settings with it.
func ParseParamsOver(base Config, params map[string]string) (Config, error) {
	cfg := base
	for _, k := range sortedKeys(params) {
		if err := setParam(&cfg, k, strings.TrimSpace(params[k])); err != nil {
			return Config{}, err
		}
	}
	if _, ok := params["time"]; ok {
		if _, ok := params["iterations"]; !ok {
			cfg.Iterations = 0
		}
	}
	return cfg, cfg.Validate()
}

// SplitParams reads a search bot's own settings out of params, in key
// order: read gets each key of own with its trimmed value; an error from
// it stops the reading with an error wrapping engine.ErrBadOption, from
// pkg, that names the setting and what it accepts (own[key]). The other
// keys are returned, trimmed, for ParseParamsOver.
func SplitParams(pkg string, params, own map[string]string, read func(key, value string) error) (map[string]string, error) {
	rest := map[string]string{}
	for _, k := range sortedKeys(params) {
		v := strings.TrimSpace(params[k])
		accepts, mine := own[k]
		if !mine {
			rest[k] = v
			continue
		}
		if err := read(k, v); err != nil {
			return nil, fmt.Errorf("%s: %w", pkg, badSetting(k, v, accepts))
		}
	}
	return rest, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func setParam(cfg *Config, key, value string) error {
	var err error
	switch key {
	case "iterations":
		cfg.Iterations, err = parseInt(value, 1)
	case "time":
		cfg.Time, err = time.ParseDuration(value)
		if err == nil && cfg.Time <= 0 {
			err = errors.New("not positive")
		}
	case "c":
		cfg.C, err = strconv.ParseFloat(value, 64)
		if err == nil && !(cfg.C >= 0 && cfg.C < 1e6) {
			err = errors.New("out of range")
		}
	case "workers":
		cfg.Workers, err = parseInt(value, 1)
		if err == nil && cfg.Workers > MaxWorkers {
			err = errors.New("too many")
		}
	case "rollout-depth":
		cfg.RolloutDepth, err = parseInt(value, 0)
	default:
		return fmt.Errorf("ismcts: %w", engine.SayErr(engine.ErrBadOption, engine.Say("bot.unknown-setting", engine.TextArg("key", strconv.Quote(key)), engine.TextArg("valid", validParams())),
			"unknown setting %q; valid settings: %s", key, validParams()))
	}
	if err != nil {
		return fmt.Errorf("ismcts: %w", badSetting(key, value, paramAccepts[key]))
	}
	return nil
}

// badSetting refuses a bot setting's value: a message for people (the
// lobby's bot settings), the English "key=value: want accepts" for
// programs.
func badSetting(key, value, accepts string) error {
	return BadSetting(key, strconv.Quote(value), accepts)
}

// BadSetting refuses a search bot's setting key, whose value is written
// as it reads in the English ("0", "\"lots\""): the message bot.bad-setting
// for people, "key=value: want accepts" wrapping engine.ErrBadOption for
// programs.
func BadSetting(key, value, accepts string) error {
	return engine.SayErr(engine.ErrBadOption, engine.Say("bot.bad-setting", engine.TextArg("key", key), engine.TextArg("value", value)),
		"%s=%s: want %s", key, value, accepts)
}

func parseInt(value string, min int) (int, error) {
	n, err := strconv.Atoi(value)
	if err == nil && n < min {
		err = fmt.Errorf("below %d", min)
	}
	return n, err
}

// Factory makes an ISMCTS bot from --bot-opt settings; it has the shape of
// bots.Factory and plays every game.
func Factory(_ engine.Game, _ engine.Options, params map[string]string, seed uint64) (engine.Bot, error) {
	cfg, err := ParseParams(params)
	if err != nil {
		return nil, err
	}
	return New(cfg, seed)
}
