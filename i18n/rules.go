package i18n

import (
	"embed"
	"regexp"
)

// rulesFiles are the rules translated into each language:
// rules/<lang>/<page>.md, pages "war", "regicide", "watchtower" and
// "watchtower-quickref". Each is the English page's twin (rules_test.go):
// the same sections, rule IDs, notation and heading anchors, written
// after each heading as {#id}. English is the games' own (Game.Rules).
//
//go:embed rules
var rulesFiles embed.FS

// Rules returns rules page (a game's name, or "watchtower-quickref") in
// the language with code, in Markdown with heading anchors as {#id}, and
// false when it has not been translated into that language (English among
// them: the reader then gets the game's own English rules).
func Rules(code, page string) (string, bool) {
	if code == Default || code == Pseudo || page == "" {
		return "", false
	}
	data, err := rulesFiles.ReadFile("rules/" + code + "/" + page + ".md")
	if err != nil {
		return "", false
	}
	return string(data), true
}

var headingID = regexp.MustCompile(`(?m)^(#+ .*?) \{#[a-z0-9-]+\}$`)

// StripHeadingIDs removes the {#id} anchors from a translated page's
// headings, for readers that show Markdown as text (the terminal).
func StripHeadingIDs(md string) string { return headingID.ReplaceAllString(md, "$1") }
