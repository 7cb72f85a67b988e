// Package war holds the browser tests of War at the table: the clicks a
// game takes, auto-play, the felt a trick is laid and taken on, and the
// end coming into view. Its tests only (Chromium against the real server,
// web/webtest).
package war
