package store

import (
	"context"
	"errors"
	"time"
)

// ErrLimit: a bound was reached (an account's tournaments under way, a
// tournament's entrants). Nothing was written.
var ErrLimit = errors.New("store: limit reached")

// Tournament kinds and statuses (docs/tournaments.md).
const (
	KindSwiss = "swiss"
	KindArena = "arena"
	KindSolo  = "solo"

	// StatusOpen: taking entrants, not started. StatusRunning: started
	// (a Swiss between and during rounds, an arena or solo tournament in
	// its window). StatusFinished and StatusCancelled are final.
	StatusOpen      = "open"
	StatusRunning   = "running"
	StatusFinished  = "finished"
	StatusCancelled = "cancelled"
)

// Tournament is a tournament's header. Its transitions (a round paired, a
// status changed) are conditional on Version, so two nodes racing to make
// the same transition cannot both succeed.
type Tournament struct {
	ID   string
	Kind string
	Game string
	// Options are the game's options; Settings the tournament's own (its
	// clock, rounds, deals, the pause between rounds...), as the server
	// writes them.
	Options, Settings map[string]string
	Name              string
	// Creator is the creating account's id ("" for the server's schedule);
	// Schedule names the schedule's slot a server-made tournament fills
	// ("" for none), unique among tournaments.
	Creator, Schedule string
	Rated             bool
	Status            string
	// Starts is when it starts; Ends when an arena's or solo tournament's
	// window closes (zero for a Swiss, which ends after its rounds).
	Starts, Ends time.Time
	// Round is the last round paired (a Swiss round, an arena's wave of
	// pairings); 0 before any.
	Round int
	// Version counts the tournament's transitions: a status changed, a
	// round paired, an entrant in or out. A round is paired from the
	// entrants read at a version and written only if it still is.
	Version int
	// Entrants counts entries ever made (withdrawn ones included).
	Entrants int
	Created  time.Time
	// Finished is when it finished or was cancelled (zero before).
	Finished time.Time
}

// Entrant is a player in a tournament: an account or a bot.
type Entrant struct {
	Tournament string
	// ID names the entrant in the tournament: the account's id, or
	// "bot:" and a number for a bot.
	ID   string
	Name string
	// User is the account ("" for a bot); Bot the bot's spec ("" for a
	// person).
	User, Bot string
	// Rating is the entrant's rating when they joined (a bot's fixed one).
	Rating int
	// Entry numbers entrants from 1 in the order they joined.
	Entry  int
	Joined time.Time
	// Withdrawn is when the entrant left (zero while in): not paired any
	// more; joining again clears it.
	Withdrawn time.Time
	// Place is the final place from 1, set when the tournament finishes (0
	// before).
	Place int
}

// TournamentGame is one game of a tournament: a Swiss board or bye, an
// arena game, a solo entrant's attempt at a deal.
type TournamentGame struct {
	Tournament string
	// Round is the Swiss round, the arena's wave or the solo deal; Board
	// the game's number in it (a solo attempt's: the entrant's entry).
	Round, Board int
	// First and Second are entrant ids at seats 0 and 1; Second is "" for
	// a bye and a solo attempt.
	First, Second string
	// Table is the game's table ("" for a bye).
	Table string
	// Outcome: 0 while played, 1 first won, 2 second won, 3 drawn (package
	// tourney's Outcome); a bye's is 0 and it counts at once.
	Outcome int
	// Enemies and Won are a solo attempt's result.
	Enemies int
	Won     bool
	Started time.Time
	// Ended is zero while the game goes on (a bye ends when it starts).
	Ended time.Time
	// Seq numbers the tournament's games in the order they ended, from 1
	// (an arena's streaks follow it); 0 while played.
	Seq int
}

// TournamentRound is a transition that pairs games: a Swiss round, an
// arena's wave. Its games, their tables and the tables' seat links are
// written together with the tournament's new round and status, on
// condition that the tournament is still at Version: either all of it is
// written or none.
type TournamentRound struct {
	Tournament string
	Version    int
	Round      int
	Status     string
	Games      []TournamentGame
	Tables     []Table
	Links      []SeatAccount
}

// TournamentResult is a tournament game's result, written with its table's
// in one settlement (Settlement.Tournament).
type TournamentResult struct {
	Outcome int
	Enemies int
	Won     bool
}

// UserTournament is a tournament an account entered, with its entry.
type UserTournament struct {
	Tournament Tournament
	Entrant    Entrant
}

// Tournaments keeps tournaments, their entrants and games. Like Store, an
// error leaves everything as it was; times come back in UTC to the
// microsecond.
type Tournaments interface {
	// CreateTournament stores a new tournament (its Status, Round, Version
	// and Entrants as given). ErrConflict if its id or Schedule exists;
	// ErrLimit when its Creator has most tournaments neither finished nor
	// cancelled (most <= 0: no bound).
	CreateTournament(ctx context.Context, t Tournament, most int) error
	// Tournament returns one tournament (ErrNotFound).
	Tournament(ctx context.Context, id string) (Tournament, error)
	// ListTournaments lists the tournaments in any of statuses (all when
	// none), soonest start first for open and running ones, latest first
	// for the others (then by id), at most limit (50 when limit <= 0).
	ListTournaments(ctx context.Context, statuses []string, limit int) ([]Tournament, error)
	// JoinTournament enters e (its Entry is given by the store and
	// returned) while the tournament is open, or running when late is
	// true; an entrant who withdrew comes back with their entry. ErrConflict
	// when e is in already, or the tournament takes nobody now; ErrLimit
	// when most entries were made (most <= 0: no bound); ErrNotFound.
	JoinTournament(ctx context.Context, e Entrant, most int, late bool) (Entrant, error)
	// WithdrawEntrant marks an entrant withdrawn at at (ErrNotFound when
	// not in; ErrConflict when withdrawn already or the tournament is over).
	WithdrawEntrant(ctx context.Context, tournament, entrant string, at time.Time) error
	// Entrants lists a tournament's entrants by entry.
	Entrants(ctx context.Context, tournament string) ([]Entrant, error)
	// StartRound writes r (ErrConflict when the tournament moved past
	// r.Version, or is over; ErrConflict too when a table or game exists).
	StartRound(ctx context.Context, r TournamentRound) error
	// EndTournament ends it with status (finished or cancelled) at at, its
	// entrants' places by entrant id, on condition that it is at version:
	// ErrConflict when it moved or is over already.
	EndTournament(ctx context.Context, tournament string, version int, status string, at time.Time, places map[string]int) error
	// SetTournamentStatus moves it to status at version (ErrConflict when it
	// moved); version is bumped.
	SetTournamentStatus(ctx context.Context, tournament string, version int, status string) error
	// TournamentGames lists a tournament's games by round and board;
	// TournamentGameOf finds the game played at a table (ErrNotFound).
	TournamentGames(ctx context.Context, tournament string) ([]TournamentGame, error)
	TournamentGameOf(ctx context.Context, table string) (TournamentGame, error)
	// StartSoloAttempt creates table t and entrant g.First's counted attempt
	// at deal g.Round in it, with the seat link, together: ErrConflict when
	// the attempt exists, the table exists, or the tournament is not running
	// or its window closed at g.Started; ErrNotFound when g.First is not an
	// entrant who is in.
	StartSoloAttempt(ctx context.Context, g TournamentGame, t Table, link SeatAccount) error
	// UserTournaments lists the tournaments user entered, latest start
	// first, at most limit.
	UserTournaments(ctx context.Context, user string, limit int) ([]UserTournament, error)
}
