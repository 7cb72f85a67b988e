package server

import "cardtable/table"

// tableCommand serves a table command: one about the table rather than the
// game (docs/protocol.md, "Adding a message"). Each command is one case
// calling a method in its feature's own file; a method refuses with a
// *table.Error (sent back with refuse), which changes nothing.
func (r *room) tableCommand(c *client, cmd table.Command) {
	var err error
	switch cmd.Type {
	case table.CommandResign:
		err = r.resign(c)
	case table.CommandAbort:
		err = r.abort(c)
	case table.CommandDraw:
		err = r.draw(c)
	case table.CommandDrawDecline:
		err = r.drawDecline(c)
	case table.CommandLeave:
		err = r.leaveToBot(c)
	case table.CommandTakeBack:
		err = r.takeBack(c)
	case table.CommandRematch:
		err = r.rematch(c)
	case table.CommandRematchDecline:
		err = r.rematchDecline(c)
	case table.CommandChat:
		err = r.chat(c, cmd)
	case table.CommandAuto:
		r.autoCommand(c, cmd)
	default:
		err = table.Errorf(table.CodeBadMessage, "type %q is not a command this server serves", cmd.Type)
	}
	if err != nil {
		r.refuse(c, cmd.ID, err)
	}
}
