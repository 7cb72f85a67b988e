// Package clocktest tests the server's table clocks across a restart on
// each SQL store, SQLite and PostgreSQL, from outside the server (its HTTP
// API and WebSockets), with a clock moved by hand (server/testclock): the
// deadline a seat had before the restart is the one it has after, and its
// time runs out on the new server at that deadline. It has its own package
// so the throwaway PostgreSQL (store/postgres/pgtest) starts only for it.
package clocktest
