// Package languages holds the browser tests of playing in each language
// (issue 27): War, Regicide and Watchtower played to the end in English,
// Hebrew, Slovak, Welsh and Armenian and in the pseudo-locale, at a
// phone's and a laptop's size, then their replays and the puzzles. Its
// tests only (Chromium against the real server, web/webtest).
package languages
