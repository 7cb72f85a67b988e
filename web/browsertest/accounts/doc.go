// Package accounts holds the browser tests of accounts and what they keep:
// passkeys and passwords, ratings and rated games, guests' seats, the daily
// deal and the puzzles with their rating. Its tests only (Chromium against
// the real server, web/webtest).
package accounts
