// Package analysis holds the browser tests of a finished game's analysis
// on the replay page and of learning from its mistakes. Its tests only
// (Chromium against the real server, web/webtest).
package analysis
