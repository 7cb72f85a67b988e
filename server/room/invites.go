package room

import (
	"strings"

	"cardtable/store"
)

// How a seat's invite is kept (store.Seat.Invite), so that a listed table
// can hold seats for friends (taken with their invite code only) beside
// seats open to anyone in the lobby, without a schema change:
//
//	""                    a listed table of before this scheme: the seat is open
//	"CODE"                an unlisted table: the seat needs CODE
//	"listed:CODE"         a listed table, a friend's seat: it needs CODE
//	"listed:open:CODE"    a listed table, a seat open to anyone (CODE works too)
//
// A table is listed when every seat's invite is "" or "listed:…"; bots'
// seats carry the same prefix as their table's people.
const (
	listedPrefix = "listed:"
	openPrefix   = "open:"
)

// SealInvite is how the invite code of a new seat is kept.
func SealInvite(code string, listed, open bool) string {
	switch {
	case !listed:
		return code
	case open:
		return listedPrefix + openPrefix + code
	}
	return listedPrefix + code
}

// inviteCode is the code in a kept invite ("" when the seat has none) and
// whether anyone may take the seat without it.
func inviteCode(kept string) (code string, open bool) {
	if kept == "" {
		return "", true
	}
	rest, listed := strings.CutPrefix(kept, listedPrefix)
	if !listed {
		return kept, false
	}
	if rest, open := strings.CutPrefix(rest, openPrefix); open {
		return rest, true
	}
	return rest, false
}

// IsListed reports whether t was created listed (see above).
func IsListed(t store.Table) bool {
	if t.Daily != "" {
		return false // a daily deal's games are on its board, not in the lobby
	}
	for _, st := range t.Seats {
		if st.Invite != "" && !strings.HasPrefix(st.Invite, listedPrefix) {
			return false
		}
	}
	return true
}

// SeatOpen reports whether a person may take seat st without an invite:
// an unclaimed person's seat of a listed table that its creator opened.
func SeatOpen(t store.Table, st store.Seat) bool {
	_, open := inviteCode(st.Invite)
	return open && IsListed(t)
}
