// Package layout holds the browser tests of the table's layout: each
// game's key moments at a phone's and a laptop's size, large text, seats'
// and zones' words, Watchtower's zone bubbles. Its tests only (Chromium
// against the real server, web/webtest).
package layout
