package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net"
	"net/http"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// signUpKeyName names, in the store's secrets, the key that hashes client
// addresses for the sign-up bound (so the store keeps no address).
const signUpKeyName = "signup-addresses"

// countSignUp counts an account about to be made from r's address, and
// refuses it past MaxSignUps in a day; release gives the count back when
// the account is not made after all.
func (a *Auth) countSignUp(r *http.Request) (release func(), err error) {
	key, err := a.addressKey(r.Context(), a.addr(r))
	if err != nil {
		return nil, err
	}
	ok, err := a.st.TakeSignUp(r.Context(), key, MaxSignUps, a.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, sayf(http.StatusTooManyRequests, "too-many-accounts",
			engine.Say("api.too-many-accounts", engine.CountArg(MaxSignUps), engine.NounArg("hours", int(store.SignUpWindow/time.Hour), "noun.hours")),
			"%d accounts were made from your address in the last %d hours, the most allowed; sign in to one of them, or make another tomorrow",
			MaxSignUps, int(store.SignUpWindow/time.Hour))
	}
	return func() {
		if err := a.st.ReturnSignUp(context.WithoutCancel(r.Context()), key); err != nil {
			a.log.Warn("sign-up count not given back", "err", err)
		}
	}, nil
}

// addressKey is what the store keeps of a client address for the sign-up
// bound: an HMAC of it (of its /64 for IPv6, which one household or host
// commonly holds whole) under a secret every node shares.
func (a *Auth) addressKey(ctx context.Context, addr string) (string, error) {
	b := make([]byte, 32)
	rand.Read(b)
	secret, err := a.st.Secret(ctx, signUpKeyName, hex.EncodeToString(b))
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(addressBlock(addr)))
	return hex.EncodeToString(mac.Sum(nil)), nil
}

// addressBlock is the part of a client address the sign-up bound counts
// by: an IPv4 address whole, an IPv6 address's /64, anything else as it is.
func addressBlock(addr string) string {
	host := addr
	if h, _, err := net.SplitHostPort(addr); err == nil {
		host = h
	}
	ip := net.ParseIP(host)
	switch {
	case ip == nil:
		return host
	case ip.To4() != nil:
		return ip.To4().String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}
