package server

import "cardtable/table"

// tableCommand serves a table command: one about the table rather than the
// game (docs/protocol.md, "Adding a message"). Each command is one case
// calling a method in its feature's own file; a method refuses with a
// *table.Error (sent back with refuse), which changes nothing.
func (r *room) tableCommand(c *client, cmd table.Command) {
	switch cmd.Type {
	case table.CommandAuto:
		r.autoCommand(c, cmd)
	default:
		r.refuse(c, cmd.ID, table.Errorf(table.CodeBadMessage, "type %q is not a command this server serves", cmd.Type))
	}
}
