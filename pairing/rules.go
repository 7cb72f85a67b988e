package pairing

import (
	"fmt"
	"strings"
)

// check says what is wrong with a request ("" parts of ErrInvalid).
func check(r Request) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
	}
	switch {
	case r.ID == "" || r.Player == "" || len(r.ID) > 64 || len(r.Player) > 64:
		return bad("a request needs an id and a player (at most 64 bytes each)")
	case r.Game == "" || r.Preset == "" || r.Clock == "":
		return bad("a request names a game, a preset and a clock")
	case len(r.Game) > MaxKey || len(r.Preset) > MaxKey || len(r.Clock) > MaxKey:
		return bad("a game, preset or clock name is at most %d bytes", MaxKey)
	case r.Seats < MinSeats || r.Seats > MaxSeats:
		return bad("a paired table has %d to %d seats, not %d", MinSeats, MaxSeats, r.Seats)
	case r.Rated && !r.Account:
		return bad("only a signed-in player plays rated games; sign in, or ask for a casual game")
	case r.Bot && !r.Account:
		return bad("a bot plays from its bot account")
	case r.Account && strings.HasPrefix(r.Player, "guest:"):
		return bad("an account's id does not start with \"guest:\"")
	case r.BotAfter != 0 && (r.BotAfter < MinBotAfter || r.BotAfter > MaxBotAfter):
		return bad("the wait before bots is %v to %v (or never), not %v", MinBotAfter, MaxBotAfter, r.BotAfter)
	case r.Opponent != "" && (r.Seats != 2 || r.Opponent == r.Player || r.BotAfter != 0 || len(r.Opponent) > 64):
		return bad("a challenge names one other player, at a two-seat table, and waits for them only")
	case r.Rating < 0 || r.Rating >= MaxRating:
		return bad("a rating is from 0 to %d, not %d", MaxRating-1, r.Rating)
	}
	if r.Min != 0 || r.Max != 0 {
		switch {
		case !r.Account:
			return bad("a rating range is for signed-in players")
		case r.Min < 0 || r.Max >= MaxRating || r.Min > r.Rating || r.Max < r.Rating:
			return bad("the rating range %d–%d must hold the player's own rating %d (ratings are 0 to %d)",
				r.Min, r.Max, r.Rating, MaxRating-1)
		}
	}
	return nil
}

// Compatible reports whether a and b may sit at one table: the same key,
// two players, each the other's opponent if it names one, both ratings
// within the other's range, a bot account only with players who accept
// bots (or other bot accounts), and for a rated game two addresses.
func Compatible(a, b Request) bool {
	switch {
	case a.Key != b.Key || a.Player == b.Player:
		return false
	case a.Opponent != "" && a.Opponent != b.Player, b.Opponent != "" && b.Opponent != a.Player:
		return false
	case a.Rated && a.Address != "" && a.Address == b.Address:
		return false
	case a.Rated && ((a.Owner != "" && a.Owner == b.Player) || (b.Owner != "" && b.Owner == a.Player)):
		return false // a person's rating is not fed by their own bot
	case a.Bot && !b.Bot && !b.Bots && b.Opponent != a.Player, b.Bot && !a.Bot && !a.Bots && a.Opponent != b.Player:
		return false // challenging a bot account accepts it
	}
	return inRange(a, b) && inRange(b, a)
}

// inRange reports whether b's rating is within a's range (a guest has none,
// so is out of any range).
func inRange(a, b Request) bool {
	if a.Min == 0 && a.Max == 0 {
		return true
	}
	return b.Account && b.Rating >= a.Min && b.Rating <= a.Max
}
