// Package auth is cardtable's sign-in layer: accounts with a username and
// password (argon2id, package accounts) or passkeys (WebAuthn), sessions in
// an HttpOnly SameSite cookie, signing out everywhere, per-address rate
// limits and per-name lockout on failed sign-ins, and the account's own
// settings (password, passkeys, name, deletion). Accounts are optional:
// everything else on the server works for guests. Its routes are under
// /api/account/ (docs/accounts.md); the server asks it who is signed in
// (Auth.Current) and wraps every route in Auth.Protect against cross-site
// requests.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"

	"cardtable/accounts"
	"cardtable/engine"
	"cardtable/store"
)

// Bounds, documented in docs/accounts.md.
const (
	// SessionLife is how long a session lasts since it was last used.
	SessionLife = 30 * 24 * time.Hour
	// touchEvery is how often a used session's expiry is moved on.
	touchEvery = time.Hour
	// LockAfter failed password sign-ins in a row lock a name for
	// LockFor (passkeys still sign in).
	LockAfter = 5
	LockFor   = 15 * time.Minute
	// AttemptsPerMinute and AttemptBurst bound sign-ups, passkey
	// ceremonies begun and failed sign-ins from one address; a sign-in
	// that succeeds spends nothing, so people behind one address do not
	// lock each other out.
	AttemptsPerMinute = 10
	AttemptBurst      = 10
	// SignInsPerMinute bounds every password sign-in from one address,
	// failed or not (each costs a hash and makes a session).
	SignInsPerMinute = 60
	// MaxSignUps bounds the accounts made from one client address (an
	// IPv6 address's /64) in store.SignUpWindow, a day.
	MaxSignUps = 5
	// ceremonyLife is how long a passkey ceremony may take.
	ceremonyLife = 5 * time.Minute
	// maxBody bounds a request's body; a passkey's answer is larger.
	maxBody        = 16 << 10
	maxPasskeyBody = 64 << 10
	// maxAgent bounds the User-Agent kept with a session.
	maxAgent = 120
)

// CookieName is the session cookie's name.
const CookieName = "cardtable_session"

// ceremonyCookie holds a passkey ceremony's id between its two requests.
const ceremonyCookie = "cardtable_ceremony"

// Config is how the sign-in layer runs.
type Config struct {
	Store store.Accounts
	// Origins are the site's origins as browsers see them
	// (http://localhost:8080): passkeys are bound to them, and requests
	// from them pass Protect. The first one whose host is a name (not an
	// IP address, which WebAuthn refuses) gives the passkeys' relying
	// party id unless RPID is set; with none, it is localhost.
	Origins []string
	RPID    string
	// Hasher hashes passwords (nil: accounts.DefaultParams, two at once).
	Hasher Passwords
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// ClientAddr is the client's address for rate limits (nil: the
	// connection's remote address).
	ClientAddr func(*http.Request) string
	Logger     *slog.Logger
}

// Passwords hashes and checks passwords (*accounts.Hasher). Verify of an
// empty or unreadable hash takes as long as any and fails.
type Passwords interface {
	Hash(ctx context.Context, pw string) (string, error)
	Verify(ctx context.Context, hash, raw string) (ok, rehash bool, err error)
}

// Auth serves the account routes and answers who is signed in.
type Auth struct {
	cfg      Config
	st       store.Accounts
	hasher   Passwords
	wa       *webauthn.WebAuthn
	now      func() time.Time
	log      *slog.Logger
	attempts *limiter
	signins  *limiter
	secure   bool
	protect  *http.CrossOriginProtection
}

// New makes the sign-in layer. The origins must be http or https URLs
// without a path.
func New(cfg Config) (*Auth, error) {
	if cfg.Store == nil {
		return nil, errors.New("auth: no store")
	}
	if len(cfg.Origins) == 0 {
		return nil, errors.New("auth: no origin; give the site's address as browsers see it, e.g. http://localhost:8080")
	}
	a := &Auth{cfg: cfg, st: cfg.Store, hasher: cfg.Hasher, now: cfg.Now, log: cfg.Logger, secure: true,
		protect: http.NewCrossOriginProtection()}
	if a.hasher == nil {
		a.hasher = accounts.NewHasher(accounts.DefaultParams, 2)
	}
	if a.now == nil {
		a.now = time.Now
	}
	if a.log == nil {
		a.log = slog.New(slog.DiscardHandler)
	}
	rpid := cfg.RPID
	for _, o := range cfg.Origins {
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			return nil, fmt.Errorf("auth: origin %q: want a scheme and a host, like https://cards.example.org or http://localhost:8080", o)
		}
		if u.Scheme != "https" {
			a.secure = false // cookies marked Secure would not come back over plain http
		}
		if rpid == "" && net.ParseIP(u.Hostname()) == nil {
			rpid = u.Hostname()
		}
		if err := a.protect.AddTrustedOrigin(strings.TrimSuffix(o, "/")); err != nil {
			return nil, fmt.Errorf("auth: origin %q: %w", o, err)
		}
	}
	if rpid == "" {
		// An IP address cannot be a relying party: passkeys then work on
		// http://localhost only (password sign-in works everywhere).
		rpid = "localhost"
	}
	wa, err := webauthn.New(&webauthn.Config{RPID: rpid, RPDisplayName: "cardtable", RPOrigins: cfg.Origins})
	if err != nil {
		return nil, fmt.Errorf("auth: passkeys: %w (the relying party id %q must be the origins' host or a domain they belong to)", err, rpid)
	}
	a.wa = wa
	a.protect.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, sayf(http.StatusForbidden, "cross-origin", engine.Say("api.cross-origin"), "this request came from another site; cardtable accepts changes only from its own pages"))
	}))
	a.attempts = newLimiter(AttemptsPerMinute/60.0, AttemptBurst, a.now)
	a.signins = newLimiter(SignInsPerMinute/60.0, SignInsPerMinute, a.now)
	return a, nil
}

// RPID is the passkeys' relying party id.
func (a *Auth) RPID() string { return a.wa.Config.RPID }

// Protect refuses state-changing requests (POST, PUT, PATCH, DELETE) sent
// by a browser from another site (Sec-Fetch-Site or Origin say so), the
// CSRF guard of every route, account or not. Programs that send neither
// header (curl, the load generator) pass.
func (a *Auth) Protect(h http.Handler) http.Handler { return a.protect.Handler(h) }

func (a *Auth) addr(r *http.Request) string {
	if a.cfg.ClientAddr != nil {
		return a.cfg.ClientAddr(r)
	}
	return r.RemoteAddr
}

// hashToken is what the store keeps of a cookie's token.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// newToken is a fresh 256-bit secret, base64url.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// newUserID is a new account's id (also its passkeys' user handle).
func newUserID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Signed is who a request is signed in as.
type Signed struct {
	User    store.User
	Session store.Session
}

// Current is the signed-in user of r, or nil for a guest (no cookie, or
// one for no live session). A store failure is an error.
func (a *Auth) Current(r *http.Request) (*Signed, error) {
	c, err := r.Cookie(CookieName)
	if err != nil || c.Value == "" || len(c.Value) > 100 {
		return nil, nil
	}
	now := a.now()
	se, u, err := a.st.Session(r.Context(), hashToken(c.Value), now)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if now.Sub(se.Seen) > touchEvery {
		// The expiry slides with use; a failure here only shortens it.
		if err := a.st.TouchSession(context.WithoutCancel(r.Context()), se.ID, now, now.Add(SessionLife)); err != nil {
			a.log.Warn("session not touched", "err", err)
		}
	}
	return &Signed{User: u, Session: se}, nil
}

// startSession signs u in: a new session with a new token in the cookie.
// A session the request came with is ended first, so a token set before
// signing in (a fixation) never becomes a signed-in one.
func (a *Auth) startSession(w http.ResponseWriter, r *http.Request, u store.User) error {
	if c, err := r.Cookie(CookieName); err == nil && c.Value != "" && len(c.Value) <= 100 {
		if err := a.st.DeleteSession(r.Context(), hashToken(c.Value)); err != nil {
			return err
		}
	}
	token, now := newToken(), a.now()
	agent := r.UserAgent()
	if len(agent) > maxAgent {
		agent = agent[:maxAgent]
	}
	se := store.Session{ID: hashToken(token), User: u.ID, Created: now, Seen: now, Expires: now.Add(SessionLife), Agent: agent}
	if err := a.st.CreateSession(r.Context(), se); err != nil {
		return err
	}
	http.SetCookie(w, a.cookie(CookieName, token, SessionLife))
	offerLanguage(w, r, u)
	return nil
}

func (a *Auth) cookie(name, value string, life time.Duration) *http.Cookie {
	c := &http.Cookie{Name: name, Value: value, Path: "/", HttpOnly: true, Secure: a.secure, SameSite: http.SameSiteLaxMode,
		MaxAge: int(life / time.Second)}
	if life <= 0 {
		c.MaxAge = -1
	}
	return c
}

// endCookie tells the browser to drop the session cookie.
func (a *Auth) endCookie(w http.ResponseWriter) {
	http.SetCookie(w, a.cookie(CookieName, "", 0))
}
