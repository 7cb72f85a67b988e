package auth

import (
	"errors"
	"net/http"

	"cardtable/accounts"
	"cardtable/engine"
	"cardtable/store"
)

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

// handleSignUp makes an account with a password and signs it in.
func (a *Auth) handleSignUp(w http.ResponseWriter, r *http.Request) {
	if !a.attempts.take(a.addr(r)) {
		writeError(w, r, errTooMany)
		return
	}
	var req credentials
	if err := readJSON(r, w, maxBody, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	name, key, err := accounts.CheckName(req.Name)
	if err != nil {
		a.fail(w, r, refusal(http.StatusBadRequest, "bad-name", err))
		return
	}
	pw, err := accounts.CheckPassword(req.Password, name)
	if err != nil {
		a.fail(w, r, refusal(http.StatusBadRequest, "bad-password", err))
		return
	}
	hash, err := a.hasher.Hash(r.Context(), pw)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	u := store.User{ID: newUserID(), Name: name, Key: key, Created: a.now(), Password: hash}
	if err := a.createUser(w, r, u); err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, a.me(r, u))
}

// createUser stores u and signs it in. Usernames are public (profiles are
// at /u/NAME), so saying a name is taken tells nothing secret.
func (a *Auth) createUser(w http.ResponseWriter, r *http.Request, u store.User) error {
	release, err := a.countSignUp(r)
	if err != nil {
		return err
	}
	if err := a.st.CreateUser(r.Context(), u); err != nil {
		release()
		if errors.Is(err, store.ErrConflict) {
			return nameTaken(u.Name)
		}
		return err
	}
	a.log.Info("account created", "user", u.ID)
	return a.startSession(w, r, u)
}

// message is an accounts error's sentence without its package prefix.
// nameTaken refuses a name another account has.
func nameTaken(name string) *apiError {
	return sayf(http.StatusConflict, "name-taken", engine.Say("api.name-taken", engine.TextArg("name", name)),
		"the name %q is taken (or reads too like one that is); choose another", name)
}

// message is a refused name's or password's sentence without its
// package's prefix.
func message(err error) string {
	s := err.Error()
	for _, p := range []string{accounts.ErrName.Error() + ": ", accounts.ErrPassword.Error() + ": "} {
		if len(s) > len(p) && s[:len(p)] == p {
			return s[len(p):]
		}
	}
	return s
}

// handleSignIn signs in with a username and password. Every failure gets
// the same answer after the same work: one password check (against a
// dummy hash when the name has no account or is locked) and one count of
// the failure under the name's key (whether or not an account has it), so
// neither the answer nor its time tells whether a name has an account.
// The address's attempts are spent by failures only.
func (a *Auth) handleSignIn(w http.ResponseWriter, r *http.Request) {
	addr := a.addr(r)
	if !a.attempts.allows(addr) || !a.signins.take(addr) {
		writeError(w, r, errTooMany)
		return
	}
	var req credentials
	if err := readJSON(r, w, maxBody, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	u, ok, err := a.checkPassword(r, req)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if !ok {
		a.attempts.take(addr)
		writeError(w, r, errSignIn)
		return
	}
	if err := a.startSession(w, r, u); err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.me(r, u))
}

// checkPassword does a sign-in's one password check and its bookkeeping.
func (a *Auth) checkPassword(r *http.Request, req credentials) (store.User, bool, error) {
	ctx, now := r.Context(), a.now()
	key := "?" // a name that cannot be one still counts, under a key no name has
	if _, k, err := accounts.CheckName(req.Name); err == nil {
		key = k
	}
	state, err := a.st.SignInState(ctx, key)
	if err != nil {
		return store.User{}, false, err
	}
	u, err := a.st.UserByKey(ctx, key)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return store.User{}, false, err
	}
	hash := u.Password // "" for no account, or one without a password: checked against the dummy
	if state.LockedUntil.After(now) {
		hash = ""
	}
	ok, rehash, err := a.hasher.Verify(ctx, hash, req.Password)
	if err != nil {
		return store.User{}, false, err
	}
	if !ok {
		if _, err := a.st.SignInFailed(ctx, key, LockAfter, now.Add(LockFor), now); err != nil {
			return store.User{}, false, err
		}
		return store.User{}, false, nil
	}
	if err := a.st.SignInSucceeded(ctx, key); err != nil {
		return store.User{}, false, err
	}
	if rehash {
		a.rehash(r, u, req.Password)
	}
	return u, true, nil
}

// rehash stores the password hashed with the current parameters (a
// failure only keeps the old hash).
func (a *Auth) rehash(r *http.Request, u store.User, raw string) {
	pw, err := accounts.CheckPassword(raw, "")
	if err != nil {
		return
	}
	if hash, err := a.hasher.Hash(r.Context(), pw); err == nil {
		if err := a.st.SetPassword(r.Context(), u.ID, hash); err != nil {
			a.log.Warn("password not rehashed", "user", u.ID, "err", err)
		}
	}
}
