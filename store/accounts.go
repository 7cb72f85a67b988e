package store

import (
	"context"
	"errors"
	"time"

	"cardtable/engine"
)

// ErrStale: a rating changed since it was read (another game of the
// player was rated first). Nothing was written; read the ratings again and
// retry.
var ErrStale = errors.New("store: stale")

// User is an account. Its ID never changes; its name may.
type User struct {
	ID string
	// Name is the username as its owner wrote it; Key is its skeleton
	// (accounts.Key), unique among users, by which names are looked up.
	Name, Key string
	Created   time.Time
	// Password is the argon2id hash in PHC form ("" for an account with
	// passkeys only).
	Password string
	// Bot marks a bot account (store.Bots), on reads; CreateUser makes
	// people only.
	Bot bool
	// Language is the language the account chose (a code package i18n
	// speaks, "he"); "" while it follows the browser.
	Language string
}

// SignInState is the failed password sign-ins of one name key: Failed in
// a row since the last success or lock, and when a lock ends (zero: not
// locked). It is kept by name key whether or not an account has the name,
// so a name without an account behaves as one with it.
type SignInState struct {
	Failed      int
	LockedUntil time.Time
}

// Passkey is one WebAuthn credential of a user.
type Passkey struct {
	// ID is the credential id, base64url without padding.
	ID   string
	User string
	// Data is the credential as the server's WebAuthn library encodes it
	// (JSON): the public key, the sign count, the flags.
	Data     string
	Created  time.Time
	LastUsed time.Time
}

// Session is a signed-in browser. ID is the SHA-256 (hex) of the token in
// its cookie; the token itself is never stored.
type Session struct {
	ID      string
	User    string
	Created time.Time
	Seen    time.Time
	Expires time.Time
	// Agent is the browser's User-Agent, cut short, for the user's list of
	// sessions.
	Agent string
}

// Challenge is a WebAuthn ceremony under way (its state between the
// options sent and the answer), usable once and until Expires.
type Challenge struct {
	// ID is the SHA-256 (hex) of the ceremony's id in the browser's cookie.
	ID   string
	Kind string
	// User is the account concerned ("" before sign-in or for a sign-up).
	User    string
	Data    string
	Expires time.Time
}

// SeatAccount links a seat of a table to the account that sits there.
type SeatAccount struct {
	Table string
	Seat  int
	User  string
	// Name is the account's username, on reads.
	Name string
}

// UserTable is one table a user sat at, with the seat.
type UserTable struct {
	Table Table
	Seat  int
}

// DailyAttempt is one account's counted attempt at a day's deal.
type DailyAttempt struct {
	// Day is the deal's date in UTC, YYYY-MM-DD.
	Day   string
	User  string
	Table string
	// Name is the account's username on reads ("" once it was deleted).
	Name    string
	Started time.Time
	// Finished is zero while the game goes on; the rest is its result:
	// won, the solo grade (REG-30: 3 gold, 2 silver, 1 bronze, 0 a loss),
	// enemies defeated and actions taken.
	Finished time.Time
	Won      bool
	Grade    int
	Enemies  int
	Actions  int
	// Aborted: the game was called off before its first move (the
	// attempt is spent, ranked below every attempt played).
	Aborted bool
}

// Rating is a user's rating in a category (ratings.Categories), on the
// Glicko scale.
type Rating struct {
	User string
	// Name is the account's username, on reads; Bot: it is a bot
	// account's (on reads).
	Name     string
	Bot      bool
	Category string
	R, RD    float64
	Vol      float64
	// Games counts the rated games; it is the rating's version, so two
	// games rated at once cannot both start from the same rating.
	Games   int
	Updated time.Time
}

// RatingPoint is a user's rating after one rated game.
type RatingPoint struct {
	Table string
	At    time.Time
	R, RD float64
	Vol   float64
	// Outcome and GaveUp are the game's rated result for the user, as
	// RatingChange has them ("" for a point stored before they were kept).
	Outcome, GaveUp string
}

// RatingChange is one user's rating before and after a game.
type RatingChange struct {
	// Before is the rating read before the game was rated (Games 0 for a
	// first rated game in the category); the change is written only if it
	// still is the stored one (ErrStale otherwise).
	Before Rating
	After  Rating
	// Outcome is the game's result for the user as rated: "won", "lost"
	// or "drawn" (docs/accounts.md, the rated-result rule); GaveUp is why
	// they gave the seat up ("resigned", "left", "timeout", "away"...; ""
	// when they played to the end).
	Outcome, GaveUp string
}

// Settlement is everything a finished game writes, in one transaction:
// the table's result, the rating changes of a rated table and the result
// of a daily attempt. Either all of it is written or none.
type Settlement struct {
	Table string
	// Epoch fences the write by the table's lease (store.Leases); 0 for a
	// lone server.
	Epoch   int64
	Result  engine.Result
	At      time.Time
	Ratings []RatingChange
	// Daily, when set, is the result of the table's daily attempt (its
	// Won, Grade, Enemies, Actions and Aborted; Finished is At).
	Daily *DailyAttempt
	// Tournament, when set, is the result of the tournament game played at
	// the table (its Ended is At; it takes the next Seq of its tournament).
	Tournament *TournamentResult
}

// Established selects the ratings a leaderboard shows at Now: those whose
// deviation, grown for the time since their last game as Glicko-2's step 6
// grows it each day — RD² + days·(Vol·Scale)² — is at most MaxRD (the
// others are provisional). Scale is Glicko-2's 400/ln 10.
type Established struct {
	Now   time.Time
	MaxRD float64
	Scale float64
	// Who are on the board: "" everyone, BoardPeople or BoardBots (bot
	// accounts).
	Who string
}

// Who a leaderboard lists (Established.Who).
const (
	BoardPeople = "people"
	BoardBots   = "bots"
)

// Holds reports whether r is established at e.Now (and of whom e lists).
func (e Established) Holds(r Rating) bool {
	if (e.Who == BoardPeople && r.Bot) || (e.Who == BoardBots && !r.Bot) {
		return false
	}
	days := e.Now.Sub(r.Updated).Hours() / 24
	return r.RD*r.RD+days*r.Vol*r.Vol*e.Scale*e.Scale <= e.MaxRD*e.MaxRD
}

// SignUpWindow is the window in which TakeSignUp counts one address's
// sign-ups.
const SignUpWindow = 24 * time.Hour

// PuzzleRating is a puzzle's rating (docs/puzzles.md): seeded from how
// many of the mining panel's bots miss it and moved by people's counted
// answers, on the players' Glicko scale. A puzzle nobody has answered has
// no stored rating (its seed stands).
type PuzzleRating struct {
	// Set names the puzzle set ("regicide"); Puzzle is the puzzle's id in
	// it, from 1.
	Set    string
	Puzzle int
	R, RD  float64
	Vol    float64
	// Answers counts the counted answers; it is the rating's version, as
	// Rating.Games is a player's.
	Answers int
	Updated time.Time
}

// PuzzleAnswer is an account's counted answer to a puzzle: its first
// one (a puzzle is rated once per account), with the account's puzzle
// rating after it.
type PuzzleAnswer struct {
	User    string
	Set     string
	Puzzle  int
	At      time.Time
	Action  string
	Correct bool
	// R, RD and Vol are the user's puzzle rating after the answer.
	R, RD float64
	Vol   float64
	// PuzzleR is the rating of the puzzle it was rated against.
	PuzzleR float64
}

// PuzzleSettlement is one counted answer with what it moves, written in
// one transaction: the answer, the user's rating (User.Before.Games 0 for
// a first puzzle; the category is the puzzles') and the puzzle's
// (PuzzleBefore.Answers 0 for its first counted answer, its seed).
type PuzzleSettlement struct {
	Answer       PuzzleAnswer
	User         RatingChange
	PuzzleBefore PuzzleRating
	PuzzleAfter  PuzzleRating
}

// Accounts keeps accounts, their sessions and passkeys, the links between
// seats and accounts, daily attempts and ratings. Like Store, an error
// leaves everything as it was; times come back in UTC to the microsecond.
// Methods taking now use it for expiry (stores keep no clock of their own).
type Accounts interface {
	// CreateUser stores a new user; ErrConflict if its ID or Key is taken.
	CreateUser(ctx context.Context, u User) error
	// User and UserByKey find a user (ErrNotFound).
	User(ctx context.Context, id string) (User, error)
	UserByKey(ctx context.Context, key string) (User, error)
	// RenameUser gives a user a new name and key (ErrConflict if the key
	// is another user's, ErrNotFound for no such user).
	RenameUser(ctx context.Context, id, name, key string) error
	// SetPassword replaces a user's password hash ("" removes it).
	SetPassword(ctx context.Context, id, hash string) error
	// SetLanguage sets a user's Language ("" to follow the browser);
	// ErrNotFound for no such user.
	SetLanguage(ctx context.Context, id, lang string) error
	// SignInFailed counts a failed password sign-in with name key at now:
	// at the lockAt-th failure in a row the key is locked until until and
	// the count starts again. It returns the key's state as it now is.
	SignInFailed(ctx context.Context, key string, lockAt int, until, now time.Time) (SignInState, error)
	// SignInState reads a key's state (zero for a key without failures).
	SignInState(ctx context.Context, key string) (SignInState, error)
	// SignInSucceeded clears a key's failures.
	SignInSucceeded(ctx context.Context, key string) error
	// TakeSignUp counts one account made from address (a key standing for
	// a client address) at now, and reports true; it counts nothing and
	// reports false when most were counted already in address's window
	// (SignUpWindow from the first of them). A window over starts again.
	TakeSignUp(ctx context.Context, address string, most int, now time.Time) (bool, error)
	// ReturnSignUp gives back one sign-up counted for address (the
	// account was not made after all).
	ReturnSignUp(ctx context.Context, address string) error
	// DeleteUser removes a user with its passkeys, sessions, seat links,
	// ratings and puzzle answers (the puzzles keep their ratings); its
	// tables stay, the names of its seats replaced by anonymous, and its
	// daily attempts stay without their user.
	DeleteUser(ctx context.Context, id, anonymous string) error

	// AddPasskey stores a credential (ErrConflict if its ID exists).
	AddPasskey(ctx context.Context, p Passkey) error
	// Passkey finds a credential by ID; Passkeys lists a user's.
	Passkey(ctx context.Context, id string) (Passkey, error)
	Passkeys(ctx context.Context, user string) ([]Passkey, error)
	// UsePasskey records a credential's use: its new data (the sign count)
	// and when.
	UsePasskey(ctx context.Context, id, data string, at time.Time) error
	// DeletePasskey removes one of user's credentials.
	DeletePasskey(ctx context.Context, user, id string) error

	// CreateSession stores a session (ErrConflict if its ID exists).
	CreateSession(ctx context.Context, s Session) error
	// Session finds a live session with its user (ErrNotFound when it is
	// missing or expired at now).
	Session(ctx context.Context, id string, now time.Time) (Session, User, error)
	// TouchSession moves a session's Seen and Expires.
	TouchSession(ctx context.Context, id string, seen, expires time.Time) error
	// Sessions lists a user's live sessions, newest first.
	Sessions(ctx context.Context, user string, now time.Time) ([]Session, error)
	// DeleteSession ends one session; DeleteSessions ends all of a user's
	// and says how many.
	DeleteSession(ctx context.Context, id string) error
	DeleteSessions(ctx context.Context, user string) (int, error)
	// PurgeExpired removes sessions and challenges expired at now,
	// sign-in failures neither locked nor updated for a day, and sign-up
	// windows over.
	PurgeExpired(ctx context.Context, now time.Time) error

	// PutChallenge stores a ceremony's state (ErrConflict if its ID
	// exists); TakeChallenge returns and removes it (ErrNotFound when it
	// is missing or expired at now), so each is used once.
	PutChallenge(ctx context.Context, c Challenge) error
	TakeChallenge(ctx context.Context, id string, now time.Time) (Challenge, error)

	// Secret returns the server-wide secret called name, storing value as
	// it the first time (so every node gets the same one).
	Secret(ctx context.Context, name, value string) (string, error)

	// LinkSeat links seat of table to user on condition that the seat's
	// token hash is token (the browser holds that seat); ErrNotFound when
	// it is not, ErrConflict when the seat is linked to another user.
	// Linking a seat to its user again changes nothing.
	LinkSeat(ctx context.Context, table string, seat int, token, user string) error
	// SeatAccounts lists the links of tables, by table then seat.
	SeatAccounts(ctx context.Context, tables []string) ([]SeatAccount, error)
	// UserTables lists the tables user sat at, newest first (by Created,
	// then id), those created before before (all when zero), at most
	// limit.
	UserTables(ctx context.Context, user string, before time.Time, limit int) ([]UserTable, error)

	// StartDaily creates table t and user's attempt at day's deal in it,
	// together; ErrConflict when user has an attempt at day already
	// (DailyAttempt finds it) or t's id exists.
	StartDaily(ctx context.Context, t Table, day, user string) error
	// DailyAttempt finds user's attempt at day; DailyByTable the attempt
	// played in table (ErrNotFound).
	DailyAttempt(ctx context.Context, day, user string) (DailyAttempt, error)
	DailyByTable(ctx context.Context, table string) (DailyAttempt, error)
	// DailyBoard lists day's finished attempts, best first: played before
	// aborted, then by grade, then enemies, then fewer actions, then the
	// earlier finish; from offset, at most limit.
	DailyBoard(ctx context.Context, day string, offset, limit int) ([]DailyAttempt, error)
	// UserDaily lists user's attempts, newest day first, at most limit.
	UserDaily(ctx context.Context, user string, limit int) ([]DailyAttempt, error)
	// SetDailyVerdict stores the solver's verdict on day's deal (a JSON
	// document) unless one is stored; DailyVerdict reads it (ErrNotFound).
	SetDailyVerdict(ctx context.Context, day, verdict string, at time.Time) error
	DailyVerdict(ctx context.Context, day string) (string, error)

	// Ratings lists users' ratings in category (users without one are
	// missing); UserRatings lists one user's in every category.
	Ratings(ctx context.Context, category string, users []string) ([]Rating, error)
	UserRatings(ctx context.Context, user string) ([]Rating, error)
	// RatingHistory lists user's ratings after each rated game in
	// category, oldest first, the last limit of them.
	RatingHistory(ctx context.Context, user, category string, limit int) ([]RatingPoint, error)
	// Leaderboard lists category's established ratings (est), highest
	// first (then by user id), from offset, at most limit; RatingRank is
	// user's place among them from 1 (ErrNotFound without a rating or
	// with one not established).
	Leaderboard(ctx context.Context, category string, est Established, offset, limit int) ([]Rating, error)
	RatingRank(ctx context.Context, category, user string, est Established) (int, error)

	// Settle writes a finished game's settlement in one transaction:
	// ErrConflict when the table is finished already (nothing is written:
	// a game is never rated twice), ErrStale when a rating moved since it
	// was read, ErrFenced when Epoch is not the table's live lease,
	// ErrNotFound for no such table.
	Settle(ctx context.Context, s Settlement) error

	// SettlePuzzle writes a counted puzzle answer, the user's new puzzle
	// rating (with Before's Category) and the puzzle's in one
	// transaction: ErrConflict when the user answered the puzzle already
	// (nothing is written: a puzzle is rated once per account), ErrStale
	// when either rating moved since it was read, ErrNotFound for no such
	// user.
	SettlePuzzle(ctx context.Context, s PuzzleSettlement) error
	// PuzzleRatings lists the stored ratings of set's puzzles ids (all of
	// the set's when ids is empty), by puzzle; a puzzle never answered is
	// missing.
	PuzzleRatings(ctx context.Context, set string, ids []int) ([]PuzzleRating, error)
	// PuzzleAnswers lists user's counted answers in set, oldest first,
	// the last limit of them (all when limit is 0 or less).
	PuzzleAnswers(ctx context.Context, user, set string, limit int) ([]PuzzleAnswer, error)
}
