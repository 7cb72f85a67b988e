// Package play holds the browser tests of playing each game at the table
// — War, Regicide and Watchtower with the mouse, by keyboard alone, two
// people and a spectator, after a reconnect — and the words a game ends
// with. Its tests only (Chromium against the real server, web/webtest).
package play
