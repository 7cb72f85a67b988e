// Package pages holds the browser tests of the pages around the table:
// the lobby and its create form, invites, the rules pages in every
// language, the replay's words and the page for an address that is not
// there. Its tests only (Chromium against the real server, web/webtest).
package pages
