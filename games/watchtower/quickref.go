package watchtower

import _ "embed"

//go:embed quickref.md
var quickRefText string

// QuickRef is a player's quick reference to Watchtower in Markdown: how to
// win, the zones, a turn, the moves and a challenge, in a page — without
// the decisions and their reasons that Rules gives. The terminal table
// shows it as the game's help; the browser may show the same text.
func QuickRef() string { return quickRefText }
