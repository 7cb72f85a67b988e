// Package life holds the browser tests of a table's life beside its moves
// — clocks and timeouts, rematches, chat, my games, a correspondence game
// across a restart, a player who walks away — on a server whose clock the
// test moves. Its tests only (Chromium against the real server,
// web/webtest).
package life
