package room

import (
	"strings"

	"cardtable/server/conn"
	"cardtable/table"
)

// tableCommand serves a table command: one about the table rather than the
// game (docs/protocol.md, "Adding a message"). Each command is one case
// calling a method in its feature's own file; a method refuses with a
// *table.Error (sent back with refuse), which changes nothing.
func (r *Room) tableCommand(c *conn.Conn, cmd table.Command) {
	if err := strayFields(cmd); err != nil {
		r.refuse(c, cmd.ID, err)
		return
	}
	var err error
	switch cmd.Type {
	case table.CommandResign:
		err = r.resign(c)
	case table.CommandAbort:
		err = r.abort(c)
	case table.CommandDraw:
		err = r.offerDraw(c)
	case table.CommandDrawDecline:
		err = r.drawDecline(c)
	case table.CommandLeave:
		err = r.leaveToBot(c)
	case table.CommandTakeBack:
		err = r.takeBack(c)
	case table.CommandHandToBot:
		err = r.handToBotCmd(c, cmd)
	case table.CommandClaimWin:
		err = r.claimWin(c)
	case table.CommandRematch:
		err = r.askRematch(c)
	case table.CommandRematchDecline:
		err = r.rematchDecline(c)
	case table.CommandChat:
		err = r.say(c, cmd)
	case table.CommandAuto:
		r.autoCommand(c, cmd)
	default: // only programs send what the page never does, and read this
		err = table.Errorf(table.CodeBadMessage, "type %q is not a command this server serves", cmd.Type)
	}
	if err != nil {
		r.refuse(c, cmd.ID, err)
	}
}

// strayFields refuses a table command carrying a field of another
// command (an action or version, which only game commands take; a chat's
// text or an auto-play's pace elsewhere), rather than ignoring it: a
// client that sends one has mistaken the protocol (docs/protocol.md).
func strayFields(cmd table.Command) error {
	var stray []string
	if cmd.Version != nil {
		stray = append(stray, "version")
	}
	if cmd.Action != "" && cmd.Type != table.CommandAuto {
		stray = append(stray, "action")
	}
	if cmd.Text != "" && cmd.Type != table.CommandChat {
		stray = append(stray, "text")
	}
	if cmd.PerSecond != 0 && cmd.Type != table.CommandAuto {
		stray = append(stray, "per_second")
	}
	if len(stray) == 0 {
		return nil
	}
	// Only programs read this: the page sends no stray field.
	return table.Errorf(table.CodeBadMessage, "%s: a %q command takes no %s; send {\"type\":%q} (with \"id\" if you like)",
		strings.Join(stray, ", "), cmd.Type, strings.Join(stray, " or "), cmd.Type)
}
