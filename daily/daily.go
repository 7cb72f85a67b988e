// Package daily is the daily deal: every day (UTC) one Regicide solo deal,
// the same for everyone, its seed derived from the date and a secret so it
// cannot be played ahead, committed to during the day and published after
// it so anyone can check it and replay the games. It also ranks results
// (grade, then enemies, then fewer actions), counts streaks and writes the
// spoiler-free share text. The server keeps the attempts (store.Accounts)
// and runs the games; `cardtable play regicide --daily` plays it in the
// terminal. docs/accounts.md describes it.
package daily

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/i18n"
)

// Game and Options are the daily deal's game: Regicide, one player, the
// usual rules.
const Game = "regicide"

// Options are the daily deal's options.
func Options() map[string]string { return map[string]string{"players": "1"} }

// dayLayout is a day as written: YYYY-MM-DD.
const dayLayout = "2006-01-02"

// Day is t's date in UTC.
func Day(t time.Time) string { return t.UTC().Format(dayLayout) }

// ErrDay is a day that is not a date.
var ErrDay = errors.New("daily: not a day")

// Start is when day begins (UTC midnight).
func Start(day string) (time.Time, error) {
	t, err := time.Parse(dayLayout, day)
	if err != nil || t.Format(dayLayout) != day {
		return time.Time{}, fmt.Errorf("%w: %q; write a day as YYYY-MM-DD", ErrDay, day)
	}
	return t, nil
}

// Ended reports whether day is over at now (a bad day counts as not over).
func Ended(day string, now time.Time) bool {
	t, err := Start(day)
	return err == nil && !now.Before(t.Add(24*time.Hour))
}

// Seed is the deal of day under secret: the first 8 bytes of
// HMAC-SHA256(secret, "cardtable daily regicide-solo " + day). Without the
// secret the seed of a day cannot be known before it is published.
func Seed(secret []byte, day string) uint64 {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("cardtable daily regicide-solo " + day))
	return binary.BigEndian.Uint64(m.Sum(nil)[:8])
}

// OfflineSeed is the day's offline deal (an empty secret): the same for
// everyone playing without a server, and not the server's deal, whose
// secret only the server knows. Offline games are never counted.
func OfflineSeed(day string) uint64 { return Seed(nil, day) }

// Commitment is what the server shows of day's seed while the day goes
// on: SHA-256 of "cardtable daily commitment " + day + " " + seed, in hex.
// Once the seed is published anyone can check it against the commitment.
func Commitment(day string, seed uint64) string {
	h := sha256.Sum256(fmt.Appendf(nil, "cardtable daily commitment %s %d", day, seed))
	return hex.EncodeToString(h[:])
}

// Score is a daily game's result as the board ranks it.
type Score struct {
	Won bool `json:"won"`
	// Grade is the solo grade (REG-30): 3 gold, 2 silver, 1 bronze, 0 a
	// loss.
	Grade   int `json:"grade"`
	Enemies int `json:"enemies"`
	Actions int `json:"actions"`
	// Aborted: the game was called off before its first move; the
	// attempt is spent and ranks below every attempt played.
	Aborted bool `json:"aborted,omitempty"`
}

// Ranking is the board's order in a sentence, every tie-break named (the
// store's DailyBoard and Better order by it).
const Ranking = "Ranked by grade (gold, silver, bronze: Jester powers left unused), then enemies defeated, " +
	"then fewer actions, then the earlier finish; an aborted attempt ranks below every attempt played."

// ScoreOf is the score of a finished daily game: its final state and the
// number of actions played.
func ScoreOf(st engine.State, actions int) Score {
	o := regicide.Game{}.Outcome(st)
	return Score{Won: o.Won[0], Grade: int(o.Metrics[1]), Enemies: int(o.Metrics[0]), Actions: actions}
}

// Better reports whether a ranks above b: played above aborted, the
// better grade, then more enemies defeated, then fewer actions (the board
// then puts the earlier finish first).
func Better(a, b Score) bool {
	switch {
	case a.Aborted != b.Aborted:
		return b.Aborted
	case a.Grade != b.Grade:
		return a.Grade > b.Grade
	case a.Enemies != b.Enemies:
		return a.Enemies > b.Enemies
	}
	return a.Actions < b.Actions
}

// GradeName is a grade as people read it.
func GradeName(grade int) string {
	switch grade {
	case 3:
		return "gold"
	case 2:
		return "silver"
	case 1:
		return "bronze"
	}
	return "not won"
}

// Streak counts, from days played (any order), the run of consecutive days
// ending today or yesterday (a streak lives until a day is missed), and
// the longest run.
func Streak(days []string, today string) (current, best int) {
	played := map[string]bool{}
	for _, d := range days {
		played[d] = true
	}
	for d := range played {
		if t, err := Start(d); err == nil && !played[Day(t.Add(-24*time.Hour))] {
			n := 0
			for t := t; played[Day(t)]; t = t.Add(24 * time.Hour) {
				n++
			}
			best = max(best, n)
		}
	}
	t, err := Start(today)
	if err != nil {
		return 0, best
	}
	if !played[today] {
		t = t.Add(-24 * time.Hour)
	}
	for ; played[Day(t)]; t = t.Add(-24 * time.Hour) {
		current++
	}
	return current, best
}

// ShareText is a result to paste anywhere: the day, the grade, enemies
// and actions, and a row of squares per rank (Jacks, Queens, Kings)
// filled for the enemies defeated. It names no card and no order, so it
// spoils nothing; its squares (■ □) are in every common font. It is in
// English; ShareTextIn writes it in a language.
func ShareText(day string, sc Score, link string) string {
	return ShareTextIn(i18n.English, day, sc, link)
}

// gradeIDs are the grades' messages (REG-30), by grade.
var gradeIDs = map[int]string{3: "regicide.grade.gold", 2: "regicide.grade.silver", 1: "regicide.grade.bronze"}

// ShareTextIn is ShareText in p's language (the rank letters, numbers and
// squares as they are).
func ShareTextIn(p *i18n.Printer, day string, sc Score, link string) string {
	var b strings.Builder
	b.WriteString(p.T("daily.share.head", engine.TextArg("day", day)) + "\n")
	actions := engine.NounArg("actions", sc.Actions, "noun.actions")
	switch {
	case sc.Aborted:
		b.WriteString(p.T("daily.share.aborted")) // no enemy was met: no squares
	case sc.Won:
		b.WriteString(p.T("daily.share.won", engine.MsgArg("grade", engine.Say(gradeIDs[sc.Grade])), actions) + "\n")
	default:
		b.WriteString(p.T("daily.share.lost", engine.NumArg("enemies", sc.Enemies), actions) + "\n")
	}
	for i, rank := range []string{"J", "Q", "K"} {
		if sc.Aborted {
			break
		}
		b.WriteString(rank + " ")
		for j := range 4 {
			if i*4+j < sc.Enemies {
				b.WriteString("■")
			} else {
				b.WriteString("□")
			}
		}
		if i < 2 {
			b.WriteString("  ")
		}
	}
	if link != "" {
		b.WriteString("\n" + link)
	}
	return b.String()
}
