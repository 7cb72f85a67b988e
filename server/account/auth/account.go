package auth

import (
	"errors"
	"net/http"
	"time"

	"cardtable/accounts"
	"cardtable/engine"
	"cardtable/store"
)

// Routes adds the account routes to mux (docs/accounts.md).
func (a *Auth) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/account", a.handleMe)
	post := func(pattern string, h http.HandlerFunc) { mux.HandleFunc("POST "+pattern, jsonOnly(h)) }
	post("/api/account/signup", a.handleSignUp)
	post("/api/account/signin", a.handleSignIn)
	post("/api/account/signout", a.handleSignOut)
	post("/api/account/signout-all", a.signedIn(a.handleSignOutAll))
	post("/api/account/password", a.signedIn(a.handlePassword))
	post("/api/account/rename", a.signedIn(a.handleRename))
	post("/api/account/language", a.signedIn(a.handleLanguage))
	post("/api/account/delete", a.signedIn(a.handleDelete))
	post("/api/account/passkeys/{id}/delete", a.signedIn(a.handleDeletePasskey))
	post("/api/account/passkey/signup/begin", a.handleSignUpBegin)
	post("/api/account/passkey/signup/finish", a.handleSignUpFinish)
	post("/api/account/passkey/signin/begin", a.handleSignInBegin)
	post("/api/account/passkey/signin/finish", a.handleSignInFinish)
	post("/api/account/passkey/add/begin", a.signedIn(a.handleAddBegin))
	post("/api/account/passkey/add/finish", a.signedIn(a.handleAddFinish))
}

// signedIn serves h only to a signed-in request.
func (a *Auth) signedIn(h func(w http.ResponseWriter, r *http.Request, s *Signed)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, err := a.Current(r)
		if err != nil {
			a.fail(w, r, err)
			return
		}
		if s == nil {
			writeError(w, r, errSignedOut)
			return
		}
		h(w, r, s)
	}
}

// meJSON is the signed-in account as its owner sees it.
type meJSON struct {
	User *userJSON `json:"user"`
}

type userJSON struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Created     time.Time `json:"created"`
	HasPassword bool      `json:"has_password"`
	// Language is the account's language ("" while it follows the
	// browser).
	Language string        `json:"language"`
	Passkeys []passkeyJSON `json:"passkeys"`
	Sessions []sessionJSON `json:"sessions"`
}

type passkeyJSON struct {
	ID       string    `json:"id"`
	Created  time.Time `json:"created"`
	LastUsed time.Time `json:"last_used"`
}

type sessionJSON struct {
	Created time.Time `json:"created"`
	Seen    time.Time `json:"seen"`
	Agent   string    `json:"agent"`
	Current bool      `json:"current"`
}

// me describes u for its owner (its passkeys and sessions as far as they
// can be read).
func (a *Auth) me(r *http.Request, u store.User) meJSON {
	uj := &userJSON{ID: u.ID, Name: u.Name, Created: u.Created, HasPassword: u.Password != "", Language: u.Language, Passkeys: []passkeyJSON{}, Sessions: []sessionJSON{}}
	if ps, err := a.st.Passkeys(r.Context(), u.ID); err == nil {
		for _, p := range ps {
			uj.Passkeys = append(uj.Passkeys, passkeyJSON{ID: p.ID, Created: p.Created, LastUsed: p.LastUsed})
		}
	}
	current := ""
	if c, err := r.Cookie(CookieName); err == nil {
		current = hashToken(c.Value)
	}
	if ss, err := a.st.Sessions(r.Context(), u.ID, a.now()); err == nil {
		for _, s := range ss {
			uj.Sessions = append(uj.Sessions, sessionJSON{Created: s.Created, Seen: s.Seen, Agent: s.Agent, Current: s.ID == current})
		}
	}
	return meJSON{User: uj}
}

// handleMe says who is signed in ({"user": null} for a guest).
func (a *Auth) handleMe(w http.ResponseWriter, r *http.Request) {
	s, err := a.Current(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if s == nil {
		writeJSON(w, http.StatusOK, meJSON{})
		return
	}
	writeJSON(w, http.StatusOK, a.me(r, s.User))
}

// handleSignOut ends this browser's session (signed in or not: it always
// drops the cookie).
func (a *Auth) handleSignOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(CookieName); err == nil && c.Value != "" && len(c.Value) <= 100 {
		if err := a.st.DeleteSession(r.Context(), hashToken(c.Value)); err != nil {
			a.fail(w, r, err)
			return
		}
	}
	a.endCookie(w)
	writeJSON(w, http.StatusOK, meJSON{})
}

// handleSignOutAll ends every session of the account, this one included.
func (a *Auth) handleSignOutAll(w http.ResponseWriter, r *http.Request, s *Signed) {
	n, err := a.st.DeleteSessions(r.Context(), s.User.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.endCookie(w)
	a.log.Info("signed out everywhere", "user", s.User.ID, "sessions", n)
	writeJSON(w, http.StatusOK, map[string]any{"user": nil, "sessions_ended": n})
}

// handlePassword sets or changes the password; changing one needs the
// current one, and ends every other session.
func (a *Auth) handlePassword(w http.ResponseWriter, r *http.Request, s *Signed) {
	var req struct {
		Current string `json:"current"`
		New     string `json:"new"`
	}
	if err := readJSON(r, w, maxBody, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	if !a.attempts.take(a.addr(r)) {
		writeError(w, r, errTooMany)
		return
	}
	if s.User.Password != "" {
		ok, _, err := a.hasher.Verify(r.Context(), s.User.Password, req.Current)
		if err != nil {
			a.fail(w, r, err)
			return
		}
		if !ok {
			writeError(w, r, sayf(http.StatusForbidden, "wrong-password", engine.Say("api.wrong-password"), "the current password is wrong; nothing changed"))
			return
		}
	}
	pw, err := accounts.CheckPassword(req.New, s.User.Name)
	if err != nil {
		a.fail(w, r, refusal(http.StatusBadRequest, "bad-password", err))
		return
	}
	hash, err := a.hasher.Hash(r.Context(), pw)
	if err == nil {
		err = a.st.SetPassword(r.Context(), s.User.ID, hash)
	}
	if err == nil {
		err = a.restartSessions(w, r, s.User)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	s.User.Password = hash
	writeJSON(w, http.StatusOK, a.me(r, s.User))
}

// restartSessions ends every session of u and signs this browser in anew:
// after a credential changes, a stolen session is worth nothing.
func (a *Auth) restartSessions(w http.ResponseWriter, r *http.Request, u store.User) error {
	if _, err := a.st.DeleteSessions(r.Context(), u.ID); err != nil {
		return err
	}
	return a.startSession(w, r, u)
}

// handleRename gives the account a new name.
func (a *Auth) handleRename(w http.ResponseWriter, r *http.Request, s *Signed) {
	var req struct {
		Name string `json:"name"`
	}
	if err := readJSON(r, w, maxBody, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	name, key, err := accounts.CheckName(req.Name)
	if err != nil {
		a.fail(w, r, refusal(http.StatusBadRequest, "bad-name", err))
		return
	}
	if err := a.st.RenameUser(r.Context(), s.User.ID, name, key); err != nil {
		if errors.Is(err, store.ErrConflict) {
			err = nameTaken(name)
		}
		a.fail(w, r, err)
		return
	}
	s.User.Name, s.User.Key = name, key
	writeJSON(w, http.StatusOK, a.me(r, s.User))
}

// Anonymous is the name a deleted account's seats take.
const Anonymous = "former player"

// handleDelete deletes the account: its games stay, its seats renamed
// Anonymous. The body must repeat the account's name.
func (a *Auth) handleDelete(w http.ResponseWriter, r *http.Request, s *Signed) {
	var req struct {
		Confirm string `json:"confirm"`
	}
	if err := readJSON(r, w, maxBody, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	if accounts.Key(req.Confirm) != s.User.Key {
		writeError(w, r, sayf(http.StatusBadRequest, "not-confirmed", engine.Say("api.not-confirmed", engine.TextArg("name", s.User.Name)), "to delete the account, send its name %q as confirm; nothing was deleted", s.User.Name))
		return
	}
	if err := a.st.DeleteUser(r.Context(), s.User.ID, Anonymous); err != nil {
		a.fail(w, r, err)
		return
	}
	a.endCookie(w)
	a.log.Info("account deleted", "user", s.User.ID)
	writeJSON(w, http.StatusOK, meJSON{})
}

// handleDeletePasskey removes one of the account's passkeys, unless it is
// the last way to sign in.
func (a *Auth) handleDeletePasskey(w http.ResponseWriter, r *http.Request, s *Signed) {
	ps, err := a.st.Passkeys(r.Context(), s.User.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if len(ps) == 1 && s.User.Password == "" {
		writeError(w, r, sayf(http.StatusConflict, "last-credential", engine.Say("api.last-credential"), "this passkey is the account's only way to sign in; set a password or add another passkey first"))
		return
	}
	if err := a.st.DeletePasskey(r.Context(), s.User.ID, r.PathValue("id")); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			err = sayf(http.StatusNotFound, "not-found", engine.Say("api.no-passkey"), "this account has no such passkey")
		}
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.me(r, s.User))
}
