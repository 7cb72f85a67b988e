package accounts

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
	"golang.org/x/text/secure/precis"

	"cardtable/engine"
)

// Password limits. The upper bound keeps hashing cheap whatever a client
// sends (argon2 reads the whole password); a longer passphrase is not
// meaningfully stronger.
const (
	MinPassword = 8
	MaxPassword = 128
	// maxPasswordInput bounds the bytes read before normalising.
	maxPasswordInput = 4 * MaxPassword
)

// ErrPassword is a password that cannot be set; the error says why.
var ErrPassword = errors.New("accounts: bad password")

// Params are argon2id's parameters.
type Params struct {
	// Memory in KiB, Time in passes, Threads (argon2's parallelism).
	Memory  uint32
	Time    uint32
	Threads uint8
	// KeyLen and SaltLen in bytes.
	KeyLen  uint32
	SaltLen int
}

// DefaultParams are OWASP's recommended minimum for argon2id: 19 MiB, two
// passes, one thread; a 16-byte random salt and a 32-byte hash. One hash
// takes about 60 ms of one core on the (shared) development machine
// (BenchmarkHash). The parameters are stored with each hash, so raising
// them later rehashes each password at its next sign-in.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, KeyLen: 32, SaltLen: 16}

// passwordErr is a refused password: msg for people (engine.SaidOf), the
// English format for programs.
func passwordErr(msg engine.Msg, format string, args ...any) error {
	return &engine.Said{Kind: ErrPassword, Msg: msg, Text: fmt.Sprintf(format, args...)}
}

// CheckPassword normalises a new password (PRECIS OpaqueString: NFC, any
// space as U+0020) and checks its length, and that it is not the
// username.
func CheckPassword(raw, name string) (string, error) {
	if len(raw) > maxPasswordInput {
		return "", passwordErr(engine.Say("account.password.too-long", engine.CountArg(MaxPassword)), "a password has at most %d characters", MaxPassword)
	}
	pw, err := precis.OpaqueString.String(raw)
	if err != nil {
		return "", passwordErr(engine.Say("account.password.chars"), "it holds characters a password may not (control characters or unassigned code points)")
	}
	switch n := utf8.RuneCountInString(pw); {
	case n < MinPassword:
		return "", passwordErr(engine.Say("account.password.too-short", engine.CountArg(MinPassword)), "a password has at least %d characters", MinPassword)
	case n > MaxPassword:
		return "", passwordErr(engine.Say("account.password.too-long", engine.CountArg(MaxPassword)), "a password has at most %d characters", MaxPassword)
	}
	if name != "" && strings.EqualFold(pw, name) {
		return "", passwordErr(engine.Say("account.password.is-name"), "the password may not be the username")
	}
	return pw, nil
}

// normalise is a password given at sign-in as it was hashed: oversized or
// malformed input is cut or kept as it is, never refused (a refusal would
// tell the caller something a wrong password does not).
func normalise(raw string) string {
	if len(raw) > maxPasswordInput {
		raw = raw[:maxPasswordInput]
	}
	if pw, err := precis.OpaqueString.String(raw); err == nil {
		return pw
	}
	return raw
}

// Hasher hashes and verifies passwords, at most a few at once: each hash
// holds Params.Memory of memory and a core for tens of milliseconds, so
// the bound keeps a flood of sign-ins from exhausting either.
type Hasher struct {
	params Params
	slots  chan struct{}
	dummy  string
}

// NewHasher makes a hasher with params, hashing at most concurrent
// passwords at once (at least 1).
func NewHasher(params Params, concurrent int) *Hasher {
	h := &Hasher{params: params, slots: make(chan struct{}, max(concurrent, 1))}
	// The hash an unknown user's password is checked against, so a
	// sign-in takes as long whether the user exists or not.
	salt := h.salt()
	h.dummy = encodeWith(params, salt, h.derive(randomText(), salt))
	return h
}

func randomText() string {
	b := make([]byte, 24)
	rand.Read(b)
	return base64.RawStdEncoding.EncodeToString(b)
}

func (h *Hasher) salt() []byte {
	s := make([]byte, h.params.SaltLen)
	rand.Read(s)
	return s
}

func (h *Hasher) derive(pw string, salt []byte) []byte {
	return argon2.IDKey([]byte(pw), salt, h.params.Time, h.params.Memory, h.params.Threads, h.params.KeyLen)
}

// encodeWith is a hash in PHC form: $argon2id$v=19$m=...,t=...,p=...$salt$hash.
func encodeWith(p Params, salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// acquire takes a hashing slot, waiting at most until ctx ends.
func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Hasher) release() { <-h.slots }

// Hash hashes a checked password (CheckPassword) in PHC form.
func (h *Hasher) Hash(ctx context.Context, pw string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	salt := h.salt()
	return encodeWith(h.params, salt, h.derive(pw, salt)), nil
}

// Verify reports whether raw is the password of hash, in time that does
// not depend on where they differ; rehash says the hash's parameters are
// not the hasher's (hash the password anew and store it). An empty or
// unreadable hash (no password set) is checked against a dummy, taking as
// long, and never matches.
func (h *Hasher) Verify(ctx context.Context, hash, raw string) (ok, rehash bool, err error) {
	p, salt, key, perr := decode(hash)
	if perr != nil {
		p, salt, key, _ = decode(h.dummy)
	}
	if err := h.acquire(ctx); err != nil {
		return false, false, err
	}
	defer h.release()
	got := argon2.IDKey([]byte(normalise(raw)), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	match := subtle.ConstantTimeCompare(got, key) == 1 && perr == nil
	return match, match && (p.Memory != h.params.Memory || p.Time != h.params.Time || p.Threads != h.params.Threads || len(key) != int(h.params.KeyLen)), nil
}

// maxMemory bounds the memory a stored hash may ask for (a damaged or
// hostile row must not make one check take gigabytes).
const maxMemory = 256 * 1024

func decode(hash string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return p, nil, nil, errors.New("accounts: not an argon2id hash")
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return p, nil, nil, errors.New("accounts: unknown argon2 version")
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil ||
		p.Memory < 8 || p.Memory > maxMemory || p.Time < 1 || p.Time > 10 || p.Threads < 1 {
		return p, nil, nil, errors.New("accounts: argon2 parameters out of bounds")
	}
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < 8 {
		return p, nil, nil, errors.New("accounts: bad salt")
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < 16 || len(key) > 64 {
		return p, nil, nil, errors.New("accounts: bad hash")
	}
	p.SaltLen, p.KeyLen = len(salt), uint32(len(key))
	return p, salt, key, nil
}

// Dummy spends the time of one verification and returns false: for a
// sign-in whose user does not exist or is locked.
func (h *Hasher) Dummy(ctx context.Context, raw string) error {
	_, _, err := h.Verify(ctx, h.dummy, raw)
	return err
}
