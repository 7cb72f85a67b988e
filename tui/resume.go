package tui

import (
	"strings"

	"cardtable/table"
)

// ResumeCommand is the command, ready to paste into a shell, that goes on
// with the record at path: `cardtable play --record PATH`, the path quoted
// when the shell would read it otherwise, and --seats with every seat's
// spec when a program played one (a record never starts programs by
// itself).
func ResumeCommand(path string, seats []table.SeatInfo) string {
	cmd := "cardtable play --record " + shellWord(path)
	specs := table.SeatsOfRecord(seats)
	texts := make([]string, len(specs))
	program := false
	for i, s := range specs {
		texts[i] = s.String()
		program = program || s.Kind == table.KindProgram
	}
	if program {
		cmd += " --seats " + shellWord(strings.Join(texts, ","))
	}
	return cmd
}

// shellWord quotes s for a POSIX shell when it holds anything but plain
// path characters.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
