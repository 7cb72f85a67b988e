package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"cardtable/accounts"
)

// The terminal keeps the session a `--daily --server URL --user NAME` run
// signed in with, so the next run goes on with it rather than signing in
// again (each sign-in makes a new session, which lives 30 days on the
// account): one file, sessions.json in cardtable's folder of the user's
// configuration (os.UserConfigDir: $XDG_CONFIG_HOME or ~/.config), readable
// by its owner only, holding each server's and name's session token.

// sessionCookie is the server's session cookie (server/auth).
const sessionCookie = "cardtable_session"

// sessionFile is where the sessions are kept.
func sessionFile() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "cardtable", "sessions.json"), nil
}

// sessionKey names one server's session of one account.
func sessionKey(base, user string) string { return base + " " + accounts.Key(user) }

// readSessions reads the kept sessions (none when there is no file).
func readSessions() (map[string]string, error) {
	path, err := sessionFile()
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	if err := json.Unmarshal(data, &out); err != nil {
		return map[string]string{}, nil // a damaged file is replaced at the next sign-in
	}
	return out, nil
}

// keepSession stores token as base's session of user (token "" forgets
// it), the file written whole and readable by its owner only.
func keepSession(base, user, token string) error {
	all, err := readSessions()
	if err != nil {
		return err
	}
	if token == "" {
		delete(all, sessionKey(base, user))
	} else {
		all[sessionKey(base, user)] = token
	}
	path, _ := sessionFile()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	data, _ := json.MarshalIndent(all, "", "  ")
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// resume goes on with the kept session of user on the server: true when
// the server still takes it as user's.
func (c *dailyClient) resume(ctx context.Context, user string) bool {
	all, err := readSessions()
	token := all[sessionKey(c.base, user)]
	if err != nil || token == "" {
		return false
	}
	u, _ := url.Parse(c.base)
	c.http.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: token, Path: "/"}})
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+"/api/account", nil)
	if err != nil {
		return false
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	var me struct{ User *struct{ Name string } }
	if resp.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&me) != nil ||
		me.User == nil || accounts.Key(me.User.Name) != accounts.Key(user) {
		c.http.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1}})
		return false
	}
	return true
}

// session is the session token the client holds for the server ("" for
// none).
func (c *dailyClient) session() string {
	u, _ := url.Parse(c.base)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == sessionCookie {
			return ck.Value
		}
	}
	return ""
}

// signedIn signs the client in as user: with the kept session when the
// server still takes it, else with the password (asked, or from
// $CARDTABLE_PASSWORD), keeping the new session for the next run.
func (c *dailyClient) signedIn(a *app, user string) error {
	if c.resume(a.ctx, user) {
		return nil
	}
	pw, err := password(a, user)
	if err != nil {
		return err
	}
	if err := c.signIn(a.ctx, user, pw); err != nil {
		return err
	}
	if err := keepSession(c.base, user, c.session()); err != nil {
		fmt.Fprintf(a.stderr, "cardtable: the session is not kept for the next run (%s): %v\n", strings.TrimSpace(user), err)
	}
	return nil
}
