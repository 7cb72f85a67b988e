package server

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

// newTableID is a table's id: 10 characters, 50 random bits.
func newTableID() string { return randomText(7)[:10] }

// newInvite is a seat's invite code.
func newInvite() string { return randomText(5) }

// newSecret is a seat or creator token: 160 random bits.
func newSecret() string { return randomText(20) }

// newSeed is a game's seed.
func newSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// hashSecret is what the store keeps of a token.
func hashSecret(token string) string {
	h := sha256.Sum256([]byte(strings.TrimSpace(token)))
	return hex.EncodeToString(h[:])
}

// equalSecret compares two secrets (or hashes) in constant time.
func equalSecret(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
