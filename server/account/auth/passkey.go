package auth

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"cardtable/accounts"
	"cardtable/engine"
	"cardtable/store"
)

// Passkeys follow WebAuthn: a ceremony's begin sends the browser options
// (PublicKeyCredentialCreationOptions or ...RequestOptions as JSON) and
// keeps the ceremony's state in the store, under a random id the browser
// holds in an HttpOnly cookie for five minutes; its finish takes the
// state once and checks the browser's answer against it. Passkeys are
// discoverable (resident) credentials, so signing in needs no username.

// Ceremony kinds.
const (
	kindSignUp = "passkey-signup"
	kindSignIn = "passkey-signin"
	kindAdd    = "passkey-add"
)

// waUser is an account as the WebAuthn library sees it.
type waUser struct {
	id, name string
	creds    []webauthn.Credential
}

func (u waUser) WebAuthnID() []byte                         { return []byte(u.id) }
func (u waUser) WebAuthnName() string                       { return u.name }
func (u waUser) WebAuthnDisplayName() string                { return u.name }
func (u waUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// ceremony is what a ceremony keeps between its two requests.
type ceremony struct {
	Session webauthn.SessionData `json:"session"`
	// For a sign-up: the account the passkey will make.
	UserID string `json:"user_id,omitempty"`
	Name   string `json:"name,omitempty"`
	Key    string `json:"key,omitempty"`
}

var errPasskey = sayf(http.StatusUnauthorized, "passkey-failed", engine.Say("api.passkey-failed"), "the passkey was not accepted; try again, or sign in another way")

var errCeremony = sayf(http.StatusBadRequest, "no-ceremony", engine.Say("api.no-ceremony"), "no passkey request is under way in this browser (or it is over 5 minutes old); start again")

// begin stores a ceremony and sends its options.
func (a *Auth) begin(w http.ResponseWriter, r *http.Request, kind, user string, c ceremony, options any) {
	data, err := json.Marshal(c)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	token := newToken()
	if err := a.st.PutChallenge(r.Context(), store.Challenge{ID: hashToken(token), Kind: kind, User: user, Data: string(data), Expires: a.now().Add(ceremonyLife)}); err != nil {
		a.fail(w, r, err)
		return
	}
	http.SetCookie(w, a.cookie(ceremonyCookie, token, ceremonyLife))
	writeJSON(w, http.StatusOK, options)
}

// take returns the ceremony of kind this browser began (for user, "" for
// none), once.
func (a *Auth) take(w http.ResponseWriter, r *http.Request, kind, user string) (ceremony, error) {
	var c ceremony
	ck, err := r.Cookie(ceremonyCookie)
	if err != nil || ck.Value == "" || len(ck.Value) > 100 {
		return c, errCeremony
	}
	http.SetCookie(w, a.cookie(ceremonyCookie, "", 0))
	ch, err := a.st.TakeChallenge(r.Context(), hashToken(ck.Value), a.now())
	if errors.Is(err, store.ErrNotFound) || (err == nil && (ch.Kind != kind || ch.User != user)) {
		return c, errCeremony
	}
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal([]byte(ch.Data), &c); err != nil {
		return c, err
	}
	return c, nil
}

// creationOptions are the registration options every passkey gets: a
// discoverable credential, user verification preferred, no attestation.
func creationOptions(exclude []webauthn.Credential) []webauthn.RegistrationOption {
	opts := []webauthn.RegistrationOption{
		webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
			ResidentKey: protocol.ResidentKeyRequirementRequired, RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification: protocol.VerificationPreferred,
		}),
		webauthn.WithConveyancePreference(protocol.PreferNoAttestation),
	}
	if len(exclude) > 0 {
		var ds []protocol.CredentialDescriptor
		for _, c := range exclude {
			ds = append(ds, c.Descriptor())
		}
		opts = append(opts, webauthn.WithExclusions(ds))
	}
	return opts
}

// handleSignUpBegin starts making an account whose credential is a passkey.
func (a *Auth) handleSignUpBegin(w http.ResponseWriter, r *http.Request) {
	if !a.attempts.take(a.addr(r)) {
		writeError(w, r, errTooMany)
		return
	}
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
	if _, err := a.st.UserByKey(r.Context(), key); err == nil {
		a.fail(w, r, nameTaken(name))
		return
	} else if !errors.Is(err, store.ErrNotFound) {
		a.fail(w, r, err)
		return
	}
	u := waUser{id: newUserID(), name: name}
	creation, session, err := a.wa.BeginRegistration(u, creationOptions(nil)...)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.begin(w, r, kindSignUp, "", ceremony{Session: *session, UserID: u.id, Name: name, Key: key}, creation.Response)
}

// handleSignUpFinish checks the new passkey, makes the account and signs
// it in.
func (a *Auth) handleSignUpFinish(w http.ResponseWriter, r *http.Request) {
	if !a.attempts.take(a.addr(r)) {
		writeError(w, r, errTooMany)
		return
	}
	c, err := a.take(w, r, kindSignUp, "")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	u := waUser{id: c.UserID, name: c.Name}
	cred, err := a.created(w, r, u, c)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	user := store.User{ID: c.UserID, Name: c.Name, Key: c.Key, Created: a.now()}
	release, err := a.countSignUp(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.st.CreateUser(r.Context(), user); err != nil {
		release()
		if errors.Is(err, store.ErrConflict) {
			err = sayf(http.StatusConflict, "name-taken", engine.Say("api.name-taken-meanwhile", engine.TextArg("name", c.Name)), "the name %q was taken meanwhile; choose another", c.Name)
		}
		a.fail(w, r, err)
		return
	}
	if err := a.addPasskey(r, user.ID, cred); err != nil {
		a.st.DeleteUser(r.Context(), user.ID, Anonymous) // no account without a way in
		release()
		a.fail(w, r, err)
		return
	}
	a.log.Info("account created", "user", user.ID, "with", "passkey")
	if err := a.startSession(w, r, user); err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, a.me(r, user))
}

// created checks a registration answer against its ceremony.
func (a *Auth) created(w http.ResponseWriter, r *http.Request, u waUser, c ceremony) (*webauthn.Credential, error) {
	parsed, err := protocol.ParseCredentialCreationResponseBody(http.MaxBytesReader(w, r.Body, maxPasskeyBody))
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "bad-request", "the browser's answer is not a passkey's: %v", err)
	}
	cred, err := a.wa.CreateCredential(u, c.Session, parsed)
	if err != nil {
		a.log.Info("passkey refused", "err", err)
		return nil, errPasskey
	}
	return cred, nil
}

func (a *Auth) addPasskey(r *http.Request, user string, cred *webauthn.Credential) error {
	data, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	now := a.now()
	return a.st.AddPasskey(r.Context(), store.Passkey{ID: base64.RawURLEncoding.EncodeToString(cred.ID), User: user, Data: string(data), Created: now, LastUsed: now})
}

// handleSignInBegin starts a passkey sign-in: any of this site's passkeys
// the browser holds may answer.
func (a *Auth) handleSignInBegin(w http.ResponseWriter, r *http.Request) {
	if !a.attempts.take(a.addr(r)) {
		writeError(w, r, errTooMany)
		return
	}
	assertion, session, err := a.wa.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.begin(w, r, kindSignIn, "", ceremony{Session: *session}, assertion.Response)
}

// handleSignInFinish checks the passkey's answer and signs its account in.
func (a *Auth) handleSignInFinish(w http.ResponseWriter, r *http.Request) {
	if !a.attempts.take(a.addr(r)) {
		writeError(w, r, errTooMany)
		return
	}
	c, err := a.take(w, r, kindSignIn, "")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	parsed, err := protocol.ParseCredentialRequestResponseBody(http.MaxBytesReader(w, r.Body, maxPasskeyBody))
	if err != nil {
		a.fail(w, r, errorf(http.StatusBadRequest, "bad-request", "the browser's answer is not a passkey's: %v", err))
		return
	}
	var user store.User
	handler := func(rawID, handle []byte) (webauthn.User, error) {
		p, err := a.st.Passkey(r.Context(), base64.RawURLEncoding.EncodeToString(rawID))
		if err != nil || p.User != string(handle) {
			return nil, errors.New("no such passkey")
		}
		if user, err = a.st.User(r.Context(), p.User); err != nil {
			return nil, err
		}
		return a.webauthnUser(r, user)
	}
	_, cred, err := a.wa.ValidatePasskeyLogin(handler, c.Session, parsed)
	if err != nil {
		a.log.Info("passkey sign-in refused", "err", err)
		writeError(w, r, errPasskey)
		return
	}
	if err := a.usePasskey(r, cred); err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.startSession(w, r, user); err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.me(r, user))
}

// usePasskey stores a credential after a sign-in (its new sign count).
func (a *Auth) usePasskey(r *http.Request, cred *webauthn.Credential) error {
	data, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	return a.st.UsePasskey(r.Context(), base64.RawURLEncoding.EncodeToString(cred.ID), string(data), a.now())
}

// webauthnUser is u with its passkeys.
func (a *Auth) webauthnUser(r *http.Request, u store.User) (waUser, error) {
	ps, err := a.st.Passkeys(r.Context(), u.ID)
	if err != nil {
		return waUser{}, err
	}
	wu := waUser{id: u.ID, name: u.Name}
	for _, p := range ps {
		var c webauthn.Credential
		if err := json.Unmarshal([]byte(p.Data), &c); err != nil {
			return waUser{}, err
		}
		wu.creds = append(wu.creds, c)
	}
	return wu, nil
}

// handleAddBegin starts adding a passkey to the signed-in account.
func (a *Auth) handleAddBegin(w http.ResponseWriter, r *http.Request, s *Signed) {
	if !a.attempts.take(a.addr(r)) {
		writeError(w, r, errTooMany)
		return
	}
	u, err := a.webauthnUser(r, s.User)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	creation, session, err := a.wa.BeginRegistration(u, creationOptions(u.creds)...)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.begin(w, r, kindAdd, s.User.ID, ceremony{Session: *session}, creation.Response)
}

// handleAddFinish checks and keeps the new passkey.
func (a *Auth) handleAddFinish(w http.ResponseWriter, r *http.Request, s *Signed) {
	c, err := a.take(w, r, kindAdd, s.User.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	u, err := a.webauthnUser(r, s.User)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	cred, err := a.created(w, r, u, c)
	if err == nil {
		err = a.addPasskey(r, s.User.ID, cred)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.me(r, s.User))
}
