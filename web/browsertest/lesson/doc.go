// Package lesson holds the browser tests of the lessons (docs/tutorials.md):
// each lesson started from the lobby's game card or the rules page and
// played to its end at the real table, every step checked, a wrong move
// explained; and the rules page's player's guide drawn with the table's
// cards. Its tests only (Chromium against the real server, web/webtest).
package lesson
