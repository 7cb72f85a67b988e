package account_test

import (
	"testing"
	"time"

	"cardtable/record"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/table"
)

// The new endings are rated by docs/accounts.md's rule with no code of
// their own: a claimed win at a rated table counts the away person's loss
// (Glicko-2 computed in the test, TestRatedEscapes's rig); a seat handed
// to a bot by another seated person after the grace is given up, and
// ranks last.
func TestRatedAwayEndings(t *testing.T) {
	t.Run("claimed win", func(t *testing.T) {
		rg := newRatedRig(t, "Ann", "Bob")
		rg.playTwoWarmUps()
		tb, _ := rg.table(2, nil, nil)
		before := rg.before()
		ann := rg.ts.Dial(tb.ID, tb.Token) // Bob never comes
		ann.Until("seats")
		rg.clk.Advance(time.Minute)
		servertest.TableCmd(ann, table.CommandClaimWin, "w")
		if end := ann.Until("end"); end.Result == nil || end.Result.End != record.EndAbandoned {
			t.Fatalf("the claim: %s", end.Raw)
		}
		hdr := rg.settled(tb.ID)
		out := rg.expect(hdr, []seatOf{{person: 0, gaveUp: -1}, {person: 1, gaveUp: -1}}, before)
		if out[0] != "won" || out[1] != "lost" {
			t.Errorf("outcomes %v; want Ann won, Bob lost", out)
		}
	})
	t.Run("handed to a bot by another player", func(t *testing.T) {
		rg := newRatedRig(t, "Ann", "Bob", "Cyd")
		rg.playTwoWarmUps()
		tb, tok := rg.table(3, nil, nil)
		before := rg.before()
		spec := rg.ts.Dial(tb.ID, "")
		spec.Until("seats")
		rg.clk.Advance(time.Minute)
		bob := rg.ts.Dial(tb.ID, tok[1]) // Cyd never comes; Bob hands her seat over
		handToBot(bob, 2, "h")
		servertest.Notice(t, spec, room.EventTakeover)
		conns := map[int]*servertest.Client{0: rg.ts.Dial(tb.ID, tok[0]), 1: rg.ts.Dial(tb.ID, tok[1])}
		bob.Conn.CloseNow()
		drive(t, conns, map[int]playPlan{0: {on: true}, 1: {on: true}})
		hdr := rg.settled(tb.ID)
		out := rg.expect(hdr, []seatOf{{person: 0, gaveUp: -1}, {person: 1, gaveUp: -1}, {person: 2, gaveUp: 0}}, before)
		if out[2] != "lost" {
			t.Errorf("Cyd, handed to a bot while away, is rated %s; want lost", out[2])
		}
	})
}

func handToBot(c *servertest.Client, seat int, id string) {
	c.Send(map[string]any{"type": table.CommandHandToBot, "seat": seat, "id": id})
}
