package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cardtable/accounts"
	"cardtable/store"
	"cardtable/store/memstore"
)

// clock is a settable clock for the tests.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// counting counts password checks, to see that every sign-in does one.
type counting struct {
	*accounts.Hasher
	verified atomic.Int64
}

func (c *counting) Verify(ctx context.Context, hash, raw string) (bool, bool, error) {
	c.verified.Add(1)
	return c.Hasher.Verify(ctx, hash, raw)
}

// countingStore counts failed sign-ins recorded.
type countingStore struct {
	*memstore.Store
	failed atomic.Int64
}

func (c *countingStore) SignInFailed(ctx context.Context, key string, lockAt int, until, now time.Time) (store.SignInState, error) {
	c.failed.Add(1)
	return c.Store.SignInFailed(ctx, key, lockAt, until, now)
}

type site struct {
	t     *testing.T
	a     *Auth
	url   string
	clock *clock
	pw    *counting
	st    *countingStore
	addr  string // the client address the rate limits see
}

var fast = accounts.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}

func newSite(t *testing.T) *site {
	s := &site{t: t, clock: &clock{now: time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)},
		pw: &counting{Hasher: accounts.NewHasher(fast, 2)}, st: &countingStore{Store: memstore.New()}, addr: "192.0.2.1"}
	mux := http.NewServeMux()
	hs := httptest.NewServer(nil)
	t.Cleanup(hs.Close)
	a, err := New(Config{Store: s.st, Origins: []string{hs.URL}, Hasher: s.pw, Now: s.clock.Now,
		ClientAddr: func(*http.Request) string { return s.addr }})
	if err != nil {
		t.Fatal(err)
	}
	a.Routes(mux)
	hs.Config.Handler = a.Protect(mux)
	s.a, s.url = a, hs.URL
	return s
}

// browser is one cookie jar.
type browser struct {
	s *site
	c *http.Client
}

func (s *site) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{s: s, c: &http.Client{Jar: jar}}
}

type answer struct {
	status int
	body   string
	resp   *http.Response
}

func (b *browser) post(path string, body any) answer {
	b.s.t.Helper()
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", b.s.url+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	return b.send(req)
}

func (b *browser) get(path string) answer {
	b.s.t.Helper()
	req, _ := http.NewRequest("GET", b.s.url+path, nil)
	return b.send(req)
}

func (b *browser) send(req *http.Request) answer {
	b.s.t.Helper()
	resp, err := b.c.Do(req)
	if err != nil {
		b.s.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, string(data), resp}
}

// who is the name the browser is signed in as ("" for none).
func (b *browser) who() string {
	b.s.t.Helper()
	var me struct {
		User *struct{ Name string } `json:"user"`
	}
	a := b.get("/api/account")
	if err := json.Unmarshal([]byte(a.body), &me); err != nil || a.status != 200 {
		b.s.t.Fatalf("GET /api/account: %d %s", a.status, a.body)
	}
	if me.User == nil {
		return ""
	}
	return me.User.Name
}

func (b *browser) signUp(name, pw string) {
	b.s.t.Helper()
	if a := b.post("/api/account/signup", credentials{name, pw}); a.status != http.StatusCreated {
		b.s.t.Fatalf("sign-up of %s: %d %s", name, a.status, a.body)
	}
}

func TestPasswordSignUpInOut(t *testing.T) {
	s := newSite(t)
	b := s.browser()
	a := b.post("/api/account/signup", credentials{"Ann", "correct horse"})
	if a.status != http.StatusCreated || b.who() != "Ann" {
		t.Fatalf("sign-up: %d %s; signed in as %q", a.status, a.body, b.who())
	}
	var ck *http.Cookie
	for _, c := range a.resp.Cookies() {
		if c.Name == CookieName {
			ck = c
		}
	}
	if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/" || len(ck.Value) < 40 || ck.MaxAge != int(SessionLife.Seconds()) {
		t.Errorf("the session cookie: %+v; want HttpOnly, SameSite=Lax, Path=/, a long token, 30 days", ck)
	}
	if u, _ := s.st.UserByKey(context.Background(), "ann"); !strings.HasPrefix(u.Password, "$argon2id$") {
		t.Errorf("the stored password is %q, want an argon2id hash", u.Password)
	}
	if a := b.post("/api/account/signup", credentials{"ann", "another pass"}); a.status != http.StatusConflict || !strings.Contains(a.body, "name-taken") {
		t.Errorf("a second Ann: %d %s", a.status, a.body)
	}
	if a := b.post("/api/account/signup", credentials{"admin", "correct horse"}); a.status != http.StatusBadRequest || !strings.Contains(a.body, "reserved") {
		t.Errorf("a reserved name: %d %s", a.status, a.body)
	}
	if a := b.post("/api/account/signup", credentials{"Bob", "short"}); a.status != http.StatusBadRequest || !strings.Contains(a.body, "bad-password") {
		t.Errorf("a short password: %d %s", a.status, a.body)
	}
	if a := b.post("/api/account/signout", struct{}{}); a.status != 200 || b.who() != "" {
		t.Fatalf("sign-out: %d %s; still %q", a.status, a.body, b.who())
	}
	if a := b.post("/api/account/signin", credentials{"ANN", "correct horse"}); a.status != 200 || b.who() != "Ann" {
		t.Errorf("sign-in by the name in another case: %d %s", a.status, a.body)
	}
}

// TestSignInNoEnumeration: a name without an account, a wrong password and
// a locked name get the same answer, after the same work: one password
// check and one failure counted.
func TestSignInNoEnumeration(t *testing.T) {
	s := newSite(t)
	s.browser().signUp("Ann", "correct horse")
	s.browser().signUp("Lou", "correct horse")
	b := s.browser()
	for range LockAfter {
		b.post("/api/account/signin", credentials{"Lou", "wrong!wrong"})
	}
	s.clock.add(time.Minute) // the rate limit refills; Lou's lock lasts 15
	var bodies []string
	for _, c := range []credentials{{"Nobody", "whatever1"}, {"Ann", "wrong horse"}, {"Lou", "correct horse"}, {"x!", "whatever1"}} {
		v0, f0 := s.pw.verified.Load(), s.st.failed.Load()
		a := b.post("/api/account/signin", c)
		if a.status != http.StatusUnauthorized {
			t.Errorf("sign-in as %q: %d %s", c.Name, a.status, a.body)
		}
		if v, f := s.pw.verified.Load()-v0, s.st.failed.Load()-f0; v != 1 || f != 1 {
			t.Errorf("sign-in as %q: %d password checks, %d failures counted; want 1 and 1 like every failure", c.Name, v, f)
		}
		bodies = append(bodies, a.body)
	}
	for _, body := range bodies[1:] {
		if body != bodies[0] {
			t.Errorf("two failures answer differently:\n%s\n%s", bodies[0], body)
		}
	}
	if b.who() != "" {
		t.Error("a failed sign-in signed the browser in")
	}
}

// TestBruteForce: five wrong passwords lock the name; the right one is
// then refused until the lock ends. The address's rate limit stops an
// eleventh attempt within a minute.
func TestBruteForce(t *testing.T) {
	s := newSite(t)
	s.browser().signUp("Ann", "correct horse")
	b := s.browser()
	for i := range LockAfter {
		if a := b.post("/api/account/signin", credentials{"Ann", "guess " + string(rune('a'+i))}); a.status != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d %s", i, a.status, a.body)
		}
	}
	if a := b.post("/api/account/signin", credentials{"Ann", "correct horse"}); a.status != http.StatusUnauthorized || b.who() != "" {
		t.Fatalf("the right password during the lock: %d %s", a.status, a.body)
	}
	s.clock.add(LockFor + time.Second)
	if a := b.post("/api/account/signin", credentials{"Ann", "correct horse"}); a.status != 200 || b.who() != "Ann" {
		t.Fatalf("the right password after the lock: %d %s", a.status, a.body)
	}
	// The rate limit: AttemptBurst attempts, then 429 until tokens come back.
	s.addr = "198.51.100.7"
	s.clock.add(time.Hour)
	for i := range AttemptBurst {
		if a := b.post("/api/account/signin", credentials{"Nobody" + string(rune('a'+i)), "whatever1"}); a.status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i, a.status)
		}
	}
	v0 := s.pw.verified.Load()
	if a := b.post("/api/account/signin", credentials{"Ann", "correct horse"}); a.status != http.StatusTooManyRequests || a.resp.Header.Get("Retry-After") == "" {
		t.Fatalf("attempt %d within a minute: %d %s", AttemptBurst+1, a.status, a.body)
	}
	if s.pw.verified.Load() != v0 {
		t.Error("a rate-limited attempt still checked a password")
	}
	s.clock.add(time.Minute)
	if a := b.post("/api/account/signin", credentials{"Ann", "correct horse"}); a.status != 200 {
		t.Errorf("after a minute: %d %s", a.status, a.body)
	}
}

// TestSessionFixation: a session token planted before sign-in is not the
// one the sign-in makes, and never signs anyone in.
func TestSessionFixation(t *testing.T) {
	s := newSite(t)
	s.browser().signUp("Ann", "correct horse")
	attacker := s.browser()
	attacker.signUp("Mallory", "mallory pass")
	var planted string
	u, _ := http.NewRequest("GET", s.url, nil)
	for _, c := range attacker.c.Jar.Cookies(u.URL) {
		if c.Name == CookieName {
			planted = c.Value
		}
	}
	victim := s.browser()
	for _, value := range []string{"chosen-by-the-attacker-0123456789", planted} {
		victim.c.Jar.SetCookies(u.URL, []*http.Cookie{{Name: CookieName, Value: value, Path: "/"}})
		if a := victim.post("/api/account/signin", credentials{"Ann", "correct horse"}); a.status != 200 {
			t.Fatalf("sign-in: %d %s", a.status, a.body)
		}
		var got string
		for _, c := range victim.c.Jar.Cookies(u.URL) {
			if c.Name == CookieName {
				got = c.Value
			}
		}
		if got == value || got == "" {
			t.Errorf("the sign-in kept the planted session token %q", value)
		}
		spy := s.browser()
		spy.c.Jar.SetCookies(u.URL, []*http.Cookie{{Name: CookieName, Value: value, Path: "/"}})
		if who := spy.who(); who == "Ann" {
			t.Errorf("the planted token %q signs in as Ann", value)
		}
	}
	if attacker.who() != "" {
		t.Error("the attacker's own session, planted in the victim's browser, survived the victim's sign-in")
	}
}

func TestSignOutEverywhere(t *testing.T) {
	s := newSite(t)
	phone, laptop := s.browser(), s.browser()
	phone.signUp("Ann", "correct horse")
	laptop.post("/api/account/signin", credentials{"Ann", "correct horse"})
	other := s.browser()
	other.signUp("Bob", "bobs password")
	if phone.who() != "Ann" || laptop.who() != "Ann" {
		t.Fatal("not signed in on both")
	}
	if a := laptop.post("/api/account/signout-all", struct{}{}); a.status != 200 || !strings.Contains(a.body, `"sessions_ended":2`) {
		t.Fatalf("signout-all: %d %s", a.status, a.body)
	}
	if phone.who() != "" || laptop.who() != "" {
		t.Error("a session outlived signing out everywhere")
	}
	if other.who() != "Bob" {
		t.Error("another account was signed out")
	}
}

func TestSessionExpiry(t *testing.T) {
	s := newSite(t)
	b := s.browser()
	b.signUp("Ann", "correct horse")
	s.clock.add(SessionLife - time.Hour)
	if b.who() != "Ann" { // this use moves the expiry on
		t.Fatal("signed out before the session's life")
	}
	s.clock.add(SessionLife - time.Hour)
	if b.who() != "Ann" {
		t.Fatal("a used session did not slide")
	}
	s.clock.add(SessionLife + time.Hour)
	if b.who() != "" {
		t.Error("a session unused for its whole life still signs in")
	}
}

func TestChangePasswordRenameDelete(t *testing.T) {
	s := newSite(t)
	b, other := s.browser(), s.browser()
	b.signUp("Ann", "correct horse")
	other.post("/api/account/signin", credentials{"Ann", "correct horse"})
	if a := b.post("/api/account/password", map[string]string{"current": "wrong horse", "new": "battery staple"}); a.status != http.StatusForbidden {
		t.Errorf("a change with a wrong current password: %d %s", a.status, a.body)
	}
	if a := b.post("/api/account/password", map[string]string{"current": "correct horse", "new": "battery staple"}); a.status != 200 {
		t.Fatalf("password change: %d %s", a.status, a.body)
	}
	if b.who() != "Ann" || other.who() != "" {
		t.Errorf("after a password change: this browser %q (want Ann), the other %q (want signed out)", b.who(), other.who())
	}
	if a := b.post("/api/account/rename", map[string]string{"name": "Annabel"}); a.status != 200 || b.who() != "Annabel" {
		t.Errorf("rename: %d %s", a.status, a.body)
	}
	if a := b.post("/api/account/delete", map[string]string{"confirm": "Ann"}); a.status != http.StatusBadRequest || b.who() != "Annabel" {
		t.Errorf("a delete naming the wrong account: %d %s", a.status, a.body)
	}
	if a := b.post("/api/account/delete", map[string]string{"confirm": "annabel"}); a.status != 200 || b.who() != "" {
		t.Errorf("delete: %d %s", a.status, a.body)
	}
	if a := s.browser().post("/api/account/signin", credentials{"Annabel", "battery staple"}); a.status != http.StatusUnauthorized {
		t.Errorf("a deleted account signs in: %d", a.status)
	}
}

// TestBoundedInput: oversized bodies, names and passwords are refused
// before any hashing.
func TestBoundedInput(t *testing.T) {
	s := newSite(t)
	b := s.browser()
	v0 := s.pw.verified.Load()
	huge := strings.Repeat("p", 1<<20)
	if a := b.post("/api/account/signup", credentials{"Ann", huge}); a.status != http.StatusRequestEntityTooLarge {
		t.Errorf("a 1 MB password: %d", a.status)
	}
	if a := b.post("/api/account/signup", credentials{"Ann", strings.Repeat("p", 500)}); a.status != http.StatusBadRequest {
		t.Errorf("a 500-character password: %d %s", a.status, a.body)
	}
	if a := b.post("/api/account/signin", credentials{strings.Repeat("n", 5000), "x"}); a.status != http.StatusUnauthorized {
		t.Errorf("a 5000-character name: %d %s", a.status, a.body)
	}
	req, _ := http.NewRequest("POST", s.url+"/api/account/signin", strings.NewReader("name=Ann&password=x"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if a := b.send(req); a.status != http.StatusUnsupportedMediaType {
		t.Errorf("a form post: %d %s", a.status, a.body)
	}
	if n := s.pw.verified.Load() - v0; n != 1 {
		t.Errorf("%d password checks, want 1 (the long name's sign-in)", n)
	}
}

// TestSignInCountsFailures: successful sign-ins from one address spend
// none of its attempts (two people behind one address do not lock each
// other out); failures do, and past the burst the address gets 429.
func TestSignInCountsFailures(t *testing.T) {
	s := newSite(t)
	s.browser().signUp("Ann", "correct horse")
	s.browser().signUp("Bob", "battery staple")
	s.addr = "198.51.100.9" // the sign-ups' attempts were spent elsewhere
	for i := range 3 * AttemptBurst {
		who, pw := "Ann", "correct horse"
		if i%2 == 1 {
			who, pw = "Bob", "battery staple"
		}
		if a := s.browser().post("/api/account/signin", credentials{who, pw}); a.status != 200 {
			t.Fatalf("sign-in %d of %s, every one right, from one address: %d %s", i+1, who, a.status, a.body)
		}
	}
	b := s.browser()
	for i := range AttemptBurst {
		if a := b.post("/api/account/signin", credentials{"Nobody" + string(rune('a'+i)), "wrong guess"}); a.status != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d %s", i+1, a.status, a.body)
		}
	}
	if a := b.post("/api/account/signin", credentials{"Bob", "battery staple"}); a.status != http.StatusTooManyRequests {
		t.Errorf("after %d failures in a minute the address still signs in: %d %s", AttemptBurst, a.status, a.body)
	}
}

// TestSignUpsPerAddress: one address makes at most MaxSignUps accounts a
// day, password or passkey alike; the refusal says so; another address
// (an IPv6 address outside the /64) is not held up; a day later it may
// again.
func TestSignUpsPerAddress(t *testing.T) {
	s := newSite(t)
	s.addr = "[2001:db8:1:2::7]:4000"
	for i := range MaxSignUps {
		s.browser().signUp("user"+string(rune('a'+i)), "a long password")
		s.clock.add(time.Minute)
	}
	s.addr = "[2001:db8:1:2:ffff::1]:5000" // the same /64
	a := s.browser().post("/api/account/signup", credentials{"another", "a long password"})
	if a.status != http.StatusTooManyRequests || !strings.Contains(a.body, "too-many-accounts") || !strings.Contains(a.body, "accounts were made from your address") {
		t.Fatalf("sign-up %d from one /64: %d %s", MaxSignUps+1, a.status, a.body)
	}
	if _, err := s.st.UserByKey(context.Background(), accounts.Key("another")); err == nil {
		t.Error("the refused account was made")
	}
	if a := s.browser().post("/api/account/passkey/signup/finish", map[string]any{}); a.status == http.StatusCreated {
		t.Error("a passkey sign-up passed the bound")
	}
	s.addr = "[2001:db8:1:3::7]:4000"
	s.browser().signUp("elsewhere", "a long password")
	s.addr = "[2001:db8:1:2::7]:4000"
	s.clock.add(24 * time.Hour)
	s.browser().signUp("nextday", "a long password")
	// A refused sign-up (a name taken) does not spend the address's count.
	s.addr = "192.0.2.50"
	for range MaxSignUps + 2 {
		if a := s.browser().post("/api/account/signup", credentials{"Ann0", "a long password"}); a.status != http.StatusCreated && a.status != http.StatusConflict {
			t.Fatalf("sign-up of a taken name: %d %s", a.status, a.body)
		}
		s.clock.add(time.Minute)
	}
	s.browser().signUp("stillroom", "a long password")
}

// TestAccountRoutesTakeJSON: every account route refuses a body that is
// not JSON (a form), as docs/accounts.md says, and changes nothing.
func TestAccountRoutesTakeJSON(t *testing.T) {
	s := newSite(t)
	b := s.browser()
	b.signUp("Ann", "correct horse")
	for _, path := range []string{"/api/account/signout-all", "/api/account/signout", "/api/account/signin", "/api/account/rename",
		"/api/account/passkey/signin/begin", "/api/account/passkeys/x/delete"} {
		req, _ := http.NewRequest("POST", s.url+path, strings.NewReader("name=Eve&password=correct+horse"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if a := b.send(req); a.status != http.StatusUnsupportedMediaType {
			t.Errorf("a form to %s: %d %s; want 415", path, a.status, a.body)
		}
	}
	if b.who() != "Ann" {
		t.Error("a form-encoded sign-out ended the session")
	}
	if a := b.post("/api/account/signout-all", struct{}{}); a.status != 200 || b.who() != "" {
		t.Errorf("signout-all with {}: %d %s", a.status, a.body)
	}
}
