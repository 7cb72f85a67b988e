package accounts

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// fast are cheap parameters for the tests (the real ones are
// DefaultParams, measured by BenchmarkHash).
var fast = Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}

var ctx = context.Background()

func TestCheckPassword(t *testing.T) {
	if pw, err := CheckPassword("correct horse", "ann"); err != nil || pw != "correct horse" {
		t.Errorf("a good password: %q, %v", pw, err)
	}
	if pw, err := CheckPassword("ｆｕｌｌｗｉｄｔｈ!", ""); err != nil || pw != "ｆｕｌｌｗｉｄｔｈ!" {
		t.Errorf("OpaqueString keeps full-width letters: %q, %v", pw, err)
	}
	for _, bad := range []string{"short", "", strings.Repeat("x", MaxPassword+1), strings.Repeat("y", 1<<20), "AnnAnnAnn", "bell\u0007bell\u0007"} {
		if _, err := CheckPassword(bad, "annannann"); !errors.Is(err, ErrPassword) {
			t.Errorf("CheckPassword(%.20q…) = %v, want ErrPassword", bad, err)
		}
	}
	if _, err := CheckPassword("ANNANNANN", "annannann"); !errors.Is(err, ErrPassword) {
		t.Error("the username in another case was accepted as a password")
	}
}

func TestHashVerify(t *testing.T) {
	h := NewHasher(fast, 2)
	hash, err := h.Hash(ctx, "correct horse")
	if err != nil || !strings.HasPrefix(hash, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("Hash = %q, %v", hash, err)
	}
	if again, _ := h.Hash(ctx, "correct horse"); again == hash {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
	if ok, rehash, err := h.Verify(ctx, hash, "correct horse"); !ok || rehash || err != nil {
		t.Errorf("Verify of the right password: %v, %v, %v", ok, rehash, err)
	}
	for _, wrong := range []string{"correct horsE", "correct hors", "", strings.Repeat("z", 1<<20)} {
		if ok, _, err := h.Verify(ctx, hash, wrong); ok || err != nil {
			t.Errorf("Verify of %.12q… = %v, %v", wrong, ok, err)
		}
	}
	stronger := NewHasher(Params{Memory: 128, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}, 1)
	if ok, rehash, _ := stronger.Verify(ctx, hash, "correct horse"); !ok || !rehash {
		t.Errorf("a hash with older parameters: ok %v, rehash %v; want both", ok, rehash)
	}
}

func TestVerifyBadHashes(t *testing.T) {
	h := NewHasher(fast, 1)
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=99999999,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", // a hostile memory cost
		"$argon2id$v=19$m=64,t=1,p=1$!!!$aGFzaGhhc2hoYXNoaGFzaA"} {
		if ok, _, err := h.Verify(ctx, bad, "anything at all"); ok || err != nil {
			t.Errorf("Verify against %q = %v, %v; want false", bad, ok, err)
		}
	}
	if err := h.Dummy(ctx, "x"); err != nil {
		t.Errorf("Dummy: %v", err)
	}
}

// TestHasherBound: with its one slot taken, a hash waits, and gives up when
// its context ends.
func TestHasherBound(t *testing.T) {
	h := NewHasher(fast, 1)
	h.slots <- struct{}{}
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := h.Hash(short, "correct horse"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Hash with every slot taken: %v, want the context's deadline", err)
	}
	<-h.slots
	if _, err := h.Hash(ctx, "correct horse"); err != nil {
		t.Errorf("Hash with a free slot: %v", err)
	}
}

// BenchmarkHash measures one hash at DefaultParams:
//
//	go test ./accounts -bench Hash -benchtime 20x
func BenchmarkHash(b *testing.B) {
	h := NewHasher(DefaultParams, 1)
	for b.Loop() {
		if _, err := h.Hash(ctx, "correct horse battery"); err != nil {
			b.Fatal(err)
		}
	}
}
