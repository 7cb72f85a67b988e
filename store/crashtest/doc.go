// Package crashtest holds the crash test of `cardtable serve`: the server
// built and run as a real process on a SQLite file (TestCrash) or a
// throwaway PostgreSQL (TestCrashPostgres), part of a game played over the
// WebSocket, the process killed with SIGKILL, restarted on the same
// database, and the game continued to its end over the same seat tokens,
// with every acknowledged action kept and the finished game's record
// replaying to the positions the players saw.
package crashtest
