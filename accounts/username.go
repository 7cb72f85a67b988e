// Package accounts holds the rules of cardtable's accounts that do not
// depend on the web: usernames (limits, a fixed character set, a
// confusable-proof key, a reserved list) and passwords (argon2id with
// documented parameters, bounded input and bounded concurrency). The
// server's sign-in layer (server/auth) uses it; docs/accounts.md describes
// both.
package accounts

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/text/secure/precis"

	"cardtable/engine"
)

// Username limits, in characters.
const (
	MinName = 3
	MaxName = 20
	// maxNameInput bounds what is read of a name before normalising it.
	maxNameInput = 64
)

// ErrName is a username that cannot be had; the error says why.
var ErrName = errors.New("accounts: bad username")

// nameErr is a refused name: msg for people (engine.SaidOf), the English
// format for programs.
func nameErr(msg engine.Msg, format string, args ...any) error {
	return &engine.Said{Kind: ErrName, Msg: msg, Text: fmt.Sprintf(format, args...)}
}

// CheckName normalises a username as typed (PRECIS UsernameCasePreserved:
// full-width forms to ASCII, NFC) and checks it: 3 to 20 characters, ASCII
// letters, digits, '-' and '_', starting with a letter, not reserved. It
// returns the name as it will be shown and its Key.
func CheckName(raw string) (name, key string, err error) {
	if len(raw) > maxNameInput {
		return "", "", nameErr(engine.Say("account.name.too-long", engine.CountArg(MaxName)), "a username has at most %d characters", MaxName)
	}
	name, err = precis.UsernameCasePreserved.String(strings.TrimSpace(raw))
	if err != nil {
		return "", "", nameErr(engine.Say("account.name.letters"), "use only letters a-z, digits, - and _ (no spaces)")
	}
	if n := len(name); n < MinName || n > MaxName {
		return "", "", nameErr(engine.Say("account.name.length", engine.NumArg("min", MinName), engine.NumArg("max", MaxName), engine.TextArg("name", name), engine.NumArg("n", len([]rune(name)))),
			"a username has %d to %d characters; %q has %d", MinName, MaxName, name, len([]rune(name)))
	}
	for i, r := range name {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if i == 0 && !letter {
			return "", "", nameErr(engine.Say("account.name.start"), "a username starts with a letter a-z")
		}
		if !letter && !(r >= '0' && r <= '9') && r != '-' && r != '_' {
			return "", "", nameErr(engine.Say("account.name.char", engine.TextArg("char", fmt.Sprintf("%q", r))), "%q is not allowed; use only letters a-z, digits, - and _", r)
		}
	}
	key = Key(name)
	if reservedKey(key) {
		return "", "", nameErr(engine.Say("account.name.reserved", engine.TextArg("name", name)), "%q is reserved; choose another name", name)
	}
	return name, key, nil
}

// confusables are ASCII look-alikes folded together in a Key, longest
// first: "paul", "PauI", "pau1" and "pauI" share one key, so only one of
// them can exist.
var confusables = strings.NewReplacer("rn", "m", "vv", "w", "0", "o", "1", "l", "i", "l", "5", "s", "_", "-")

// Key is the skeleton of a (checked) username: lower case with
// confusables folded. Two names with one key cannot both exist, and a name
// is looked up by its key (so /u/ANN finds Ann).
func Key(name string) string {
	folded, err := precis.UsernameCaseMapped.String(name)
	if err != nil {
		folded = strings.ToLower(name)
	}
	return confusables.Replace(folded)
}

// Reserved are names nobody may take: the site's own words and the bots'
// names, so no account passes for the house or a bot. Names starting with
// one of reservedPrefixes are reserved too.
var Reserved = []string{
	"admin", "administrator", "root", "system", "cardtable", "moderator", "mod", "staff", "support", "help",
	"official", "api", "static", "www", "daily", "guest", "anonymous", "deleted", "former-player", "nobody",
	"null", "undefined", "me", "you", "account", "accounts", "login", "logout", "signin", "signout", "signup",
	"register", "settings", "profile", "leaderboard", "leaderboards", "ratings", "rated", "table", "tables",
	"seat", "spectator", "bot", "bots", "random", "heuristic", "expert", "ismcts", "solver", "castle",
}

var reservedPrefixes = []string{"admin", "cardtable", "moderator", "official", "staff", "system"}

var reservedKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range Reserved {
		m[Key(r)] = true
	}
	return m
}()

func reservedKey(key string) bool {
	if reservedKeys[key] {
		return true
	}
	for _, p := range reservedPrefixes {
		if strings.HasPrefix(key, Key(p)) {
			return true
		}
	}
	return false
}
