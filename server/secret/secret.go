// Package secret makes the server's random table ids, invite codes, seat
// and creator tokens and deal seeds, hashes tokens as the store keeps
// them, and compares secrets in constant time.
package secret

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/binary"
	"encoding/hex"
	"strings"
)

// lower is base32 without padding, in lower case: ids and codes people
// may read in a link.
var lower = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

func randomText(bytes int) string {
	b := make([]byte, bytes)
	rand.Read(b)
	return lower.EncodeToString(b)
}

// TableID is a table's id: 10 characters, 50 random bits.
func TableID() string { return randomText(7)[:10] }

// Invite is a seat's invite code.
func Invite() string { return randomText(5) }

// Token is a seat or creator token: 160 random bits.
func Token() string { return randomText(20) }

// Seed is a game's seed.
func Seed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Hash is what the store keeps of a token.
func Hash(token string) string {
	h := sha256.Sum256([]byte(strings.TrimSpace(token)))
	return hex.EncodeToString(h[:])
}

// Equal compares two secrets (or hashes) in constant time.
func Equal(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// MaxIDLen bounds a table id taken from an address.
const MaxIDLen = 64

// WellFormedID reports whether id could be a table's: ids are letters and
// digits (TableID), at most MaxIDLen of them.
func WellFormedID(id string) bool {
	if id == "" || len(id) > MaxIDLen {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
